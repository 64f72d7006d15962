"""Memory page: each scope's MEMORY.md / USER.md entries with their budget, add / edit / remove through
the same write path as the agent and the CLI (documents.apply_ops via consolidate.commit, so the threat
scan, limits and drift guard all apply), and the SOUL.md editor.

The page's script asks POST /ui/memory/check for the scan's verdict while the user types, so the
refusal is visible before anything is saved; /ui/memory/op then re-checks on the server regardless.
"""

from __future__ import annotations

import os
from typing import Any

from hermes.dashboard.app import Page, render, require, scrub, write_body
from hermes.dashboard.app import json_error as _error
from hermes.dashboard.app import json_response as _json

TARGETS = ("memory", "user")
MAX_SCOPES = 200  # one folder per API session can mean thousands; the box also takes any typed scope
MAX_TEXT = 100_000


def _hermes(request: Any) -> Any:
    return request.app.state.srv.hermes




def scopes(home: Any, current: str) -> list[str]:
    """Memory scopes with a folder on disk, plus the one being shown. Reading stops after MAX_SCOPES
    folders (a full listing of 10,000 takes too long for a page); any other scope can be typed."""
    names = []
    try:
        with os.scandir(home.memories_dir) as it:
            for e in it:
                if e.is_dir() and not e.name.startswith("."):
                    names.append(e.name)
                    if len(names) >= MAX_SCOPES:
                        break
    except OSError:
        pass
    names.sort()
    if current not in names:
        names.insert(0, current)
    return names


def document(request: Any, scope: str, target: str) -> dict[str, Any]:
    """One document for the page: entries (secrets scrubbed) with id and prompt-blocking rules, budget."""
    from hermes.memory.documents import LABELS, MemoryDocument, entry_id, usage
    from hermes.memory.snapshot import HEADERS, _matched

    h = _hermes(request)
    doc = MemoryDocument.open(h.home, scope, target, h.config)
    entries = doc.entries()
    used = usage(entries)
    return {"target": target, "file": doc.name, "title": HEADERS[target], "label": LABELS[target],
            "limit": doc.limit, "used": used, "pct": min(100, round(100 * used / doc.limit)) if doc.limit else 0,
            "over": used > doc.limit, "drift": doc.drift(doc.read_bytes()),
            "entries": [{"id": entry_id(e), "text": scrub(request, e), "blocked": list(_matched(e))}
                        for e in entries]}


def _scope_of(request: Any, value: Any = None) -> str:
    from hermes.home import OWNER_SCOPE, safe_scope

    raw = value if value is not None else request.query_params.get("scope")
    return safe_scope(str(raw)) if raw else OWNER_SCOPE


async def page(request: Any) -> Any:
    from hermes.memory.snapshot import DEFAULT_SOUL, load_soul

    if require(request) is not None:
        return render(request, "memory.html")  # the login redirect
    h = _hermes(request)
    scope = _scope_of(request)
    cfg = h.config.memory
    targets = ["memory"] + (["user"] if cfg.user_profile_enabled else [])
    soul = load_soul(h.home)
    return render(request, "memory.html", current="memory", title="Memory", scope=scope,
                  scopes=scopes(h.home, scope), docs=[document(request, scope, t) for t in targets],
                  enabled=cfg.enabled, soul=scrub(request, soul), soul_default=soul == DEFAULT_SOUL,
                  soul_path=str(h.home.soul_file.name))


def verdict(text: str, limit: int, label: str) -> dict[str, Any]:
    """What the scan and the format rules say about `text` as a new entry (nothing is saved)."""
    from hermes.memory.documents import OpError, check_content
    from hermes.memory.threats import scan

    try:
        check_content(text, limit, label)
    except OpError as e:
        return {"ok": False, "verdict": str(e), "rules": [f.rule for f in scan(text or "")]}
    return {"ok": True, "verdict": "Clean: no threats found; it fits the limit.", "rules": []}


async def check(request: Any) -> Any:
    from hermes.memory.documents import LABELS, MemoryDocument

    data = await write_body(request, MAX_TEXT)
    if not isinstance(data, dict):  # refused: no session, no CSRF token, or not JSON
        return data
    target = str(data.get("target") or "memory")
    if target not in TARGETS:
        return _error("target must be 'memory' or 'user'.")
    h = _hermes(request)
    doc = MemoryDocument.open(h.home, _scope_of(request, data.get("scope")), target, h.config)
    out = verdict(str(data.get("text") or ""), doc.limit, LABELS[target])
    out["verdict"] = scrub(request, out["verdict"])
    return _json(out)


async def op(request: Any) -> Any:
    from hermes.memory.consolidate import commit
    from hermes.memory.documents import BusyError, MemoryDocument, MemoryWriteError, Op, fullness, usage

    data = await write_body(request, MAX_TEXT)
    if not isinstance(data, dict):  # refused: no session, no CSRF token, or not JSON
        return data
    target, action = str(data.get("target") or ""), str(data.get("action") or "")
    if target not in TARGETS:
        return _error("target must be 'memory' or 'user'.")
    if action not in ("add", "replace", "remove"):
        return _error("action must be add, replace or remove.")
    h = _hermes(request)
    scope = _scope_of(request, data.get("scope"))
    doc = MemoryDocument.open(h.home, scope, target, h.config)
    # Edits and removals name the entry by its id: the page shows scrubbed text, never the raw bytes.
    the_op = Op(action, content=str(data.get("content") or ""), old_text=str(data.get("id") or ""))
    try:
        r = await commit(doc, [the_op])
    except MemoryWriteError as e:
        return _error(scrub(request, str(e)), 409 if isinstance(e, BusyError) else 400)
    done = {"add": "Added to", "replace": "Updated the entry in", "remove": "Removed the entry from"}[action]
    msg = f"{done} the {doc.label} [{fullness(usage(r.entries), doc.limit)}]." if r.changed else \
        f"Already in the {doc.label}; nothing changed."
    if getattr(r, "plan", None) is not None:
        msg += f" It was full: {len(r.plan.archived)} oldest entries moved to the archive."
    return _json({"ok": True, "message": msg, "document": document(request, scope, target)})


async def soul(request: Any) -> Any:
    """Save SOUL.md. The scan runs here too; its findings refuse the save unless the user insists,
    since the identity goes into every system prompt."""
    from hermes.config import atomic_write
    from hermes.memory.threats import describe, scan

    data = await write_body(request, MAX_TEXT)
    if not isinstance(data, dict):  # refused: no session, no CSRF token, or not JSON
        return data
    text = str(data.get("text") or "").replace("\r\n", "\n").strip()
    findings = scan(text, learned=False) if text else []
    if findings and not data.get("force"):
        return _error(scrub(request, f"Not saved: SOUL.md matched {describe(findings)}. Fix it, or tick "
                                      f"'save anyway'."), 422)
    home = _hermes(request).home
    atomic_write(home.soul_file, text + "\n" if text else "")
    return _json({"ok": True, "message": "Saved SOUL.md; new sessions use it." if text else
                  "SOUL.md is blank: new sessions use the built-in identity."})


def _routes() -> list[Any]:
    from starlette.routing import Route

    return [Route("/ui/memory", page), Route("/ui/memory/check", check, methods=["POST"]),
            Route("/ui/memory/op", op, methods=["POST"]), Route("/ui/memory/soul", soul, methods=["POST"])]


PAGE = Page("memory", "Memory", _routes())
