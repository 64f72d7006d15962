"""How text is read before the threat rules see it, and how secrets are masked after.

Folding gives the text an attacker meant a model to read (invisible characters removed, NFKC,
look-alike letters mapped to Latin, accents stripped) plus a punctuation-free and a de-leeted copy;
invisible and bidi control characters are reported on their own. The secret shapes serve both the
hardcoded-secret finding and the masking of every excerpt shown to the model or a terminal.
"""

from __future__ import annotations

import re
import unicodedata

# Flagged when present (outside the benign emoji/script contexts allowed below).
_INVISIBLE = frozenset([*range(0x200B, 0x200E), *range(0x2060, 0x2065), 0xFEFF,
                        *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
_TAGS = range(0xE0000, 0xE0080)
_BLACK_FLAG = 0x1F3F4  # subdivision flags (England, Scotland, Wales) are spelled with tag characters

# Cyrillic, Greek and Armenian letters that render like Latin ones (NFKC leaves them alone).
_HOMOGLYPHS = str.maketrans("авеёіїјкорсѕтухԁһӏԛԝɡıАВЕКМНОРСТХУІЈ"
                            "ЅαονρτυικεχΑΒΕΖΗΙΚΜΝΟΡΤΥΧօս",
                            "abeeiijkopcstyxdhlqwgiABEKMHOPCTXYIJ"
                            "SaovptuikexABEZHIKMNOPTYXou")
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s"})


# (pattern, must look random): generic shapes are checked so identifiers and branch names pass.
_SECRETS: list[tuple[re.Pattern[str], bool]] = [
    (re.compile(r"\bsk-(?:proj-|ant-(?:api\d\d-)?|live_|test_)?[A-Za-z0-9_-]{20,}"), True),
    (re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}|\bgithub_pat_[A-Za-z0-9_]{40,}"), False),
    (re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"), False),
    (re.compile(r"\bxox[baprs]-[A-Za-z0-9-]{10,}|\bglpat-[A-Za-z0-9_-]{20,}|\bAIza[0-9A-Za-z_-]{35}"), False),
    (re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH |DSA |ENCRYPTED )?PRIVATE KEY-----"), False),
    (re.compile(r"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}"), False),
    (re.compile(r"(?i)\b(?:password|passwd|pwd|passphrase|secret|token|api[_-]?key|access[_-]?key)\s*(?:is|=|:)\s*"
                r"['\"]?(?!\$|\{\{|<)([^\s'\"]{20,})"), True),
]

# Letter-spaced text ("d.o n.o.t t.e.l.l") loses its word breaks; these phrases are looked for in the
# squashed letters, and only when such spacing is present (ordinary prose never squashes into them).
_SQUASHED = {
    "prompt_injection": ("ignoreallpreviousinstructions", "ignorepreviousinstructions", "ignorepriorinstructions",
                         "ignoreallpriorinstructions", "ignoretheaboveinstructions", "ignoreallinstructions",
                         "disregardpreviousinstructions", "disregardallpreviousinstructions"),
    "disregard_rules": ("disregardyourrules", "ignoreyourrules", "forgetyourrules", "ignoreyoursystemprompt"),
    "deception_hide": ("donottelltheuser", "donttelltheuser", "withouttheuserknowing", "keepthissecretfromtheuser"),
    "role_hijack": ("youarenowunrestricted", "youarenowajailbroken", "youarenolongerhermes"),
    "bypass_restrictions": ("actasifyouhavenorestrictions",),
}
_SPACED = re.compile(r"(?:\b\w\b[\W_]+){5}\b\w\b")


def _random_looking(s: str) -> bool:
    """Real keys mix letters and digits; identifiers like ENV_VAR_NAMES or branch names do not."""
    if re.fullmatch(r"[A-Z0-9_]+", s) or "/" in s:
        return False
    return bool(re.search(r"\d", s) and re.search(r"[A-Za-z]", s))


def mask(secret: str) -> str:
    return secret[:4] + "…" + f"({len(secret)} chars)"


# -- folding --------------------------------------------------------------------------------

def _emojiish(ch: str) -> bool:
    return (unicodedata.category(ch) == "So" or 0x1F000 <= ord(ch) <= 0x1FAFF
            or ord(ch) in (0xFE0F, 0x20E3))


def _allowed_joiner(text: str, i: int) -> bool:
    """ZWJ in emoji sequences and ZWJ/ZWNJ inside non-Latin scripts (Persian, Indic) are ordinary text."""
    if i == 0 or i + 1 >= len(text):
        return False
    a, b = text[i - 1], text[i + 1]
    if ord(text[i]) == 0x200D and _emojiish(a) and _emojiish(b):
        return True
    return all((c.isalpha() or unicodedata.category(c).startswith("M")) and ord(c) > 0x24F for c in (a, b))


def invisible(text: str) -> str:
    found: dict[int, int] = {}
    i = 0
    while i < len(text):
        cp = ord(text[i])
        if cp == _BLACK_FLAG:  # a subdivision flag: tag letters/digits closed by CANCEL TAG
            j = i + 1
            while j < len(text) and j - i <= 7 and (0xE0030 <= ord(text[j]) <= 0xE0039
                                                     or 0xE0061 <= ord(text[j]) <= 0xE007A):
                j += 1
            if j < len(text) and ord(text[j]) == 0xE007F and j > i + 1:
                i = j + 1
                continue
        if (cp in _INVISIBLE and not (cp in (0x200C, 0x200D) and _allowed_joiner(text, i))) or cp in _TAGS:
            found.setdefault(cp, i)
        i += 1
    if not found:
        return ""
    desc = ", ".join(f"U+{cp:04X}" for cp in sorted(found))
    return f"invisible/bidi characters {desc}"


def fold(text: str) -> str:
    """The text an attacker meant a model to read: no invisibles, NFKC, look-alikes mapped, no accents."""
    text = "".join(c for c in text if unicodedata.category(c) != "Cf" and not 0xE0000 <= ord(c) <= 0xE007F)
    text = unicodedata.normalize("NFKC", text).translate(_HOMOGLYPHS)
    text = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in text if unicodedata.category(c) != "Mn"))


def _variants(folded: str) -> list[str]:
    words = re.sub(r"\s+", " ", re.sub(r"[^\w\s'’]+|_+", " ", folded))
    return [folded, words, words.translate(_LEET)]


def _redact(s: str) -> str:
    for rx, check in _SECRETS:
        s = rx.sub(lambda m: mask(m.group(0)) if not check or _random_looking(m.group(m.lastindex or 0))
                   else m.group(0), s)
    return s


def redact(s: str) -> str:
    """`s` with anything shaped like a key, token or password masked (chat replies, logs)."""
    return _redact(s)
