"""The scripted LLM speaking Anthropic's Messages API, for testing the native Anthropic provider.

    python -m hermes.testing.fake_anthropic --port 8002 [--script steps.json] [--api-key KEY]

POST /v1/messages answers with Anthropic's SSE events (message_start, ping, content_block_start /
delta / stop, message_delta, message_stop) when the body asks to stream, else with one Message JSON.
The control surface is fake_openai's: POST /_script (append steps), DELETE /_script, GET /_requests
(recorded request bodies; ?full=1 adds method, path and headers, e.g. x-api-key and
anthropic-version), DELETE /_requests. When the script runs out the server echoes the last user text.

Steps are those of `hermes.testing.script` and fake_openai (text, chunks, tool_calls, reasoning ->
thinking blocks, usage, error, delay, chunk_delay, stall, disconnect), plus:
  "usage": {"input_tokens": 10, "output_tokens": 5, "cache_read_input_tokens": 900,
            "cache_creation_input_tokens": 100}
  "stream_error": {"type": "overloaded_error", "message": "Overloaded"}   an `error` event after the text
  "error": {"status": 529, ...}  any status; the body is Anthropic's {"type": "error", "error": {...}}
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any, Iterable

from hermes.core.messages import Message, ToolCall
from hermes.testing import fake_openai as fo
from hermes.testing.script import Step, split_chunks

ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
               404: "not_found_error", 413: "request_too_large", 429: "rate_limit_error", 500: "api_error",
               504: "timeout_error", 529: "overloaded_error"}
_STOP = {"stop": "end_turn", "tool_calls": "tool_use", "length": "max_tokens"}


def error_body(status: int, message: str, etype: str | None = None) -> dict[str, Any]:
    etype = etype or ERROR_TYPES.get(status, "api_error" if status >= 500 else "invalid_request_error")
    return {"type": "error", "error": {"type": etype, "message": message}}


@dataclass
class Scripted(fo.Scripted):
    stream_error: dict[str, Any] | None = None


def scripted_from_json(d: dict[str, Any]) -> Scripted:
    base = fo.scripted_from_json(d)
    return Scripted(**{**base.__dict__, "stream_error": d.get("stream_error")})


def _as_scripted(s: Any) -> Scripted:
    if isinstance(s, dict):
        return scripted_from_json(s)
    if isinstance(s, Scripted):
        return s
    if isinstance(s, fo.Scripted):
        return Scripted(**s.__dict__)
    return Scripted(**fo._as_scripted(s).__dict__)


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    parts = []
    for b in content or ():
        if isinstance(b, dict) and b.get("type") == "text":
            parts.append(b.get("text", ""))
        elif isinstance(b, dict) and b.get("type") == "tool_result":
            parts.append(_text_of(b.get("content")))
    return "".join(parts)


def to_messages(req: dict[str, Any]) -> list[Message]:
    """A request body as our messages (for steps computed from the request)."""
    system = req.get("system")
    out = [Message.system(_text_of(system))] if system else []
    for m in req.get("messages") or ():
        blocks = m["content"] if isinstance(m["content"], list) else [{"type": "text", "text": m["content"]}]
        if m["role"] == "assistant":
            calls = [ToolCall(b["id"], b["name"], json.dumps(b.get("input") or {}))
                     for b in blocks if b.get("type") == "tool_use"]
            out.append(Message.assistant(_text_of(blocks) or None, calls))
            continue
        for b in blocks:
            if b.get("type") == "tool_result":
                out.append(Message.tool(b.get("tool_use_id", ""), "", _text_of(b.get("content"))))
        text = _text_of([b for b in blocks if b.get("type") == "text"])
        if text:
            out.append(Message.user(text))
    return out


def _last_user(messages: list[dict[str, Any]]) -> str:
    for m in reversed(messages):
        if isinstance(m, dict) and m.get("role") == "user":
            return _text_of(m.get("content"))
    return ""


def _usage(step: Step, text: str, req: dict[str, Any]) -> dict[str, int]:
    u = step.usage or {}
    prompt = (len(json.dumps(req.get("messages"))) + len(json.dumps(req.get("system") or ""))) // 4
    out = (len(text) + 3) // 4 + sum((len(tc.arguments) + 3) // 4 for tc in step.tool_calls)
    return {"input_tokens": u.get("input_tokens", u.get("prompt_tokens", prompt)),
            "output_tokens": u.get("output_tokens", u.get("completion_tokens", out)),
            "cache_creation_input_tokens": u.get("cache_creation_input_tokens", u.get("cache_write_tokens", 0)),
            "cache_read_input_tokens": u.get("cache_read_input_tokens", u.get("cache_read_tokens", 0))}


def _stop_reason(step: Step) -> str:
    if step.finish_reason:
        return _STOP.get(step.finish_reason, step.finish_reason)
    return "tool_use" if step.tool_calls else "end_turn"


def _sse(event: str, data: dict[str, Any]) -> bytes:
    return fo._chunk(f"event: {event}\ndata: ".encode() + fo._dumps(data) + b"\n\n")


class FakeAnthropic(fo.FakeOpenAI):
    """fake_openai's HTTP machinery and control surface, answering Anthropic's Messages API."""

    def __init__(self, steps: Iterable[Any] | None = None, models: Iterable[str] = ("claude-scripted",),
                 context_length: int = 200_000, api_key: str | None = None):
        super().__init__(None, models=models, context_length=context_length, api_key=api_key)
        self.add(*(steps or ()))

    def add(self, *steps: Any) -> None:
        self.steps.extend(_as_scripted(s) for s in steps)

    def _script_control(self, method: str, body: bytes) -> tuple[int, bytes]:
        if method != "POST":
            return super()._script_control(method, body)
        try:
            data = json.loads(body or b"[]")
            steps = [scripted_from_json(d) for d in (data if isinstance(data, list) else [data])]
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            return 400, fo._dumps(error_body(400, f"bad script: {e}"))
        self.steps.extend(steps)
        return 200, fo._dumps({"queued": len(steps), "remaining": len(self.steps)})

    def _respond(self, writer: asyncio.StreamWriter, status: int, body: bytes, *, close: bool = False,
                 ctype: str = "application/json", extra: str = "") -> None:
        if close:
            extra += "Connection: close\r\n"
        reason = "Overloaded" if status == 529 else fo._REASONS.get(status, "Error")
        writer.write(f"HTTP/1.1 {status} {reason}\r\nContent-Type: {ctype}\r\n"
                     f"Content-Length: {len(body)}\r\n{extra}\r\n".encode() + body)

    def _authorized(self, headers: dict[str, str]) -> bool:
        # Anthropic takes the key as x-api-key; SDK versions also send it as a bearer token
        return not self.api_key or self.api_key in (headers.get("x-api-key"),
                                                    headers.get("authorization", "").removeprefix("Bearer "))

    async def _route(self, method: str, path: str, query: str, headers: dict[str, str], body: bytes,
                     reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        path = path.rstrip("/") or "/"
        if path in ("/v1/messages", "/messages") and method == "POST":
            if not self._authorized(headers):  # recorded too: tests check what key was sent
                try:
                    rejected: Any = json.loads(body)
                except ValueError:
                    rejected = None
                self.records.append({"method": "POST", "path": "/v1/messages", "headers": headers,
                                     "body": rejected, "status": 401})
                self._respond(writer, 401, fo._dumps(error_body(401, "invalid x-api-key")))
                return True
            return await self._messages(headers, body, reader, writer)
        if path in ("/v1/models", "/models") and method == "GET":
            data = [{"type": "model", "id": m, "display_name": m, "created_at": "2025-01-01T00:00:00Z"}
                    for m in self.models]
            self._respond(writer, 200, fo._dumps({"data": data, "has_more": False,
                                                  "first_id": self.models[0], "last_id": self.models[-1]}))
            return True
        return await super()._route(method, path, query, headers, body, reader, writer)

    async def _messages(self, headers: dict[str, str], body: bytes, reader: asyncio.StreamReader,
                        writer: asyncio.StreamWriter) -> bool:
        try:
            req = json.loads(body)
            if not isinstance(req["messages"], list) or not isinstance(req["max_tokens"], int):
                raise TypeError("messages must be a list and max_tokens an integer")
        except (ValueError, KeyError, TypeError) as e:
            self._respond(writer, 400, fo._dumps(error_body(400, f"invalid request body: {e}")))
            return True
        self.records.append({"method": "POST", "path": "/v1/messages", "headers": headers, "body": req})
        taken = await self._take_step(reader, writer, lambda: to_messages(req), req.get("tools"))
        if taken is None:
            return False
        sc, step = taken
        if step.error_status is not None or step.error_kind:
            status = step.error_status or 500
            kinds = {**fo._KIND_STATUS, "overloaded": 529}
            if step.error_kind in kinds and (step.error_status is None or status == 500):
                status = kinds[step.error_kind]
            msg = step.error_message or f"scripted error {status}"
            if step.error_kind == "context_length" and "too long" not in msg:
                msg = f"prompt is too long: {self.context_length + 1234} tokens > {self.context_length} maximum"
            extra = f"Retry-After: {sc.retry_after:g}\r\n" if sc and sc.retry_after is not None else ""
            self._respond(writer, status, fo._dumps(error_body(status, msg)),
                          extra=extra + f"request-id: req_{self.served:06d}\r\n")
            return True
        text = _last_user(req["messages"]) if step.echo else step.text
        model = req.get("model") or self.models[0]
        usage = {} if sc and sc.no_usage else _usage(step, text, req)
        if req.get("stream"):
            return await self._stream(writer, step, sc, text, model, usage)
        content: list[dict[str, Any]] = []
        if step.reasoning:
            content.append({"type": "thinking", "thinking": step.reasoning, "signature": "fake-signature"})
        if text:
            content.append({"type": "text", "text": text})
        for tc in step.tool_calls:
            try:
                args = json.loads(tc.arguments or "{}")
            except ValueError:  # scripted malformed arguments: keep them visible
                args = {"_raw_arguments": tc.arguments}
            content.append({"type": "tool_use", "id": tc.id, "name": tc.name, "input": args})
        self._respond(writer, 200, fo._dumps({
            "id": f"msg_{self.served:06d}", "type": "message", "role": "assistant", "model": model,
            "content": content, "stop_reason": _stop_reason(step), "stop_sequence": None,
            "usage": usage or {"input_tokens": 0, "output_tokens": 0}}))
        return True

    async def _stream(self, writer: asyncio.StreamWriter, step: Step, sc: Scripted | None, text: str,
                      model: str, usage: dict[str, int]) -> bool:
        n = max(1, step.chunks)
        start_usage = {**usage, "output_tokens": 1} if usage else {"input_tokens": 0, "output_tokens": 0}
        events = [_sse("message_start", {"type": "message_start", "message": {
            "id": f"msg_{self.served:06d}", "type": "message", "role": "assistant", "model": model, "content": [],
            "stop_reason": None, "stop_sequence": None, "usage": start_usage}}),
            _sse("ping", {"type": "ping"})]
        index = 0

        def block(start: dict[str, Any], deltas: list[dict[str, Any]]) -> None:
            nonlocal index
            events.append(_sse("content_block_start", {"type": "content_block_start", "index": index,
                                                       "content_block": start}))
            events.extend(_sse("content_block_delta", {"type": "content_block_delta", "index": index, "delta": d})
                          for d in deltas)
            events.append(_sse("content_block_stop", {"type": "content_block_stop", "index": index}))
            index += 1

        if step.reasoning:
            block({"type": "thinking", "thinking": ""},
                  [{"type": "thinking_delta", "thinking": p} for p in split_chunks(step.reasoning, n)]
                  + [{"type": "signature_delta", "signature": "fake-signature"}])
        if text:
            block({"type": "text", "text": ""}, [{"type": "text_delta", "text": p} for p in split_chunks(text, n)])
        if sc and sc.stream_error:  # the error event replaces the rest of the answer
            err = {"type": "overloaded_error", "message": "Overloaded", **sc.stream_error}
            events.append(_sse("error", {"type": "error", "error": err}) + b"0\r\n\r\n")
            return await self._send(writer, events, sc)
        for tc in step.tool_calls:
            block({"type": "tool_use", "id": tc.id, "name": tc.name, "input": {}},
                  [{"type": "input_json_delta", "partial_json": p} for p in split_chunks(tc.arguments, max(2, n))])
        if sc and sc.disconnect:
            await self._send(writer, events, sc)
            writer.transport.abort()
            return False
        events.append(_sse("message_delta", {"type": "message_delta",
                                             "delta": {"stop_reason": _stop_reason(step), "stop_sequence": None},
                                             "usage": usage or {"output_tokens": 0}}))
        events.append(_sse("message_stop", {"type": "message_stop"}) + b"0\r\n\r\n")
        return await self._send(writer, events, sc)

    async def _send(self, writer: asyncio.StreamWriter, events: list[bytes], sc: Scripted | None) -> bool:
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        return await self._write_events(writer, events, sc)


# -- running it -----------------------------------------------------------------------------------

class FakeAnthropicServer(fo.FakeServer):
    """An async context manager running the fake on the current event loop; base_url ends in /v1."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, steps: Iterable[Any] | None = None, **kw: Any):
        super().__init__(host, port)
        self.fake = FakeAnthropic(steps, **kw)


def start_server(host: str = "127.0.0.1", port: int = 0, steps: Iterable[Any] | None = None,
                 **kw: Any) -> tuple[fo.ServerHandle, str]:
    """Start the fake in a daemon thread; returns (handle, base_url ending in /v1)."""
    return fo.start_in_thread(FakeAnthropicServer(host, port, steps, **kw), "fake-anthropic")


def main(argv: list[str] | None = None) -> None:
    fo.serve_main(argv, FakeAnthropicServer, prog="hermes.testing.fake_anthropic",
                  description="Scripted Anthropic Messages API server (the stand-in LLM).", port=8002,
                  model="claude-scripted", context_length=200_000,
                  key_help="require this key (x-api-key or bearer) on message requests")


if __name__ == "__main__":
    main()
