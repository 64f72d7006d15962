"""Encoded text a model could be told to decode: the decoded forms, to be scanned once more.

Base64 runs decode into printable text; %-escapes, HTML entities, string concatenation and
dot-split words decode where they appear; ROT13 and reversed text only when the text speaks of
them (otherwise every line would be a candidate). Work is per line and capped, so a long page
with many URLs costs a few regex passes, not a second full scan.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import html
import re
from urllib.parse import unquote

_MAX_OUT = 16_384
_MAX_B64 = 24
_B64 = re.compile(r"(?<![\w+/=-])[A-Za-z0-9+/_-]{16,}={0,2}(?![\w+/=-])")
_PCT = re.compile(r"%[0-9A-Fa-f]{2}")
_ENT = re.compile(r"&(?:#\d{2,4}|#x[0-9a-f]{2,4}|[a-z]{2,8});", re.I)
_CONCAT = re.compile(r"['\"]\s*\+\s*['\"]")
_DOTSPLIT = re.compile(r"(?<=[a-z])\.(?=[a-z]{2,}\b)")
# "in.struc.tions" is split; "docs.python.org" and "setup.py" end in a domain or a file extension.
_DOTTED = re.compile(r"(?<![\w/@.:-])[a-z]+(?:\.[a-z]+)+(?![\w/@:-])")
_NAME_END = frozenset("com org net io dev app example co uk de fr ru cn jp me sh ai gov edu info biz local internal "
                      "py md txt json yaml yml toml cfg ini env lock log csv html js ts sql rs go rb zip gz pdf png "
                      "svg jpg conf sock pem pub key".split())
# Letter-spaced text, "S e n d   t h e   k e y": letters one space apart, words two or more apart.
_SPACED_RUN = re.compile(r"(?:(?<!\S)\S {1,3}){6,}\S(?!\S)")
_ROT13 = re.compile(r"\brot-?13\b|\bcaesar\b", re.I)
_REVERSED = re.compile(r"\bbackwards?\b|\breversed?\b|\bright[\s-]to[\s-]left\b|\bmirror(?:ed)?\s+text\b", re.I)


def _b64_text(run: str) -> str | None:
    if len(run) < 16 or run.isalpha() and (run.islower() or run.isupper()):
        return None  # long words and identifiers are not base64
    try:
        raw = base64.b64decode(run + "=" * (-len(run) % 4), altchars=b"-_" if "-" in run or "_" in run else None)
    except (binascii.Error, ValueError):
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("utf-16-le", "ignore") if raw[1:2] == b"\x00" else ""  # powershell -enc
    printable = sum(c.isprintable() or c in "\n\t" for c in text)
    if len(text) < 8 or printable < 0.9 * len(text) or not re.search(r"[a-z]{2,}\W+[a-z]{2,}", text, re.I):
        return None
    return text


def decoded(text: str) -> list[tuple[str, str]]:
    """(how, decoded text) for the encoded parts of `text`; empty when nothing is encoded."""
    out: list[tuple[str, str]] = []
    size = 0

    def add(how: str, s: str) -> None:
        nonlocal size
        if size < _MAX_OUT and s.strip():
            out.append((how, s[: _MAX_OUT - size]))
            size += len(s)

    runs = 0
    for m in _B64.finditer(text):
        runs += 1
        if runs > _MAX_B64:
            break
        s = _b64_text(m.group(0))
        if s:
            add("base64", s)
    rot = _ROT13.search(text) is not None
    rev = _REVERSED.search(text) is not None
    for line in text.splitlines():
        if len(_PCT.findall(line)) >= 3:
            add("url-encoded", unquote(line))
        if len(_ENT.findall(line)) >= 3:
            add("html-entities", html.unescape(line))
        if len(_CONCAT.findall(line)) >= 2:
            add("concatenated", _CONCAT.sub("", line))
        if sum(t.rsplit(".", 1)[1] not in _NAME_END for t in _DOTTED.findall(line)) >= 2:
            add("dot-split", _DOTSPLIT.sub("", line))
        for m in _SPACED_RUN.finditer(line):
            run = m.group(0)
            if "  " in run and re.search(r"\S \S \S", run):  # word gaps differ from letter gaps
                add("letter-spaced", re.sub(r" {2,}", " ", re.sub(r"(?<=\S) (?=\S)", "", run)))
        if rot:
            add("rot13", codecs.decode(line, "rot13"))
        if rev:
            add("reversed", line[::-1])
        if size >= _MAX_OUT:
            break
    merged: dict[str, list[str]] = {}
    for how, s in out:
        merged.setdefault(how, []).append(s)
    return [(how, "\n".join(parts)) for how, parts in merged.items()]  # one rescan per kind of encoding
