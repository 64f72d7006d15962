"""Matrix, through matrix-nio's AsyncClient (extra `matrix`), unencrypted rooms.

The sync position is saved after every batch, so a restart resumes where it stopped (messages sent
while the gateway was down are answered, none twice: the core de-duplicates by event id); the very
first start only takes the position, so old history is never answered. Invites are accepted only
from people the config allows. Streaming edits use `m.replace`, the way Matrix clients show edits.
"""

from __future__ import annotations

import asyncio
import html
import logging
import random
import re
import time
from pathlib import Path
from typing import Any, Mapping

from hermes.gateway.base import Attachment, Button, Capabilities, Inbound, InboundHandler, PlatformError, Sent

log = logging.getLogger("hermes.gateway.matrix")

SECRETS = [("MATRIX_ACCESS_TOKEN", "the bot account's access token (or set MATRIX_PASSWORD)"),
           ("MATRIX_PASSWORD", "the bot account's password, used to log in when there is no token")]
OPTIONS = {"homeserver": "homeserver URL, e.g. https://matrix.example.org", "user_id": "the bot's @user:server",
           "device_name": "device name shown in clients (default Hermes)",
           "auto_join": "accept invites from allowed users (default true)"}
MAX_FILE = 50 * 1024 * 1024


def create(section: Any, secrets: Mapping[str, str], home: Path) -> "MatrixAdapter":
    opts = dict(section.options)
    for key in ("homeserver", "user_id"):
        if not opts.get(key):
            raise ValueError(f"matrix: gateway.platforms.matrix.options.{key} is not set (hermes gateway setup matrix)")
    if not (secrets.get("MATRIX_ACCESS_TOKEN") or secrets.get("MATRIX_PASSWORD")):
        raise ValueError("matrix: set MATRIX_ACCESS_TOKEN or MATRIX_PASSWORD (hermes gateway setup matrix)")
    return MatrixAdapter(opts, secrets.get("MATRIX_ACCESS_TOKEN", ""), secrets.get("MATRIX_PASSWORD", ""),
                         list(section.allowed_users), Path(home) / "gateway" / "files" / "matrix")


def _nio() -> Any:
    try:
        import nio
    except ImportError:
        from hermes import pip_extra

        raise RuntimeError(f"Matrix support needs matrix-nio: {pip_extra('matrix')}") from None
    return nio


def _plain(text: str) -> str:
    text = re.sub(r"<br\s*/?>|</p>|</pre>|</li>", "\n", text)
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()


class MatrixAdapter:
    name = "matrix"
    capabilities = Capabilities(max_length=30_000, can_edit=True, edit_interval=0.8, can_typing=True,
                                can_files=True, can_buttons=False, markdown="html")

    def __init__(self, options: dict[str, Any], token: str, password: str, allowed: list[str], files: Path):
        self.o, self.token, self.password, self.allowed = options, token, password, allowed
        self.files = files
        self.user_id = str(options["user_id"])
        self.auto_join = str(options.get("auto_join", True)).lower() not in ("false", "0", "no")
        self.client: Any = None
        self._on: InboundHandler | None = None
        self._task: asyncio.Task | None = None
        self._handling: asyncio.Future | None = None
        self.since: str | None = None
        self.not_before = 0.0  # ms: events older than this are history (set on a first start)
        self._connected = False

    def _make_client(self) -> Any:
        nio = _nio()
        cfg = nio.AsyncClientConfig(store_sync_tokens=False, encryption_enabled=False)
        client = nio.AsyncClient(str(self.o["homeserver"]).rstrip("/"), self.user_id, config=cfg)
        if self.token:
            client.access_token = self.token
            client.user_id = self.user_id
        return client

    async def _login(self, client: Any) -> str:
        nio = _nio()
        if not self.token:
            resp = await client.login(self.password, device_name=self.o.get("device_name", "Hermes"))
            if not isinstance(resp, nio.LoginResponse):
                raise PlatformError(f"matrix: login refused for {self.user_id} ({getattr(resp, 'message', resp)})",
                                    permanent=True)
            return resp.user_id
        resp = await client.whoami()
        if not isinstance(resp, nio.WhoamiResponse):
            raise PlatformError(f"matrix: the access token was refused ({getattr(resp, 'status_code', '')} "
                                f"{getattr(resp, 'message', '')})", permanent=True)
        return resp.user_id

    # -- life cycle -------------------------------------------------------------------------------

    async def validate(self) -> str:
        client = self._make_client()
        try:
            return await self._login(client)
        except PlatformError:
            raise
        except Exception as e:
            raise PlatformError(f"matrix: cannot reach {self.o['homeserver']} ({type(e).__name__}: {e})",
                                permanent=True) from None
        finally:
            await client.close()

    async def connect(self, on_message: InboundHandler) -> None:
        self.client = self._make_client()
        self.user_id = await self._login(self.client)
        self._on = on_message
        since = self._load_since()
        nio = _nio()
        first = await self.client.sync(timeout=0, since=since, full_state=since is None)
        if not isinstance(first, nio.SyncResponse):
            raise PlatformError(f"matrix: first sync failed ({getattr(first, 'message', first)})")
        if since is not None:
            await self._handle(first)  # what arrived while we were away
        else:
            # Old messages are history, not requests. The server may answer a first sync from a
            # cache (an earlier client's), so history can still come in later batches: the
            # timestamp tells it apart.
            self.not_before = time.time() * 1000
            await self._invites(first)
        self._save_since(first.next_batch)
        self.since = first.next_batch
        self._connected = True
        self._task = asyncio.create_task(self._sync_loop(), name="matrix-sync")

    async def disconnect(self) -> None:
        self._connected = False
        if self._handling is not None and not self._handling.done():
            await asyncio.wait([self._handling], timeout=10)
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self.client is not None:
            await self.client.close()

    @property
    def connected(self) -> bool:
        return self._connected

    def _since_file(self) -> Path:
        return self.files / f"since-{re.sub(r'[^A-Za-z0-9]', '_', self.user_id)}"

    def _load_since(self) -> str | None:
        try:
            return self._since_file().read_text().strip() or None
        except OSError:
            return None

    def _save_since(self, token: str) -> None:
        self.files.mkdir(parents=True, exist_ok=True)
        tmp = self._since_file().with_suffix(".tmp")
        tmp.write_text(token)
        tmp.replace(self._since_file())

    # -- receiving --------------------------------------------------------------------------------

    async def _sync_loop(self) -> None:
        nio = _nio()
        delay = 1.0
        while True:
            try:
                resp = await self.client.sync(timeout=25_000, since=self.since)
                if not isinstance(resp, nio.SyncResponse):
                    raise RuntimeError(getattr(resp, "message", str(resp)))
            except asyncio.CancelledError:
                raise
            except Exception as e:
                self._connected = False
                log.warning("matrix: sync failed (%s); retrying in %.0f s", e, delay)
                await asyncio.sleep(delay * random.uniform(0.7, 1.3))
                delay = min(delay * 2, 60.0)
                continue
            delay, self._connected = 1.0, True
            # shielded: a disconnect lets the batch finish and its position be saved, so a restart
            # neither repeats nor skips it
            self._handling = asyncio.ensure_future(self._handle_batch(resp))
            await asyncio.shield(self._handling)

    async def _handle_batch(self, resp: Any) -> None:
        await self._handle(resp)
        self._save_since(resp.next_batch)
        self.since = resp.next_batch

    async def _handle(self, resp: Any) -> None:
        await self._invites(resp)
        for room_id, info in resp.rooms.join.items():
            for ev in info.timeline.events:
                src = getattr(ev, "source", None) or {}
                if src.get("type") != "m.room.message" or src.get("sender") == self.user_id:
                    continue
                try:
                    msg = await self._inbound(room_id, src)
                except Exception:
                    log.exception("matrix: could not read event %s", src.get("event_id"))
                    continue
                if msg is not None and self._on is not None:
                    try:
                        await self._on(msg)
                    except Exception:
                        log.exception("matrix: the gateway failed on %s", msg.message_id)

    async def _invites(self, resp: Any) -> None:
        for room_id, info in resp.rooms.invite.items():
            inviter = ""
            for ev in info.invite_state:
                src = getattr(ev, "source", {}) or {}
                if src.get("type") == "m.room.member" and src.get("state_key") == self.user_id:
                    inviter = src.get("sender", "")
            if self.auto_join and (inviter in self.allowed or "*" in self.allowed):
                await self.client.join(room_id)
                log.info("matrix: joined %s (invited by %s)", room_id, inviter)
            else:
                await self.client.room_leave(room_id)
                log.info("matrix: declined an invite to %s from %s (not allowed)", room_id, inviter)

    async def _inbound(self, room_id: str, src: dict[str, Any]) -> Inbound | None:
        if src.get("origin_server_ts", 0) < self.not_before:
            return None
        content = src.get("content") or {}
        rel = content.get("m.relates_to") or {}
        kind = content.get("msgtype")
        if rel.get("rel_type") == "m.replace" or kind == "m.notice":
            return None  # edits of earlier messages and bot notices are not requests
        text = str(content.get("body", ""))
        atts = []
        if kind in ("m.file", "m.image", "m.audio", "m.video") and content.get("url"):
            atts.append(await self._download(content))
            text = ""
        elif kind != "m.text" and kind != "m.emote":
            return None
        room = self.client.rooms.get(room_id)
        members = room.joined_count if room is not None else 0
        sender = src["sender"]
        name = room.user_name(sender) if room is not None else ""
        thread = rel.get("event_id", "") if rel.get("rel_type") == "m.thread" else ""
        reply = (rel.get("m.in_reply_to") or {}).get("event_id", "")
        if thread and reply == thread and rel.get("is_falling_back"):
            reply = ""
        if text.startswith("> "):  # a reply's fallback quote: the new text follows the blank line
            text = text.split("\n\n", 1)[-1]
        return Inbound("matrix", room_id, sender, text.strip(), src["event_id"],
                       chat_type="dm" if members <= 2 else "group", thread_id=thread, user_name=name or "",
                       attachments=atts, reply_to=reply)

    async def _download(self, content: dict[str, Any]) -> Attachment:
        nio = _nio()
        name = re.sub(r"[^A-Za-z0-9._-]", "_", Path(str(content.get("body") or "file")).name)[:100] or "file"
        info = content.get("info") or {}
        size = int(info.get("size") or 0)
        mime = info.get("mimetype") or "application/octet-stream"
        if size > MAX_FILE:
            return Attachment(name, mime=mime, size=size, url=content["url"])
        resp = await self.client.download(mxc=content["url"])
        if not isinstance(resp, nio.DownloadResponse):
            return Attachment(name, mime=mime, size=size, url=content["url"])
        self.files.mkdir(parents=True, exist_ok=True)
        path = self.files / f"{random.getrandbits(48):012x}-{name}"
        path.write_bytes(resp.body)
        return Attachment(name, str(path), mime, len(resp.body), content["url"])

    # -- sending ----------------------------------------------------------------------------------

    async def _send(self, room_id: str, content: dict[str, Any]) -> str:
        nio = _nio()
        try:
            resp = await self.client.room_send(room_id, "m.room.message", content)
        except Exception as e:
            raise PlatformError(f"matrix: {type(e).__name__}: {e}") from None
        if isinstance(resp, nio.RoomSendResponse):
            return resp.event_id
        code = getattr(resp, "status_code", "") or ""
        if code == "M_LIMIT_EXCEEDED":
            ms = getattr(resp, "retry_after_ms", None) or 1000
            raise PlatformError("matrix: rate limited", retry_after=ms / 1000)
        raise PlatformError(f"matrix: {code} {getattr(resp, 'message', '')}".strip(),
                            permanent=code in ("M_FORBIDDEN", "M_NOT_FOUND", "M_UNKNOWN_TOKEN"))

    async def send(self, chat_id: str, text: str, *, thread_id: str = "", reply_to: str = "",
                   buttons: list[Button] | None = None) -> Sent:
        content: dict[str, Any] = {"msgtype": "m.text", "body": _plain(text), "format": "org.matrix.custom.html",
                                   "formatted_body": text}
        if thread_id:
            content["m.relates_to"] = {"rel_type": "m.thread", "event_id": thread_id, "is_falling_back": not reply_to,
                                       "m.in_reply_to": {"event_id": reply_to or thread_id}}
        elif reply_to:
            content["m.relates_to"] = {"m.in_reply_to": {"event_id": reply_to}}
        return Sent(await self._send(chat_id, content), chat_id)

    async def edit(self, sent: Sent, text: str) -> None:
        new = {"msgtype": "m.text", "body": _plain(text), "format": "org.matrix.custom.html", "formatted_body": text}
        await self._send(sent.chat_id, {**new, "body": "* " + new["body"], "m.new_content": new,
                                        "m.relates_to": {"rel_type": "m.replace", "event_id": sent.message_id}})

    async def typing(self, chat_id: str, *, thread_id: str = "") -> None:
        try:
            await self.client.room_typing(chat_id, True, timeout=5000)
        except Exception:
            pass

    async def send_file(self, chat_id: str, path: str, *, caption: str = "", thread_id: str = "") -> Sent:
        import mimetypes

        nio = _nio()
        p = Path(path)
        try:
            data = p.read_bytes()
        except OSError as e:
            raise PlatformError(f"cannot read {path}: {e.strerror}", permanent=True) from None
        mime = mimetypes.guess_type(p.name)[0] or "application/octet-stream"
        resp, _ = await self.client.upload(lambda *_: data, content_type=mime, filename=p.name, filesize=len(data))
        if not isinstance(resp, nio.UploadResponse):
            raise PlatformError(f"matrix: upload failed ({getattr(resp, 'message', resp)})")
        content: dict[str, Any] = {"msgtype": "m.file", "body": p.name, "url": resp.content_uri,
                                   "info": {"size": len(data), "mimetype": mime}}
        if thread_id:
            content["m.relates_to"] = {"rel_type": "m.thread", "event_id": thread_id}
        return Sent(await self._send(chat_id, content), chat_id)
