"""`hermes cron list|add|edit|pause|resume|rm|run|log|status|daemon`: scheduled jobs from the terminal.

Jobs fire only while a scheduler runs for the home (`hermes serve` or `hermes cron daemon`); `add`,
`list` and `status` say plainly whether one is running.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Any, Iterator, List, Optional

import typer

from hermes.cli.common import fail, get_runtime, print_json

app = typer.Typer(help="Scheduled jobs: list, add, run, log, daemon.", no_args_is_help=True)

JSON_OPT = typer.Option(False, "--json", help="Machine-readable output.")
DELIVER_OPT = typer.Option(None, "--deliver", "-d", help="Extra target (repeatable): notify, home, webhook:URL, "
                                                          "channel:PLATFORM:CHAT. The output file is always written.")


@contextmanager
def _errors() -> Iterator[None]:
    from hermes.cron.jobs import JobNotFound, JobsFileError
    from hermes.cron.schedule import ScheduleError
    from hermes.state.base import StoreError

    try:
        yield
    except (JobNotFound, JobsFileError, ScheduleError, StoreError, ValueError) as e:
        fail(str(e))


def _jobs():
    from hermes.cron.jobs import open_jobs

    rt = get_runtime()
    with _errors():  # jobs.json, or the PostgreSQL store's jobs when store.backend is postgres
        return open_jobs(rt.home, rt.config, rt.store)


def _when(ts: Optional[float], tz: Any) -> str:
    from hermes.cron.schedule import describe_next

    return describe_next(ts, time.time(), tz)


def _scheduler_line(home: Any, jobs: Any = None) -> str:
    from hermes.cron.scheduler import not_running_hint, scheduler_status

    st = scheduler_status(home, jobs)
    if st.running:
        if st.host:  # jobs shared through the PostgreSQL store: the scheduler may be on another host
            return f"A scheduler is running for these jobs (pid {st.pid or '?'} on {st.host})."
        return f"A scheduler is running for this home (pid {st.pid or '?'})."
    return not_running_hint()


def _split(values: Optional[List[str]]) -> Optional[List[str]]:
    if values is None:
        return None
    return [p.strip() for v in values for p in v.split(",") if p.strip() and p.strip().lower() != "none"]


@app.command("list")
def list_jobs(as_json: bool = JSON_OPT) -> None:
    """List jobs with their next and last runs."""
    store = _jobs()
    with _errors():
        jobs = store.list()
    if as_json:
        print_json([j.public() for j in jobs])
        return
    if not jobs:
        typer.echo("No scheduled jobs. Add one with: hermes cron add \"every weekday at 9:00\" \"...\"")
    for j in jobs:
        nxt = _when(j.next_run_at, store.tz) if j.state == "scheduled" else j.state
        last = j.last_status or "never run"
        typer.echo(f"{j.id}  {j.name}\n    {j.schedule} | next: {nxt} | last: {last}"
                   + (f" | scope: {j.scope}" if j.scope != "owner" else "")
                   + (f" | deliver: {', '.join(_labels(j.deliver))}" if j.deliver else ""))
        if j.last_error and j.last_status != "ok":
            typer.echo(f"    error: {j.last_error[:200]}")
    typer.echo(_scheduler_line(get_runtime().home, store))


def _labels(targets: list[str]) -> list[str]:
    from hermes.cron.delivery import label

    return [label(t) for t in targets]


@app.command("add")
def add(schedule: str = typer.Argument(..., help="every 30m | every weekday at 9:00 | 0 9 * * 1-5 | 2h | "
                                                 "2026-12-01T09:00"),
        prompt: str = typer.Argument(..., help="What the job should do (the run sees no chat history)."),
        name: Optional[str] = typer.Option(None, "--name", "-n", help="Short name (default: the prompt's start)."),
        deliver: Optional[List[str]] = DELIVER_OPT,
        scope: Optional[str] = typer.Option(None, "--scope", help="Memory scope of its runs (default owner)."),
        model: Optional[str] = typer.Option(None, "--model", help="provider:model or a model id."),
        toolsets: Optional[str] = typer.Option(None, "--toolsets", help="Comma-separated toolsets."),
        skills: Optional[str] = typer.Option(None, "--skills", help="Comma-separated skills loaded into "
                                                                    "every run, in order."),
        retries: Optional[int] = typer.Option(None, "--retries", min=0, help="Retries after a failure "
                                                                              "(default cron.max_retries)."),
        as_json: bool = JSON_OPT) -> None:
    """Add a job."""
    store = _jobs()
    with _errors():
        job = store.create(schedule, prompt, name=name, scope=scope, model=model, toolsets=toolsets,
                           skills=skills, deliver=_split(deliver), retries=retries)
    if as_json:
        print_json(job.public())
        return
    typer.echo(f"Created job {job.id} '{job.name}' ({job.schedule}); next run {_when(job.next_run_at, store.tz)}.")
    typer.echo(_scheduler_line(get_runtime().home, store))


@app.command("edit")
def edit(job_id: str = typer.Argument(..., help="Job id (or unique prefix, or name)."),
         schedule: Optional[str] = typer.Option(None, "--schedule", "-s"),
         prompt: Optional[str] = typer.Option(None, "--prompt"),
         name: Optional[str] = typer.Option(None, "--name", "-n"),
         deliver: Optional[List[str]] = typer.Option(None, "--deliver", "-d",
                                                     help="Replace targets (repeatable; 'none' clears)."),
         scope: Optional[str] = typer.Option(None, "--scope"),
         model: Optional[str] = typer.Option(None, "--model", help="provider:model; '' clears."),
         toolsets: Optional[str] = typer.Option(None, "--toolsets", help="Comma-separated; '' clears."),
         skills: Optional[str] = typer.Option(None, "--skills", help="Comma-separated; '' clears."),
         retries: Optional[int] = typer.Option(None, "--retries", min=0),
         as_json: bool = JSON_OPT) -> None:
    """Change a job; a new schedule counts from now."""
    changes: dict[str, Any] = {k: v for k, v in (("schedule", schedule), ("prompt", prompt), ("name", name),
                                                 ("scope", scope), ("model", model)) if v is not None}
    if deliver is not None:
        changes["deliver"] = _split(deliver)
    if toolsets is not None:
        changes["toolsets"] = toolsets or None
    if skills is not None:
        changes["skills"] = skills
    if retries is not None:
        changes["retries"] = retries
    if not changes:
        fail("nothing to change: give --schedule, --prompt, --name, --deliver, --scope, --model, "
             "--toolsets, --skills or --retries")
    store = _jobs()
    with _errors():
        job = store.update(job_id, **changes)
    if as_json:
        print_json(job.public())
        return
    nxt = _when(job.next_run_at, store.tz) if job.state == "scheduled" else job.state
    typer.echo(f"Updated job {job.id} '{job.name}' ({job.schedule}); next run {nxt}.")


@app.command("pause")
def pause(job_id: str = typer.Argument(...)) -> None:
    """Stop a job from firing until resumed."""
    with _errors():
        job = _jobs().update(job_id, enabled=False)
    typer.echo(f"Paused job {job.id} '{job.name}'.")


@app.command("resume")
def resume(job_id: str = typer.Argument(...)) -> None:
    """Let a paused job fire again (its next run is counted from now)."""
    store = _jobs()
    with _errors():
        job = store.update(job_id, enabled=True)
    typer.echo(f"Resumed job {job.id} '{job.name}'; next run {_when(job.next_run_at, store.tz)}.")
    typer.echo(_scheduler_line(get_runtime().home, store))


@app.command("rm")
def remove(job_id: str = typer.Argument(...)) -> None:
    """Delete a job (its run records and output files are kept)."""
    with _errors():
        job = _jobs().remove(job_id)
    typer.echo(f"Removed job {job.id} '{job.name}'.")


@app.command("run")
def run(job_id: str = typer.Argument(...), as_json: bool = JSON_OPT) -> None:
    """Run a job now, in the foreground, and print its answer (its schedule is unchanged)."""
    import asyncio

    from hermes.cron import runner as cron_runner

    rt = get_runtime()
    store = _jobs()
    with _errors():
        job = store.get(job_id)
        result = asyncio.run(cron_runner.execute(job, home=rt.home, config=rt.config, store=rt.store(),
                                                 tz=store.tz, retry=False))
        if result.status != "skipped":
            store.record_results({job.id: result.job_fields()})
    if as_json:
        print_json({"job_id": job.id, "run_id": result.run_id, "status": result.status, "text": result.text,
                    "error": result.error, "delivery_errors": result.delivery_errors,
                    "output_path": result.output_path, "tokens": result.tokens})
    elif result.status == "skipped":
        why = result.error or "?"  # "job X is already running on another host ..." says it all
        fail(why if why.startswith(f"job {job.id} ") else f"job {job.id} was not started: {why}")
    else:
        if result.text and result.status != "failed":
            typer.echo(result.text)
        for e in result.delivery_errors:
            typer.echo(f"Delivery problem: {e}", err=True)
        if result.error:
            typer.echo(f"Error: the run failed: {result.error}", err=True)
        typer.echo(f"[{result.status}; output saved to {result.output_path}]", err=True)
    if result.status in ("failed", "skipped"):
        raise typer.Exit(1)


@app.command("log")
def log(job_id: Optional[str] = typer.Argument(None, help="Only this job."),
        limit: int = typer.Option(20, "--limit", "-n", min=1, max=10_000),
        status: Optional[str] = typer.Option(None, "--status", help="ok, failed, silent, missed, interrupted, "
                                                                     "running"),
        as_json: bool = JSON_OPT) -> None:
    """Run records, newest first (missed and failed runs included)."""
    rt = get_runtime()
    names: dict[str, str] = {}
    store = _jobs()
    with _errors():
        try:
            names = {j.id: j.name for j in store.list()}
        except Exception:
            names = {}
        if job_id is not None:
            try:
                job_id = store.get(job_id).id
            except KeyError:
                pass  # a deleted job's runs are still in the store under its id
        runs = rt.store().list_runs(job_id, status=status, limit=limit)
    if as_json:
        from dataclasses import asdict

        print_json([dict(asdict(r), name=names.get(r.job_id)) for r in runs])
        return
    if not runs:
        typer.echo("No runs recorded.")
    from hermes.cron.schedule import format_local

    for r in runs:
        took = f"{r.ended_at - r.started_at:.1f}s" if r.ended_at else "-"
        typer.echo(f"#{r.id}  {format_local(r.started_at, store.tz)}  {r.job_id} {names.get(r.job_id, '(removed)')}"
                   f"  {r.status}  {took}  {r.tokens} tok")
        if r.error:
            typer.echo(f"    {r.error[:300]}")
        if r.output_path:
            typer.echo(f"    {r.output_path}")


@app.command("status")
def status(as_json: bool = JSON_OPT) -> None:
    """Is a scheduler running for this home? Jobs count and the next due job."""
    from hermes.cron.scheduler import scheduler_status

    rt = get_runtime()
    store = _jobs()
    with _errors():
        st = scheduler_status(rt.home, store)
    if as_json:
        print_json(st.to_dict())
        return
    if st.running:
        since = _when(st.since, store.tz) if st.since else "?"
        where = f" on {st.host}" if st.host else ""
        typer.echo(f"Scheduler: running (pid {st.pid or '?'}{where}, started {since}).")
    else:
        typer.echo("Scheduler: not running. Start `hermes serve` or `hermes cron daemon`, or no job will fire.")
    if st.error:
        typer.echo(f"Jobs: {st.error}")
        raise typer.Exit(1)
    typer.echo(f"Jobs: {st.jobs} ({st.enabled} enabled).")
    if st.next_job is not None:
        typer.echo(f"Next: {st.next_job.id} '{st.next_job.name}' {_when(st.next_job.next_run_at, store.tz)}.")


@app.command("daemon")
def daemon() -> None:
    """Run the scheduler in the foreground until Ctrl-C or SIGTERM."""
    import asyncio
    import logging
    import os
    import signal

    from hermes.cron.scheduler import Scheduler

    rt = get_runtime()
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s", "%Y-%m-%d %H:%M:%S"))
    cron_log = logging.getLogger("hermes.cron")
    cron_log.addHandler(handler)
    cron_log.setLevel(logging.INFO)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        with _errors():
            sched = Scheduler(rt.home, rt.config, rt.store())
        typer.echo(f"Hermes scheduler for {rt.home.root} (pid {os.getpid()}); Ctrl-C stops it.", err=True)
        await sched.run_forever(stop)

    asyncio.run(main())
    typer.echo("Scheduler stopped.", err=True)
