"""Session stores: the protocol in `base`, SQLite (default) in `sqlite`, PostgreSQL in `postgres`."""

from __future__ import annotations

from typing import Any

from hermes.state.base import SearchHit, SessionInfo, SessionStore, StoreError  # noqa: F401


def open_store(home: Any, config: Any = None) -> SessionStore:
    """Open the home's store (SQLite state.db unless config selects another backend)."""
    from hermes.state.sqlite import SQLiteStore

    return SQLiteStore(home.state_db)
