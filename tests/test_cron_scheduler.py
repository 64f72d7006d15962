"""The scheduler with a fake clock (time moves, nobody waits), real files, real locks, real
subprocesses, a real HTTP server for webhooks; the run store is an in-memory fake except where
SQLiteStore is used explicitly."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import textwrap
import time

import pytest

from cron_support import DAEMON_SCRIPT, T0, FakeClock, FakeRunStore, ScriptedRunner, Webhook, make_config, make_home
from hermes.cron.delivery import register_delivery, unregister_delivery
from hermes.cron.jobs import Job, JobStore
from hermes.cron.runner import RunLock, RunOutcome, execute
from hermes.cron.scheduler import Scheduler, scheduler_status

MIN = 60.0


@pytest.fixture
def home(tmp_path):
    return make_home(tmp_path)


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def store():
    return FakeRunStore()


@pytest.fixture
def runner():
    return ScriptedRunner()


@pytest.fixture
def jobs(home):
    return JobStore(home, tz="UTC")


@pytest.fixture
def make(home, store, runner, clock):
    made: list[Scheduler] = []

    def factory(config=None, run=None, st=None, **kw) -> Scheduler:
        s = Scheduler(home, config or make_config(), st or store, run or runner, clock=clock, sleep=clock.sleep, **kw)
        made.append(s)
        return s
    yield factory
    for s in made:
        s.close()


def runs(store, job_id=None, status=None):
    return list(reversed(store.list_runs(job_id, status=status, limit=100_000)))


async def step(sched: Scheduler, clock: FakeClock, seconds: float = MIN):
    clock.advance(seconds)
    report = await sched.tick()
    await sched.drain()
    return report


# ---- firing on time ---------------------------------------------------------------------------------

async def test_each_job_runs_exactly_when_due_over_90_minutes(make, jobs, store, runner, clock):
    ids = {
        "every1": jobs.create("every 1m", "a", now=clock()).id,
        "every15": jobs.create("every 15m", "b", now=clock()).id,
        "cron5": jobs.create("*/5 * * * *", "c", now=clock()).id,
        "once": jobs.create("30m", "d", now=clock()).id,
        "daily": jobs.create("every day at 09:30", "e", now=clock()).id,
        "tomorrow": jobs.create("every day at 08:00", "f", now=clock()).id,
    }
    sched = make()
    assert (await sched.tick()).started == []  # 08:59:30: nothing due yet
    await step(sched, clock, 30)  # 09:00:00
    for _ in range(89):  # ... 10:29:00
        await step(sched, clock)
    counts = {name: runner.calls.count(jid) for name, jid in ids.items()}
    assert counts == {"every1": 90, "every15": 6, "cron5": 18, "once": 1, "daily": 1, "tomorrow": 0}
    assert all(r.status == "ok" for r in runs(store))
    assert len(runs(store)) == sum(counts.values())
    once = jobs.get(ids["once"])
    assert once.state == "completed" and once.last_status == "ok"
    daily = jobs.get(ids["daily"])
    assert daily.next_run_at == T0 + 30 + 86400 + 30 * MIN  # tomorrow 09:30


async def test_ticks_between_boundaries_do_not_double_fire(make, jobs, runner, clock):
    job = jobs.create("every 1m", "a", now=clock())
    sched = make()
    for _ in range(12):
        await step(sched, clock, 10)  # six ticks per minute
    assert runner.calls.count(job.id) == 2


async def test_run_forever_ticks_on_minute_boundaries_and_stops_cleanly(make, jobs, runner, clock, home):
    job = jobs.create("every 1m", "a", now=clock())
    sched = make()
    stop = asyncio.Event()
    ticks: list[float] = []
    orig = sched.tick

    async def spy(now=None):
        ticks.append(clock())
        if len(ticks) == 6:
            stop.set()
        return await orig(now)
    sched.tick = spy
    await asyncio.wait_for(sched.run_forever(stop), 10)
    assert ticks[0] == T0  # first tick right away
    assert all(abs(t % 60 - 0.01) < 1e-6 for t in ticks[1:])  # then just past each minute boundary
    assert runner.calls.count(job.id) == 5
    assert not sched.is_leader and not scheduler_status(home).running  # the lock is released


# ---- one scheduler, one run ------------------------------------------------------------------------

async def test_two_schedulers_in_one_process_run_each_job_once(make, jobs, runner, clock, store):
    ids = [jobs.create("every 1m", f"job {i}", now=clock()).id for i in range(5)]
    a, b = make(), make()
    for _ in range(10):
        clock.advance(MIN)
        ra, rb = await asyncio.gather(a.tick(), b.tick())
        assert rb.standby or ra.standby
        await a.drain()
        await b.drain()
    assert sorted(runner.calls) == sorted(ids * 10)
    assert len(runs(store)) == 50


async def test_standby_takes_over_when_the_leader_goes(make, jobs, runner, clock, home):
    job = jobs.create("every 1m", "a", now=clock())
    a, b = make(), make()
    await step(a, clock)
    assert (await b.tick()).standby
    st = scheduler_status(home)
    assert st.running and st.pid == os.getpid() and st.next_job.id == job.id
    a.close()
    assert not scheduler_status(home).running
    report = await step(b, clock)
    assert report.started == [job.id] and b.is_leader
    assert runner.calls == [job.id, job.id]


async def test_racing_claimers_never_claim_the_same_run(home, jobs, clock):
    """The per-run claim holds even when the scheduler lock is bypassed: threads claim at once."""
    for i in range(40):
        jobs.create("every 1m", f"j{i}", now=clock())
    store = FakeRunStore()
    scheds = [Scheduler(home, make_config(), store, ScriptedRunner(), clock=clock) for _ in range(4)]
    now = clock() + MIN
    results = await asyncio.gather(*(asyncio.to_thread(s.claim_due, now) for s in scheds))
    claimed = [job.id for _, claims in results for job, _ in claims]
    assert len(claimed) == 40 and len(set(claimed)) == 40
    assert len(store.list_runs(limit=1000)) == 40


CLAIM_SCRIPT = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from hermes.config import Config
    from hermes.cron.scheduler import Scheduler
    from hermes.home import Home
    from hermes.state.sqlite import SQLiteStore
    home = Home(Path(sys.argv[1]))
    cfg = Config(); cfg.cron.timezone = "UTC"
    s = Scheduler(home, cfg, SQLiteStore(home.state_db), None)
    while time.time() < float(sys.argv[2]):
        time.sleep(0.001)
    report, claims = s.claim_due(time.time())
    print(" ".join(j.id for j, _ in claims))
""")


def test_racing_processes_never_claim_the_same_run(home, jobs):
    pytest.importorskip("hermes.state.sqlite")
    with jobs.edit() as lst:
        for i in range(60):
            lst.append(Job(id=f"{i:08x}", name=f"j{i}", schedule="every 1h", prompt="p", created_at=time.time(),
                           anchor_at=time.time(), next_run_at=time.time() - 5))
    start = time.time() + 1.5
    procs = [subprocess.Popen([sys.executable, "-c", CLAIM_SCRIPT, str(home.root), str(start)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(3)]
    outs = [p.communicate(timeout=60) for p in procs]
    assert all(p.returncode == 0 for p in procs), [o[1] for o in outs]
    claimed = [i for out, _ in outs for i in out.split()]
    assert sorted(claimed) == sorted(f"{i:08x}" for i in range(60))


def test_two_real_scheduler_processes_run_each_due_job_once(home, jobs, tmp_path):
    pytest.importorskip("hermes.state.sqlite")
    from hermes.state.sqlite import SQLiteStore

    script = tmp_path / "daemon.py"
    script.write_text(DAEMON_SCRIPT)
    logfile = tmp_path / "runs.log"
    with jobs.edit() as lst:
        for i in range(20):
            lst.append(Job(id=f"{i:08x}", name=f"j{i}", schedule="every 1h", prompt="p", created_at=time.time(),
                           anchor_at=time.time(), next_run_at=time.time() - 5))
    procs = [subprocess.Popen([sys.executable, str(script), str(home.root), "2.5", "0.05", str(logfile)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [p.communicate(timeout=60) for p in procs]
    assert all(p.returncode == 0 for p in procs), [o[1] for o in outs]
    lines = logfile.read_text().split()
    ran = lines[1::2]
    assert sorted(ran) == sorted(f"{i:08x}" for i in range(20))  # each exactly once
    assert len(set(lines[0::2])) == 1  # all by the one process holding the lock
    store = SQLiteStore(home.state_db)
    assert sorted(r.status for r in store.list_runs(limit=100)) == ["ok"] * 20
    assert all(j.next_run_at > time.time() for j in jobs.list())
    store.close()


# ---- missed runs ------------------------------------------------------------------------------------

async def test_a_run_missed_within_grace_runs_once_on_start(make, jobs, runner, store, clock):
    job = jobs.create("every 1m", "a", now=clock())
    clock.advance(30 * MIN)  # down for half an hour: 30 slots passed, but within the 60 min grace
    sched = make(make_config(grace_minutes=60))
    report = await sched.tick()
    await sched.drain()
    assert report.started == [job.id] and runner.calls == [job.id]
    assert jobs.get(job.id).next_run_at > clock()
    await step(sched, clock)
    assert runner.calls == [job.id, job.id]


async def test_a_run_missed_beyond_grace_is_recorded_not_run(make, jobs, runner, store, clock):
    job = jobs.create("every 1h", "a", now=clock())
    clock.advance(5 * 3600)  # five slots passed, the first 4 h 1 min ago
    sched = make(make_config(grace_minutes=30))
    report = await sched.tick()
    await sched.drain()
    assert report.missed == [job.id] and runner.calls == []
    (miss,) = runs(store)
    assert miss.status == "missed" and "missed 5 runs" in miss.error and "grace" in miss.error
    assert miss.started_at == T0 - 30 + 3600  # when it should have run
    j = jobs.get(job.id)
    assert j.last_status == "missed" and j.next_run_at > clock()
    clock.now = j.next_run_at
    await sched.tick()
    await sched.drain()
    assert runner.calls == [job.id]  # and it fires again next time


async def test_a_one_shot_missed_beyond_grace_is_recorded_and_retired(make, jobs, runner, store, clock):
    job = jobs.create("30m", "a", now=clock())
    clock.advance(3 * 3600)
    sched = make(make_config(grace_minutes=60))
    await sched.tick()
    assert runner.calls == []
    assert [r.status for r in runs(store)] == ["missed"]
    assert jobs.get(job.id).state == "completed"


async def test_a_run_still_going_is_not_started_twice(make, jobs, store, clock):
    gate = asyncio.Event()
    calls = []

    async def slow(job, **kw):
        calls.append(job.id)
        await gate.wait()
        return RunOutcome(text="finally")
    job = jobs.create("every 1m", "a", now=clock())
    sched = make(run=slow)
    clock.advance(MIN)
    await sched.tick()
    await asyncio.sleep(0.01)
    clock.advance(MIN)
    report = await sched.tick()
    assert report.skipped == [job.id] and calls == [job.id]
    gate.set()
    await sched.drain()
    assert [(r.status, "still going" in (r.error or "")) for r in runs(store)] == [("ok", False), ("missed", True)]
    await step(sched, clock)
    assert calls == [job.id, job.id]


async def test_a_manual_run_and_the_scheduler_do_not_overlap(make, jobs, store, clock, home):
    gate = asyncio.Event()

    async def slow(job, **kw):
        await gate.wait()
        return RunOutcome(text="manual")
    job = jobs.create("every 1m", "a", now=clock())
    manual = asyncio.create_task(execute(job, home=home, config=make_config(), store=store, runner=slow))
    await asyncio.sleep(0.01)
    sched = make()
    report = await step(sched, clock)
    assert report.skipped == [job.id]
    gate.set()
    assert (await manual).status == "ok"


async def test_concurrency_limit(make, jobs, clock):
    slow = ScriptedRunner(delay=0.02)
    for i in range(12):
        jobs.create("every 1m", f"j{i}", now=clock())
    sched = make(make_config(max_concurrent=3), run=slow)
    await step(sched, clock)
    assert len(slow.calls) == 12 and slow.max_running == 3


# ---- crashes ----------------------------------------------------------------------------------------

async def test_runs_left_running_by_a_dead_process_are_marked_interrupted(make, jobs, store, clock, home):
    job = jobs.create("every 1m", "a", now=clock())
    dead = store.record_run_start(job.id, started_at=clock() - 100)  # its process is gone: lock is free
    other = jobs.create("every 1m", "b", now=clock())
    live = store.record_run_start(other.id, started_at=clock() - 50)
    held = RunLock(home.cron_dir, other.id)
    assert held.acquire()  # a manual run still going in some process
    try:
        sched = make()
        assert sched.acquire()
        assert store.runs[dead].status == "interrupted" and "stopped" in store.runs[dead].error
        assert store.runs[live].status == "running"
        assert jobs.get(job.id).last_status == "interrupted"
    finally:
        held.release()


def _wait_for(predicate, timeout=20.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


async def test_kill_9_during_a_run_then_restart(home, jobs, tmp_path):
    pytest.importorskip("hermes.state.sqlite")
    from hermes.state.sqlite import SQLiteStore

    script = tmp_path / "daemon.py"
    script.write_text(DAEMON_SCRIPT)
    logfile = tmp_path / "runs.log"
    now = time.time()
    with jobs.edit() as lst:
        lst.append(Job(id="deadbeef", name="long", schedule="every 1h", prompt="p", created_at=now - 60,
                       anchor_at=now - 60, next_run_at=now - 1))
    proc = subprocess.Popen([sys.executable, str(script), str(home.root), "60", "60", str(logfile)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert _wait_for(lambda: logfile.exists() and "deadbeef" in logfile.read_text()), "the run never started"
        assert scheduler_status(home).running
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    store = SQLiteStore(home.state_db)
    try:
        (r,) = store.list_runs("deadbeef")
        assert r.status == "running"  # what kill -9 leaves behind
        assert not scheduler_status(home).running  # the kernel dropped its lock
        job = jobs.get("deadbeef")
        assert job.enabled and job.next_run_at > now  # advanced before the run started

        clock = FakeClock(time.time())
        runner = ScriptedRunner()
        sched = Scheduler(home, make_config(), store, runner, clock=clock, sleep=clock.sleep)
        try:
            await sched.tick()  # start-up: takes the lock, settles the dead run
            (r,) = store.list_runs("deadbeef")
            assert r.status == "interrupted" and r.ended_at is not None
            assert jobs.get("deadbeef").last_status == "interrupted"
            clock.now = job.next_run_at
            report = await sched.tick()
            await sched.drain()
            assert report.started == ["deadbeef"] and runner.calls == ["deadbeef"]
            assert [x.status for x in store.list_runs("deadbeef")] == ["ok", "interrupted"]
        finally:
            sched.close()
    finally:
        store.close()


async def test_shutdown_cancels_overlong_runs_and_records_them(make, jobs, store, clock, home):
    async def forever(job, **kw):
        await asyncio.sleep(3600)
    jobs.create("every 1m", "a", now=clock())
    jobs.create("every 1m", "b", now=clock())
    sched = make(make_config(max_concurrent=1), run=forever, shutdown_timeout=0.05)
    clock.advance(MIN)
    await sched.tick()
    await asyncio.sleep(0.01)
    await sched.shutdown()
    statuses = sorted(r.status for r in runs(store))
    assert statuses == ["interrupted", "interrupted"]  # one stopped mid-run, one before it started
    assert {j.last_status for j in jobs.list()} == {"interrupted"}
    assert not scheduler_status(home).running


# ---- results: retries, silence, delivery ------------------------------------------------------------

async def test_failures_are_retried_with_backoff_and_recorded(make, jobs, runner, store, clock):
    job = jobs.create("every 30m", "a", now=clock(), retries={"max_retries": 2, "backoff_seconds": 10})
    runner.script(job.id, RunOutcome(error="provider down"), RuntimeError("socket closed"), "third time lucky")
    sched = make()
    await step(sched, clock, 30 * MIN)
    assert [r.status for r in runs(store)] == ["failed", "failed", "ok"]
    first, second, _ = runs(store)
    assert "attempt 1 of 3: provider down; retrying in 10 s" == first.error
    assert "RuntimeError: socket closed" in second.error and "retrying in 20 s" in second.error
    assert 10 in clock.slept and 20 in clock.slept  # backoff went through the injected sleep
    assert jobs.get(job.id).last_status == "ok"


async def test_a_final_failure_is_recorded_written_and_delivered(make, jobs, runner, store, clock, home):
    job = jobs.create("every 30m", "a", now=clock(), deliver=["notify"])
    runner.script(job.id, RunOutcome(error="model refused"), RunOutcome(error="model refused again"))
    sched = make(make_config(max_retries=1))
    await step(sched, clock, 30 * MIN)
    assert [r.status for r in runs(store)] == ["failed", "failed"]
    last = runs(store)[-1]
    assert last.error == "model refused again" and last.output_path
    text = open(last.output_path).read()
    assert "status: failed" in text and "model refused again" in text
    note = json.loads((home.cron_dir / "notifications.log").read_text())
    assert note["status"] == "failed" and "model refused again" in note["text"]
    j = jobs.get(job.id)
    assert j.last_status == "failed" and j.last_error == "model refused again"


async def test_output_file_has_a_header_and_the_answer(make, jobs, runner, store, clock, home):
    job = jobs.create("every day at 09:00", "report", name="Daily report", now=clock())
    runner.script(job.id, "All quiet.\n\nNothing to report.")
    sched = make()
    await step(sched, clock, 30)
    (r,) = runs(store)
    assert r.status == "ok" and r.tokens == 7
    assert r.output_path == str(home.cron_dir / "output" / job.id / "2026-11-22T09-00-00Z.md")
    text = open(r.output_path).read()
    head, body = text.split("---\n\n", 1)
    assert "job: Daily report" in head and "schedule: every day at 09:00" in head and "status: ok" in head
    assert body == "All quiet.\n\nNothing to report.\n"


async def test_silent_answers_are_filed_but_not_delivered(make, jobs, runner, store, clock, home):
    with Webhook() as hook:
        job = jobs.create("every 30m", "a", now=clock(), deliver=["notify", f"webhook:{hook.url}"])
        runner.script(job.id, "  [SILENT] \n", "Something happened")
        sched = make()
        await step(sched, clock, 30 * MIN)
        (r,) = runs(store)
        assert r.status == "silent" and os.path.exists(r.output_path)
        assert not (home.cron_dir / "notifications.log").exists() and hook.posts == []
        await step(sched, clock, 60 * MIN)
        assert len(hook.posts) == 1 and hook.posts[0]["text"] == "Something happened"
        assert len((home.cron_dir / "notifications.log").read_text().splitlines()) == 1


async def test_webhook_delivery_to_a_real_server(make, jobs, runner, store, clock):
    with Webhook() as hook:
        job = jobs.create("every 30m", "a", name="hooked", now=clock(), deliver=[f"webhook:{hook.url}"])
        runner.script(job.id, "the answer")
        sched = make()
        await step(sched, clock, 30 * MIN)
    (post,) = hook.posts
    assert post == {"job_id": job.id, "name": "hooked", "status": "ok", "text": "the answer",
                    "run_at": "2026-11-22T09:29:30Z"}  # when it ran
    assert hook.headers[0]["content-type"] == "application/json"
    (r,) = runs(store)
    assert r.status == "ok" and r.error is None


async def test_webhook_failures_are_recorded_and_never_crash(make, jobs, runner, store, clock):
    with Webhook(status=500) as hook:
        bad = jobs.create("every 30m", "a", now=clock(), deliver=[f"webhook:{hook.url}", "notify"])
        sched = make()
        await step(sched, clock, 30 * MIN)
    assert len(hook.posts) == 1
    (r,) = runs(store)
    assert r.status == "ok"  # the run itself worked
    assert "HTTP 500" in r.error and "secret-token" not in r.error  # the URL's path may be a credential
    assert "secret-token" not in (jobs.get(bad.id).last_delivery_error or "x")
    assert "HTTP 500" in jobs.get(bad.id).last_delivery_error
    # nothing listens on this port any more: a refused connection is recorded the same way
    await step(sched, clock, 60 * MIN)
    r2 = runs(store)[-1]
    assert r2.status == "ok" and "webhook:http://127.0.0.1" in r2.error and "request failed" in r2.error


async def test_chat_targets_are_queued_for_the_gateway_and_checked(make, jobs, runner, store, clock, home):
    """channel:/home targets go to the gateway's durable notices (the gateway may run in another
    process, or start later); a platform that is not configured is a recorded delivery error."""
    from hermes.gateway.notices import take
    from hermes.gateway.store import GatewayStore

    job = jobs.create("every 30m", "a", now=clock(), deliver=["channel:telegram:-100123"])
    sched = make()
    await step(sched, clock, 30 * MIN)
    assert "telegram is not configured" in runs(store)[-1].error
    from hermes.config import PlatformSection

    sched.config.gateway.platforms["telegram"] = PlatformSection(allowed_users=["1"])
    await step(sched, clock, 60 * MIN)
    assert runs(store)[-1].error is None
    queued = take(GatewayStore(home))
    assert [t for _, t, _ in queued] == ["channel:telegram:-100123"] and "done" in queued[0][2]
    got = []

    async def other(target, report, *, home, config):
        got.append((target, report.job_id, report.text))
    old = register_delivery("channel", other)  # another process-local handler may replace it
    try:
        await step(sched, clock, 90 * MIN)
    finally:
        register_delivery("channel", old)
    assert got == [("channel:telegram:-100123", job.id, "done")]


# ---- files edited by hand ----------------------------------------------------------------------------

async def test_a_broken_jobs_file_stops_runs_but_is_never_overwritten(make, jobs, runner, clock, home):
    job = jobs.create("every 1m", "a", now=clock())
    path = home.cron_dir / "jobs.json"
    good = path.read_text()
    sched = make()
    await step(sched, clock)
    path.write_text(good[:-20])
    report = await step(sched, clock)
    assert report.error and "not valid JSON" in report.error
    assert path.read_text() == good[:-20] and runner.calls == [job.id]
    path.write_text(good)  # fixed by hand (it still says next_run_at 09:00, long past now)
    report = await step(sched, clock)
    assert report.started == [job.id]


async def test_hand_edited_jobs_are_picked_up(make, jobs, runner, store, clock, home):
    ok = jobs.create("every 1m", "a", now=clock())
    sched = make()
    await step(sched, clock)
    path = home.cron_dir / "jobs.json"
    data = json.loads(path.read_text())
    data["jobs"].append({"id": "badsched", "name": "broken", "schedule": "every blue moon", "prompt": "p",
                         "next_run_at": "2026-11-22T09:00:00Z"})
    data["jobs"].append({"id": "newbyhand", "schedule": "every 1m", "prompt": "p"})  # no next_run_at yet
    path.write_text(json.dumps(data))
    report = await step(sched, clock)
    assert report.invalid == ["badsched"] and report.started == [ok.id]
    assert "Examples" in runs(store, "badsched")[0].error and runs(store, "badsched")[0].status == "failed"
    await step(sched, clock)
    await step(sched, clock)
    assert runner.calls.count("newbyhand") == 2 and "badsched" not in runner.calls
    assert len(runs(store, "badsched")) == 1  # reported once, not every minute


def _bulk(jobs: JobStore, n: int, next_run_at: float) -> None:
    with jobs.edit() as lst:
        for i in range(n):
            lst.append(Job(id=f"{i:08x}", name=f"j{i}", schedule="every 1h", prompt="p",
                           created_at=next_run_at - 3600, anchor_at=next_run_at - 3600, next_run_at=next_run_at))


async def test_an_idle_tick_with_1000_jobs_is_cheap(make, jobs, clock):
    _bulk(jobs, 1000, clock() + 3600)
    sched = make()
    await sched.tick()  # first read
    times = []
    for _ in range(200):
        clock.advance(1)
        t = time.perf_counter()
        report = await sched.tick()
        times.append(time.perf_counter() - t)
        assert report.started == []
    assert statistics.median(times) < 0.005


# ---- with the real store and the real agent runner ----------------------------------------------------

async def test_with_the_sqlite_store(home, jobs, clock):
    sqlite = pytest.importorskip("hermes.state.sqlite")
    store = sqlite.SQLiteStore(home.state_db)
    runner = ScriptedRunner()
    sched = Scheduler(home, make_config(grace_minutes=0), store, runner, clock=clock, sleep=clock.sleep)
    try:
        a = jobs.create("every 1m", "a", now=clock())
        b = jobs.create("every 1m", "b", now=clock())
        runner.script(a.id, "[SILENT]")
        await step(sched, clock, 30)
        jobs.update(b.id, enabled=False, now=clock())
        clock.advance(10 * MIN)  # ten minutes with grace 0: a's run is recorded as missed
        await sched.tick()
        await sched.drain()
        statuses = [(r.job_id, r.status) for r in store.list_runs(limit=10)]
        assert statuses == [(a.id, "missed"), (a.id, "silent"), (b.id, "ok")] or \
            statuses == [(a.id, "missed"), (b.id, "ok"), (a.id, "silent")]
    finally:
        sched.close()
        store.close()


async def test_the_default_runner_drives_the_agent(home, jobs, monkeypatch):
    """run_job calls run_prompt with the job's scope and model, and without the cron toolset."""
    from hermes.cron import runner as cron_runner

    try:
        from hermes.runtime import PromptResult
    except ImportError:
        pytest.skip("the runtime is not available yet")
    from hermes.core.messages import Usage

    seen = {}

    async def fake_run_prompt(home, config, prompt, **kw):
        seen.update(kw, prompt=prompt)
        return PromptResult("answer", "sess-1", Usage(100, 20), None)
    import hermes.runtime
    monkeypatch.setattr(hermes.runtime, "run_prompt", fake_run_prompt)
    monkeypatch.setitem(sys.modules, "hermes.core.session", None)  # force the runtime fallback
    job = jobs.create("every 1h", "water the plants", scope="alice", model="openai:gpt-4o-mini", now=T0)
    out = await cron_runner.run_job(job, home=home, config=make_config(), store=FakeRunStore())
    assert out == RunOutcome("answer", "sess-1", 120, None)
    assert seen["source"] == "cron" and seen["scope"] == "alice" and seen["model"] == "openai:gpt-4o-mini"
    assert "cron" not in seen["toolsets"] and seen["interactive"] is False
    assert seen["prompt"].endswith("water the plants") and "[SILENT]" in seen["prompt"]


async def test_output_file_header_carries_the_prompt_toolsets_and_skills(make, jobs, runner, store, clock, home):
    import yaml

    prompt = "Check the disk.\n---\nThen say: all clear?"
    job = jobs.create("every day at 09:00", prompt, name="Disk", toolsets=["core"], skills="ops,report",
                      model="openrouter:some/model", now=clock())
    runner.script(job.id, "All clear.")
    await step(make(), clock, 30)
    (r,) = runs(store)
    head, body = open(r.output_path).read().split("\n---\n\n", 1)
    meta = yaml.safe_load(head.removeprefix("---\n"))  # the header reads on its own and parses
    assert meta["prompt"].rstrip("\n") == prompt
    assert meta["toolsets"] == "core" and meta["skills"] == "ops, report"
    assert meta["model"] == "openrouter:some/model" and meta["job"] == "Disk"
    assert body == "All clear.\n"


async def test_job_skills_are_loaded_into_the_prompt_in_order_and_a_missing_one_fails_the_run(jobs, clock, home):
    from hermes.cron.runner import job_prompt
    from hermes.skills.store import SkillStore

    skills = SkillStore(home)
    for name, line in (("ops", "Use df -h."), ("report", "Answer in one line.")):
        skills.create(name, f"---\nname: {name}\ndescription: {name} things\n---\n{line}\n")
    job = jobs.create("every 1h", "check the disk", skills=["report", "ops"], now=clock())
    text = job_prompt(job, home)
    assert text.index("Answer in one line.") < text.index("Use df -h.") < text.index("Request: check the disk")
    assert JobStore(home, tz="UTC").get(job.id).skills == ["report", "ops"]  # persisted

    gone = jobs.create("every 1h", "x", skills="ops,vanished", now=clock())
    result = await execute(gone, home=home, config=make_config(), store=FakeRunStore(), retry=False)
    assert result.status == "failed" and "vanished" in result.error and "ops" not in result.error


def test_reference_jobs_with_a_single_skill_field_load_as_skills():
    job = Job.from_dict({"id": "a1", "prompt": "p", "schedule": "every 1h", "skill": "daily-report"})
    assert job.skills == ["daily-report"] and "skill" not in job.to_dict()
