"""WhatsApp through Meta's Cloud API: webhooks in, Graph API out (httpx with a configurable base URL;
the Python SDKs for it have no base-URL setting).

Inbound: the verification handshake (`hub.mode=subscribe`, `hub.verify_token`, echo `hub.challenge`),
then deliveries whose `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the app secret) is
checked on every request; anything unsigned or forged is refused with 401 and logged. Text,
images, documents and audio arrive (media downloaded through the Graph API). Outbound: text
messages and files (uploaded to the media store, then sent as image, audio, video or document).
WhatsApp lets a business answer freely only within 24 hours of the person's last
message; outside it a send is refused by us before the API is called, as a permanent error the
gateway logs and shows in `hermes gateway status` (never silently dropped).
"""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path
from typing import Any, Mapping

from hermes.gateway.base import Attachment, Button, Capabilities, Inbound, InboundHandler, PlatformError, Sent
from hermes.gateway.platforms._http import Listener, hmac_sha256, same

log = logging.getLogger("hermes.gateway.whatsapp")

SECRETS = [("WHATSAPP_TOKEN", "access token of the WhatsApp Business app"),
           ("WHATSAPP_APP_SECRET", "app secret: checks X-Hub-Signature-256"),
           ("WHATSAPP_VERIFY_TOKEN", "the verify token you typed in the webhook settings")]
OPTIONS = {"phone_number_id": "the sender phone number id", "graph_url": "default https://graph.facebook.com/v21.0",
           "listen": "host:port to listen on (default 127.0.0.1:8652)", "path": "URL path (default /whatsapp)"}
WINDOW = 24 * 3600.0
MAX_FILE = 25 * 1024 * 1024


def create(section: Any, secrets: Mapping[str, str], home: Path) -> "WhatsAppAdapter":
    for key, _ in SECRETS:
        if not secrets.get(key):
            raise ValueError(f"whatsapp: {key} is not set (hermes gateway setup whatsapp)")
    opts = dict(section.options)
    if not opts.get("phone_number_id"):
        raise ValueError("whatsapp: gateway.platforms.whatsapp.options.phone_number_id is not set")
    return WhatsAppAdapter(opts, secrets["WHATSAPP_TOKEN"], secrets["WHATSAPP_APP_SECRET"],
                           secrets["WHATSAPP_VERIFY_TOKEN"], Path(home) / "gateway" / "files" / "whatsapp")


class WhatsAppAdapter:
    name = "whatsapp"
    capabilities = Capabilities(max_length=4096, can_edit=False, can_typing=False, can_files=True,
                                can_buttons=False, markdown="plain")

    def __init__(self, options: dict[str, Any], token: str, app_secret: str, verify_token: str, files: Path,
                 clock=time.time):
        import httpx

        self.o, self.app_secret, self.verify_token, self.files, self.clock = options, app_secret, verify_token, files, clock
        self.graph = str(options.get("graph_url", "https://graph.facebook.com/v21.0")).rstrip("/")
        self.phone_id = str(options["phone_number_id"])
        self.path = options.get("path", "/whatsapp")
        self.http = httpx.AsyncClient(timeout=30, headers={"Authorization": f"Bearer {token}"})
        self.last_seen: dict[str, float] = {}  # person -> time of their last message (the 24-hour window)
        self._on: InboundHandler | None = None
        self._listener: Listener | None = None

    async def validate(self) -> str:
        r = await self.http.get(f"{self.graph}/{self.phone_id}")
        if r.status_code != 200:
            raise PlatformError(f"whatsapp: the Graph API refused the token ({_err(r)})", permanent=True)
        body = r.json()
        return body.get("display_phone_number") or body.get("verified_name") or self.phone_id

    async def connect(self, on_message: InboundHandler) -> None:
        from starlette.routing import Route

        self._on = on_message
        self._listener = Listener("whatsapp", str(self.o.get("listen", "127.0.0.1:8652")),
                                  [Route(self.path, self._verify, methods=["GET"]),
                                   Route(self.path, self._receive, methods=["POST"])])
        await self._listener.start()

    async def disconnect(self) -> None:
        if self._listener is not None:
            await self._listener.stop()
            self._listener = None
        await self.http.aclose()

    @property
    def connected(self) -> bool:
        return self._listener is not None

    async def _verify(self, request: Any) -> Any:
        from starlette.responses import PlainTextResponse

        q = request.query_params
        if q.get("hub.mode") == "subscribe" and same(q.get("hub.verify_token", ""), self.verify_token):
            return PlainTextResponse(q.get("hub.challenge", ""))
        log.warning("whatsapp: refused a verification request with a wrong token")
        return PlainTextResponse("forbidden", status_code=403)

    async def _receive(self, request: Any) -> Any:
        from starlette.responses import Response

        raw = await request.body()
        sig = request.headers.get("x-hub-signature-256", "")
        if not sig or not same("sha256=" + hmac_sha256(self.app_secret, raw), sig):
            log.warning("whatsapp: refused a delivery with a %s signature", "bad" if sig else "missing")
            return Response(status_code=401)
        try:
            payload = json.loads(raw)
        except ValueError:
            return Response(status_code=400)
        for entry in payload.get("entry", []):
            for change in entry.get("changes", []):
                value = change.get("value", {})
                names = {c.get("wa_id"): (c.get("profile") or {}).get("name", "") for c in value.get("contacts", [])}
                for m in value.get("messages", []):
                    msg = await self._inbound(m, names)
                    if msg is not None and self._on is not None:
                        await self._on(msg)
        return Response(status_code=200)  # anything else makes Meta retry the whole batch

    async def _inbound(self, m: dict[str, Any], names: dict[str, str]) -> Inbound | None:
        sender = str(m.get("from", ""))
        kind = m.get("type")
        self.last_seen[sender] = max(self.last_seen.get(sender, 0.0), float(m.get("timestamp") or self.clock()))
        text, atts = "", []
        if kind == "text":
            text = (m.get("text") or {}).get("body", "")
        elif kind in ("image", "document", "audio", "video"):
            media = m.get(kind) or {}
            text = media.get("caption", "")
            atts.append(await self._download(media, media.get("filename") or f"{kind}"))
        elif kind == "button":
            text = (m.get("button") or {}).get("text", "")
        else:
            return None
        reply_to = (m.get("context") or {}).get("id", "")
        return Inbound("whatsapp", sender, sender, text, str(m.get("id")), user_name=names.get(sender, ""),
                       attachments=atts, reply_to=reply_to)

    async def _download(self, media: dict[str, Any], name: str) -> Attachment:
        safe = re.sub(r"[^A-Za-z0-9._-]", "_", Path(name).name)[:100] or "file"
        mime = media.get("mime_type", "application/octet-stream")
        meta = await self.http.get(f"{self.graph}/{media.get('id')}")
        if meta.status_code != 200:
            return Attachment(safe, mime=mime)
        info = meta.json()
        if int(info.get("file_size") or 0) > MAX_FILE:
            return Attachment(safe, mime=mime, size=int(info["file_size"]))
        data = await self.http.get(info["url"])
        self.files.mkdir(parents=True, exist_ok=True)
        path = self.files / f"{media.get('id')}-{safe}"
        path.write_bytes(data.content)
        return Attachment(safe, str(path), mime, len(data.content))

    async def send(self, chat_id: str, text: str, *, thread_id: str = "", reply_to: str = "",
                   buttons: list[Button] | None = None) -> Sent:
        if buttons:
            text += "\n\n" + " / ".join(b.data for b in buttons)
        body: dict[str, Any] = {"type": "text", "text": {"body": text, "preview_url": False}}
        if reply_to:
            body["context"] = {"message_id": reply_to}
        return await self._message(chat_id, body)

    def _in_window(self, chat_id: str) -> None:
        last = self.last_seen.get(chat_id)
        if last is None or self.clock() - last > WINDOW:
            raise PlatformError(f"whatsapp: {chat_id} last wrote more than 24 hours ago; WhatsApp only allows "
                                "approved template messages outside that window, so this reply was not sent",
                                permanent=True)

    async def _message(self, chat_id: str, body: dict[str, Any]) -> Sent:
        self._in_window(chat_id)
        body = {"messaging_product": "whatsapp", "recipient_type": "individual", "to": chat_id, **body}
        try:
            r = await self.http.post(f"{self.graph}/{self.phone_id}/messages", json=body)
        except Exception as e:
            raise PlatformError(f"whatsapp: {type(e).__name__}") from None
        if r.status_code == 200:
            return Sent(r.json()["messages"][0]["id"], chat_id)
        raise _refusal(r)

    async def edit(self, sent: Sent, text: str) -> None:
        raise PlatformError("WhatsApp messages cannot be edited", permanent=True)

    async def typing(self, chat_id: str, *, thread_id: str = "") -> None:
        return None

    async def send_file(self, chat_id: str, path: str, *, caption: str = "", thread_id: str = "") -> Sent:
        """Upload to the phone number's media store, then send it as an image, audio, video or document."""
        import mimetypes

        self._in_window(chat_id)  # before uploading anything
        name = Path(path).name
        mime = mimetypes.guess_type(name)[0] or "application/octet-stream"
        kind = mime.split("/")[0] if mime.split("/")[0] in ("image", "audio", "video") else "document"
        try:
            with open(path, "rb") as fh:
                r = await self.http.post(f"{self.graph}/{self.phone_id}/media",
                                         data={"messaging_product": "whatsapp", "type": mime},
                                         files={"file": (name, fh, mime)})
        except OSError as e:
            raise PlatformError(f"whatsapp: cannot read {name}: {e.strerror}", permanent=True) from None
        except Exception as e:
            raise PlatformError(f"whatsapp: {type(e).__name__}") from None
        if r.status_code != 200:
            raise _refusal(r)
        media: dict[str, Any] = {"id": r.json()["id"]}
        if caption and kind != "audio":
            media["caption"] = caption
        if kind == "document":
            media["filename"] = name
        return await self._message(chat_id, {"type": kind, kind: media})


def _refusal(r: Any) -> PlatformError:
    code = ((r.json() if r.headers.get("content-type", "").startswith("application/json") else {})
            .get("error", {}).get("code"))
    if r.status_code == 429 or code in (4, 80007, 130429, 131056):
        return PlatformError(f"whatsapp: rate limited ({_err(r)})", retry_after=10)
    if code == 131047:  # re-engagement: the 24-hour window closed on Meta's side
        return PlatformError(f"whatsapp: outside the 24-hour window ({_err(r)})", permanent=True)
    return PlatformError(f"whatsapp: {_err(r)}", permanent=r.status_code < 500)


def _err(r: Any) -> str:
    try:
        e = r.json().get("error", {})
        return f"HTTP {r.status_code}, code {e.get('code')}: {e.get('message', '')[:200]}"
    except ValueError:
        return f"HTTP {r.status_code}"
