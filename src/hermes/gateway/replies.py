"""Turning the agent's Markdown into chat messages: split to the platform's length on paragraph and
code-block boundaries, converted to its markup dialect, secrets masked."""

from __future__ import annotations

import html
import re

from hermes.memory.threats import redact

_FENCE = re.compile(r"^```")


def split(text: str, limit: int) -> list[str]:
    """Pieces of at most `limit` characters, cut between paragraphs where possible, else between
    lines, else inside a line; a code block cut in two is closed and reopened, so each piece
    renders on its own."""
    if len(text) <= limit:
        return [text]
    limit = max(limit, 16)
    pieces: list[str] = []
    cur: list[str] = []
    fence = ""  # the ``` line open at the end of `cur`

    def flush(keep: list[str]) -> None:
        nonlocal cur
        opened_last = bool(fence) and cur and cur[-1].strip() == fence  # a fence with nothing in it yet
        body = "\n".join(cur[:-1] if opened_last else cur).rstrip("\n")
        if body.strip():
            pieces.append(body + ("\n```" if fence and not opened_last else ""))
        cur = ([fence] if fence else []) + keep

    for line in _lines(text, limit - 8):
        after = ("" if fence else line.strip()) if _FENCE.match(line.strip()) else fence
        size = len("\n".join(cur + [line])) + (4 if after else 0)
        if size > limit and cur:
            # move a trailing paragraph along rather than cutting it, if one started late enough
            blank = max((i for i, ln in enumerate(cur) if not ln.strip()), default=-1)
            tail = cur[blank + 1:] if blank > len(cur) // 2 and not fence else []
            cur = cur[:len(cur) - len(tail)] if tail else cur
            flush(tail)
        cur.append(line)
        fence = after
    if cur:
        fence = ""
        flush([])
    return pieces


def _lines(text: str, width: int) -> list[str]:
    """The text's lines, each longer than `width` cut at its last space before the width."""
    out = []
    for line in text.split("\n"):
        while len(line) > width:
            at = line.rfind(" ", width // 3, width)
            at = at + 1 if at > 0 else width
            out.append(line[:at].rstrip())
            line = line[at:]
        out.append(line)
    return out


_MDV2_SPECIAL = re.compile(r"([_*\[\]()~`>#+\-=|{}.!\\])")


def to_dialect(text: str, dialect: str) -> str:
    """Markdown as the platform writes it: plain, html (Telegram/Matrix), markdownv2, mrkdwn (Slack)."""
    if dialect == "html":
        return _html(text)
    if dialect == "mrkdwn":
        return re.sub(r"\*\*(.+?)\*\*", r"*\1*", text)
    if dialect == "markdownv2":
        return _markdown_v2(text)
    return text


def _html(text: str) -> str:
    out, pos = [], 0
    for m in re.finditer(r"```[\w+-]*\n?(.*?)(?:```|\Z)", text, re.S):
        out.append(_html_inline(text[pos:m.start()]))
        out.append(f"<pre>{html.escape(m.group(1).rstrip())}</pre>")
        pos = m.end()
    out.append(_html_inline(text[pos:]))
    return "".join(out)


def _html_inline(s: str) -> str:
    s = html.escape(s, quote=False)
    s = re.sub(r"`([^`\n]+)`", r"<code>\1</code>", s)
    s = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", s)
    return re.sub(r"(?<![*\w])\*([^*\n]+)\*(?![*\w])", r"<i>\1</i>", s)


def _markdown_v2(text: str) -> str:
    out, pos = [], 0
    for m in re.finditer(r"```[\w+-]*\n?.*?(?:```|\Z)", text, re.S):
        out.append(_MDV2_SPECIAL.sub(r"\\\1", text[pos:m.start()]))
        out.append(m.group(0).replace("\\", "\\\\"))
        pos = m.end()
    out.append(_MDV2_SPECIAL.sub(r"\\\1", text[pos:]))
    return "".join(out)


def prepare(text: str, limit: int, dialect: str) -> list[str]:
    """What the platform receives for one reply: masked, split, converted. Markup can make a piece
    longer (escapes, tags): such a piece is split again, smaller, until it fits."""
    out: list[str] = []
    for piece in split(redact(text), limit):
        out.extend(_fit(piece, limit, dialect))
    return out


def _fit(piece: str, limit: int, dialect: str, depth: int = 0) -> list[str]:
    converted = to_dialect(piece, dialect)
    if len(converted) <= limit or depth > 6 or len(piece) <= 16:
        return [converted]
    smaller = max(16, int(len(piece) * limit / len(converted) * 0.9))
    return [c for sub in split(piece, smaller) for c in _fit(sub, limit, dialect, depth + 1)]
