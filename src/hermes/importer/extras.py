"""Skills and cron jobs from a reference-system home.

Skills go through Hermes's own install path (validated, scanned; a finding quarantines the skill
instead of enabling it). Skills the reference system bundles with itself are not carried over:
they are its own, not the user's. Cron jobs keep their ids (so a second run finds them); schedules
of every kind (interval, cron, once) map onto Hermes's schedule strings, paused jobs stay paused,
and delivery targets are mapped where Hermes has an equivalent and reported where not.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from hermes.importer.report import Context, Report

_SKIP_DIRS = {".hub", ".archive", ".quarantine", "node_modules", "__pycache__"}


def _bundled_names(root: Path) -> set[str]:
    """Names in the reference's .bundled_manifest (lines `name` or `name:hash`, or JSON keys)."""
    import json

    path = root / ".bundled_manifest"
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return set()
    try:
        data = json.loads(text)
        if isinstance(data, dict):
            return {str(k).split("/")[-1] for k in data}
        if isinstance(data, list):
            return {str(k).split("/")[-1] for k in data}
    except ValueError:
        pass
    return {line.split(":", 1)[0].strip().split("/")[-1] for line in text.splitlines() if line.strip()}


def _skill_dirs(root: Path) -> list[Path]:
    out = []
    for md in sorted(root.rglob("SKILL.md")):
        rel = md.relative_to(root).parts
        if any(p.startswith(".") or p in _SKIP_DIRS for p in rel[:-1]):
            continue
        if any(parent in out for parent in md.parents):  # a skill inside another skill's folder
            continue
        out.append(md.parent)
    return out


def import_skills(ctx: Context, report: Report) -> None:
    from hermes.skills.model import SkillFormatError, content_hash, parse_front_matter, validate
    from hermes.skills.security import install, scan_dir
    from hermes.skills.store import SkillError, SkillStore

    root = ctx.source / "skills"
    if not root.is_dir():
        return
    bundled = _bundled_names(root)
    store = SkillStore(ctx.home)
    skipped_bundled = 0
    for folder in _skill_dirs(root):
        md = folder / "SKILL.md"
        try:
            text = md.read_text(encoding="utf-8")
            front = parse_front_matter(text, md)
            errs = validate(front, text, md)
            if errs:
                raise errs[0]
            name = str(front["name"])
        except (SkillFormatError, SkillError, UnicodeDecodeError, KeyError, ValueError) as e:
            report.add("skill", folder.name, "skipped", f"not a valid SKILL.md: {e}")
            continue
        if name in bundled or folder.name in bundled:
            skipped_bundled += 1
            continue
        have = store.get(name)
        if have is not None:
            same = content_hash(have.dir) == content_hash(folder)
            report.add("skill", name, "exists" if same else "conflict",
                       "" if same else "Hermes has a different skill of that name; kept it")
            continue
        if store.quarantined(name):
            report.add("skill", name, "exists", "in quarantine from an earlier import")
            continue
        if ctx.dry_run:
            found = scan_dir(folder)
            report.add("skill", name, "quarantine" if found else "install", str(folder.relative_to(root)),
                       [str(f) for f in found])
            continue
        try:
            res = install(ctx.home, str(folder))
        except (SkillError, SkillFormatError) as e:
            report.add("skill", name, "skipped", str(e))
            continue
        if res.status == "installed":
            report.add("skill", name, "installed", "scanned clean; enabled and pinned")
        else:
            report.add("skill", name, "quarantined", f"not enabled; review with `hermes skills audit {name}`",
                       [str(f) for f in res.findings])
    if skipped_bundled:
        report.add("skill", f"{skipped_bundled} bundled", "skipped",
                   "skills the reference system ships with itself")


# -- cron -------------------------------------------------------------------------------------------

def _deliver(job: dict[str, Any], findings: list[str]) -> list[str]:
    """Reference targets -> Hermes targets: local (file only), origin, <platform>, <platform>:<chat>, all."""
    raw = job.get("deliver") or "local"
    out: list[str] = []
    for t in [p.strip() for p in str(raw).split(",") if p.strip()]:
        low = t.lower()
        if low in ("local", "file"):
            continue
        if low == "origin":
            origin = job.get("origin") or {}
            if isinstance(origin, dict) and origin.get("platform") and origin.get("chat_id"):
                out.append(f"channel:{origin['platform']}:{origin['chat_id']}")
            else:
                findings.append("deliver 'origin' had no origin chat; output goes to the file only")
            continue
        if low == "all":
            out.append("home")
            continue
        platform, _, rest = t.partition(":")
        if not rest:
            out.append(f"home:{platform.lower()}")
            continue
        chat, _, thread = rest.partition(":")
        out.append(f"channel:{platform.lower()}:{chat}")
        if thread:
            findings.append(f"deliver {t!r}: thread {thread} dropped (delivered to the chat)")
    return out


def _schedule(sched: Any) -> str | None:
    if isinstance(sched, str):
        return sched.strip() or None
    if not isinstance(sched, dict):
        return None
    kind = sched.get("kind")
    if kind == "interval" and sched.get("minutes"):
        return f"every {int(sched['minutes'])}m"
    if kind == "cron" and sched.get("expr"):
        return str(sched["expr"])
    if kind == "once" and sched.get("run_at"):
        return str(sched["run_at"])
    return None


def import_cron(ctx: Context, report: Report) -> None:
    import json

    from hermes.cron.jobs import Job, JobsFileError, JobStore
    from hermes.cron.schedule import ScheduleError, parse_schedule
    from hermes.memory.threats import rules, scan

    path = ctx.source / "cron" / "jobs.json"
    if not path.is_file():
        return
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        items = data.get("jobs") if isinstance(data, dict) else data
        if not isinstance(items, list):
            raise ValueError("no jobs list")
    except (ValueError, UnicodeDecodeError) as e:
        report.add("cron", "jobs.json", "skipped", f"cannot read it: {e}")
        return
    tz = getattr(getattr(ctx.config, "cron", None), "timezone", None)
    store = JobStore(ctx.home, tz=tz)
    try:
        existing = {j.id for j in store.load()}
    except JobsFileError as e:
        report.add("cron", "jobs.json", "skipped", str(e))
        return
    now = time.time()
    new: list[Any] = []
    for d in items:
        if not isinstance(d, dict) or not isinstance(d.get("id"), str) or not isinstance(d.get("prompt"), str):
            report.add("cron", str(d.get("id") if isinstance(d, dict) else d)[:40], "skipped", "malformed record")
            continue
        jid, name = d["id"], str(d.get("name") or d["id"])
        label = f"{jid} ({name})"
        if jid in existing:
            report.add("cron", label, "exists")
            continue
        findings: list[str] = []
        sched = _schedule(d.get("schedule"))
        try:
            if sched is None:
                raise ScheduleError(f"unknown schedule {d.get('schedule')!r}")
            s = parse_schedule(sched, now=now, tz=store.tz)
        except ScheduleError as e:
            report.add("cron", label, "skipped", str(e))
            continue
        paused = d.get("enabled") is False or d.get("state") == "paused"
        nxt = None if d.get("state") == "completed" else s.next_ts(now)
        if nxt is None:
            findings.append("its time has passed: imported as completed")
        found = scan(d["prompt"])
        if found:
            paused = True
            findings.append(f"prompt matches threat patterns ({', '.join(rules(found))}): imported paused")
        for key, why in (("script", "pre-run scripts are not supported"), ("workdir", "workdir is not supported"),
                         ("no_agent", "script-only jobs are not supported")):
            if d.get(key):
                findings.append(f"{key} dropped: {why}")
        times = (d.get("repeat") or {}).get("times") if isinstance(d.get("repeat"), dict) else None
        if times:
            findings.append(f"repeat limit of {times} runs dropped: it runs until paused or removed")
        model = d.get("model")
        if model and d.get("provider"):
            model = f"{d['provider']}:{model}"
        record = {"id": jid, "name": name, "prompt": d["prompt"], "schedule": sched, "model": model,
                  "skills": d.get("skills") or ([d["skill"]] if d.get("skill") else []),
                  "toolsets": d.get("enabled_toolsets") or None, "deliver": _deliver(d, findings),
                  "enabled": not paused, "created_at": d.get("created_at"), "last_run_at": d.get("last_run_at"),
                  "last_status": d.get("last_status"), "imported_from": "reference"}
        try:
            job = Job.from_dict(record, f"job {jid}")
        except ValueError as e:
            report.add("cron", label, "skipped", str(e))
            continue
        job.anchor_at, job.updated_at, job.next_run_at = now, now, nxt
        new.append(job)
        report.add("cron", label, "import" if ctx.dry_run else "imported",
                   f"{sched}{', paused' if paused else ''}", findings)
    if new and not ctx.dry_run:
        with store.edit() as jobs:
            taken = {j.id for j in jobs}
            jobs.extend(j for j in new if j.id not in taken)
