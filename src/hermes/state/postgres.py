"""The PostgreSQL session store: the SessionStore protocol on a shared database (`store.backend: postgres`).

It behaves like the SQLite store (same values, same errors, same semantics: see `hermes.state.sqlite`)
so either can sit behind Hermes; what differs is below.

Concurrency: every call is one transaction on a pooled connection (`postgres_conn`), used from many
threads and many processes at once. Writes that touch a session first lock its row (FOR NO KEY
UPDATE: it serializes writers of one session without blocking foreign-key checks from its forks),
so appends from concurrent writers get consecutive seq numbers in commit order; different sessions
never wait for each other. Reads of more than one statement run in one REPEATABLE READ snapshot.

Differences from SQLite, all forced by PostgreSQL: NUL characters cannot be stored in text and are
saved as U+FFFD; a message's words past its first 100,000 characters are not indexed for search.
Search ranks with the SQLite store's ranking code, fed by `postgres_search` from tsvector / GIN.

The session, message and run-record logic is the SQLite store's too (`sql_sessions`, `sql_messages`,
`sql_store`); this class fills in the seam those leave to each database (placeholders, row locks,
RETURNING ids, multi-row inserts, NUL cleaning).
"""

from __future__ import annotations

from typing import Any, Iterable

from hermes.state import postgres_schema
from hermes.state.base import SearchHit, StoreError
from hermes.state.postgres_conn import Connector, psycopg, require_psycopg
from hermes.state.postgres_schema import MESSAGE_FIELDS, MESSAGE_VALUES, clean, row_to_message
from hermes.state.sql_messages import MessageRows

MIN_SERVER = 120000  # generated columns and jsonpath
INSERT_CHUNK = 1000  # rows per INSERT statement (PostgreSQL allows 65,535 parameters)


class PostgresStore(MessageRows):
    """SessionStore on a PostgreSQL database. Safe to share between threads and across fork()."""

    def __init__(self, dsn: str, *, pool_size: int = 8) -> None:
        require_psycopg()
        if not dsn or not dsn.strip():
            raise StoreError("no PostgreSQL database named: set store.dsn in config.yaml or HERMES_DATABASE_URL")
        self._pg = Connector(dsn, pool_size=pool_size)
        self.where = self._pg.where
        self.semantic: Any = None  # a semantic.SemanticSearch when semantic recall is on
        conn = self._pg.connect()
        try:
            if conn.info.server_version < MIN_SERVER:
                raise StoreError(f"{self.where} runs PostgreSQL {conn.info.server_version // 10000}: "
                                 "Hermes needs 12 or newer")
            if conn.info.encoding.lower() not in ("utf8", "utf-8"):
                raise StoreError(f"{self.where} uses the {conn.info.encoding} encoding: Hermes needs a UTF8 "
                                 "database (CREATE DATABASE ... ENCODING 'UTF8')")
            postgres_schema.migrate(conn)
        except postgres_schema.SchemaTooNew as e:
            raise StoreError(f"{self.where}: {e}") from None
        except psycopg.Error as e:
            raise StoreError(f"cannot prepare the session store ({self.where}): {self._pg.clean(e)}") from None
        finally:
            conn.close()

    def close(self) -> None:
        if self.semantic is not None:
            self.semantic.close()
        self._pg.close()

    def __enter__(self) -> "PostgresStore":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _write(self, what: str, fn: Any) -> Any:
        return self._pg.run(what, fn)

    def _read(self, fn: Any, *, snapshot: bool = False) -> Any:
        return self._pg.run("read", fn, read=True, single=not snapshot)

    # ---- the dialect seam (see sql_store) ------------------------------------------------------
    # FOR NO KEY UPDATE serializes the writers of one session without blocking foreign-key checks
    # from its forks; FOR SHARE lets a fork copy a session while no append is in flight.
    ROW_LOCK_WRITE = "FOR NO KEY UPDATE"
    ROW_LOCK_SHARE = "FOR SHARE"
    ROW_LOCK_SKIP = "FOR UPDATE SKIP LOCKED"
    GREATEST = "GREATEST"
    DAY = "floor(updated_at / 86400)::bigint"
    NO_LIMIT = None  # PostgreSQL refuses a negative LIMIT; LIMIT NULL is none

    @staticmethod
    def _sql(sql: str) -> str:
        return sql.replace("?", "%s")  # the shared SQL holds no other `?` and no `%`

    @staticmethod
    def _clean(value: Any) -> Any:
        return clean(value)

    def _insert_id(self, cur: Any, sql: str, args: Iterable) -> int:
        return cur.execute(self._sql(sql) + " RETURNING id", args).fetchone()["id"]

    @staticmethod
    def _insert_message_rows(cur: Any, rows: list[tuple]) -> list[int]:
        """Multi-row INSERTs: one round trip per INSERT_CHUNK rows."""
        ids: list[int] = []
        for start in range(0, len(rows), INSERT_CHUNK):
            chunk = rows[start:start + INSERT_CHUNK]
            got = cur.execute(f"INSERT INTO messages (session_id, seq, {MESSAGE_FIELDS}) VALUES "
                              f"{', '.join([MESSAGE_VALUES] * len(chunk))} RETURNING id, seq",
                              [v for row in chunk for v in row]).fetchall()
            ids += [r["id"] for r in sorted(got, key=lambda r: r["seq"])]  # RETURNING order is not promised
        return ids

    @staticmethod
    def _id_list(ids: list) -> tuple[str, Any]:
        return "= ANY(?)", list(ids)

    # ---- search ---------------------------------------------------------------------------------

    def search_lexical(self, query: str, *, scope: str | None = None, sources: list[str] | None = None,
                       roles: list[str] | None = None, since: float | None = None, until: float | None = None,
                       session_id: str | None = None, limit: int = 20, context: int = 1) -> list[SearchHit]:
        from hermes.state import postgres_search

        return self._read(lambda c: postgres_search.search(
            c, query, scope=scope, sources=sources, roles=roles, since=since, until=until, session_id=session_id,
            limit=limit, context=context, row_to_message=row_to_message), snapshot=True)
