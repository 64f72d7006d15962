"""The default session store: one SQLite file (HERMES_HOME/state.db) shared by every Hermes process.

Concurrency model: WAL (readers never block the writer), every write is one BEGIN IMMEDIATE
transaction (the write lock is taken up front, so a transaction never fails half-way on an upgrade),
SQLite's busy timeout handles short waits and an application-level loop with jittered backoff
handles long ones. Only after `patience` seconds does a write give up, with a StoreError that says
what happened. One connection per store object; a lock serializes threads, and a store inherited
across fork() opens its own connection instead of touching the parent's.

Semantics worth knowing (the PostgreSQL store shares them):
- message_count counts original rows (summary rows excluded; compaction does not change it).
- get_messages(include_compacted=True) returns every stored row in order: the originals (compacted
  or not) AND any summary rows, which carry `summary=True` so callers can drop them.
- create_session with an explicit id that exists returns it if source and scope match (idempotent
  for racing creators), else raises StoreError.
- list_sessions is newest first (`updated_at`, ties by id, both descending); a negative limit means
  no limit.
- search scores are positive, higher is better.

SQLiteStore is assembled in layers: `SQLiteConnection` below (connection, pragmas, retries,
transactions) and the SQL shared with the PostgreSQL store, `sql_sessions` (session rows),
`sql_messages` (message rows) and `sql_store` (run records, and the seam listing what a store
supplies). SQLiteStore fills in that seam for SQLite; its lexical search is `hermes.state.search`.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Self, TypeVar

from hermes.state import migrations
from hermes.state.base import SearchHit, StoreError
from hermes.state.sql_messages import MESSAGE_FIELDS, MessageRows
# Re-exported: callers import these from here.
from hermes.state.sql_messages import ROLES, row_to_message  # noqa: F401
from hermes.state.sql_sessions import new_session_id  # noqa: F401
from hermes.state.sql_store import RUN_STATUSES  # noqa: F401

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


_MESSAGE_INSERT = f"INSERT INTO messages (session_id, seq, {MESSAGE_FIELDS}) VALUES ({', '.join('?' * 11)})"


class SQLiteStore(SQLiteConnection, MessageRows):
    """SessionStore on a SQLite file. Safe to share between threads; one object per process is enough."""

    # ---- the dialect seam (see sql_store) ------------------------------------------------------
    # No row locks: every write transaction already holds the database's one write lock.
    ROW_LOCK_WRITE = ROW_LOCK_SHARE = ROW_LOCK_SKIP = ""
    GREATEST = "MAX"  # SQLite's max() with two arguments; it has no GREATEST
    DAY = "CAST(updated_at / 86400 AS INTEGER)"  # floor() needs the math functions of SQLite 3.35
    NO_LIMIT = -1  # LIMIT NULL is an error in SQLite

    @staticmethod
    def _sql(sql: str) -> str:
        return sql  # sqlite3 takes `?` placeholders as they are

    @staticmethod
    def _clean(value: Any) -> Any:
        return value  # SQLite text holds any character, NUL included

    @staticmethod
    def _insert_id(c: sqlite3.Connection, sql: str, args: Iterable) -> int:
        return c.execute(sql, args).lastrowid  # RETURNING needs SQLite 3.35; Hermes runs on 3.34

    @staticmethod
    def _insert_message_rows(c: sqlite3.Connection, rows: list[tuple]) -> list[int]:
        return [c.execute(_MESSAGE_INSERT, row).lastrowid for row in rows]

    @staticmethod
    def _id_list(ids: list) -> tuple[str, Any]:
        return "IN (SELECT value FROM json_each(?))", json.dumps(ids)  # one parameter for any number of ids

    # ---- search ---------------------------------------------------------------------------------

    def search_lexical(self, query: str, *, scope: str | None = None, sources: list[str] | None = None,
                       roles: list[str] | None = None, since: float | None = None, until: float | None = None,
                       session_id: str | None = None, limit: int = 20, context: int = 1) -> list[SearchHit]:
        from hermes.state import search as _search  # its regexes cost ~10 ms to compile: only when used

        plan = _search.build_plan(query)
        if plan.empty:
            return []
        flt = _search.Filters(scope=scope, sources=sources, roles=roles, since=since, until=until,
                              session_id=session_id)
        return self._read(lambda c: _search.run_search(c, plan, flt, limit, context, row_to_message))
