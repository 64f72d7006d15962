"""`hermes sessions migrate --to postgres|sqlite`: a SQLite store copied into an empty PostgreSQL
database and back, with everything as stored (forks, compaction, tool calls, usage, run records,
ids), refusing a non-empty target, verified by counts and a search spot-check."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hermes.core.messages import Message, ToolCall, Usage
from test_store_postgres import pg_dsn, pg_server  # noqa: F401 - PostgreSQL fixtures

pytest.importorskip("psycopg")


def fill(store) -> dict:
    a = store.create_session(session_id="alpha", scope="owner", source="cli", title="Docker disk")
    store.set_system_prompt("alpha", "You are Hermes.")
    store.append_messages("alpha", [Message.user("the docker build failed with a disk quota error"),
                                    Message.assistant("prune the builder cache")],
                          usage=Usage(120, 30, 10, 5), model="m1", cost_usd=0.25)
    call = ToolCall(id="c1", name="terminal", arguments='{"command": "df -h"}')
    store.append_messages("alpha", [Message.user("check the volumes"),
                                    Message(role="assistant", content=None, tool_calls=[call]),
                                    Message(role="tool", content="/dev/sda1 91%", tool_call_id="c1", name="terminal"),
                                    Message.assistant("the root volume is almost full")])
    b = store.create_session(session_id="beta", scope="team", source="api")
    for i in range(30):
        store.append_messages("beta", [Message.user(f"kubernetes rollout number {i} stalled"),
                                       Message.assistant(f"rollback revision {i}")])
    msgs = store.get_messages("beta")
    store.compact("beta", [m.id for m in msgs[:10]], Message.assistant("Summary: ten stalled rollouts"))
    store.append_messages("beta", [Message.user("東京の天気はどうですか"), Message.assistant("晴れです")])
    fork = store.fork("alpha")
    store.append_messages(fork.id, [Message.user("a forked question about pandas dataframes")])
    run = store.record_run_start("job1", started_at=1000.0, session_id="alpha")
    store.record_run_end(run, status="ok", ended_at=1010.0, tokens=42, output_path="/x.md")
    return {"fork": fork.id, "a": a, "b": b}


def snapshot(store) -> dict:
    out = {}
    for info in store.list_sessions(limit=-1):
        d = {k: getattr(info, k) for k in ("source", "scope", "title", "model", "parent_id", "created_at",
                                            "message_count", "cost_usd")}
        d["usage"] = (info.usage.input_tokens, info.usage.output_tokens, info.usage.cache_read_tokens,
                      info.usage.cache_write_tokens)
        d["prompt"] = store.get_system_prompt(info.id)
        d["all"] = [(m.id, m.role, m.content, [(c.id, c.name, c.arguments) for c in m.tool_calls], m.tool_call_id,
                     m.name, m.summary) for m in store.get_messages(info.id, include_compacted=True)]
        d["active"] = [m.id for m in store.get_messages(info.id)]
        out[info.id] = d
    runs = [(r.job_id, r.status, r.tokens, r.session_id, r.output_path) for r in store.list_runs()]
    return {"sessions": out, "runs": runs}


@pytest.fixture
def cli(tmp_path, monkeypatch):
    from hermes.cli.common import Runtime, set_runtime
    from hermes.cli.sessions import app

    root = tmp_path / "home"
    root.mkdir()
    monkeypatch.setenv("HERMES_HOME", str(root))
    monkeypatch.delenv("HERMES_DATABASE_URL", raising=False)
    set_runtime(Runtime())
    runner = CliRunner()
    yield root, lambda *args: runner.invoke(app, list(args))
    set_runtime(Runtime())


def test_sqlite_to_postgres_and_back_keeps_everything(cli, pg_dsn, tmp_path):
    from hermes.state.postgres import PostgresStore
    from hermes.state.sqlite import SQLiteStore

    root, run = cli
    src = SQLiteStore(root / "state.db")
    made = fill(src)
    before = snapshot(src)
    src.close()

    r = run("migrate", "--to", "postgres", "--dsn", pg_dsn)
    assert r.exit_code == 0, r.output
    assert "Copied 3 sessions" in r.output and "found 5 of 5" in r.output
    pg = PostgresStore(pg_dsn)
    try:
        assert snapshot(pg) == before
        assert pg.get_session(made["fork"]).parent_id == "alpha"
        assert {h.session_id for h in pg.search("quota")} == {"alpha", made["fork"]}  # the fork copied it
        assert {h.session_id for h in pg.search("東京")} == {"beta"}
    finally:
        pg.close()

    r = run("migrate", "--to", "postgres", "--dsn", pg_dsn)
    assert r.exit_code != 0 and "not empty" in r.output

    back = tmp_path / "back.db"
    r = run("migrate", "--to", "sqlite", "--dsn", pg_dsn, "--sqlite-path", str(back), "--json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.output)
    assert report["copied"] == {"sessions": 3, "messages": before_count(before), "cron_runs": 1}
    assert len(report["spot_checks"]) == 5 and all(c["found"] for c in report["spot_checks"])
    top = max(i for s in before["sessions"].values() for i, *_ in s["all"])
    again = SQLiteStore(back)
    try:
        assert snapshot(again) == before
        assert [h.session_id for h in again.search("kubernetes rollout", limit=3)][0] == "beta"
        assert again.append_messages("beta", [Message.user("new row")])[0] > top
    finally:
        again.close()
    pg = PostgresStore(pg_dsn)
    try:  # the identity sequence moved past the copied ids
        assert pg.append_messages("alpha", [Message.user("after the move")])[0] > top
        assert pg.record_run_start("job2", started_at=2000.0) > 1
    finally:
        pg.close()


def before_count(snap: dict) -> int:
    return sum(len(s["all"]) for s in snap["sessions"].values())


def test_a_failed_copy_leaves_the_target_empty_and_bad_tool_call_json_is_reported(cli, pg_dsn):
    import sqlite3

    from hermes.state.migrate import MigrateError, PgSide, SqliteSide, copy_store
    from hermes.state.sqlite import SQLiteStore

    root, run = cli
    src = SQLiteStore(root / "state.db")
    fill(src)
    src.close()
    with sqlite3.connect(root / "state.db") as conn:
        conn.execute("UPDATE messages SET tool_calls = '{not json' WHERE id = (SELECT MIN(id) FROM messages "
                     "WHERE tool_calls IS NOT NULL)")
        conn.execute("UPDATE messages SET content = ? WHERE id = 1", ("nul \x00 inside",))

    class Failing(PgSide):
        def write(self, table, batch):
            super().write(table, batch)
            if table == "messages":
                raise MigrateError("disk full (simulated)")

    source, target = SqliteSide(root / "state.db"), Failing(pg_dsn)
    try:
        with pytest.raises(MigrateError, match="simulated"):
            copy_store(source, target)
        assert [target.count(t) for t in ("sessions", "messages", "cron_runs")] == [0, 0, 0]
        second = PgSide(pg_dsn)
        try:
            done = copy_store(source, second)
        finally:
            second.close()
        assert done.bad_tool_calls == 1 and done.counts["sessions"] == 3
        from test_store_postgres import raw

        assert raw(pg_dsn, "SELECT content FROM messages WHERE id = 1") == [("nul \ufffd inside",)]
    finally:
        source.close()
        target.close()
    r = run("migrate", "--to", "postgres", "--dsn", pg_dsn)
    assert r.exit_code != 0 and "not empty" in r.output
