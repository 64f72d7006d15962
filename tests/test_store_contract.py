"""The SessionStore contract, checked the same way against every store: SQLite and PostgreSQL.

Each test takes `store` (and `backend` where it needs raw SQL or a second handle), parametrized
over both backends; the PostgreSQL runs skip with the reason when no server can be had (see
test_store_postgres.py for where the server comes from).
"""

from __future__ import annotations

import multiprocessing as mp
import re
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_store_postgres import pg_server  # noqa: F401 - the session-wide PostgreSQL server fixture

from hermes.core.messages import Message, ToolCall, Usage
from hermes.state import SessionStore, StoreError
from hermes.state.search import HL_END, HL_START


class Backend:
    """How a test reaches one store: open another handle to it (also in a child process) or run raw SQL."""

    def __init__(self, kind: str, target: str) -> None:
        self.kind, self.target = kind, target

    @property
    def spec(self) -> tuple[str, str]:
        return self.kind, self.target

    def open(self) -> SessionStore:
        return open_spec(self.spec)

    def sql(self, statement: str, params: tuple = ()) -> list:
        """`statement` with ? placeholders, run outside the store."""
        if self.kind == "sqlite":
            import sqlite3

            conn = sqlite3.connect(self.target)
            try:
                rows = conn.execute(statement, params).fetchall()
                conn.commit()
                return rows
            finally:
                conn.close()
        import psycopg

        with psycopg.connect(self.target, autocommit=True) as conn:
            cur = conn.execute(statement.replace("?", "%s"), params)
            return cur.fetchall() if cur.description else []


def open_spec(spec: tuple[str, str]) -> SessionStore:
    kind, target = spec
    if kind == "sqlite":
        from hermes.state.sqlite import SQLiteStore

        return SQLiteStore(target)
    from hermes.state.postgres import PostgresStore

    return PostgresStore(target)


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request, tmp_path):
    if request.param == "sqlite":
        yield Backend("sqlite", str(tmp_path / "state.db"))
        return
    server = request.getfixturevalue("pg_server")
    name = server.create_db()
    yield Backend("postgres", server.dsn(name))
    server.drop_db(name)


@pytest.fixture
def store(backend):
    s = backend.open()
    yield s
    s.close()


def turn(user: str, answer: str) -> list[Message]:
    return [Message.user(user), Message.assistant(answer)]


def contents(msgs: list[Message]) -> list[str | None]:
    return [m.content for m in msgs]


# ---- sessions --------------------------------------------------------------------------------------

def test_is_a_session_store_and_refuses_use_once_closed(store):
    assert isinstance(store, SessionStore)
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.list_sessions()


def test_session_ids_are_sortable_time_plus_hex(store):
    info = store.create_session(created_at=time.mktime((2026, 11, 22, 22, 43, 35, 0, 0, -1)))
    assert re.fullmatch(r"20261122_224335_[0-9a-f]{6}", info.id)
    assert store.get_session(info.id).created_at == info.created_at
    assert store.get_session("nope") is None


def test_create_with_explicit_id_is_idempotent_but_refuses_conflicts(store):
    a = store.create_session(session_id="api-abc", source="api", scope="k1", user_id="u", chat_id="c")
    again = store.create_session(session_id="api-abc", source="api", scope="k1")
    assert again.id == a.id and again.user_id == "u" and len(store.list_sessions()) == 1
    with pytest.raises(StoreError, match="already exists"):
        store.create_session(session_id="api-abc", source="api", scope="other")
    with pytest.raises(StoreError, match="no session"):
        store.create_session(parent_id="missing")
    with pytest.raises(ValueError):
        store.create_session(session_id="  ")


def test_list_sessions_newest_first_with_filters_and_paging(store):
    ids = []
    for i, (src, scope) in enumerate([("cli", "owner"), ("telegram", "u1"), ("cli", "owner"), ("cron", "owner")]):
        s = store.create_session(source=src, scope=scope, title=f"s{i}")
        store.append_messages(s.id, turn(f"q{i}", f"a{i}"))
        ids.append(s.id)
        time.sleep(0.002)
    store.append_messages(ids[0], turn("again", "ok"))  # ids[0] becomes the most recently updated
    assert [s.id for s in store.list_sessions()] == [ids[0], ids[3], ids[2], ids[1]]
    assert [s.id for s in store.list_sessions(source="cli")] == [ids[0], ids[2]]
    assert [s.id for s in store.list_sessions(scope="u1")] == [ids[1]]
    assert [s.id for s in store.list_sessions(scope="owner", source="cron")] == [ids[3]]
    assert [s.id for s in store.list_sessions(limit=2, offset=1)] == [ids[3], ids[2]]
    assert store.list_sessions(offset=4) == []
    assert store.list_sessions()[0].message_count == 4


def test_ties_in_listing_order_are_broken_by_id(store, backend):
    for sid in ("tie-b", "tie-c", "tie-a"):
        store.create_session(session_id=sid)
        store.append_messages(sid, turn("q", "a"), usage=Usage(5, 5), cost_usd=1.0)
    backend.sql("UPDATE sessions SET updated_at = 5000")
    assert [s.id for s in store.list_sessions()] == ["tie-c", "tie-b", "tie-a"]
    pages = [s.id for off in range(3) for s in store.list_sessions(limit=1, offset=off)]
    assert pages == ["tie-c", "tie-b", "tie-a"]  # paging neither repeats nor skips a session
    assert [s.id for s in store.list_sessions(limit=-1, offset=-5)] == ["tie-c", "tie-b", "tie-a"]
    assert [s.id for s in store.costliest_sessions()] == ["tie-a", "tie-b", "tie-c"]
    assert len(store.costliest_sessions(limit=-1)) == 3 and len(store.list_runs(limit=-1)) == 0


def test_title_and_system_prompt(store):
    s = store.create_session()
    store.set_title(s.id, "Docker woes")
    store.set_system_prompt(s.id, "You are Hermes.")
    assert store.get_session(s.id).title == "Docker woes"
    assert store.get_system_prompt(s.id) == "You are Hermes."
    assert store.get_system_prompt("missing") is None
    with pytest.raises(StoreError, match="no session"):
        store.set_title("missing", "x")
    with pytest.raises(StoreError, match="no session"):
        store.set_system_prompt("missing", "x")


# ---- messages --------------------------------------------------------------------------------------

def test_append_roundtrip_token_totals_and_order(store):
    s = store.create_session()
    call = ToolCall("call_1", "terminal", '{"command": "ls -la"}')
    msgs = [Message.user("list files"), Message.assistant(None, [call]),
            Message.tool("call_1", "terminal", "a.txt\nb.txt"), Message.assistant("Two files.")]
    msgs[3].reasoning, msgs[3].tokens = "thought about it", 7
    ids = store.append_messages(s.id, msgs, usage=Usage(100, 20, 5, 3), model="m1", cost_usd=0.25)
    assert ids == sorted(ids) and [m.id for m in msgs] == ids
    store.append_messages(s.id, turn("and hidden ones?", "none"), usage=Usage(10, 2), cost_usd=0.05)
    got = store.get_messages(s.id)
    assert [m.role for m in got] == ["user", "assistant", "tool", "assistant", "user", "assistant"]
    assert got[1].tool_calls == [call] and got[1].content is None
    assert got[2].tool_call_id == "call_1" and got[2].name == "terminal"
    assert got[3].reasoning == "thought about it" and got[3].tokens == 7
    assert got[0].timestamp == msgs[0].timestamp and got[0].id == ids[0]
    assert [m.to_openai() for m in got[:4]] == [m.to_openai() for m in msgs]
    info = store.get_session(s.id)
    assert info.message_count == 6 and info.model == "m1"
    assert info.usage == Usage(110, 22, 5, 3) and info.cost_usd == pytest.approx(0.30)
    assert info.updated_at >= info.created_at
    store.append_messages(s.id, [], usage=Usage(1, 1))  # usage alone (a turn that failed to persist text)
    assert store.get_session(s.id).usage == Usage(111, 23, 5, 3)


def test_append_to_unknown_session_or_bad_role_fails_cleanly(store):
    with pytest.raises(StoreError, match="no session"):
        store.append_messages("missing", turn("a", "b"))
    s = store.create_session()
    with pytest.raises(ValueError):
        store.append_messages(s.id, [Message.user("fine"), Message("robot", "x")])  # type: ignore[arg-type]
    assert store.get_messages(s.id) == [] and store.get_session(s.id).message_count == 0


def test_compact_places_summary_where_rows_were(store):
    s = store.create_session()
    store.append_messages(s.id, [Message.system("sys")] + turn("q1", "a1") + turn("q2", "a2") + turn("q3", "a3"))
    rows = store.get_messages(s.id)
    summary = Message.user("[summary] q1/q2 discussed")
    store.compact(s.id, [m.id for m in rows[1:5]], summary)
    assert summary.id is not None and summary.summary
    active = store.get_messages(s.id)
    assert contents(active) == ["sys", "[summary] q1/q2 discussed", "q3", "a3"]
    assert [m.summary for m in active] == [False, True, False, False]
    everything = store.get_messages(s.id, include_compacted=True)
    assert contents(everything) == ["sys", "[summary] q1/q2 discussed", "q1", "a1", "q2", "a2", "q3", "a3"]
    assert contents([m for m in everything if not m.summary]) == contents(rows)
    assert store.get_session(s.id).message_count == 7  # originals; the summary is not counted
    store.append_messages(s.id, turn("q4", "a4"))
    assert contents(store.get_messages(s.id))[-2:] == ["q4", "a4"]
    store.compact(s.id, [active[2].id], None)  # trimming without a summary
    assert contents(store.get_messages(s.id)) == ["sys", "[summary] q1/q2 discussed", "a3", "q4", "a4"]
    other = store.create_session()
    with pytest.raises(StoreError):
        store.compact(other.id, [active[3].id], None)  # ids from another session are refused
    store.compact(s.id, [], None)  # nothing to do


def test_repeated_compaction_at_one_spot_keeps_order(store):
    s = store.create_session()
    store.append_messages(s.id, [Message.system("head")] + turn("q0", "a0"))
    for i in range(1, 70):  # far more than float halving allows without renumbering
        store.append_messages(s.id, turn(f"q{i}", f"a{i}"))
        active = store.get_messages(s.id)
        store.compact(s.id, [m.id for m in active[1:-2]], Message.user(f"summary {i}"))
        assert contents(store.get_messages(s.id)) == ["head", f"summary {i}", f"q{i}", f"a{i}"]
    originals = [m for m in store.get_messages(s.id, include_compacted=True) if not m.summary]
    assert contents(originals) == ["head"] + [x for i in range(70) for x in (f"q{i}", f"a{i}")]


def test_delete_last_turn(store):
    s = store.create_session()
    store.append_messages(s.id, turn("q1", "a1"))
    call = ToolCall("c", "terminal", "{}")
    store.append_messages(s.id, [Message.user("q2"), Message.assistant(None, [call]),
                                 Message.tool("c", "terminal", "out"), Message.assistant("a2")])
    assert store.delete_last_turn(s.id) == 4
    assert contents(store.get_messages(s.id)) == ["q1", "a1"]
    assert store.get_session(s.id).message_count == 2
    assert store.search("q2") == []
    assert store.delete_last_turn(s.id) == 2
    assert store.delete_last_turn(s.id) == 0
    assert store.get_session(s.id).message_count == 0
    assert store.delete_last_turn("missing") == 0


def test_fork_copies_active_view(store):
    s = store.create_session(source="telegram", scope="u7", title="Trip", model="m")
    store.set_system_prompt(s.id, "prompt")
    store.append_messages(s.id, turn("q1", "a1") + turn("q2", "a2"), usage=Usage(10, 10))
    rows = store.get_messages(s.id)
    store.compact(s.id, [rows[0].id, rows[1].id], Message.user("sum"))
    f = store.fork(s.id)
    assert f.id != s.id and f.parent_id == s.id and f.source == "telegram" and f.scope == "u7"
    assert f.title == "Trip (fork)" and f.usage.total == 0 and f.message_count == 2 and f.model == "m"
    forked = store.get_messages(f.id)
    assert contents(forked) == ["sum", "q2", "a2"] and forked[0].summary
    assert store.get_system_prompt(f.id) == "prompt"
    store.append_messages(f.id, turn("q3", "a3"))
    assert contents(store.get_messages(s.id)) == ["sum", "q2", "a2"]  # parent untouched
    assert contents(store.get_messages(f.id)) == ["sum", "q2", "a2", "q3", "a3"]
    with pytest.raises(StoreError):
        store.fork("missing")


def test_delete_and_prune(store, backend):
    old = store.create_session(source="cron", created_at=1000.0)
    old2 = store.create_session(source="cli")
    keep = store.create_session(source="cli")
    for sid in (old.id, old2.id, keep.id):
        store.append_messages(sid, turn(f"zebra in {sid}", "noted"))
    child = store.fork(old2.id)
    backend.sql("UPDATE sessions SET updated_at = 1000 WHERE id IN (?, ?)", (old.id, old2.id))
    assert store.prune(older_than=2000.0, source="cli") == 1
    assert store.get_session(old2.id) is None and store.get_session(old.id) is not None
    assert store.get_session(child.id).parent_id is None  # the fork survives its parent
    assert store.prune(older_than=2000.0) == 1
    assert {h.session_id for h in store.search("zebra")} == {keep.id, child.id}
    assert store.delete_session(keep.id) is True
    assert store.delete_session(keep.id) is False
    assert store.get_messages(keep.id) == []
    assert {h.session_id for h in store.search("zebra")} == {child.id}
    assert backend.sql("SELECT COUNT(*) FROM messages")[0][0] == 2
    for i in range(25):
        store.append_messages(store.create_session(source="cron").id, turn(f"run {i}", "done"))
    assert store.prune(older_than=time.time() + 1, batch=10) == 26
    assert store.list_sessions() == []


def test_import_session_is_all_or_nothing(store):
    msgs = turn("imported question", "imported answer")
    info = store.import_session(msgs, session_id="imp-1", scope="bob", title="Old chat")
    assert info.id == "imp-1" and info.source == "import" and info.scope == "bob" and info.message_count == 2
    assert info.created_at == min(m.timestamp for m in msgs)
    assert contents(store.get_messages("imp-1")) == ["imported question", "imported answer"]
    assert store.import_session(turn("x", "y"), session_id="imp-1") is None
    assert contents(store.get_messages("imp-1")) == ["imported question", "imported answer"]


# ---- run records -----------------------------------------------------------------------------------

def test_run_records(store):
    r1 = store.record_run_start("job-a", started_at=100.0)
    r2 = store.record_run_start("job-a", started_at=200.0, session_id="s1")
    r3 = store.record_run_start("job-b", started_at=150.0, status="missed")
    store.record_run_end(r1, status="ok", ended_at=110.0, tokens=42, output_path="/x.md")
    store.record_run_end(r2, status="failed", ended_at=210.0, error="boom")
    runs = store.list_runs("job-a")
    assert [r.id for r in runs] == [r2, r1]
    assert runs[0].status == "failed" and runs[0].error == "boom" and runs[0].session_id == "s1"
    assert runs[1].tokens == 42 and runs[1].ended_at == 110.0 and runs[1].output_path == "/x.md"
    assert runs[1].session_id is None and runs[1].error is None
    assert [r.id for r in store.list_runs()] == [r2, r3, r1]
    assert [r.id for r in store.list_runs(status="missed")] == [r3]
    assert len(store.list_runs(limit=1)) == 1
    with pytest.raises(StoreError):
        store.record_run_end(9999, status="ok", ended_at=1.0)
    with pytest.raises(ValueError):
        store.record_run_start("j", started_at=1.0, status="weird")
    with pytest.raises(ValueError):
        store.record_run_end(r1, status="weird", ended_at=1.0)


# ---- search ----------------------------------------------------------------------------------------

@pytest.fixture
def corpus(store):
    a = store.create_session(title="Docker build", source="cli")
    store.append_messages(a.id, [
        Message.system("You are Hermes."),
        Message.user("The docker build keeps failing with a disk error"),
        Message.assistant(None, [ToolCall("c1", "terminal", '{"command": "docker system prune"}')]),
        Message.tool("c1", "terminal", "Total reclaimed space: 4GB"),
        Message.assistant("I pruned unused images; the build should pass now."),
    ])
    b = store.create_session(title="Garden", source="telegram", scope="alice")
    store.append_messages(b.id, turn("When should I plant tomatoes?", "Plant tomatoes after the last frost."))
    c = store.create_session(title="Running", source="cli")
    store.append_messages(c.id, turn("I went running yesterday", "Great, runners need rest days too."))
    return store, a, b, c


def test_search_ranks_with_snippet_title_and_context(corpus):
    store, a, b, c = corpus
    hits = store.search("docker build error")
    assert hits[0].session_id == a.id and hits[0].role == "user" and hits[0].source == "cli"
    assert f"{HL_START}docker{HL_END}" in hits[0].snippet and hits[0].title == "Docker build"
    assert hits[0].score > 0 and [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert hits[0].timestamp == store.get_messages(a.id)[1].timestamp
    ctx = hits[0].context  # one message before (system) and one after (the tool call)
    assert [m.role for m in ctx] == ["system", "assistant"] and ctx[1].tool_calls[0].name == "terminal"
    assert len(store.search("docker build error", context=0)[0].context) == 0
    assert len(store.search("disk error", context=2)[0].context) == 3  # 1 before exists, 2 after


def test_search_stems_and_ors_meaningful_terms(corpus):
    store, a, b, c = corpus
    assert {h.session_id for h in store.search("run")} == {c.id}  # running stems to run
    assert {h.session_id for h in store.search("tomato OR docker")} == {a.id, b.id}
    assert {h.session_id for h in store.search("what did we say about planting the tomatoes please")} == {b.id}


def test_search_covers_tool_names_and_arguments(corpus):
    store, a, *_ = corpus
    hits = store.search("prune")
    assert {h.session_id for h in hits} == {a.id} and len(hits) == 2  # the call args and the answer
    assert any(h.role == "tool" for h in store.search("reclaimed"))
    assert store.search("terminal")[0].session_id == a.id


def test_search_filters(corpus):
    store, a, b, c = corpus
    q = "docker tomatoes running"
    assert {h.session_id for h in store.search(q)} == {a.id, b.id, c.id}
    assert {h.session_id for h in store.search(q, scope="alice")} == {b.id}
    assert {h.session_id for h in store.search(q, sources=["telegram", "cron"])} == {b.id}
    assert {h.session_id for h in store.search(q, session_id=c.id)} == {c.id}
    assert {h.role for h in store.search("tomatoes", roles=["assistant"])} == {"assistant"}
    ts = store.get_messages(c.id)[0].timestamp
    assert {h.session_id for h in store.search(q, since=ts)} == {c.id}
    assert c.id not in {h.session_id for h in store.search(q, until=ts - 1e-3)}
    assert len(store.search(q, limit=1)) == 1
    assert store.search(q, limit=0) == []


def test_scoped_search_never_returns_another_scopes_rows(store):
    mine = store.create_session(scope="alice", source="api")
    theirs = store.create_session(scope="bob", source="api")
    store.append_messages(mine.id, turn("my secret password manager is vaultwarden", "noted, 东京的密码"))
    store.append_messages(theirs.id, turn("bob uses vaultwarden as password manager", "ok, 东京的密码"))
    for q in ("vaultwarden", "password manager", "东京", "密码", "bob"):
        assert {h.session_id for h in store.search(q, scope="alice")} <= {mine.id}
        assert {h.session_id for h in store.search(q, scope="bob")} == {theirs.id}
        for h in store.search(q, scope="alice"):
            assert all(m.content != "bob uses vaultwarden as password manager" for m in h.context)
    assert store.search("vaultwarden", scope="carol") == []
    assert store.search("vaultwarden", scope="alice", session_id=theirs.id) == []


def test_search_hits_original_rows_not_summaries(corpus):
    store, a, *_ = corpus
    rows = store.get_messages(a.id)
    store.compact(a.id, [m.id for m in rows[1:4]], Message.user("summary: docker disk trouble"))
    hits = store.search("docker disk")
    assert hits and all(not h.snippet.startswith("summary") for h in hits)
    assert rows[1].id in {h.message_id for h in hits}  # compacted originals stay searchable


def test_tool_output_indexed_only_first_8k(store):
    s = store.create_session()
    big = "filler " * 1500 + "needleword"  # past 8 KB
    store.append_messages(s.id, [Message.user("go"), Message.assistant(None, [ToolCall("c", "read_file", "{}")]),
                                 Message.tool("c", "read_file", big), Message.assistant("early needleword here")])
    assert [h.role for h in store.search("needleword")] == ["assistant"]
    assert store.get_messages(s.id)[2].content == big  # the row itself is whole


PUNCTUATION_QUERIES = [
    "", "   ", "*", '"', '""', "'", "-", "AND", "OR NOT", "NEAR(docker build)", "docker AND", '"docker',
    "docker*", "-docker", "^docker", "docker:build", "(docker", "docker)", "col:docker", "a OR OR b",
    "{docker}", "docker + build", "NOT docker", '"unbalanced quote', "emoji 🐳 docker", "%_", "\x00docker",
    "c++ / c#", "docker-compose.yml", "what's the build?", "x" * 5000, "docker " * 200, "a & b | !c <-> d",
    "docker:* & !build", "'docker' <2> 'build'", "\\", "'; DROP TABLE messages; --", "$1 %s ?", "東京*",
]


def test_punctuation_and_query_syntax_never_raise(corpus):
    store, a, *_ = corpus
    for q in PUNCTUATION_QUERIES:
        assert isinstance(store.search(q), list), q
    assert store.search("'; DROP TABLE messages; --") is not None and store.get_messages(a.id)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=60))
def test_search_never_raises_fuzz(corpus, query):
    store, *_ = corpus
    store.search(query)


def test_search_special_queries_still_find(corpus):
    store, a, b, c = corpus
    assert store.search('"docker')[0].session_id == a.id
    assert store.search("-docker")[0].session_id == a.id
    assert store.search("NEAR(docker build)")[0].session_id == a.id
    assert store.search("what's the docker build?")[0].session_id == a.id
    assert store.search("tomat*")[0].session_id == b.id  # a trailing * is a prefix search
    # only stop words: they are searched as words rather than giving nothing
    assert any(f"{HL_START}the{HL_END}" in h.snippet.lower() for h in store.search("the and of"))


def test_cjk_search(store):
    zh = store.create_session(title="中文")
    store.append_messages(zh.id, turn("东京的天气怎么样？我想用Python写一个爬虫", "东京今天晴天，气温二十度。"))
    ja = store.create_session(title="日本語")
    store.append_messages(ja.id, turn("機械学習のモデルを訓練したい", "まずデータセットを準備しましょう。"))
    ko = store.create_session(title="한국어")
    store.append_messages(ko.id, turn("서울 날씨 어때요?", "서울은 오늘 맑습니다."))
    en = store.create_session()
    store.append_messages(en.id, turn("plain english about python", "ok"))

    assert {h.session_id for h in store.search("爬虫")} == {zh.id}                # 2 characters
    assert {h.session_id for h in store.search("机器学习 天气")} == {zh.id}        # partial CJK term
    assert {h.session_id for h in store.search("データセット")} == {ja.id}
    assert {h.session_id for h in store.search("機械学習モデル")} == {ja.id}       # no exact phrase
    assert {h.session_id for h in store.search("서울")} == {ko.id}
    assert {h.session_id for h in store.search("서울의 날씨")} == {ko.id}
    assert {h.session_id for h in store.search("东京天气")} == {zh.id}             # bigram fallback
    hit = store.search("データセット")[0]
    assert HL_START in hit.snippet and hit.title == "日本語"
    assert {h.session_id for h in store.search("python")} == {zh.id, en.id}  # Latin glued to CJK too
    assert store.search("爬虫", scope="nobody") == []


# ---- concurrency -----------------------------------------------------------------------------------

def _child_turns(spec: tuple[str, str], own: str, shared: str, k: int, turns: int) -> None:
    store = open_spec(spec)
    for i in range(turns):
        store.append_messages(own, turn(f"p{k}-{i}", f"p{k}-{i}-a"))
        if i % 4 == 0:
            store.append_messages(shared, turn(f"x{k}-{i}", f"x{k}-{i}-a"))
    store.close()


def _assert_interleaved_in_order(msgs: list[Message], prefix: str, writers: int, per_writer: list[int]) -> None:
    """Each writer's turns appear whole (question then its answer) and in the order written."""
    assert len(msgs) == 2 * writers * len(per_writer)
    for q, a in zip(msgs[::2], msgs[1::2]):
        assert q.role == "user" and a.content == f"{q.content}-a"
    for k in range(writers):
        mine = [m.content for m in msgs[::2] if m.content.startswith(f"{prefix}{k}-")]
        assert mine == [f"{prefix}{k}-{i}" for i in per_writer]
    ids = [m.id for m in msgs]
    assert ids == sorted(ids)  # row ids follow the session's order too


def test_concurrent_processes_and_threads_lose_nothing_and_keep_order(store, backend):
    procs_n, turns = 4, 100
    own = [store.create_session(source="cron").id for _ in range(procs_n)]
    shared_p = store.create_session().id
    ctx = mp.get_context("fork")
    procs = [ctx.Process(target=_child_turns, args=(backend.spec, own[k], shared_p, k, turns))
             for k in range(procs_n)]
    for p in procs:
        p.start()

    shared_t = store.create_session().id
    errors: list[BaseException] = []

    def writer(k: int) -> None:
        try:
            for i in range(50):
                store.append_messages(shared_t, turn(f"t{k}-{i}", f"t{k}-{i}-a"), usage=Usage(1, 1))
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    for p in procs:
        p.join(120)
    assert errors == [] and [p.exitcode for p in procs] == [0] * procs_n

    for k, sid in enumerate(own):
        msgs = store.get_messages(sid)
        assert contents(msgs) == [x for i in range(turns) for x in (f"p{k}-{i}", f"p{k}-{i}-a")]
        assert store.get_session(sid).message_count == 2 * turns
    _assert_interleaved_in_order(store.get_messages(shared_p), "x", procs_n, list(range(0, turns, 4)))
    _assert_interleaved_in_order(store.get_messages(shared_t), "t", 4, list(range(50)))
    info = store.get_session(shared_t)
    assert info.message_count == 400 and info.usage == Usage(200, 200)


def _child_append(store: SessionStore, sid: str) -> None:
    store.append_messages(sid, turn("child", "ok"))


def test_store_survives_fork(store):
    s = store.create_session()
    store.append_messages(s.id, turn("parent", "first"))  # the parent holds an open connection now
    p = mp.get_context("fork").Process(target=_child_append, args=(store, s.id))
    p.start()
    p.join(30)
    assert p.exitcode == 0
    store.append_messages(s.id, turn("parent", "ok"))
    assert contents(store.get_messages(s.id)) == ["parent", "first", "child", "ok", "parent", "ok"]
