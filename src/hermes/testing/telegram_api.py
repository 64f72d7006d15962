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

The parts: `telegram_api_types` (messages, errors, entity checks), `telegram_api_server` (state,
routes and the methods); this module adds the test side.
"""

from __future__ import annotations

import time
from typing import Any

from hermes.testing.telegram_api_server import BotAPIServer
# Re-exported: importers take these from here
from hermes.testing.telegram_api_types import (_MDV2_RESERVED, MAX_TEXT, ApiError, BotMessage,  # noqa: F401
                                               _HtmlCheck, _json, _params, check_html, check_markdown_v2)


class TelegramAPI(BotAPIServer):
    """The emulator; start() serves it on a free loopback port in a background thread."""

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
