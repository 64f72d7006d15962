"""The scripted LLM over HTTP: an OpenAI-compatible server answering from the same steps as ScriptedModel.

    python -m hermes.testing.fake_openai --port 8001 [--script steps.json] [--host 127.0.0.1]

Endpoints: POST /v1/chat/completions (streamed as OpenAI's SSE chunks, or one JSON body), GET /v1/models,
GET /health, and the control surface tests use: POST /_script (append steps), DELETE /_script,
GET /_requests (recorded request bodies; ?full=1 adds method, path and headers), DELETE /_requests.
When the script runs out the server echoes the last user message, instantly.

Besides the step format of `hermes.testing.script`, a JSON step may set:
  "reasoning": "..."      streamed as `reasoning_content` deltas before the answer
  "stall": true           send the response headers, then never answer (timeout tests)
  "disconnect": true      stream the text, then drop the connection before finishing
  "no_usage": true        never send usage, even when the client asks for it
  "chunk_delay": 0.05     pause between streamed chunks
  "error": {"status": 429, "message": "...", "retry_after": 2}   adds a Retry-After header
An error kind sets the usual status (429 for rate_limit...); kind "timeout" stalls, "connection" hangs up.

It is a plain asyncio server with a minimal HTTP/1.1 parser (keep-alive, Content-Length and chunked
bodies): measured ~2.4x the request rate of uvicorn (h11) serving a bare ASGI app, which matters because
benchmarks push thousands of model calls a second through it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from hermes.core.messages import Message
from hermes.testing.script import Step, split_chunks, step_from_json

_REASONS = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 408: "Request Timeout", 411: "Length Required",
            413: "Payload Too Large", 422: "Unprocessable Entity", 429: "Too Many Requests",
            431: "Request Header Fields Too Large", 500: "Internal Server Error", 502: "Bad Gateway",
            503: "Service Unavailable", 504: "Gateway Timeout"}
_KIND_STATUS = {"rate_limit": 429, "server": 500, "auth": 401, "not_found": 404, "bad_request": 400,
                "context_length": 400}
_ERROR_TYPE = {400: "invalid_request_error", 401: "invalid_request_error", 403: "permission_error",
               404: "invalid_request_error", 413: "invalid_request_error", 422: "invalid_request_error",
               429: "rate_limit_error"}
_ERROR_CODE = {401: "invalid_api_key", 404: "model_not_found", 429: "rate_limit_exceeded"}
MAX_RECORDED = 1000
MAX_BODY = 64 * 1024 * 1024


def _dumps(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


@dataclass
class Scripted:
    """One step plus the HTTP-only behaviours (stall, disconnect...)."""
    step: Step | Callable[..., Step]
    stall: bool = False
    disconnect: bool = False
    no_usage: bool = False
    chunk_delay: float = 0.0
    retry_after: float | None = None


def scripted_from_json(d: dict[str, Any]) -> Scripted:
    step = step_from_json(d)
    step.reasoning = d.get("reasoning")
    err = d.get("error") or {}
    stall = bool(d.get("stall")) or err.get("kind") == "timeout"
    return Scripted(step, stall=stall, disconnect=bool(d.get("disconnect")), no_usage=bool(d.get("no_usage")),
                    chunk_delay=float(d.get("chunk_delay", 0.0)),
                    retry_after=None if err.get("retry_after") is None else float(err["retry_after"]))


def _as_scripted(s: Any) -> Scripted:
    if isinstance(s, Scripted):
        return s
    if isinstance(s, dict):
        return scripted_from_json(s)
    if isinstance(s, Step) or callable(s):
        return Scripted(s)
    raise TypeError(f"not a script step: {s!r}")


def _last_user(messages: list[dict[str, Any]]) -> str:
    for m in reversed(messages):
        if isinstance(m, dict) and m.get("role") == "user":
            c = m.get("content")
            if isinstance(c, list):
                return "".join(p.get("text", "") for p in c if isinstance(p, dict))
            return c or ""
    return ""


def _prompt_tokens(messages: list[dict[str, Any]]) -> int:
    n = 0
    for m in messages:
        c = m.get("content") if isinstance(m, dict) else None
        n += 4 + (len(c) + 3) // 4 if isinstance(c, str) else 4
    return n


class FakeOpenAI:
    """The server state and connection handler; run it with `FakeServer` or `start_server()`."""

    def __init__(self, steps: Iterable[Any] | None = None, models: Iterable[str] = ("scripted",),
                 context_length: int = 128_000, api_key: str | None = None):
        self.steps: deque[Scripted] = deque(_as_scripted(s) for s in steps or ())
        self.models = list(models) or ["scripted"]
        self.context_length = context_length
        self.api_key = api_key
        self.records: deque[dict[str, Any]] = deque(maxlen=MAX_RECORDED)
        self.served = 0
        self._writers: set[asyncio.StreamWriter] = set()
        self._tasks: set[asyncio.Task[Any]] = set()

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

    async def close_connections(self) -> None:
        for w in list(self._writers):
            w.transport.abort()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=2)
        await asyncio.sleep(0)  # let the transports' connection_lost callbacks run

    # -- HTTP ------------------------------------------------------------------------------------

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, ConnectionError):
                    return
                except asyncio.LimitOverrunError:
                    self._respond(writer, 431, _dumps(_error_obj(431, "headers too large")), close=True)
                    return
                lines = head[:-4].decode("latin-1").split("\r\n")
                try:
                    method, target, version = lines[0].split(" ", 2)
                except ValueError:
                    self._respond(writer, 400, _dumps(_error_obj(400, "bad request line")), close=True)
                    return
                headers: dict[str, str] = {}
                for line in lines[1:]:
                    k, _, v = line.partition(":")
                    headers[k.strip().lower()] = v.strip()
                conn = headers.get("connection", "").lower()
                keep = conn != "close" if version == "HTTP/1.1" else conn == "keep-alive"
                try:
                    body = await self._read_body(reader, writer, headers)
                except ValueError:
                    self._respond(writer, 400, _dumps(_error_obj(400, "bad body framing")), close=True)
                    return
                if body is None:
                    return
                path, _, query = target.partition("?")
                keep = await self._route(method, path, query, headers, body, reader, writer) and keep
                if not keep:
                    return
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self._writers.discard(writer)
            self._tasks.discard(task)  # type: ignore[arg-type]
            writer.close()

    async def _read_body(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                         headers: dict[str, str]) -> bytes | None:
        if headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    await reader.readuntil(b"\r\n")
                    return b"".join(parts)
                parts.append(await reader.readexactly(size))
                await reader.readexactly(2)
        n = int(headers.get("content-length") or 0)
        if n > MAX_BODY:
            self._respond(writer, 413, _dumps(_error_obj(413, "request body too large")), close=True)
            return None
        return await reader.readexactly(n) if n else b""

    def _respond(self, writer: asyncio.StreamWriter, status: int, body: bytes, *, close: bool = False,
                 ctype: str = "application/json", extra: str = "") -> None:
        if close:
            extra += "Connection: close\r\n"
        writer.write(f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}\r\nContent-Type: {ctype}\r\n"
                     f"Content-Length: {len(body)}\r\n{extra}\r\n".encode() + body)

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
        self.served += 1
        sc = self.steps.popleft() if self.steps else None
        step = sc.step if sc else Step(echo=True)
        if callable(step):
            step = step([Message.from_openai(m) for m in messages], req.get("tools"))
        if step.delay:
            await asyncio.sleep(step.delay)
        if (sc and sc.stall) or step.error_kind == "timeout":
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
            await writer.drain()
            await reader.read()  # until the client gives up and hangs up
            return False
        if step.error_kind == "connection":
            writer.transport.abort()
            return False
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
        if sc and sc.chunk_delay:
            for ev in events:
                writer.write(ev)
                await writer.drain()
                await asyncio.sleep(sc.chunk_delay)
        else:
            writer.write(b"".join(events))
        return True


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


def _finish(step: Step) -> str:
    return step.finish_reason or ("tool_calls" if step.tool_calls else "stop")


def _usage(step: Step, text: str, messages: list[dict[str, Any]]) -> dict[str, Any]:
    u = step.usage or {}
    prompt = u.get("prompt_tokens", u.get("input_tokens", _prompt_tokens(messages)))
    completion = u.get("completion_tokens", u.get("output_tokens", (len(text) + 3) // 4 + sum(
        (len(tc.arguments) + 3) // 4 for tc in step.tool_calls)))
    cached = u.get("cached_tokens", u.get("cache_read_tokens", 0))
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
            "prompt_tokens_details": {"cached_tokens": cached}}


def _error_obj(status: int, message: str) -> dict[str, Any]:
    low = message.lower()
    ctx = status in (400, 413) and ("context length" in low or "too many tokens" in low)
    etype = _ERROR_TYPE.get(status, "server_error" if status >= 500 else "invalid_request_error")
    code = "context_length_exceeded" if ctx else _ERROR_CODE.get(status)
    return {"error": {"message": message, "type": etype, "param": None, "code": code}}


# -- running it -----------------------------------------------------------------------------------

class FakeServer:
    """An async context manager running the fake on the current event loop."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, steps: Iterable[Any] | None = None, **kw: Any):
        self.fake = FakeOpenAI(steps, **kw)
        self.host, self.port = host, port
        self._server: asyncio.base_events.Server | None = None

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    async def start(self) -> "FakeServer":
        self._server = await asyncio.start_server(self.fake.handle, self.host, self.port, backlog=1024)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self.fake.close_connections()
            await self._server.wait_closed()
            self._server = None

    async def __aenter__(self) -> "FakeServer":
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()


class ServerHandle:
    """The fake running on its own event loop in a background thread (usable from sync code)."""

    def __init__(self, server: FakeServer, loop: asyncio.AbstractEventLoop, thread: threading.Thread):
        self.server, self.loop, self.thread = server, loop, thread
        self.fake = server.fake
        self.base_url = server.base_url
        self.port = server.port

    def add(self, *steps: Any) -> None:
        self.fake.add(*steps)

    def reset(self) -> None:
        self.fake.reset()

    @property
    def requests(self) -> list[dict[str, Any]]:
        return self.fake.requests

    @property
    def records(self) -> list[dict[str, Any]]:
        return list(self.fake.records)

    def clear_requests(self) -> None:
        self.fake.records.clear()

    def close(self) -> None:
        if not self.loop.is_closed() and self.thread.is_alive():
            asyncio.run_coroutine_threadsafe(self.server.close(), self.loop).result(5)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)

    def __enter__(self) -> "ServerHandle":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def start_server(host: str = "127.0.0.1", port: int = 0, steps: Iterable[Any] | None = None,
                 **kw: Any) -> tuple[ServerHandle, str]:
    """Start the fake in a daemon thread; returns (handle, base_url ending in /v1)."""
    return start_in_thread(FakeServer(host, port, steps, **kw), "fake-openai")


def start_in_thread(server: FakeServer, name: str) -> tuple[ServerHandle, str]:
    """Run any FakeServer (this one or a subclass) on its own loop in a daemon thread."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    failure: list[BaseException] = []

    def run() -> None:
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(server.start())
        except BaseException as e:  # reported to the starting thread
            failure.append(e)
            ready.set()
            return
        ready.set()
        try:
            loop.run_forever()
        finally:
            loop.close()

    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    ready.wait(10)
    if failure:
        raise failure[0]
    handle = ServerHandle(server, loop, thread)
    return handle, handle.base_url


def serve_main(argv: list[str] | None, server_cls: type[FakeServer], *, prog: str, description: str,
               port: int, model: str, context_length: int, key_help: str) -> None:
    """The command line of a scripted server: `python -m hermes.testing.<module> --port N ...`."""
    ap = argparse.ArgumentParser(prog=f"python -m {prog}", description=description)
    ap.add_argument("--port", type=int, default=port)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--script", help="JSON file holding a list of steps")
    ap.add_argument("--model", action="append", help=f"model id to list (repeatable; default: {model})")
    ap.add_argument("--context-length", type=int, default=context_length)
    ap.add_argument("--api-key", help=key_help)
    args = ap.parse_args(argv)
    steps: list[Any] = []
    if args.script:
        with open(args.script, encoding="utf-8") as f:
            steps = json.load(f)
        if not isinstance(steps, list):
            raise SystemExit(f"{args.script}: expected a JSON list of steps")

    async def run() -> None:
        async with server_cls(args.host, args.port, steps, models=args.model or [model],
                              context_length=args.context_length, api_key=args.api_key) as srv:
            print(f"{prog.rsplit('.', 1)[-1]} listening on {srv.base_url}", flush=True)
            await asyncio.Event().wait()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass


def main(argv: list[str] | None = None) -> None:
    serve_main(argv, FakeServer, prog="hermes.testing.fake_openai",
               description="Scripted OpenAI-compatible server (the stand-in LLM).", port=8000, model="scripted",
               context_length=128_000, key_help="require this bearer key on chat requests")


if __name__ == "__main__":
    main()
