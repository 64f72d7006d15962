"""Copy a whole session store between backends: SQLite -> PostgreSQL and back.

Everything is copied as it is stored, not as the protocol shows it: sessions (frozen system prompt,
usage totals, forks' parent links), every message row (compacted originals and summary rows with
their flags and order), and the job-run records, keeping their ids (search hits and run ids stay
valid), and the message vectors of semantic recall (re-embedding a store takes minutes). The target
must be empty: a merge would need id rewriting and conflict rules, and a half-merged store is worse
than a refusal.

The copy is one transaction on the target (a failure leaves it empty), read from one snapshot of
the source, in batches. Before committing, row counts, message-count totals and the compacted and
summary counts are compared; after, a few messages picked across the store are searched for in the
target by one of their words. Vectors travel as the float16 blob SQLite stores; on PostgreSQL they
are read from and written to either kind of column PgVectors makes (pgvector's `vector`, or
bytea holding the same blob). Values PostgreSQL cannot hold are adapted as the PostgreSQL store
does (NUL -> U+FFFD); tool-call JSON SQLite holds but cannot parse is stored as no calls (the
stores read it that way already) and counted in the summary.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from hermes.state.base import StoreError

SESSION = ("id", "source", "scope", "user_id", "chat_id", "title", "model", "parent_id", "created_at", "updated_at",
           "message_count", "input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens", "cost_usd",
           "system_prompt")
MESSAGE = ("id", "session_id", "seq", "role", "content", "tool_calls", "tool_call_id", "tool_name", "tokens",
           "timestamp", "reasoning", "summary", "compacted")
RUN = ("id", "job_id", "started_at", "ended_at", "status", "session_id", "tokens", "error", "output_path")
TABLES = {"sessions": SESSION, "messages": MESSAGE, "cron_runs": RUN}
# Copied after the messages they belong to; `added` is left to the target (its own counter).
VECTORS = "message_vectors"
VECTOR = ("message_id", "model", "vec")
COPIED = (*TABLES, VECTORS)
BATCH = 2000
SPOT_CHECKS = 5
_WORD = re.compile(r"[A-Za-z]{5,24}")

Progress = Callable[[str, int, int], None]  # (table, done, total)


class MigrateError(StoreError):
    pass


@dataclass
class Summary:
    source: str
    target: str
    counts: dict[str, int] = field(default_factory=dict)
    bad_tool_calls: int = 0
    spot_checks: list[tuple[str, str, bool]] = field(default_factory=list)  # (session, word, found)
    seconds: float = 0.0


def _clean(v: Any) -> Any:
    from hermes.state.postgres_schema import clean

    return clean(v)


class _Side:
    """What the copy checks on either store: plain SQL both dialects share."""
    conn: Any

    def count(self, table: str) -> int:
        return self.conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]

    def totals(self) -> tuple:
        return self.conn.execute("SELECT (SELECT COALESCE(SUM(message_count), 0) FROM sessions), "
                                 "(SELECT count(*) FROM messages WHERE compacted), "
                                 "(SELECT count(*) FROM messages WHERE summary)").fetchone()


def _to_literal(blob: bytes) -> str:
    from hermes.state.postgres_vectors import _literal
    from hermes.state.vectors import from_blobs

    return _literal(from_blobs([blob], len(blob) // 2)[0])


def _from_literal(text: str) -> bytes:
    from hermes.state.vectors import to_blob

    return to_blob([float(x) for x in text.strip("[]").split(",")])


class SqliteSide(_Side):
    def __init__(self, path: str | Path) -> None:
        from hermes.state.sqlite import SQLiteStore

        self.path = Path(path)
        SQLiteStore(self.path).close()  # creates or upgrades the schema
        self.where = str(self.path)
        self.conn = sqlite3.connect(str(self.path), isolation_level=None, timeout=60)
        self.conn.execute("PRAGMA foreign_keys = ON")

    def begin_read(self) -> None:
        self.conn.execute("BEGIN")
        self.conn.execute("SELECT 1 FROM sessions LIMIT 1").fetchall()  # fixes the snapshot now

    def rows(self, table: str, bad: list[int]) -> Iterator[list[tuple]]:
        if table == VECTORS:
            cur = self.conn.execute(f"SELECT {', '.join(VECTOR)} FROM {VECTORS} ORDER BY message_id")
            while batch := cur.fetchmany(BATCH):
                yield [(m, model, bytes(v)) for m, model, v in batch]
            return
        cols = TABLES[table]
        cur = self.conn.execute(f"SELECT {', '.join(cols)} FROM {table} ORDER BY id")
        while batch := cur.fetchmany(BATCH):
            if table == "messages":
                batch = [_from_sqlite_message(r, bad) for r in batch]
            yield batch

    def begin_write(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def write(self, table: str, batch: list[tuple]) -> None:
        if table == VECTORS:
            # `added` counts up past the highest, as SQLiteVectors.put does, so an index catches up on them.
            top = self.conn.execute(f"SELECT COALESCE(MAX(added), 0) FROM {VECTORS}").fetchone()[0]
            self.conn.executemany(f"INSERT INTO {VECTORS} (message_id, model, vec, added) VALUES (?, ?, ?, ?)",
                                  [(*r, top + i) for i, r in enumerate(batch, 1)])
            return
        cols = TABLES[table]
        if table == "messages":
            batch = [(*r[:5], None if r[5] is None else json.dumps(r[5], ensure_ascii=False), *r[6:11],
                      int(r[11]), int(r[12])) for r in batch]
        self.conn.executemany(f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                              batch)

    def set_parents(self, pairs: list[tuple[str, str]]) -> None:
        self.conn.executemany("UPDATE sessions SET parent_id = ? WHERE id = ?", [(p, s) for s, p in pairs])

    def vector_dim(self) -> int | None:
        row = self.conn.execute(f"SELECT length(vec) FROM {VECTORS} LIMIT 1").fetchone()
        return row[0] // 2 if row else None

    def prepare_vectors(self, dim: int) -> None:
        pass  # the schema migrations made the table

    def commit(self) -> None:
        self.conn.execute("COMMIT")

    def rollback(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")

    def store(self) -> Any:
        from hermes.state.sqlite import SQLiteStore

        return SQLiteStore(self.path)

    def close(self) -> None:
        self.conn.close()


def _from_sqlite_message(r: tuple, bad: list[int]) -> tuple:
    calls = None
    if r[5]:
        try:
            calls = json.loads(r[5])
        except ValueError:
            bad.append(r[0])
    return (*r[:5], calls, *r[6:11], bool(r[11]), bool(r[12]))


class PgSide(_Side):
    def __init__(self, dsn: str) -> None:
        from hermes.state.postgres import PostgresStore
        from hermes.state.postgres_conn import psycopg

        self.dsn = dsn
        store = PostgresStore(dsn, pool_size=1)  # creates or upgrades the schema; errors phrased for users
        self.where, self._clean_text = store.where, store._pg.clean
        store.close()
        try:
            self.conn = psycopg.connect(dsn, autocommit=True, connect_timeout=10, application_name="hermes-migrate")
        except psycopg.Error as e:
            raise MigrateError(f"cannot connect to {self.where}: {self._clean_text(str(e))}") from None

    def _vec_type(self) -> str | None:
        """'bytea', 'vector(384)'..., or None: the table is made on first use, so may be missing."""
        row = self.conn.execute(f"SELECT format_type(atttypid, atttypmod) FROM pg_attribute "
                                f"WHERE attrelid = to_regclass('{VECTORS}') AND attname = 'vec'").fetchone()
        return row[0] if row else None

    def _vec_select(self) -> str:
        vec = "vec" if self._vec_type() == "bytea" else "vec::text"
        return f"SELECT message_id, model, {vec} FROM {VECTORS}"

    def _vec_row(self, r: tuple) -> tuple:
        return (r[0], r[1], _from_literal(r[2]) if isinstance(r[2], str) else bytes(r[2]))

    def count(self, table: str) -> int:
        if table == VECTORS and self._vec_type() is None:
            return 0
        return super().count(table)

    def vector_dim(self) -> int | None:
        if self._vec_type() is None:
            return None
        row = self.conn.execute(f"{self._vec_select()} LIMIT 1").fetchone()
        return len(self._vec_row(row)[2]) // 2 if row else None

    def prepare_vectors(self, dim: int) -> None:
        """Create the table as semantic recall would (pgvector when the extension can be created)."""
        from hermes.state.postgres import PostgresStore
        from hermes.state.postgres_vectors import PgVectors

        store = PostgresStore(self.dsn, pool_size=1)
        try:
            PgVectors(store, dim).ensure_table()
        finally:
            store.close()
        held = _vector_width(self._vec_type() or "")
        if held is not None and held != dim:  # else the copy fails inside the database, in its words
            raise MigrateError(
                f"{self.where} keeps message vectors of {held} dimensions, the source's have {dim}: they come "
                f"from different embedding models. That table is empty (the target store is): drop it "
                f"(DROP TABLE {VECTORS}) and migrate again")

    def begin_read(self) -> None:
        self.conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")

    def rows(self, table: str, bad: list[int]) -> Iterator[list[tuple]]:
        if table == VECTORS and self._vec_type() is None:
            return  # semantic recall never ran on this database
        sql = (f"{self._vec_select()} ORDER BY message_id" if table == VECTORS
               else f"SELECT {', '.join(TABLES[table])} FROM {table} ORDER BY id")
        with self.conn.cursor(name=f"hermes_migrate_{table}") as cur:  # server side: batches, not all rows
            cur.execute(sql)
            while batch := cur.fetchmany(BATCH):
                yield [self._vec_row(r) for r in batch] if table == VECTORS else batch

    def begin_write(self) -> None:
        self.conn.execute("BEGIN")

    def write(self, table: str, batch: list[tuple]) -> None:
        from psycopg.types.json import Jsonb

        if table == VECTORS:
            as_text = self._vec_type() != "bytea"  # pgvector parses its `[x,y,...]` text form
            with self.conn.cursor().copy(f"COPY {VECTORS} ({', '.join(VECTOR)}) FROM STDIN") as copy:
                for m, model, blob in batch:
                    copy.write_row((m, _clean(model), _to_literal(blob) if as_text else blob))
            return
        with self.conn.cursor().copy(f"COPY {table} ({', '.join(TABLES[table])}) FROM STDIN") as copy:
            for r in batch:
                r = tuple(_clean(v) for v in r)
                if table == "messages" and r[5] is not None:
                    r = (*r[:5], Jsonb(r[5]), *r[6:])
                copy.write_row(r)

    def set_parents(self, pairs: list[tuple[str, str]]) -> None:
        with self.conn.cursor() as cur:
            cur.executemany("UPDATE sessions SET parent_id = %s WHERE id = %s", [(p, s) for s, p in pairs])

    def commit(self) -> None:
        # COPY wrote explicit ids: move the identity sequences past them.
        for table in ("messages", "cron_runs"):
            self.conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                              f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")
        self.conn.execute("COMMIT")

    def rollback(self) -> None:
        from psycopg.pq import TransactionStatus

        if self.conn.info.transaction_status != TransactionStatus.IDLE:
            self.conn.execute("ROLLBACK")

    def store(self) -> Any:
        from hermes.state.postgres import PostgresStore

        return PostgresStore(self.dsn, pool_size=1)

    def close(self) -> None:
        self.conn.close()


def _vector_width(col_type: str) -> int | None:
    """384 for pgvector's 'vector(384)'; None for bytea (any width fits) or an unknown type."""
    m = re.fullmatch(r"vector\((\d+)\)", col_type)
    return int(m.group(1)) if m else None


def copy_store(source: Any, target: Any, progress: Progress | None = None) -> Summary:
    """Copy everything from `source` into the empty `target` (SqliteSide / PgSide); verify it."""
    started = time.monotonic()
    summary = Summary(source.where, target.where)
    held = {t: target.count(t) for t in TABLES}
    if any(held.values()):
        raise MigrateError(f"{target.where} is not empty ({held['sessions']} sessions, {held['messages']} "
                           f"messages, {held['cron_runs']} job runs): migrate only into an empty store")
    dim = source.vector_dim()
    if dim:  # before the copy's transaction: PgVectors creates the table on a connection of its own
        target.prepare_vectors(dim)
    source.begin_read()
    bad: list[int] = []
    picks: list[tuple] = []
    target.begin_write()
    try:
        totals = {t: source.count(t) for t in COPIED}  # in the snapshot
        expect = source.totals()
        parents: list[tuple[str, str]] = []
        for table in COPIED:
            done = 0
            for batch in source.rows(table, bad):
                if table == "sessions":  # parents are linked once every session exists
                    parents += [(r[0], r[7]) for r in batch if r[7] is not None]
                    batch = [(*r[:7], None, *r[8:]) for r in batch]
                elif table == "messages":
                    fit = [r for r in batch if r[3] in ("user", "assistant") and not r[11] and not r[12]
                           and r[4] and _WORD.search(r[4])]
                    picks += fit[::max(1, len(fit) // SPOT_CHECKS)][:SPOT_CHECKS]
                target.write(table, batch)
                done += len(batch)
                if progress:
                    progress(table, done, totals[table])
            if progress and not done:
                progress(table, 0, 0)
            if table == "sessions" and parents:
                target.set_parents(parents)
        got = {t: target.count(t) for t in COPIED}
        if got != totals or tuple(target.totals()) != tuple(expect):
            raise MigrateError(f"verification failed: the source holds {totals} (totals {tuple(expect)}), "
                               f"the copy {got} (totals {tuple(target.totals())}); nothing was written")
        target.commit()
    except BaseException:
        target.rollback()
        raise
    finally:
        source.rollback()
    summary.counts, summary.bad_tool_calls = totals, len(bad)
    summary.spot_checks = _spot_check(target, picks)
    summary.seconds = time.monotonic() - started
    return summary


def _spot_check(target: Any, picks: list[tuple]) -> list[tuple[str, str, bool]]:
    if not picks:
        return []
    step = max(1, len(picks) // SPOT_CHECKS)
    chosen = picks[::step][:SPOT_CHECKS]
    store = target.store()
    out = []
    try:
        for r in chosen:
            word = max(_WORD.findall(r[4]), key=len)
            hits = store.search(word, session_id=r[1], limit=50, context=0)
            out.append((r[1], word, any(h.message_id == r[0] for h in hits)))
    finally:
        store.close()
    return out
