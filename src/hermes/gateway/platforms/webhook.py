"""Generic webhooks: any system (alerting, CI, home automation) POSTs an event and gets the answer
back, in the HTTP response or on a callback URL.

Request: `POST <path>` with a JSON body `{"id": "...", "sender": "ci", "text": "...",
"chat": "optional conversation", "callback_url": "optional"}` and two headers:
`X-Hermes-Timestamp` (unix seconds) and `X-Hermes-Signature: sha256=<hex HMAC-SHA256 of
"<timestamp>.<body>" with WEBHOOK_SECRET>`. Requests without a valid signature, or whose timestamp
is more than five minutes away, are refused with 401 and logged; a replayed event id is answered
once only (the core de-duplicates by id).

Without `callback_url` the response waits for the answer (up to `sync_timeout` seconds, then 202);
with one, the response is 202 at once and the answer is POSTed there, signed the same way. Callback
URLs must start with one of `options.callback_prefixes` (none by default: callbacks are refused),
so a forged-looking request cannot make Hermes call arbitrary addresses.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from pathlib import Path
from typing import Any, Mapping

from hermes.gateway.base import Button, Capabilities, Inbound, InboundHandler, PlatformError, Sent
from hermes.gateway.platforms._http import Listener, hmac_sha256, same

log = logging.getLogger("hermes.gateway.webhook")

SECRETS = [("WEBHOOK_SECRET", "shared secret that signs requests and callbacks (HMAC-SHA256)")]
OPTIONS = {"listen": "host:port to listen on (default 127.0.0.1:8650)", "path": "URL path (default /hooks/hermes)",
           "sync_timeout": "seconds a request waits for its answer (default 120)",
           "callback_prefixes": "allowed callback URL prefixes (list); none: callbacks refused"}
MAX_SKEW = 300.0
MAX_BODY = 256 * 1024


def create(section: Any, secrets: Mapping[str, str], home: Path) -> "WebhookAdapter":
    secret = secrets.get("WEBHOOK_SECRET", "")
    if len(secret) < 16:
        raise ValueError("webhook: WEBHOOK_SECRET must be set to at least 16 random characters")
    return WebhookAdapter(dict(section.options), secret)


def sign(secret: str, body: bytes, timestamp: str) -> str:
    return "sha256=" + hmac_sha256(secret, timestamp.encode() + b"." + body)


class WebhookAdapter:
    name = "webhook"
    capabilities = Capabilities(max_length=200_000, can_edit=False, can_typing=False, can_files=False,
                                can_buttons=False, markdown="plain")

    def __init__(self, options: dict[str, Any], secret: str, clock=time.time):
        self.o, self.secret, self.clock = options, secret, clock
        self.path = options.get("path", "/hooks/hermes")
        self.sync_timeout = float(options.get("sync_timeout", 120))
        self.prefixes = list(options.get("callback_prefixes") or [])
        self.waiting: dict[str, list[asyncio.Future]] = {}  # chat -> requests waiting for an answer
        self.callbacks: dict[str, str] = {}  # chat -> callback URL of its latest request
        self._on: InboundHandler | None = None
        self._listener: Listener | None = None

    async def validate(self) -> str:
        return f"listening on {self.o.get('listen', '127.0.0.1:8650')}{self.path}"

    async def connect(self, on_message: InboundHandler) -> None:
        from starlette.routing import Route

        self._on = on_message
        self._listener = Listener("webhook", str(self.o.get("listen", "127.0.0.1:8650")),
                                  [Route(self.path, self._receive, methods=["POST"])])
        await self._listener.start()

    async def disconnect(self) -> None:
        if self._listener is not None:
            await self._listener.stop()
            self._listener = None
        for futs in self.waiting.values():
            for f in futs:
                if not f.done():
                    f.cancel()

    @property
    def connected(self) -> bool:
        return self._listener is not None

    def _verify(self, body: bytes, headers: Any) -> str | None:
        ts, sig = headers.get("x-hermes-timestamp", ""), headers.get("x-hermes-signature", "")
        if not ts or not sig:
            return "missing signature"
        try:
            skew = abs(self.clock() - float(ts))
        except ValueError:
            return "bad timestamp"
        if skew > MAX_SKEW:
            return "timestamp too old or in the future (replay?)"
        if not same(sign(self.secret, body, ts), sig):
            return "bad signature"
        return None

    async def _receive(self, request: Any) -> Any:
        from starlette.responses import JSONResponse

        body = await request.body()
        if len(body) > MAX_BODY:
            return JSONResponse({"error": "body too large"}, status_code=413)
        problem = self._verify(body, request.headers)
        if problem:
            log.warning("webhook: refused a request from %s: %s", request.client.host if request.client else "?",
                        problem)
            return JSONResponse({"error": "unauthorized"}, status_code=401)
        try:
            event = json.loads(body)
            text, event_id = str(event["text"]), str(event["id"])
        except (ValueError, KeyError, TypeError):
            return JSONResponse({"error": "need JSON with id and text"}, status_code=400)
        sender = str(event.get("sender") or "webhook")
        chat = str(event.get("chat") or sender)
        callback = event.get("callback_url")
        if callback and not any(str(callback).startswith(p) for p in self.prefixes):
            return JSONResponse({"error": "callback_url not allowed (options.callback_prefixes)"}, status_code=400)
        msg = Inbound("webhook", chat, sender, text, event_id, user_name=sender)
        if callback:
            self.callbacks[chat] = str(callback)
            await self._on(msg)
            return JSONResponse({"status": "accepted"}, status_code=202)
        fut: asyncio.Future = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(chat, []).append(fut)
        if await self._on(msg) is False:  # a replay of an event already taken
            self.waiting[chat].remove(fut)
            return JSONResponse({"status": "duplicate", "note": f"event {event_id} was already received"})
        try:
            text = await asyncio.wait_for(asyncio.shield(fut), self.sync_timeout)
        except asyncio.TimeoutError:
            pending = self.waiting.get(chat, [])
            if fut in pending:
                pending.remove(fut)
            return JSONResponse({"status": "accepted", "note": "no answer yet; it is dropped without a callback"},
                                status_code=202)
        return JSONResponse({"reply": text})

    async def send(self, chat_id: str, text: str, *, thread_id: str = "", reply_to: str = "",
                   buttons: list[Button] | None = None) -> Sent:
        waiting = self.waiting.get(chat_id)
        if waiting:
            fut = waiting.pop(0)
            if not fut.done():
                fut.set_result(text)
            return Sent(f"sync-{id(fut)}", chat_id)
        url = self.callbacks.get(chat_id)
        if not url:
            raise PlatformError(f"webhook: nobody is waiting for chat {chat_id} and it has no callback_url",
                                permanent=True)
        import httpx

        body = json.dumps({"chat": chat_id, "text": text}).encode()
        ts = str(int(self.clock()))
        try:
            async with httpx.AsyncClient(timeout=15) as client:
                r = await client.post(url, content=body, headers={"Content-Type": "application/json",
                                                                  "X-Hermes-Timestamp": ts,
                                                                  "X-Hermes-Signature": sign(self.secret, body, ts)})
        except httpx.HTTPError as e:
            raise PlatformError(f"webhook callback failed: {type(e).__name__}") from None
        if r.status_code >= 500 or r.status_code == 429:
            raise PlatformError(f"webhook callback: HTTP {r.status_code}", retry_after=10)
        if r.status_code >= 300:
            raise PlatformError(f"webhook callback: HTTP {r.status_code}", permanent=True)
        return Sent(f"cb-{ts}", chat_id)

    async def edit(self, sent: Sent, text: str) -> None:
        raise PlatformError("webhooks cannot edit", permanent=True)

    async def typing(self, chat_id: str, *, thread_id: str = "") -> None:
        return None

    async def send_file(self, chat_id: str, path: str, *, caption: str = "", thread_id: str = "") -> Sent:
        return await self.send(chat_id, f"(file: {Path(path).name})")
