"""Session stores: the protocol in `base`, SQLite (default) in `sqlite`, PostgreSQL in `postgres`."""

from __future__ import annotations

import re
from typing import Any

from hermes.state.base import SearchHit, SessionInfo, SessionStore, StoreError  # noqa: F401

DSN_ENV = "HERMES_DATABASE_URL"


def open_store(home: Any, config: Any = None) -> SessionStore:
    """Open the home's store: SQLite state.db unless config.yaml selects `store.backend: postgres`.

    Without a loaded config, config.yaml is parsed only if it has a `store:` section, so commands
    that need nothing else from it stay quick.
    """
    cfg = config if config is not None else _config_naming_store(home)
    section = getattr(cfg, "store", None)
    if section is not None and getattr(section, "backend", "sqlite") == "postgres":
        store = _open_postgres(home, section)
    else:
        from hermes.state.sqlite import SQLiteStore

        store = SQLiteStore(home.state_db)
    from hermes.state.semantic import attach

    attach(store, cfg)  # search.semantic: off | auto | on (vectors in the background, fused search)
    return store


def _config_naming_store(home: Any) -> Any:
    try:
        text = home.config_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if not re.search(r"^[\"']?(store|search)[\"']?\s*:", text, re.M):
        return None
    from hermes.config import ConfigError, load_config

    try:
        return load_config(home)
    except ConfigError as e:
        raise StoreError(str(e)) from None


def _open_postgres(home: Any, section: Any) -> SessionStore:
    from hermes.config import secrets

    dsn = section.dsn or secrets(home).get(DSN_ENV)
    if not dsn:
        raise StoreError(f"store.backend is postgres but no database is named: put {DSN_ENV}=postgresql://... "
                         f"in {home.env_file} (or the environment), or set store.dsn in config.yaml")
    from hermes.state.postgres import PostgresStore

    return PostgresStore(dsn, pool_size=section.pool_size)
