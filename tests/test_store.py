"""SQLiteStore specifics against a real state.db in a temp dir: pragmas, locking, transactions, FTS
tables, CJK and cost bounds. Behaviour both stores share is in test_store_contract.py."""

from __future__ import annotations

import sqlite3
import stat
import threading
import time

import pytest

from hermes.core.messages import Message, Usage
from hermes.state import SessionStore, StoreError, open_store
from hermes.state.migrations import SCHEMA_VERSION
from hermes.state.search import build_plan
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


# ---- sessions ---------------------------------------------------------------------------------------

# ---- messages --------------------------------------------------------------------------------------

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


def test_deleted_and_pruned_sessions_leave_no_fts_rows(store):
    gone, pruned, keep = (store.create_session(source="cli") for _ in range(3))
    for sid in (gone.id, pruned.id, keep.id):
        store.append_messages(sid, turn(f"zebra in {sid}", "noted"))
    store.delete_session(gone.id)
    store._db().execute("UPDATE sessions SET updated_at = 1000 WHERE id = ?", (pruned.id,))
    assert store.prune(older_than=2000.0) == 1
    # no stale index entries left behind (the store's joins would hide them from search)
    raw = store._db()
    assert raw.execute("SELECT COUNT(*) FROM messages_fts WHERE messages_fts MATCH 'zebra'").fetchone()[0] == 1
    assert raw.execute("SELECT COUNT(*) FROM messages").fetchone()[0] == 2


def test_prune_many_in_batches(store):
    for i in range(25):
        s = store.create_session(source="cron")
        store.append_messages(s.id, turn(f"run {i}", "done"))
    assert store.prune(older_than=time.time() + 1, batch=10) == 25
    assert store.list_sessions() == []


# ---- run records -----------------------------------------------------------------------------------

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


# ---- search ----------------------------------------------------------------------------------------

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
