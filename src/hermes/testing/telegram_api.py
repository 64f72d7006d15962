"""A local Telegram Bot API, written from the Bot API documentation, for tests and benchmarks.

python-telegram-bot talks to it unchanged through its base URL settings
(`Bot(token, base_url=api.base_url, base_file_url=api.base_file_url)`). It keeps chats in memory and
implements what a bot needs: getMe, getUpdates (a real long poll with offsets and confirmation),
sendMessage (HTML/MarkdownV2 checked, length limit, inline keyboards, threads, replies),
editMessageText, sendChatAction, sendDocument (multipart), getFile and file downloads,
setWebhook/deleteWebhook/getWebhookInfo (updates are POSTed to the webhook with the secret header;
getUpdates then answers 409), answerCallbackQuery. Errors have the Bot API's shape, including
429 with `parameters.retry_after`.

The test side: `user_says()`, `press_button()`, `sent()`, `wait_sent()`, `fail_next()`.
"""

from __future__ import annotations

import asyncio
import html.parser
import itertools
import json
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from hermes.testing.http_emulator import LoopbackServer

MAX_TEXT = 4096


@dataclass
class BotMessage:
    chat_id: int
    message_id: int
    text: str
    parse_mode: str | None = None
    thread_id: int | None = None
    reply_to: int | None = None
    buttons: list[list[dict[str, Any]]] | None = None
    edits: list[str] = field(default_factory=list)
    document: tuple[str, bytes] | None = None
    at: float = field(default_factory=time.time)


class ApiError(Exception):
    def __init__(self, code: int, description: str, retry_after: int | None = None):
        super().__init__(description)
        self.code, self.description, self.retry_after = code, description, retry_after


class _HtmlCheck(html.parser.HTMLParser):
    ALLOWED = {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "a", "code", "pre", "span",
               "tg-spoiler", "blockquote", "tg-emoji"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.error: str | None = None
        self.plain: list[str] = []

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag not in self.ALLOWED:
            self.error = self.error or f"unsupported start tag \"{tag}\""
        self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.error = self.error or f"unexpected end tag \"{tag}\""
        else:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.plain.append(data)


def check_html(text: str) -> str:
    """The text a user would see, or ApiError 400 as Telegram answers malformed HTML."""
    p = _HtmlCheck()
    p.feed(text)
    p.close()
    if re.search(r"<(?![a-zA-Z/])", text) or re.search(r"&(?![a-zA-Z]+;|#\d+;|#x[0-9a-fA-F]+;)", text):
        p.error = p.error or "unescaped < or &"
    if p.error or p.stack:
        raise ApiError(400, f"Bad Request: can't parse entities: {p.error or 'unclosed tag'}")
    return "".join(p.plain)


_MDV2_RESERVED = set("_*[]()~`>#+-=|{}.!")


def check_markdown_v2(text: str) -> None:
    """Reserved characters outside code must be escaped (the most common MarkdownV2 error)."""
    i, in_code = 0, False
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "`":
            in_code = not in_code
        elif not in_code and c in ".!-=+#|{}>()" and c in _MDV2_RESERVED:
            raise ApiError(400, f"Bad Request: can't parse entities: Character '{c}' is reserved and must "
                                "be escaped with the preceding '\\'")
        i += 1


class TelegramAPI(LoopbackServer):
    """The emulator; start() serves it on a free loopback port in a background thread."""

    def __init__(self, token: str = "123456:TEST-token", username: str = "hermes_test_bot"):
        self.token = token
        self.username = username
        self.bot_id = int(token.split(":", 1)[0])
        self.lock = threading.Condition()
        self.updates: list[dict[str, Any]] = []  # not yet confirmed
        self._update_ids = itertools.count(1)
        self._message_ids: dict[int, itertools.count] = {}
        self.messages: dict[int, list[BotMessage]] = {}  # the bot's messages per chat
        self.by_id: dict[tuple[int, int], BotMessage] = {}
        self.actions: dict[int, list[str]] = {}
        self.files: dict[str, tuple[str, bytes]] = {}
        self.calls: dict[str, int] = {}
        self._fail: dict[str, list[tuple[int, str, int | None]]] = {}
        self.webhook: dict[str, Any] | None = None
        self.answered_callbacks: list[str] = []
        self.delivered: dict[tuple[int, int], dict[str, Any]] = {}
        self._event: asyncio.Event | None = None  # set when updates arrive; lives in the server's loop
        self._loop: asyncio.AbstractEventLoop | None = None

    # -- serving ----------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    def stop(self) -> None:
        """Stop serving (the state stays: start() again on the same port to simulate an outage)."""
        if self._server is not None:
            self._server.should_exit = True
            with self.lock:
                self.lock.notify_all()
            self._wake()  # long polls end now
        super().stop()
        self._event = self._loop = None

    def _app(self) -> Any:
        from starlette.applications import Starlette
        from starlette.responses import JSONResponse, Response
        from starlette.routing import Route

        async def method(request: Any) -> Any:
            token, name = request.path_params["token"], request.path_params["method"]
            try:
                params = await _params(request)
            except Exception:  # the client went away mid-request, or sent garbage
                return JSONResponse({"ok": False, "error_code": 400, "description": "Bad Request"}, status_code=400)
            try:
                if token != self.token:
                    raise ApiError(401, "Unauthorized")
                result = await self._call(name, params)
            except ApiError as e:
                body: dict[str, Any] = {"ok": False, "error_code": e.code, "description": e.description}
                if e.retry_after is not None:
                    body["parameters"] = {"retry_after": e.retry_after}
                return JSONResponse(body, status_code=e.code)
            return JSONResponse({"ok": True, "result": result})

        async def download(request: Any) -> Any:
            if request.path_params["token"] != self.token:
                return Response(status_code=401)
            got = self.files.get(request.path_params["path"])
            if got is None:
                return Response(status_code=404)
            return Response(got[1], media_type="application/octet-stream")

        return Starlette(routes=[Route("/bot{token}/{method}", method, methods=["GET", "POST"]),
                                 Route("/file/bot{token}/{path:path}", download)])

    # -- the methods ------------------------------------------------------------------------------

    async def _call(self, name: str, p: dict[str, Any]) -> Any:
        with self.lock:
            self.calls[name] = self.calls.get(name, 0) + 1
            queued = self._fail.get(name)
            if queued:
                code, desc, retry = queued.pop(0)
                raise ApiError(code, desc, retry)
        if name == "getUpdates":
            return await self._get_updates(p)
        handler = getattr(self, "_m_" + name, None)
        if handler is None:
            raise ApiError(404, "Not Found: method not found")
        with self.lock:
            return handler(p)

    def _m_getMe(self, p: dict[str, Any]) -> dict[str, Any]:
        return {"id": self.bot_id, "is_bot": True, "first_name": "Hermes", "username": self.username,
                "can_join_groups": True, "can_read_all_group_messages": False, "supports_inline_queries": False,
                "can_connect_to_business": False, "has_main_web_app": False}

    async def _get_updates(self, p: dict[str, Any]) -> list[dict[str, Any]]:
        if self.webhook is not None:
            raise ApiError(409, "Conflict: can't use getUpdates method while webhook is active; use "
                                "deleteWebhook to delete the webhook first")
        offset = int(p.get("offset") or 0)
        limit = max(1, min(100, int(p.get("limit") or 100)))
        timeout = float(p.get("timeout") or 0)
        deadline = time.time() + timeout
        if self._event is None:
            self._loop, self._event = asyncio.get_running_loop(), asyncio.Event()
        while True:
            self._event.clear()
            with self.lock:
                if offset:
                    self.updates = [u for u in self.updates if u["update_id"] >= offset]
                ready = self.updates[:limit]
                if ready or time.time() >= deadline or self._server is None or self._server.should_exit:
                    return ready
            try:  # woken the moment a person writes (see _wake), not by polling
                async with asyncio.timeout(max(0.0, deadline - time.time())):
                    await self._event.wait()
            except TimeoutError:
                pass

    def _chat_ids(self, chat_id: int) -> itertools.count:
        return self._message_ids.setdefault(chat_id, itertools.count(1_000))

    def _m_sendMessage(self, p: dict[str, Any]) -> dict[str, Any]:
        chat_id, text = int(p["chat_id"]), str(p.get("text", ""))
        mode = p.get("parse_mode")
        shown = self._check_text(text, mode)
        if not shown.strip():
            raise ApiError(400, "Bad Request: message text is empty")
        markup = _json(p.get("reply_markup"))
        thread = int(p["message_thread_id"]) if p.get("message_thread_id") else None
        reply = _json(p.get("reply_parameters")) or {}
        reply_to = reply.get("message_id") or (int(p["reply_to_message_id"]) if p.get("reply_to_message_id") else None)
        m = BotMessage(chat_id, next(self._chat_ids(chat_id)), text, mode, thread, reply_to,
                       (markup or {}).get("inline_keyboard"))
        self._store(m)
        return self._message_json(m, shown)

    def _check_text(self, text: str, mode: str | None) -> str:
        if mode == "HTML":
            shown = check_html(text)
        elif mode == "MarkdownV2":
            check_markdown_v2(text)
            shown = text
        else:
            shown = text
        if len(shown) > MAX_TEXT:
            raise ApiError(400, "Bad Request: message is too long")
        return shown

    def _store(self, m: BotMessage) -> None:
        self.messages.setdefault(m.chat_id, []).append(m)
        self.by_id[(m.chat_id, m.message_id)] = m
        self.lock.notify_all()

    def _message_json(self, m: BotMessage, shown: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"message_id": m.message_id, "date": int(m.at), "chat": self._chat(m.chat_id),
                               "from": {"id": self.bot_id, "is_bot": True, "first_name": "Hermes",
                                        "username": self.username}}
        if m.document is not None:
            out["document"] = {"file_id": f"doc-{m.chat_id}-{m.message_id}", "file_unique_id": f"u{m.message_id}",
                               "file_name": m.document[0], "file_size": len(m.document[1])}
        else:
            out["text"] = shown if shown is not None else m.text
        if m.thread_id:
            out["message_thread_id"] = m.thread_id
        if m.buttons:
            out["reply_markup"] = {"inline_keyboard": m.buttons}
        return out

    def _chat(self, chat_id: int) -> dict[str, Any]:
        if chat_id > 0:
            return {"id": chat_id, "type": "private", "first_name": f"user{chat_id}"}
        return {"id": chat_id, "type": "supergroup", "title": f"group{chat_id}"}

    def _m_editMessageText(self, p: dict[str, Any]) -> dict[str, Any]:
        chat_id, mid = int(p["chat_id"]), int(p["message_id"])
        m = self.by_id.get((chat_id, mid))
        if m is None:
            raise ApiError(400, "Bad Request: message to edit not found")
        text = str(p.get("text", ""))
        shown = self._check_text(text, p.get("parse_mode"))
        if text == m.text:
            raise ApiError(400, "Bad Request: message is not modified: specified new message content and reply "
                                "markup are exactly the same as a current content and reply markup of the message")
        m.edits.append(text)
        m.text, m.parse_mode = text, p.get("parse_mode")
        self.lock.notify_all()
        return self._message_json(m, shown)

    def _m_sendChatAction(self, p: dict[str, Any]) -> bool:
        self.actions.setdefault(int(p["chat_id"]), []).append(str(p.get("action")))
        return True

    def _m_sendDocument(self, p: dict[str, Any]) -> dict[str, Any]:
        chat_id = int(p["chat_id"])
        doc = p.get("document")
        if not isinstance(doc, tuple):
            raise ApiError(400, "Bad Request: there is no document in the request")
        m = BotMessage(chat_id, next(self._chat_ids(chat_id)), str(p.get("caption", "")), p.get("parse_mode"),
                       int(p["message_thread_id"]) if p.get("message_thread_id") else None)
        m.document = doc
        self.files[f"documents/doc-{chat_id}-{m.message_id}"] = doc
        self._store(m)
        return self._message_json(m)

    def _m_getFile(self, p: dict[str, Any]) -> dict[str, Any]:
        file_id = str(p["file_id"])
        for path, (name, data) in self.files.items():
            if path.rsplit("/", 1)[-1] == file_id:
                return {"file_id": file_id, "file_unique_id": "u" + file_id, "file_size": len(data),
                        "file_path": path}
        raise ApiError(400, "Bad Request: invalid file_id")

    def _m_setWebhook(self, p: dict[str, Any]) -> bool:
        url = str(p.get("url") or "")
        if not url:
            self.webhook = None
            return True
        self.webhook = {"url": url, "secret_token": p.get("secret_token"), "errors": 0}
        self.lock.notify_all()
        threading.Thread(target=self._push_loop, daemon=True).start()
        return True

    def _m_deleteWebhook(self, p: dict[str, Any]) -> bool:
        self.webhook = None
        return True

    def _m_getWebhookInfo(self, p: dict[str, Any]) -> dict[str, Any]:
        w = self.webhook or {}
        return {"url": w.get("url", ""), "has_custom_certificate": False, "pending_update_count": len(self.updates)}

    def _m_answerCallbackQuery(self, p: dict[str, Any]) -> bool:
        self.answered_callbacks.append(str(p["callback_query_id"]))
        return True

    def _push_loop(self) -> None:
        """Deliver updates to the webhook in order; an update leaves the queue once accepted (2xx)."""
        import httpx

        hook = self.webhook
        with httpx.Client(timeout=10) as client:
            while self.webhook is hook and hook is not None and self._server is not None:
                with self.lock:
                    if not self.updates:
                        self.lock.wait(0.1)
                        continue
                    upd = self.updates[0]
                headers = {"X-Telegram-Bot-Api-Secret-Token": hook["secret_token"]} if hook.get("secret_token") else {}
                try:
                    ok = client.post(hook["url"], json=upd, headers=headers).status_code < 300
                except httpx.HTTPError:
                    ok = False
                with self.lock:
                    if ok and self.updates and self.updates[0] is upd:
                        self.updates.pop(0)
                    elif not ok:
                        hook["errors"] += 1
                if not ok:
                    time.sleep(0.2)

    # -- the test side ----------------------------------------------------------------------------

    def user_says(self, chat_id: int, user_id: int, text: str = "", *, chat_type: str | None = None,
                  first_name: str = "", thread_id: int | None = None, reply_to: int | None = None,
                  document: tuple[str, bytes] | None = None) -> int:
        """A person writes to the bot; returns the message id."""
        with self.lock:
            mid = next(self._chat_ids(chat_id))
            kind = chat_type or ("private" if chat_id > 0 else "supergroup")
            chat = {"id": chat_id, "type": kind}
            chat.update({"first_name": first_name or f"user{user_id}"} if kind == "private" else {"title": f"g{chat_id}"})
            msg: dict[str, Any] = {"message_id": mid, "date": int(time.time()), "chat": chat,
                                   "from": {"id": user_id, "is_bot": False, "first_name": first_name or f"user{user_id}"}}
            if document is not None:
                fid = f"in-{chat_id}-{mid}"
                self.files[f"documents/{fid}"] = document
                msg["document"] = {"file_id": fid, "file_unique_id": "u" + fid, "file_name": document[0],
                                   "file_size": len(document[1]), "mime_type": "application/octet-stream"}
                if text:
                    msg["caption"] = text
            else:
                msg["text"] = text
            if thread_id is not None:
                msg["message_thread_id"] = thread_id
                msg["is_topic_message"] = True
            if reply_to is not None:
                msg["reply_to_message"] = {"message_id": reply_to, "date": int(time.time()), "chat": chat}
            upd = {"update_id": next(self._update_ids), "message": msg}
            self.updates.append(upd)
            self.delivered[(chat_id, mid)] = upd
            self.lock.notify_all()
            self._wake()
            return mid

    def _wake(self) -> None:
        if self._event is not None and self._loop is not None:
            try:
                self._loop.call_soon_threadsafe(self._event.set)
            except RuntimeError:
                pass  # the server's loop is gone

    def redeliver(self, chat_id: int, message_id: int) -> None:
        """Telegram sends an update again (after a timeout on its side, or a lost confirmation)."""
        with self.lock:
            upd = dict(self.delivered[(chat_id, message_id)], update_id=next(self._update_ids))
            self.updates.append(upd)
            self.lock.notify_all()
            self._wake()

    def press_button(self, chat_id: int, user_id: int, message_id: int, data: str) -> str:
        with self.lock:
            m = self.by_id[(chat_id, message_id)]
            cb_id = f"cb{next(self._update_ids)}"
            self.updates.append({"update_id": next(self._update_ids), "callback_query": {
                "id": cb_id, "chat_instance": str(chat_id), "data": data,
                "from": {"id": user_id, "is_bot": False, "first_name": f"user{user_id}"},
                "message": self._message_json(m)}})
            self.lock.notify_all()
            self._wake()
            return cb_id

    def sent(self, chat_id: int) -> list[BotMessage]:
        with self.lock:
            return list(self.messages.get(chat_id, []))

    def wait_sent(self, chat_id: int, n: int, timeout: float = 10.0, *, documents: bool = True) -> list[BotMessage]:
        """Wait until the bot sent at least `n` messages to the chat; returns them (raises on timeout)."""
        deadline = time.time() + timeout
        with self.lock:
            while True:
                got = [m for m in self.messages.get(chat_id, []) if documents or m.document is None]
                if len(got) >= n:
                    return got
                left = deadline - time.time()
                if left <= 0:
                    raise TimeoutError(f"chat {chat_id}: {len(got)} of {n} messages: {[m.text for m in got]}")
                self.lock.wait(min(left, 0.1))

    def wait_for(self, predicate: Any, timeout: float = 10.0) -> None:
        deadline = time.time() + timeout
        with self.lock:
            while not predicate():
                left = deadline - time.time()
                if left <= 0:
                    raise TimeoutError("condition not met")
                self.lock.wait(min(left, 0.1))

    def fail_next(self, method: str, times: int = 1, code: int = 429, retry_after: int | None = 1,
                  description: str | None = None) -> None:
        """Make the next `times` calls of `method` fail as Telegram does (429 Too Many Requests by default)."""
        desc = description or (f"Too Many Requests: retry after {retry_after}" if code == 429 else "Bad Request")
        with self.lock:
            self._fail.setdefault(method, []).extend([(code, desc, retry_after if code == 429 else None)] * times)


async def _params(request: Any) -> dict[str, Any]:
    out: dict[str, Any] = dict(request.query_params)
    ctype = request.headers.get("content-type", "")
    if "application/json" in ctype:
        body = await request.body()
        if body:
            out.update(json.loads(body))
    elif "multipart/form-data" in ctype or "application/x-www-form-urlencoded" in ctype:
        form = await request.form()
        for k, v in form.multi_items():
            if hasattr(v, "read"):
                out[k] = (v.filename or k, await v.read())
            else:
                out[k] = v
    return out


def _json(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return None
    return value
