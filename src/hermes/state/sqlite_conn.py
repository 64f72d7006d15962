"""Connection layer of the SQLite store: opening the file, pragmas, busy retries, transactions.

The concurrency model these implement is described in `hermes.state.sqlite`.
"""
from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable, Self, TypeVar

from hermes.state import migrations
from hermes.state.base import StoreError

T = TypeVar("T")

WRITE_PATIENCE = 60.0  # seconds a write waits for the lock before failing (covers checkpoints, VACUUM)
READ_PATIENCE = 10.0
BUSY_TIMEOUT = 1.0  # SQLite's own wait per attempt; the loop below adds jitter between attempts


def _is_busy(e: sqlite3.Error) -> bool:
    code = getattr(e, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED (and their extended codes)
    msg = str(e).lower()
    return "locked" in msg or "busy" in msg


def _backoff(elapsed: float) -> float:
    # Short, jittered sleeps first (turn writes are quick), longer ones once it is clearly contended.
    return random.uniform(0.02, 0.15) if elapsed < 2.0 else random.uniform(0.25, 1.0)


class SQLiteConnection:
    """One connection per store object, serialized by a lock and reopened in a forked child."""

    def __init__(self, path: str | os.PathLike, *, patience: float = WRITE_PATIENCE,
                 busy_timeout: float = BUSY_TIMEOUT) -> None:
        if sqlite3.sqlite_version_info < (3, 34, 0):
            raise StoreError(f"SQLite {sqlite3.sqlite_version} is too old: Hermes needs 3.34 or newer "
                             "(FTS5 trigram tokenizer)")
        self.path = Path(path)
        self.patience = patience
        self._busy_timeout = busy_timeout
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self._pid = 0
        self._closed = False
        self.semantic: Any = None  # a semantic.SemanticSearch when semantic recall is on
        self._connect()

    def _connect(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fresh = not self.path.exists()
        try:
            conn = sqlite3.connect(str(self.path), timeout=self._busy_timeout, isolation_level=None,
                                   check_same_thread=False)
        except sqlite3.Error as e:
            raise StoreError(f"cannot open {self.path}: {e}") from e
        conn.row_factory = sqlite3.Row
        if fresh:
            try:
                os.chmod(self.path, 0o600)  # transcripts are private
            except OSError:
                pass

        def setup() -> None:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA cache_size = -16000")
            conn.execute("PRAGMA temp_store = MEMORY")
            conn.execute("PRAGMA journal_size_limit = 67108864")  # WAL shrinks back after checkpoints
            migrations.migrate(conn)

        try:
            self._retry(setup, self.patience, "open the store")
        except migrations.SchemaTooNew as e:
            conn.close()
            raise StoreError(f"{self.path}: {e}") from e
        except BaseException:
            conn.close()
            raise
        self._conn, self._pid = conn, os.getpid()

    def _db(self) -> sqlite3.Connection:
        if self._closed:
            raise StoreError("the session store is closed")
        if self._pid != os.getpid():
            # Inherited across fork: the parent's handle must not be used (or closed) here.
            self._conn = None
            self._connect()
        assert self._conn is not None
        return self._conn

    def _retry(self, fn: Callable[[], T], patience: float, what: str) -> T:
        start = time.monotonic()
        while True:
            try:
                return fn()
            except sqlite3.Error as e:
                if not _is_busy(e):
                    raise StoreError(f"session store error while trying to {what}: {e}") from e
                elapsed = time.monotonic() - start
                if elapsed >= patience:
                    outcome = "nothing was written" if what != "read" else "the read was abandoned"
                    raise StoreError(
                        f"the session store {self.path} was locked by another process for {elapsed:.0f} s "
                        f"while trying to {what}; {outcome}. Try again, or look for a stuck "
                        "hermes process.") from e
                time.sleep(min(_backoff(elapsed), max(0.005, patience - elapsed)))

    def _tx(self, begin: str, fn: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            conn = self._db()
            conn.execute(begin)
            try:
                result = fn(conn)
                conn.execute("COMMIT")
                return result
            except BaseException:
                if conn.in_transaction:
                    try:
                        conn.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                raise

    def _write(self, what: str, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn` in one write transaction, retrying the whole transaction while the DB is busy."""
        return self._retry(lambda: self._tx("BEGIN IMMEDIATE", fn), self.patience, what)

    def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn` in one read transaction (a consistent snapshot across its statements)."""
        return self._retry(lambda: self._tx("BEGIN", fn), READ_PATIENCE, "read")

    def close(self) -> None:
        if self.semantic is not None:
            self.semantic.close()
        with self._lock:
            if self._conn is not None and self._pid == os.getpid():
                self._conn.close()
            self._conn, self._closed = None, True

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
