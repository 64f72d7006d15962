"""Slack through Socket Mode or the Events API over HTTP, with the official slack_sdk (extra `slack`).

Socket Mode (when SLACK_APP_TOKEN, an app-level `xapp-` token, is set) needs no public URL: the SDK
holds a websocket to Slack, reconnects when Slack asks or the link drops, and every envelope is
acked only after the core has taken its message, so one lost in a crash is delivered again.

Over HTTP, every request to the events and interactivity URLs is checked with slack_sdk's SignatureVerifier
(HMAC-SHA256 with the signing secret over `v0:<timestamp>:<body>`, timestamp within five minutes):
forged, unsigned or replayed-late requests get 401 and a log line. Slack retries a delivery it
thinks failed; the retry carries the same message, which the core answers once.

Messages in DMs (`im`) and in channels the bot is in; replies go to the thread they came from
(`thread_ts`); answers stream through `chat.update`; approvals get Block Kit buttons whose clicks
arrive as interactivity payloads. A `/hermes` slash command (when the app defines one) carries
a chat command (`/hermes status`) or a message. Files the agent makes are uploaded with
files_upload_v2.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any, Mapping
from urllib.parse import parse_qs

from hermes.gateway.base import Attachment, Button, Capabilities, Inbound, InboundHandler, PlatformError, Sent
from hermes.gateway.platforms._http import Listener

log = logging.getLogger("hermes.gateway.slack")

SECRETS = [("SLACK_BOT_TOKEN", "the bot token (xoxb-...)"),
           ("SLACK_APP_TOKEN", "Socket Mode: the app-level token (xapp-...); leave empty to use the Events API"),
           ("SLACK_SIGNING_SECRET", "Events API: the app's signing secret, checks every request")]
OPTIONS = {"listen": "host:port to listen on (default 127.0.0.1:8653)",
           "events_path": "Events API request URL path (default /slack/events)",
           "actions_path": "interactivity request URL path (default /slack/actions)",
           "base_url": "Web API base URL (default https://slack.com/api/)"}
MAX_FILE = 25 * 1024 * 1024


def create(section: Any, secrets: Mapping[str, str], home: Path) -> "SlackAdapter":
    if not secrets.get("SLACK_BOT_TOKEN"):
        raise ValueError("slack: SLACK_BOT_TOKEN is not set (hermes gateway setup slack)")
    if not secrets.get("SLACK_APP_TOKEN") and not secrets.get("SLACK_SIGNING_SECRET"):
        raise ValueError("slack: set SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (Events API over "
                         "HTTP) with hermes gateway setup slack")
    return SlackAdapter(dict(section.options), secrets["SLACK_BOT_TOKEN"], secrets.get("SLACK_SIGNING_SECRET", ""),
                        Path(home) / "gateway" / "files" / "slack", app_token=secrets.get("SLACK_APP_TOKEN", ""))


def _sdk() -> Any:
    try:
        import slack_sdk  # noqa: F401
        import aiohttp  # noqa: F401
    except ImportError:
        from hermes import pip_extra

        raise RuntimeError(f"Slack support needs slack_sdk and aiohttp: {pip_extra('slack')}") from None


class SlackAdapter:
    name = "slack"
    capabilities = Capabilities(max_length=3500, can_edit=True, edit_interval=1.2, can_typing=False,
                                can_files=True, can_buttons=True, markdown="mrkdwn")

    def __init__(self, options: dict[str, Any], token: str, signing_secret: str, files: Path, app_token: str = ""):
        _sdk()
        from slack_sdk.signature import SignatureVerifier
        from slack_sdk.web.async_client import AsyncWebClient

        self.o, self.token, self.files = options, token, files
        self.verifier = SignatureVerifier(signing_secret) if signing_secret else None
        self.app_token = app_token
        self._socket: Any = None
        kw = {"base_url": str(options["base_url"]).rstrip("/") + "/"} if options.get("base_url") else {}
        self.client = AsyncWebClient(token=token, **kw)
        self.bot_user = ""
        self._on: InboundHandler | None = None
        self._listener: Listener | None = None

    async def validate(self) -> str:
        from slack_sdk.errors import SlackApiError

        try:
            r = await self.client.auth_test()
        except SlackApiError as e:
            raise PlatformError(f"slack: the bot token was refused ({e.response.get('error')})", permanent=True) from None
        self.bot_user = r.get("user_id", "")
        return f"{r.get('user')} in {r.get('team')}"

    async def connect(self, on_message: InboundHandler) -> None:
        from starlette.routing import Route

        await self.validate()
        self._on = on_message
        if self.app_token:
            await self._connect_socket()
            return
        self._listener = Listener("slack", str(self.o.get("listen", "127.0.0.1:8653")), [
            Route(self.o.get("events_path", "/slack/events"), self._events, methods=["POST"]),
            Route(self.o.get("actions_path", "/slack/actions"), self._actions, methods=["POST"])])
        await self._listener.start()

    async def _connect_socket(self) -> None:
        from slack_sdk.errors import SlackApiError
        from slack_sdk.socket_mode.aiohttp import SocketModeClient

        try:  # the SDK's own connect retries a refused token forever: check it once first
            await self.client.apps_connections_open(app_token=self.app_token)
        except SlackApiError as e:
            raise PlatformError(f"slack: the app-level token was refused ({e.response.get('error')})",
                                permanent=True) from None
        self._socket = SocketModeClient(app_token=self.app_token, web_client=self.client,
                                        logger=logging.getLogger("hermes.gateway.slack.socket"))
        self._socket.socket_mode_request_listeners.append(self._envelope)
        await self._socket.connect()

    async def _envelope(self, client: Any, req: Any) -> None:
        from slack_sdk.socket_mode.response import SocketModeResponse

        try:
            if req.type == "events_api":
                await self._event_payload(req.payload)
            elif req.type == "interactive":
                await self._action_payload(req.payload)
            elif req.type == "slash_commands":
                await self._slash(req.payload)
        except Exception:  # not acked: Slack sends it again
            log.exception("slack: could not take envelope %s", req.envelope_id)
            return
        await client.send_socket_mode_response(SocketModeResponse(envelope_id=req.envelope_id))

    async def _slash(self, p: dict[str, Any]) -> None:
        from hermes.commands.table import COMMANDS

        text = str(p.get("text", "")).strip()
        first = text.split(" ", 1)[0].lower()
        if any(first == c.name or first in c.aliases for c in COMMANDS):
            text = "/" + text  # `/hermes status` is the chat command /status
        channel = p.get("channel_id", "")
        if self._on is not None and text:
            await self._on(Inbound("slack", channel, p.get("user_id", ""), text, f"slash:{p.get('trigger_id')}",
                                   chat_type="dm" if channel.startswith("D") else "group"))

    async def disconnect(self) -> None:
        if self._socket is not None:
            await self._socket.close()
            self._socket = None
        if self._listener is not None:
            await self._listener.stop()
            self._listener = None

    @property
    def connected(self) -> bool:
        return self._listener is not None or self._socket is not None

    async def _checked(self, request: Any) -> bytes | None:
        body = await request.body()
        if self.verifier is None or not self.verifier.is_valid_request(body, dict(request.headers)):
            log.warning("slack: refused a request with a bad, missing or stale signature from %s",
                        request.client.host if request.client else "?")
            return None
        return body

    async def _events(self, request: Any) -> Any:
        from starlette.responses import JSONResponse, Response

        body = await self._checked(request)
        if body is None:
            return Response("unauthorized", status_code=401)
        payload = json.loads(body)
        if payload.get("type") == "url_verification":
            return JSONResponse({"challenge": payload.get("challenge", "")})
        await self._event_payload(payload)
        return Response(status_code=200)

    async def _event_payload(self, payload: dict[str, Any]) -> None:
        ev = payload.get("event") or {}
        if payload.get("type") == "event_callback" and ev.get("type") in ("message", "app_mention"):
            msg = await self._inbound(ev)
            if msg is not None and self._on is not None:
                await self._on(msg)

    async def _inbound(self, ev: dict[str, Any]) -> Inbound | None:
        if ev.get("bot_id") or ev.get("subtype") not in (None, "file_share") or ev.get("user") == self.bot_user:
            return None  # our own posts, edits, joins, other bots
        # A mention in a channel comes twice (message and app_mention) with the same ts: the
        # message id below is the same for both, so the core answers once.
        text = re.sub(rf"<@{re.escape(self.bot_user)}>\s*", "", ev.get("text", "")).strip() if self.bot_user \
            else ev.get("text", "")
        atts = [await self._download(f) for f in ev.get("files", [])]
        channel = ev.get("channel", "")
        dm = ev.get("channel_type") == "im"
        return Inbound("slack", channel, ev.get("user", ""), text, f"{channel}:{ev.get('ts')}",
                       chat_type="dm" if dm else "group", thread_id=ev.get("thread_ts", "") or "",
                       attachments=atts)

    async def _download(self, f: dict[str, Any]) -> Attachment:
        import httpx

        name = re.sub(r"[^A-Za-z0-9._-]", "_", Path(f.get("name") or "file").name)[:100] or "file"
        mime = f.get("mimetype", "application/octet-stream")
        url = f.get("url_private_download") or f.get("url_private")
        if not url or int(f.get("size") or 0) > MAX_FILE:
            return Attachment(name, mime=mime, size=int(f.get("size") or 0), url=url or "")
        async with httpx.AsyncClient(timeout=60) as c:
            r = await c.get(url, headers={"Authorization": f"Bearer {self.token}"})
        self.files.mkdir(parents=True, exist_ok=True)
        path = self.files / f"{f.get('id', 'f')}-{name}"
        path.write_bytes(r.content)
        return Attachment(name, str(path), mime, len(r.content), url)

    async def _actions(self, request: Any) -> Any:
        from starlette.responses import Response

        body = await self._checked(request)
        if body is None:
            return Response("unauthorized", status_code=401)
        await self._action_payload(json.loads(parse_qs(body.decode()).get("payload", ["{}"])[0]))
        return Response(status_code=200)

    async def _action_payload(self, payload: dict[str, Any]) -> None:
        if payload.get("type") == "block_actions" and payload.get("actions"):
            action = payload["actions"][0]
            channel = (payload.get("channel") or {}).get("id", "")
            container = payload.get("container") or {}
            user = (payload.get("user") or {}).get("id", "")
            msg = Inbound("slack", channel, user, str(action.get("value", "")),
                          f"action:{payload.get('trigger_id') or action.get('action_ts')}",
                          chat_type="dm" if channel.startswith("D") else "group",
                          thread_id=container.get("thread_ts", "") or "")
            if self._on is not None:
                await self._on(msg)

    async def send(self, chat_id: str, text: str, *, thread_id: str = "", reply_to: str = "",
                   buttons: list[Button] | None = None) -> Sent:
        kw: dict[str, Any] = {"channel": chat_id, "text": text}
        if thread_id:
            kw["thread_ts"] = thread_id
        if buttons:
            kw["blocks"] = [{"type": "section", "text": {"type": "mrkdwn", "text": text}},
                            {"type": "actions", "elements": [
                                {"type": "button", "text": {"type": "plain_text", "text": b.label},
                                 "value": b.data, "action_id": f"hermes_{i}"} for i, b in enumerate(buttons)]}]
        r = await self._call(self.client.chat_postMessage, **kw)
        return Sent(r["ts"], r.get("channel", chat_id))

    async def edit(self, sent: Sent, text: str) -> None:
        await self._call(self.client.chat_update, channel=sent.chat_id, ts=sent.message_id, text=text)

    async def _call(self, method: Any, **kw: Any) -> Any:
        from slack_sdk.errors import SlackApiError

        try:
            return await method(**kw)
        except SlackApiError as e:
            status = e.response.status_code
            err = e.response.get("error", "")
            if status == 429 or err == "ratelimited":
                retry = float(e.response.headers.get("Retry-After", e.response.headers.get("retry-after", 1)))
                raise PlatformError(f"slack: rate limited ({err})", retry_after=retry) from None
            permanent = err in ("channel_not_found", "not_in_channel", "is_archived", "invalid_auth",
                                "account_inactive", "msg_too_long", "cant_update_message", "message_not_found")
            raise PlatformError(f"slack: {err or status}", permanent=permanent) from None
        except Exception as e:
            raise PlatformError(f"slack: {type(e).__name__}: {e}") from None

    async def typing(self, chat_id: str, *, thread_id: str = "") -> None:
        return None  # bots have no typing indicator in the Web API

    async def send_file(self, chat_id: str, path: str, *, caption: str = "", thread_id: str = "") -> Sent:
        kw: dict[str, Any] = {"channel": chat_id, "file": path, "filename": Path(path).name,
                              "title": Path(path).name}
        if caption:
            kw["initial_comment"] = caption
        if thread_id:
            kw["thread_ts"] = thread_id
        r = await self._call(self.client.files_upload_v2, **kw)
        return Sent(str((r.get("file") or {}).get("id", "")), chat_id)
