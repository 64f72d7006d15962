"""OpenAI Responses API: `POST /v1/responses`, `GET|DELETE /v1/responses/{id}`.

Each response belongs to a Hermes session. `previous_response_id` continues that session when
the response is its latest turn; answering an older response branches: a new session (same
memory scope) gets the history up to that response. Records live in their own small SQLite file
(HERMES_HOME/api_responses.db), bounded, so ids survive restarts; `store: false` keeps no record
(the turn is still part of the session's transcript, like every turn Hermes runs).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
import uuid
from contextlib import aclosing
from pathlib import Path
from typing import Any, AsyncIterator, Literal

from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request
from starlette.responses import Response

from hermes.core.events import ErrorEvent, Event, Final, TextDelta, ToolFinished
from hermes.core.messages import Message, Usage
from hermes.server.errors import JSON, ApiError, dumps
from hermes.server.openai_api import (TurnInput, TurnStream, check_model, lease_for, model_failure, prepare,
                                      session_headers, split_turn, turn_events, watch_disconnect)
from hermes.server.pool import new_session_id
from hermes.server.routing import SESSION_HEADERS, Endpoint, parse_body

MAX_RECORDS = 10_000


class InputPart(BaseModel):
    model_config = ConfigDict(extra="allow")
    type: str
    text: str | None = None


class InputItem(BaseModel):
    model_config = ConfigDict(extra="allow")
    type: Literal["message"] = "message"
    role: Literal["system", "developer", "user", "assistant"]
    content: str | list[InputPart]


class ResponseRequest(BaseModel):
    model_config = ConfigDict(extra="allow")
    model: str = "hermes"
    input: str | list[InputItem] = Field(min_length=1)
    instructions: str | None = None
    previous_response_id: str | None = Field(None, min_length=1, max_length=256)
    # It comes back in the X-Hermes-Session-Id header, which carries visible ASCII only.
    conversation: str | None = Field(None, min_length=1, max_length=256, pattern=r"^[!-~]+$")
    store: bool = True
    stream: bool = False


class ResponseStore:
    """response id -> (session id, id of the turn's last message, the response body)."""

    def __init__(self, path: Path):
        self.path = path
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._writes = 0

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            c = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False, timeout=10)
            c.execute("PRAGMA journal_mode = WAL")
            c.execute("PRAGMA synchronous = NORMAL")
            c.execute("CREATE TABLE IF NOT EXISTS responses (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, "
                      "last_message_id INTEGER, created REAL NOT NULL, body TEXT NOT NULL)")
            self._conn = c
        return self._conn

    def put(self, rid: str, session_id: str, last_message_id: int | None, body: dict[str, Any]) -> None:
        with self._lock:
            c = self._db()
            c.execute("INSERT OR REPLACE INTO responses VALUES (?,?,?,?,?)",
                      (rid, session_id, last_message_id, time.time(), json.dumps(body)))
            self._writes += 1
            if self._writes % 100 == 0:
                c.execute("DELETE FROM responses WHERE id IN (SELECT id FROM responses ORDER BY created DESC "
                          "LIMIT -1 OFFSET ?)", (MAX_RECORDS,))

    def get(self, rid: str) -> tuple[str, int | None, dict[str, Any]] | None:
        with self._lock:
            row = self._db().execute("SELECT session_id, last_message_id, body FROM responses WHERE id = ?",
                                     (rid,)).fetchone()
        return (row[0], row[1], json.loads(row[2])) if row else None

    def delete(self, rid: str) -> bool:
        with self._lock:
            return self._db().execute("DELETE FROM responses WHERE id = ?", (rid,)).rowcount > 0

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None


def parse_input(req: ResponseRequest) -> TurnInput:
    if isinstance(req.input, str):
        if not req.input.strip():
            raise ApiError(400, "input is empty.", param="input")
        return TurnInput(req.input, req.instructions or "")
    text, system, prior = split_turn(req.input, "input")
    instructions = "\n\n".join(s for s in [req.instructions or "", *system] if s.strip())
    return TurnInput(text, instructions, prior)


def _branch(srv: Any, session_id: str, last_message_id: int | None) -> str:
    """A new session holding `session_id`'s history up to (and including) `last_message_id`."""
    store = srv.hermes.store
    info = store.get_session(session_id)
    if info is None:
        raise ApiError(404, "The session of previous_response_id no longer exists.",
                       param="previous_response_id", code="not_found")
    active = store.get_messages(session_id)
    ids = [m.id for m in active]
    if last_message_id in ids:
        kept = active[:ids.index(last_message_id) + 1]
    else:  # compacted away since: rebuild from the original rows
        kept = [m for m in store.get_messages(session_id, include_compacted=True)
                if not m.summary and m.id is not None and last_message_id is not None and m.id <= last_message_id]
    sid = new_session_id()
    store.create_session(source="api", scope=info.scope, model=info.model, parent_id=session_id, session_id=sid)
    prompt = store.get_system_prompt(session_id)
    if prompt is not None:
        store.set_system_prompt(sid, prompt)
    copies = [Message(m.role, m.content, list(m.tool_calls), m.tool_call_id, m.name, m.timestamp, m.tokens,
                      m.reasoning) for m in kept]
    if copies:
        store.append_messages(sid, copies)
    return sid


class _Run:
    """One Responses turn: waits for its place on the session, branches when it answers an older
    response, then runs. Exposes `release()` so a streaming response can end it on every path."""

    def __init__(self, srv: Any, lease: Any, turn: TurnInput, resume_at: int | None):
        self.srv, self.lease, self.turn, self.resume_at = srv, lease, turn, resume_at

    @property
    def session_id(self) -> str:
        return self.lease.entry.session_id

    def last_message_id(self) -> int | None:
        hist = self.lease.conv.state.history
        return hist[-1].id if hist else None

    async def events(self, cancel: asyncio.Event) -> AsyncIterator[Event]:
        if not await self.lease.acquire(cancel):
            return
        if self.resume_at is not None and self.last_message_id() != self.resume_at:
            self.branch()  # another turn got in first
            if not await self.lease.acquire(cancel):
                return
        prepare(self.lease.conv, self.turn)
        async with aclosing(turn_events(self.lease, self.turn, cancel)) as events:
            async for ev in events:
                yield ev

    def branch(self) -> None:
        """Answering an older response: continue a copy of the session cut at that response."""
        self.lease.release()
        self.lease = self.srv.pool.lease(_branch(self.srv, self.session_id, self.resume_at))
        self.resume_at = None

    def release(self) -> None:
        self.lease.release()


async def create_response(request: Request) -> Response:
    srv = request.app.state.srv
    req = parse_body(ResponseRequest, await request.body())
    model = check_model(srv, req.model)
    if not isinstance(req.input, str):
        from hermes.server.images import inline_images

        await inline_images(req.input, srv.hermes, "input")
    turn = parse_input(req)
    sid, resume_at = req.conversation, None
    if req.previous_response_id:
        rec = srv.responses.get(req.previous_response_id)
        if rec is None:
            raise ApiError(404, f"Previous response {req.previous_response_id!r} not found.",
                           param="previous_response_id", code="previous_response_not_found")
        sid, resume_at = rec[0], rec[1]
        turn.prior = None  # the session's own history is the context
    run = _Run(srv, lease_for(srv, request, session_id=sid), turn, resume_at)
    if resume_at is not None and run.lease.entry.inflight == 1 and run.last_message_id() != resume_at:
        run.branch()  # decided now (nothing else queued), so the session header is already right
    if req.stream:
        return TurnStream(run, lambda cancel: _stream(srv, run, req, model, cancel),
                          session_headers(run.session_id))
    cancel = asyncio.Event()
    watcher = asyncio.ensure_future(watch_disconnect(request.receive, cancel))
    final: Final | ErrorEvent | None = None
    tools: list[ToolFinished] = []
    try:
        async with aclosing(run.events(cancel)) as events:
            async for ev in events:
                if isinstance(ev, (Final, ErrorEvent)):
                    final = ev
                elif isinstance(ev, ToolFinished):
                    tools.append(ev)
        last_id = run.last_message_id()
    finally:
        watcher.cancel()
        run.release()
    sid = run.session_id
    if final is None and cancel.is_set():
        return Response(status_code=499)  # the client left; nobody reads this
    if not isinstance(final, Final):
        err = model_failure(final or ErrorEvent("the turn ended without an answer"), srv.scrub)
        err.headers.update(session_headers(sid))
        raise err
    rid = "resp_" + uuid.uuid4().hex
    output = [i for t in tools for i in _tool_items(srv, t)]
    output.append(_message_item("msg_" + uuid.uuid4().hex, srv.scrub(final.text)))
    body = _response_body(rid, model, req, output, final.usage,
                          "incomplete" if final.cancelled else "completed")
    if req.store and not final.cancelled:
        srv.responses.put(rid, sid, last_id, body)
    return JSON(body, headers=session_headers(sid))


async def _stream(srv: Any, run: _Run, req: ResponseRequest, model: str,
                  cancel: asyncio.Event) -> AsyncIterator[bytes | ApiError]:
    rid, msg_id = "resp_" + uuid.uuid4().hex, "msg_" + uuid.uuid4().hex
    seq = 0

    def event(kind: str, **data: Any) -> bytes:
        nonlocal seq
        seq += 1
        return (f"event: {kind}\ndata: ".encode()
                + dumps({"type": kind, "sequence_number": seq - 1, **data}) + b"\n\n")

    output: list[dict[str, Any]] = []
    msg_index: int | None = None
    parts: list[str] = []
    scrub = srv.scrub.stream()
    started = False

    def open_message() -> list[bytes]:
        nonlocal msg_index
        msg_index = len(output)
        output.append({})
        item = {"id": msg_id, "type": "message", "status": "in_progress", "role": "assistant", "content": []}
        return [event("response.output_item.added", output_index=msg_index, item=item),
                event("response.content_part.added", item_id=msg_id, output_index=msg_index, content_index=0,
                      part={"type": "output_text", "text": "", "annotations": []})]

    def text_delta(text: str) -> list[bytes]:
        out = open_message() if msg_index is None else []
        if text:
            parts.append(text)
            out.append(event("response.output_text.delta", item_id=msg_id, output_index=msg_index,
                             content_index=0, delta=text, logprobs=[]))
        return out

    async with aclosing(run.events(cancel)) as events:
        async for ev in events:
            if not started:
                if isinstance(ev, ErrorEvent):  # failed before any output: a plain HTTP error
                    yield model_failure(ev, srv.scrub)
                    return
                started = True
                base = _response_body(rid, model, req, [], None, "in_progress")
                yield event("response.created", response=base)
                yield event("response.in_progress", response=base)
            if isinstance(ev, TextDelta):
                for b in text_delta(scrub.feed(ev.text)):
                    yield b
            elif isinstance(ev, ToolFinished):
                for item in _tool_items(srv, ev):
                    output.append(item)
                    yield event("response.output_item.added", output_index=len(output) - 1, item=item)
                    yield event("response.output_item.done", output_index=len(output) - 1, item=item)
            elif isinstance(ev, Final):
                for b in text_delta(scrub.flush()):
                    yield b
                text = "".join(parts)
                item = _message_item(msg_id, text)
                assert msg_index is not None
                output[msg_index] = item
                yield event("response.output_text.done", item_id=msg_id, output_index=msg_index,
                            content_index=0, text=text, logprobs=[])
                yield event("response.content_part.done", item_id=msg_id, output_index=msg_index,
                            content_index=0, part=item["content"][0])
                yield event("response.output_item.done", output_index=msg_index, item=item)
                body = _response_body(rid, model, req, output, ev.usage,
                                      "incomplete" if ev.cancelled else "completed")
                if req.store and not ev.cancelled:
                    srv.responses.put(rid, run.session_id, run.last_message_id(), body)
                yield event("response.completed", response=body)
            elif isinstance(ev, ErrorEvent):
                err = model_failure(ev, srv.scrub)
                body = _response_body(rid, model, req, [o for o in output if o], None, "failed")
                body["error"] = {"code": err.code, "message": err.message}
                yield event("response.failed", response=body)
                return


def _tool_items(srv: Any, t: ToolFinished) -> list[dict[str, Any]]:
    """A tool the agent already ran server-side, as Responses output items."""
    return [{"type": "function_call", "id": "fc_" + t.call_id, "call_id": t.call_id, "name": t.name,
             "arguments": srv.scrub(t.arguments), "status": "completed"},
            {"type": "function_call_output", "id": "fco_" + t.call_id, "call_id": t.call_id,
             "output": srv.scrub(t.result_preview), "status": "completed"}]


def _message_item(msg_id: str, text: str) -> dict[str, Any]:
    return {"type": "message", "id": msg_id, "status": "completed", "role": "assistant",
            "content": [{"type": "output_text", "text": text, "annotations": []}]}


def _response_body(rid: str, model: str, req: ResponseRequest, output: list[dict[str, Any]],
                   usage: Usage | None, status: str) -> dict[str, Any]:
    u = usage or Usage()
    return {"id": rid, "object": "response", "created_at": int(time.time()), "status": status, "error": None,
            "incomplete_details": {"reason": "interrupted"} if status == "incomplete" else None,
            "instructions": req.instructions, "max_output_tokens": None, "model": model,
            "output": output, "parallel_tool_calls": True, "previous_response_id": req.previous_response_id,
            "store": req.store, "temperature": None, "text": {"format": {"type": "text"}},
            "tool_choice": "auto", "tools": [], "top_p": None, "truncation": "disabled",
            "usage": None if usage is None else {
                "input_tokens": u.input_tokens, "output_tokens": u.output_tokens,
                "total_tokens": u.input_tokens + u.output_tokens,
                "input_tokens_details": {"cached_tokens": u.cache_read_tokens},
                "output_tokens_details": {"reasoning_tokens": 0}},
            "metadata": {}}


async def get_response(request: Request) -> Response:
    srv = request.app.state.srv
    rec = srv.responses.get(request.path_params["response_id"])
    if rec is None:
        raise ApiError(404, "No such response.", code="not_found", param="response_id")
    return JSON(rec[2], headers=session_headers(rec[0]))


async def delete_response(request: Request) -> Response:
    srv = request.app.state.srv
    rid = request.path_params["response_id"]
    if not srv.responses.delete(rid):
        raise ApiError(404, "No such response.", code="not_found", param="response_id")
    return JSON({"id": rid, "object": "response", "deleted": True})


_E = {400: "Invalid request", 401: "Missing or wrong API key", 404: "Unknown model or previous response",
      409: "Session belongs to another memory scope", 413: "Body too large", 429: "Rate limited",
      502: "The model provider failed", 503: "The model provider or store is unavailable"}

ENDPOINTS = [
    Endpoint("POST", "/v1/responses", create_response, "Create a response (stream: true for SSE events)",
             "openai",
             body=ResponseRequest, headers=SESSION_HEADERS, responses={200: "A response object", **_E}),
    Endpoint("GET", "/v1/responses/{response_id}", get_response, "Get a stored response", "openai",
             responses={401: _E[401], 404: "No such response", 429: _E[429]}),
    Endpoint("DELETE", "/v1/responses/{response_id}", delete_response, "Delete a stored response", "openai",
             responses={401: _E[401], 404: "No such response", 429: _E[429]}),
]
