"""Connections for the PostgreSQL store: a small pool, transactions with retries, user-facing errors.

Why a pool of our own rather than psycopg_pool: it is not part of the `postgres` extra, and its
background reconnect loop turns an unreachable server into a 30 s wait instead of the connection
error itself. This one connects on demand (a failure is reported at once, with libpq's reason),
has no threads (so it survives fork()), and bounds how many connections one process opens.

Every store call is one transaction on one pooled connection (autocommit connections with explicit
BEGIN/COMMIT, so the moment of COMMIT is known). Deadlocks and serialization failures roll back by
themselves and are retried; a connection found dead before COMMIT is replaced and the transaction
retried once; a connection lost during COMMIT is reported, as the write may or may not have landed.
Errors never carry the DSN's password.
"""

from __future__ import annotations

import os
import random
import re
import threading
import time
from typing import Any, Callable, TypeVar
from urllib.parse import unquote

from hermes.state.base import StoreError

try:
    import psycopg
    from psycopg.pq import TransactionStatus
    from psycopg.rows import dict_row
except ImportError:  # the `postgres` extra is optional
    psycopg = None  # type: ignore[assignment]

T = TypeVar("T")

INSTALL_HINT = "PostgreSQL support is not installed: pip install 'hermes-recall[postgres]'"
CONNECT_TIMEOUT = 10  # seconds libpq waits for the server
LOCK_TIMEOUT = 60  # seconds a statement waits for a row lock before the write gives up
POOL_WAIT = 60.0  # seconds a caller waits for a free connection when all are busy
RETRY_PATIENCE = 30.0  # seconds deadlocks / serialization failures are retried
_RETRY_STATES = frozenset({"40001", "40P01"})  # rolled back by the server: safe to run again
_ABANDONED: list[Any] = []  # connections inherited across fork(): held so the child never finalizes them


def require_psycopg() -> None:
    if psycopg is None:
        raise StoreError(INSTALL_HINT)


def _secret_parts(dsn: str, parsed: dict) -> list[str]:
    """Every text the password may show up as in libpq's messages, longest first: the password
    libpq parsed, and for a URL whose password holds an unescaped '@' or '/' (which libpq then
    splits elsewhere, into a host or a port) the raw password and its pieces."""
    found = {parsed.get("password") or ""}
    scheme, sep, rest = dsn.partition("://")
    at = rest.split("?", 1)[0].rfind("@") if sep else -1
    if at >= 0 and ":" in rest[:at]:
        raw = rest[:at].split(":", 1)[1]
        found.add(raw)
        found.add(unquote(raw))
        found.update(re.split(r"[@/:?#]", raw))
    return sorted((f for f in found if len(f) >= 3), key=len, reverse=True)


def describe(parsed: dict) -> str:
    """Where the store lives, for messages: `PostgreSQL database hermes on db.local:5432`."""
    host = parsed.get("host") or parsed.get("hostaddr") or "localhost"
    return f"PostgreSQL database {parsed.get('dbname') or parsed.get('user') or '(default)'} on " \
           f"{host}:{parsed.get('port') or 5432}"


class Connector:
    """Pooled connections to one database and the transaction runner every store call goes through."""

    def __init__(self, dsn: str, *, pool_size: int = 8) -> None:
        require_psycopg()
        try:
            parsed = psycopg.conninfo.conninfo_to_dict(dsn)
        except psycopg.Error:
            # libpq's complaint quotes the DSN, which may mean quoting the password: say less.
            raise StoreError("the PostgreSQL DSN (store.dsn or HERMES_DATABASE_URL) is neither a valid "
                             "postgresql:// URL nor a key=value string") from None
        self.dsn = dsn
        self._secrets = _secret_parts(dsn, parsed)
        self.where = self.clean(describe(parsed))
        self._size = pool_size
        self._lock = threading.Lock()
        self._idle: list[Any] = []
        self._slots = threading.BoundedSemaphore(pool_size)
        self._pid = os.getpid()
        self._closed = False

    def clean(self, text: str) -> str:
        """An error text on one line, without the password."""
        text = " ".join(line.strip() for line in str(text).splitlines() if line.strip())
        for secret in self._secrets:
            text = text.replace(secret, "****")
        return text

    # ---- the pool ------------------------------------------------------------------------------

    def connect(self) -> Any:
        try:
            conn = psycopg.connect(self.dsn, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
                                   application_name="hermes", row_factory=dict_row)
        except psycopg.Error as e:
            raise StoreError(f"cannot connect to the session store ({self.where}): {self.clean(e)}") from None
        try:
            # Notices ("word is too long to be indexed") are noise; a stuck lock holder is an error.
            conn.execute(f"SET client_min_messages = warning; SET lock_timeout = '{LOCK_TIMEOUT}s'")
        except psycopg.Error as e:
            conn.close()
            raise StoreError(f"cannot set up a connection to {self.where}: {self.clean(e)}") from None
        return conn

    def _checkout(self) -> tuple[Any, threading.BoundedSemaphore]:
        if self._closed:
            raise StoreError("the session store is closed")
        if self._pid != os.getpid():
            # Inherited across fork: the parent's connections must be neither used nor closed here.
            with self._lock:
                _ABANDONED.extend(self._idle)
                self._idle, self._pid = [], os.getpid()
                self._slots = threading.BoundedSemaphore(self._size)
        slots = self._slots
        if not slots.acquire(timeout=POOL_WAIT):
            raise StoreError(f"all {self._size} connections to {self.where} stayed busy for {POOL_WAIT:.0f} s")
        try:
            with self._lock:
                conn = self._idle.pop() if self._idle else None
            return (conn if conn is not None else self.connect()), slots
        except BaseException:
            slots.release()
            raise

    def _checkin(self, conn: Any, pid: int, slots: threading.BoundedSemaphore) -> None:
        try:
            if pid != os.getpid():
                return
            healthy = not conn.closed and conn.info.transaction_status == TransactionStatus.IDLE
            if healthy and not self._closed:
                with self._lock:
                    self._idle.append(conn)
                return
            try:
                conn.close()
            except psycopg.Error:
                pass
        finally:
            if pid == os.getpid():
                slots.release()

    def _drop_idle(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        if self._pid == os.getpid():
            for conn in idle:
                try:
                    conn.close()
                except psycopg.Error:
                    pass

    def close(self) -> None:
        self._closed = True
        self._drop_idle()

    # ---- transactions --------------------------------------------------------------------------

    def run(self, what: str, fn: Callable[[Any], T], *, read: bool = False, single: bool = False) -> T:
        """Run `fn(cursor)` in one transaction; reads get one snapshot across their statements.
        `single`: `fn` runs one statement, which is its own transaction (two round trips saved)."""
        begin = None if single else "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY" if read else "BEGIN"
        start = time.monotonic()
        reconnected = False
        while True:
            conn, slots = self._checkout()
            pid = os.getpid()
            committing = False
            try:
                if begin:
                    conn.execute(begin)
                with conn.cursor() as cur:
                    result = fn(cur)
                if begin:
                    committing = True
                    conn.execute("COMMIT")
                return result
            except psycopg.Error as e:
                broken = conn.closed or conn.info.transaction_status == TransactionStatus.UNKNOWN
                _rollback(conn)
                if e.sqlstate in _RETRY_STATES and time.monotonic() - start < RETRY_PATIENCE:
                    time.sleep(random.uniform(0.01, 0.1))
                    continue
                if broken:
                    self._drop_idle()  # after a server restart the other pooled connections are dead too
                if broken and not committing and not reconnected:
                    reconnected = True  # a pooled connection the server dropped (restart, idle timeout)
                    continue
                raise self._error(e, what, broken and committing) from e
            except BaseException:
                _rollback(conn)
                raise
            finally:
                self._checkin(conn, pid, slots)

    def _error(self, e: Exception, what: str, lost_commit: bool) -> StoreError:
        if lost_commit:
            return StoreError(f"lost the connection to {self.where} while saving (trying to {what}); "
                              f"the change may or may not have been written: {self.clean(e)}")
        if getattr(e, "sqlstate", None) == "55P03":
            return StoreError(f"the session store ({self.where}) was locked by another transaction for "
                              f"{LOCK_TIMEOUT} s while trying to {what}; nothing was written. Try again, or "
                              "look for a stuck hermes process.")
        return StoreError(f"session store error while trying to {what}: {self.clean(e)}")


def _rollback(conn: Any) -> None:
    try:
        if not conn.closed and conn.info.transaction_status != TransactionStatus.IDLE:
            conn.execute("ROLLBACK")
    except psycopg.Error:
        pass
