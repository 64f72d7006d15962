"""SMS through Twilio (extra `sms`): Twilio POSTs each incoming text to our webhook; answers go out
through the Messages REST API with the official `twilio` SDK.

Every inbound request must carry a valid `X-Twilio-Signature`, checked with the SDK's own
RequestValidator against the public URL Twilio was given (`options.public_url`): anything else is
refused with 403 and logged. A replayed request is answered once (MessageSid is the message id the
core de-duplicates on). The sender's phone number is the user and the chat, so the allowlist is by
number. Answers longer than Twilio's 1,600 characters are split by the core.

MMS: pictures people send are downloaded (Twilio serves them behind the account's credentials).
Files the agent sends go out as MMS media: Twilio fetches media from a URL, so each file is served
once under the public URL at an unguessable path that expires after an hour.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets as _secrets
import time
from pathlib import Path
from typing import Any, Mapping

from hermes.gateway.base import Attachment, Button, Capabilities, Inbound, InboundHandler, PlatformError, Sent
from hermes.gateway.platforms._http import Listener

log = logging.getLogger("hermes.gateway.sms")

SECRETS = [("TWILIO_ACCOUNT_SID", "the account SID (AC...)"), ("TWILIO_AUTH_TOKEN", "the auth token")]
OPTIONS = {"from_number": "your Twilio number, +E.164", "public_url": "the URL Twilio posts to (as configured there)",
           "listen": "host:port to listen on (default 127.0.0.1:8651)", "path": "URL path (default /sms)",
           "base_url": "Twilio API base URL (default https://api.twilio.com)"}


def create(section: Any, secrets: Mapping[str, str], home: Path) -> "SmsAdapter":
    for key in ("TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"):
        if not secrets.get(key):
            raise ValueError(f"sms: {key} is not set (hermes gateway setup sms)")
    opts = dict(section.options)
    for key in ("from_number", "public_url"):
        if not opts.get(key):
            raise ValueError(f"sms: gateway.platforms.sms.options.{key} is not set")
    return SmsAdapter(opts, secrets["TWILIO_ACCOUNT_SID"], secrets["TWILIO_AUTH_TOKEN"],
                      Path(home) / "gateway" / "files" / "sms")


def _sdk() -> Any:
    try:
        import twilio  # noqa: F401
    except ImportError:
        from hermes import pip_extra

        raise RuntimeError(f"SMS support needs the twilio SDK: {pip_extra('sms')}") from None


class SmsAdapter:
    name = "sms"
    capabilities = Capabilities(max_length=1600, can_edit=False, can_typing=False, can_files=True,
                                can_buttons=False, markdown="plain")
    MEDIA_TTL = 3600.0
    MAX_MEDIA = 5 * 1024 * 1024  # Twilio's limit per MMS

    def __init__(self, options: dict[str, Any], sid: str, token: str, files: Path | None = None):
        _sdk()
        from twilio.request_validator import RequestValidator
        from twilio.rest import Client

        self.o, self.sid, self.token, self.files = options, sid, token, files
        self.outgoing: dict[str, tuple[str, float]] = {}  # url token -> (file, expiry)
        self.path = options.get("path", "/sms")
        self.url = str(options["public_url"])
        self.validator = RequestValidator(token)
        self.client = Client(sid, token)
        if options.get("base_url"):
            self.client.api.base_url = str(options["base_url"]).rstrip("/")
        self._on: InboundHandler | None = None
        self._listener: Listener | None = None

    async def validate(self) -> str:
        def fetch() -> str:
            acct = self.client.api.v2010.accounts(self.sid).fetch()
            return acct.friendly_name or self.sid
        try:
            name = await asyncio.to_thread(fetch)
        except Exception as e:
            raise PlatformError(f"sms: Twilio refused the credentials ({_short(e)})", permanent=True) from None
        return f"{name} ({self.o['from_number']})"

    async def connect(self, on_message: InboundHandler) -> None:
        from starlette.routing import Route

        self._on = on_message
        self._listener = Listener("sms", str(self.o.get("listen", "127.0.0.1:8651")),
                                  [Route(self.path, self._receive, methods=["POST"]),
                                   Route(self.path.rstrip("/") + "/media/{token}/{name}", self._media)])
        await self._listener.start()

    async def disconnect(self) -> None:
        if self._listener is not None:
            await self._listener.stop()
            self._listener = None

    @property
    def connected(self) -> bool:
        return self._listener is not None

    async def _receive(self, request: Any) -> Any:
        from starlette.responses import Response

        form = await request.form()
        params = {k: v for k, v in form.items()}
        signature = request.headers.get("x-twilio-signature", "")
        if not signature or not self.validator.validate(self.url, params, signature):
            log.warning("sms: refused a request with a %s signature from %s", "bad" if signature else "missing",
                        request.client.host if request.client else "?")
            return Response("forbidden", status_code=403)
        number = str(params.get("From", ""))
        sid = str(params.get("MessageSid", ""))
        atts = [await self._download(sid, i, str(params.get(f"MediaUrl{i}", "")),
                                     str(params.get(f"MediaContentType{i}", "")))
                for i in range(min(int(params.get("NumMedia", 0) or 0), 10))]
        msg = Inbound("sms", number, number, str(params.get("Body", "")), sid, attachments=atts)
        if msg.message_id and self._on is not None:
            await self._on(msg)
        return Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', media_type="text/xml")

    async def _download(self, sid: str, i: int, url: str, mime: str) -> Attachment:
        import httpx

        ext = {"image/jpeg": ".jpg", "image/png": ".png", "image/gif": ".gif"}.get(mime, "")
        name = f"{re.sub(r'[^A-Za-z0-9]', '', sid)[:40]}-{i}{ext}"
        if self.files is None or not url:
            return Attachment(name, mime=mime, url=url)
        try:
            async with httpx.AsyncClient(timeout=30, follow_redirects=True, auth=(self.sid, self.token)) as c:
                r = await c.get(url)
        except httpx.HTTPError as e:
            log.warning("sms: could not fetch media %d of %s (%s)", i, sid, type(e).__name__)
            return Attachment(name, mime=mime, url=url)
        if r.status_code != 200 or len(r.content) > self.MAX_MEDIA:
            return Attachment(name, mime=mime, url=url, size=len(r.content))
        self.files.mkdir(parents=True, exist_ok=True)
        path = self.files / name
        path.write_bytes(r.content)
        return Attachment(name, str(path), mime, len(r.content), url)

    async def _media(self, request: Any) -> Any:
        from starlette.responses import FileResponse, Response

        now = time.time()
        for tok in [t for t, (_, exp) in self.outgoing.items() if exp < now]:
            del self.outgoing[tok]
        got = self.outgoing.get(request.path_params["token"])
        if got is None or Path(got[0]).name != request.path_params["name"]:
            return Response(status_code=404)
        return FileResponse(got[0])

    async def send(self, chat_id: str, text: str, *, thread_id: str = "", reply_to: str = "",
                   buttons: list[Button] | None = None) -> Sent:
        if buttons:
            text += "\n" + " / ".join(f"{b.data}" for b in buttons)
        return await self._create(to=chat_id, body=text)

    async def _create(self, **kw: Any) -> Sent:
        from twilio.base.exceptions import TwilioRestException

        try:
            m = await asyncio.to_thread(self.client.messages.create, from_=self.o["from_number"], **kw)
        except TwilioRestException as e:
            if e.status == 429 or e.status >= 500:
                raise PlatformError(f"Twilio {e.status}: {e.msg}", retry_after=5 if e.status == 429 else 30) from None
            raise PlatformError(f"Twilio {e.status} ({e.code}): {e.msg}", permanent=True) from None
        except Exception as e:
            raise PlatformError(f"Twilio: {_short(e)}") from None
        return Sent(m.sid, kw["to"])

    async def edit(self, sent: Sent, text: str) -> None:
        raise PlatformError("SMS cannot be edited", permanent=True)

    async def typing(self, chat_id: str, *, thread_id: str = "") -> None:
        return None

    async def send_file(self, chat_id: str, path: str, *, caption: str = "", thread_id: str = "") -> Sent:
        from urllib.parse import quote

        p = Path(path)
        if not p.is_file() or p.stat().st_size > self.MAX_MEDIA:
            raise PlatformError(f"sms: {p.name} is missing or larger than Twilio's 5 MB MMS limit", permanent=True)
        token = _secrets.token_urlsafe(24)
        self.outgoing[token] = (str(p), time.time() + self.MEDIA_TTL)
        url = f"{self.url.rstrip('/')}/media/{token}/{quote(p.name)}"
        return await self._create(to=chat_id, body=caption, media_url=[url])


def _short(e: Exception) -> str:
    return f"{type(e).__name__}: {str(e)[:200]}"
