"""Message vectors on PostgreSQL: a pgvector `vector(384)` column with an HNSW index when the
extension can be created, else a bytea column searched by the same in-process index as SQLite.

The table is created on first use (CREATE ... IF NOT EXISTS), beside the store's own schema:
vectors are derived data, so a database without them loses nothing but semantic recall.
"""

from __future__ import annotations

import threading
from typing import Any

from hermes.state.vectors import EMBEDDABLE, DenseIndex, Pending, catch_up, filter_sql, to_blob

_PREV = ("(SELECT p.content FROM messages p WHERE p.session_id = m.session_id AND NOT p.summary "
         "AND p.seq < m.seq AND p.role IN ('user', 'assistant') ORDER BY p.seq DESC LIMIT 1)")
HNSW_EF_SEARCH = 100  # candidates the HNSW walk keeps: recall against a few ms


def _embeddable() -> str:
    return EMBEDDABLE.replace("m.summary = 0", "NOT m.summary")


def _literal(vec: Any) -> str:
    return "[" + ",".join(f"{float(x):.6g}" for x in vec) + "]"


class PgVectors:
    def __init__(self, store: Any, dim: int = 384, *, pgvector: bool | None = None) -> None:
        """`pgvector=False` keeps to bytea without trying the extension (a deterministic choice for
        tests); otherwise pgvector is used when the extension can be created. A table that already
        exists keeps its column type either way."""
        self.store, self.dim = store, dim
        self._try_extension = pgvector is not False
        self.pgvector: bool | None = None  # decided on first use
        self._lock = threading.Lock()
        self._indexes: dict[tuple[str, str | None], DenseIndex] = {}

    def _ensure(self) -> bool:
        if self.pgvector is not None:
            return self.pgvector
        with self._lock:
            if self.pgvector is not None:
                return self.pgvector

            def has_ext(cur: Any) -> bool:
                try:
                    cur.execute("CREATE EXTENSION IF NOT EXISTS vector")
                    return True
                except Exception:  # not installed on the server, or no privilege: bytea then
                    return False

            ok = False
            if self._try_extension:
                try:
                    ok = self.store._write("enable pgvector", has_ext)
                except Exception:
                    ok = False

            def create(cur: Any) -> bool:
                cur.execute("SELECT pg_advisory_xact_lock(724001)")  # two processes creating at once
                col = f"vector({self.dim})" if ok else "bytea"
                cur.execute("CREATE SEQUENCE IF NOT EXISTS message_vectors_added")
                cur.execute(f"CREATE TABLE IF NOT EXISTS message_vectors ("
                            "message_id bigint PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE, "
                            f"model text NOT NULL, vec {col} NOT NULL, "
                            "added bigint NOT NULL DEFAULT nextval('message_vectors_added'))")
                cur.execute("CREATE INDEX IF NOT EXISTS message_vectors_added_idx ON message_vectors(added)")
                kind = cur.execute("SELECT data_type FROM information_schema.columns WHERE table_name = "
                                   "'message_vectors' AND column_name = 'vec'").fetchone()["data_type"]
                vector = kind != "bytea"
                if vector:
                    cur.execute("CREATE INDEX IF NOT EXISTS message_vectors_hnsw ON message_vectors "
                                "USING hnsw (vec vector_cosine_ops)")
                return vector

            self.pgvector = self.store._write("create the message vector table", create)
            return self.pgvector

    def ensure_table(self) -> bool:
        """Create message_vectors if missing (as first use would); True when its column is pgvector's."""
        return self._ensure()

    def put(self, model: str, pairs: list[tuple[int, Any]]) -> int:
        if not pairs:
            return 0
        vector = self._ensure()

        def tx(cur: Any) -> int:
            n = 0
            for mid, vec in pairs:
                value = _literal(vec) if vector else to_blob(vec)
                cast = "::vector" if vector else ""
                n += cur.execute(
                    f"INSERT INTO message_vectors (message_id, model, vec) SELECT %s, %s, %s{cast} "
                    "WHERE EXISTS (SELECT 1 FROM messages WHERE id = %s) ON CONFLICT (message_id) DO UPDATE "
                    "SET model = EXCLUDED.model, vec = EXCLUDED.vec, added = DEFAULT",
                    (int(mid), model, value, int(mid))).rowcount
            return n

        return self.store._write("save message vectors", tx)

    def pending(self, model: str, *, scope: str | None = None, ids: list[int] | None = None,
                after: int = 0, limit: int = 256) -> list[Pending]:
        self._ensure()
        where, args = [_embeddable(), "v.message_id IS NULL", "m.id > %s"], [model, after]
        join = ""
        if scope is not None:
            join = " JOIN sessions s ON s.id = m.session_id"
            where.append("s.scope = %s"); args.append(scope)
        if ids is not None:
            where.append("m.id = ANY(%s)"); args.append(list(ids))
        sql = (f"SELECT m.id, m.role, m.content, {_PREV} AS prev FROM messages m{join} "
               "LEFT JOIN message_vectors v ON v.message_id = m.id AND v.model = %s "
               f"WHERE {' AND '.join(where)} ORDER BY m.id LIMIT %s")
        args.append(limit)
        rows = self.store._read(lambda c: c.execute(sql, args).fetchall())
        return [Pending(r["id"], r["role"], r["content"], r["prev"]) for r in rows]

    def counts(self, model: str, scope: str | None = None) -> tuple[int, int]:
        self._ensure()
        join, where, args = "", "", [model]
        if scope is not None:
            join, where, args = " JOIN sessions s ON s.id = m.session_id", " AND s.scope = %s", [model, scope]
        row = self.store._read(lambda c: c.execute(
            f"SELECT COUNT(*) AS n, COUNT(v.message_id) AS v FROM messages m{join} LEFT JOIN message_vectors v "
            f"ON v.message_id = m.id AND v.model = %s WHERE {_embeddable()}{where}", args).fetchone())
        return int(row["n"]), int(row["v"])

    def index(self, model: str, scope: str | None) -> Any:
        if self._ensure():
            return _PgIndex(self, model, scope)
        with self._lock:
            idx = self._indexes.setdefault((model, scope), DenseIndex(dim=self.dim))
        def fetch(after: int) -> list[tuple[int, bytes, int]]:
            join, where, args = "", "", [model, after]
            if scope is not None:
                join = " JOIN messages m ON m.id = v.message_id JOIN sessions s ON s.id = m.session_id"
                where, args = " AND s.scope = %s", [model, after, scope]
            rows = self.store._read(lambda c: c.execute(
                f"SELECT v.message_id, v.vec, v.added FROM message_vectors v{join} "
                f"WHERE v.model = %s AND v.added > %s{where} ORDER BY v.added LIMIT 100000", args).fetchall())
            return [(r["message_id"], r["vec"], r["added"]) for r in rows]

        return catch_up(idx, fetch, self.dim)

    def admitted(self, ids: list[int], scope: str | None, flt: dict[str, Any], min_chars: int = 0) -> set[int]:
        if not ids:
            return set()
        cond, args = filter_sql(flt, "%s")
        if scope is not None:
            cond, args = cond + " AND s.scope = %s", args + [scope]
        if min_chars > 0:
            cond, args = cond + " AND LENGTH(COALESCE(m.content, '')) >= %s", args + [min_chars]
        rows = self.store._read(lambda c: c.execute(
            f"SELECT m.id FROM messages m JOIN sessions s ON s.id = m.session_id WHERE m.id = ANY(%s){cond}",
            [list(ids), *args]).fetchall())
        return {r["id"] for r in rows}

    def describe(self, ids: list[int], context: int) -> dict[int, tuple[Any, list]]:
        from hermes.state.postgres_schema import MESSAGE_COLS, row_to_message

        def read(c: Any) -> dict[int, tuple[Any, list]]:
            out = {}
            rows = c.execute("SELECT m.id, m.session_id, m.role, m.timestamp, m.seq, COALESCE(m.content, '') AS "
                             "content, s.source, s.title FROM messages m JOIN sessions s ON s.id = m.session_id "
                             "WHERE m.id = ANY(%s)", (list(ids),)).fetchall()
            for r in rows:
                nb: list = []
                if context > 0:
                    before = c.execute(f"SELECT {MESSAGE_COLS} FROM messages WHERE session_id = %s AND NOT summary "
                                       "AND seq < %s ORDER BY seq DESC, id DESC LIMIT %s",
                                       (r["session_id"], r["seq"], context)).fetchall()
                    after = c.execute(f"SELECT {MESSAGE_COLS} FROM messages WHERE session_id = %s AND NOT summary "
                                      "AND seq > %s ORDER BY seq, id LIMIT %s",
                                      (r["session_id"], r["seq"], context)).fetchall()
                    nb = [row_to_message(x) for x in [*reversed(before), *after]]
                out[r["id"]] = (dict(session_id=r["session_id"], role=r["role"], timestamp=r["timestamp"],
                                     content=r["content"], source=r["source"], title=r["title"]), nb)
            return out

        return self.store._read(read, snapshot=True)


class _PgIndex:
    """The DenseIndex interface answered by pgvector's HNSW index, restricted to one scope in SQL."""

    def __init__(self, vectors: PgVectors, model: str, scope: str | None) -> None:
        self.v, self.model, self.scope = vectors, model, scope

    def nearest(self, q: Any, k: int) -> list[tuple[int, float]]:
        lit = _literal(q)
        join, where, args = "", "", [lit, self.model]
        if self.scope is not None:
            join = " JOIN messages m ON m.id = v.message_id JOIN sessions s ON s.id = m.session_id"
            where, args = " AND s.scope = %s", [lit, self.model, self.scope]

        def read(c: Any) -> list:
            c.execute(f"SET LOCAL hnsw.ef_search = {max(HNSW_EF_SEARCH, k)}")
            return c.execute(f"SELECT v.message_id AS id, 1 - (v.vec <=> %s::vector) AS sim FROM message_vectors v{join} "
                             f"WHERE v.model = %s{where} ORDER BY v.vec <=> %s::vector LIMIT %s",
                             [*args, lit, k]).fetchall()

        rows = self.v.store._read(read, snapshot=True)
        return [(r["id"], float(r["sim"])) for r in rows]

    def similarity(self, q: Any, message_ids: Any) -> dict[int, float]:
        ids = [int(i) for i in message_ids]
        if not ids:
            return {}
        rows = self.v.store._read(lambda c: c.execute(
            "SELECT message_id AS id, 1 - (vec <=> %s::vector) AS sim FROM message_vectors "
            "WHERE model = %s AND message_id = ANY(%s)", (_literal(q), self.model, ids)).fetchall())
        return {r["id"]: float(r["sim"]) for r in rows}
