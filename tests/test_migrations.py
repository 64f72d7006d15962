"""Migrations: from an empty file, and from every older schema version with data already in it."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest

from hermes.core.messages import Message
from hermes.state import StoreError
from hermes.state.migrations import MIGRATIONS, SCHEMA_VERSION, current_version, migrate
from hermes.state.sqlite import SQLiteStore


def _connect(path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def test_steps_are_numbered_one_by_one():
    assert [m.version for m in MIGRATIONS] == list(range(1, len(MIGRATIONS) + 1))
    assert SCHEMA_VERSION == len(MIGRATIONS)


def test_empty_db_migrates_to_latest_and_records_each_step(tmp_path):
    path = tmp_path / "state.db"
    SQLiteStore(path).close()
    conn = _connect(path)
    rows = conn.execute("SELECT version, applied_at FROM schema_migrations ORDER BY version").fetchall()
    assert [r[0] for r in rows] == list(range(1, SCHEMA_VERSION + 1)) and all(r[1] > 0 for r in rows)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert {"sessions", "messages", "messages_fts", "messages_cjk", "cron_runs"} <= tables
    SQLiteStore(path).close()  # reopening applies nothing twice
    assert conn.execute("SELECT COUNT(*) FROM schema_migrations").fetchone()[0] == SCHEMA_VERSION


def _seed(conn: sqlite3.Connection, version: int) -> None:
    """Data written the way a Hermes at `version` would have: raw rows, no FTS help."""
    conn.execute("INSERT INTO sessions (id, source, scope, title, created_at, updated_at, message_count, "
                 "input_tokens, output_tokens, cost_usd) VALUES "
                 "('old1', 'cli', 'owner', 'Old session', 100, 200, 4, 30, 12, 0.5)")
    calls = json.dumps([{"id": "c1", "type": "function",
                         "function": {"name": "terminal", "arguments": '{"command": "uptime"}'}}])
    rows = [(1.0, "user", "how is the kubernetes cluster doing", None, None, None),
            (2.0, "assistant", None, calls, None, None),
            (3.0, "tool", "load average 0.42", None, "c1", "terminal"),
            (4.0, "assistant", "集群运行正常，负载很低", None, None, None)]
    for seq, role, content, tc, tcid, name in rows:
        conn.execute("INSERT INTO messages (session_id, seq, role, content, tool_calls, tool_call_id, tool_name, "
                     "timestamp) VALUES ('old1', ?, ?, ?, ?, ?, ?, ?)", (seq, role, content, tc, tcid, name, 100 + seq))
    if version >= 4:
        conn.execute("INSERT INTO cron_runs (job_id, started_at, status) VALUES ('nightly', 50, 'ok')")


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
def test_upgrade_from_every_older_version_keeps_data_and_search(tmp_path, version):
    path = tmp_path / "state.db"
    conn = _connect(path)
    assert migrate(conn, target=version) == list(range(1, version + 1))
    assert current_version(conn) == version
    _seed(conn, version)
    conn.close()

    store = SQLiteStore(path)
    assert current_version(store._db()) == SCHEMA_VERSION
    info = store.get_session("old1")
    assert info.title == "Old session" and info.message_count == 4 and info.usage.total == 42
    msgs = store.get_messages("old1")
    assert [m.role for m in msgs] == ["user", "assistant", "tool", "assistant"]
    assert msgs[1].tool_calls[0].name == "terminal" and msgs[2].tool_call_id == "c1"
    # rows written before the indexes existed are searchable after the upgrade
    assert [h.message_id for h in store.search("kubernetes clusters")] == [msgs[0].id]
    assert {h.message_id for h in store.search("uptime")} == {msgs[1].id}
    assert [h.message_id for h in store.search("负载")] == [msgs[3].id]
    # and the indexes stay consistent when old rows are removed and new ones added
    store.append_messages("old1", [Message.user("kubernetes again")])
    assert store.delete_last_turn("old1") == 1
    assert store.delete_session("old1")
    assert store.search("kubernetes") == [] and store.search("负载") == []
    runs = store.list_runs("nightly")
    assert len(runs) == (1 if version >= 4 else 0)
    store.close()
    # The raw indexes hold no stale entries (the store's joins would hide them).
    check = _connect(path)
    assert check.execute("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'kubernetes OR uptime "
                         "OR load'").fetchall() == []
    assert check.execute("SELECT COUNT(*) FROM messages_cjk").fetchone()[0] == 0


def test_newer_schema_is_refused(tmp_path):
    path = tmp_path / "state.db"
    SQLiteStore(path).close()
    conn = _connect(path)
    conn.execute("INSERT INTO schema_migrations VALUES (?, 0)", (SCHEMA_VERSION + 1,))
    conn.close()
    with pytest.raises(StoreError, match="newer than this Hermes"):
        SQLiteStore(path)


def test_not_a_database_is_a_store_error(tmp_path):
    path = tmp_path / "state.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError):
        SQLiteStore(path)


_OPEN = """
import sys
from hermes.state.sqlite import SQLiteStore
s = SQLiteStore(sys.argv[1])
s.create_session(title="from " + sys.argv[2])
s.close()
"""


def test_processes_opening_a_fresh_db_at_once_migrate_once(tmp_path):
    path = tmp_path / "state.db"
    procs = [subprocess.Popen([sys.executable, "-c", _OPEN, str(path), str(i)], stderr=subprocess.PIPE)
             for i in range(4)]
    for p in procs:
        _, err = p.communicate(timeout=60)
        assert p.returncode == 0, err.decode()
    conn = _connect(path)
    assert [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")] == \
        list(range(1, SCHEMA_VERSION + 1))
    assert conn.execute("SELECT COUNT(*) FROM sessions").fetchone()[0] == 4
