"""SQLiteStore against a real state.db in a temp dir: sessions, messages, compaction, search, runs."""

from __future__ import annotations

import re
import sqlite3
import stat
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hermes.core.messages import Message, ToolCall, Usage
from hermes.state import SessionStore, StoreError, open_store
from hermes.state.migrations import SCHEMA_VERSION
from hermes.state.search import HL_END, HL_START, build_plan
from hermes.state.sqlite import SQLiteStore


@pytest.fixture
def store(tmp_path):
    s = SQLiteStore(tmp_path / "state.db")
    yield s
    s.close()


def turn(user: str, answer: str) -> list[Message]:
    return [Message.user(user), Message.assistant(answer)]


def contents(msgs: list[Message]) -> list[str | None]:
    return [m.content for m in msgs]


# ---- opening ---------------------------------------------------------------------------------------

def test_open_sets_wal_pragmas_and_private_file(tmp_path, store):
    assert isinstance(store, SessionStore)
    conn = sqlite3.connect(tmp_path / "state.db")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()[0] == SCHEMA_VERSION
    assert stat.S_IMODE((tmp_path / "state.db").stat().st_mode) == 0o600
    live = store._db()
    assert live.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert live.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL


def test_open_store_uses_home_state_db(tmp_path):
    from hermes.home import Home

    home = Home(tmp_path / "h").ensure()
    s = open_store(home)
    assert isinstance(s, SQLiteStore) and s.path == home.state_db
    s.close()


def test_closed_store_refuses_use(store):
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.list_sessions()


# ---- sessions ---------------------------------------------------------------------------------------

def test_session_ids_are_sortable_time_plus_hex(store):
    info = store.create_session(created_at=time.mktime((2026, 11, 22, 22, 43, 35, 0, 0, -1)))
    assert re.fullmatch(r"20261122_224335_[0-9a-f]{6}", info.id)
    assert store.get_session(info.id).created_at == info.created_at
    assert store.get_session("nope") is None


def test_create_with_explicit_id_is_idempotent_but_refuses_conflicts(store):
    a = store.create_session(session_id="api-abc", source="api", scope="k1")
    again = store.create_session(session_id="api-abc", source="api", scope="k1")
    assert again.id == a.id and len(store.list_sessions()) == 1
    with pytest.raises(StoreError, match="already exists"):
        store.create_session(session_id="api-abc", source="api", scope="other")
    with pytest.raises(StoreError, match="no session"):
        store.create_session(parent_id="missing")


def test_list_sessions_newest_first_with_filters(store):
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
    assert [s.id for s in store.list_sessions(limit=2, offset=1)] == [ids[3], ids[2]]
    assert store.list_sessions()[0].message_count == 4


def test_title_and_system_prompt(store):
    s = store.create_session()
    store.set_title(s.id, "Docker woes")
    store.set_system_prompt(s.id, "You are Hermes.")
    assert store.get_session(s.id).title == "Docker woes"
    assert store.get_system_prompt(s.id) == "You are Hermes."
    assert store.get_system_prompt("missing") is None
    with pytest.raises(StoreError):
        store.set_title("missing", "x")


# ---- messages --------------------------------------------------------------------------------------

def test_append_roundtrip_usage_and_order(store):
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


def test_append_to_unknown_session_or_bad_role_fails_cleanly(store):
    with pytest.raises(StoreError, match="no session"):
        store.append_messages("missing", turn("a", "b"))
    s = store.create_session()
    with pytest.raises(ValueError):
        store.append_messages(s.id, [Message("robot", "x")])  # type: ignore[arg-type]
    assert store.get_messages(s.id) == []


def test_append_is_one_transaction(tmp_path, store):
    s = store.create_session()
    store.append_messages(s.id, turn("before", "ok"), usage=Usage(1, 1))
    raw = sqlite3.connect(tmp_path / "state.db")
    raw.execute("CREATE TRIGGER boom BEFORE INSERT ON messages WHEN new.content = 'boom' "
                "BEGIN SELECT RAISE(ABORT, 'boom'); END")
    raw.commit()
    with pytest.raises(StoreError, match="boom"):
        store.append_messages(s.id, [Message.user("fine"), Message.assistant("boom")], usage=Usage(50, 50))
    assert contents(store.get_messages(s.id)) == ["before", "ok"]
    info = store.get_session(s.id)
    assert info.message_count == 2 and info.usage.total == 2
    assert store.search("fine") == []  # no stray FTS rows either


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
    # trimming without a summary, and ids from another session are refused
    store.compact(s.id, [active[2].id], None)
    assert contents(store.get_messages(s.id)) == ["sys", "[summary] q1/q2 discussed", "a3", "q4", "a4"]
    other = store.create_session()
    with pytest.raises(StoreError):
        store.compact(other.id, [active[3].id], None)


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
    assert f.title == "Trip (fork)" and f.usage.total == 0 and f.message_count == 2
    forked = store.get_messages(f.id)
    assert contents(forked) == ["sum", "q2", "a2"] and forked[0].summary
    assert store.get_system_prompt(f.id) == "prompt"
    store.append_messages(f.id, turn("q3", "a3"))
    assert contents(store.get_messages(s.id)) == ["sum", "q2", "a2"]  # parent untouched
    with pytest.raises(StoreError):
        store.fork("missing")


def test_delete_and_prune(store):
    old = store.create_session(source="cron", created_at=1000.0)
    old2 = store.create_session(source="cli")
    keep = store.create_session(source="cli")
    for sid in (old.id, old2.id, keep.id):
        store.append_messages(sid, turn(f"zebra in {sid}", "noted"))
    child = store.fork(old2.id)
    raw = store._db()
    raw.execute("UPDATE sessions SET updated_at = 1000 WHERE id IN (?, ?)", (old.id, old2.id))
    assert store.prune(older_than=2000.0, source="cli") == 1
    assert store.get_session(old2.id) is None and store.get_session(old.id) is not None
    assert store.get_session(child.id).parent_id is None  # the fork survives its parent
    assert store.prune(older_than=2000.0) == 1
    assert {h.session_id for h in store.search("zebra")} == {keep.id, child.id}
    assert store.delete_session(keep.id) is True
    assert store.delete_session(keep.id) is False
    assert store.get_messages(keep.id) == []
    assert {h.session_id for h in store.search("zebra")} == {child.id}
    assert raw.execute("SELECT COUNT(*) FROM messages").fetchone()[0] == 2
    # no stale index entries left behind (the store's joins would hide them)
    assert raw.execute("SELECT COUNT(*) FROM messages_fts WHERE messages_fts MATCH 'zebra'").fetchone()[0] == 1


def test_prune_many_in_batches(store):
    for i in range(25):
        s = store.create_session(source="cron")
        store.append_messages(s.id, turn(f"run {i}", "done"))
    assert store.prune(older_than=time.time() + 1, batch=10) == 25
    assert store.list_sessions() == []


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
    assert [r.id for r in store.list_runs()] == [r2, r3, r1]
    assert [r.id for r in store.list_runs(status="missed")] == [r3]
    assert len(store.list_runs(limit=1)) == 1
    with pytest.raises(StoreError):
        store.record_run_end(9999, status="ok", ended_at=1.0)
    with pytest.raises(ValueError):
        store.record_run_start("j", started_at=1.0, status="weird")


# ---- locking ---------------------------------------------------------------------------------------

def test_write_waits_for_a_lock_then_succeeds(tmp_path, store):
    s = store.create_session()
    other = sqlite3.connect(tmp_path / "state.db", isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    threading.Timer(1.5, lambda: other.execute("COMMIT")).start()
    t0 = time.monotonic()
    store.append_messages(s.id, turn("waited", "yes"))
    assert time.monotonic() - t0 >= 1.0
    assert contents(store.get_messages(s.id)) == ["waited", "yes"]


def test_write_gives_up_with_clear_error_after_patience(tmp_path):
    s = SQLiteStore(tmp_path / "state.db", patience=0.6, busy_timeout=0.1)
    sid = s.create_session().id
    other = sqlite3.connect(tmp_path / "state.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreError, match="locked by another process .* nothing was written"):
            s.append_messages(sid, turn("x", "y"))
    finally:
        other.execute("ROLLBACK")
    assert s.get_messages(sid) == []
    s.close()


def test_store_survives_fork(tmp_path, store):
    import multiprocessing as mp

    s = store.create_session()
    ctx = mp.get_context("fork")
    p = ctx.Process(target=_child_append, args=(store, s.id))
    p.start()
    p.join(20)
    assert p.exitcode == 0
    store.append_messages(s.id, turn("parent", "ok"))
    assert contents(store.get_messages(s.id)) == ["child", "ok", "parent", "ok"]


def _child_append(store: SQLiteStore, sid: str) -> None:
    store.append_messages(sid, turn("child", "ok"))


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


def test_search_ranks_by_bm25_with_snippet_title_and_context(corpus):
    store, a, b, c = corpus
    hits = store.search("docker build error")
    assert hits[0].session_id == a.id and hits[0].role == "user"
    assert f"{HL_START}docker{HL_END}" in hits[0].snippet and hits[0].title == "Docker build"
    assert hits[0].score > 0 and [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    # context: one message before (system) and one after (the tool call)
    ctx = hits[0].context
    assert [m.role for m in ctx] == ["system", "assistant"] and ctx[1].tool_calls[0].name == "terminal"
    assert len(store.search("docker build error", context=0)[0].context) == 0
    assert len(store.search("disk error", context=2)[0].context) == 3  # 1 before exists, 2 after


def test_search_stems_and_ors_terms(corpus):
    store, a, b, c = corpus
    assert {h.session_id for h in store.search("run")} == {c.id}  # running/runners stem to run
    assert {h.session_id for h in store.search("tomato OR docker")} == {a.id, b.id}
    # a partial match still finds something: OR of meaningful terms, stop words dropped
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
    hits = store.search("needleword")
    assert [h.role for h in hits] == ["assistant"]
    assert store.get_messages(s.id)[2].content == big  # the row itself is whole


@pytest.mark.parametrize("query", [
    "", "   ", "*", '"', '""', "'", "-", "AND", "OR NOT", "NEAR(docker build)", "docker AND", '"docker',
    "docker*", "-docker", "^docker", "docker:build", "(docker", "docker)", "col:docker", "a OR OR b",
    "{docker}", "docker + build", "NOT docker", '"unbalanced quote', "emoji 🐳 docker", "%_", "\x00docker",
    "c++ / c#", "docker-compose.yml", "what's the build?", "x" * 5000, "docker " * 200,
])
def test_search_never_raises_on_syntax(corpus, query):
    store, *_ = corpus
    hits = store.search(query)
    assert isinstance(hits, list)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=80))
def test_search_never_raises_fuzz(corpus, query):
    store, *_ = corpus
    store.search(query)


def test_search_special_queries_still_find(corpus):
    store, a, b, c = corpus
    assert store.search('"docker')[0].session_id == a.id
    assert store.search("-docker")[0].session_id == a.id
    assert store.search("NEAR(docker build)")[0].session_id == a.id
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

    assert {h.session_id for h in store.search("爬虫")} == {zh.id}                # 2 chars: substring scan
    assert {h.session_id for h in store.search("机器学习 天气")} == {zh.id}        # partial CJK term
    assert {h.session_id for h in store.search("データセット")} == {ja.id}         # trigram
    assert {h.session_id for h in store.search("機械学習モデル")} == {ja.id}       # no exact phrase: trigrams
    assert {h.session_id for h in store.search("서울")} == {ko.id}
    assert {h.session_id for h in store.search("서울의 날씨")} == {ko.id}
    assert {h.session_id for h in store.search("东京天气")} == {zh.id}             # bigram fallback
    hit = store.search("データセット")[0]
    assert f"{HL_START}" in hit.snippet and hit.title == "日本語"
    # Latin text glued to CJK is found too, alongside ordinary English rows
    assert {h.session_id for h in store.search("python")} == {zh.id, en.id}
    assert store.search("爬虫", scope="nobody") == []


def test_build_plan_terms():
    p = build_plan('How did we fix the "docker-compose" error in state.db? AND NOT near*')
    assert p.words == ["fix", "docker-compose", "error", "state.db", "near*"]
    assert p.fts_query() == '"fix" OR "docker-compose" OR "error" OR "state.db" OR "near"*'
    assert build_plan("the of and").words == ["the", "of", "and"]
    assert build_plan("!!! ***").empty
    p = build_plan("东京的天气 好的")
    assert p.cjk_short == ["东京", "天气", "好的"] and p.cjk == []


def test_search_cost_bounds_keep_results_sensible(store, monkeypatch):
    from hermes.state import search as search_mod

    monkeypatch.setattr(search_mod, "RARE_BUDGET", 30)
    monkeypatch.setattr(search_mod, "HUGE_MATCH", 60)
    a = store.create_session(scope="owner")
    b = store.create_session(scope="bob")
    for i in range(40):
        store.append_messages(a.id, turn(f"common words everywhere {i}", "common reply"))
    for i in range(25):
        store.append_messages(b.id, [Message.user(f"common and zanzibar {i}")])
    # rare terms first: the zanzibar rows fill the page and rank above rows with only "common"
    hits = store.search("common zanzibar", limit=20)
    assert len(hits) == 20 and all("zanzibar" in h.snippet for h in hits)
    # too many matches to rank them all: the best of the newest are returned, filters still hold
    hits = store.search("common", limit=10)
    assert len(hits) == 10 and all("common" in h.snippet for h in hits)
    assert {h.session_id for h in store.search("common", scope="owner", limit=50)} == {a.id}
    assert len(store.search("common", session_id=a.id, limit=100)) == 80
