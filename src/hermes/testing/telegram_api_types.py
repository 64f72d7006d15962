"""The Bot API's data and rules as the Telegram emulator applies them: the bot's messages, errors in
the Bot API's shape, the HTML and MarkdownV2 entity checks, and reading a method's parameters."""

from __future__ import annotations

import html.parser
import json
import re
import time
from dataclasses import dataclass, field
from typing import Any

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


# -- request parameters ---------------------------------------------------------------------------

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
