"""A local WhatsApp Cloud API (Meta's Graph API surface for WhatsApp), from its documentation.

Graph side: `GET /{phone_number_id}` (the number's details), `POST /{phone_number_id}/messages`
(text; Meta's error JSON, e.g. 131047 re-engagement, 130429 rate limit), `GET /{media_id}` (media
URL) and the media download, all with bearer auth. Webhook side, played by the test:
`verify()` runs the subscription handshake and `message_in()` posts a delivery exactly as Meta
does, signed with `X-Hub-Signature-256` over the raw body with the app secret.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import threading
import time
from typing import Any

from hermes.testing.http_emulator import LoopbackServer

PHONE_ID, TOKEN, APP_SECRET, VERIFY = "1098765432", "EAAtest-token", "app-secret-0123456789", "verify-me"


class WhatsAppAPI(LoopbackServer):
    def __init__(self, token: str = TOKEN, app_secret: str = APP_SECRET, phone_id: str = PHONE_ID):
        self.token, self.app_secret, self.phone_id = token, app_secret, phone_id
        self.sent_messages: list[dict[str, Any]] = []
        self.media: dict[str, tuple[str, bytes]] = {}
        self.cond = threading.Condition()
        self._ids = itertools.count(1)
        self._fail: list[tuple[int, int, str]] = []

    @property
    def graph_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v21.0"

    def _app(self) -> Any:
        from starlette.applications import Starlette
        from starlette.responses import JSONResponse, Response
        from starlette.routing import Route

        def error(status: int, code: int, message: str) -> Any:
            return JSONResponse({"error": {"message": message, "type": "OAuthException", "code": code,
                                           "fbtrace_id": "test"}}, status_code=status)

        def authorized(request: Any) -> bool:
            return request.headers.get("authorization") == f"Bearer {self.token}"

        async def node(request: Any) -> Any:
            if not authorized(request):
                return error(401, 190, "Invalid OAuth access token.")
            nid = request.path_params["id"]
            if nid == self.phone_id:
                return JSONResponse({"id": nid, "display_phone_number": "+1 555 000 0000",
                                     "verified_name": "Hermes Test", "quality_rating": "GREEN"})
            if nid in self.media:
                name, data = self.media[nid]
                return JSONResponse({"id": nid, "url": f"http://127.0.0.1:{self.port}/media/{nid}",
                                     "mime_type": "application/octet-stream", "file_size": len(data),
                                     "messaging_product": "whatsapp"})
            return error(400, 100, "Unsupported get request.")

        async def download(request: Any) -> Any:
            if not authorized(request):
                return Response(status_code=401)
            got = self.media.get(request.path_params["id"])
            return Response(got[1]) if got else Response(status_code=404)

        async def messages(request: Any) -> Any:
            if not authorized(request):
                return error(401, 190, "Invalid OAuth access token.")
            if request.path_params["id"] != self.phone_id:
                return error(400, 100, "Invalid parameter")
            body = json.loads(await request.body())
            with self.cond:
                if self._fail:
                    status, code, msg = self._fail.pop(0)
                    return error(status, code, msg)
                wamid = f"wamid.out{next(self._ids)}"
                self.sent_messages.append(dict(body, id=wamid))
                self.cond.notify_all()
            return JSONResponse({"messaging_product": "whatsapp", "contacts": [{"input": body["to"],
                                                                                "wa_id": body["to"]}],
                                 "messages": [{"id": wamid}]})

        async def upload(request: Any) -> Any:
            if not authorized(request):
                return error(401, 190, "Invalid OAuth access token.")
            form = await request.form()
            f = form.get("file")
            if form.get("messaging_product") != "whatsapp" or f is None or not form.get("type"):
                return error(400, 100, "Param messaging_product, file and type are required")
            mid = f"media{next(self._ids)}"
            self.media[mid] = (f.filename, await f.read())
            return JSONResponse({"id": mid})

        return Starlette(routes=[Route("/v21.0/{id}/messages", messages, methods=["POST"]),
                                 Route("/v21.0/{id}/media", upload, methods=["POST"]),
                                 Route("/v21.0/{id}", node), Route("/media/{id}", download)])

    # -- Meta's side of the webhook ----------------------------------------------------------------

    def verify(self, url: str, token: str, challenge: str = "1158201444") -> Any:
        return self.client.get(url, params={"hub.mode": "subscribe", "hub.verify_token": token,
                                      "hub.challenge": challenge}, timeout=10)

    def message_in(self, url: str, wa_id: str, text: str = "", *, name: str = "Alice", msg_id: str | None = None,
                   document: tuple[str, bytes] | None = None, ts: float | None = None,
                   signature: str | None = None) -> Any:
        m: dict[str, Any] = {"from": wa_id, "id": msg_id or f"wamid.in{time.time_ns()}",
                             "timestamp": str(int(ts if ts is not None else time.time()))}
        if document is not None:
            media_id = f"media{time.time_ns()}"
            self.media[media_id] = document
            m.update(type="document", document={"id": media_id, "filename": document[0], "caption": text,
                                                "mime_type": "application/octet-stream"})
        else:
            m.update(type="text", text={"body": text})
        payload = {"object": "whatsapp_business_account", "entry": [{"id": "WABA", "changes": [{
            "field": "messages", "value": {"messaging_product": "whatsapp",
                                           "metadata": {"display_phone_number": "15550000000",
                                                        "phone_number_id": self.phone_id},
                                           "contacts": [{"profile": {"name": name}, "wa_id": wa_id}],
                                           "messages": [m]}}]}]}
        raw = json.dumps(payload).encode()
        sig = signature if signature is not None else \
            "sha256=" + hmac.new(self.app_secret.encode(), raw, hashlib.sha256).hexdigest()
        return self.client.post(url, content=raw, headers={"Content-Type": "application/json",
                                                     "X-Hub-Signature-256": sig}, timeout=30)

    def sent(self, to: str) -> list[dict[str, Any]]:
        with self.cond:
            return [m for m in self.sent_messages if m["to"] == to]

    def fail_next(self, status: int = 400, code: int = 130429, message: str = "Rate limit hit") -> None:
        with self.cond:
            self._fail.append((status, code, message))
