"""`hermes skills ...`: list, view, create and edit skills; install from outside behind the security
scan; audit, history and rollback; curate (archive unused, report overlaps)."""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from pathlib import Path
from typing import Optional

import typer

from hermes.cli.common import fail, fmt_time, get_runtime, print_json

app = typer.Typer(help="Skills: list, view, install, audit, curate.", no_args_is_help=True)

TEMPLATE = """---
name: {name}
description: {description}
version: 0.1.0
tags: []
---
# {title}

## When to use
- The signals that this skill applies.

## Procedure
1. First step, with the exact command.

## Pitfalls
- A condition that goes wrong, and its fix.

## Verification
- How to prove it worked.
"""


def _store():
    from hermes.skills.store import SkillStore

    return SkillStore(get_runtime().home)


def _skill(name: str):
    skill = _store().get(name)
    if skill is None:
        fail(f"no skill named {name!r} (see `hermes skills list`)")
    return skill


def _guarded(fn, *args, **kw):
    """Run a store/security call; expected failures become one-line errors."""
    from hermes.skills.model import SkillFormatError
    from hermes.skills.store import SkillError

    try:
        return fn(*args, **kw)
    except (SkillError, SkillFormatError) as e:
        fail(str(e))


@app.command("list")
def list_(as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """Every skill with its source, usage and status."""
    from hermes.skills.store import skill_status, usage

    store = _store()
    cat, pins, use = store.catalog(), store.pins(), usage(store.home)
    rows = []
    for s in sorted(cat.skills.values(), key=lambda s: s.name):
        u = use.get(s.name, {})
        status = skill_status(s, cat, pins)
        rows.append({"name": s.name, "description": s.description, "source": s.source,
                     "version": s.version, "tags": s.tags, "requires_tools": s.requires_tools,
                     "views": u.get("views", 0), "uses": u.get("uses", 0), "failures": u.get("failures", 0),
                     "last_used": u.get("last_used"), "status": status, "path": str(s.path)})
    if as_json:
        print_json({"skills": rows, "errors": cat.errors})
        return
    for r in rows:
        typer.echo(f"{r['name']:<28} {r['source']:<8} {r['status']:<8} uses {r['uses']:<4} "
                   f"last {fmt_time(r['last_used']):<16} {r['description'][:70]}")
    if not rows:
        typer.echo("no skills")
    for e in cat.errors:
        typer.echo(f"not loaded: {e}", err=True)


@app.command()
def view(name: str, path: Optional[str] = typer.Argument(None, help="A supporting file.")) -> None:
    """Print a skill's SKILL.md (and its files), or one supporting file."""
    from hermes.skills.store import resolve_file, safe_relpath

    skill = _skill(name)
    if path:
        target = _guarded(resolve_file, skill, _guarded(safe_relpath, path))
        if not target.is_file():
            fail(f"{name} has no file {path!r}")
        typer.echo(target.read_text(encoding="utf-8", errors="replace"), nl=False)
        return
    typer.echo(skill.read_text(), nl=False)
    files = skill.files()
    if files:
        typer.echo(f"\n# files: {', '.join(files)}", err=True)


@app.command()
def new(name: str,
        description: str = typer.Option("", "--description", "-d", help="One line: what it is for."),
        from_: Optional[str] = typer.Option(None, "--from", help="Start from a copy of this skill.")) -> None:
    """Create a skill from a template (or a copy of another skill, e.g. a bundled one)."""
    import re

    store = _store()
    if from_:
        src = _skill(from_)
        text = re.sub(r"^name:.*$", f"name: {name}", src.read_text(), count=1, flags=re.M)
    else:
        desc = description or f"TODO: what {name} does and when to use it."
        text = TEMPLATE.format(name=name, description=desc, title=name.replace("-", " ").capitalize())
    skill = _guarded(store.create, name, text)
    if from_:
        import shutil

        for rel in src.files():
            (skill.dir / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src.dir / rel, skill.dir / rel)
    typer.echo(f"created {skill.path}")


@app.command()
def edit(name: str) -> None:
    """Open SKILL.md in $EDITOR; the result is validated and the old version kept in history."""
    from hermes.skills.model import SKILL_FILE, SkillFormatError, check_content

    store = _store()
    skill = _skill(name)
    reason = store.protection(skill)
    if reason:
        fail(reason.replace("Tell the user what should change.", f"Run `hermes skills unpin {name}` first."))
    fd, tmp = tempfile.mkstemp(prefix=f"{name}-", suffix=".md")
    os.close(fd)
    original = skill.read_text()
    Path(tmp).write_text(original, encoding="utf-8")
    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    subprocess.call([*shlex.split(editor), tmp])
    text = Path(tmp).read_text(encoding="utf-8")
    if text == original:
        os.unlink(tmp)
        typer.echo("no changes")
        return
    try:
        check_content(skill.dir.name, text)
    except SkillFormatError as e:
        fail(f"not saved: {e.problem} (line {e.line}). Your edit is kept in {tmp}")
    vid = _guarded(store.write, skill, SKILL_FILE, text, "edit (user)")
    os.unlink(tmp)
    typer.echo(f"saved {skill.path} (previous version {vid})")


@app.command()
def install(source: str = typer.Argument(..., help="A folder, a .zip/.tar.gz archive or a git URL."),
            path: Optional[str] = typer.Option(None, "--path", help="Skill folder inside the source.")) -> None:
    """Install a skill: scanned first; clean skills are enabled and pinned, others quarantined."""
    from hermes.skills.security import install as do_install

    res = _guarded(do_install, get_runtime().home, source, subpath=path)
    if res.status == "installed":
        typer.echo(f"installed '{res.name}' at {res.path} (pinned to its content hash)")
        return
    typer.echo(f"'{res.name}' is QUARANTINED ({len(res.findings)} finding(s)); it is not enabled:")
    for f in res.findings:
        typer.echo(f"  [{f.severity}] {f}")
    typer.echo(f"Review with `hermes skills audit {res.name}`; enable with `hermes skills audit {res.name} --allow`.")
    raise typer.Exit(2)


@app.command()
def remove(name: str) -> None:
    """Archive a skill (recoverable with `hermes skills restore`); discard a quarantined one."""
    from hermes.skills.security import discard

    store = _store()
    if store.get(name) is None and discard(store.home, name):
        typer.echo(f"discarded the quarantined skill '{name}'")
        return
    skill = _skill(name)
    if skill.source == "bundled":
        fail(f"'{name}' is bundled with Hermes and cannot be removed (opt out of all bundled skills by "
             f"creating {store.root / '.no-bundled-skills'})")
    store.unpin(name)
    dest = _guarded(store.archive, skill, "removed by the user")
    typer.echo(f"archived '{name}' to {dest}")


@app.command()
def restore(name: str) -> None:
    """Bring back an archived skill."""
    skill = _guarded(_store().restore, name)
    typer.echo(f"restored {skill.path}")


@app.command()
def pin(name: str) -> None:
    """Protect a skill from changes by the agent."""
    store = _store()
    _skill(name)
    _guarded(store.pin, name, "user")
    typer.echo(f"pinned '{name}'")


@app.command()
def unpin(name: str) -> None:
    """Remove a pin (the agent may change the skill again)."""
    typer.echo(f"unpinned '{name}'" if _store().unpin(name) else f"'{name}' was not pinned")


@app.command()
def audit(name: Optional[str] = typer.Argument(None),
          allow: bool = typer.Option(False, "--allow", help="Enable a quarantined or changed skill."),
          as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """Show scan reports; `--allow` enables a quarantined skill or re-pins a changed one."""
    from hermes.skills import security

    home = get_runtime().home
    if allow:
        if not name:
            fail("--allow needs a skill name")
        typer.echo(_guarded(security.allow, home, name))
        return
    entries = security.audit(home, name)
    if as_json:
        print_json([e.to_dict() for e in entries])
        return
    if name and not entries:
        fail(f"no skill or quarantine report named {name!r}")
    for e in entries:
        typer.echo(f"{e.name:<28} {e.status:<12} {e.source}")
        for f in e.findings:
            where = f"{f['file']}:{f['line']}" if f.get("line") else f["file"]
            typer.echo(f"    [{f.get('severity', '?')}] {f['rule']} at {where}: {f['excerpt']}")


@app.command()
def history(name: str, as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """Previous versions of a skill (oldest first)."""
    versions = _store().history(name)
    if as_json:
        print_json([{"id": v.id, "time": v.time, "action": v.action, "version": v.version} for v in versions])
        return
    if not versions:
        typer.echo(f"no history for '{name}'")
    for v in versions:
        typer.echo(f"{v.id:<36} {fmt_time(v.time):<16} {v.version or '-':<8} before: {v.action}")


@app.command()
def rollback(name: str, version: Optional[str] = typer.Argument(None, help="History id or version; default latest.")) -> None:
    """Restore a previous version (the current one is kept in history too)."""
    v = _guarded(_store().rollback, name, version)
    typer.echo(f"'{name}' restored to {v.id}")


@app.command()
def curate(days: Optional[int] = typer.Option(None, "--days", help="Archive skills unused this many days (default 90)."),
           apply: bool = typer.Option(False, "--apply", help="Perform the archive moves (default: report only)."),
           merge: bool = typer.Option(False, "--merge", help="With --apply: merge overlapping skills with the model."),
           as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """Archive unused skills and report overlapping ones with a merge suggestion."""
    from hermes.skills.curate import curate as run

    rt = get_runtime()
    model = None
    if merge and apply:
        from hermes.config import secrets
        from hermes.runtime import build_main_model

        model = build_main_model(rt.config, secrets(rt.home))
        if model.provider in ("demo", "scripted"):
            fail("--merge needs a configured model (run `hermes model`)")
    report = run(rt.home, rt.config, days=days, apply=apply, model=model)
    if as_json:
        print_json(report.to_dict())
        return
    verb = "archived" if apply else "would archive"
    for n, d in report.stale:
        typer.echo(f"{verb}: {n} (unused {d} days)")
    for o in report.overlaps:
        typer.echo(f"overlap {o.score:.2f}: {o.suggestion}")
    for m in report.merged:
        typer.echo(f"merged: {m}")
    for note in report.notes:
        typer.echo(f"note: {note}")
    if not (report.stale or report.overlaps):
        typer.echo(f"nothing to curate (threshold {report.days} days)")
