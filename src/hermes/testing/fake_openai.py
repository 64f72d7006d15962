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

The parts: `fake_openai_wire` (script steps, OpenAI's bodies), `fake_openai_http` (the HTTP/1.1
handler), `fake_openai_server` (FakeOpenAI: state, routes, chat completions); this module runs it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import threading
from typing import Any, Iterable

# Re-exported: tests, benchmarks and fake_anthropic reach these through this module
from hermes.testing.fake_openai_http import MAX_BODY, _REASONS, HttpHandler, _chunk  # noqa: F401
from hermes.testing.fake_openai_server import MAX_RECORDED, FakeOpenAI  # noqa: F401
from hermes.testing.fake_openai_wire import (_ERROR_CODE, _ERROR_TYPE, _KIND_STATUS, Scripted,  # noqa: F401
                                             _as_scripted, _dumps, _error_obj, _finish, _last_user,
                                             _prompt_tokens, _usage, scripted_from_json)


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
