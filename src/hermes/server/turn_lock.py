"""One turn at a time per session across processes (several workers, several hosts).

Inside one process the conversation pool already runs a session's turns one after another, in
arrival order. When several processes share one store, each also takes a cross-process lock on
the session for the whole turn, and reloads the session's history from the store before running
it (another worker may have answered the previous turn). A request that cannot get the lock within
`timeout` seconds gets 409 `session_busy` with Retry-After: waiting is the normal case, the 409
only bounds it.

Two implementations, chosen by the store:
- PostgreSQL: session-level advisory locks, all taken on ONE connection per process (try-lock and
  poll), so a worker holds one connection however many turns it runs; the server drops the locks
  of a worker that dies with its connection.
- SQLite (one host): POSIX byte-range locks on one file beside state.db, one byte per session
  (offset = 48-bit hash of the id); the kernel drops them when a process dies.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
from pathlib import Path
from typing import Any, Protocol

from hermes.server.errors import ApiError

log = logging.getLogger("hermes.server")

DEFAULT_TIMEOUT = 60.0
_PG_CLASS = 0x48726D73  # 'Hrms': the first key of the two-int advisory key space (migrations use bigint keys)


class SessionLocked(ApiError):
    def __init__(self, session_id: str, waited: float, retry_after: int = 2):
        super().__init__(409, f"Session {session_id!r} is running a turn in another worker and did not "
                         f"finish within {waited:.0f} s; retry later.", code="session_busy",
                         param="X-Hermes-Session-Id", headers={"retry-after": str(retry_after)})


class TurnLock(Protocol):
    async def acquire(self, session_id: str) -> None:
        """Wait for the session's lock; SessionLocked after the timeout."""

    def release(self, session_id: str) -> None: ...

    async def close(self) -> None: ...


def _digest(session_id: str) -> bytes:
    return hashlib.blake2b(session_id.encode("utf-8", "surrogatepass"), digest_size=8).digest()


async def _poll(try_once: Any, session_id: str, timeout: float) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    delay = 0.002
    while not await try_once():
        left = deadline - loop.time()
        if left <= 0:
            raise SessionLocked(session_id, timeout)
        await asyncio.sleep(min(delay, left))
        delay = min(delay * 2, 0.05)


class FileTurnLock:
    """Byte-range locks on one file (SQLite store; every worker on this host)."""

    def __init__(self, path: str | os.PathLike, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.path = Path(path)
        self.timeout = timeout
        self._fd: int | None = None
        self._pid = 0

    def _file(self) -> int:
        if self._fd is None or self._pid != os.getpid():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # A POSIX lock is dropped when ANY descriptor of the file closes in this process: one fd, kept.
            self._fd, self._pid = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600), os.getpid()
        return self._fd

    @staticmethod
    def _offset(session_id: str) -> int:
        return int.from_bytes(_digest(session_id)[:6], "big")

    async def acquire(self, session_id: str) -> None:
        import fcntl

        fd, off = self._file(), self._offset(session_id)

        async def try_once() -> bool:
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, off)
                return True
            except OSError:  # EAGAIN / EACCES: another process holds it
                return False

        await _poll(try_once, session_id, self.timeout)

    def release(self, session_id: str) -> None:
        import fcntl

        if self._fd is not None and self._pid == os.getpid():
            fcntl.lockf(self._fd, fcntl.LOCK_UN, 1, self._offset(session_id))

    async def close(self) -> None:
        if self._fd is not None and self._pid == os.getpid():
            os.close(self._fd)
        self._fd = None


class PgTurnLock:
    """Advisory locks on one dedicated connection (PostgreSQL store; every worker on every host)."""

    def __init__(self, dsn: str, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.dsn = dsn
        self.timeout = timeout
        self._conn: Any = None
        self._mutex: asyncio.Lock | None = None
        self._pending: set[asyncio.Task] = set()

    @staticmethod
    def _key(session_id: str) -> tuple[int, int]:
        return _PG_CLASS, int.from_bytes(_digest(session_id)[:4], "big", signed=True)

    async def _connection(self) -> Any:
        if self._conn is None or self._conn.closed:
            import psycopg

            if self._conn is not None:
                # The server released every lock this connection held: turns in flight lose their guard.
                log.warning("the turn-lock connection was lost; reconnecting")
            try:
                self._conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True, connect_timeout=10,
                                                                    application_name="hermes-turn-lock")
            except psycopg.Error as e:
                from hermes.state.base import StoreError
                from hermes.state.postgres_conn import Connector

                raise StoreError("cannot connect to the session store for the turn lock: "
                                 f"{Connector(self.dsn).clean(str(e))}") from None
        return self._conn

    async def _run(self, sql: str, key: tuple[int, int]) -> bool:
        import psycopg

        if self._mutex is None:
            self._mutex = asyncio.Lock()
        async with self._mutex:  # one connection: one statement at a time
            for attempt in (1, 2):
                conn = await self._connection()
                try:
                    cur = await conn.execute(sql, key)
                    row = await cur.fetchone()
                    return bool(row[0])
                except psycopg.OperationalError:
                    if attempt == 2 or not conn.closed:
                        raise
        return False

    async def acquire(self, session_id: str) -> None:
        key = self._key(session_id)
        await _poll(lambda: self._run("SELECT pg_try_advisory_lock(%s, %s)", key), session_id, self.timeout)

    def release(self, session_id: str) -> None:
        # Called from synchronous cleanup paths: the unlock is queued. Advisory locks count per
        # connection, so a next turn of this session in this process that locks before this unlock
        # runs still ends up holding exactly one.
        task = asyncio.get_running_loop().create_task(self._unlock(self._key(session_id)))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _unlock(self, key: tuple[int, int]) -> None:
        try:
            await self._run("SELECT pg_advisory_unlock(%s, %s)", key)
        except Exception:  # a lost connection released it already
            log.debug("advisory unlock failed", exc_info=True)

    async def close(self) -> None:
        if self._pending:
            await asyncio.wait(list(self._pending), timeout=5)
        if self._conn is not None and not self._conn.closed:
            await self._conn.close()
        self._conn = None


def for_store(store: Any, home: Any, timeout: float = DEFAULT_TIMEOUT) -> TurnLock:
    """The turn lock that matches `store` (PostgreSQL: advisory locks; SQLite: a lock file)."""
    pg = getattr(store, "_pg", None)
    if pg is not None and getattr(pg, "dsn", None):
        return PgTurnLock(pg.dsn, timeout)
    path = getattr(store, "path", None)
    base = Path(path).parent if path is not None else Path(home.root)
    return FileTurnLock(base / "turns.lock", timeout)
