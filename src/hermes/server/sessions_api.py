"""`/api/sessions` (list, get, messages, search, fork, delete) and `/api/memory/{scope}`."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from hermes.core.messages import Message
from hermes.server.errors import JSON, ApiError
from hermes.server.pool import SessionBusy
from hermes.server.routing import Endpoint, query_int

_SEP = "§"


def session_dict(info: Any, scrub: Any = None) -> dict[str, Any]:
    u = info.usage
    return {"id": info.id, "object": "session", "source": info.source, "scope": info.scope,
            "title": scrub(info.title) if scrub and info.title else info.title, "model": info.model, "parent_id": info.parent_id,
            "user_id": info.user_id, "chat_id": info.chat_id,
            "created_at": info.created_at, "updated_at": info.updated_at,
            "message_count": info.message_count,
            "usage": {"input_tokens": u.input_tokens, "output_tokens": u.output_tokens,
                      "cache_read_tokens": u.cache_read_tokens, "cache_write_tokens": u.cache_write_tokens},
            "cost_usd": info.cost_usd}


def message_dict(m: Message, scrub: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"id": m.id, "role": m.role, "content": scrub(m.content) if m.content else m.content,
                         "timestamp": m.timestamp}
    if m.tool_calls:
        d["tool_calls"] = [{**tc.to_openai(), "function": {"name": tc.name, "arguments": scrub(tc.arguments)}}
                           for tc in m.tool_calls]
    if m.role == "tool":
        d["tool_call_id"], d["name"] = m.tool_call_id, m.name
    if m.summary:
        d["summary"] = True
    return d


def _opt(request: Request, name: str) -> str | None:
    v = request.query_params.get(name)
    if v is not None and (len(v) > 256 or not v.strip()):
        raise ApiError(400, f"{name} must be 1-256 characters.", param=name)
    return v


def _session(srv: Any, sid: str) -> Any:
    info = srv.hermes.store.get_session(sid)
    if info is None:
        raise ApiError(404, f"No session {sid!r}.", code="session_not_found")
    return info


async def list_sessions(request: Request) -> Response:
    srv = request.app.state.srv
    limit = query_int(request.query_params, "limit", 50, 1, 500)
    offset = query_int(request.query_params, "offset", 0, 0, 10_000_000)
    rows = srv.hermes.store.list_sessions(scope=_opt(request, "scope"), source=_opt(request, "source"),
                                          limit=limit + 1, offset=offset)
    return JSON({"object": "list", "data": [session_dict(r, srv.scrub) for r in rows[:limit]], "limit": limit,
                 "offset": offset, "has_more": len(rows) > limit})


async def get_session(request: Request) -> Response:
    srv = request.app.state.srv
    return JSON(session_dict(_session(srv, request.path_params["session_id"]), srv.scrub))


async def get_messages(request: Request) -> Response:
    srv = request.app.state.srv
    sid = request.path_params["session_id"]
    _session(srv, sid)
    full = request.query_params.get("include_compacted", "false").lower() in ("1", "true", "yes")
    msgs = srv.hermes.store.get_messages(sid, include_compacted=full)
    return JSON({"object": "list", "session_id": sid, "data": [message_dict(m, srv.scrub) for m in msgs]})


async def search(request: Request) -> Response:
    srv = request.app.state.srv
    q = request.query_params.get("q", "")
    if not q.strip() or len(q) > 1000:
        raise ApiError(400, "q must be 1-1000 characters of plain language.", param="q")
    limit = query_int(request.query_params, "limit", 20, 1, 100)
    hits = srv.hermes.store.search(q, scope=_opt(request, "scope"), limit=limit)
    return JSON({"object": "list", "query": q, "data": [
        {"session_id": h.session_id, "message_id": h.message_id, "role": h.role,
         "snippet": srv.scrub(h.snippet), "score": h.score, "timestamp": h.timestamp, "source": h.source,
         "title": h.title} for h in hits]})


async def fork(request: Request) -> Response:
    srv = request.app.state.srv
    sid = request.path_params["session_id"]
    _session(srv, sid)
    return JSON(session_dict(srv.hermes.store.fork(sid), srv.scrub), status_code=201)


async def delete(request: Request) -> Response:
    srv = request.app.state.srv
    sid = request.path_params["session_id"]
    try:
        srv.pool.discard(sid)
    except SessionBusy:
        raise ApiError(409, f"Session {sid!r} has a request in progress; try again when it ends.",
                       code="session_busy") from None
    if not srv.hermes.store.delete_session(sid):
        raise ApiError(404, f"No session {sid!r}.", code="session_not_found")
    return JSON({"id": sid, "object": "session", "deleted": True})


def memory_documents(hermes: Any, scope: str) -> dict[str, Any]:
    """The two memory documents of a scope, as entries (the `§`-separated on-disk format)."""
    try:
        from hermes.memory.documents import MemoryDocument
    except ImportError:  # the memory package is optional at this seam
        MemoryDocument = None  # type: ignore[assignment]
    cfg = hermes.config.memory
    out: dict[str, Any] = {}
    for key, fname, limit in (("memory", "MEMORY.md", cfg.memory_char_limit),
                              ("user", "USER.md", cfg.user_char_limit)):
        if MemoryDocument is not None:
            doc = MemoryDocument.open(hermes.home, scope, key, hermes.config)
            entries, limit = doc.entries(), doc.limit
        else:
            entries = _parse(hermes.home.memory_dir(scope) / fname)
        out[key] = {"entries": entries, "chars": len("\n§\n".join(entries)), "limit": limit}
    return out


def _parse(path: Any) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except (FileNotFoundError, IsADirectoryError):
        return []
    entries, cur = [], []
    for line in text.splitlines():
        if line.strip() == _SEP:
            entries.append("\n".join(cur).strip())
            cur = []
        else:
            cur.append(line)
    entries.append("\n".join(cur).strip())
    return [e for e in entries if e]


async def get_memory(request: Request) -> Response:
    srv = request.app.state.srv
    scope = request.path_params["scope"]
    docs = memory_documents(srv.hermes, scope)
    for d in docs.values():
        d["entries"] = [srv.scrub(e) for e in d["entries"]]
    return JSON({"object": "memory", "scope": scope, "documents": docs})


_E = {401: "Missing or wrong API key", 429: "Rate limited"}
_Q_FILTERS = {"source": {"type": "string", "maxLength": 256, "description": "cli, api, cron, telegram..."},
              "scope": {"type": "string", "maxLength": 256, "description": "memory scope"}}

ENDPOINTS = [
    Endpoint("GET", "/api/sessions", list_sessions, "List sessions (newest activity first)", "sessions",
             query={**_Q_FILTERS, "limit": {"type": "integer", "minimum": 1, "maximum": 500},
                    "offset": {"type": "integer", "minimum": 0}}, responses={400: "Bad filter", **_E}),
    Endpoint("GET", "/api/sessions/search", search, "Search every past conversation", "sessions",
             query={"q": {"type": "string", "minLength": 1, "maxLength": 1000, "required": True,
                          "description": "plain language"},
                    "scope": _Q_FILTERS["scope"], "limit": {"type": "integer", "minimum": 1, "maximum": 100}},
             responses={400: "Bad query", **_E}),
    Endpoint("GET", "/api/sessions/{session_id}", get_session, "Get one session", "sessions",
             responses={404: "No such session", **_E}),
    Endpoint("GET", "/api/sessions/{session_id}/messages", get_messages, "The messages of a session",
             "sessions", query={"include_compacted": {"type": "boolean"}},
             responses={404: "No such session", **_E}),
    Endpoint("POST", "/api/sessions/{session_id}/fork", fork, "Copy a session into a new one", "sessions",
             responses={201: "The new session", 404: "No such session", **_E}),
    Endpoint("DELETE", "/api/sessions/{session_id}", delete, "Delete a session", "sessions",
             responses={404: "No such session", 409: "A request is in progress on it", **_E}),
    Endpoint("GET", "/api/memory/{scope}", get_memory, "The memory documents of a scope", "memory",
             responses=_E),
]
