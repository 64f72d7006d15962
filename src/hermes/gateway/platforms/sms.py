"""SMS through Twilio (extra `sms`): Twilio POSTs each incoming text to our webhook; answers go out
through the Messages REST API with the official `twilio` SDK.

Every inbound request must carry a valid `X-Twilio-Signature`, checked with the SDK's own
RequestValidator against the public URL Twilio was given (`options.public_url`): anything else is
refused with 403 and logged. A replayed request is answered once (MessageSid is the message id the
core de-duplicates on). The sender's phone number is the user and the chat, so the allowlist is by
number. Answers longer than Twilio's 1,600 characters are split by the core.
"""

from __future__ import annotations

import asyncio
import logging
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
    return SmsAdapter(opts, secrets["TWILIO_ACCOUNT_SID"], secrets["TWILIO_AUTH_TOKEN"])


def _sdk() -> Any:
    try:
        import twilio  # noqa: F401
    except ImportError:
        from hermes import pip_extra

        raise RuntimeError(f"SMS support needs the twilio SDK: pip install '{pip_extra('sms')}'") from None


class SmsAdapter:
    name = "sms"
    capabilities = Capabilities(max_length=1600, can_edit=False, can_typing=False, can_files=False,
                                can_buttons=False, markdown="plain")

    def __init__(self, options: dict[str, Any], sid: str, token: str):
        _sdk()
        from twilio.request_validator import RequestValidator
        from twilio.rest import Client

        self.o, self.sid = options, sid
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
                                  [Route(self.path, self._receive, methods=["POST"])])
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
        atts = [Attachment(f"media{i}", mime=str(params.get(f"MediaContentType{i}", "")),
                           url=str(params.get(f"MediaUrl{i}", "")))
                for i in range(int(params.get("NumMedia", 0) or 0))]
        msg = Inbound("sms", number, number, str(params.get("Body", "")), str(params.get("MessageSid", "")),
                      attachments=atts)
        if msg.message_id and self._on is not None:
            await self._on(msg)
        return Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', media_type="text/xml")

    async def send(self, chat_id: str, text: str, *, thread_id: str = "", reply_to: str = "",
                   buttons: list[Button] | None = None) -> Sent:
        from twilio.base.exceptions import TwilioRestException

        if buttons:
            text += "\n" + " / ".join(f"{b.data}" for b in buttons)
        try:
            m = await asyncio.to_thread(self.client.messages.create, to=chat_id, from_=self.o["from_number"],
                                        body=text)
        except TwilioRestException as e:
            if e.status == 429 or e.status >= 500:
                raise PlatformError(f"Twilio {e.status}: {e.msg}", retry_after=5 if e.status == 429 else 30) from None
            raise PlatformError(f"Twilio {e.status} ({e.code}): {e.msg}", permanent=True) from None
        except Exception as e:
            raise PlatformError(f"Twilio: {_short(e)}") from None
        return Sent(m.sid, chat_id)

    async def edit(self, sent: Sent, text: str) -> None:
        raise PlatformError("SMS cannot be edited", permanent=True)

    async def typing(self, chat_id: str, *, thread_id: str = "") -> None:
        return None

    async def send_file(self, chat_id: str, path: str, *, caption: str = "", thread_id: str = "") -> Sent:
        return await self.send(chat_id, caption or f"(a file was made for you: {Path(path).name})")


def _short(e: Exception) -> str:
    return f"{type(e).__name__}: {str(e)[:200]}"
