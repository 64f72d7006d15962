"""Sessions: the stored conversations, paged and filtered, searched with the hits marked, one
transcript at a time, exported as JSON or Markdown, deleted after a confirmation.

Everything is read straight from the store and rendered on the server; the one write (delete) goes
through the JSON API from static/sessions.js, so it carries the CSRF header like every other write.
Text from the store passes through the server's secret scrubber before it reaches a page or a download.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from hermes.dashboard.app import Page, render, require

PER_PAGE = 50
SEARCH_LIMIT = 20  # as the API's default: more hits cost the store more than they help a reader
SOURCES = ["cli", "api", "cron", "telegram", "discord", "slack", "matrix", "email", "irc", "import"]
_HIT = re.compile(r">>>(.*?)<<<", re.S)  # hermes.state.search.HL_START / HL_END around a match


def _text(request: Any, name: str, limit: int = 256) -> str | None:
    v = (request.query_params.get(name) or "").strip()
    return v[:limit] or None


def _page_no(request: Any) -> int:
    try:
        return max(1, min(int(request.query_params.get("page", "1")), 100_000))
    except ValueError:
        return 1


def when(ts: float) -> str:
    t = time.localtime(ts)
    return time.strftime("%b %d %H:%M" if t.tm_year == time.localtime().tm_year else "%Y-%m-%d %H:%M", t)


def marked(snippet: str) -> Any:
    """A search snippet as HTML: the store's match markers become <mark>, everything else is escaped."""
    from markupsafe import Markup, escape

    parts = _HIT.split(snippet)
    return Markup("").join(escape(p) if i % 2 == 0 else Markup("<mark>") + escape(p) + Markup("</mark>")
                           for i, p in enumerate(parts))


def _link(request: Any, **changes: Any) -> str:
    from urllib.parse import urlencode

    params = {k: v for k, v in request.query_params.items() if k in ("source", "scope", "q", "page")}
    params.update({k: str(v) for k, v in changes.items() if v is not None})
    params = {k: v for k, v in params.items() if v and not (k == "page" and v == "1")}
    return "/ui/sessions" + ("?" + urlencode(params) if params else "")


async def index(request: Any) -> Any:
    from starlette.concurrency import run_in_threadpool

    srv = request.app.state.srv
    store = srv.hermes.store
    source, scope, q = _text(request, "source"), _text(request, "scope"), _text(request, "q", 1000)
    page = _page_no(request)
    ctx: dict[str, Any] = {"source": source or "", "scope": scope or "", "q": q or "", "sources": SOURCES,
                           "when": when, "deleted": _text(request, "deleted")}
    if q:
        hits = await run_in_threadpool(store.search, q, scope=scope, sources=[source] if source else None,
                                       limit=SEARCH_LIMIT, context=0)
        ctx["hits"] = [{"session_id": h.session_id, "role": h.role, "when": when(h.timestamp), "source": h.source,
                        "title": srv.scrub(h.title) if h.title else "", "snippet": marked(srv.scrub(h.snippet))}
                       for h in hits]
    else:
        rows = await run_in_threadpool(store.list_sessions, scope=scope, source=source,
                                       limit=PER_PAGE + 1, offset=(page - 1) * PER_PAGE)
        ctx["sessions"] = [{"info": r, "title": srv.scrub(r.title) if r.title else ""} for r in rows[:PER_PAGE]]
        ctx["prev"] = _link(request, page=page - 1) if page > 1 else None
        ctx["next"] = _link(request, page=page + 1) if len(rows) > PER_PAGE else None
        ctx["page"] = page
    return render(request, "sessions.html", current="sessions", title="Sessions", **ctx)


def _pretty(arguments: str) -> str:
    try:
        return json.dumps(json.loads(arguments), indent=2, ensure_ascii=False)
    except (ValueError, TypeError):
        return arguments


async def transcript(request: Any) -> Any:
    from starlette.concurrency import run_in_threadpool

    srv = request.app.state.srv
    store = srv.hermes.store
    sid = request.path_params["session_id"]
    full = request.query_params.get("full") == "1"
    info = await run_in_threadpool(store.get_session, sid)
    if info is None:
        return render(request, "sessions_missing.html", status=404, current="sessions", title="No such session",
                      sid=sid)
    msgs = await run_in_threadpool(store.get_messages, sid, include_compacted=full)
    scrub = srv.scrub
    shown = [{"m": m, "when": when(m.timestamp), "content": scrub(m.content) if m.content else "",
              "calls": [{"name": tc.name, "id": tc.id, "args": scrub(_pretty(tc.arguments))} for tc in m.tool_calls]}
             for m in msgs]
    return render(request, "sessions_transcript.html", current="sessions", title=info.title or info.id,
                  info=info, session_title=scrub(info.title) if info.title else "", messages=shown, full=full,
                  when=when)


def markdown(info: Any, messages: list[dict[str, Any]]) -> str:
    """A readable transcript from the export's message dicts (the JSON export's own shape)."""
    u = info["usage"]
    out = [f"# {info['title'] or info['id']}", "",
           f"- session: `{info['id']}`", f"- source: {info['source']}, scope: {info['scope']}",
           f"- model: {info['model'] or '-'}", f"- updated: {when(info['updated_at'])}",
           f"- tokens: {u['input_tokens']:,} in / {u['output_tokens']:,} out, cost ${info['cost_usd']:.4f}", ""]
    for m in messages:
        head = f"tool result: {m.get('name') or ''}" if m["role"] == "tool" else m["role"]
        if m.get("summary"):
            head = "compression summary"
        out += [f"## {head} · {when(m['timestamp'])}", ""]
        if m.get("content"):
            out += [m["content"] if m["role"] != "tool" else "```\n" + m["content"] + "\n```", ""]
        for tc in m.get("tool_calls") or []:
            fn = tc["function"]
            out += [f"**tool call** `{fn['name']}`", "", "```json", _pretty(fn["arguments"]), "```", ""]
    return "\n".join(out)


async def export(request: Any) -> Any:
    """A download of one session: ?format=json (the API's session and message dicts) or md."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import PlainTextResponse, Response

    from hermes.server.sessions_api import message_dict, session_dict

    refused = require(request)
    if refused is not None:
        return refused
    srv = request.app.state.srv
    sid = request.path_params["session_id"]
    fmt = request.query_params.get("format", "json")
    if fmt not in ("json", "md"):
        return PlainTextResponse("format must be json or md", status_code=400)
    info = await run_in_threadpool(srv.hermes.store.get_session, sid)
    if info is None:
        return PlainTextResponse(f"No session {sid!r}.", status_code=404)
    # Everything stored: the compacted originals and the summaries that stand in for them (flagged).
    msgs = await run_in_threadpool(srv.hermes.store.get_messages, sid, include_compacted=True)
    doc = {"session": session_dict(info, srv.scrub), "messages": [message_dict(m, srv.scrub) for m in msgs]}
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", sid)
    if fmt == "json":
        body, mime = json.dumps(doc, ensure_ascii=False, indent=2), "application/json"
    else:
        body, mime = markdown(doc["session"], doc["messages"]), "text/markdown; charset=utf-8"
    return Response(body, media_type=mime,
                    headers={"content-disposition": f'attachment; filename="session-{safe}.{fmt}"'})


def _routes() -> list[Any]:
    from starlette.routing import Route

    return [Route("/ui/sessions", index), Route("/ui/sessions/{session_id}/export", export),
            Route("/ui/sessions/{session_id}", transcript)]


PAGE = Page("sessions", "Sessions", _routes())
