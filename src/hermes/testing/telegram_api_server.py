"""The side of the Telegram emulator the bot talks to: chat state, the HTTP routes (methods and file
downloads) and the Bot API methods, from getUpdates' long poll to webhook delivery."""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from typing import Any

from hermes.testing.http_emulator import LoopbackServer
from hermes.testing.telegram_api_types import (MAX_TEXT, ApiError, BotMessage, _json, _params, check_html,
                                               check_markdown_v2)


class BotAPIServer(LoopbackServer):
    """State, routes and methods; `TelegramAPI` adds the test side (the people writing to the bot)."""

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

    def _wake(self) -> None:
        """End the wait of any long poll (callable from any thread)."""
        if self._event is not None and self._loop is not None:
            try:
                self._loop.call_soon_threadsafe(self._event.set)
            except RuntimeError:
                pass  # the server's loop is gone

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
