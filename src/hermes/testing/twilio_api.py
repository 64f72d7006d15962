"""A local Twilio, from Twilio's REST and webhook documentation, for tests and benchmarks.

The official SDK talks to it through `client.api.base_url`: account fetch and Messages create
(form posts with HTTP basic auth; Twilio's error JSON with its numeric codes, e.g. 21211 for an
invalid number, 21617 for a body over 1,600 characters, 20003 for bad credentials). The test side
plays a phone: `text_in()` posts an inbound SMS to a webhook exactly as Twilio does, signed with
`X-Twilio-Signature` computed by the SDK's own RequestValidator.
"""

from __future__ import annotations

import base64
import itertools
import threading
import time
from typing import Any

from hermes.testing.http_emulator import LoopbackServer

SID, TOKEN = "AC" + "0" * 30 + "01", "test-auth-token-0123456789abcdef"


class TwilioAPI(LoopbackServer):
    def __init__(self, sid: str = SID, token: str = TOKEN):
        self.sid, self.token = sid, token
        self.messages: list[dict[str, Any]] = []
        self.inbound_media: dict[str, tuple[str, bytes]] = {}
        self.cond = threading.Condition()
        self._ids = itertools.count(1)
        self._fail: list[tuple[int, int, str]] = []

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _authorized(self, request: Any) -> bool:
        auth = request.headers.get("authorization", "")
        want = "Basic " + base64.b64encode(f"{self.sid}:{self.token}".encode()).decode()
        return auth == want

    def _app(self) -> Any:
        from starlette.applications import Starlette
        from starlette.responses import JSONResponse
        from starlette.routing import Route

        def error(status: int, code: int, message: str) -> Any:
            return JSONResponse({"code": code, "message": message, "status": status,
                                 "more_info": f"https://www.twilio.com/docs/errors/{code}"}, status_code=status)

        async def account(request: Any) -> Any:
            if not self._authorized(request) or request.path_params["sid"] != self.sid:
                return error(401, 20003, "Authenticate")
            return JSONResponse({"sid": self.sid, "friendly_name": "Hermes test account", "status": "active",
                                 "type": "Full", "auth_token": "redacted", "uri": f"/2010-04-01/Accounts/{self.sid}.json"})

        async def create(request: Any) -> Any:
            if not self._authorized(request) or request.path_params["sid"] != self.sid:
                return error(401, 20003, "Authenticate")
            form = await request.form()
            with self.cond:
                if self._fail:
                    status, code, msg = self._fail.pop(0)
                    return error(status, code, msg)
            to, body = str(form.get("To", "")), str(form.get("Body", ""))
            if not to.startswith("+") or not to[1:].isdigit():
                return error(400, 21211, f"The 'To' number {to} is not a valid phone number.")
            if len(body) > 1600:
                return error(400, 21617, "The concatenated message body exceeds the 1600 character limit.")
            urls = [str(u) for u in form.getlist("MediaUrl")]
            media = []
            for u in urls:  # Twilio fetches the media when it takes the message
                import httpx

                async with httpx.AsyncClient(timeout=10) as c:
                    r = await c.get(u)
                if r.status_code != 200:
                    return error(400, 11200, f"HTTP retrieval failure: {u} answered {r.status_code}")
                media.append({"url": u, "content_type": r.headers.get("content-type", ""), "data": r.content})
            msg = {"sid": f"MM{next(self._ids):032x}" if urls else f"SM{next(self._ids):032x}",
                   "account_sid": self.sid, "to": to, "from": str(form.get("From", "")), "body": body,
                   "status": "queued", "num_segments": "1", "num_media": str(len(urls)),
                   "direction": "outbound-api", "api_version": "2010-04-01", "date_created": time.ctime()}
            with self.cond:
                self.messages.append(dict(msg, media=media))
                self.cond.notify_all()
            return JSONResponse(msg, status_code=201)

        async def inbound_media(request: Any) -> Any:
            from starlette.responses import Response

            if not self._authorized(request):
                return error(401, 20003, "Authenticate")
            got = self.inbound_media.get(request.path_params["mid"])
            return Response(got[1], media_type=got[0]) if got else error(404, 20404, "Not found")

        return Starlette(routes=[Route("/2010-04-01/Accounts/{sid}.json", account),
                                 Route("/2010-04-01/Accounts/{sid}/Messages.json", create, methods=["POST"]),
                                 Route("/2010-04-01/Accounts/{sid}/Messages/{msid}/Media/{mid}", inbound_media)])

    # -- the phone side ---------------------------------------------------------------------------

    def text_in(self, url: str, from_: str, body: str, *, to: str = "+15550000000", sid: str | None = None,
                signature: str | None = None, media: list[tuple[str, bytes]] | None = None) -> Any:
        """An SMS (an MMS with `media`: content type and bytes) arrives: Twilio posts it to `url`
        (signed unless `signature` overrides it); its media wait behind the account's credentials."""
        from twilio.request_validator import RequestValidator

        msid = sid or f"SM{time.time_ns():032x}"
        params = {"MessageSid": msid, "AccountSid": self.sid, "From": from_,
                  "To": to, "Body": body, "NumMedia": str(len(media or []))}
        for i, (ctype, data) in enumerate(media or []):
            mid = f"ME{time.time_ns():032x}"
            self.inbound_media[mid] = (ctype, data)
            params[f"MediaUrl{i}"] = f"{self.base_url}/2010-04-01/Accounts/{self.sid}/Messages/{msid}/Media/{mid}"
            params[f"MediaContentType{i}"] = ctype
        sig = RequestValidator(self.token).compute_signature(url, params) if signature is None else signature
        return self.client.post(url, data=params, headers={"X-Twilio-Signature": sig})

    def sent(self, to: str) -> list[dict[str, Any]]:
        with self.cond:
            return [m for m in self.messages if m["to"] == to]

    def fail_next(self, status: int = 429, code: int = 20429, message: str = "Too Many Requests") -> None:
        with self.cond:
            self._fail.append((status, code, message))
