"""Requests that hand over what the agent guards: the environment's secrets posted where others read
them, a person's private records sent to whoever asks, a credential stored in the open, and the
power to change where payments go granted to a sender.

Each rule pairs the handover with what makes it one: `env`'s output posted as a comment or shared
(not run to debug), another person's *private* or *personal* notes, calendar or messages sent to
"us", a token or key exposed as plain text or committed, messages from some party declared able to
authorise changes to bank details, a mail rule that files invoices or security alerts away unread. Asking a colleague to forward the invoice, or the user's own
note that "only the CFO can approve changes to bank details", passes. Patterns see folded text and
are gated by cheap trigger words.
"""

from __future__ import annotations

import re

from hermes.memory.threat_intent import _Gated, _rx


_SHARE = r"(?:post|paste|share|publish|upload|attach|comment|send|email|forward|print|dump|include|add)"
_SECRET = (r"(?:pat|personal\s+access\s+token|tokens?|api\s+keys?|secret\s+keys?|secrets?|passwords?|credentials?|"
           r"private\s+keys?|ssh\s+keys?|deploy\s+keys?|access\s+keys?|client\s+secrets?)")
_PERSON = (r"(?:the\s+)?(?:user|employee|owner|customer|client|patient|staff\s+member|member|tenant|student|"
           r"candidate|his|her|their)(?:'s|s')?")

_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("data_exfil", _rx(
        # the environment (every secret the runner holds) posted where others read it
        r"\b" + _SHARE + r"\b[^\n.]{0,40}?\b(?:full\s+|whole\s+|complete\s+|entire\s+|raw\s+)?output\s+of\s+[`'\"]?"
        r"(?:env|printenv|set|export\s+-p|Get-ChildItem\s+env:)[`'\"]?(?!\w)[^\n.]{0,60}?\b(?:as\s+an?\s+comment|"
        r"in\s+(?:the|this|a)\s+(?:issue|thread|ticket|channel|pr|pull\s+request|comment|chat)|publicly|to\s+\S+@|"
        r"https?://|as\s+a\s+(?:reply|message|gist))"
        # another person's private records sent to the party asking
        r"|\b(?:send|forward|share|email|export|upload|copy|give|hand\s+over|pass\s+on)\s+(?:us|me|them|him|her)\s+"
        r"(?:all\s+|every\s+|a\s+copy\s+of\s+)?" + _PERSON + r"\s+(?:\w+\s+)?(?:private|personal|confidential|"
        r"medical|therapy)\s+(?:notes|calendar(?:\s+entries)?|messages|files|emails|documents|records|diary|"
        r"journal|chats?|photos|conversations|history)\b")),
    ("secret_exposure", _rx(
        # a credential stored or shown in the open
        r"\b(?:expose|store|save|put|write|commit|paste|hard-?code|inline|print|publish|echo|add)\s+(?:the\s+|your\s+|"
        r"our\s+|its\s+|their\s+|all\s+)?(?:[\w-]+\s+)?" + _SECRET + r"\s+(?:as|in|into|to)\s+(?:an?\s+|the\s+)?"
        r"(?:plain\s*text|plaintext|clear\s*text|unencrypted|public|world-readable)\b"
        r"|\b(?:commit|push|paste|publish|hard-?code)\s+(?:the\s+|your\s+|our\s+)?(?:[\w-]+\s+)?" + _SECRET +
        r"\s+(?:in|into|to)\s+(?:the\s+)?(?:public\s+)?(?:repo(?:sitory)?|readme|gist|wiki|issue|pastebin|docs)\b")),
    ("mail_hiding", _rx(
        # a mailbox rule that files money or security mail away unread: the user never sees the invoice
        # fraud or the alert (a newsletter filed away and marked read is ordinary)
        r"\b(?:rule|filter)\b[^\n]{0,120}?\b(?:invoices?|payments?|remittance|bank|wire|security|alerts?|password|"
        r"verification|sign-?in|login|fraud)\b[^\n]{0,80}?\b(?:moved?|archived?|deleted?|trash(?:ed)?|filed)\b[^\n]{0,60}?"
        r"(?<!never\s)(?<!not\s)(?<!n't\s)\bmark(?:ed)?\s+(?:it\s+|them\s+)?(?:as\s+)?read\b"
        r"|\bmark(?:ed)?\s+(?:as\s+)?read\b[^\n]{0,60}?\b(?:moved?|archived?|deleted?|trash(?:ed)?)\b[^\n]{0,80}?"
        r"\b(?:invoices?|payments?|remittance|bank|security\s+alerts?|password\s+resets?|verification)\b")),
    ("payment_authority", _rx(
        # a sender granted the power to change where money goes
        r"\b(?:communications?|emails?|messages?|requests?|instructions?|letters?|anyone|anybody|vendors?|"
        r"suppliers?|notices?)\s+(?:from\s+[^\n.]{1,40}?\s+)?(?:may|can|are\s+(?:allowed|authori[sz]ed|permitted|"
        r"entitled)\s+to|should\s+be\s+(?:allowed|trusted|accepted)\s+to|is\s+(?:allowed|authori[sz]ed)\s+to)\s+"
        r"(?:authori[sz]e|approve|request|make|instruct|confirm)\s+(?:any\s+)?(?:changes?\s+(?:to|of|in)\s+)?"
        r"(?:the\s+|our\s+|their\s+|its\s+)?(?:payment|bank(?:ing)?|remittance|payout|wire|iban)\s+(?:details|"
        r"accounts?|information|instructions|data)")),
]

_TRIGGERS = {
    "data_exfil": _SHARE + r"|send|forward|share|email|export|upload|copy|give|hand|pass",
    "secret_exposure": r"expose|store|save|put|write|commit|paste|hard-?code|inline|print|publish|echo|add|push",
    "payment_authority": r"payment|bank\w*|remittance|payout|wire|iban",
    "mail_hiding": r"read",
}

HANDOVER_RULES = [(rule, _Gated(rx, _TRIGGERS[rule])) for rule, rx in _RULES]
