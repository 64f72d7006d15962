"""Persisted message vectors and the nearest-neighbour search over them.

Storage: SQLite keeps `message_vectors(message_id, model, vec float16 BLOB, added)` in state.db
(migration 6; a message's vector is deleted with it). `added` is a store-wide counter, so a
process's in-memory index catches up with vectors written by anyone (its own worker, another
process, `hermes sessions reindex`) by reading rows with a larger `added`, whatever their message id.
PostgreSQL: `postgres_vectors` (a pgvector column with an HNSW index when the extension exists).

Search (`DenseIndex`, one per (model, scope), built lazily in each process): up to EXACT_MAX rows
are scored exactly (float32 matrix, one matrix-vector product). Past that it is an inverted-file
index on int8 codes: spherical k-means centroids (LISTS, trained on a sample, retrained as the
scope doubles), each query scores the rows of its PROBE nearest lists on their int8 codes.
1M messages: 384 MB of codes + 2 MB of list numbers. (Sign bits with Hamming pre-selection were
tried first: as fast, but recall@10 against exact search was 0.6 at 1M.)
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Any, Iterable

EXACT_MAX = 20_000  # rows kept as float32 (30 MB) and scored exactly
LISTS = 256  # k-means lists past EXACT_MAX
PROBE = 12  # lists scored per query (~5% of the rows)
TRAIN_SAMPLE = 32_768  # rows k-means trains on
RETRAIN_UNTIL = 400_000  # retrain when the scope doubles, until it is this big


def _np():
    import numpy as np

    return np


@dataclass(slots=True)
class Pending:
    """A message waiting for its vector: what fusion.embed_text needs."""
    id: int
    role: str
    content: str
    prev: str | None


def catch_up(idx: "DenseIndex", fetch: Any, dim: int) -> "DenseIndex":
    """Add to `idx` every (message_id, vector blob, added) row `fetch(after)` returns past its mark."""
    with idx.lock:
        while True:
            rows = fetch(idx.added)
            if not rows:
                return idx
            idx.extend([r[0] for r in rows], from_blobs([bytes(r[1]) for r in rows], dim))
            idx.added = rows[-1][2]


@dataclass
class DenseIndex:
    """Vectors of one scope in memory; `extend` appends, `nearest` answers in a few vector ops."""
    dim: int = 384
    added: int = 0  # highest `added` counter loaded
    ids: Any = None  # int64 (n,)
    exact: Any = None  # float32 (n, dim) while n <= EXACT_MAX
    codes: Any = None  # int8 (n, dim) past EXACT_MAX
    lists: Any = None  # int16 (n,): each row's k-means list
    centroids: Any = None  # float32 (LISTS, dim)
    trained_at: int = 0  # rows when the centroids were trained
    _order: Any = None  # argsort of ids, for looking rows up by message id
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __len__(self) -> int:
        return 0 if self.ids is None else len(self.ids)

    def extend(self, ids: list[int], vecs: Any) -> None:
        np = _np()
        if not len(ids):
            return
        vecs = np.asarray(vecs, dtype=np.float32)
        new_ids = np.asarray(ids, dtype=np.int64)
        self.ids = new_ids if self.ids is None else np.concatenate([self.ids, new_ids])
        self._order = None
        if self.codes is None and len(self.ids) <= EXACT_MAX:
            self.exact = vecs if self.exact is None else np.vstack([self.exact, vecs])
            return
        if self.codes is None and self.exact is not None:  # crossing the threshold: quantize what was exact
            vecs = np.vstack([self.exact, vecs])
            self.exact = None
        codes = np.clip(np.rint(vecs * 127.0), -127, 127).astype(np.int8)
        self.codes = codes if self.codes is None else np.vstack([self.codes, codes])
        n = len(self.codes)
        if self.centroids is None or (n >= 2 * self.trained_at and self.trained_at < RETRAIN_UNTIL):
            self.centroids = _kmeans(self.codes, LISTS)
            self.trained_at = n
            self.lists = _assign(self.codes, self.centroids)
        else:
            self.lists = np.concatenate([self.lists, _assign(codes, self.centroids)])

    def nearest(self, q: Any, k: int) -> list[tuple[int, float]]:
        """(message id, cosine), best first."""
        np = _np()
        n = len(self)
        if not n or k <= 0:
            return []
        q = np.asarray(q, dtype=np.float32)
        if self.exact is not None:
            sims = _dot(self.exact, q)
            top = np.argpartition(-sims, k - 1)[:k] if k < n else np.arange(n)
            top = top[np.argsort(-sims[top])]
            return [(int(self.ids[i]), float(sims[i])) for i in top]
        probe = np.argsort(-_dot(self.centroids, q))[:PROBE]
        wanted = np.zeros(len(self.centroids), dtype=bool)
        wanted[probe] = True
        cand = np.flatnonzero(wanted[self.lists])
        sims = _dot(self.codes[cand], q) / 127.0  # einsum casts int8 in its buffer: no float copy
        top = np.argsort(-sims)[:k]
        return [(int(self.ids[cand[i]]), float(sims[i])) for i in top]

    def similarity(self, q: Any, message_ids: Iterable[int]) -> dict[int, float]:
        """Cosine of `q` with the given messages that have a vector here."""
        np = _np()
        want = np.fromiter(message_ids, dtype=np.int64)
        if not len(self) or not len(want):
            return {}
        if self._order is None:
            self._order = np.argsort(self.ids, kind="stable")
        pos = np.searchsorted(self.ids, want, sorter=self._order)
        pos = np.minimum(pos, len(self.ids) - 1)
        rows = self._order[pos]
        found = self.ids[rows] == want
        rows, want = rows[found], want[found]
        q = np.asarray(q, dtype=np.float32)
        if self.exact is not None:
            sims = _dot(self.exact[rows], q)
        else:
            sims = _dot(self.codes[rows], q) / 127.0
        return {int(m): float(s) for m, s in zip(want, sims)}

    def nbytes(self) -> int:
        return sum(a.nbytes for a in (self.ids, self.exact, self.codes, self.lists, self.centroids) if a is not None)

    def dequantized(self) -> Any:
        """The stored vectors as float32 (for measuring the quantized search's recall)."""
        return self.exact if self.exact is not None else self.codes.astype("float32") / 127.0

    @property
    def row(self) -> Any:
        return {int(m): i for i, m in enumerate(self.ids)}


def _dot(mat: Any, q: Any) -> Any:
    # einsum, not `@`: a matrix-vector product through a multi-threaded BLAS measured 10x slower
    # on a busy machine (threads waiting for cores), and the search must not depend on BLAS settings.
    return _np().einsum("ij,j->i", mat, q)


def _assign(codes: Any, centroids: Any, chunk: int = 65_536) -> Any:
    """Each row's nearest centroid (a matrix-matrix product per chunk: BLAS pays off here)."""
    np = _np()
    out = np.empty(len(codes), dtype=np.int16)
    for s in range(0, len(codes), chunk):
        out[s:s + chunk] = np.argmax(codes[s:s + chunk].astype(np.float32) @ centroids.T, axis=1)
    return out


def _kmeans(codes: Any, k: int, iters: int = 8) -> Any:
    """Spherical k-means on a sample of the rows (cosine: centroids are renormalised)."""
    np = _np()
    rng = np.random.default_rng(0)
    n = len(codes)
    sample = codes[rng.choice(n, min(n, TRAIN_SAMPLE), replace=False)].astype(np.float32) / 127.0
    k = min(k, len(sample))
    cent = sample[rng.choice(len(sample), k, replace=False)].copy()
    for _ in range(iters):
        lab = np.argmax(sample @ cent.T, axis=1)
        onehot = np.zeros((len(sample), k), dtype=np.float32)
        onehot[np.arange(len(sample)), lab] = 1.0
        sums = onehot.T @ sample  # per-list sums as one product (np.add.at is ~100x slower)
        counts = np.bincount(lab, minlength=k)
        empty = counts == 0
        sums[empty] = sample[rng.choice(len(sample), int(empty.sum()))]  # reseed empty lists
        cent = sums / np.maximum(np.linalg.norm(sums, axis=1, keepdims=True), 1e-12)
    return cent.astype(np.float32)


def to_blob(vec: Any) -> bytes:
    return _np().asarray(vec, dtype="<f2").tobytes()


def from_blobs(blobs: list[bytes], dim: int) -> Any:
    np = _np()
    if not blobs:
        return np.zeros((0, dim), dtype=np.float32)
    return np.frombuffer(b"".join(blobs), dtype="<f2").reshape(len(blobs), dim).astype(np.float32)


def filter_sql(flt: dict[str, Any], ph: str = "?") -> tuple[str, list]:
    """Conditions on messages `m` / sessions `s` for the search filters (roles, sources, dates, session)."""
    where, args = [], []
    if flt.get("sources"):
        where.append(f"s.source IN ({','.join([ph] * len(flt['sources']))})"); args += flt["sources"]
    if flt.get("roles"):
        where.append(f"m.role IN ({','.join([ph] * len(flt['roles']))})"); args += flt["roles"]
    if flt.get("since") is not None:
        where.append(f"m.timestamp >= {ph}"); args.append(flt["since"])
    if flt.get("until") is not None:
        where.append(f"m.timestamp <= {ph}"); args.append(flt["until"])
    if flt.get("session_id") is not None:
        where.append(f"m.session_id = {ph}"); args.append(flt["session_id"])
    return "".join(f" AND {w}" for w in where), args


# Messages worth a vector: the user's and the assistant's own words (tool output and summaries are not).
EMBEDDABLE = "m.summary = 0 AND m.role IN ('user', 'assistant') AND m.content IS NOT NULL AND m.content != ''"
_PREV = ("(SELECT p.content FROM messages p WHERE p.session_id = m.session_id AND p.summary = 0 "
         "AND p.seq < m.seq AND p.role IN ('user', 'assistant') ORDER BY p.seq DESC LIMIT 1)")


class SQLiteVectors:
    """message_vectors in a SQLiteStore's state.db, plus the per-scope in-memory indexes."""

    def __init__(self, store: Any, dim: int = 384) -> None:
        self.store = store
        self.dim = dim
        self._indexes: dict[tuple[str, str | None], DenseIndex] = {}
        self._lock = threading.Lock()

    def put(self, model: str, pairs: list[tuple[int, Any]]) -> int:
        """Store vectors (replacing another model's); rows of messages deleted meanwhile are skipped."""
        if not pairs:
            return 0

        def tx(c: Any) -> int:
            added = c.execute("SELECT COALESCE(MAX(added), 0) FROM message_vectors").fetchone()[0]
            n = 0
            for mid, vec in pairs:
                added += 1
                n += c.execute("INSERT OR REPLACE INTO message_vectors (message_id, model, vec, added) "
                               "SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM messages WHERE id = ?)",
                               (int(mid), model, to_blob(vec), added, int(mid))).rowcount
            return n

        return self.store._write("save message vectors", tx)

    def pending(self, model: str, *, scope: str | None = None, ids: list[int] | None = None,
                after: int = 0, limit: int = 256) -> list[Pending]:
        """Embeddable messages without a vector of `model`, oldest first."""
        where, args = [EMBEDDABLE, "v.message_id IS NULL", "m.id > ?"], [model, after]  # model: the JOIN's
        join = ""
        if scope is not None:
            join = " JOIN sessions s ON s.id = m.session_id"
            where.append("s.scope = ?"); args.append(scope)
        if ids is not None:
            where.append("m.id IN (SELECT value FROM json_each(?))"); args.append(json.dumps(ids))
        sql = (f"SELECT m.id, m.role, m.content, {_PREV} AS prev FROM messages m{join} "
               "LEFT JOIN message_vectors v ON v.message_id = m.id AND v.model = ? "
               f"WHERE {' AND '.join(where)} ORDER BY m.id LIMIT ?")
        args.append(limit)
        rows = self.store._read(lambda c: c.execute(sql, args).fetchall())
        return [Pending(r[0], r[1], r[2], r[3]) for r in rows]

    def counts(self, model: str, scope: str | None = None) -> tuple[int, int]:
        """(embeddable messages, those with a vector of `model`)."""
        join, where, args = "", "", [model]
        if scope is not None:
            join, where, args = " JOIN sessions s ON s.id = m.session_id", " AND s.scope = ?", [model, scope]
        row = self.store._read(lambda c: c.execute(
            f"SELECT COUNT(*), COUNT(v.message_id) FROM messages m{join} LEFT JOIN message_vectors v "
            f"ON v.message_id = m.id AND v.model = ? WHERE {EMBEDDABLE}{where}", args).fetchone())
        return int(row[0]), int(row[1])

    def index(self, model: str, scope: str | None) -> DenseIndex:
        """The scope's index, caught up with every vector stored since it was last read."""
        with self._lock:
            idx = self._indexes.setdefault((model, scope), DenseIndex(dim=self.dim))
        def fetch(after: int) -> list[tuple[int, bytes, int]]:
            join, where, args = "", "", [model, after]
            if scope is not None:
                join = " JOIN messages m ON m.id = v.message_id JOIN sessions s ON s.id = m.session_id"
                where, args = " AND s.scope = ?", [model, after, scope]
            return self.store._read(lambda c: c.execute(
                f"SELECT v.message_id, v.vec, v.added FROM message_vectors v{join} "
                f"WHERE v.model = ? AND v.added > ?{where} ORDER BY v.added LIMIT 100000", args).fetchall())

        return catch_up(idx, fetch, self.dim)

    def nearest(self, model: str, q: Any, scope: str | None, k: int) -> list[tuple[int, float]]:
        return self.index(model, scope).nearest(q, k)

    def admitted(self, ids: list[int], scope: str | None, flt: dict[str, Any], min_chars: int = 0) -> set[int]:
        """The ids that exist, belong to `scope`, satisfy the search filters and hold at least
        `min_chars` characters."""
        if not ids:
            return set()
        cond, args = filter_sql(flt)
        if scope is not None:
            cond, args = cond + " AND s.scope = ?", args + [scope]
        if min_chars > 0:
            cond, args = cond + " AND LENGTH(COALESCE(m.content, '')) >= ?", args + [min_chars]
        rows = self.store._read(lambda c: c.execute(
            "SELECT m.id FROM messages m JOIN sessions s ON s.id = m.session_id "
            f"WHERE m.id IN (SELECT value FROM json_each(?)){cond}", [json.dumps(ids), *args]).fetchall())
        return {r[0] for r in rows}

    def describe(self, ids: list[int], context: int) -> dict[int, tuple[Any, list]]:
        """id -> (row with session_id, role, timestamp, content, source, title, neighbours)."""
        from hermes.state.sqlite import row_to_message

        def read(c: Any) -> dict[int, tuple[Any, list]]:
            out = {}
            for r in c.execute(
                    "SELECT m.id, m.session_id, m.role, m.timestamp, m.seq, COALESCE(m.content, ''), s.source, "
                    "s.title FROM messages m JOIN sessions s ON s.id = m.session_id "
                    "WHERE m.id IN (SELECT value FROM json_each(?))", (json.dumps(ids),)):
                nb: list = []
                if context > 0:
                    before = c.execute("SELECT * FROM messages WHERE session_id = ? AND summary = 0 AND seq < ? "
                                       "ORDER BY seq DESC, id DESC LIMIT ?", (r[1], r[4], context)).fetchall()
                    after = c.execute("SELECT * FROM messages WHERE session_id = ? AND summary = 0 AND seq > ? "
                                      "ORDER BY seq, id LIMIT ?", (r[1], r[4], context)).fetchall()
                    nb = [row_to_message(x) for x in [*reversed(before), *after]]
                out[r[0]] = (dict(session_id=r[1], role=r[2], timestamp=r[3], content=r[5], source=r[6],
                                  title=r[7]), nb)
            return out

        return self.store._read(read)
