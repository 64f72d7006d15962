"""Skills page: the catalog with usage and outcome counts and status (pinned, changed, quarantined),
one skill's SKILL.md rendered with its files, an editor that writes through SkillStore (validated,
previous version kept in history), and the history with rollback.

SKILL.md may come from anywhere (installed, written by the agent), so it is rendered by a small
Markdown subset that escapes everything first: no raw HTML, no links, no images.
"""

from __future__ import annotations

import html
import re
from typing import Any

from hermes.dashboard.app import Page, render, require, scrub, write_body
from hermes.dashboard.app import json_error as _error
from hermes.dashboard.app import json_response as _json

PER_PAGE = 50
MAX_BODY = 1_200_000  # SkillStore refuses SKILL.md over 1 MB anyway


def _home(request: Any) -> Any:
    return request.app.state.srv.hermes.home




# -- Markdown subset ------------------------------------------------------------------------------

_INLINE_CODE = re.compile(r"`([^`\n]+)`")
_BOLD = re.compile(r"\*\*([^*\n]+)\*\*")
_LIST = re.compile(r"^\s*(?:[-*+]|(\d+)[.)])\s+(.*)$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def _inline(text: str) -> str:
    """Escape, then mark up `code` and **bold** (matched on the escaped text, so nothing leaks)."""
    out = html.escape(text, quote=True)
    out = _INLINE_CODE.sub(r"<code>\1</code>", out)
    return _BOLD.sub(r"<strong>\1</strong>", out)


def markdown(text: str) -> str:
    """Headings, fenced code blocks, lists and paragraphs; everything else is escaped text."""
    out: list[str] = []
    para: list[str] = []
    items: list[str] = []
    list_tag = ""

    def flush() -> None:
        nonlocal list_tag
        if para:
            out.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()
        if items:
            out.append(f"<{list_tag}>" + "".join(f"<li>{i}</li>" for i in items) + f"</{list_tag}>")
            items.clear()
            list_tag = ""

    lines = text.replace("\r\n", "\n").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            flush()
            fence = line.lstrip()[:3]
            code = []
            i += 1
            while i < len(lines) and not lines[i].lstrip().startswith(fence):
                code.append(lines[i])
                i += 1
            out.append(f"<pre><code>{html.escape(chr(10).join(code))}</code></pre>")
        elif m := _HEADING.match(line):
            flush()
            level = min(len(m.group(1)) + 1, 6)  # the page owns <h1>
            out.append(f"<h{level}>{_inline(m.group(2))}</h{level}>")
        elif m := _LIST.match(line):
            tag = "ol" if m.group(1) else "ul"
            if para or (items and tag != list_tag):
                flush()
            list_tag = tag
            items.append(_inline(m.group(2)))
        elif not line.strip():
            flush()
        elif items and line.startswith((" ", "\t")):
            items[-1] += " " + _inline(line.strip())  # a wrapped list item
        else:
            if items:
                flush()
            para.append(line.strip())
        i += 1
    flush()
    return "\n".join(out)


# -- data -----------------------------------------------------------------------------------------

def quarantined(root: Any) -> dict[str, dict[str, Any]]:
    """Quarantine reports by skill name (see skills.security.install)."""
    from hermes.skills.store import QUARANTINE, load_json

    qdir = root / QUARANTINE
    out = {}
    for rep in sorted(qdir.glob("*.json")) if qdir.is_dir() else []:
        if (qdir / rep.stem).is_dir():
            out[rep.stem] = load_json(rep)
    return out


def rows(store: Any) -> list[dict[str, Any]]:
    from hermes.skills.store import skill_status, usage

    cat, pins, use = store.catalog(), store.pins(), usage(store.home)
    out = []
    for s in sorted(cat.skills.values(), key=lambda s: s.name):
        u = use.get(s.name, {})
        status = skill_status(s, cat, pins)
        out.append({"name": s.name, "description": s.description, "source": s.source, "status": status,
                    "views": u.get("views", 0), "uses": u.get("uses", 0), "failures": u.get("failures", 0),
                    "last_used": u.get("last_used")})
    for name, rep in quarantined(store.root).items():
        out.append({"name": name, "description": f"{len(rep.get('findings', []))} finding(s) from the scan",
                    "source": rep.get("source", ""), "status": "quarantined", "views": 0, "uses": 0,
                    "failures": 0, "last_used": None})
    return out


def _when(ts: Any) -> str:
    import datetime as dt

    if not ts:
        return "never"
    return dt.datetime.fromtimestamp(float(ts)).strftime("%Y-%m-%d %H:%M")


# -- handlers -------------------------------------------------------------------------------------

async def index(request: Any) -> Any:
    from hermes.skills.store import SkillStore

    if require(request) is not None:
        return render(request, "skills.html")
    store = SkillStore(_home(request))
    all_rows = rows(store)
    try:
        page = max(1, int(request.query_params.get("page", "1")))
    except ValueError:
        page = 1
    pages = max(1, -(-len(all_rows) // PER_PAGE))
    page = min(page, pages)
    shown = all_rows[(page - 1) * PER_PAGE: page * PER_PAGE]
    for r in shown:
        r["last_used"] = _when(r["last_used"])
        r["description"] = scrub(request, r["description"])
    errors = [scrub(request, e) for e in store.catalog().errors]
    return render(request, "skills.html", current="skills", title="Skills", skills=shown, page=page,
                  page_count=pages, total=len(all_rows), errors=errors)


async def view(request: Any) -> Any:
    from markupsafe import Markup

    from hermes.skills.model import SKILL_FILE, split_front_matter
    from hermes.skills.store import QUARANTINE, SkillStore

    if require(request) is not None:
        return render(request, "skill.html")
    name = request.path_params["name"]
    store = SkillStore(_home(request))
    skill = store.get(name)
    ctx: dict[str, Any] = {"current": "skills", "title": f"Skill {name}", "name": name}
    if skill is None:
        reports = quarantined(store.root)
        if name not in reports:
            return render(request, "skill.html", status=404, missing=True, **ctx)
        md = store.root / QUARANTINE / name / SKILL_FILE
        try:
            text = md.read_text(encoding="utf-8", errors="replace")
        except OSError:
            text = ""
        body = split_front_matter(text, md)[1] if text.startswith("---") else text
        findings = [{k: scrub(request, str(v)) for k, v in f.items()} for f in reports[name].get("findings", [])]
        return render(request, "skill.html", quarantine=True, findings=findings,
                      rendered=Markup(markdown(scrub(request, body))), **ctx)
    text = skill.read_text()
    from hermes.skills.store import usage

    u = usage(store.home).get(name, {})
    versions = [{"id": v.id, "time": _when(v.time), "action": v.action, "version": v.version or ""}
                for v in reversed(store.history(name))]
    status = "pinned" if name in store.pins() else "ok"
    return render(request, "skill.html", skill=skill, files=skill.files(), versions=versions,
                  rendered=Markup(markdown(scrub(request, skill.body()))), text=scrub(request, text),
                  protection=store.protection(skill), skill_status=status, views=u.get("views", 0),
                  uses=u.get("uses", 0), failures=u.get("failures", 0), last_used=_when(u.get("last_used")),
                  **ctx)


async def edit(request: Any) -> Any:
    from hermes.skills.model import SKILL_FILE, SkillError, SkillFormatError
    from hermes.skills.store import SkillStore

    data = await write_body(request, MAX_BODY)
    if not isinstance(data, dict):  # refused: no session, no CSRF token, or not JSON
        return data
    name = request.path_params["name"]
    store = SkillStore(_home(request))
    skill = store.get(name)
    if skill is None:
        return _error(f"No skill named {name!r}.", 404)
    text = str(data.get("text") or "").replace("\r\n", "\n")
    if text == skill.read_text():
        return _json({"ok": True, "message": "No changes."})
    try:
        vid = store.write(skill, SKILL_FILE, text, "edit (dashboard)")
    except SkillFormatError as e:
        return _error(scrub(request, f"Not saved: {e.problem} (line {e.line})."))
    except SkillError as e:
        return _error(scrub(request, str(e)), 409)
    return _json({"ok": True, "message": f"Saved {name}; the previous version is kept as {vid}."})


async def rollback(request: Any) -> Any:
    from hermes.skills.model import SkillError
    from hermes.skills.store import SkillStore

    data = await write_body(request, MAX_BODY)
    if not isinstance(data, dict):  # refused: no session, no CSRF token, or not JSON
        return data
    name = request.path_params["name"]
    version = data.get("version")
    try:
        v = SkillStore(_home(request)).rollback(name, str(version) if version else None)
    except SkillError as e:
        return _error(scrub(request, str(e)), 409)
    return _json({"ok": True, "message": f"Restored {name} to {v.id}; the version it replaced is in the history."})


def _routes() -> list[Any]:
    from starlette.routing import Route

    name = "{name:str}"
    return [Route("/ui/skills", index), Route(f"/ui/skills/{name}", view),
            Route(f"/ui/skills/{name}/edit", edit, methods=["POST"]),
            Route(f"/ui/skills/{name}/rollback", rollback, methods=["POST"])]


PAGE = Page("skills", "Skills", _routes())
