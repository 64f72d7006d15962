"""`hermes memory show|edit|add|remove|scan|export`: the owner's view of the memory documents;
`hermes memory provider ...` (cli/memory_provider.py) manages the external memory service.

Every command takes `--scope` (default "owner", the CLI user's scope). `scan` exits with status 1
when it finds a threat (or a document the agent can no longer write), 0 when everything is clean,
so it can gate scripts and CI.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Optional

import typer

from hermes.cli.common import fail, get_runtime, print_json
from hermes.cli.memory_provider import app as provider_app

app = typer.Typer(help="Show, edit and scan the memory documents.", no_args_is_help=True)
app.add_typer(provider_app, name="provider")  # the external memory service beside the documents

_SCOPE = typer.Option("owner", "--scope", "-s", help="Memory scope (default: owner, the CLI user).")
_JSON = typer.Option(False, "--json", help="Machine-readable output.")
TARGETS = ("memory", "user")


def _doc(scope: str, target: str):
    from hermes.memory.documents import MemoryDocument

    if target not in TARGETS:
        fail(f"--target must be 'memory' or 'user', not {target!r}")
    rt = get_runtime()
    return MemoryDocument.open(rt.home, scope, target, rt.config)


def _describe(doc) -> dict[str, Any]:
    from hermes.memory.documents import entry_id, fullness, usage
    from hermes.memory.threats import scan

    entries = doc.entries()
    return {"file": str(doc.path), "limit": doc.limit, "chars": usage(entries),
            "fullness": fullness(usage(entries), doc.limit), "drift": doc.drift(doc.read_bytes()),
            "entries": [{"id": entry_id(e), "text": e,
                         "findings": [{"rule": f.rule, "excerpt": f.excerpt} for f in scan(e)]}
                        for e in entries]}


@app.command()
def show(scope: str = _SCOPE, as_json: bool = _JSON) -> None:
    """Print both documents of a scope with their fullness; entries blocked from prompts are marked."""
    from hermes.home import safe_scope
    from hermes.memory.snapshot import HEADERS

    docs = {t: _describe(_doc(scope, t)) for t in TARGETS}
    if as_json:
        print_json({"scope": safe_scope(scope), **docs})
        return
    for t, d in docs.items():
        typer.echo(f"{HEADERS[t]} [{d['fullness']}]  {d['file']}")
        if d["drift"]:
            typer.echo(f"  ⚠ cannot be written by the agent: {d['drift']} (fix with `hermes memory edit`)")
        for i, e in enumerate(d["entries"], 1):
            body = e["text"].replace("\n", "\n     ")
            typer.echo(f"  {i:>2}. {body}")
            if e["findings"]:
                typer.echo(f"      ⚠ blocked in prompts: {', '.join(f['rule'] for f in e['findings'])}")
        if not d["entries"]:
            typer.echo("  (empty)")
        typer.echo("")


@app.command()
def edit(target: str = typer.Option("memory", "--target", "-t", help="memory or user."),
         scope: str = _SCOPE,
         force: bool = typer.Option(False, "--force", help="Save even if entries match threat rules "
                                                           "or the document is over its limit.")) -> None:
    """Open a document in $EDITOR; the result is validated and scanned before it replaces the file."""
    from hermes.memory.documents import parse, usage
    from hermes.memory.threats import describe, scan

    doc = _doc(scope, target)
    before = doc.read_bytes()
    doc.path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=doc.path.parent, prefix=f".edit-{doc.name}.", suffix=".md")
    with os.fdopen(fd, "wb") as f:
        f.write(before)
    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    if subprocess.call([*shlex.split(editor), tmp]) != 0:
        fail(f"the editor exited with an error; nothing saved (your text: {tmp})")
    edited = Path(tmp).read_bytes()
    if edited == before:
        os.unlink(tmp)
        typer.echo("No changes.")
        return
    try:
        entries = parse(edited.decode("utf-8-sig"))
    except UnicodeDecodeError:
        fail(f"the edited file is not UTF-8 text; nothing saved (your text: {tmp})")
    problems = [f"entry {i} is {len(e):,} chars, over the whole {doc.limit:,}-char limit"
                for i, e in enumerate(entries, 1) if len(e) > doc.limit]
    if problems:  # never overridable: the agent could not write the document any more
        fail("; ".join(problems) + f". Split it into entries separated by a line holding only §. "
             f"Nothing saved (your text: {tmp})")
    soft = [f"entry {i}: {describe(scan(e))}" for i, e in enumerate(entries, 1) if scan(e)]
    if usage(entries) > doc.limit:
        soft.append(f"{usage(entries):,} chars is over the {doc.limit:,}-char limit")
    if soft and not force:
        fail("refusing to save:\n  " + "\n  ".join(soft) + f"\nFix it, or save anyway with --force. "
             f"Nothing saved (your text: {tmp})")
    with doc.locked():
        if doc.read_bytes() != before:
            fail(f"{doc.name} changed while you were editing; nothing saved (your text: {tmp})")
        doc.write(entries)
    os.unlink(tmp)
    typer.echo(f"Saved {doc.path} ({len(entries)} entries, {usage(entries):,}/{doc.limit:,} chars)"
               + (" despite: " + "; ".join(soft) if soft else ""))


@app.command()
def add(text: str = typer.Argument(..., help="The fact to remember."),
        target: str = typer.Option("memory", "--target", "-t", help="memory (agent notes) or user (profile)."),
        scope: str = _SCOPE) -> None:
    """Add an entry (scanned like the agent's writes; when full, the oldest entries are archived)."""
    from hermes.memory.consolidate import ARCHIVE_NAME, commit
    from hermes.memory.documents import MemoryWriteError, Op, fullness, usage

    doc = _doc(scope, target)
    try:
        r = asyncio.run(commit(doc, [Op("add", text)]))
    except MemoryWriteError as e:
        fail(str(e))
    if not r.changed:
        typer.echo(f"Already in the {doc.label}.")
        return
    typer.echo(f"Added to the {doc.label} [{fullness(usage(r.entries), doc.limit)}]")
    if r.plan is not None:
        typer.echo(f"It was full: {len(r.plan.archived)} oldest entries moved to {doc.path.parent / ARCHIVE_NAME}")


@app.command()
def remove(substring: str = typer.Argument(..., help="A unique part of the entry to remove."),
           target: Optional[str] = typer.Option(None, "--target", "-t", help="memory or user (default: "
                                                                             "whichever matches)."),
           scope: str = _SCOPE) -> None:
    """Remove the one entry containing SUBSTRING."""
    from hermes.memory.consolidate import commit
    from hermes.memory.documents import MemoryWriteError, Op, OpError, find_entry, matching

    docs = [_doc(scope, t) for t in ([target] if target else TARGETS)]
    hits = [(d, matching(d.entries(), substring)) for d in docs]
    found = [(d, h) for d, h in hits if h]
    if not found and len(docs) > 1:
        fail(f"no entry in the memory or the user profile contains {substring!r} (see `hermes memory show`)")
    if not found or any(len(h) > 1 for _, h in found):
        d = next((d for d, h in found if len(h) > 1), docs[0])
        try:
            find_entry(d.entries(), substring, d.label)  # raises with the listing the user needs
        except OpError as e:
            fail(str(e))
    if len(found) > 1:
        fail(f"{substring!r} matches an entry in both documents; pass --target memory or --target user")
    doc = found[0][0]
    try:
        r = asyncio.run(commit(doc, [Op("remove", old_text=substring)]))
    except MemoryWriteError as e:
        fail(str(e))
    typer.echo(f"Removed from the {doc.label} ({len(r.entries)} entries left)")


@app.command("scan")
def scan_cmd(text: Optional[str] = typer.Option(None, "--text", help="Check this text instead of the files "
                                                                      "(nothing is stored)."),
             scope: str = _SCOPE, as_json: bool = _JSON) -> None:
    """Report threat findings; exit status 1 when anything is found, 0 when clean."""
    from hermes.memory.threats import scan

    if text is not None:
        findings = [{"rule": f.rule, "excerpt": f.excerpt} for f in scan(text)]
        report: dict[str, Any] = {"text": findings}
        bad = bool(findings)
    else:
        report = {}
        for t in TARGETS:
            d = _describe(_doc(scope, t))
            report[t] = {"file": d["file"], "drift": d["drift"],
                         "findings": [{"entry": i, "id": e["id"], **f}
                                      for i, e in enumerate(d["entries"], 1) for f in e["findings"]]}
        bad = any(r["findings"] or r["drift"] for r in report.values())
    if as_json:
        print_json({"clean": not bad, **report})
    else:
        for name, r in report.items():
            items = r if isinstance(r, list) else r["findings"]
            if isinstance(r, dict) and r.get("drift"):
                typer.echo(f"{name}: cannot be written by the agent: {r['drift']}")
            for f in items:
                where = f"{name} entry {f['entry']} ({f['id']})" if "entry" in f else name
                typer.echo(f"{where}: {f['rule']} — {f['excerpt']}")
        typer.echo("clean" if not bad else "threats found")
    if bad:
        raise typer.Exit(1)


@app.command()
def export(scope: str = _SCOPE) -> None:
    """Print both documents (and the archive) of a scope as JSON."""
    from hermes.home import safe_scope
    from hermes.memory.consolidate import archive_path, read_archive
    from hermes.memory.documents import usage

    out: dict[str, Any] = {"scope": safe_scope(scope)}
    for t in TARGETS:
        doc = _doc(scope, t)
        entries = doc.entries()
        out[t] = {"entries": entries, "chars": usage(entries), "limit": doc.limit}
    out["archive"] = read_archive(archive_path(_doc(scope, "memory")))
    print_json(out)
