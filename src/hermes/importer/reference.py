"""Import a reference-system home: sessions, memory, SOUL.md, skills, cron jobs and model settings.

Idempotent by construction: sessions keep their reference ids (a second run finds them), memory
entries are deduplicated, skills are compared by content, cron jobs keep their ids, settings and
keys are compared by value. Nothing is overwritten without `force`; every item that is not carried
over is reported with its reason. Sessions go through the SessionStore protocol, so the import
works the same into SQLite and PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path

from hermes.importer.report import Context, Report
from hermes.importer.source import ImportRefused, StateDB, looks_like_hermes, looks_like_reference

# Sources whose sessions belong to the owner; anything else (chat platforms) came from other people.
_OWNER_SOURCES = {"cli", "api_server", "api", "cron", "subagent", "tool", "desktop", "acp", "batch", "kanban"}


def default_source() -> Path:
    return Path.home() / ".hermes"


def check_source(path: Path, home: object) -> Path:
    """The resolved reference home at `path`, or ImportRefused saying why not."""
    path = path.expanduser()
    if not path.is_dir():
        raise ImportRefused(f"{path} is not a directory; give the reference system's home (usually ~/.hermes)")
    src = path.resolve()
    dest = Path(getattr(home, "root")).resolve()
    if src == dest:
        raise ImportRefused(
            f"{path} is the Hermes home being imported into. Move the reference home aside first "
            f"(e.g. `mv {path} {path}-reference`) and run `hermes import reference {path}-reference`, "
            "or point HERMES_HOME at a new folder.")
    if looks_like_hermes(src):
        raise ImportRefused(f"{path} is a Hermes home, not a reference-system home; nothing to import "
                            "(use `hermes sessions export/import` to move sessions between Hermes homes)")
    if not looks_like_reference(src):
        raise ImportRefused(f"{path} is not a reference-system home (no state.db with its schema, no "
                            "memories/MEMORY.md or USER.md); nothing was imported")
    return src


def run(ctx: Context) -> Report:
    """Check everything that can refuse first (schema), then import each part."""
    from hermes.importer import extras, settings

    report = Report(str(ctx.source), ctx.dry_run)
    db_path = ctx.source / "state.db"
    db = StateDB(db_path) if db_path.is_file() else None  # raises on an unknown schema, before any write
    try:
        if db is not None:
            import_sessions(ctx, db, report)
        import_memory(ctx, report)
        import_soul(ctx, report)
        extras.import_skills(ctx, report)
        extras.import_cron(ctx, report)
        settings.import_model(ctx, report)
        settings.import_env(ctx, report)
    finally:
        if db is not None:
            db.close()
    return report


# -- sessions -------------------------------------------------------------------------------------

def _scope(s) -> str:
    if s.source in _OWNER_SOURCES or not s.user_id:
        return "owner"
    # Another person's chat: kept out of the owner's memory scope and session search.
    return f"import:{s.source}:{s.user_id}"


def import_sessions(ctx: Context, db: StateDB, report: Report) -> None:
    sessions = db.sessions()
    known = {s.id for s in sessions}
    total = len(sessions)
    for n, s in enumerate(sessions, 1):
        if ctx.progress:
            ctx.progress(n, total)
        existing = ctx.store.get_session(s.id)
        if existing is not None and existing.source != s.source:
            report.add("session", s.id, "conflict", f"Hermes has a {existing.source} session with this id; kept it")
            continue
        if existing is not None and existing.message_count > 0:
            report.add("session", s.id, "exists", "imported before")
            continue
        # (An existing session without messages was left by an interrupted run: finished below.)
        findings: list[str] = []
        rows = []
        for r in db.messages(s.id):
            (findings if isinstance(r, str) else rows).append(r)
        parent = s.parent_id
        if parent and parent not in known:
            findings.append(f"parent session {parent} is not in the reference store; link dropped")
            parent = None
        if existing is not None and not rows:
            report.add("session", s.id, "exists", "imported before")
            continue
        originals = [r.message for r in rows if not r.summary]
        detail = f"{len(originals)} messages, {s.source}" + (f", '{s.title}'" if s.title else "")
        scope = _scope(s)
        if scope != "owner":
            findings.append(f"kept in scope {scope} (a chat with someone else; not in the owner's memory)")
        if ctx.dry_run:
            report.add("session", s.id, "import", detail, findings)
            report.messages += len(originals)
            continue
        _write_session(ctx.store, s, parent, scope, rows, existing, findings)
        report.add("session", s.id, "imported", detail, findings)
        report.messages += len(originals)


def _write_session(store, s, parent, scope, rows, existing, findings: list[str]) -> None:
    from hermes.core.messages import Message

    originals = [r for r in rows if not r.summary]
    if existing is None:
        store.create_session(session_id=s.id, source=s.source, scope=scope, model=s.model, user_id=s.user_id,
                             title=s.title, parent_id=parent, created_at=s.started_at)
    try:
        ids = store.append_messages(s.id, [r.message for r in originals], usage=s.usage, model=s.model,
                                    cost_usd=s.cost_usd) if originals else []
        if s.system_prompt:
            store.set_system_prompt(s.id, s.system_prompt)
        hidden = [i for i, r in zip(ids, originals) if r.compacted]
        if hidden:
            texts = [r.message.content or "" for r in rows if r.summary]
            summary = Message("user", "\n\n".join(texts), summary=True) if texts else None
            store.compact(s.id, hidden, summary)
            findings.append(f"{len(hidden)} compacted messages kept as originals behind "
                            f"{'the summary' if summary else 'no summary'}")
    except BaseException:
        if existing is None:  # all or nothing: a half-written session would be skipped next time
            store.delete_session(s.id)
        raise


# -- memory and SOUL.md ---------------------------------------------------------------------------

def import_memory(ctx: Context, report: Report) -> None:
    import asyncio

    from hermes.memory.consolidate import commit
    from hermes.memory.documents import (
        MemoryDocument, MemoryWriteError, Op, OpError, check_content, entry_id, parse,
    )
    from hermes.memory.threats import describe, rules, scan

    for target, fname in (("memory", "MEMORY.md"), ("user", "USER.md")):
        path = ctx.source / "memories" / fname
        if not path.is_file():
            continue
        doc = MemoryDocument.open(ctx.home, "owner", target, ctx.config)
        have = set(doc.entries())
        fresh: list[str] = []
        for entry in parse(path.read_text(encoding="utf-8", errors="replace")):
            name = f"{fname} {entry_id(entry)}"
            found = scan(entry)
            if found:
                report.add(target, name, "blocked", f"threat scan: {', '.join(rules(found))}",
                           [f"not imported: {describe(found)}; the original stays in {path}"])
                continue
            if entry in have or entry in fresh:
                report.add(target, name, "exists")
                continue
            try:
                check_content(entry, doc.limit, doc.label)
            except OpError as e:
                report.add(target, name, "skipped", str(e))
                continue
            fresh.append(entry)
        if not fresh:
            continue
        if not ctx.dry_run:
            try:
                result = asyncio.run(commit(doc, [Op("add", e) for e in fresh]))
            except MemoryWriteError as e:
                for e_ in fresh:
                    report.add(target, f"{fname} {entry_id(e_)}", "skipped", str(e))
                continue
            if result.plan is not None and result.plan.archived:
                report.add(target, fname, "imported", f"it was full: {len(result.plan.archived)} oldest "
                           f"entries moved to {doc.path.parent / 'ARCHIVE.jsonl'}")
        for e in fresh:
            report.add(target, f"{fname} {entry_id(e)}", "import" if ctx.dry_run else "imported",
                       " ".join(e.split())[:60])


def import_soul(ctx: Context, report: Report) -> None:
    from hermes.config import atomic_write
    from hermes.memory.threats import describe, rules, scan

    src = ctx.source / "SOUL.md"
    if not src.is_file():
        return
    text = src.read_text(encoding="utf-8", errors="replace")
    if not text.strip():
        report.add("soul", "SOUL.md", "skipped", "empty in the reference home")
        return
    found = scan(text, learned=False)
    if found:
        report.add("soul", "SOUL.md", "blocked", f"threat scan: {', '.join(rules(found))}",
                   [f"not imported: {describe(found)}"])
        return
    dest = ctx.home.soul_file
    current = dest.read_text(encoding="utf-8", errors="replace") if dest.is_file() else ""
    if current.strip() == text.strip():
        report.add("soul", "SOUL.md", "exists")
        return
    if current.strip() and not ctx.force:
        report.add("soul", "SOUL.md", "conflict", "Hermes already has a different SOUL.md; --force replaces it")
        return
    if not ctx.dry_run:
        atomic_write(dest, text)
    report.add("soul", "SOUL.md", "import" if ctx.dry_run else "imported", f"{len(text):,} chars")
