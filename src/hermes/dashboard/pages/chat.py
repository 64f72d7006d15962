"""The chat page: talk to the agent, watch tools run, answer approval requests, stop a turn.

GET /ui/chat renders the page with a picker of recent sessions; the page's script streams turns from
POST /ui/chat/send (server-sent events of Hermes's own events, see chat_stream), answers approvals
with POST /ui/chat/approve and stops a turn with POST /ui/chat/stop. All three need the session
cookie and the CSRF header. A transcript is read from the JSON API (/api/sessions/{id}/messages).
"""

from __future__ import annotations

from typing import Any

from hermes.dashboard.app import Page, render, require

RECENT = 30  # sessions in the picker
MAX_TEXT = 100_000


def _error(status: int, message: str) -> Any:
    from starlette.responses import JSONResponse

    return JSONResponse({"error": {"message": message}}, status_code=status)


async def _body(request: Any) -> dict[str, Any] | None:
    try:
        data = await request.json()
    except Exception:
        return None
    return data if isinstance(data, dict) else None


def _sid(data: dict[str, Any]) -> str | None:
    sid = data.get("session_id")
    if sid is None or sid == "":
        return None
    if not isinstance(sid, str) or len(sid) > 256:
        raise ValueError("session_id must be a string of at most 256 characters")
    return sid


async def page(request: Any) -> Any:
    if require(request) is not None:
        return render(request, "chat.html")  # not logged in: the login form, nothing read
    store = request.app.state.srv.hermes.store
    sessions = store.list_sessions(limit=RECENT)
    current = request.query_params.get("session") or ""
    missing = ""
    if current and store.get_session(current[:256]) is None:
        missing, current = current[:256], ""
    listed = {s.id for s in sessions}
    if current and current not in listed:  # an older session opened by link: still in the picker
        info = store.get_session(current)
        sessions = [info, *sessions]
    return render(request, "chat.html", current="chat", title="Chat", sessions=sessions,
                  session_id=current, missing=missing)


async def send(request: Any) -> Any:
    from starlette.responses import StreamingResponse

    from hermes.dashboard.pages.chat_stream import chats_of, start_turn, stream

    refused = require(request, write=True)
    if refused is not None:
        return refused
    data = await _body(request)
    if data is None:
        return _error(400, "Send a JSON object: {\"session_id\": ..., \"text\": ...}.")
    text = data.get("text")
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        return _error(400, f"text must be 1-{MAX_TEXT} characters.")
    try:
        sid = _sid(data)
    except ValueError as e:
        return _error(400, str(e))
    chats = chats_of(request.app)
    live = chats.get(sid) if sid else None
    if live is not None and live.running:
        return _error(409, "This session is still answering; wait for it or press Stop.")
    try:
        live = chats.open(sid)
    except KeyError:
        return _error(404, f"No session {sid!r}; it may have been deleted.")
    task = start_turn(chats, live, text)
    return StreamingResponse(stream(chats, live, task), media_type="text/event-stream",
                             headers={"cache-control": "no-store", "x-accel-buffering": "no"})


async def approve(request: Any) -> Any:
    from starlette.responses import JSONResponse

    from hermes.dashboard.pages.chat_stream import ANSWERS, chats_of

    refused = require(request, write=True)
    if refused is not None:
        return refused
    data = await _body(request) or {}
    answer = data.get("answer")
    if answer not in ANSWERS:
        return _error(400, f"answer must be one of {', '.join(ANSWERS)}.")
    sid, rid = data.get("session_id"), data.get("request_id")
    live = chats_of(request.app).get(sid) if isinstance(sid, str) else None
    fut = live.approvals.get(rid) if live is not None and isinstance(rid, str) else None
    if fut is None or fut.done():
        return _error(404, "That approval request is no longer waiting (answered, stopped or timed out).")
    fut.set_result(answer)
    return JSONResponse({"session_id": sid, "request_id": rid, "answer": answer})


async def stop(request: Any) -> Any:
    from starlette.responses import JSONResponse

    from hermes.dashboard.pages.chat_stream import chats_of

    refused = require(request, write=True)
    if refused is not None:
        return refused
    data = await _body(request) or {}
    sid = data.get("session_id")
    chats = chats_of(request.app)
    live = chats.get(sid) if isinstance(sid, str) else None
    if live is None or not live.running or live.cancel is None:
        return JSONResponse({"session_id": sid, "stopped": False})
    live.cancel.set()
    chats.deny_all(live)  # a turn waiting on an approval stops now
    return JSONResponse({"session_id": sid, "stopped": True})


def _routes() -> list[Any]:
    from starlette.routing import Route

    return [Route("/ui/chat", page, methods=["GET"]),
            Route("/ui/chat/send", send, methods=["POST"]),
            Route("/ui/chat/approve", approve, methods=["POST"]),
            Route("/ui/chat/stop", stop, methods=["POST"])]


PAGE = Page("chat", "Chat", _routes())
