"""`hermes sessions ...` through typer's CliRunner against a real store in a temp HERMES_HOME."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from hermes.cli.common import Runtime, get_runtime, set_runtime
from hermes.cli.sessions import app
from hermes.core.messages import Message, ToolCall, Usage

runner = CliRunner()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "home"))
    set_runtime(Runtime())
    yield tmp_path / "home"
    store = get_runtime()._store
    if store is not None:
        store.close()
    set_runtime(Runtime())


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def run_json(*args: str):
    r = run(*args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.fixture
def seeded(home):
    store = get_runtime().store()
    a = store.create_session(source="cli", title="Docker build trouble")
    store.append_messages(a.id, [
        Message.user("the docker build fails with no space left"),
        Message.assistant(None, [ToolCall("c1", "terminal", '{"command": "docker system prune -f"}')]),
        Message.tool("c1", "terminal", "Total reclaimed space: 4GB"),
        Message.assistant("Freed 4GB; try the build again."),
    ], usage=Usage(1200, 300, 100, 0), cost_usd=0.0123)
    time.sleep(0.01)
    b = store.create_session(source="telegram", scope="alice", title="Tomatoes")
    store.append_messages(b.id, [Message.user("when to plant tomatoes"), Message.assistant("After the frost.")])
    return store, a, b


def test_list(home, seeded):
    store, a, b = seeded
    data = run_json("list")
    assert [d["id"] for d in data] == [b.id, a.id]
    assert data[1]["title"] == "Docker build trouble" and data[1]["message_count"] == 4
    assert data[1]["tokens"] == 1500 and data[1]["source"] == "cli" and data[1]["scope"] == "owner"
    assert [d["id"] for d in run_json("list", "--source", "cli")] == [a.id]
    assert [d["id"] for d in run_json("list", "--scope", "alice")] == [b.id]
    assert len(run_json("list", "--limit", "1")) == 1
    r = run("list")
    assert r.exit_code == 0 and a.id in r.stdout and "Tomatoes" in r.stdout and "1,500" in r.stdout


def test_list_empty(home):
    r = run("list")
    assert r.exit_code == 0 and "No sessions" in r.stdout
    assert run_json("list") == []


def test_show(home, seeded):
    store, a, _ = seeded
    r = run("show", a.id)
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "Docker build trouble" in out and "the docker build fails" in out
    assert "→ terminal" in out and "docker system prune -f" in out and "tool terminal" in out
    assert "input 1,200" in out and "output 300" in out and "cache read 100" in out and "$0.0123" in out
    data = run_json("show", a.id)
    assert data["session"]["id"] == a.id
    assert [m["role"] for m in data["messages"]] == ["user", "assistant", "tool", "assistant"]
    assert data["messages"][1]["tool_calls"][0]["function"]["name"] == "terminal"
    r = run("show", "nope")
    assert r.exit_code == 1 and "no session" in r.stderr


def test_show_full_includes_compacted(home, seeded):
    store, a, _ = seeded
    rows = store.get_messages(a.id)
    store.compact(a.id, [rows[0].id, rows[1].id], Message.user("summary of the start"))
    assert [m["content"] for m in run_json("show", a.id)["messages"]][0] == "summary of the start"
    full = run_json("show", a.id, "--full")["messages"]
    assert len(full) == 5 and [m["summary"] for m in full].count(True) == 1


def test_search(home, seeded):
    store, a, b = seeded
    hits = run_json("search", "docker build space")
    assert hits[0]["session_id"] == a.id and ">>>docker<<<" in hits[0]["snippet"].lower()
    assert hits[0]["title"] == "Docker build trouble" and hits[0]["context"]
    assert {h["session_id"] for h in run_json("search", "tomatoes", "--scope", "alice")} == {b.id}
    assert run_json("search", "tomatoes", "--source", "cli") == []
    assert {h["role"] for h in run_json("search", "tomatoes frost", "--role", "assistant")} == {"assistant"}
    assert len(run_json("search", "docker tomatoes", "--since", "1d")) >= 2
    assert run_json("search", "docker tomatoes", "--until", "2001-01-01") == []
    assert len(run_json("search", "docker", "--limit", "1")) == 1
    r = run("search", 'docker "AND (NOT')
    assert r.exit_code == 0 and a.id in r.stdout
    assert "No matches" in run("search", "zzzqqq").stdout
    r = run("search", "x", "--since", "last tuesday")
    assert r.exit_code == 1 and "cannot read" in r.stderr
    assert run("search", "x", "--role", "robot").exit_code == 1


def test_export_single_and_all(home, seeded, tmp_path):
    store, a, b = seeded
    r = run("export", a.id)
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["role"] for x in lines] == ["user", "assistant", "tool", "assistant"]
    assert lines[0]["session"] == a.id and lines[0]["scope"] == "owner" and lines[0]["source"] == "cli"
    assert lines[1]["tool_calls"][0]["function"]["arguments"] == '{"command": "docker system prune -f"}'
    assert lines[2]["tool_call_id"] == "c1" and lines[2]["name"] == "terminal"
    assert isinstance(lines[0]["timestamp"], float)
    out = tmp_path / "all.jsonl"
    summary = run_json("export", "--all", "-o", str(out))
    assert summary == {"file": str(out), "sessions": 2, "messages": 6}
    assert {json.loads(x)["session"] for x in out.read_text().splitlines()} == {a.id, b.id}
    assert run("export").exit_code == 1
    assert run("export", "nope").exit_code == 1


def _write(path, rows) -> str:
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n")
    return str(path)


def test_import_with_speakers(home, tmp_path):
    f = _write(tmp_path / "conv.jsonl", [
        {"session": "conv-1", "role": "user", "content": "I adopted a dog named Rex", "speaker": "Caroline",
         "timestamp": "2023-05-08T13:56:00"},
        {"session": "conv-1", "role": "assistant", "content": "Congratulations!", "speaker": "Melanie",
         "timestamp": 1683554200},
        "",
        {"session": "conv-2", "role": "user", "content": "hello", "scope": "team"},
    ])
    data = run_json("import", f)
    assert data == {"file": f, "sessions": 2, "messages": 3, "skipped": [], "errors": []}
    store = get_runtime().store()
    s = store.get_session("conv-1")
    assert s.source == "import" and s.scope == "owner" and s.message_count == 2
    msgs = store.get_messages("conv-1")
    assert [m.content for m in msgs] == ["Caroline: I adopted a dog named Rex", "Melanie: Congratulations!"]
    assert msgs[1].timestamp == 1683554200
    assert store.get_session("conv-2").scope == "team"
    assert store.search("Rex dog")[0].session_id == "conv-1"
    again = run("import", f)  # idempotent: existing sessions are skipped, not duplicated
    assert again.exit_code == 0 and "Skipped 2" in again.stdout
    assert store.get_session("conv-1").message_count == 2


def test_import_reports_bad_lines_and_writes_nothing(home, tmp_path):
    f = _write(tmp_path / "bad.jsonl", [
        {"session": "ok-1", "role": "user", "content": "fine"},
        "{not json",
        {"session": "ok-1", "role": "wizard", "content": "x"},
        {"session": "has space", "role": "user", "content": "x"},
        {"session": "ok-2", "role": "user", "content": 5},
        {"session": "ok-2", "role": "user", "content": "x", "timestamp": "yesterday-ish"},
        ["a", "list"],
    ])
    r = run("import", f)
    assert r.exit_code == 1
    for n in (2, 3, 4, 5, 6, 7):
        assert f"line {n}:" in r.stderr
    assert "line 1:" not in r.stderr and "nothing imported" in r.stderr
    assert get_runtime().store().list_sessions() == []
    data = json.loads(run("import", f, "--json").stdout)
    assert data["sessions"] == 0 and len(data["errors"]) == 6
    assert run("import", str(tmp_path / "missing.jsonl")).exit_code == 1


def test_import_reads_dates_as_people_write_them(home, tmp_path):
    import datetime as dt

    local = lambda *a: dt.datetime(*a).timestamp()  # noqa: E731 - naive dates are local time
    lines = [("1:10 pm on 27 March, 2023", local(2023, 3, 27, 13, 10)),
             ("27 March 2023", local(2023, 3, 27)),
             ("March 27, 2023 1:10 PM", local(2023, 3, 27, 13, 10)),
             ("Mon, 27 Mar 2023 13:10:00 +0000", dt.datetime(2023, 3, 27, 13, 10, tzinfo=dt.timezone.utc).timestamp()),
             ("2023/03/27 13:10", local(2023, 3, 27, 13, 10))]
    f = _write(tmp_path / "human.jsonl", [{"session": "locomo-1", "role": "user", "content": f"m{i}",
                                           "timestamp": text} for i, (text, _) in enumerate(lines)])
    assert run_json("import", f)["messages"] == len(lines)
    got = [m.timestamp for m in get_runtime().store().get_messages("locomo-1")]
    assert got == [want for _, want in lines]


def test_import_refuses_partial_or_unreadable_dates_with_the_line(home, tmp_path):
    f = _write(tmp_path / "partial.jsonl", [
        {"session": "p-1", "role": "user", "content": "a", "timestamp": "27 March 2023"},
        {"session": "p-1", "role": "user", "content": "b", "timestamp": "March"},  # no year or day
        {"session": "p-1", "role": "user", "content": "c", "timestamp": "10:00"},  # no date at all
        {"session": "p-1", "role": "user", "content": "d", "timestamp": "the day after the party"},
    ])
    r = run("import", f)
    assert r.exit_code == 1 and "line 1:" not in r.stderr
    for n in (2, 3, 4):
        assert f"line {n}:" in r.stderr
    assert get_runtime().store().list_sessions() == []


def test_export_import_roundtrip(home, seeded, tmp_path, monkeypatch):
    store, a, b = seeded
    dump = tmp_path / "dump.jsonl"
    assert run("export", "--all", "-o", str(dump)).exit_code == 0
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "other"))
    set_runtime(Runtime())  # a second, empty home
    assert run_json("import", str(dump))["messages"] == 6
    copy = get_runtime().store()
    assert copy.get_session(b.id).scope == "alice" and copy.get_session(a.id).title == "Docker build trouble"
    assert [m.to_openai() for m in copy.get_messages(a.id)] == [m.to_openai() for m in store.get_messages(a.id)]


def test_delete_asks_first(home, seeded):
    store, a, b = seeded
    r = run("delete", a.id, input="n\n")
    assert r.exit_code == 1 and store.get_session(a.id) is not None
    r = run("delete", a.id, input="y\n")
    assert r.exit_code == 0 and store.get_session(a.id) is None
    assert run_json("delete", b.id, "--yes") == {"deleted": True, "session": b.id}
    assert run("delete", "nope", "--yes").exit_code == 1


def test_prune(home, seeded):
    store, a, b = seeded
    conn = sqlite3.connect(home / "state.db")
    conn.execute("UPDATE sessions SET updated_at = ? WHERE id = ?", (time.time() - 40 * 86400, a.id))
    conn.commit()
    assert run("prune", "--older-than", "30d", input="n\n").exit_code == 1
    assert store.get_session(a.id) is not None
    assert run_json("prune", "--older-than", "30d", "--source", "telegram", "--yes")["deleted"] == 0
    assert run_json("prune", "--older-than", "30d", "--yes")["deleted"] == 1
    assert store.get_session(a.id) is None and store.get_session(b.id) is not None
    r = run("prune", "--older-than", "soon", "--yes")
    assert r.exit_code == 1 and "cannot read" in r.stderr


def test_module_entry_point(home, seeded):
    env = {**os.environ, "HERMES_HOME": str(home)}
    r = subprocess.run([sys.executable, "-m", "hermes.cli.sessions", "list", "--json"], env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)) == 2
