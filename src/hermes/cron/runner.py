"""One run of a job: hold its run lock, call the runner (with retries), write the output file,
deliver, and record everything in the store.

The run lock is an flock on `cron/running/<job>.lock`, held for the whole run by whichever process
runs it (scheduler, `hermes cron run`, the cronjob tool). The kernel drops it when that process
dies, so "is this job's run still going?" is a non-blocking try-lock, and a run record left
"running" whose lock is free belongs to a dead process.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import hashlib
import inspect
import logging
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

from hermes.cron.delivery import DeliveryReport, deliver
from hermes.cron.jobs import Job, try_flock
from hermes.cron.schedule import format_local

log = logging.getLogger("hermes.cron")

SILENT = "[SILENT]"
PREFACE = ("[Scheduled job {name!r}. Nobody is here to answer questions: do the task and give the result "
           "as your final answer; it is delivered to the owner. If there is nothing worth reporting, "
           "answer exactly [SILENT].]\n\n")


@dataclass
class RunOutcome:
    """What a runner returns: the final answer, or an error."""
    text: str = ""
    session_id: str | None = None
    tokens: int = 0
    error: str | None = None


Runner = Callable[..., Awaitable[RunOutcome]]  # (job, *, home, config, store) -> RunOutcome


@dataclass
class RunResult:
    job_id: str
    run_id: int | None
    status: str  # ok | failed | silent | interrupted | skipped
    text: str = ""
    error: str | None = None
    delivery_errors: list[str] = field(default_factory=list)
    output_path: str | None = None
    tokens: int = 0
    session_id: str | None = None
    started_at: float = 0.0
    ended_at: float = 0.0
    attempts: int = 0

    def job_fields(self) -> dict[str, Any]:
        """The job's last_* fields after this run."""
        return {"last_run_at": self.started_at, "last_status": self.status, "last_error": self.error,
                "last_delivery_error": "; ".join(self.delivery_errors) or None}


def job_prompt(job: Job, home: Any) -> str:
    """What a run sends: the preface, the job's skills (in order) and its prompt. Raises ValueError
    when a skill is gone: such a job must fail visibly rather than run without it."""
    prompt = job.prompt
    if job.skills:
        from hermes.skills.index import skills_prompt

        prompt = skills_prompt(home, job.skills, job.prompt)
    return PREFACE.format(name=job.name) + prompt


async def run_job(job: Job, *, home: Any, config: Any, store: Any) -> RunOutcome:
    """The default runner: the job's prompt in a fresh session of the agent, nobody to ask."""
    try:
        from hermes.core.session import run_prompt  # type: ignore[import-not-found]
    except ImportError:
        from hermes.runtime import run_prompt
    # no cron tools inside a cron run: a job must not schedule more jobs
    toolsets = [t for t in (job.toolsets if job.toolsets is not None else config.toolsets) if t != "cron"]
    kwargs: dict[str, Any] = dict(source="cron", scope=job.scope, model=job.model, toolsets=toolsets,
                                  interactive=False)
    if "store" in inspect.signature(run_prompt).parameters:
        kwargs["store"] = store  # reuse this process's store connection
    try:
        prompt = job_prompt(job, home)
    except ValueError as e:
        return RunOutcome(error=str(e))
    result = await run_prompt(home, config, prompt, **kwargs)
    usage = getattr(result, "usage", None)
    return RunOutcome(text=getattr(result, "text", "") or "", session_id=getattr(result, "session_id", None),
                      tokens=int(getattr(usage, "total", 0) or 0), error=getattr(result, "error", None))


# -- the run lock ---------------------------------------------------------------------------------

def _safe_id(job_id: str) -> str:
    safe = re.sub(r"[^A-Za-z0-9_-]", "_", job_id)[:48]
    return safe if safe == job_id else f"{safe}-{hashlib.sha1(job_id.encode()).hexdigest()[:8]}"


class RunLock:
    def __init__(self, cron_dir: Path, job_id: str) -> None:
        self.path = Path(cron_dir) / "running" / f"{_safe_id(job_id)}.lock"
        self.fd: int | None = None

    def acquire(self) -> bool:
        self.fd = try_flock(self.path)
        return self.fd is not None

    def note(self, run_id: int | None) -> None:
        """Say who holds the lock and for which run record (read by the recovery sweep)."""
        if self.fd is not None:
            os.ftruncate(self.fd, 0)
            os.pwrite(self.fd, f"{os.getpid()} {run_id or 0}\n".encode(), 0)

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    @staticmethod
    def holder(cron_dir: Path, job_id: str) -> tuple[int, int] | None:
        """(pid, run_id) of a live holder, or None when nobody is running this job."""
        lock = RunLock(cron_dir, job_id)
        if not lock.path.exists():
            return None
        if lock.acquire():
            lock.release()
            return None
        try:
            pid, run_id = lock.path.read_text().split()[:2]
            return int(pid), int(run_id)
        except (OSError, ValueError):
            return (0, 0)


# -- the records of a run's attempts ----------------------------------------------------------------

class Attempts:
    """Where execute records a retry. Each attempt has a record of its own; the next one is opened
    when the failed one is closed, so it spans the backoff wait too: a run waiting to retry still has
    a record saying "running", which a recovery sweep finds if the process dies meanwhile. The scheduler
    on the PostgreSQL store passes one that also keeps its claim on the newest attempt and refuses
    to go on once its lease is gone (hermes.cron.pg_jobs.ClaimedAttempts)."""

    def __init__(self, store: Any, job_id: str) -> None:
        self.store, self.job_id = store, job_id

    def retry(self, failed_id: int, *, ended_at: float, tokens: int, error: str) -> int:
        """Close the failed attempt's record and open the next one's (from `ended_at`)."""
        self.store.record_run_end(failed_id, status="failed", ended_at=ended_at, tokens=tokens, error=error)
        return self.store.record_run_start(self.job_id, started_at=ended_at)

    def begin(self, run_id: int) -> None:
        """After the wait, just before the retry: raise if it is no longer this process's to make."""


# -- output file ----------------------------------------------------------------------------------

def write_output(cron_dir: Path, job: Job, r: RunResult, tz: Any) -> Path:
    folder = Path(cron_dir) / "output" / _safe_id(job.id)
    if not folder.is_dir():
        folder.mkdir(parents=True, exist_ok=True)
    stamp = _dt.datetime.fromtimestamp(r.started_at, _dt.timezone.utc).strftime("%Y-%m-%dT%H-%M-%SZ")
    path, n = folder / f"{stamp}.md", 1
    while path.exists():
        n += 1
        path = folder / f"{stamp}-{n}.md"

    def one_line(s: Any) -> str:
        return " ".join(str(s).split())

    head = ["---", f"job: {one_line(job.name)}", f"id: {job.id}", f"schedule: {one_line(job.schedule)}",
            f"status: {r.status}", f"started: {format_local(r.started_at, tz)}",
            f"finished: {format_local(r.ended_at, tz)}", f"attempts: {r.attempts}", f"tokens: {r.tokens}"]
    if job.model:
        head.append(f"model: {one_line(job.model)}")
    head.append("toolsets: " + (", ".join(job.toolsets) if job.toolsets is not None else "(config default)"))
    if job.skills:
        head.append(f"skills: {', '.join(job.skills)}")
    if r.session_id:
        head.append(f"session: {r.session_id}")
    if r.error:
        head.append(f"error: {one_line(r.error)[:1000]}")
    # the prompt as a YAML block scalar, so the file reads on its own and still parses
    head.append("prompt: |")
    head += ["  " + line for line in job.prompt.splitlines() or [""]]
    head.append("---")
    body = r.text if r.status != "failed" else (r.text or f"The run failed: {r.error}")
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text("\n".join(head) + "\n\n" + body.rstrip() + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path


# -- one run --------------------------------------------------------------------------------------

async def execute(job: Job, *, home: Any, config: Any, store: Any, runner: Runner | None = None,
                  run_id: int | None = None, clock: Callable[[], float] = time.time,
                  sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep, tz: Any = None,
                  retry: bool = True, claim: Any = None, attempts: Attempts | None = None) -> RunResult:
    """Run `job` once, retrying failures per its policy (retry=False: one attempt, for someone
    watching a manual run). `run_id` is a record the caller already opened (the scheduler opens it
    when it claims the job); otherwise one is opened here. On the PostgreSQL store a run without
    `run_id` is a manual one and claims the job in the database for its duration (`claim`: one the
    caller already took with hermes.cron.pg_manual.claim_manual); a run live elsewhere in the fleet
    makes it "skipped" with the reason. `attempts` records retries (default: Attempts on `store`)."""
    from hermes.cron.schedule import resolve_tz

    runner = runner or run_job
    zone = resolve_tz(tz if tz is not None else config.cron.timezone)
    cron_dir = home.cron_dir
    lock = RunLock(cron_dir, job.id)
    if not lock.acquire():
        holder = RunLock.holder(cron_dir, job.id)
        why = f"skipped: a run of this job is still going (pid {holder[0] if holder else '?'})"
        if run_id is not None:
            now = clock()
            store.record_run_end(run_id, status="missed", ended_at=now, error=why)
        if claim is not None:
            store.record_run_end(claim.run_id, status="missed", ended_at=clock(), error=why)
            claim.release()
        return RunResult(job.id, run_id, "skipped", error=why, started_at=clock(), ended_at=clock())
    if claim is None and run_id is None and hasattr(store, "_pg"):
        from hermes.cron.pg_manual import RunningElsewhere, claim_manual

        try:
            claim = claim_manual(store, job.id, started_at=clock(), tz=zone)
        except RunningElsewhere as e:
            lock.release()
            return RunResult(job.id, None, "skipped", error=str(e), started_at=clock(), ended_at=clock())
        except BaseException:
            lock.release()
            raise
    if claim is not None:
        run_id = claim.run_id

    retries = job.retries.max_retries if job.retries.max_retries is not None else config.cron.max_retries
    retries = retries if retry else 0
    attempts = attempts or Attempts(store, job.id)
    result = RunResult(job.id, run_id, "running", started_at=clock())
    try:
        attempt = 0
        while True:
            attempt += 1
            if result.run_id is None:
                result.run_id = store.record_run_start(job.id, started_at=clock())
            elif attempt > 1:
                attempts.begin(result.run_id)
            lock.note(result.run_id)
            try:
                outcome = await runner(job, home=home, config=config, store=store)
            except asyncio.CancelledError:
                store.record_run_end(result.run_id, status="interrupted", ended_at=clock(),
                                     error="stopped before it finished (the scheduler shut down)")
                raise
            except Exception as e:  # a runner bug is a failed run, recorded like any other
                log.debug("job %s runner raised", job.id, exc_info=True)
                outcome = RunOutcome(error=f"{type(e).__name__}: {e}")
            result.attempts = attempt
            if outcome.error and attempt <= retries:
                wait = job.retries.backoff_seconds * (2 ** (attempt - 1))
                result.run_id = attempts.retry(result.run_id, ended_at=clock(), tokens=outcome.tokens,
                                               error=f"attempt {attempt} of {retries + 1}: {outcome.error}; "
                                                     f"retrying in {wait:g} s")
                lock.note(result.run_id)
                try:
                    await sleep(wait)
                except asyncio.CancelledError:
                    store.record_run_end(result.run_id, status="interrupted", ended_at=clock(),
                                         error="stopped while waiting to retry (the scheduler shut down)")
                    raise
                continue
            break
        result.text, result.tokens, result.session_id = outcome.text, outcome.tokens, outcome.session_id
        result.error = outcome.error
        silent = not outcome.error and outcome.text.strip() == SILENT
        result.status = "failed" if outcome.error else ("silent" if silent else "ok")
        result.ended_at = clock()
        result.output_path = str(write_output(cron_dir, job, result, zone))
        if not silent:
            report = DeliveryReport(job.id, job.name, result.status,
                                    result.text if not outcome.error else f"The job failed: {outcome.error}",
                                    result.started_at, result.output_path, job.scope)
            result.delivery_errors = await deliver(job.deliver, report, home=home, config=config)
        errors = ([result.error] if result.error else []) + [f"delivery: {e}" for e in result.delivery_errors]
        store.record_run_end(result.run_id, status=result.status, ended_at=result.ended_at,
                             tokens=result.tokens, error="; ".join(errors) or None,
                             output_path=result.output_path, session_id=result.session_id)
        return result
    finally:
        if claim is not None:
            claim.release()
        lock.release()
