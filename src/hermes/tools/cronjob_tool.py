"""The `cronjob` tool: the model schedules, lists, changes and runs jobs for its own scope.

Every answer about a schedule says truthfully whether it will fire: when the job runs next (local
time and how far away) and whether a scheduler is running for this home right now (a try-lock
probe of the scheduler lock), with what to start when none is.
"""

from __future__ import annotations

import time
from typing import Any, Literal

from hermes.tools.registry import ToolContext, ToolError, tool

RESULT_TEXT_MAX = 4_000


def _scheduler_line(ctx: ToolContext, jobs: Any = None) -> str:
    from hermes.cron.scheduler import not_running_hint, scheduler_status

    st = scheduler_status(ctx.home, jobs)
    if st.running:
        return f"A scheduler is running for this home (pid {st.pid or '?'}), so it will fire on time."
    # Said to the model: told to "start hermes serve", a small one ran both servers in the terminal,
    # where each blocked until the command timeout.
    return f"{not_running_hint()} Tell the user so; do not start it yourself (it runs until stopped)."


def _when(ts: float | None, tz: Any) -> str:
    from hermes.cron.schedule import describe_next

    return describe_next(ts, time.time(), tz)


def _line(job: Any, tz: Any) -> str:
    nxt = f"next {_when(job.next_run_at, tz)}" if job.state == "scheduled" else job.state
    last = f"; last {job.last_status}" if job.last_status else ""
    err = f" ({job.last_error[:120]})" if job.last_error and job.last_status != "ok" else ""
    return f"- {job.id} '{job.name}' ({job.schedule}): {nxt}{last}{err}"


def describe_jobs(home: Any, config: Any, scope: str) -> list[str]:
    """One line per job of `scope` and whether a scheduler runs: what `/cron` shows in a chat."""
    from hermes.cron.jobs import open_jobs
    from hermes.cron.scheduler import not_running_hint, scheduler_status

    jobs = open_jobs(home, config)  # jobs.json, or the PostgreSQL store's jobs
    mine = jobs.list(scope=scope)
    st = scheduler_status(home, jobs)
    lines = [_line(j, jobs.tz) for j in mine] or ["No scheduled jobs."]
    return lines + ["A scheduler is running for this home." if st.running else not_running_hint()]


def _scan(prompt: str | None) -> None:
    if not prompt:
        return
    try:
        from hermes.memory.threats import describe, scan
    except ImportError:
        return
    findings = scan(prompt)
    if findings:  # a job's prompt runs later, unattended, with tools: refuse injected instructions
        raise ToolError(f"refused: the prompt looks like an injected instruction ({describe(findings)}). "
                        "Rewrite it as a plain task.")


@tool(toolset="cron")
async def cronjob(ctx: ToolContext, action: Literal["create", "list", "update", "pause", "resume", "remove", "run"],
                  name: str | None = None, schedule: str | None = None, prompt: str | None = None,
                  job_id: str | None = None, deliver: str | None = None, skills: str | None = None) -> str:
    """Schedule a prompt to run later or repeatedly, unattended; each result is saved and delivered
    to the owner. Schedules: "every 30m", "every weekday at 09:00", cron "0 9 * * 1-5", once
    "2h" or "2026-12-01T09:00". The reply says whether a scheduler is running.

    Args:
        action: run = run now.
        schedule: When to run (see above).
        prompt: Self-contained instructions; the run sees no chat history.
        job_id: Job id or name (all actions but create and list).
        deliver: Extra targets, comma-separated: notify, webhook:https://... (from a chat: that chat)
        skills: Skill names loaded into every run, comma-separated.
    """
    if ctx.home is None or ctx.config is None:
        raise ToolError("scheduled jobs are not available in this session")
    from hermes.cron.jobs import JobNotFound, JobsFileError, open_jobs
    from hermes.cron.schedule import ScheduleError

    tz = ctx.config.cron.timezone
    jobs = open_jobs(ctx.home, ctx.config, ctx.store, tz=tz)
    tz = jobs.tz
    try:
        if action == "create":
            if not schedule or not prompt:
                raise ToolError("create needs schedule and prompt")
            _scan(prompt)
            if deliver is None and ctx.state.get("origin"):  # asked from a chat: results go back there
                deliver = ctx.state["origin"]
            same = _same_job(jobs.list(scope=ctx.scope), schedule, prompt)
            if same is not None:  # a model that repeats its create would otherwise fill the list
                return (f"Job {same.id} '{same.name}' ({same.schedule}) already exists with this schedule "
                        "and prompt; nothing was created. It is set up: tell the user.")
            job = jobs.create(schedule, prompt, name=name, scope=ctx.scope, deliver=deliver, skills=skills)
            return (f"Created job {job.id} '{job.name}' ({job.schedule}); next run {_when(job.next_run_at, tz)}. "
                    + _scheduler_line(ctx, jobs))
        if action == "list":
            mine = jobs.list(scope=ctx.scope)
            if not mine:
                return "No scheduled jobs. " + _scheduler_line(ctx, jobs)
            return "\n".join([f"{len(mine)} job(s):", *(_line(j, tz) for j in mine), _scheduler_line(ctx, jobs)])
        if not job_id:
            raise ToolError(f"{action} needs job_id (see action=list)")
        if action == "update":
            changes = {k: v for k, v in (("name", name), ("schedule", schedule), ("prompt", prompt),
                                         ("deliver", deliver), ("skills", skills)) if v is not None}
            if not changes:
                raise ToolError("update needs at least one of name, schedule, prompt, deliver, skills")
            _scan(prompt)
            job = jobs.update(job_id, scope=ctx.scope, **changes)
            return (f"Updated job {job.id} '{job.name}' ({job.schedule}); next run "
                    f"{_when(job.next_run_at, tz) if job.enabled else '(paused)'}. " + _scheduler_line(ctx, jobs))
        if action == "pause":
            job = jobs.update(job_id, scope=ctx.scope, enabled=False)
            return f"Paused job {job.id} '{job.name}'; it will not run until resumed."
        if action == "resume":
            job = jobs.update(job_id, scope=ctx.scope, enabled=True)
            return (f"Resumed job {job.id} '{job.name}'; next run {_when(job.next_run_at, tz)}. "
                    + _scheduler_line(ctx, jobs))
        if action == "remove":
            job = jobs.remove(job_id, scope=ctx.scope)
            return f"Removed job {job.id} '{job.name}'."
        if action == "run":
            return await _run_now(ctx, jobs, jobs.get(job_id, scope=ctx.scope))
        raise ToolError(f"unknown action {action!r}: create, list, update, pause, resume, remove or run")
    except (JobNotFound, ScheduleError, JobsFileError, ValueError) as e:
        raise ToolError(str(e)) from None


async def _run_now(ctx: ToolContext, jobs: Any, job: Any) -> str:
    from hermes.cron.runner import execute

    runner = (ctx.services or {}).get("cron_runner")  # tests and embedders may supply their own
    store = ctx.store
    if store is None:
        from hermes.state import open_store

        store = open_store(ctx.home, ctx.config)
    result = await execute(job, home=ctx.home, config=ctx.config, store=store, runner=runner, tz=jobs.tz,
                           retry=False)
    if result.status == "skipped":
        return f"Job {job.id} '{job.name}' was not started: {result.error}."
    jobs.record_results({job.id: result.job_fields()})
    head = f"Ran job {job.id} '{job.name}': {result.status}"
    if result.error:
        head += f" ({result.error})"
    if result.delivery_errors:
        head += f"; delivery problems: {'; '.join(result.delivery_errors)}"
    head += f". Output saved to {result.output_path}."
    text = result.text if len(result.text) <= RESULT_TEXT_MAX else result.text[:RESULT_TEXT_MAX] + " […]"
    return head + ("\n\n" + text if text and result.status != "failed" else "")


TOOLS = [cronjob]


def _same_job(jobs: list[Any], schedule: str, prompt: str) -> Any:
    def norm(text: str) -> str:
        return " ".join(text.lower().split())

    return next((j for j in jobs if norm(j.schedule) == norm(schedule) and norm(j.prompt) == norm(prompt)), None)
