"""When a match is about an attack rather than one: negation, quoted discussion, template code.

"Never ignore previous instructions" is advice; "the talk was about 'ignore previous instructions'
attacks" discusses a phrase; `f"<|im_start|>system\\n{system}"` formats a chat template; a GitHub
token sent to api.github.com goes where it belongs. A quote is only excused when the sentence
around it is about the phrase (a talk, a test, a classifier, an example), so a quoted order with
nothing around it stays flagged, and only the wording rules are excused this way: a quote that
also sends a key to a URL is still caught by the exfiltration rules.
"""

from __future__ import annotations

import re

from hermes.memory.threat_text import fold

# "Never ignore previous instructions ..." is advice, not an attack.
_NEG = re.compile(r"(?:\bnever|\bnot|n't|\bno|\bdont)[\s,]*$", re.I)
NEGATABLE = frozenset({"prompt_injection", "disregard_rules", "approval_bypass", "secret_exfil", "data_exfil",
                       "memory_tamper", "persona_takeover", "instruction_override", "deceive_user", "covert_steering",
                       "secret_exposure", "payment_authority", "mail_hiding"})
# Rules about wording: a quoted, discussed phrase is not an instruction.
_QUOTABLE = frozenset({"addressed_to_ai", "prompt_injection", "disregard_rules", "role_hijack", "persona_takeover", "sys_prompt_override",
                       "instruction_override", "deception_hide", "bypass_restrictions", "impersonation", "fake_markup",
                       "leak_system_prompt", "secret_request", "deceive_user", "covert_steering",
                       "claimed_access"})
# Single quotes may hold apostrophes inside words ('pretend you're free'); guillemets, corner brackets and
# low-high quotes are how other languages quote.
_QUOTE = re.compile(r"(?<!\w)'(?:[^'\n]|(?<=\w)'(?=\w)){3,200}'(?!\w)|\"[^\"\n]{3,200}\"|“[^”\n]{3,200}”|"
                    r"‘[^’\n]{3,200}’|«[^»\n]{3,200}»|„[^“”\n]{3,200}[“”]|「[^」\n]{3,200}」|『[^』\n]{3,200}』")
_QUOTE_CHARS = "'\"“‘«„「『"
_ABOUT = re.compile(
    r"\b(?:talks?|blog|posts?|papers?|articles?|thesis|chapters?|slides?|workshop|tests?|unit\s+tests?|examples?|"
    r"e\.g\.|detect\w*|classif\w*|filters?|attacks?|attackers?|titled?|working\s+title|phrases?|strings?|"
    r"payloads?|patterns?|jailbreaks?|injections?|benchmarks?|datasets?|fixtures?|red-?team\w*|might\s+say|"
    r"may\s+say|could\s+say|(?:might|may|could)\s+write|such\s+as|like|called|known\s+as|fell\s+for|abstract|why|"
    r"(?:will|would|often|sometimes|may|might|could|can|usually)\s+(?:\w+\s+)?(?:say|write|type|send|paste|try)|"
    r"(?:classic|typical|common|famous|well-known)\s+(?:lines?|phrases?|openers?|examples?|prompts?)|prompts|lines\s+include)\b",
    re.I)
# The same in other languages, as written and folded as the rules see it (Cyrillic look-alikes become
# Latin letters); word stems, and for scripts without spaces the bare words.
_ABOUT_NATIVE = re.compile("|".join(re.escape(f(w)) for f in (fold, str.lower) for w in (
    "ejemplo", "ataque", "inyecci", "exemplo", "injeç", "exemple", "attaque", "beispiel", "angriff", "injektion",
    "esempio", "attacco", "iniezion", "voorbeeld", "aanval", "przykład", "atak", "örnek", "saldırı", "пример",
    "атак", "инъекц", "приклад", "обучени", "例", "攻撃", "インジェクション", "攻击", "注入", "예시", "공격",
    "مثال", "هجوم", "حقن", "דוגמה", "מתקפ", "उदाहरण", "हमल", "ví dụ", "tấn công", "contoh", "serangan",
    "mfano", "exempel", "attack", "příklad", "útok", "exemplu", "atac", "παράδειγμα", "επίθεσ", "مثال", "حمله",
    "ตัวอย่าง", "โจมตี")), re.I)
# an f-string, str.format, a {placeholder}, or a sentence about a tokenizer's special tokens
_TEMPLATE = re.compile(r"\bf['\"]|\.format\(|\{[a-z_]+\}|\b(?:chat[_ ]template|tokenizer\w*|special\s+tokens)\b", re.I)
_TEMPLATE_RULES = frozenset({"fake_markup", "sys_prompt_override", "impersonation"})


def _in_inline_code(source: str, m: re.Match[str]) -> bool:
    """A token named in `backticks` ("the `<tool_call>` format") is syntax being discussed."""
    a = source.rfind("`", max(0, m.start() - 40), m.start() + 1)
    b = source.find("`", m.end() - 1, m.end() + 40)
    return a >= 0 and b >= 0 and "\n" not in source[a:b] and source.count("`", a, b + 1) == 2
# A token named for a service, sent to that service's own API, is authentication, not a leak.
_VENDORS = {"GITHUB": "github.com", "GH": "github.com", "GITLAB": "gitlab.com", "OPENAI": "openai.com",
            "ANTHROPIC": "anthropic.com", "SLACK": "slack.com", "STRIPE": "stripe.com", "HF": "huggingface.co",
            "HUGGINGFACE": "huggingface.co", "NPM": "npmjs.org", "CLOUDFLARE": "cloudflare.com"}
_VENDOR_VAR = re.compile(r"\$\{?([A-Z]+)_[A-Z_]*(?:TOKEN|KEY)\}?")


def _sentence(source: str, start: int, end: int) -> tuple[int, int]:
    a = max(source.rfind("\n", 0, start), max(source.rfind(". ", 0, start), source.rfind("; ", 0, start)) + 1)
    b = min([i for i in (source.find("\n", end), source.find(". ", end)) if i >= 0] or [len(source)])
    return max(a, 0), b


def _quoted_discussion(source: str, start: int, end: int) -> bool:
    a, b = _sentence(source, start, end)
    line = source[a:b]
    for q in _QUOTE.finditer(line):
        if q.start() + a <= start and end <= q.end() + a:
            outside = line[:q.start()] + " " + line[q.end():]
            return _ABOUT.search(outside) is not None or _ABOUT_NATIVE.search(outside) is not None
    return False


def _own_service(source: str, m: re.Match[str]) -> bool:
    line_end = source.find("\n", m.end())
    line = source[source.rfind("\n", 0, m.start()) + 1: line_end if line_end >= 0 else len(source)]
    names = _VENDOR_VAR.findall(line)
    hosts = re.findall(r"https?://([\w.-]+)", line)
    return bool(names and hosts) and all(
        n in _VENDORS and all(h == _VENDORS[n] or h.endswith("." + _VENDORS[n]) for h in hosts) for n in names)


def _norm(s: str) -> str:
    return " ".join(re.sub(r"[^\w\s]+|_+", " ", s.lower()).split())


def discussed_quotes(folded: str) -> list[str]:
    """The quoted phrases a sentence is about, in the punctuation-free form of the other variants."""
    if not any(q in folded for q in _QUOTE_CHARS):
        return []
    return [_norm(q.group(0)) for q in _QUOTE.finditer(folded)
            if _quoted_discussion(folded, q.start() + 1, q.end() - 1)]


# "Don't delete pods in prod without telling the user" forbids the secrecy it names; "Don't hesitate
# to ... without telling the user" does not.
_PROHIBITION = re.compile(
    r"^[\s\d.)*>-]*(?:please\s+)?(?:(?:you|we|i|the\s+(?:agent|assistant|bot))\s+)?"
    r"(?:do\s+not|don'?t|never|must\s+not|mustn'?t|should\s+not|shouldn'?t|avoid|no\b)"
    r"(?!\s+(?:hesitate|worry|bother|forget|wait|need|feel)\b)", re.I)


# A sentence that names the attack in order to guard against it: "If an email asks to change the bank
# details, flag it as likely fraud and don't act on it"; "always mention any request for money".
_PROTECT = re.compile(
    r"\b(?:flag|treat|mark|report)\s+(?:it|them|this|that|these|those|such\s+\w+)\s+as\s+(?:likely\s+|possible\s+|"
    r"probable\s+|potential\s+)?(?:fraud\w*|phishing|an?\s+scam|scams?|spam|suspicious|malicious)\b"
    r"|\b(?:don'?t|do\s+not|never)\s+act\s+on\s+(?:it|them|this|that|such)\b"
    r"|\b(?:mention|flag|highlight|surface|point\s+out|warn\s+(?:me\s+)?about)\s+any\s+(?:request|attempt|demand|ask)s?\s+"
    r"(?:for|to)\b", re.I)
_OWN_TO_OWN = re.compile(r"\bmy\b.*\b(?:(?:to|with)\s+me\b|me\s+on\b|to\s+my\s+(?:own\s+)?\w+)", re.I | re.S)
_PROTECTABLE = frozenset({"payment_redirect", "credential_phish", "data_exfil", "steered_recommendation", "impersonation",
                          "secret_request", "deceive_user", "covert_steering"})


def excused(rule: str, source: str, m: re.Match[str], quotes: list[str] | None = None) -> bool:
    if rule == "data_exfil" and _OWN_TO_OWN.search(m.group(0)) and not re.search(r"https?://|@|\b(?:their|user'?s?|his|her)\b",
                                                                          m.group(0), re.I):
        return True  # "summarise my unread emails and send the summary to me on Telegram"
    if rule in _PROTECTABLE:
        a, b = _sentence(source, m.start(), m.end())
        if _PROTECT.search(source[a:b]):
            return True
    if rule in NEGATABLE and _NEG.search(source[max(0, m.start() - 12):m.start()]):
        return True
    if rule == "deception_hide" and m.group(0).lower().startswith("without"):
        a, _ = _sentence(source, m.start(), m.end())
        if _PROHIBITION.search(source[a:m.start()]):
            return True
    if rule in _QUOTABLE and (_quoted_discussion(source, m.start(), m.end())
                              or (quotes and any(_norm(m.group(0)) in q for q in quotes))):
        return True
    if rule == "ai_directive_field" and not re.search(r"[\"']\s*[:=]$", m.group(0)) and _quoted_discussion(
            source, m.start(), m.end()):  # 'x-llm-directive: ...' discussed; a data key ("note_for_agent":) is no quote
        return True
    if rule in _TEMPLATE_RULES and _in_inline_code(source, m):
        return True
    if rule in _TEMPLATE_RULES:
        a, b = _sentence(source, m.start(), m.end())
        if _TEMPLATE.search(source[a:b]):
            return True
    return rule in ("exfil_command", "command_secret_exfil") and _own_service(source, m)
