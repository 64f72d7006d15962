"""The scheduler: fires due jobs, once each, whatever else is running.

Guarantees and how they are kept:
- One scheduler per home runs jobs: an exclusive non-blocking flock on cron/scheduler.lock, held for
  the scheduler's life. Others stand by and take over when the holder dies (the kernel frees it).
- A due job runs once: under the jobs.json lock its run record is opened and its next_run_at
  advanced *before* the run starts (a racing claimer re-reads and finds it no longer due), and the
  run itself holds the job's run lock (see runner.RunLock) so a manual `run` cannot overlap it.
- Nothing is lost silently: a job more than cron.grace_minutes late (process down, machine asleep)
  is recorded as "missed" and rescheduled; within grace it runs once. A job still running when it
  comes due again is skipped and recorded. Runs left "running" by a dead process are marked
  "interrupted" when the next scheduler takes the lock.
- Cheap idle ticks: the job list is cached by jobs.json's (inode, mtime, size); an idle tick is a
  stat() and a comparison with the earliest next_run_at.
With `store.backend: postgres` the jobs live in the database and so does leadership: one scheduler
across every process and host holds a lease (hermes.cron.leader) instead of the flock, claims each
due run in the database, and re-runs once a run its dead predecessor left unfinished
(hermes.cron.pg_jobs). A manual run anywhere in the fleet claims its job in the database too
(hermes.cron.pg_manual), so a due run overlapping it is skipped as above. Everything else holds.
Clock and sleep are injectable so tests move time instead of waiting.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from hermes.cron.jobs import Job, JobsFileError, open_jobs
from hermes.cron.runner import RunLock, Runner, execute
from hermes.cron.schedule import ScheduleError, format_local, resolve_tz
from hermes.cron.scheduler_loop import SchedulerLoop
# the lock and the status are imported from here by the CLI, the API and the dashboard
from hermes.cron.scheduler_lock import (SchedulerLock, SchedulerStatus, leader_for,  # noqa: F401
                                        next_due, not_running_hint, scheduler_status)

log = logging.getLogger("hermes.cron")

TICK_SLACK = 60.0  # a tick can come up to a minute after a due time; that is on time, not late
STANDBY_POLL = 5.0


def never_scheduled(job: Job) -> bool:
    """A job added by hand with no next_run_at: its first time is still to be computed. A job whose
    slots are spent also has no next_run_at, but its claim or miss set last_run_at or last_status."""
    return job.next_run_at is None and job.last_status is None and job.last_run_at is None


# -- the scheduler --------------------------------------------------------------------------------------

@dataclass
class TickReport:
    standby: bool = False
    started: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)
    error: str | None = None


class Scheduler(SchedulerLoop):
    def __init__(self, home: Any, config: Any, store: Any, runner: Runner | None = None, *,
                 clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
                 standby_poll: float = STANDBY_POLL, shutdown_timeout: float = 30.0,
                 flush_delay: float = 1.0, tick_seconds: float = 60.0,
                 lease_seconds: float | None = None) -> None:
        self.home, self.config, self.store, self.runner = home, config, store, runner
        self.clock, self.sleep = clock, sleep
        self.tz = resolve_tz(config.cron.timezone)
        self.jobs = open_jobs(home, config, store, tz=self.tz)
        self._shared = getattr(self.jobs, "shared", False)
        self.grace = config.cron.grace_minutes * 60 + TICK_SLACK
        self.standby_poll, self.shutdown_timeout, self.flush_delay = standby_poll, shutdown_timeout, flush_delay
        self.tick_seconds = tick_seconds  # ticks fall on multiples of this (minute boundaries by default)
        self._lock = leader_for(home, self.jobs, lease_seconds)
        self._sem = asyncio.Semaphore(config.cron.max_concurrent)
        self._tasks: set[asyncio.Task] = set()
        self._active: dict[str, int] = {}  # job id -> run id, claimed and not finished
        self._attempts: dict[str, Any] = {}  # job id -> how its claimed run records retries (shared store)
        self._pending: dict[str, dict[str, Any]] = {}  # job id -> last_* fields to write back
        self._flush_handle: asyncio.TimerHandle | None = None
        self._key: Any = object()  # jobs.json identity the cache below was read from
        self._earliest: float | None = None
        self._bad_key: Any = None

    # ---- leadership -------------------------------------------------------------------------------

    @property
    def is_leader(self) -> bool:
        return self._lock.held

    def acquire(self) -> bool:
        """Take the scheduler lock if free; on success, settle what a dead predecessor left."""
        if self.is_leader:
            return True
        if not self._lock.acquire():
            return False
        log.info("scheduler running for %s (pid %s)", self.home.root, os.getpid())
        try:
            self.recover()
        except Exception:  # recovery is best effort; the scheduler must still run
            log.exception("recovering runs left by a previous scheduler failed")
        return True

    def release(self) -> None:
        self._lock.release()

    def status(self) -> SchedulerStatus:
        return scheduler_status(self.home, self.jobs)

    def recover(self) -> int:
        """Mark runs left "running" by a dead process as interrupted. Runs whose job lock is held
        belong to a live process (a manual run) and are left alone."""
        now = self.clock()
        if self._shared:  # the fleet's runs: claims say which leader ran them (see pg_jobs.recover)
            fixed = self.jobs.recover(self._lock.token, now, skip=set(self._active))
            for job_id in fixed:
                log.warning("job %s: a run was left unfinished by a previous scheduler; marked interrupted", job_id)
            return len(fixed)
        fixed: dict[str, dict[str, Any]] = {}
        for r in self.store.list_runs(status="running", limit=100_000):
            if r.job_id in self._active or RunLock.holder(self.home.cron_dir, r.job_id) is not None:
                continue
            self.store.record_run_end(r.id, status="interrupted", ended_at=now,
                                      error="the process running it stopped (killed or crashed) before it finished")
            fixed[r.job_id] = {"last_status": "interrupted",
                               "last_error": "the last run was interrupted: the process running it stopped"}
            log.warning("job %s: run %s was left running by a dead process; marked interrupted", r.job_id, r.id)
        if fixed:
            self._pending.update(fixed)
            self._flush()
        return len(fixed)

    # ---- ticking ----------------------------------------------------------------------------------

    def _refresh(self) -> None:
        key = self.jobs.file_key()
        if key == self._key:
            return
        jobs, key = self.jobs.load_with_key()
        self._cache(jobs, key)

    def _cache(self, jobs: list[Job], key: Any) -> None:
        self._key = key
        times = [j.next_run_at for j in jobs if j.enabled and j.next_run_at is not None]
        if any(j.enabled and never_scheduled(j) for j in jobs):
            times.append(float("-inf"))  # a hand-added job without next_run_at: compute it now
        self._earliest = min(times) if times else None

    async def tick(self, now: float | None = None) -> TickReport:
        """One pass: start every due job (as tasks) and record missed ones. Cheap when nothing is due."""
        now = self.clock() if now is None else now
        if not self.is_leader and not self.acquire():
            return TickReport(standby=True)
        try:
            self._refresh()
        except JobsFileError as e:
            return self._file_error(e)
        if self._earliest is None or now < self._earliest:
            return TickReport()
        try:
            report, claims = self.claim_due(now)
        except JobsFileError as e:
            return self._file_error(e)
        for job, run_id in claims:
            task = asyncio.get_running_loop().create_task(self._run(job, run_id), name=f"cron-{job.id}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return report

    def _file_error(self, e: JobsFileError) -> TickReport:
        key = self.jobs.file_key()
        if key != self._bad_key:  # say it once per version of the broken file
            log.error("%s", e)
            self._bad_key = key
        return TickReport(error=str(e))

    def claim_due(self, now: float) -> tuple[TickReport, list[tuple[Job, int]]]:
        """Under the jobs.json lock: open a run record for each due job and advance its next_run_at.
        Safe against racing processes: a job claimed elsewhere is no longer due when we read it."""
        report, claims = TickReport(), []
        try:
            with (self.jobs.edit(fence=self._lock.token) if self._shared else self.jobs.edit()) as jobs:
                for job in jobs:
                    self._claim_one(job, now, report, claims)
        except BaseException as e:
            for job, run_id in claims:  # nothing was written: these runs will not happen now
                self._active.pop(job.id, None)
                self._attempts.pop(job.id, None)
                if not self._shared:  # in the database the run records went with the transaction
                    self._safe_end(run_id, "failed", now, f"could not claim the run: {e}")
            raise
        self._cache(jobs, self.jobs.last_key)
        return report, claims

    def _claim_one(self, job: Job, now: float, report: TickReport, claims: list[tuple[Job, int]]) -> None:
        if not job.enabled:
            return
        fresh = never_scheduled(job)
        if not fresh and (job.next_run_at is None or job.next_run_at > now):
            return
        try:
            sched = job.schedule_obj(self.tz)
        except ScheduleError as e:
            job.next_run_at, job.last_status, job.last_error = None, "failed", str(e)
            self._record(job.id, "failed", now, now, str(e))
            report.invalid.append(job.id)
            return
        if fresh:  # added by hand without a next_run_at
            job.next_run_at = sched.next_ts(now)
            if job.next_run_at is None:
                job.last_status, job.last_error = "missed", "its one-shot time had passed when it was added"
                self._record(job.id, "missed", now, now, job.last_error)
            return
        due = job.next_run_at
        job.next_run_at = sched.next_ts(now)
        manual = self.jobs.manual_run(job.id) if self._shared else None  # a manual run elsewhere in the fleet
        if job.id in self._active or RunLock.holder(self.home.cron_dir, job.id) is not None or manual is not None:
            why = f"skipped the run due {format_local(due, self.tz)}: the previous run is still going"
            if manual is not None and job.id not in self._active:
                why += f" (a manual run, pid {manual.pid or '?'} on {manual.host or '?'})"
            self._record(job.id, "missed", due, now, why)
            job.last_error = why
            if never_scheduled(job):  # a one-shot whose only occurrence this was: not one added by hand
                job.last_status = "missed"
            report.skipped.append(job.id)
        elif now - due > self.grace:
            n = max(sched.count_between(due, now), 1)
            why = (f"missed {n} run{'s' if n > 1 else ''} (first due {format_local(due, self.tz)}): no scheduler "
                   f"was running, and it is more than cron.grace_minutes ({self.config.cron.grace_minutes}) late")
            self._record(job.id, "missed", due, now, why)
            job.last_status, job.last_error = "missed", why
            report.missed.append(job.id)
            log.warning("job %s (%s): %s", job.id, job.name, why)
        else:
            if self._shared:
                run_id = self.jobs.claim_run(job.id, due, now, self._lock.token)
                if run_id is None:
                    report.skipped.append(job.id)  # that occurrence was claimed before: it ran
                    return
                self._attempts[job.id] = self.jobs.attempts(job.id, due, self._lock.token)
            else:
                run_id = self.store.record_run_start(job.id, started_at=now)
            # Written in the claim itself: until the run's result is saved, a one-shot job is
            # otherwise indistinguishable from one added by hand without a time (see never_scheduled).
            job.last_run_at = now
            self._active[job.id] = run_id
            claims.append((job, run_id))
            report.started.append(job.id)

    def _record(self, job_id: str, status: str, start: float, end: float, error: str) -> None:
        runs = self.jobs if self._shared else self.store  # shared: in the claiming transaction
        run_id = runs.record_run_start(job_id, started_at=start, status=status)
        runs.record_run_end(run_id, status=status, ended_at=end, error=error)

    def _safe_end(self, run_id: int, status: str, now: float, error: str) -> None:
        try:
            self.store.record_run_end(run_id, status=status, ended_at=now, error=error)
        except Exception:
            log.exception("could not record the end of run %s", run_id)

    async def _run(self, job: Job, run_id: int) -> None:
        from hermes.cron.pg_jobs import NotLeader

        started = False
        attempts = self._attempts.pop(job.id, None)
        try:
            async with self._sem:
                started = True
                result = await execute(job, home=self.home, config=self.config, store=self.store,
                                       runner=self.runner, run_id=run_id, clock=self.clock,
                                       sleep=self.sleep, tz=self.tz, attempts=attempts)
            fields = result.job_fields()
            if result.status == "skipped":
                fields = {"last_error": result.error}
            log.info("job %s (%s): %s%s", job.id, job.name, result.status,
                     f" ({result.error})" if result.error else "")
            self._pending[job.id] = fields
        except asyncio.CancelledError:
            if not started:
                self._safe_end(run_id, "interrupted", self.clock(), "stopped before it started (shutdown)")
            self._pending[job.id] = {"last_status": "interrupted", "last_run_at": self.clock(),
                                     "last_error": "stopped by a scheduler shutdown"}
            raise
        except NotLeader:  # deposed between attempts: the run, and the job's status, are the next leader's
            log.warning("job %s: this scheduler lost its lease before a retry; the next leader re-runs it", job.id)
        except Exception as e:  # one job's trouble never stops the scheduler
            log.exception("job %s failed outside its run", job.id)
            self._pending[job.id] = {"last_status": "failed", "last_error": f"{type(e).__name__}: {e}"}
        finally:
            self._active.pop(job.id, None)
            self._schedule_flush()

    # ---- writing results back ---------------------------------------------------------------------

    def _schedule_flush(self) -> None:
        if self._flush_handle is None:
            # coalesce: many runs finishing close together cost one jobs.json write
            self._flush_handle = asyncio.get_running_loop().call_later(self.flush_delay, self._flush)

    def _flush(self) -> None:
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        if not self._pending:
            return
        pending, self._pending = self._pending, {}
        try:
            with self.jobs.edit() as jobs:
                for job in jobs:
                    for k, v in pending.get(job.id, {}).items():
                        setattr(job, k, v)
            self._cache(jobs, self.jobs.last_key)
        except (JobsFileError, OSError) as e:  # kept for the next flush; the store has them anyway
            log.error("could not save run results to jobs.json: %s", e)
            pending.update(self._pending)
            self._pending = pending

    async def drain(self, timeout: float | None = None) -> None:
        """Wait for the runs in flight, then write their results to jobs.json."""
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=timeout)
        self._flush()
