"""The PostgreSQL store's search postings (migration 5): kept right by every write, built for an
existing database by the migration, and giving the GIN path's results row for row.

The postings are read only for words with more rows than the ranking reads whole (search.TERM_ROWS,
500), so these tests shrink the reading bounds to reach that path on a small store.
"""

from __future__ import annotations

import random

import psycopg
import pytest
from psycopg.rows import dict_row
from test_store_postgres import pg_dsn, pg_server  # noqa: F401 - the PostgreSQL server fixtures

from hermes.core.messages import Message, ToolCall
from hermes.state import postgres_postings, postgres_schema, postgres_search, search

WORDS = ("river garden lantern copper violin harbor meadow pepper orchard canyon thunder marble "
         "falcon ember glacier saddle willow anchor cobalt jasmine quartz tundra beacon walnut "
         "cactus dolphin fossil granite hammock iceberg jungle kettle lagoon mosaic nutmeg "
         "oyster parrot quiver rhubarb sapphire").split()
FREQ = [1 / (rank + 1) for rank in range(len(WORDS))]  # Zipf: a few words common, most rare


def _text(rng: random.Random, lo: int, hi: int) -> str:
    return " ".join(rng.choices(WORDS, weights=FREQ, k=rng.randint(lo, hi)))


@pytest.fixture
def small_bounds(monkeypatch):
    """Bounds low enough that a 300-row store reads words by their best and newest rows."""
    monkeypatch.setattr(search, "TERM_ROWS", 8)
    monkeypatch.setattr(search, "HUGE_MATCH", 60)
    monkeypatch.setattr(postgres_search, "HUGE_MATCH", 60)
    monkeypatch.setattr(search, "NEWEST", 15)
    monkeypatch.setattr(search, "RARE_BUDGET", 40)


def _messages(rng: random.Random, n: int, start: float) -> list[Message]:
    out = []
    for i in range(n):
        words = _text(rng, 2, 14)
        if i % 7 == 3:  # a tool turn: its arguments are indexed with weight B
            m = Message(role="assistant", content=rng.choice(["", "Looking."]),
                        tool_calls=[ToolCall(id=f"c{i}", name="lookup", arguments=f'{{"q": "{words}"}}')])
        else:
            m = Message(role="user" if i % 2 == 0 else "assistant", content=words.capitalize() + ".")
        m.timestamp = start + 60 * i
        out.append(m)
    return out


def _fill(store, seed: int = 5, sessions: int = 12, per: int = 25) -> list[str]:
    rng = random.Random(seed)
    ids = []
    for k in range(sessions):
        scope = "owner" if k % 3 else f"telegram:{k % 2}"
        info = store.create_session(source="cli" if scope == "owner" else "telegram", scope=scope,
                                    created_at=1.7e9 + k * 86400)
        store.append_messages(info.id, _messages(rng, per, 1.7e9 + k * 86400))
        ids.append(info.id)
    return ids


def _queries() -> list[str]:
    rng = random.Random(11)
    return [" ".join(rng.sample(WORDS, rng.randint(1, 3))) for _ in range(25)] + ["lookup", "cop*"]


def _results(store, scope: str | None) -> list[list[tuple]]:
    return [[(h.message_id, h.score, h.snippet) for h in store.search(q, scope=scope, limit=10)] for q in _queries()]


def _gin_results(store, scope: str | None, monkeypatch) -> list[list[tuple]]:
    with monkeypatch.context() as m:
        m.setattr(postgres_postings, "USE_POSTINGS", False)
        return _results(store, scope)


def _mismatch(dsn: str) -> int:
    """Postings missing or extra against what the messages' tsvectors hold, with their lengths."""
    expected = ("SELECT u.lexeme, m.id, greatest(octet_length(COALESCE(m.content, '')), 1) AS len, "
                "NOT ('A' = ANY(u.weights)) AS tools FROM messages m, unnest(m.search_doc) AS u "
                "WHERE m.search_doc IS NOT NULL")
    have = "SELECT lexeme, id, len, tools FROM search_postings"
    with psycopg.connect(dsn) as conn:
        a = conn.execute(f"SELECT count(*) FROM (({expected}) EXCEPT ALL ({have})) x").fetchone()[0]
        b = conn.execute(f"SELECT count(*) FROM (({have}) EXCEPT ALL ({expected})) x").fetchone()[0]
        return a + b


def _count(dsn: str) -> int:
    with psycopg.connect(dsn) as conn:
        return conn.execute("SELECT count(*) FROM search_postings").fetchone()[0]


@pytest.fixture
def store(pg_dsn):  # noqa: F811
    from hermes.state.postgres import PostgresStore

    s = PostgresStore(pg_dsn)
    yield s
    s.close()


def test_postings_path_gives_the_gin_paths_results(store, pg_dsn, small_bounds, monkeypatch):  # noqa: F811
    _fill(store)
    # Scores read the table's planner statistics (row count, average width); analysed now, the
    # server's autovacuum has nothing left to analyse between the two paths' runs, which would
    # move every score a little and flip near-ties.
    with psycopg.connect(pg_dsn, autocommit=True) as conn:
        conn.execute("ANALYZE messages")
    for scope in (None, "owner", "telegram:1"):
        fast, gin = _results(store, scope), _gin_results(store, scope, monkeypatch)
        assert fast == gin, scope
        assert sum(1 for r in fast if r) >= 20  # the queries find things


def test_postings_path_is_taken_for_common_words(store, small_bounds, monkeypatch):
    _fill(store)
    seen = []
    real = postgres_postings.rows

    def spy(*a, **kw):
        out = real(*a, **kw)
        seen.append(len(out))
        return out

    monkeypatch.setattr(postgres_postings, "rows", spy)
    store.search("river copper", limit=10)
    store.search("river copper", scope="owner", limit=10)
    assert len(seen) >= 4 and all(n > 0 for n in seen)
    seen.clear()
    store.search("river copper", scope="telegram:1", limit=10)  # a small share of the store: GIN path
    assert seen == []


def test_postings_follow_every_write(store, pg_dsn, small_bounds, monkeypatch):  # noqa: F811
    sids = _fill(store, sessions=6, per=20)
    assert _count(pg_dsn) > 0 and _mismatch(pg_dsn) == 0
    store.delete_last_turn(sids[0])
    assert _mismatch(pg_dsn) == 0
    msgs = store.get_messages(sids[1])
    store.compact(sids[1], [m.id for m in msgs[:6]], Message(role="user", content="Summary: river garden"))
    fork = store.fork(sids[1])
    assert _mismatch(pg_dsn) == 0
    store.delete_session(sids[2])  # its messages go by cascade
    store.delete_session(fork.id)
    assert _mismatch(pg_dsn) == 0
    with psycopg.connect(pg_dsn, autocommit=True) as conn:  # an edit of indexed text replaces the row's words
        conn.execute("UPDATE messages SET content = 'Zeppelin canyon' WHERE id = %s", (msgs[10].id,))
    assert _mismatch(pg_dsn) == 0
    assert [h.message_id for h in store.search("zeppelin")][:1] == [msgs[10].id]
    assert store.prune(older_than=1.7e9 + 4 * 86400 + 1) == 0  # updated just now: nothing pruned
    n = store.prune(older_than=9e9)
    assert n == 5 and _count(pg_dsn) == 0 and _mismatch(pg_dsn) == 0
    assert _fill(store, seed=9, sessions=2, per=5) and _mismatch(pg_dsn) == 0
    with psycopg.connect(pg_dsn, autocommit=True) as conn:
        conn.execute("TRUNCATE messages CASCADE")
    assert _count(pg_dsn) == 0


def test_a_scope_change_moves_the_rows_between_scopes(store, pg_dsn, small_bounds, monkeypatch):  # noqa: F811
    sids = _fill(store)
    owner_before = _results(store, "owner")
    with psycopg.connect(pg_dsn, autocommit=True) as conn:
        conn.execute("UPDATE sessions SET scope = 'telegram:9' WHERE id = %s", (sids[1],))
        conn.execute("ANALYZE messages")  # settled statistics: autovacuum cannot move scores between the two paths
    moved = {m.id for m in store.get_messages(sids[1])}
    owner_after = _results(store, "owner")
    assert owner_after != owner_before
    assert not moved & {i for r in owner_after for i, _, _ in r}
    assert owner_after == _gin_results(store, "owner", monkeypatch)
    assert _results(store, "telegram:9") == _gin_results(store, "telegram:9", monkeypatch)
    assert {i for r in _results(store, "telegram:9") for i, _, _ in r} <= moved


def test_an_old_database_upgrades_in_place_with_the_same_results(pg_dsn, small_bounds, monkeypatch):  # noqa: F811
    from hermes.state.postgres import PostgresStore

    with psycopg.connect(pg_dsn, autocommit=True, row_factory=dict_row) as conn:
        assert postgres_schema.migrate(conn, target=4) == [1, 2, 3, 4]
        # What a version-4 Hermes wrote: sessions and messages, no postings table.
        rng = random.Random(3)
        for k in range(8):
            sid = f"s{k}"
            conn.execute("INSERT INTO sessions (id, scope, created_at, updated_at, message_count) "
                         "VALUES (%s, %s, 1.7e9, 1.7e9, 30)", (sid, "owner" if k % 4 else "telegram:1"))
            for i, m in enumerate(_messages(rng, 30, 1.7e9 + k * 86400)):
                conn.execute(f"INSERT INTO messages (session_id, seq, {postgres_schema.MESSAGE_FIELDS}) "
                             f"VALUES {postgres_schema.MESSAGE_VALUES}", (sid, i + 1, *postgres_schema.message_row(m)))
        assert conn.execute("SELECT to_regclass('search_postings') AS t").fetchone()["t"] is None
    s = PostgresStore(pg_dsn)  # opening it applies migration 5, filling the postings
    try:
        with psycopg.connect(pg_dsn) as conn:
            versions = [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
        assert versions[:5] == [1, 2, 3, 4, 5]  # and any later migrations
        assert _count(pg_dsn) > 1000 and _mismatch(pg_dsn) == 0
        with psycopg.connect(pg_dsn, autocommit=True) as conn:
            conn.execute("ANALYZE messages")  # as above: the same statistics for both paths
        for scope in (None, "owner"):
            assert _results(s, scope) == _gin_results(s, scope, monkeypatch)
    finally:
        s.close()


def test_ranking_matches_the_sqlite_store_on_a_sample(store, tmp_path, small_bounds):
    from hermes.state.sqlite import SQLiteStore

    lite = SQLiteStore(tmp_path / "state.db")
    try:
        for s in (store, lite):
            rng = random.Random(21)
            for k in range(6):
                info = s.create_session(source="cli", scope="owner", created_at=1.7e9 + k * 86400)
                msgs = [Message(role="user" if i % 2 == 0 else "assistant",
                                content=_text(rng, 2, 14).capitalize() + ".",
                                timestamp=1.7e9 + k * 86400 + 60 * i) for i in range(25)]
                s.append_messages(info.id, msgs)
        top, overlap, qs = 0, 0.0, _queries()[:-2]
        for q in qs:
            a = [h.message_id for h in store.search(q, limit=10)]
            b = [h.message_id for h in lite.search(q, limit=10)]
            assert a and b
            top += a[0] == b[0]
            overlap += len(set(a) & set(b)) / len(b)
        # Not row for row: PostgreSQL measures a row's length in bytes against the planner's
        # average width, FTS5 in tokens against its exact average; close scores may swap.
        assert top >= len(qs) * 0.6 and overlap / len(qs) >= 0.7, (top, overlap / len(qs))
    finally:
        lite.close()


def test_a_scope_walk_reads_further_when_its_rows_are_rare_among_the_words(store, small_bounds, monkeypatch):
    _fill(store)
    calls = []
    real = postgres_postings._walk
    monkeypatch.setattr(postgres_postings, "_walk", lambda *a: calls.append(a[-1]) or real(*a))
    for scope, rows, word in (("owner", 4, "zircon quartz"), ("telegram:1", 90, "zircon quartz"),
                              ("owner", 12, "obsidian"), ("telegram:1", 50, "obsidian")):
        info = store.create_session(source="cli", scope=scope, created_at=1.8e9)
        store.append_messages(info.id, [Message(role="user", content=f"{word} {i}", timestamp=1.8e9 + i)
                                        for i in range(rows)])
    for q in ("zircon", "obsidian"):  # past HUGE_MATCH (newest rows); past TERM_ROWS (best rows)
        fast = [(h.message_id, h.score) for h in store.search(q, scope="owner", limit=20)]
        with monkeypatch.context() as m:
            m.setattr(postgres_postings, "USE_POSTINGS", False)
            gin = [(h.message_id, h.score) for h in store.search(q, scope="owner", limit=20)]
        assert fast == gin and fast
    assert len(calls) > len(set(calls)) or any(b > a for a, b in zip(calls, calls[1:]))  # read again, further
