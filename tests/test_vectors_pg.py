"""Message vectors on PostgreSQL without pgvector (the bytea column searched in process), and
vectors carried by `hermes sessions migrate` both ways, on bytea and on pgvector, so a migrated
store does not re-embed everything. Vectors are written directly: only one test needs the model."""

from __future__ import annotations

import json

import pytest

from hermes.core.messages import Message
from hermes.state import encoders
from test_semantic_recall import pgvector_server
from test_sessions_migrate import cli  # noqa: F401 - the `hermes sessions` CLI in a temp home
from test_store_postgres import pg_dsn, pg_server, raw  # noqa: F401 - PostgreSQL fixtures

np = pytest.importorskip("numpy", reason=f"numpy comes with the semantic extra: {encoders.INSTALL_HINT}")
pytest.importorskip("psycopg")

MODEL = "test-encoder"
DIM = 384
MESSAGES = 2 * (12 + 2)  # what fill() stores: per scope 12 turns, a tool result and a summary


def unit(rng, n: int = 1):
    v = rng.standard_normal((n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def near(v, rng, noise: float = 0.05):
    """A unit vector close to `v`: its nearest neighbour among random unit vectors is `v`."""
    q = v + noise * unit(rng)[0]
    return q / np.linalg.norm(q)


def fill(store) -> dict:
    """Two scopes; user/assistant turns (embeddable), a tool result and a compaction summary (not)."""
    ids = {}
    for scope in ("alice", "bob"):
        sid = store.create_session(scope=scope, source="cli").id
        turns = []
        for i in range(6):
            turns += [Message.user(f"{scope} question number {i} about kubernetes rollouts"),
                      Message.assistant(f"{scope} answer number {i} about rollback revisions")]
        ids[scope] = store.append_messages(sid, turns)
        store.append_messages(sid, [Message(role="tool", content="/dev/sda1 91%", tool_call_id="c1", name="terminal")])
        msgs = store.get_messages(sid)
        store.compact(sid, [msgs[0].id, msgs[1].id], Message.assistant("Summary: the first exchange"))
    return ids


def put_all(vectors, ids: dict, rng) -> dict[int, object]:
    """A vector for every user/assistant message of both scopes; message id -> vector."""
    every = ids["alice"] + ids["bob"]
    vecs = dict(zip(every, unit(rng, len(every))))
    assert vectors.put(MODEL, list(vecs.items())) == len(every)
    return vecs


# ---- PgVectors on the bytea path -----------------------------------------------------------------

def test_bytea_vectors_find_the_nearest_within_the_scope_and_count_what_is_missing(pg_dsn):
    from hermes.state.postgres import PostgresStore
    from hermes.state.postgres_vectors import PgVectors

    rng = np.random.default_rng(1)
    store = PostgresStore(pg_dsn)
    try:
        ids = fill(store)
        v = PgVectors(store, pgvector=False)
        assert v.ensure_table() is False and v.pgvector is False
        assert raw(pg_dsn, "SELECT format_type(atttypid, atttypmod) FROM pg_attribute "
                           "WHERE attrelid = 'message_vectors'::regclass AND attname = 'vec'") == [("bytea",)]
        # 12 turns per scope are embeddable (compacted originals still are; tool rows and summaries not).
        assert v.counts(MODEL, "alice") == (12, 0) and v.counts(MODEL) == (24, 0)
        assert [p.id for p in v.pending(MODEL, scope="alice", limit=100)] == ids["alice"]

        half = ids["alice"][:6]
        vecs = dict(zip(half, unit(rng, 6)))
        assert v.put(MODEL, list(vecs.items()) + [(10**9, unit(rng)[0])]) == 6  # no such message: skipped
        assert v.counts(MODEL, "alice") == (12, 6) and v.counts(MODEL, "bob") == (12, 0)
        assert [p.id for p in v.pending(MODEL, scope="alice", limit=100)] == ids["alice"][6:]
        assert v.counts("another-encoder", "alice") == (12, 0)

        idx = v.index(MODEL, "alice")
        assert len(idx) == 6
        for mid, vec in vecs.items():
            top = idx.nearest(near(vec, rng), 3)
            assert top[0][0] == mid and top[0][1] > 0.9 and top[0][1] > top[1][1]

        # Another scope's message is never returned, even for a query equal to its own vector.
        theirs = ids["bob"][0]
        bob_vec = unit(rng)[0]
        assert v.put(MODEL, [(theirs, bob_vec)]) == 1
        alice_hits = [m for m, _ in v.index(MODEL, "alice").nearest(bob_vec, 50)]
        assert theirs not in alice_hits and set(alice_hits) == set(half)
        assert v.index(MODEL, "bob").nearest(bob_vec, 5) == [(theirs, pytest.approx(1.0, abs=1e-3))]
        assert {m for m, _ in v.index(MODEL, None).nearest(bob_vec, 50)} == set(half) | {theirs}

        # Vectors stored after the index was read are caught up on the next read.
        late = ids["alice"][6]
        late_vec = unit(rng)[0]
        v.put(MODEL, [(late, late_vec)])
        assert v.index(MODEL, "alice").nearest(near(late_vec, rng), 1)[0][0] == late
        assert v.counts(MODEL, "alice") == (12, 7)
        assert v.index("another-encoder", "alice").nearest(late_vec, 5) == []
    finally:
        store.close()


@pytest.mark.skipif(encoders.preferred() is None, reason=f"no embedding model installed: {encoders.INSTALL_HINT}")
def test_semantic_recall_with_the_real_encoder_on_the_bytea_path(pg_dsn, monkeypatch):
    from hermes.state import semantic
    from hermes.state.postgres import PostgresStore
    from hermes.state.postgres_vectors import PgVectors
    from hermes.state.semantic import SemanticSearch

    monkeypatch.setattr(semantic, "BACKGROUND", True)  # as in `hermes serve`: new messages embedded by the worker
    pets = [("user", "My dog Rex loves chasing tennis balls in the park every morning"),
            ("assistant", "Rex sounds like a very energetic companion!"),
            ("user", "I need to renew my passport before the trip to Japan"),
            ("assistant", "The passport office usually takes about six weeks.")]
    s = PostgresStore(pg_dsn)
    try:
        lay = SemanticSearch.attach(s, mode="on")
        lay.vectors = PgVectors(s, pgvector=False)  # bytea whatever the server offers
        mine = s.append_messages(s.create_session(scope="alice").id, [Message(role=r, content=c) for r, c in pets])
        theirs = s.append_messages(s.create_session(scope="bob").id,
                                   [Message.user("My hamster Biscuit escaped from her cage last night")])
        lay.flush()
        assert lay.vectors.pgvector is False and lay.counts() == (5, 5)
        hits = s.search("what is the name of my puppy", scope="alice", limit=3)
        assert hits[0].message_id == mine[0]
        got = {h.message_id for h in s.search("a small pet ran away", scope="alice", limit=10)}
        assert got <= set(mine) and not got & set(theirs)
        hits = s.search("travel documents abroad", scope="alice", limit=2)
        assert hits and "passport" in hits[0].snippet
    finally:
        s.close()


# ---- migration -----------------------------------------------------------------------------------

def sqlite_source(path, seed: int = 7):
    """A state.db with vectors for every turn; returns (ids, vectors, queries, SQLite's top ids)."""
    from hermes.state.sqlite import SQLiteStore
    from hermes.state.vectors import SQLiteVectors

    rng = np.random.default_rng(seed)
    src = SQLiteStore(path)
    try:
        ids = fill(src)
        vecs = put_all(SQLiteVectors(src), ids, rng)
        queries = [near(vecs[m], rng, 0.3) for m in ids["alice"][::3]]
        idx = SQLiteVectors(src).index(MODEL, "alice")
        tops = [[m for m, _ in idx.nearest(q, 3)] for q in queries]
    finally:
        src.close()
    assert [t[0] for t in tops] == ids["alice"][::3]  # what the copies must answer too
    return ids, vecs, queries, tops


def stored(dsn: str) -> dict[int, tuple[str, bytes]]:
    """message id -> (model, float16 blob) of a PostgreSQL store, whichever column type holds them."""
    from hermes.state.vectors import to_blob

    kind = raw(dsn, "SELECT format_type(atttypid, atttypmod) FROM pg_attribute "
                    "WHERE attrelid = 'message_vectors'::regclass AND attname = 'vec'")[0][0]
    if kind == "bytea":
        return {m: (model, bytes(v)) for m, model, v in raw(dsn, "SELECT message_id, model, vec FROM message_vectors")}
    rows = raw(dsn, "SELECT message_id, model, vec::text FROM message_vectors")
    return {m: (model, to_blob([float(x) for x in v.strip("[]").split(",")])) for m, model, v in rows}


def check_sqlite_copy(path, vecs: dict, queries: list, tops: list) -> None:
    """The vectors are there bit for bit, numbered so an index catches up on them, and answer alike."""
    import sqlite3

    from hermes.state.sqlite import SQLiteStore
    from hermes.state.vectors import SQLiteVectors, to_blob

    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT message_id, model, vec, added FROM message_vectors ORDER BY added").fetchall()
    assert {m: (model, bytes(v)) for m, model, v, _ in rows} == {m: (MODEL, to_blob(v)) for m, v in vecs.items()}
    assert [r[3] for r in rows] == list(range(1, len(vecs) + 1))
    store = SQLiteStore(path)
    try:
        sv = SQLiteVectors(store)
        idx = sv.index(MODEL, "alice")
        assert [[m for m, _ in idx.nearest(q, 3)] for q in queries] == tops
        # A vector stored after the copy lands past the copied ones: the loaded index sees it.
        mid = next(iter(vecs))
        sv.put(MODEL, [(mid, -queries[0])])
        assert sv.index(MODEL, "alice").nearest(-queries[0], 1)[0][0] == mid
    finally:
        store.close()


def test_vectors_survive_sqlite_to_bytea_postgres_and_back(cli, pg_dsn, tmp_path):
    from hermes.state.postgres import PostgresStore
    from hermes.state.postgres_vectors import PgVectors
    from hermes.state.vectors import to_blob

    root, run = cli
    ids, vecs, queries, tops = sqlite_source(root / "state.db")
    pg = PostgresStore(pg_dsn)
    try:  # an empty store whose (empty) vector table was made without pgvector: the copy keeps to bytea
        assert PgVectors(pg, pgvector=False).ensure_table() is False
    finally:
        pg.close()

    r = run("migrate", "--to", "postgres", "--dsn", pg_dsn)
    assert r.exit_code == 0, r.output
    assert f"Copied 2 sessions, {MESSAGES} messages, {len(vecs)} message vectors" in r.output
    assert stored(pg_dsn) == {m: (MODEL, to_blob(v)) for m, v in vecs.items()}
    added = [a for (a,) in raw(pg_dsn, "SELECT added FROM message_vectors ORDER BY message_id")]
    assert len(set(added)) == len(vecs) and all(a > 0 for a in added)
    pg = PostgresStore(pg_dsn)
    try:
        pv = PgVectors(pg)  # detects the table's type as the product does
        idx = pv.index(MODEL, "alice")
        assert pv.pgvector is False
        assert [[m for m, _ in idx.nearest(q, 3)] for q in queries] == tops
        assert pv.counts(MODEL) == (24, 24) and pv.pending(MODEL) == []  # nothing left to re-embed
    finally:
        pg.close()

    back = tmp_path / "back.db"
    r = run("migrate", "--to", "sqlite", "--dsn", pg_dsn, "--sqlite-path", str(back), "--json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.output)
    assert report["message_vectors"] == len(vecs)
    assert report["copied"] == {"sessions": 2, "messages": MESSAGES, "cron_runs": 0}
    check_sqlite_copy(back, vecs, queries, tops)


def test_vectors_survive_sqlite_to_pgvector_and_back(tmp_path):
    """pgvector's `vector` column: written from the float16 blob as text, read back to the same blob."""
    from hermes.state.migrate import PgSide, SqliteSide, copy_store
    from hermes.state.postgres import PostgresStore
    from hermes.state.postgres_vectors import PgVectors
    from hermes.state.vectors import from_blobs, to_blob

    srv, dsn = pgvector_server(tmp_path)
    try:
        ids, vecs, queries, tops = sqlite_source(tmp_path / "state.db")
        source, target = SqliteSide(tmp_path / "state.db"), PgSide(dsn)
        try:
            done = copy_store(source, target)
        finally:
            source.close()
            target.close()
        assert done.counts["message_vectors"] == len(vecs)
        assert raw(dsn, "SELECT format_type(atttypid, atttypmod) FROM pg_attribute "
                        "WHERE attrelid = 'message_vectors'::regclass AND attname = 'vec'") == [("vector(384)",)]
        got = stored(dsn)
        assert set(got) == set(vecs) and {model for model, _ in got.values()} == {MODEL}
        for m, v in vecs.items():
            assert np.allclose(from_blobs([got[m][1]], DIM)[0], v, atol=1e-3)
            assert got[m][1] == to_blob(v)  # float16 -> float32 text -> float16 is exact
        pg = PostgresStore(dsn)
        try:
            pv = PgVectors(pg)
            idx = pv.index(MODEL, "alice")  # pgvector's HNSW index, scoped in SQL
            assert pv.pgvector is True
            assert [[m for m, _ in idx.nearest(q, 3)][0] for q in queries] == [t[0] for t in tops]
            assert pv.pending(MODEL) == []
        finally:
            pg.close()

        back = tmp_path / "back.db"
        source, target = PgSide(dsn), SqliteSide(back)
        try:
            assert copy_store(source, target).counts["message_vectors"] == len(vecs)
        finally:
            source.close()
            target.close()
        check_sqlite_copy(back, vecs, queries, tops)
    finally:
        srv.cleanup()


def test_a_postgres_store_that_never_had_vectors_migrates_with_none(pg_dsn, tmp_path):
    from hermes.state.migrate import PgSide, SqliteSide, copy_store
    from hermes.state.postgres import PostgresStore
    from hermes.state.sqlite import SQLiteStore

    pg = PostgresStore(pg_dsn)
    try:  # semantic recall never ran here: no vector table at all
        fill(pg)
    finally:
        pg.close()
    assert raw(pg_dsn, "SELECT to_regclass('message_vectors')") == [(None,)]
    source, target = PgSide(pg_dsn), SqliteSide(tmp_path / "a.db")
    try:
        done = copy_store(source, target)
    finally:
        source.close()
        target.close()
    assert done.counts["message_vectors"] == 0 and done.counts["messages"] == MESSAGES
    store = SQLiteStore(tmp_path / "a.db")
    try:
        assert store._read(lambda c: c.execute("SELECT count(*) FROM message_vectors").fetchone()[0]) == 0
        assert sum(len(store.get_messages(i.id, include_compacted=True))
                   for i in store.list_sessions(limit=-1)) == MESSAGES
    finally:
        store.close()


def test_a_state_db_without_vectors_migrates_with_none_and_makes_no_table(pg_dsn, tmp_path):
    from hermes.state.migrate import PgSide, SqliteSide, copy_store
    from hermes.state.sqlite import SQLiteStore

    src = SQLiteStore(tmp_path / "b.db")
    try:
        fill(src)
    finally:
        src.close()
    source, target = SqliteSide(tmp_path / "b.db"), PgSide(pg_dsn)
    try:
        assert copy_store(source, target).counts["message_vectors"] == 0
    finally:
        source.close()
        target.close()
    assert raw(pg_dsn, "SELECT to_regclass('message_vectors')") == [(None,)]  # first use makes it
    assert raw(pg_dsn, "SELECT count(*) FROM messages") == [(MESSAGES,)]


def test_a_failed_or_short_vector_copy_leaves_the_target_empty(pg_dsn, tmp_path):
    from hermes.state.migrate import VECTORS, MigrateError, PgSide, SqliteSide, copy_store

    ids, vecs, *_ = sqlite_source(tmp_path / "state.db")

    class Failing(PgSide):
        def write(self, table, batch):
            super().write(table, batch)
            if table == VECTORS:
                raise MigrateError("disk full (simulated)")

    class Short(PgSide):  # loses one vector: the counts must catch it
        def write(self, table, batch):
            super().write(table, batch[:-1] if table == VECTORS else batch)

    source = SqliteSide(tmp_path / "state.db")
    try:
        for side, match in ((Failing, "simulated"), (Short, "verification failed")):
            target = side(pg_dsn)
            try:
                with pytest.raises(MigrateError, match=match):
                    copy_store(source, target)
                assert [target.count(t) for t in ("sessions", "messages", "cron_runs", VECTORS)] == [0, 0, 0, 0]
            finally:
                target.close()
        target = PgSide(pg_dsn)
        try:  # the store is still empty, so a whole copy goes through afterwards
            assert copy_store(source, target).counts[VECTORS] == len(vecs)
        finally:
            target.close()
    finally:
        source.close()
    assert raw(pg_dsn, "SELECT count(*) FROM message_vectors") == [(len(vecs),)]


def test_a_pgvector_table_of_another_width_is_refused_in_plain_words(tmp_path):
    """The target's (empty) vector table was made for a smaller model: the copy stops before it starts,
    saying which widths clash and what to do, and the target stays empty."""
    from hermes.state.migrate import MigrateError, PgSide, SqliteSide, copy_store
    from hermes.state.postgres import PostgresStore
    from hermes.state.postgres_vectors import PgVectors

    srv, dsn = pgvector_server(tmp_path)
    try:
        sqlite_source(tmp_path / "state.db")
        pg = PostgresStore(dsn)
        try:
            assert PgVectors(pg, 8).ensure_table() is True
        finally:
            pg.close()
        source, target = SqliteSide(tmp_path / "state.db"), PgSide(dsn)
        try:
            with pytest.raises(MigrateError) as e:
                copy_store(source, target)
        finally:
            source.close()
            target.close()
        msg = str(e.value)
        assert "8 dimensions" in msg and "have 384" in msg and "DROP TABLE message_vectors" in msg
        assert raw(dsn, "SELECT count(*) FROM messages") == [(0,)]
        assert raw(dsn, "SELECT count(*) FROM message_vectors") == [(0,)]
        raw(dsn, "DROP TABLE message_vectors")  # as the message says: then the copy goes through
        source, target = SqliteSide(tmp_path / "state.db"), PgSide(dsn)
        try:
            assert copy_store(source, target).counts["message_vectors"] == 24
        finally:
            source.close()
            target.close()
    finally:
        srv.cleanup()
