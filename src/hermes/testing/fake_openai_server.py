"""FakeOpenAI: the scripted server's state (script queue, recorded requests), its routes and control
surface, and the chat completions endpoint answering as one JSON body or OpenAI's SSE chunks."""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from typing import Any, Callable, Iterable

from hermes.core.messages import Message
from hermes.testing.fake_openai_http import HttpHandler, _chunk
from hermes.testing.fake_openai_wire import (Scripted, _as_scripted, _dumps, _error_obj, _finish, _KIND_STATUS,
                                             _last_user, _prompt_tokens, _usage, scripted_from_json)
from hermes.testing.script import Step, split_chunks

MAX_RECORDED = 1000


class FakeOpenAI(HttpHandler):
    """The server state and connection handler; run it with `FakeServer` or `start_server()`."""

    def __init__(self, steps: Iterable[Any] | None = None, models: Iterable[str] = ("scripted",),
                 context_length: int = 128_000, api_key: str | None = None):
        super().__init__()
        self.steps: deque[Scripted] = deque(_as_scripted(s) for s in steps or ())
        self.models = list(models) or ["scripted"]
        self.context_length = context_length
        self.api_key = api_key
        self.records: deque[dict[str, Any]] = deque(maxlen=MAX_RECORDED)
        self.served = 0

    # -- script control ------------------------------------------------------------------------

    def add(self, *steps: Any) -> None:
        self.steps.extend(_as_scripted(s) for s in steps)

    def reset(self) -> int:
        n = len(self.steps)
        self.steps.clear()
        return n

    @property
    def requests(self) -> list[dict[str, Any]]:
        return [r["body"] for r in list(self.records)]

    # -- routes ----------------------------------------------------------------------------------

    async def _route(self, method: str, path: str, query: str, headers: dict[str, str], body: bytes,
                     reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        path = path.rstrip("/") or "/"
        if path in ("/v1/chat/completions", "/chat/completions") and method == "POST":
            if self.api_key and headers.get("authorization") != f"Bearer {self.api_key}":
                self._respond(writer, 401, _dumps(_error_obj(401, "Incorrect API key provided.")))
                return True
            return await self._chat(headers, body, reader, writer)
        if path == "/health":
            self._respond(writer, 200, b'{"status":"ok"}')
        elif path in ("/v1/models", "/models") and method == "GET":
            self._respond(writer, 200, _dumps({"object": "list", "data": [self._model(m) for m in self.models]}))
        elif path.startswith(("/v1/models/", "/models/")) and method == "GET":
            mid = path.split("/models/", 1)[1]
            status, obj = (200, self._model(mid)) if mid in self.models else \
                (404, _error_obj(404, f"The model '{mid}' does not exist"))
            self._respond(writer, status, _dumps(obj))
        elif path == "/_script":
            self._respond(writer, *self._script_control(method, body))
        elif path == "/_requests" and method in ("GET", "DELETE"):
            if method == "DELETE":
                n = len(self.records)
                self.records.clear()
                self._respond(writer, 200, _dumps({"cleared": n}))
            else:
                full = "full=1" in query or "full=true" in query
                self._respond(writer, 200, _dumps(list(self.records) if full else self.requests))
        else:
            self._respond(writer, 404, _dumps(_error_obj(404, f"no route {method} {path}")))
        return True

    def _script_control(self, method: str, body: bytes) -> tuple[int, bytes]:
        if method == "DELETE":
            return 200, _dumps({"cleared": self.reset()})
        if method == "GET":
            return 200, _dumps({"remaining": len(self.steps)})
        if method != "POST":
            return 405, _dumps(_error_obj(405, "use GET, POST or DELETE"))
        try:
            data = json.loads(body or b"[]")
            steps = [scripted_from_json(d) for d in (data if isinstance(data, list) else [data])]
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            return 400, _dumps(_error_obj(400, f"bad script: {e}"))
        self.steps.extend(steps)
        return 200, _dumps({"queued": len(steps), "remaining": len(self.steps)})

    def _model(self, mid: str) -> dict[str, Any]:
        return {"id": mid, "object": "model", "created": 0, "owned_by": "hermes-testing",
                "context_length": self.context_length, "context_window": self.context_length}

    # -- chat completions ------------------------------------------------------------------------

    async def _take_step(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                         messages: Callable[[], list[Message]], tools: Any) -> tuple[Scripted | None, Step] | None:
        """The next scripted step for a request (its delay served); None when the step stalls or drops
        the connection, which it has then done."""
        self.served += 1
        sc = self.steps.popleft() if self.steps else None
        step = sc.step if sc else Step(echo=True)
        if callable(step):
            step = step(messages(), tools)
        if step.delay:
            await asyncio.sleep(step.delay)
        if (sc and sc.stall) or step.error_kind == "timeout":
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
            await writer.drain()
            await reader.read()  # until the client gives up and hangs up
            return None
        if step.error_kind == "connection":
            writer.transport.abort()
            return None
        return sc, step

    async def _chat(self, headers: dict[str, str], body: bytes, reader: asyncio.StreamReader,
                    writer: asyncio.StreamWriter) -> bool:
        try:
            req = json.loads(body)
            messages = req["messages"]
            if not isinstance(messages, list):
                raise TypeError("messages must be a list")
        except (ValueError, KeyError, TypeError) as e:
            self._respond(writer, 400, _dumps(_error_obj(400, f"invalid request body: {e}")))
            return True
        self.records.append({"method": "POST", "path": "/v1/chat/completions", "headers": headers, "body": req})
        taken = await self._take_step(reader, writer, lambda: [Message.from_openai(m) for m in messages],
                                      req.get("tools"))
        if taken is None:
            return False
        sc, step = taken
        if step.error_status is not None or step.error_kind:
            status = step.error_status or 500
            if step.error_kind in _KIND_STATUS and (step.error_status is None or status == 500):
                status = _KIND_STATUS[step.error_kind]  # the kind is more specific than fail()'s default 500
            msg = step.error_message
            if step.error_kind == "context_length" and "context length" not in msg.lower():
                msg = (f"This model's maximum context length is {self.context_length} tokens. However, your "
                       f"messages resulted in {_prompt_tokens(messages) + self.context_length} tokens. "
                       f"Please reduce the length of the messages.")
            extra = f"Retry-After: {sc.retry_after:g}\r\n" if sc and sc.retry_after is not None else ""
            self._respond(writer, status, _dumps(_error_obj(status, msg or f"scripted error {status}")),
                          extra=extra)
            return True
        text = _last_user(messages) if step.echo else step.text
        model = req.get("model") or self.models[0]
        want_usage = not (sc and sc.no_usage)
        if req.get("stream"):
            opts = req.get("stream_options") or {}
            return await self._stream(writer, step, sc, text, model, messages,
                                      bool(opts.get("include_usage")) and want_usage)
        msg: dict[str, Any] = {"role": "assistant", "content": text or None, "refusal": None}
        if step.reasoning:
            msg["reasoning_content"] = step.reasoning
        if step.tool_calls:
            msg["tool_calls"] = [tc.to_openai() for tc in step.tool_calls]
        elif msg["content"] is None:
            msg["content"] = ""
        out: dict[str, Any] = {
            "id": f"chatcmpl-{self.served}", "object": "chat.completion", "created": int(time.time()),
            "model": model, "system_fingerprint": None,
            "choices": [{"index": 0, "message": msg, "logprobs": None, "finish_reason": _finish(step)}]}
        if want_usage:
            out["usage"] = _usage(step, text, messages)
        self._respond(writer, 200, _dumps(out))
        return True

    async def _stream(self, writer: asyncio.StreamWriter, step: Step, sc: Scripted | None, text: str,
                      model: str, messages: list[dict[str, Any]], include_usage: bool) -> bool:
        base = {"id": f"chatcmpl-{self.served}", "object": "chat.completion.chunk", "created": int(time.time()),
                "model": model, "system_fingerprint": None}

        def event(delta: dict[str, Any], finish: str | None = None) -> bytes:
            obj = {**base, "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]}
            if include_usage:
                obj["usage"] = None
            return _chunk(b"data: " + _dumps(obj) + b"\n\n")

        n = max(1, step.chunks)
        events = [event({"role": "assistant", "content": ""})]
        for piece in split_chunks(step.reasoning or "", n):
            events.append(event({"reasoning_content": piece}))
        for piece in split_chunks(text, n):
            events.append(event({"content": piece}))
        for i, tc in enumerate(step.tool_calls):
            events.append(event({"tool_calls": [{"index": i, "id": tc.id, "type": "function",
                                                 "function": {"name": tc.name, "arguments": ""}}]}))
            for piece in split_chunks(tc.arguments, max(2, n)):
                events.append(event({"tool_calls": [{"index": i, "function": {"arguments": piece}}]}))
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        if sc and sc.disconnect:
            writer.write(b"".join(events))
            await writer.drain()
            writer.transport.abort()
            return False
        events.append(event({}, _finish(step)))
        if include_usage:
            events.append(_chunk(b"data: " + _dumps({**base, "choices": [], "usage": _usage(step, text, messages)})
                                 + b"\n\n"))
        events.append(_chunk(b"data: [DONE]\n\n") + b"0\r\n\r\n")
        return await self._write_events(writer, events, sc)

    @staticmethod
    async def _write_events(writer: asyncio.StreamWriter, events: list[bytes], sc: Scripted | None) -> bool:
        """The stream's events at once, or one by one `sc.chunk_delay` apart."""
        if sc and sc.chunk_delay:
            for ev in events:
                writer.write(ev)
                await writer.drain()
                await asyncio.sleep(sc.chunk_delay)
        else:
            writer.write(b"".join(events))
        return True
