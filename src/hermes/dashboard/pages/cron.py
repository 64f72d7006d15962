"""The Cron page: jobs with their next run and last status, the add/edit form with a live schedule
preview, and the run log with each run's output.

Writes (create, edit, pause/resume, run now, delete) go through the JSON API (/api/jobs) from
static/cron.js; this module renders the page and answers the two reads the API has no endpoint for:
the schedule preview while the user types, and the page itself (which the script re-fetches to
refresh its tables, so there is one renderer).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from hermes.dashboard.app import Page, render, require

RUNS_SHOWN = 20
OUTPUT_CHARS = 20_000  # per run shown inline; the whole file stays on disk


def _tz(srv: Any) -> Any:
    from hermes.cron.schedule import resolve_tz

    return getattr(srv.jobs, "tz", None) or resolve_tz(srv.hermes.config.cron.timezone)


def preview(text: str, tz: Any, now: float | None = None, count: int = 3) -> dict[str, Any]:
    """What the schedule means and its next `count` fire times, or why it is not valid."""
    from hermes.cron.schedule import ScheduleError, format_local, humanize_delta, parse_schedule

    now = time.time() if now is None else now
    try:
        sched = parse_schedule(text, now=now, tz=tz)
    except ScheduleError as e:
        return {"ok": False, "error": str(e)}
    runs, t = [], now
    for _ in range(count):
        nxt = sched.next_ts(t)
        if nxt is None:
            break
        runs.append({"at": format_local(nxt, tz), "in": humanize_delta(nxt - now)})
        t = nxt
    if not runs:
        return {"ok": False, "error": f"the time in {text.strip()!r} has already passed; give a future time"}
    kind = {"interval": "repeats", "cron": "repeats", "once": "runs once"}[sched.kind]
    return {"ok": True, "kind": sched.kind, "describe": f"{sched.describe()} ({kind})", "next": runs}


def _job_rows(jobs: list[Any], tz: Any, now: float) -> list[dict[str, Any]]:
    from hermes.cron.schedule import format_local, humanize_delta

    rows = []
    for j in jobs:
        rows.append({
            "id": j.id, "name": j.name, "schedule": j.schedule, "prompt": j.prompt, "state": j.state,
            "enabled": j.enabled, "deliver": ", ".join(j.deliver),
            "next": (format_local(j.next_run_at, tz) if j.next_run_at and j.enabled else ""),
            "next_in": (humanize_delta(j.next_run_at - now) if j.next_run_at and j.enabled else ""),
            "last": format_local(j.last_run_at, tz) if j.last_run_at else "",
            "last_status": j.last_status or "", "last_error": j.last_error or ""})
    return rows


def _output(path: str | None, root: Path) -> str:
    """A run's output file, only from this home's cron/output folder (the path comes from the store)."""
    if not path:
        return ""
    try:
        p = Path(path).resolve()
        if root.resolve() not in p.parents:
            return ""
        with open(p, encoding="utf-8", errors="replace") as f:
            text = f.read(OUTPUT_CHARS + 1)
    except OSError:
        return "(the output file is gone)"
    return text if len(text) <= OUTPUT_CHARS else text[:OUTPUT_CHARS] + "\n… (truncated)"


def _run_rows(srv: Any, job_id: str | None, names: dict[str, str], tz: Any) -> list[dict[str, Any]]:
    from hermes.cron.schedule import format_local

    hermes = srv.hermes
    runs = hermes.store.list_runs(job_id or None, limit=RUNS_SHOWN)
    root = Path(hermes.home.cron_dir) / "output"
    scrub = srv.scrub
    out = []
    for r in runs:
        out.append({
            "id": r.id, "job_id": r.job_id, "name": names.get(r.job_id, "(removed)"), "status": r.status,
            "started": format_local(r.started_at, tz),
            "took": f"{r.ended_at - r.started_at:.1f} s" if r.ended_at else "running",
            "tokens": r.tokens, "error": scrub(r.error or ""), "session_id": r.session_id or "",
            "output": scrub(_output(r.output_path, root))})
    return out


async def page(request: Any) -> Any:
    srv = request.app.state.srv
    ctx: dict[str, Any] = {"title": "Cron", "jobs": [], "runs": [], "error": "", "selected": "",
                           "scheduler": None, "tz": ""}
    if require(request) is None:  # logged in: do the work (else render() sends to the login)
        job_id = request.query_params.get("job", "")
        now = time.time()
        if srv.jobs is None:
            ctx["error"] = "Scheduler not available: this Hermes has no cron support installed."
        else:
            from hermes.cron.scheduler import scheduler_status

            tz = _tz(srv)
            ctx["tz"] = str(tz)
            try:
                jobs = srv.jobs.store.list()
                ctx["jobs"] = _job_rows(jobs, tz, now)
                names = {j.id: j.name for j in jobs}
                ctx["selected"] = job_id if job_id in names else ""
                ctx["runs"] = _run_rows(srv, ctx["selected"], names, tz)
                ctx["scheduler"] = scheduler_status(srv.hermes.home, srv.jobs.store)
            except Exception as e:  # a broken jobs.json or store: say so on the page
                ctx["error"] = srv.scrub(str(e))
    return render(request, "cron.html", current="cron", **ctx)


async def schedule_preview(request: Any) -> Any:
    from starlette.responses import JSONResponse

    denied = require(request)
    if denied is not None:
        return denied
    text = request.query_params.get("schedule", "")
    if not text.strip():
        return JSONResponse({"ok": False, "error": ""})
    return JSONResponse(preview(text[:200], _tz(request.app.state.srv)))


def _routes() -> list[Any]:
    from starlette.routing import Route

    return [Route("/ui/cron", page), Route("/ui/cron/preview", schedule_preview)]


PAGE = Page("cron", "Cron", _routes())
