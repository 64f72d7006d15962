"""Sending a chat-completions request and reading its SSE stream: two interchangeable transports.

`HttpxTransport` (the default) posts the JSON body with httpx and parses the event stream itself.
`SdkTransport` goes through the official `openai` SDK. Both yield every streamed chunk as the plain
dict the server sent, so one assembler serves both, and both raise the same two failure types.

Why httpx by default: `import openai` takes 0.6-1.2 s (it builds ~1,000 typed models at import), which
is most of a one-shot `hermes chat -q`, and its streaming client spends ~2 ms of CPU per request where
plain httpx spends ~0.8 ms, which caps how many sessions `hermes serve` can drive on a small machine.
The wire format is the same; `model.http_client: openai-sdk` switches back.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, AsyncIterator

USER_AGENT = "hermes-agent"


class StatusFailure(Exception):
    """The server answered with a non-2xx status."""

    def __init__(self, status_code: int, body: Any, headers: Any, text: str = ""):
        self.status_code, self.body, self.headers = status_code, body, headers
        super().__init__(f"HTTP {status_code}: {text or body}"[:600])


class StreamFailure(Exception):
    """The stream carried an error event (or an `error` object) instead of a chunk."""

    def __init__(self, body: Any):
        self.body = body
        inner = body.get("error", body) if isinstance(body, dict) else body
        msg = inner.get("message") if isinstance(inner, dict) else inner
        super().__init__(str(msg or body)[:500])


def _decode(data: str) -> Any:
    try:
        return json.loads(data)
    except ValueError:
        return data


class _EventStream:
    """The chunks of one streamed response, as dicts; `close()` releases the connection."""

    def __init__(self, response: Any):
        self._response = response

    def __aiter__(self) -> AsyncIterator[dict[str, Any]]:
        return self._chunks()

    async def _chunks(self) -> AsyncIterator[dict[str, Any]]:
        event, data = "", []
        async for line in self._response.aiter_lines():
            if line:
                if line.startswith("data:"):
                    data.append(line[6:] if line.startswith("data: ") else line[5:])
                elif line.startswith("event:"):
                    event = line[6:].strip()
                continue  # comments (": keep-alive") and other fields are ignored, as SSE says
            if not data:
                event = ""
                continue
            payload, ev = "\n".join(data), event
            event, data = "", []
            if payload.startswith("[DONE]"):
                return
            chunk = _decode(payload)
            if ev == "error" or (isinstance(chunk, dict) and chunk.get("error")):
                raise StreamFailure(chunk)
            if isinstance(chunk, dict):
                yield chunk

    async def close(self) -> None:
        await self._response.aclose()


class HttpxTransport:
    """POST /chat/completions with httpx; one connection pool per event loop (pools are loop-bound)."""

    def __init__(self, base_url: str, headers: dict[str, str], timeout: float):
        self.base_url, self.headers, self.timeout = base_url, headers, timeout
        self._clients: dict[int, tuple[asyncio.AbstractEventLoop, Any]] = {}

    def _client(self) -> Any:
        loop = asyncio.get_running_loop()
        entry = self._clients.get(id(loop))
        if entry is None or entry[0] is not loop:
            import httpx

            client = httpx.AsyncClient(
                base_url=self.base_url + "/", headers={"User-Agent": USER_AGENT, **self.headers},
                timeout=httpx.Timeout(self.timeout, connect=min(10.0, self.timeout)),
                limits=httpx.Limits(max_connections=1000, max_keepalive_connections=100),
                follow_redirects=False)  # a redirect must never carry the key to another host
            self._clients = {k: v for k, v in self._clients.items() if not v[0].is_closed()}
            self._clients[id(loop)] = entry = (loop, client)
        return entry[1]

    async def open(self, body: dict[str, Any], headers: dict[str, Any]) -> _EventStream:
        client = self._client()
        send = {k: v for k, v in headers.items() if v is not None}
        send["Content-Type"] = "application/json"
        send["Accept"] = "text/event-stream"
        request = client.build_request("POST", "chat/completions", headers=send,
                                       content=json.dumps(body, ensure_ascii=False).encode())
        response = await client.send(request, stream=True)
        if response.status_code >= 300:
            try:
                raw = (await response.aread()).decode("utf-8", "replace")
            finally:
                await response.aclose()
            raise StatusFailure(response.status_code, _decode(raw) if raw else None, response.headers, raw)
        return _EventStream(response)

    async def aclose(self) -> None:
        entry = self._clients.pop(id(asyncio.get_running_loop()), None)
        if entry is not None:
            await entry[1].aclose()


class SdkTransport:
    """The same request through the official `openai` SDK (its retries off: ours run around it)."""

    def __init__(self, base_url: str, headers: dict[str, str], timeout: float, api_key: str | None):
        self.base_url, self.headers, self.timeout, self.api_key = base_url, headers, timeout, api_key
        self._clients: dict[int, tuple[asyncio.AbstractEventLoop, Any]] = {}

    def _client(self) -> Any:
        loop = asyncio.get_running_loop()
        entry = self._clients.get(id(loop))
        if entry is None or entry[0] is not loop:
            import openai

            client = openai.AsyncOpenAI(api_key=self.api_key or "unused", base_url=self.base_url, max_retries=0,
                                        timeout=openai.Timeout(self.timeout, connect=min(10.0, self.timeout)),
                                        default_headers=self.headers)
            if not self.base_url.startswith("https://api.openai.com"):
                client.organization = client.project = None  # OPENAI_ORG_ID is for OpenAI only
            self._clients = {k: v for k, v in self._clients.items() if not v[0].is_closed()}
            self._clients[id(loop)] = entry = (loop, client)
        return entry[1]

    async def open(self, body: dict[str, Any], headers: dict[str, Any]) -> Any:
        # client.post() with plain dicts: create() would re-walk every message against the SDK's type
        # hints (~0.2 ms per message per call), and cast_to=object keeps each chunk a plain dict.
        import openai
        from openai import AsyncStream
        from openai._base_client import make_request_options

        extra = {k: (openai.Omit() if v is None else v) for k, v in headers.items()}
        try:
            opts = make_request_options(extra_headers=extra, security={"bearer_auth": True})
        except TypeError:  # SDK versions without `security`
            opts = make_request_options(extra_headers=extra)
        try:
            return await self._client().post("/chat/completions", body=body, cast_to=object, options=opts,
                                             stream=True, stream_cls=AsyncStream[object])
        except openai.APIStatusError as e:
            raise StatusFailure(e.status_code, e.body, e.response.headers, str(e)) from e

    async def aclose(self) -> None:
        entry = self._clients.pop(id(asyncio.get_running_loop()), None)
        if entry is not None:
            await entry[1].close()


def sdk_stream_failure(e: BaseException) -> StreamFailure | None:
    """An SDK error raised while reading a stream, as a StreamFailure (None if it is not one)."""
    import sys

    openai = sys.modules.get("openai")  # never imported just to check: the httpx path does without it
    if openai is not None and isinstance(e, openai.APIError) and not isinstance(
            e, (openai.APIStatusError, openai.APIConnectionError)):
        return StreamFailure(getattr(e, "body", None) or {"message": getattr(e, "message", str(e))})
    return None
