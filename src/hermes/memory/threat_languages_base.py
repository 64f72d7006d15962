"""Building blocks for the other-language threat rules (see threat_languages.py).

A language is described by its vocabulary per request category (`build`); each category becomes
a `Rule`: a first part found anywhere, and further parts that must occur in the same clause, in
any order, because word order differs between languages (the object comes first in Japanese,
Korean, Turkish and Hindi) and a request is one clause in all of them. Every rule sits behind a
cheap gate (words of the language, or characters of its script), so English pages skip them.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable, Iterator

_I = re.I | re.U
# A clause ends at a newline or at sentence punctuation; a period inside a URL or file name does not.
_END = re.compile(r"[\n!?;。！？；؟।]|\.(?!\S)")
_SPAN = re.compile(r"\S(?:.*\S)?")
_PUBLIC_IP = r"(?<![\d.])(?!(?:10|127|0)\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)(?:\d{1,3}\.){3}\d{1,3}(?![\d.])"
URL = r"(?:https?://|ftp://|" + _PUBLIC_IP + r")"
# A URL, e-mail address or public IP is a destination in every language.
DEST = (r"(?:https?://|ftp://|s?ftp://|wss?://|" + _PUBLIC_IP + r"|[\w.+-]+@[\w-]+\.\w+|webhook|pastebin|"
        r"\bgist\b|discord\.gg|t\.me/)")

_cache: tuple[str | None, frozenset[str]] = (None, frozenset())
_scripts: tuple[str | None, dict[str, bool]] = (None, {})


def _words(text: str) -> frozenset[str]:
    """The set of lower-case words of `text`; computed once per text (all rules of a pass share it)."""
    global _cache
    c = _cache
    if c[0] is text:
        return c[1]
    out = frozenset(re.findall(r"\w+", text.lower()))
    _cache = (text, out)
    return out


def word_gate(markers: str) -> Callable[[str], bool]:
    """True when the text has one of the language's marker words (words English text does not use)."""
    ms = frozenset(markers.split())
    return lambda text: not ms.isdisjoint(_words(text))


def script_gate(chars: str) -> Callable[[str], bool]:
    """True when the text has a character of the script (a character-class search is fast)."""
    rx = re.compile("[" + chars + "]")

    def gate(text: str) -> bool:
        # one search per text and script, not one per rule (a miss reads the whole text)
        global _scripts
        c = _scripts
        if c[0] is not text:
            c = _scripts = (text, {})
        if chars not in c[1]:
            c[1][chars] = rx.search(text) is not None
        return c[1][chars]

    return gate


class Rule:
    """First part anywhere, the other parts in the same clause; `neg` just before the first part skips it."""

    def __init__(self, gate: Callable[[str], bool], parts: list[str], neg: str | None = None):
        self.gate = gate
        # patterns are NFKC like the text they run on (Hindi nukta letters decompose)
        parts = [unicodedata.normalize("NFKC", p) for p in parts]
        self.first = re.compile(parts[0], _I)
        self.rest = [re.compile(p, _I) for p in parts[1:]]
        self.neg = re.compile(r"(?:" + neg + r")[\s,]*$", _I) if neg else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        if not self.gate(text):
            return
        for m in self.first.finditer(text):
            if self.neg and self.neg.search(text, max(0, m.start() - 16), m.start()):
                continue
            start = 0
            for b in _END.finditer(text, max(0, m.start() - 400), m.start()):
                start = b.end()
            # a clause ends at punctuation or a line break, and within 400 characters: the variants
            # without punctuation are one long line, where an unbounded clause made a page quadratic
            e = _END.search(text, m.end(), m.end() + 400)
            end = e.start() if e else min(len(text), m.end() + 400)
            if all(p.search(text, start, end) for p in self.rest):
                span = _SPAN.search(text, start, end)
                if span:
                    yield span


def near(a: str, b: str, gap: int) -> str:
    """a then b, or b then a, at most `gap` characters apart on one line."""
    g = r"[^\n]{0,%d}?" % gap
    return rf"(?:{a}){g}(?:{b})|(?:{b}){g}(?:{a})"


def build(gate: Callable[[str], bool], s: dict[str, str], gap: int = 40) -> list[tuple[str, Rule]]:
    """Rules for one language from its vocabulary (keys below; a missing key skips that category).

    ign/instr/qual: ignore + instructions + all/previous/system; ign/rules/your: ignore + your rules;
    you: identity change; persona: act as / pretend / new name; show/sysp: reveal the system prompt;
    send/secret/hist (+server): send secrets or the conversation to a destination; hide: secrecy
    towards the user; sneak + act: secretly/silently doing something; noask + cmds: commands
    without approval; restrict: safety off / no restrictions; free + agent: "without restrictions"
    about the agent; dl + run (+ URL): download and run.
    """
    neg = s.get("neg")
    dest = DEST + (r"|" + s["server"] if "server" in s else "")
    out: list[tuple[str, Rule]] = []

    def add(rule: str, parts: list[str], negated: bool = False) -> None:
        out.append((rule, Rule(gate, parts, neg if negated else None)))

    if "instr" in s:
        add("prompt_injection", [near(s["ign"], s["instr"], gap), s["qual"]], True)
    if "rules" in s:
        add("disregard_rules", [near(s["ign"], s["rules"], gap), s["your"]], True)
    for key, rule in (("you", "role_hijack"), ("persona", "persona_takeover"), ("hide", "deception_hide"),
                      ("restrict", "bypass_restrictions"), ("extra_leak", "leak_system_prompt")):
        if key in s:
            add(rule, [s[key]])
    if "show" in s:
        add("leak_system_prompt", [near(s["show"], s["sysp"], gap)], True)
    if "send" in s:
        add("send_credentials", [s["send"], s["secret"], dest], True)
        add("context_exfil", [s["send"], s["hist"], dest], True)
    if "sneak" in s:
        add("deception_hide", [s["sneak"], s["act"]])
    if "noask" in s:
        add("approval_bypass", [s["noask"], s["cmds"]])
    if "free" in s:
        add("bypass_restrictions", [s["free"], s["agent"]])
    if "dl" in s:
        add("download_execute", [near(s["dl"], s["run"], gap * 2 + 60), URL], True)  # room for the URL between
    return out


_GREEK_ACCENTS = {"α": "[αά]", "ε": "[εέ]", "η": "[ηή]", "ι": "[ιίϊΐ]", "ο": "[οό]", "υ": "[υύϋΰ]", "ω": "[ωώ]"}


def unaccented(s: dict[str, str]) -> dict[str, str]:
    """Greek keeps its accents in the native pass: each plain vowel of the patterns matches either form."""
    return {k: "".join(_GREEK_ACCENTS.get(c, c) for c in v) for k, v in s.items()}
