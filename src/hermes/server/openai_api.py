"""OpenAI Chat Completions (`/v1/chat/completions`, streaming and not) and `/v1/models`.

Sessions: the server owns the history. `X-Hermes-Session-Id` names a stored session (created on
first use); without it each request gets a fresh session whose id is returned in the same header.
Only the LAST user message of `messages` is the new input: clients that resend the whole history
get no duplicates. When a session is still empty (its first request), the earlier user/assistant
messages the client sent seed its history, so stateless clients that send the full conversation
work too, and system/developer messages become extra instructions layered under Hermes's own
system prompt. After that the prompt is frozen (prompt caching) and client system messages are
ignored. Client `tools` are ignored: the API is tool-less for clients; Hermes's own tools run
server-side with nobody to approve them.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from contextlib import aclosing
from dataclasses import dataclass
from typing import Any, AsyncIterator, Literal

from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request
from starlette.responses import Response

from hermes.core.events import ErrorEvent, Final, TextDelta, ToolStarted
from hermes.core.messages import Message, Usage
from hermes.server.errors import JSON, ApiError, dumps, error_dict
from hermes.server.pool import Lease, ScopeConflict, new_session_id
from hermes.server.routing import SESSION_HEADERS, Endpoint, parse_body

log = logging.getLogger("hermes.server")

INSTRUCTIONS_MARK = "\n\nInstructions from the API client:\n"
_TEXT_PARTS = ("text", "input_text", "output_text")


# -- request bodies ----------------------------------------------------------------------------

class ContentPart(BaseModel):
    model_config = ConfigDict(extra="allow")
    type: str
    text: str | None = None


class ChatMessageIn(BaseModel):
    model_config = ConfigDict(extra="allow")
    role: Literal["system", "developer", "user", "assistant", "tool", "function"]
    content: str | list[ContentPart] | None = None
    name: str | None = None


class StreamOptions(BaseModel):
    model_config = ConfigDict(extra="allow")
    include_usage: bool = False


class ChatCompletionRequest(BaseModel):
    """OpenAI's request body; fields Hermes does not use (temperature, tools...) are accepted and ignored."""
    model_config = ConfigDict(extra="allow")
    model: str = "hermes"
    messages: list[ChatMessageIn] = Field(min_length=1)
    stream: bool = False
    stream_options: StreamOptions | None = None
    n: int | None = Field(None, ge=1, le=1)


# -- shared by chat completions and responses ----------------------------------------------------

def part_text(content: Any, param: str) -> str:
    if content is None or isinstance(content, str):
        return content or ""
    out = []
    for p in content:
        if p.type not in _TEXT_PARTS:
            raise ApiError(400, f"Content of type {p.type!r} is not supported: Hermes takes text and images "
                           "(image parts in user messages).",
                           param=param, code="unsupported_content")
        out.append(p.text or "")
    return "".join(out)


def _clean_header(request: Request, name: str) -> str | None:
    raw = request.headers.get(name)
    if raw is None:
        return None
    v = raw.strip()
    if not v or len(v) > 256 or any(ord(c) < 32 or ord(c) == 127 for c in v):
        raise ApiError(400, f"{name} must be 1-256 printable characters.", param=name,
                       code="invalid_header")
    return v


def check_model(srv: Any, model: str | None) -> str:
    name = model or "hermes"
    if name not in srv.model_names:
        raise ApiError(404, f"The model `{name}` does not exist. Use one of: "
                       f"{', '.join(sorted(srv.model_names))}.", param="model", code="model_not_found")
    return name


@dataclass
class TurnInput:
    text: str
    instructions: str = ""
    prior: list[Message] | None = None  # seeds an empty session


def lease_for(srv: Any, request: Request, session_id: str | None = None,
              scope: str | None = None) -> Lease:
    """Take this request's place in line on its session (created on first use)."""
    sid = session_id or _clean_header(request, "x-hermes-session-id") or new_session_id()
    key = scope or _clean_header(request, "x-hermes-session-key")
    try:
        return srv.pool.lease(sid, key)
    except ScopeConflict as e:
        raise ApiError(409, str(e), code="session_scope_conflict", param="X-Hermes-Session-Key") from None
    except (ValueError, KeyError) as e:
        raise ApiError(400, f"Cannot open session {sid!r}: {e}", code="invalid_session") from None
    except Exception as e:  # the store is unavailable: say so, without internals
        from hermes.state.base import StoreError

        if isinstance(e, StoreError):
            raise ApiError(503, f"The session store is unavailable: {srv.scrub(str(e))}",
                           code="store_unavailable") from None
        raise


def prepare(conv: Any, turn: TurnInput) -> None:
    """Before a turn. On a session's first turn: layer client instructions on the prompt and seed
    the prior history the client sent."""
    notices = getattr(conv.hermes, "notices", None)
    if notices:  # background notes (what the learning pass saved) go to the log, not to memory
        for note in notices:
            log.info("%s", note)
        notices.clear()
    if conv.state.history:
        return
    store = conv.hermes.store
    if turn.instructions.strip():
        base = conv.state.system_prompt.split(INSTRUCTIONS_MARK, 1)[0].rstrip("\n")
        prompt = base + INSTRUCTIONS_MARK + turn.instructions.strip() + "\n"
        if prompt != conv.state.system_prompt:
            conv.state.system_prompt = prompt
            store.set_system_prompt(conv.id, prompt)
    if turn.prior:
        store.append_messages(conv.id, turn.prior)
        conv.state.history.extend(turn.prior)


def merge_prior(items: list[tuple[str, str]], text: str) -> tuple[list[Message], str]:
    """Client history -> alternating messages; a trailing user message joins the new input."""
    merged: list[list[str]] = []
    for role, content in items:
        if not content:
            continue
        if merged and merged[-1][0] == role:
            merged[-1][1] += "\n\n" + content
        else:
            merged.append([role, content])
    if merged and merged[-1][0] == "user":
        text = merged.pop()[1] + "\n\n" + text
    return [Message.user(c) if r == "user" else Message.assistant(c) for r, c in merged], text


def model_failure(ev: ErrorEvent, scrub: Any) -> ApiError:
    transient = ev.kind in ("rate_limit", "timeout", "overloaded", "unavailable", "connection")
    return ApiError(503 if transient else 502, scrub(f"The model provider failed: {ev.message}"),
                    code="model_unavailable" if transient else "model_error",
                    headers={"retry-after": "5"} if transient else None)


async def watch_disconnect(receive: Any, cancel: asyncio.Event) -> None:
    """Set `cancel` when the client goes away (the body has been read; only disconnect is left)."""
    try:
        while True:
            msg = await receive()
            if msg["type"] == "http.disconnect":
                cancel.set()
                return
    except Exception:
        return


async def run_to_final(lease: Lease, turn: TurnInput, cancel: asyncio.Event) -> Final | ErrorEvent:
    if not await lease.acquire(cancel) or cancel.is_set():
        return Final("", cancelled=True)
    conv = lease.conv
    prepare(conv, turn)
    result: Final | ErrorEvent | None = None
    async with aclosing(turn_events(lease, turn, cancel)) as events:
        async for ev in events:
            if isinstance(ev, (Final, ErrorEvent)):
                result = ev
    return result if result is not None else ErrorEvent("the turn ended without an answer")


async def turn_events(lease: Lease, turn: TurnInput, cancel: asyncio.Event) -> AsyncIterator[Any]:
    """The turn's events; a store failure marks the live conversation stale (so the next request
    reloads the session from the store, e.g. after it was pruned by another process)."""
    from hermes.state.base import StoreError

    try:
        async with aclosing(lease.conv.send(turn.text, cancel)) as events:
            async for ev in events:
                yield ev
    except StoreError:
        lease.invalidate()
        raise


def usage_dict(u: Usage) -> dict[str, Any]:
    return {"prompt_tokens": u.input_tokens, "completion_tokens": u.output_tokens,
            "total_tokens": u.input_tokens + u.output_tokens,
            "prompt_tokens_details": {"cached_tokens": u.cache_read_tokens},
            "completion_tokens_details": {"reasoning_tokens": 0}}


def session_headers(sid: str) -> dict[str, str]:
    return {"x-hermes-session-id": sid}


# -- chat completions ---------------------------------------------------------------------------

def split_turn(items: list[Any], field: str) -> tuple[str, list[str], list[Message]]:
    """The last user message's text, the system/developer texts, and the user/assistant history before
    it, from a list of role + content items (`field` names the list in error messages)."""
    last = next((i for i in range(len(items) - 1, -1, -1) if items[i].role == "user"), None)
    if last is None:
        raise ApiError(400, f"{field} must include a user message.", param=field)
    text = part_text(items[last].content, f"{field}.{last}.content")
    if not text.strip():
        raise ApiError(400, "The last user message is empty.", param=f"{field}.{last}.content")
    system = [part_text(m.content, f"{field}.{i}.content") for i, m in enumerate(items)
              if m.role in ("system", "developer")]
    prior, text = merge_prior([(m.role, part_text(m.content, f"{field}.{i}.content"))
                               for i, m in enumerate(items[:last]) if m.role in ("user", "assistant")], text)
    return text, system, prior


def parse_chat(req: ChatCompletionRequest) -> TurnInput:
    text, system, prior = split_turn(req.messages, "messages")
    return TurnInput(text, "\n\n".join(s for s in system if s.strip()), prior)


async def chat_completions(request: Request) -> Response:
    srv = request.app.state.srv
    req = parse_body(ChatCompletionRequest, await request.body())
    model = check_model(srv, req.model)
    from hermes.server.images import inline_images

    await inline_images(req.messages, srv.hermes, "messages")
    turn = parse_chat(req)
    lease = lease_for(srv, request)
    sid = lease.entry.session_id
    cid = "chatcmpl-" + uuid.uuid4().hex[:24]
    created = int(time.time())
    if req.stream:
        usage = bool(req.stream_options and req.stream_options.include_usage)
        return TurnStream(lease, lambda cancel: _chat_sse(srv, lease, turn, cancel, cid, created, model, usage),
                          session_headers(sid))
    cancel = asyncio.Event()
    watcher = asyncio.ensure_future(watch_disconnect(request.receive, cancel))
    try:
        result = await run_to_final(lease, turn, cancel)
    finally:
        watcher.cancel()
        lease.release()
    if isinstance(result, ErrorEvent):
        err = model_failure(result, srv.scrub)
        err.headers.update(session_headers(sid))
        raise err
    body = {"id": cid, "object": "chat.completion", "created": created, "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": srv.scrub(result.text),
                                                   "refusal": None, "annotations": []},
                         "logprobs": None, "finish_reason": "stop"}],
            "usage": usage_dict(result.usage), "system_fingerprint": None}
    return JSON(body, headers=session_headers(sid))


async def _chat_sse(srv: Any, lease: Lease, turn: TurnInput, cancel: asyncio.Event, cid: str,
                    created: int, model: str, include_usage: bool) -> AsyncIterator[bytes | ApiError]:
    if not await lease.acquire(cancel) or cancel.is_set():
        return
    conv = lease.conv
    prepare(conv, turn)
    head = dumps({"id": cid, "object": "chat.completion.chunk", "created": created, "model": model,
                  "system_fingerprint": None})[:-1] + b',"choices":[{"index":0,"delta":'
    tail = b',"logprobs":null,"finish_reason":null}]' + (b',"usage":null' if include_usage else b"") + b"}\n\n"
    scrub = srv.scrub.stream()
    started = said = False
    gap = ""
    async with aclosing(turn_events(lease, turn, cancel)) as events:
        async for ev in events:
            if not started:
                if isinstance(ev, ErrorEvent):  # failed before any output: a real HTTP error status
                    yield model_failure(ev, srv.scrub)
                    return
                started = True
                yield b"data: " + head + b'{"role":"assistant","content":"","refusal":null}' + tail
            if isinstance(ev, TextDelta):
                text = scrub.feed(gap + ev.text if said else ev.text)
                said, gap = True, ""
                if text:
                    yield b"data: " + head + dumps({"content": text}) + tail
            elif isinstance(ev, ToolStarted):
                gap = "\n\n"  # text before and after a tool round must not run together
                yield f": tool {ev.name} running\n\n".encode()  # SSE comment: clients ignore it
            elif isinstance(ev, Final):
                rest = scrub.flush()
                if rest:
                    yield b"data: " + head + dumps({"content": rest}) + tail
                done = {"index": 0, "delta": {}, "logprobs": None, "finish_reason": "stop"}
                chunk = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": model,
                         "system_fingerprint": None, "choices": [done]}
                if include_usage:
                    chunk["usage"] = None
                yield b"data: " + dumps(chunk) + b"\n\n"
                if include_usage:
                    chunk = {**chunk, "choices": [], "usage": usage_dict(ev.usage)}
                    yield b"data: " + dumps(chunk) + b"\n\n"
                yield b"data: [DONE]\n\n"
            elif isinstance(ev, ErrorEvent):
                err = model_failure(ev, srv.scrub)
                yield b"data: " + dumps(error_dict(err.status, err.message, code=err.code)) + b"\n\n"
                return


class TurnStream(Response):
    """Runs a turn and streams it as server-sent events. The turn waits for its place on the
    session first; a client that disconnects cancels it; the session is released on every path.
    If the turn fails before producing anything, the client gets a plain JSON error status."""

    media_type = "text/event-stream"

    def __init__(self, lease: Lease, produce: Any, headers: dict[str, str]):
        self.lease = lease
        self.produce = produce
        self.status_code = 200
        self.background = None
        self.extra_headers = headers
        self.init_headers(headers)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        cancel = asyncio.Event()
        watcher = asyncio.ensure_future(watch_disconnect(receive, cancel))
        agen = self.produce(cancel)
        try:
            started = False
            async for item in agen:
                if isinstance(item, ApiError):
                    from hermes.server.errors import error_response

                    item.headers.update(self.extra_headers)
                    await error_response(item)(scope, receive, send)
                    return
                if not started:
                    started = True
                    await send({"type": "http.response.start", "status": 200, "headers": [
                        (b"content-type", b"text/event-stream; charset=utf-8"),
                        (b"x-accel-buffering", b"no"),
                        *[(k.encode(), v.encode()) for k, v in self.extra_headers.items()]]})
                await send({"type": "http.response.body", "body": item, "more_body": True})
            if not started:  # cancelled before it began
                await send({"type": "http.response.start", "status": 499 if cancel.is_set() else 204,
                            "headers": [(k.encode(), v.encode()) for k, v in self.extra_headers.items()]})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            watcher.cancel()
            await agen.aclose()
            self.lease.release()


# -- models -------------------------------------------------------------------------------------

def _model_obj(srv: Any, name: str) -> dict[str, Any]:
    return {"id": name, "object": "model", "created": srv.started_wall, "owned_by": "hermes"}


async def list_models(request: Request) -> Response:
    srv = request.app.state.srv
    return JSON({"object": "list", "data": [_model_obj(srv, n) for n in srv.model_list]})


async def get_model(request: Request) -> Response:
    srv = request.app.state.srv
    name = request.path_params["model"]
    check_model(srv, name)
    return JSON(_model_obj(srv, name))


_ERRORS = {400: "Invalid request", 401: "Missing or wrong API key", 404: "Unknown model",
           409: "Session belongs to another memory scope", 413: "Body too large", 429: "Rate limited",
           502: "The model provider failed", 503: "The model provider or store is unavailable"}

ENDPOINTS = [
    Endpoint("POST", "/v1/chat/completions", chat_completions, "Chat completion (streaming or not)",
             "openai", body=ChatCompletionRequest, headers=SESSION_HEADERS,
             responses={200: "A chat.completion, or an SSE stream of chat.completion.chunk", **_ERRORS}),
    Endpoint("GET", "/v1/models", list_models, "List models", "openai",
             responses={401: _ERRORS[401], 429: _ERRORS[429]}),
    Endpoint("GET", "/v1/models/{model}", get_model, "Get one model", "openai",
             responses={401: _ERRORS[401], 404: _ERRORS[404], 429: _ERRORS[429]}),
]
