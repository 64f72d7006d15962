"""Manual runs on the PostgreSQL store are claimed in the database: two hosts (two homes, two
stores, one database) never run one job at the same time, whether the runs are manual or
scheduled; a manual run whose process is killed is recovered by the next scheduler; the CLI and
the API refuse with a clear message while the job runs elsewhere."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time

import pytest

from cron_support import FakeClock, ScriptedRunner, make_home, pg_config
from test_store_postgres import pg_dsn, pg_server  # noqa: F401 - the PostgreSQL fixtures

from hermes.cron.jobs import open_jobs
from hermes.cron.runner import RunOutcome, execute

pytest.importorskip("psycopg")

BUSY = "is already running on another host (since "


@pytest.fixture
def stores(pg_dsn):
    """Two hosts' session stores on the one database."""
    from hermes.state.postgres import PostgresStore

    a, b = PostgresStore(pg_dsn), PostgresStore(pg_dsn)
    yield a, b
    a.close()
    b.close()


def sql(dsn: str, query: str, params: tuple = ()) -> list:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.execute(query, params)
        return cur.fetchall() if cur.description else []


class Gate:
    """A runner that holds its run until released: a long run we can look at while it goes on."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.go = asyncio.Event()
        self.calls: list[str] = []

    async def __call__(self, job, *, home, config, store) -> RunOutcome:
        self.calls.append(job.id)
        self.started.set()
        await self.go.wait()
        return RunOutcome(text="held run done")


def make_scheduler(home, store, dsn, clock, runner):
    from hermes.cron.scheduler import Scheduler

    return Scheduler(home, pg_config(dsn), store, runner, clock=clock, sleep=clock.sleep, lease_seconds=30)


async def test_a_manual_run_on_a_makes_bs_scheduler_skip_the_due_run(tmp_path, stores, pg_dsn):
    pa, pb = stores
    home_a, home_b = make_home(tmp_path / "a"), make_home(tmp_path / "b")
    clock = FakeClock(time.time())
    jobs = open_jobs(home_a, pg_config(pg_dsn), pa)
    job = jobs.create("every 1m", "report", now=clock())
    gate = Gate()
    manual = asyncio.create_task(execute(job, home=home_a, config=pg_config(pg_dsn), store=pa, runner=gate,
                                         retry=False))
    await asyncio.wait_for(gate.started.wait(), 10)
    assert sql(pg_dsn, "SELECT job_id FROM cron_manual_runs") == [(job.id,)]
    b_runner = ScriptedRunner()
    sched_b = make_scheduler(home_b, pb, pg_dsn, clock, b_runner)
    try:
        clock.now = jobs.get(job.id).next_run_at
        report = await sched_b.tick()
        await sched_b.drain()
        assert report.skipped == [job.id] and report.started == [] and b_runner.calls == []
        (missed,) = pb.list_runs(job.id, status="missed")
        assert "still going" in missed.error and f"pid {os.getpid()}" in missed.error
        assert jobs.get(job.id).next_run_at > clock()  # deferred to its next slot, like any overlap
        gate.go.set()
        result = await asyncio.wait_for(manual, 10)
        assert result.status == "ok" and sql(pg_dsn, "SELECT count(*) FROM cron_manual_runs") == [(0,)]
        # the manual run is over: B's scheduler runs the next occurrence
        clock.now = jobs.get(job.id).next_run_at
        report = await sched_b.tick()
        await sched_b.drain()
        assert report.started == [job.id] and b_runner.calls == [job.id]
        assert sorted(r.status for r in pa.list_runs(job.id)) == ["missed", "ok", "ok"]
    finally:
        gate.go.set()
        sched_b.close()


async def test_a_second_manual_run_or_one_during_a_scheduled_run_is_refused(tmp_path, stores, pg_dsn):
    pa, pb = stores
    home_a, home_b = make_home(tmp_path / "a"), make_home(tmp_path / "b")
    cfg = pg_config(pg_dsn)
    jobs = open_jobs(home_a, cfg, pa)
    job = jobs.create("every 1h", "report", now=time.time())
    gate = Gate()
    first = asyncio.create_task(execute(job, home=home_a, config=cfg, store=pa, runner=gate, retry=False))
    await asyncio.wait_for(gate.started.wait(), 10)
    other = ScriptedRunner()
    second = await execute(job, home=home_b, config=cfg, store=pb, runner=other, retry=False)
    assert second.status == "skipped" and other.calls == []
    assert second.error.startswith(f"job {job.id} {BUSY}") and "manual run" in second.error
    gate.go.set()
    assert (await asyncio.wait_for(first, 10)).status == "ok"
    assert (await execute(job, home=home_b, config=cfg, store=pb, runner=other, retry=False)).status == "ok"

    # a run A's scheduler claimed and runs: B's manual run is refused while A's lease is live
    clock = FakeClock(time.time())
    gate2 = Gate()
    sched_a = make_scheduler(home_a, pa, pg_dsn, clock, gate2)
    try:
        clock.now = jobs.get(job.id).next_run_at
        assert (await sched_a.tick()).started == [job.id]
        await asyncio.wait_for(gate2.started.wait(), 10)
        refused = await execute(job, home=home_b, config=cfg, store=pb, runner=other, retry=False)
        assert refused.status == "skipped" and BUSY in refused.error and "scheduled run" in refused.error
        assert other.calls == [job.id]  # only the run from before
    finally:
        gate2.go.set()
        await sched_a.drain()
        sched_a.close()
    assert [r.status for r in pa.list_runs(job.id)] == ["ok", "ok", "ok"]


async def test_a_scheduled_run_between_retries_still_refuses_a_manual_run(tmp_path, stores, pg_dsn):
    pa, pb = stores
    cfg = pg_config(pg_dsn)
    jobs = open_jobs(make_home(tmp_path / "a"), cfg, pa)
    job = jobs.create("every 1h", "report", now=time.time(), retries=1)
    gate = Gate()
    calls = []

    async def fails_once(job, **kw):
        calls.append(job.id)
        if len(calls) == 1:
            return RunOutcome(error="boom")
        return await gate(job, **kw)

    clock = FakeClock(time.time())
    sched = make_scheduler(make_home(tmp_path / "a"), pa, pg_dsn, clock, fails_once)
    try:
        clock.now = jobs.get(job.id).next_run_at
        assert (await sched.tick()).started == [job.id]
        await asyncio.wait_for(gate.started.wait(), 10)  # the second attempt, in a record of its own
        assert sorted(r.status for r in pa.list_runs(job.id)) == ["failed", "running"]
        refused = await execute(job, home=make_home(tmp_path / "b"), config=cfg, store=pb,
                                runner=ScriptedRunner(), retry=False)
        assert refused.status == "skipped" and "scheduled run" in refused.error
    finally:
        gate.go.set()
        await sched.drain()
        sched.close()
    assert sorted(r.status for r in pa.list_runs(job.id)) == ["failed", "ok"]


HOLDER = r'''
import asyncio, sys
from pathlib import Path
from hermes.config import Config
from hermes.cron.jobs import open_jobs
from hermes.cron.runner import execute
from hermes.home import Home
from hermes.state.postgres import PostgresStore

home, dsn, job_id = Home(Path(sys.argv[1])).ensure(), sys.argv[2], sys.argv[3]

async def runner(job, *, home, config, store):
    print("running", flush=True)
    await asyncio.sleep(120)

cfg = Config()
cfg.cron.timezone = "UTC"
cfg.store.backend, cfg.store.dsn = "postgres", dsn
store = PostgresStore(dsn)
job = open_jobs(home, cfg, store).get(job_id)
print(asyncio.run(execute(job, home=home, config=cfg, store=store, runner=runner, retry=False)).error, flush=True)
'''


def test_cli_refuses_while_another_process_runs_it_and_a_killed_run_is_recovered(tmp_path, stores, pg_dsn):
    from hermes.cron.scheduler import Scheduler

    pa, _ = stores
    cfg = pg_config(pg_dsn)
    jobs = open_jobs(make_home(tmp_path / "admin"), cfg, pa)
    job = jobs.create("every 1h", "report", now=time.time())
    script = tmp_path / "holder.py"
    script.write_text(HOLDER)
    holder = subprocess.Popen([sys.executable, str(script), str(tmp_path / "host_a"), pg_dsn, job.id],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "running", holder.stderr.read()
        root = tmp_path / "host_b"
        root.mkdir()
        (root / "config.yaml").write_text("cron:\n  timezone: UTC\nstore:\n  backend: postgres\n")
        env = dict(os.environ, HERMES_HOME=str(root), HERMES_DATABASE_URL=pg_dsn)
        cli = subprocess.run([sys.executable, "-m", "hermes", "cron", "run", job.id], env=env,
                             capture_output=True, text=True, timeout=60)
        assert cli.returncode == 1, (cli.stdout, cli.stderr)
        assert f"job {job.id} {BUSY}" in cli.stderr and "manual run" in cli.stderr
        (live,) = pa.list_runs(job.id)
        assert live.status == "running"
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.communicate(timeout=30)
    assert holder.returncode == -9

    # the next scheduler start finds the dead run (its lock is free once the server drops the
    # killed process's connection) and records it as interrupted; the job is free to run again
    deadline = time.time() + 10
    while sql(pg_dsn, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'") != [(0,)]:
        assert time.time() < deadline, "the killed process's lock was never freed"
        time.sleep(0.05)
    sched = Scheduler(make_home(tmp_path / "host_c"), cfg, pa, ScriptedRunner(), lease_seconds=30)
    try:
        assert sched.acquire()
    finally:
        sched.close()
    (dead,) = pa.list_runs(job.id)
    assert dead.status == "interrupted" and "stopped" in dead.error and dead.ended_at is not None
    assert jobs.get(job.id).last_status == "interrupted"
    assert sql(pg_dsn, "SELECT count(*) FROM cron_manual_runs") == [(0,)]
    again = asyncio.run(execute(job, home=make_home(tmp_path / "host_d"), config=cfg, store=pa,
                                runner=ScriptedRunner(), retry=False))
    assert again.status == "ok"


def test_recovery_leaves_a_live_manual_run_alone(tmp_path, stores, pg_dsn):
    from hermes.cron.pg_manual import claim_manual
    from hermes.cron.scheduler import Scheduler

    pa, pb = stores
    cfg = pg_config(pg_dsn)
    jobs = open_jobs(make_home(tmp_path / "a"), cfg, pa)
    job = jobs.create("every 1h", "report", now=time.time())
    claim = claim_manual(pa, job.id, started_at=time.time())
    sched = Scheduler(make_home(tmp_path / "b"), cfg, pb, ScriptedRunner(), lease_seconds=30)
    try:
        assert sched.acquire()
        assert sched.recover() == 0
        assert [r.status for r in pa.list_runs(job.id)] == ["running"]
        assert sql(pg_dsn, "SELECT run_id FROM cron_manual_runs") == [(claim.run_id,)]
    finally:
        sched.close()
        claim.release()
    assert sql(pg_dsn, "SELECT count(*) FROM cron_manual_runs") == [(0,)]


def test_api_run_now_answers_409_while_the_job_runs_elsewhere(tmp_path, stores, pg_dsn):
    import httpx

    from hermes.cron.pg_manual import claim_manual
    from hermes.testing import ScriptedModel
    from server_support import make_hermes, serve
    from server_support import make_home as server_home

    pa, _ = stores
    home = server_home(tmp_path, {"store": {"backend": "postgres", "dsn": pg_dsn}, "cron": {"timezone": "UTC"}})
    h = make_hermes(home, ScriptedModel(echo_prefix="ran: "))
    jobs = open_jobs(make_home(tmp_path / "other"), pg_config(pg_dsn), pa)
    job = jobs.create("every 1h", "report", now=time.time())
    claim = claim_manual(pa, job.id, started_at=time.time())  # another host's manual run
    try:
        with serve(h) as s:
            url = f"{s.url}/api/jobs/{job.id}/run"
            r = httpx.post(url, params={"wait": "true"})
            assert r.status_code == 409, r.text
            assert f"job {job.id} {BUSY}" in r.text
            pa.record_run_end(claim.run_id, status="ok", ended_at=time.time())  # the other host's run ends
            claim.release()
            r = httpx.post(url, params={"wait": "true"})
            assert r.status_code == 200 and r.json()["status"] == "ok", r.text
    finally:
        claim.release()
        if hasattr(h, "close"):
            h.close()
    assert [r.status for r in pa.list_runs(job.id)] == ["ok", "ok"]


async def test_a_manual_run_after_a_dead_one_records_it_interrupted_and_runs(tmp_path, stores, pg_dsn):
    from hermes.cron.pg_manual import claim_manual

    pa, pb = stores
    cfg = pg_config(pg_dsn)
    jobs = open_jobs(make_home(tmp_path / "a"), cfg, pa)
    job = jobs.create("every 1h", "report", now=time.time())
    dead = claim_manual(pa, job.id, started_at=time.time())
    dead.conn.close()  # its process died: the server frees the lock, the row stays behind
    runner = ScriptedRunner()
    result = await execute(job, home=make_home(tmp_path / "b"), config=cfg, store=pb, runner=runner, retry=False)
    assert result.status == "ok" and runner.calls == [job.id]
    (old,) = pa.list_runs(job.id, status="interrupted")
    assert old.id == dead.run_id and "stopped" in old.error
    assert sql(pg_dsn, "SELECT count(*) FROM cron_manual_runs") == [(0,)]
