"""What every CLI command shares: the resolved home, config, store, consoles and error exits.

Kept import-light: heavy modules are imported inside the functions that need them.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import Any, NoReturn

from hermes.home import Home


@dataclass
class Runtime:
    profile: str | None = None
    debug: bool = False
    overrides: dict[str, Any] = field(default_factory=dict)  # command-line flags beat config.yaml
    _home: Home | None = None
    _config: Any = None
    _store: Any = None

    @property
    def home(self) -> Home:
        if self._home is None:
            try:
                self._home = Home.resolve(self.profile).ensure()
            except (ValueError, OSError) as e:
                fail(str(e))
        return self._home

    @property
    def config(self):
        if self._config is None:
            from hermes.config import ConfigError, load_config

            try:
                self._config = load_config(self.home)
            except ConfigError as e:
                fail(str(e))
        return self._config

    def store(self):
        if self._store is None:
            from hermes.state import open_store

            from hermes.state import StoreError

            try:
                # SQLite needs no config; skipping it keeps quick commands quick.
                self._store = open_store(self.home, self._config)
            except StoreError as e:  # its message names the file or the database server
                if self.debug:
                    raise
                fail(f"cannot open the session store: {e}")
            except Exception as e:  # a store that cannot open is a user-facing problem
                if self.debug:
                    raise
                fail(f"cannot open the session store at {self.home.state_db}: {e}")
        return self._store


_runtime = Runtime()


def get_runtime() -> Runtime:
    return _runtime


def set_runtime(rt: Runtime) -> None:
    global _runtime
    _runtime = rt


def fail(message: str, code: int = 1) -> NoReturn:
    """Print one clear error line to stderr and exit; no traceback."""
    sys.stderr.write(f"Error: {message}\n")
    sys.stderr.flush()
    raise SystemExit(code)


def console():
    from rich.console import Console

    return Console(highlight=False)


def err_console():
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, indent=2, ensure_ascii=False, default=str) + "\n")


def fmt_time(ts: float | None) -> str:
    import datetime as _dt

    if not ts:
        return "-"
    return _dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M")
