"""Discord, through discord.py (extra `discord`): the Gateway websocket in, the HTTP API out.

DMs, server channels and threads. In a server channel Hermes answers when mentioned (or replied
to), in a thread started on the person's message: a thread started from a message carries that
message's id, so the session key is known before the thread exists and the thread is created on
the first reply. Messages inside a thread are one conversation. Answers stream by editing one
message (Discord allows about five edits per five seconds per channel; the core paces edits).

The chat commands are registered as global application commands when the bot connects, and still
work typed as text. Approval buttons are message components; a click comes back as an interaction,
acknowledged by removing the buttons. discord.py keeps the socket alive (heartbeats) and resumes
a dropped session, so events missed meanwhile are replayed rather than lost.
"""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path
from typing import Any, Mapping

from hermes.gateway.base import Attachment, Button, Capabilities, Inbound, InboundHandler, PlatformError, Sent

log = logging.getLogger("hermes.gateway.discord")

SECRETS = [("DISCORD_BOT_TOKEN", "the bot token from the Developer Portal (Bot > Reset Token)")]
OPTIONS = {"require_mention": "in server channels, answer only when mentioned or replied to (default true)",
           "threads": "answer server-channel messages in a thread started on them (default true)",
           "register_commands": "register the chat commands as slash commands (default true)",
           "api_url": "HTTP API base (default https://discord.com/api/v10)",
           "gateway_url": "Gateway websocket URL (default wss://gateway.discord.gg/)"}
MAX_FILE = 25 * 1024 * 1024
THREAD_EXISTS = 160004  # "A thread has already been created for this message"
PERMANENT = {10003, 10008, 50001, 50007, 50013, 50035}  # unknown channel/message, no access, can't DM, bad form


def create(section: Any, secrets: Mapping[str, str], home: Path) -> "DiscordAdapter":
    if not secrets.get("DISCORD_BOT_TOKEN"):
        raise ValueError("discord: DISCORD_BOT_TOKEN is not set (hermes gateway setup discord)")
    return DiscordAdapter(dict(section.options), secrets["DISCORD_BOT_TOKEN"], Path(home) / "gateway" / "files" / "discord")


def _sdk() -> Any:
    try:
        import discord
    except ImportError:
        from hermes import pip_extra

        raise RuntimeError(f"Discord support needs discord.py: {pip_extra('discord')}") from None
    return discord


def _flag(options: Mapping[str, Any], key: str, default: bool = True) -> bool:
    v = options.get(key, default)
    return v if isinstance(v, bool) else str(v).lower() not in ("0", "false", "no", "off")


class DiscordAdapter:
    name = "discord"
    capabilities = Capabilities(max_length=2000, can_edit=True, edit_interval=1.2, can_typing=True,
                                can_files=True, can_buttons=True, markdown="markdown")

    def __init__(self, options: dict[str, Any], token: str, files: Path):
        dc = _sdk()
        self.o, self.token, self.files = options, token, files
        # discord.py reads its endpoints from class attributes: the only way to point it elsewhere
        if options.get("api_url"):
            dc.http.Route.BASE = str(options["api_url"]).rstrip("/")
        if options.get("gateway_url"):
            import yarl

            dc.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(str(options["gateway_url"]))
        self.client: Any = None
        self._task: asyncio.Task | None = None
        self._ready: asyncio.Event | None = None
        self._on: InboundHandler | None = None
        self.me = 0

    def _make_client(self) -> Any:
        dc = _sdk()
        intents = dc.Intents.default()
        intents.message_content = True  # privileged: enable it for the bot in the Developer Portal
        client = dc.Client(intents=intents)
        client.event(self.on_ready)
        client.event(self.on_message)
        client.event(self.on_interaction)
        return client

    # -- life cycle -------------------------------------------------------------------------------

    async def validate(self) -> str:
        dc = _sdk()
        client = dc.Client(intents=dc.Intents.default())
        try:
            await client.login(self.token)
            return f"{client.user} (application {client.application_id})"
        except dc.LoginFailure:
            raise PlatformError("discord: the bot token was refused", permanent=True) from None
        except Exception as e:
            raise PlatformError(f"discord: {type(e).__name__}: {e}") from None
        finally:
            await client.close()

    async def connect(self, on_message: InboundHandler) -> None:
        dc = _sdk()
        self._on, self._ready = on_message, asyncio.Event()
        self.client = self._make_client()
        self._task = asyncio.create_task(self.client.start(self.token, reconnect=True), name="discord")
        ready = asyncio.create_task(self._ready.wait())
        await asyncio.wait({self._task, ready}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
        if not self._ready.is_set():
            ready.cancel()
            err = self._task.exception() if self._task.done() else None
            await self.disconnect()
            if isinstance(err, dc.LoginFailure):
                raise PlatformError("discord: the bot token was refused", permanent=True)
            if isinstance(err, dc.PrivilegedIntentsRequired):
                raise PlatformError("discord: enable the Message Content intent for the bot in the "
                                    "Developer Portal", permanent=True)
            raise PlatformError(f"discord: could not connect ({err or 'timed out'})")

    async def disconnect(self) -> None:
        if self.client is not None:
            await self.client.close()
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    @property
    def connected(self) -> bool:
        return self.client is not None and self.client.is_ready() and not self.client.is_closed()

    async def on_ready(self) -> None:
        self.me = self.client.user.id
        if self._ready is not None and not self._ready.is_set():
            if _flag(self.o, "register_commands"):
                await self._register_commands()
            self._ready.set()
        log.info("discord: connected as %s", self.client.user)

    async def _register_commands(self) -> None:
        from hermes.commands.table import CHAT, COMMANDS

        payload = []
        for c in COMMANDS:
            if CHAT not in c.surfaces:
                continue
            cmd: dict[str, Any] = {"name": c.name, "description": c.help[:100], "type": 1}
            if c.usage:
                cmd["options"] = [{"type": 3, "name": "text", "description": c.usage[:100], "required": False}]
            payload.append(cmd)
        try:
            await self.client.http.bulk_upsert_global_commands(self.client.application_id, payload)
        except Exception as e:  # typed commands still work
            log.warning("discord: could not register slash commands (%s)", e)

    # -- receiving --------------------------------------------------------------------------------

    async def _deliver(self, msg: Inbound | None) -> None:
        if msg is not None and self._on is not None:
            try:
                await self._on(msg)
            except Exception:
                log.exception("discord: the gateway failed on message %s", msg.message_id)

    async def on_message(self, m: Any) -> None:
        try:
            msg = await self._inbound(m)
        except Exception:
            log.exception("discord: could not read message %s", getattr(m, "id", "?"))
            return
        await self._deliver(msg)

    async def _inbound(self, m: Any) -> Inbound | None:
        dc = _sdk()
        if m.author.bot or m.author.id == self.me or m.type not in (dc.MessageType.default, dc.MessageType.reply):
            return None
        text = re.sub(rf"<@!?{self.me}>\s*", "", m.content or "").strip()
        ch = m.channel
        if m.guild is None:
            chat, thread, kind = str(ch.id), "", "dm"
        else:
            in_thread = isinstance(ch, dc.Thread)
            addressed = self.client.user in m.mentions or _replies_to(m, self.me) or \
                (in_thread and ch.owner_id == self.me) or not _flag(self.o, "require_mention")
            if not addressed:
                return None
            if in_thread:
                chat, thread = str(ch.parent_id), str(ch.id)
            else:
                chat, thread = str(ch.id), str(m.id) if _flag(self.o, "threads") else ""
            kind = "group"
        atts = [await self._download(a) for a in m.attachments]
        return Inbound("discord", chat, str(m.author.id), text, str(m.id), chat_type=kind, thread_id=thread,
                       user_name=m.author.display_name, attachments=atts,
                       reply_to=str(m.reference.message_id) if m.reference and m.reference.message_id else "",
                       raw={"first_line": text.splitlines()[0][:80] if text else "Hermes"})

    async def _download(self, a: Any) -> Attachment:
        name = re.sub(r"[^A-Za-z0-9._-]", "_", Path(a.filename).name)[:100] or "file"
        mime = a.content_type or "application/octet-stream"
        if a.size > MAX_FILE:
            return Attachment(name, mime=mime, size=a.size, url=a.url)
        self.files.mkdir(parents=True, exist_ok=True)
        path = self.files / f"{a.id}-{name}"
        await a.save(path)
        return Attachment(name, str(path), mime, a.size, a.url)

    async def on_interaction(self, it: Any) -> None:
        dc = _sdk()
        if it.type == dc.InteractionType.application_command:
            data = it.data or {}
            arg = " ".join(str(o.get("value", "")) for o in data.get("options", []) if o.get("value"))
            text = f"/{data.get('name', '')}" + (f" {arg}" if arg else "")
            ack = it.response.send_message(text)  # the command shows in the channel; the answer follows
        elif it.type == dc.InteractionType.component:
            text = str((it.data or {}).get("custom_id", ""))
            ack = it.response.edit_message(view=None)  # the choice is taken: remove the buttons
        else:
            return
        try:
            await ack
        except Exception as e:
            log.warning("discord: could not acknowledge interaction %s (%s)", it.id, e)
        ch = it.channel
        in_thread = isinstance(ch, dc.Thread)
        chat = str(ch.parent_id if in_thread else it.channel_id)
        await self._deliver(Inbound("discord", chat, str(it.user.id), text, f"i:{it.id}",
                                    chat_type="dm" if it.guild_id is None else "group",
                                    thread_id=str(ch.id) if in_thread else "", user_name=it.user.display_name))

    # -- sending ----------------------------------------------------------------------------------

    async def _call(self, coro: Any) -> Any:
        dc = _sdk()
        try:
            return await coro
        except dc.HTTPException as e:
            if e.status == 429:
                raise PlatformError("discord: rate limited", retry_after=1.0) from None
            permanent = e.code in PERMANENT or e.status in (401, 403, 404)
            raise PlatformError(f"discord: {e.status} {e.text or ''} ({e.code})".strip(), permanent=permanent) from None
        except (OSError, asyncio.TimeoutError, dc.DiscordException) as e:
            raise PlatformError(f"discord: {type(e).__name__}: {e}") from None

    async def _target(self, chat_id: str, thread_id: str) -> Any:
        """The channel a reply goes to: the thread when there is one (started on the first reply)."""
        dc = _sdk()
        if not thread_id:
            return self.client.get_partial_messageable(int(chat_id))
        existing = self.client.get_channel(int(thread_id))
        if existing is None:
            try:
                await self.client.http.start_thread_with_message(
                    int(chat_id), int(thread_id), name=f"Hermes · {thread_id[-6:]}", auto_archive_duration=1440)
            except dc.HTTPException as e:
                if e.code != THREAD_EXISTS:  # already there: a restart or a second reply racing us
                    raise
        return self.client.get_partial_messageable(int(thread_id))

    async def send(self, chat_id: str, text: str, *, thread_id: str = "", reply_to: str = "",
                   buttons: list[Button] | None = None) -> Sent:
        async def go() -> Any:
            ch = await self._target(chat_id, thread_id)
            kw: dict[str, Any] = {}
            if buttons:
                kw["view"] = self._view(buttons)
            return await ch.send(text, **kw)

        m = await self._call(go())
        return Sent(str(m.id), str(m.channel.id))

    def _view(self, buttons: list[Button]) -> Any:
        dc = _sdk()
        view = dc.ui.View(timeout=None)
        for b in buttons:
            style = dc.ButtonStyle.danger if b.data.startswith("/deny") else dc.ButtonStyle.primary
            view.add_item(dc.ui.Button(label=b.label[:80], custom_id=b.data[:100], style=style))
        view.stop()  # the clicks are read in on_interaction, not by the view
        return view

    async def edit(self, sent: Sent, text: str) -> None:
        msg = self.client.get_partial_messageable(int(sent.chat_id)).get_partial_message(int(sent.message_id))
        await self._call(msg.edit(content=text))

    async def typing(self, chat_id: str, *, thread_id: str = "") -> None:
        try:
            await self.client.get_partial_messageable(int(thread_id or chat_id)).typing()
        except Exception:
            pass  # cosmetic (and the thread may not exist yet)

    async def send_file(self, chat_id: str, path: str, *, caption: str = "", thread_id: str = "") -> Sent:
        dc = _sdk()

        async def go() -> Any:
            ch = await self._target(chat_id, thread_id)
            return await ch.send(caption or None, file=dc.File(path, filename=Path(path).name))

        m = await self._call(go())
        return Sent(str(m.id), str(m.channel.id))


def _replies_to(m: Any, me: int) -> bool:
    ref = m.reference.resolved if m.reference else None
    return getattr(getattr(ref, "author", None), "id", None) == me
