"""Telegram, through python-telegram-bot's Bot (extra `telegram`): long polling or a webhook.

The receive loop is our own getUpdates loop rather than telegram.ext.Application: the offset is
advanced only after the core has taken a batch, network errors back off with jitter, and nothing
else (handlers, job queues, persistence) comes along. Sends use HTML, the dialect the core converts
to; a reply Telegram cannot parse is sent again as plain text.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import logging
import random
import re
from pathlib import Path
from typing import Any, Mapping

from hermes.gateway.base import Attachment, Button, Capabilities, Inbound, InboundHandler, PlatformError, Sent

log = logging.getLogger("hermes.gateway.telegram")

SECRETS = [("TELEGRAM_BOT_TOKEN", "the bot token from @BotFather"),
           ("TELEGRAM_WEBHOOK_SECRET", "webhook mode only: the secret Telegram sends with each update")]
OPTIONS = {"base_url": "Bot API base URL (default https://api.telegram.org/bot)",
           "base_file_url": "file download base URL (default https://api.telegram.org/file/bot)",
           "webhook_url": "public HTTPS URL Telegram posts updates to (switches from polling to a webhook)",
           "webhook_listen": "host:port the webhook listener binds (default 127.0.0.1:8443)",
           "poll_timeout": "long-poll seconds (default 30)"}
MAX_FILE = 20 * 1024 * 1024  # what the Bot API lets a bot download
CHAT_TYPES = {"private": "dm", "group": "group", "supergroup": "group", "channel": "channel"}


def create(section: Any, secrets: Mapping[str, str], home: Path) -> "TelegramAdapter":
    token = secrets.get("TELEGRAM_BOT_TOKEN", "")
    if not token:
        raise ValueError("telegram: TELEGRAM_BOT_TOKEN is not set (hermes gateway setup telegram)")
    return TelegramAdapter(token, dict(section.options), Path(home) / "gateway" / "files" / "telegram",
                           webhook_secret=secrets.get("TELEGRAM_WEBHOOK_SECRET", ""))


def _sdk() -> Any:
    try:
        import telegram
    except ImportError:
        from hermes import pip_extra

        raise RuntimeError(f"Telegram support needs python-telegram-bot: {pip_extra('telegram')}") from None
    return telegram


def _retry_after(e: Any) -> float:
    import warnings

    with warnings.catch_warnings():  # PTB 22 warns that the type will become timedelta; both are handled
        warnings.simplefilter("ignore")
        value = e.retry_after
    return value.total_seconds() if isinstance(value, _dt.timedelta) else float(value)


class TelegramAdapter:
    name = "telegram"
    capabilities = Capabilities(max_length=4096, can_edit=True, edit_interval=1.0, can_typing=True,
                                can_files=True, can_buttons=True, markdown="html")

    def __init__(self, token: str, options: dict[str, Any], files: Path, webhook_secret: str = ""):
        self.token, self.options, self.files = token, options, files
        self.webhook_secret = webhook_secret
        self.poll_timeout = int(options.get("poll_timeout", 30))
        self.bot: Any = None
        self.offset = 0
        self._on: InboundHandler | None = None
        self._task: asyncio.Task | None = None
        self._server: Any = None
        self._connected = False
        self.me = ""

    def _make_bot(self) -> Any:
        tg = _sdk()
        from telegram.request import HTTPXRequest

        kw = {k: self.options[k] for k in ("base_url", "base_file_url") if self.options.get(k)}
        return tg.Bot(self.token, request=HTTPXRequest(connection_pool_size=64, read_timeout=15),
                      get_updates_request=HTTPXRequest(read_timeout=self.poll_timeout + 10), **kw)

    # -- life cycle -------------------------------------------------------------------------------

    async def validate(self) -> str:
        bot = self._make_bot()
        try:
            me = await bot.get_me()
        except Exception as e:
            raise PlatformError(_describe(e), permanent=True) from None
        finally:
            await bot.shutdown()
        return f"@{me.username}"

    async def connect(self, on_message: InboundHandler) -> None:
        self.bot = self._make_bot()
        try:
            await self.bot.initialize()  # getMe: a wrong token fails here
        except Exception as e:
            raise PlatformError(f"telegram: {_describe(e)}", permanent=True) from None
        self.me = self.bot.username or ""
        self._on = on_message
        if self.options.get("webhook_url"):
            await self._start_webhook()
        else:
            await self.bot.delete_webhook()
            self._task = asyncio.create_task(self._poll(), name="telegram-poll")
        self._connected = True

    async def disconnect(self) -> None:
        self._connected = False
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self._server is not None:
            self._server.should_exit = True
            await asyncio.gather(self._server_task, return_exceptions=True)
            self._server = None
        if self.bot is not None:
            try:
                await self.bot.shutdown()
            except Exception:
                pass

    @property
    def connected(self) -> bool:
        return self._connected

    # -- receiving --------------------------------------------------------------------------------

    async def _poll(self) -> None:
        from telegram.error import Conflict, InvalidToken, NetworkError, RetryAfter, TimedOut

        delay = 1.0
        while True:
            try:
                updates = await self.bot.get_updates(offset=self.offset or None, timeout=self.poll_timeout,
                                                     allowed_updates=["message", "edited_message", "callback_query"])
                delay = 1.0
                if not self._connected:
                    log.info("telegram: receiving again")
                self._connected = True
            except asyncio.CancelledError:
                raise
            except RetryAfter as e:
                await asyncio.sleep(_retry_after(e))
                continue
            except (InvalidToken, Conflict) as e:  # not transient: say so and keep trying slowly
                log.error("telegram: %s", _describe(e))
                await asyncio.sleep(30)
                continue
            except (NetworkError, TimedOut, Exception) as e:
                self._connected = False
                log.warning("telegram: receiving failed (%s); retrying in %.0f s", _describe(e), delay)
                await asyncio.sleep(delay * random.uniform(0.7, 1.3))
                delay = min(delay * 2, 60.0)
                continue
            for upd in updates:
                await self._dispatch(upd)
                self.offset = upd.update_id + 1  # confirmed on the next getUpdates

    async def _dispatch(self, upd: Any) -> None:
        try:
            msg = await self._inbound(upd)
        except Exception:
            log.exception("telegram: could not read update %s", getattr(upd, "update_id", "?"))
            return
        if msg is not None and self._on is not None:
            try:
                await self._on(msg)
            except Exception:
                log.exception("telegram: the gateway failed on update %s", upd.update_id)

    async def _inbound(self, upd: Any) -> Inbound | None:
        if upd.callback_query is not None:
            q = upd.callback_query
            try:
                await q.answer()
            except Exception:
                pass
            m = q.message
            return Inbound("telegram", str(m.chat.id), str(q.from_user.id), q.data or "", f"cb:{q.id}",
                           chat_type=CHAT_TYPES.get(m.chat.type, "group"),
                           thread_id=str(m.message_thread_id or ""), user_name=q.from_user.full_name)
        m = upd.message or upd.edited_message
        if m is None or m.from_user is None or m.from_user.is_bot:
            return None
        text = m.text or m.caption or ""
        if m.chat.type != "private" and self.me:  # /cmd@thisbot in groups; a mention is not part of the request
            text = re.sub(rf"@{re.escape(self.me)}\b", "", text).strip()
        attachments = []
        media = m.document or (m.photo[-1] if m.photo else None)
        if media is not None:
            attachments.append(await self._download(media, getattr(media, "file_name", None) or "photo.jpg"))
        mid = f"{m.chat.id}:{m.message_id}" + (":edit" if upd.edited_message is not None else "")
        return Inbound("telegram", str(m.chat.id), str(m.from_user.id), text, mid,
                       chat_type=CHAT_TYPES.get(m.chat.type, "group"),
                       thread_id=str(m.message_thread_id or "") if m.is_topic_message else "",
                       user_name=m.from_user.full_name, attachments=attachments,
                       reply_to=str(m.reply_to_message.message_id) if m.reply_to_message else "",
                       raw={"message_id": m.message_id})

    async def _download(self, media: Any, name: str) -> Attachment:
        safe = re.sub(r"[^A-Za-z0-9._-]", "_", Path(name).name)[:100] or "file"
        size = getattr(media, "file_size", 0) or 0
        if size > MAX_FILE:
            return Attachment(safe, size=size, mime=getattr(media, "mime_type", None) or "application/octet-stream")
        f = await self.bot.get_file(media.file_id)
        self.files.mkdir(parents=True, exist_ok=True)
        path = self.files / f"{media.file_unique_id}-{safe}"
        await f.download_to_drive(path)
        return Attachment(safe, str(path), getattr(media, "mime_type", None) or "application/octet-stream",
                          path.stat().st_size)

    async def _start_webhook(self) -> None:
        import uvicorn
        from starlette.applications import Starlette
        from starlette.responses import Response
        from starlette.routing import Route
        from telegram import Update

        async def hook(request: Any) -> Any:
            if self.webhook_secret and request.headers.get("x-telegram-bot-api-secret-token") != self.webhook_secret:
                return Response(status_code=403)
            upd = Update.de_json(await request.json(), self.bot)
            await self._dispatch(upd)
            return Response(status_code=200)

        host, _, port = str(self.options.get("webhook_listen", "127.0.0.1:8443")).rpartition(":")
        app = Starlette(routes=[Route("/{path:path}", hook, methods=["POST"])])
        self._server = uvicorn.Server(uvicorn.Config(app, host=host or "127.0.0.1", port=int(port),
                                                     log_level="error", lifespan="off"))
        self._server_task = asyncio.create_task(self._server.serve())
        while not self._server.started:
            if self._server_task.done():
                raise PlatformError(f"telegram: cannot listen on {host}:{port} for the webhook", permanent=True)
            await asyncio.sleep(0.02)
        await self.bot.set_webhook(self.options["webhook_url"], secret_token=self.webhook_secret or None,
                                   allowed_updates=["message", "edited_message", "callback_query"])

    # -- sending ----------------------------------------------------------------------------------

    async def send(self, chat_id: str, text: str, *, thread_id: str = "", reply_to: str = "",
                   buttons: list[Button] | None = None) -> Sent:
        from telegram import InlineKeyboardButton, InlineKeyboardMarkup, ReplyParameters

        markup = InlineKeyboardMarkup([[InlineKeyboardButton(b.label, callback_data=b.data) for b in buttons]]) \
            if buttons else None
        kw: dict[str, Any] = {"reply_markup": markup}
        if thread_id:
            kw["message_thread_id"] = int(thread_id)
        if reply_to:
            kw["reply_parameters"] = ReplyParameters(int(reply_to.rsplit(":", 1)[-1]), allow_sending_without_reply=True)
        m = await self._html_or_plain(lambda **p: self.bot.send_message(int(chat_id), **p, **kw), text)
        return Sent(str(m.message_id), chat_id)

    async def edit(self, sent: Sent, text: str) -> None:
        from telegram.error import BadRequest

        try:
            await self._html_or_plain(lambda **p: self.bot.edit_message_text(
                chat_id=int(sent.chat_id), message_id=int(sent.message_id), **p), text)
        except PlatformError as e:
            if "not modified" not in str(e):
                raise
        except BadRequest as e:  # pragma: no cover - mapped above
            raise PlatformError(str(e)) from None

    async def _html_or_plain(self, call: Any, text: str) -> Any:
        from telegram.error import BadRequest

        try:
            try:
                return await call(text=text, parse_mode="HTML")
            except BadRequest as e:
                if "parse entities" not in str(e):
                    raise
                log.info("telegram: markup refused (%s); sending as plain text", e)
                return await call(text=_plain(text))
        except Exception as e:
            raise _platform_error(e) from None

    async def typing(self, chat_id: str, *, thread_id: str = "") -> None:
        kw = {"message_thread_id": int(thread_id)} if thread_id else {}
        try:
            await self.bot.send_chat_action(int(chat_id), "typing", **kw)
        except Exception:
            pass

    async def send_file(self, chat_id: str, path: str, *, caption: str = "", thread_id: str = "") -> Sent:
        kw = {"message_thread_id": int(thread_id)} if thread_id else {}
        try:
            with open(path, "rb") as fh:
                m = await self.bot.send_document(int(chat_id), document=fh, filename=Path(path).name,
                                                 caption=caption or None, **kw)
        except OSError as e:
            raise PlatformError(f"cannot read {path}: {e.strerror}", permanent=True) from None
        except Exception as e:
            raise _platform_error(e) from None
        return Sent(str(m.message_id), chat_id)


def _plain(text: str) -> str:
    import html

    return html.unescape(re.sub(r"</?[a-zA-Z][^>]*>", "", text))


def _describe(e: Exception) -> str:
    from telegram.error import InvalidToken

    if isinstance(e, InvalidToken):
        return "the bot token was refused (check TELEGRAM_BOT_TOKEN)"
    return f"{type(e).__name__}: {e}"


def _platform_error(e: Exception) -> PlatformError:
    from telegram.error import BadRequest, Forbidden, RetryAfter

    if isinstance(e, PlatformError):
        return e
    if isinstance(e, RetryAfter):
        return PlatformError(str(e), retry_after=_retry_after(e))
    if isinstance(e, Forbidden) or (isinstance(e, BadRequest) and "chat not found" in str(e).lower()):
        return PlatformError(str(e), permanent=True)
    if isinstance(e, BadRequest):
        return PlatformError(str(e), permanent="not modified" not in str(e))
    return PlatformError(f"{type(e).__name__}: {e}")
