"""A scheduler taking over from one that died mid-run, without kill timing: the dead leader is an
object whose claims are abandoned and whose lease is expired in the database, the new one a second
Scheduler on the same PostgreSQL database. Time is a fake clock, runs are held open by a gate.

What these pin down: a one-shot job that is claimed and still running is not mistaken at the next
tick for a job added by hand without a time (that recorded a spurious 'missed' run, on any store),
an interrupted run is recorded interrupted and run once more, never also 'missed', and each slot of
a recurring job runs once across a takeover. With retries: a leader that dies while it waits to
retry, or during the retry, leaves the retry's record to its successor, which marks it interrupted
and runs the slot once more; a deposed leader that wakes up makes no retry of its own."""

from __future__ import annotations

import asyncio

import pytest

from cron_support import T0, FakeClock, FakeRunStore, make_config, make_home, pg_config
from test_store_postgres import pg_dsn, pg_server, pg_store  # noqa: F401 - the PostgreSQL fixtures
from test_store_postgres import raw as sql

from hermes.cron.jobs import JobStore, open_jobs
from hermes.cron.runner import RunOutcome
from hermes.cron.scheduler import Scheduler

MIN = 60.0


class GatedRunner:
    """Every run waits until the gate opens, so a test can tick while runs are still going."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.calls: list[str] = []

    async def __call__(self, job, *, home, config, store) -> RunOutcome:
        self.calls.append(job.id)
        await self.gate.wait()
        return RunOutcome(text=f"ran {job.id}")


class FailsFirst:
    """Each job's first attempt fails; later ones wait for the gate (open it to let them finish)."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.calls: list[str] = []
        self.waiting = asyncio.Event()  # a later attempt is under way

    async def __call__(self, job, *, home, config, store) -> RunOutcome:
        self.calls.append(job.id)
        if self.calls.count(job.id) == 1:
            return RunOutcome(error="provider down")
        self.waiting.set()
        await self.gate.wait()
        return RunOutcome(text=f"ran {job.id}")


class StuckBackoff:
    """A backoff wait that ends only when `wake` is set: the leader waiting to retry, then dead (or
    cut off from the database) before the wait is over."""

    def __init__(self) -> None:
        self.asked: list[float] = []
        self.waiting = asyncio.Event()
        self.wake = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        self.asked.append(seconds)
        self.waiting.set()
        await self.wake.wait()


def statuses(store, job_id: str) -> list[str]:
    return [r.status for r in reversed(store.list_runs(job_id))]


# ---- any store: a claimed one-shot is not a new job ---------------------------------------------------

async def test_a_one_shot_still_running_at_the_next_tick_is_not_recorded_missed(tmp_path):
    home = make_home(tmp_path)
    clock, store, runner = FakeClock(), FakeRunStore(), GatedRunner()
    jobs = JobStore(home, tz="UTC")
    once = jobs.create("1m", "once", now=clock())
    sched = Scheduler(home, make_config(), store, runner, clock=clock, sleep=clock.sleep)
    try:
        clock.now = once.next_run_at
        assert (await sched.tick()).started == [once.id]
        await asyncio.sleep(0)
        assert runner.calls == [once.id]
        clock.advance(15)  # the run goes on; its result is not saved yet
        report = await sched.tick()
        assert report.missed == [] and report.skipped == [] and report.started == []
        assert statuses(store, once.id) == ["running"]
        assert jobs.get(once.id).last_status is None and jobs.get(once.id).last_run_at == once.next_run_at
        runner.gate.set()
        await sched.drain()
        assert statuses(store, once.id) == ["ok"] and jobs.get(once.id).last_status == "ok"
        assert jobs.get(once.id).next_run_at is None
    finally:
        sched.close()


async def test_a_one_shot_skipped_for_a_manual_run_is_not_recorded_again_at_the_next_tick(tmp_path):
    from hermes.cron.runner import execute

    home = make_home(tmp_path)
    clock, store, runner = FakeClock(), FakeRunStore(), GatedRunner()
    jobs = JobStore(home, tz="UTC")
    once = jobs.create("1m", "once", now=clock())
    manual = asyncio.create_task(execute(once, home=home, config=make_config(), store=store, runner=runner))
    await asyncio.sleep(0)
    assert runner.calls == [once.id]  # the manual run holds the job's run lock
    sched = Scheduler(home, make_config(), store, GatedRunner(), clock=clock, sleep=clock.sleep)
    try:
        clock.now = once.next_run_at
        assert (await sched.tick()).skipped == [once.id]
        clock.advance(15)
        report = await sched.tick()
        assert report.missed == [] and report.skipped == [] and report.started == []
        assert sorted(statuses(store, once.id)) == ["missed", "running"]
        runner.gate.set()
        assert (await manual).status == "ok"
    finally:
        sched.close()


async def test_a_shutdown_while_a_run_waits_to_retry_records_the_retry_interrupted(tmp_path):
    home = make_home(tmp_path)
    clock, store, runner, backoff = FakeClock(), FakeRunStore(), FailsFirst(), StuckBackoff()
    jobs = JobStore(home, tz="UTC")
    job = jobs.create("every 1m", "flaky", now=clock(), retries={"max_retries": 1, "backoff_seconds": 30})
    sched = Scheduler(home, make_config(), store, runner, clock=clock, sleep=backoff, shutdown_timeout=0)
    try:
        clock.now = job.next_run_at
        assert (await sched.tick()).started == [job.id]
        await asyncio.wait_for(backoff.waiting.wait(), 10)
        assert statuses(store, job.id) == ["failed", "running"]  # the retry has its record while it waits
        await sched.shutdown()
        assert statuses(store, job.id) == ["failed", "interrupted"] and runner.calls == [job.id]
        assert "waiting to retry" in store.list_runs(job.id)[0].error
        assert jobs.get(job.id).last_status == "interrupted"
    finally:
        sched.close()


# ---- PostgreSQL: the leader dies after claiming, a second scheduler takes over --------------------------

@pytest.fixture
def pg(pg_store):
    return pg_store


def scheduler(home, pg, dsn, clock, runner) -> Scheduler:
    return Scheduler(home, pg_config(dsn), pg, runner, clock=clock, sleep=clock.sleep, lease_seconds=30)


def die(dsn: str) -> None:
    """The leader is gone without a word (kill -9, a dead host): its lease simply runs out."""
    sql(dsn, "UPDATE cron_leader SET expires_at = 0")


def claims(dsn: str, job_id: str) -> list[tuple[float, int, bool]]:
    return [tuple(r) for r in sql(dsn, "SELECT due_at, attempts, run_id IS NOT NULL FROM cron_claims "
                                       "WHERE job_id = %s ORDER BY due_at", (job_id,))]


async def test_an_interrupted_one_shot_runs_once_more_and_is_never_also_missed(tmp_path, pg, pg_dsn):
    clock = FakeClock()
    jobs = open_jobs(make_home(tmp_path / "admin"), pg_config(pg_dsn), pg)
    slow = jobs.create("1m", "slow", now=clock())  # due 09:00:00 (T0 + 30 s)
    later = jobs.create("1m", "later", now=clock() + 40)  # due 09:01:00: after the old leader is gone
    a = scheduler(make_home(tmp_path / "a"), pg, pg_dsn, clock, GatedRunner())
    b_runner = GatedRunner()
    b = scheduler(make_home(tmp_path / "b"), pg, pg_dsn, clock, b_runner)
    try:
        assert a.acquire()
        clock.now = slow.next_run_at
        report, claimed = a.claim_due(clock())
        assert report.started == [slow.id] and [j.id for j, _ in claimed] == [slow.id]
        clock.advance(15)  # the leader ticks again while its run goes on, then dies with it
        report = await a.tick()
        assert report.missed == [] and report.skipped == [] and report.started == []
        die(pg_dsn)

        clock.now = T0 + 95  # both due now: slow again (interrupted), later for the first time
        assert b.acquire()  # recovery: slow's run is recorded interrupted and made due again
        assert statuses(pg, slow.id) == ["interrupted"]
        assert jobs.get(slow.id).last_status == "interrupted"
        report = await b.tick()
        assert sorted(report.started) == sorted([slow.id, later.id]) and report.missed == []
        await asyncio.sleep(0)
        clock.advance(5)  # b ticks while both runs are still going
        report = await b.tick()
        assert report.missed == [] and report.skipped == [] and report.started == []
        b_runner.gate.set()
        await b.drain()

        assert statuses(pg, slow.id) == ["interrupted", "ok"]
        assert statuses(pg, later.id) == ["ok"]
        assert sorted(b_runner.calls) == sorted([slow.id, later.id])
        assert claims(pg_dsn, slow.id) == [(slow.next_run_at, 2, True)]
        assert claims(pg_dsn, later.id) == [(later.next_run_at, 1, True)]
        for j in (slow, later):
            assert jobs.get(j.id).last_status == "ok" and jobs.get(j.id).next_run_at is None
        clock.advance(MIN)  # nothing is left to run or to record
        assert (await b.tick()).started == [] and pg.list_runs(status="running") == []
        assert len(pg.list_runs(slow.id)) == 2 and len(pg.list_runs(later.id)) == 1
    finally:
        b.close()
        a._active.clear()  # its runs died with it: nothing of them is written on the way out
        a.close()


async def test_each_slot_of_a_recurring_job_runs_once_across_a_takeover(tmp_path, pg, pg_dsn):
    clock = FakeClock()
    jobs = open_jobs(make_home(tmp_path / "admin"), pg_config(pg_dsn), pg)
    every = jobs.create("every 1m", "every", now=clock())
    first = every.next_run_at
    a_runner, b_runner = GatedRunner(), GatedRunner()
    a_runner.gate.set()
    b_runner.gate.set()
    a = scheduler(make_home(tmp_path / "a"), pg, pg_dsn, clock, a_runner)
    b = scheduler(make_home(tmp_path / "b"), pg, pg_dsn, clock, b_runner)
    try:
        assert a.acquire()
        clock.now = first
        assert (await a.tick()).started == [every.id]  # slot 1 runs to the end
        await a.drain()
        clock.now = first + MIN
        report, _ = a.claim_due(clock())  # slot 2 is claimed, then the leader dies
        assert report.started == [every.id]
        die(pg_dsn)

        clock.advance(10)
        assert b.acquire()
        assert (await b.tick()).started == [every.id]  # slot 2 once more; slot 1 is not repeated
        await b.drain()
        clock.advance(20)
        assert (await b.tick()).started == []  # slot 3 is not due yet
        clock.now = first + 2 * MIN
        assert (await b.tick()).started == [every.id]
        await b.drain()

        assert a_runner.calls == [every.id] and b_runner.calls == [every.id, every.id]
        assert statuses(pg, every.id) == ["ok", "interrupted", "ok", "ok"]
        assert claims(pg_dsn, every.id) == [(first, 1, True), (first + MIN, 2, True), (first + 2 * MIN, 1, True)]
        assert jobs.get(every.id).next_run_at == first + 3 * MIN
    finally:
        b.close()
        a._active.clear()
        a.close()


# ---- PostgreSQL: the leader dies with a retry pending ---------------------------------------------------

async def stop(sched: Scheduler) -> None:
    """The dead leader's leftovers go without writing anything more that the test looks at."""
    sched._active.clear()
    tasks = set(sched._tasks)
    for t in tasks:
        t.cancel()
    if tasks:
        await asyncio.wait(tasks)
    sched._pending.clear()
    sched.close()


def running(dsn: str) -> list:
    return sql(dsn, "SELECT id, job_id FROM cron_runs WHERE status = 'running'")


async def test_a_leader_dying_while_it_waits_to_retry_leaves_the_retry_to_its_successor(tmp_path, pg, pg_dsn):
    clock = FakeClock()
    jobs = open_jobs(make_home(tmp_path / "admin"), pg_config(pg_dsn), pg)
    every = jobs.create("every 1m", "flaky", now=clock(), retries={"max_retries": 1, "backoff_seconds": 30})
    first = every.next_run_at
    a_runner, backoff = FailsFirst(), StuckBackoff()
    a = Scheduler(make_home(tmp_path / "a"), pg_config(pg_dsn), pg, a_runner, clock=clock, sleep=backoff,
                  lease_seconds=30)
    b_runner = GatedRunner()
    b_runner.gate.set()
    b = scheduler(make_home(tmp_path / "b"), pg, pg_dsn, clock, b_runner)
    try:
        assert a.acquire()
        clock.now = first
        assert (await a.tick()).started == [every.id]
        await asyncio.wait_for(backoff.waiting.wait(), 10)  # attempt 1 failed: the leader waits to retry
        assert backoff.asked == [30] and a_runner.calls == [every.id]
        die(pg_dsn)

        clock.advance(10)
        assert b.acquire()  # the pending retry's record is found and marked interrupted
        assert statuses(pg, every.id) == ["failed", "interrupted"]
        failed, interrupted = reversed(pg.list_runs(every.id))
        assert failed.error == "attempt 1 of 2: provider down; retrying in 30 s"
        assert "stopped" in interrupted.error and interrupted.ended_at == clock()
        assert jobs.get(every.id).last_status == "interrupted"
        assert (await b.tick()).started == [every.id]  # the slot, once more
        await b.drain()
        assert statuses(pg, every.id) == ["failed", "interrupted", "ok"]
        assert b_runner.calls == [every.id] and running(pg_dsn) == []
        assert claims(pg_dsn, every.id) == [(first, 2, True)]
        clock.advance(20)
        assert (await b.tick()).started == []  # the slot is done; the next is not due
        clock.now = first + MIN
        assert (await b.tick()).started == [every.id]
        await b.drain()
        assert statuses(pg, every.id) == ["failed", "interrupted", "ok", "ok"]

        # the old leader was only cut off: it wakes up, finds its lease gone and makes no retry
        backoff.wake.set()
        await asyncio.wait(set(a._tasks), timeout=10)
        assert a_runner.calls == [every.id] and b_runner.calls == [every.id, every.id]
        assert statuses(pg, every.id) == ["failed", "interrupted", "ok", "ok"] and running(pg_dsn) == []
        a._flush()  # a deposed leader leaves the job's status to its successor
        assert every.id not in a._pending and jobs.get(every.id).last_status == "ok"
        assert claims(pg_dsn, every.id) == [(first, 2, True), (first + MIN, 1, True)]
    finally:
        b.close()
        await stop(a)


async def test_a_leader_dying_during_a_retry_has_the_retry_recorded_interrupted_and_run_again(tmp_path, pg, pg_dsn):
    clock = FakeClock()
    jobs = open_jobs(make_home(tmp_path / "admin"), pg_config(pg_dsn), pg)
    once = jobs.create("1m", "flaky once", now=clock(), retries={"max_retries": 2, "backoff_seconds": 10})
    due = once.next_run_at
    a_runner = FailsFirst()  # the retry hangs: the leader dies while it runs
    a = scheduler(make_home(tmp_path / "a"), pg, pg_dsn, clock, a_runner)
    b_runner = GatedRunner()
    b = scheduler(make_home(tmp_path / "b"), pg, pg_dsn, clock, b_runner)
    try:
        assert a.acquire()
        clock.now = due
        assert (await a.tick()).started == [once.id]
        await asyncio.wait_for(a_runner.waiting.wait(), 10)
        assert a_runner.calls == [once.id, once.id] and clock() == due + 10  # the backoff went by
        assert statuses(pg, once.id) == ["failed", "running"]
        die(pg_dsn)

        clock.advance(20)
        assert b.acquire()
        assert statuses(pg, once.id) == ["failed", "interrupted"] and running(pg_dsn) == []
        report = await b.tick()
        assert report.started == [once.id] and report.missed == []
        await asyncio.sleep(0)
        clock.advance(5)  # b ticks while the re-run goes on: nothing more starts
        report = await b.tick()
        assert report.started == [] and report.missed == [] and report.skipped == []
        b_runner.gate.set()
        await b.drain()
        assert statuses(pg, once.id) == ["failed", "interrupted", "ok"]
        assert b_runner.calls == [once.id] and running(pg_dsn) == []
        assert claims(pg_dsn, once.id) == [(due, 2, True)]
        j = jobs.get(once.id)
        assert j.last_status == "ok" and j.next_run_at is None
        clock.advance(MIN)
        assert (await b.tick()).started == [] and len(pg.list_runs(once.id)) == 3
    finally:
        b.close()
        await stop(a)


async def test_a_retry_interrupted_a_second_time_is_recorded_and_not_run_again(tmp_path, pg, pg_dsn):
    clock = FakeClock()
    jobs = open_jobs(make_home(tmp_path / "admin"), pg_config(pg_dsn), pg)
    once = jobs.create("1m", "flaky once", now=clock(), retries={"max_retries": 1, "backoff_seconds": 10})
    due = once.next_run_at
    a_runner, b_runner = FailsFirst(), FailsFirst()  # both leaders die in the retry of their run
    a = scheduler(make_home(tmp_path / "a"), pg, pg_dsn, clock, a_runner)
    b = scheduler(make_home(tmp_path / "b"), pg, pg_dsn, clock, b_runner)
    c_runner = GatedRunner()
    c = scheduler(make_home(tmp_path / "c"), pg, pg_dsn, clock, c_runner)
    try:
        assert a.acquire()
        clock.now = due
        await a.tick()
        await asyncio.wait_for(a_runner.waiting.wait(), 10)
        die(pg_dsn)
        clock.advance(5)
        assert b.acquire()
        assert (await b.tick()).started == [once.id]
        await asyncio.wait_for(b_runner.waiting.wait(), 10)
        assert statuses(pg, once.id) == ["failed", "interrupted", "failed", "running"]
        die(pg_dsn)

        clock.advance(5)
        assert c.acquire()
        assert statuses(pg, once.id) == ["failed", "interrupted", "failed", "interrupted"]
        assert "not retried" in jobs.get(once.id).last_error
        assert (await c.tick()).started == [] and c_runner.calls == [] and running(pg_dsn) == []
        assert claims(pg_dsn, once.id) == [(due, 3, False)]
    finally:
        c.close()
        await stop(b)
        await stop(a)


async def test_a_leader_deposed_before_its_first_attempt_fails_opens_no_retry(tmp_path, pg, pg_dsn):
    clock = FakeClock()
    jobs = open_jobs(make_home(tmp_path / "admin"), pg_config(pg_dsn), pg)
    once = jobs.create("1m", "flaky once", now=clock(), retries={"max_retries": 1, "backoff_seconds": 10})
    a_runner, b_runner = FailsFirst(), GatedRunner()
    b_runner.gate.set()
    a = scheduler(make_home(tmp_path / "a"), pg, pg_dsn, clock, a_runner)
    b = scheduler(make_home(tmp_path / "b"), pg, pg_dsn, clock, b_runner)
    try:
        assert a.acquire()
        clock.now = once.next_run_at
        assert (await a.tick()).started == [once.id]
        die(pg_dsn)  # before the run even starts: its attempt fails with the lease already gone
        await asyncio.wait(set(a._tasks), timeout=10)
        assert a_runner.calls == [once.id] and once.id not in a._pending
        assert statuses(pg, once.id) == ["running"]  # left for the next leader to settle

        clock.advance(5)
        assert b.acquire()
        assert statuses(pg, once.id) == ["interrupted"]
        assert (await b.tick()).started == [once.id]
        await b.drain()
        assert statuses(pg, once.id) == ["interrupted", "ok"] and running(pg_dsn) == []
        assert a_runner.calls == [once.id] and b_runner.calls == [once.id]
        a._flush()
        assert jobs.get(once.id).last_status == "ok"
    finally:
        b.close()
        await stop(a)
