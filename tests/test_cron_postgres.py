"""Cron on the PostgreSQL store against a real server: the job store gives the same results as
jobs.json for the same calls, the CLI and the scheduler work on it unchanged, a lease keeps one
scheduler active across processes, every due run is claimed once in the database, and a fleet of
three real scheduler processes survives kill -9 of its leader mid-run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from cron_support import T0, FakeClock, ScriptedRunner, make_config, make_home, pg_config
from test_store_postgres import pg_dsn, pg_server  # noqa: F401 - the PostgreSQL fixtures

from hermes.cron.jobs import Job, JobNotFound, JobStore, open_jobs

pytest.importorskip("psycopg")

MIN = 60.0


@pytest.fixture
def pg(pg_dsn):
    from hermes.state.postgres import PostgresStore

    s = PostgresStore(pg_dsn)
    yield s
    s.close()


@pytest.fixture
def home(tmp_path):
    return make_home(tmp_path)


def sql(dsn: str, query: str, params: tuple = ()) -> list:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.execute(query, params)
        return cur.fetchall() if cur.description else []


# ---- the job store: same calls, same results ------------------------------------------------------

def exercise(jobs: JobStore) -> list:
    """A fixed sequence of calls (fixed clock); what each returned, with ids made comparable."""
    out: list = []
    a = jobs.create("every 1h", "check the mail", name="mail", now=T0, deliver=["notify"], skills="a, b")
    b = jobs.create("0 9 * * 1-5", "standup notes", scope="alice", now=T0 + 1, retries=2)
    c = jobs.create("30m", "one shot", now=T0 + 2)
    ids = {a.id: "A", b.id: "B", c.id: "C"}

    def norm(j: Job) -> dict:
        d = j.public()
        d["id"] = ids[d["id"]]
        return d

    out.append([norm(j) for j in jobs.list()])
    out.append([norm(j) for j in jobs.list(scope="alice")])
    out.append(norm(jobs.get("mail")))
    out.append(norm(jobs.update(a.id, schedule="every 2h", prompt="check all mail", now=T0 + 10)))
    out.append(norm(jobs.update(b.id, enabled=False, now=T0 + 20)))
    out.append(norm(jobs.update(b.id, enabled=True, now=T0 + 5 * 86400)))
    jobs.record_results({c.id: {"last_run_at": T0 + 1800, "last_status": "ok", "last_error": None,
                                "next_run_at": None}, "gone": {"last_status": "ok"}})
    out.append(norm(jobs.get(c.id)))
    out.append(norm(jobs.remove(c.id)))
    out.append([norm(j) for j in jobs.load()])
    for bad in (lambda: jobs.get(c.id), lambda: jobs.update("nope", name="x"), lambda: jobs.get("alice", scope="bob")):
        with pytest.raises(JobNotFound) as e:
            bad()
        out.append(str(e.value).replace(c.id, "C"))
    for bad in (lambda: jobs.create("every 1h", "  "), lambda: jobs.update(a.id, colour="red"),
                lambda: jobs.create("2020-01-01T00:00", "past", now=T0)):
        with pytest.raises(ValueError) as e:
            bad()
        out.append(str(e.value))
    return out


def test_the_job_store_gives_the_same_results_on_postgres_as_in_jobs_json(home, pg):
    file_store = open_jobs(home, make_config())
    db_store = open_jobs(home, pg_config("unused"), pg)
    assert type(file_store) is JobStore and db_store.shared and not file_store.shared
    assert exercise(db_store) == exercise(file_store)
    # the row holds exactly what jobs.json holds
    (row,) = [r["data"] for r in pg._pg.run("read", lambda c: c.execute("SELECT data FROM cron_jobs").fetchall())
              if r["data"]["name"] == "mail"]
    (same,) = [d for d in json.loads((home.cron_dir / "jobs.json").read_text())["jobs"] if d["name"] == "mail"]
    assert {k: v for k, v in row.items() if k != "id"} == {k: v for k, v in same.items() if k != "id"}


def test_the_change_key_moves_on_every_change_and_only_then(home, pg):
    jobs = open_jobs(home, pg_config("unused"), pg)
    k0 = jobs.file_key()
    j = jobs.create("every 1h", "a", now=T0)
    k1 = jobs.file_key()
    with jobs.edit():
        pass  # nothing changed: nothing written
    assert jobs.file_key() == k1 != k0
    jobs.update(j.id, name="b", now=T0)
    k2 = jobs.file_key()
    jobs.remove(j.id)
    assert len({k0, k1, k2}) == 3 and jobs.file_key() != k2
    assert jobs.file_key() == k0  # (count, max version) repeats only for the same rows: here, none
    assert jobs.load_with_key() == ([], jobs.file_key())


def test_a_row_edited_into_nonsense_is_reported_not_overwritten(home, pg, pg_dsn):
    from hermes.cron.jobs import JobsFileError

    jobs = open_jobs(home, pg_config("unused"), pg)
    j = jobs.create("every 1h", "a", now=T0)
    sql(pg_dsn, "UPDATE cron_jobs SET data = '{\"id\": 5}'::jsonb")
    with pytest.raises(JobsFileError, match="cannot be read"):
        jobs.list()
    with pytest.raises(JobsFileError):
        jobs.create("every 1h", "b", now=T0)
    assert sql(pg_dsn, "SELECT count(*) FROM cron_jobs")[0][0] == 1 and j.id


# ---- the CLI and the API on the PostgreSQL store -------------------------------------------------------

def test_hermes_cron_works_the_same_on_the_postgres_store(tmp_path, monkeypatch, pg_dsn):
    from hermes.cli.common import Runtime, get_runtime, set_runtime
    from hermes.cli.cron import app

    root = tmp_path / "h"
    root.mkdir()
    (root / "config.yaml").write_text("cron:\n  timezone: UTC\nstore:\n  backend: postgres\n")
    monkeypatch.setenv("HERMES_HOME", str(root))
    monkeypatch.setenv("HERMES_DATABASE_URL", pg_dsn)
    set_runtime(Runtime())
    cli = CliRunner()
    try:
        r = cli.invoke(app, ["add", "every 1h", "water the plants", "--name", "plants", "--json"])
        assert r.exit_code == 0, r.output
        job = json.loads(r.output)
        assert not (root / "cron" / "jobs.json").exists()  # the jobs live in the database
        assert sql(pg_dsn, "SELECT id FROM cron_jobs") == [(job["id"],)]
        r = cli.invoke(app, ["list"])
        assert "plants" in r.output and "No scheduler is running" in r.output
        assert cli.invoke(app, ["pause", "plants"]).exit_code == 0
        assert json.loads(cli.invoke(app, ["list", "--json"]).output)[0]["state"] == "paused"
        assert cli.invoke(app, ["resume", job["id"]]).exit_code == 0
        st = json.loads(cli.invoke(app, ["status", "--json"]).output)
        assert st["running"] is False and st["jobs"] == 1 and st["enabled"] == 1
        assert cli.invoke(app, ["rm", "plants"]).exit_code == 0
        assert sql(pg_dsn, "SELECT count(*) FROM cron_jobs")[0][0] == 0
    finally:
        store = get_runtime()._store
        if store is not None:
            store.close()
        set_runtime(Runtime())


def test_the_jobs_api_backend_uses_the_postgres_store(home, pg):
    from types import SimpleNamespace

    from hermes.server.jobs_api import CronJobs

    api = CronJobs(SimpleNamespace(home=home, config=pg_config("unused"), store=pg))
    made = api.create(name="n", schedule="every 2h", prompt="p", scope=None, deliver=None)
    assert [j["id"] for j in api.list()] == [made["id"]]
    assert api.update(made["id"], {"enabled": False})["state"] == "paused"
    assert api.delete(made["id"]) and api.list() == [] and not (home.cron_dir / "jobs.json").exists()


# ---- the scheduler on the PostgreSQL store, in process --------------------------------------------------

def make_scheduler(home, pg, dsn, clock, runner=None, **cron):
    from hermes.cron.scheduler import Scheduler

    return Scheduler(home, pg_config(dsn, **cron), pg, runner or ScriptedRunner(), clock=clock, sleep=clock.sleep,
                     lease_seconds=30)


async def test_grace_and_missed_runs_behave_as_with_jobs_json(home, pg, pg_dsn):
    clock = FakeClock()
    jobs = open_jobs(home, pg_config(pg_dsn), pg)
    late = jobs.create("every 1h", "late", now=clock())
    soon = jobs.create("every 1m", "soon", now=clock())
    clock.advance(5 * 3600)  # `late` is 4 h past its first slot; `soon`'s first slot also (grace 30)
    runner = ScriptedRunner()
    sched = make_scheduler(home, pg, pg_dsn, clock, runner, grace_minutes=30)
    try:
        report = await sched.tick()
        await sched.drain()
        assert sorted(report.missed) == sorted([late.id, soon.id]) and runner.calls == []
        (miss,) = pg.list_runs(late.id)
        assert miss.status == "missed" and "missed 5 runs" in miss.error and miss.started_at == T0 - 30 + 3600
        clock.advance(MIN)  # `soon` is due again, within grace: it runs once
        report = await sched.tick()
        await sched.drain()
        assert report.started == [soon.id] and runner.calls == [soon.id]
        assert [r.status for r in pg.list_runs(soon.id)] == ["ok", "missed"]
        assert jobs.get(soon.id).last_status == "ok" and jobs.get(soon.id).next_run_at > clock()
        assert sql(pg_dsn, "SELECT count(*) FROM cron_claims")[0][0] == 1  # only runs are claimed
    finally:
        sched.close()


async def test_one_leader_and_a_deposed_leader_cannot_claim(home, pg, pg_dsn, tmp_path):
    from hermes.cron.pg_jobs import NotLeader

    clock = FakeClock()
    jobs = open_jobs(home, pg_config(pg_dsn), pg)
    job = jobs.create("every 1m", "a", now=clock())
    a = make_scheduler(home, pg, pg_dsn, clock)
    b = make_scheduler(make_home(tmp_path / "other"), pg, pg_dsn, clock)  # another host's home
    try:
        assert a.acquire() and not b.acquire()
        assert a.status().running and a.status().host
        sql(pg_dsn, "UPDATE cron_leader SET expires_at = 0")  # a's lease ran out unnoticed (a paused VM)
        assert b.acquire() and b._lock.token > a._lock.token
        due = jobs.get(job.id).next_run_at
        clock.now = due
        with pytest.raises(NotLeader):
            a.claim_due(clock())  # fenced: the token is no longer current
        assert not a._lock.renew() and not a.is_leader
        report = await b.tick()
        await b.drain()
        assert report.started == [job.id]
        # the same occurrence cannot be claimed twice, whoever asks
        with jobs.edit():
            assert jobs.claim_run(job.id, due, clock(), b._lock.token) is None
        assert [r.status for r in pg.list_runs(job.id)] == ["ok"]
    finally:
        a.close()
        b.close()
    assert not b.status().running  # a clean stop gives the lease up at once


# ---- the fleet: three scheduler processes, kill -9 the leader mid-run ------------------------------------

FLEET_SCRIPT = r'''
import asyncio, os, sys
from pathlib import Path
from hermes.config import Config
from hermes.cron.runner import RunOutcome
from hermes.cron.scheduler import Scheduler
from hermes.home import Home
from hermes.state.postgres import PostgresStore

home, dsn, logfile = Home(Path(sys.argv[1])).ensure(), sys.argv[2], sys.argv[3]

async def runner(job, *, home, config, store):
    with open(logfile, "a") as f:
        f.write(f"start {os.getpid()} {job.id}\n")
    await asyncio.sleep(float(job.prompt))  # the prompt says how long the run takes
    with open(logfile, "a") as f:
        f.write(f"end {os.getpid()} {job.id}\n")
    return RunOutcome(text="ran " + job.id)

async def main():
    cfg = Config()
    cfg.cron.timezone = "UTC"
    cfg.store.backend, cfg.store.dsn = "postgres", dsn
    store = PostgresStore(dsn, pool_size=4)
    sched = Scheduler(home, cfg, store, runner, standby_poll=0.2, tick_seconds=0.25, lease_seconds=3.0,
                      shutdown_timeout=5)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(15, stop.set)
    print("started", os.getpid(), flush=True)
    await sched.run_forever(stop)

asyncio.run(main())
'''

LEASE = 3.0
STANDBY = 0.2


def test_three_schedulers_kill_9_the_leader_mid_run_each_due_job_runs_once(tmp_path, pg, pg_dsn):
    script = tmp_path / "fleet.py"
    script.write_text(FLEET_SCRIPT)
    log = tmp_path / "runs.log"
    log.touch()
    jobs = open_jobs(make_home(tmp_path / "admin"), pg_config(pg_dsn), pg)
    start = time.time()
    # one-shot jobs due at the end of the minute after the one they were created in: within the last
    # minute or the next 2.6 s; the prompt is the run's length in seconds
    slow = jobs.create("1m", "2.5", name="slow", now=start - 58)
    quick = [jobs.create("1m", "0.1", name=f"quick{i}", now=start - 58 + i * 0.3) for i in range(3)]
    # recurring: once per slot. Slots fall on whole minutes from the minute it was created in, so an
    # hourly job created an hour ago is due now (up to a minute late) and not again during the test;
    # an every-minute one would come due a second time whenever the test straddles a minute boundary.
    every = jobs.create("every 1h", "0.1", name="every", now=start - 3598)
    procs = [subprocess.Popen([sys.executable, str(script), str(tmp_path / f"host{i}"), pg_dsn, str(log)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(3)]
    try:
        # wait for the slow job to be running, then kill its process (the leader) hard
        deadline = time.time() + 15
        while f"{slow.id}" not in log.read_text():
            assert time.time() < deadline, "the slow job never started"
            assert all(p.poll() is None for p in procs), [p.communicate()[1] for p in procs if p.poll() is not None]
            time.sleep(0.05)
        (leader_pid,) = {int(line.split()[1]) for line in log.read_text().splitlines() if slow.id in line}
        old_token = sql(pg_dsn, "SELECT token, pid FROM cron_leader")[0]
        assert old_token[1] == leader_pid
        os.kill(leader_pid, signal.SIGKILL)
        killed_at = time.monotonic()
        # a survivor takes the lease over and runs the interrupted job to completion
        deadline = time.time() + 20
        while "end" not in "".join(line for line in log.read_text().splitlines(True) if slow.id in line):
            assert time.time() < deadline, log.read_text()
            time.sleep(0.05)
        (token, pid, since) = sql(pg_dsn, "SELECT token, pid, since FROM cron_leader")[0]
        takeover = since - (time.time() - (time.monotonic() - killed_at))
        assert pid != leader_pid and token > old_token[0]
        assert takeover < LEASE + STANDBY + 1.0  # within the lease (the bound is lease + standby poll)
        time.sleep(0.5)  # let the quick jobs' results land
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        errs = [p.communicate(timeout=30)[1] for p in procs]
    assert sorted(p.returncode for p in procs) == [-9, 0, 0], errs

    lines = [line.split() for line in log.read_text().splitlines()]
    ends = [(pid, jid) for what, pid, jid in lines if what == "end"]
    # each due job ran to completion once (the recurring one: its first slot is the only one in this
    # short test), the slow one after the takeover. A job whose work ended in the leader just before
    # the kill, with its run not yet recorded, is recorded interrupted and run again: that is the
    # at-least-once a kill -9 allows, and the only way a second completion may appear.
    assert [jid for _, jid in ends].count(slow.id) == 1, lines
    for j in [*quick, every]:
        again = [r.status for r in reversed(pg.list_runs(j.id))] == ["interrupted", "ok"]
        assert [jid for _, jid in ends].count(j.id) in ((1, 2) if again else (1,)), (j.name, lines)
    assert [pid for pid, jid in ends if jid == slow.id] != [str(leader_pid)]
    starts = [jid for what, _, jid in lines if what == "start"]
    assert starts.count(slow.id) == 2  # interrupted once, run once more
    # the run records: the interrupted run is recorded as such, then one ok run
    assert [r.status for r in reversed(pg.list_runs(slow.id))] == ["interrupted", "ok"]
    (interrupted,) = pg.list_runs(slow.id, status="interrupted")
    assert "stopped" in interrupted.error and interrupted.ended_at is not None
    for j in [*quick, every]:  # ok once; interrupted first if the kill caught it running too
        statuses = [r.status for r in reversed(pg.list_runs(j.id))]
        assert statuses in (["ok"], ["interrupted", "ok"]), (j.name, statuses)
    assert pg.list_runs(status="running") == []
    assert jobs.get(slow.id).last_status == "ok"
    assert sql(pg_dsn, "SELECT attempts FROM cron_claims WHERE job_id = %s", (slow.id,)) == [(2,)]
