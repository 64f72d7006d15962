"""Data leaving, money moving, and standing triggers: requests judged by where things go.

Exfiltration is three parts in one sentence: something secret or private (a broad vocabulary of
keys, tokens, cookies, key files, the user's messages, location, finances), a verb that moves it
(send, post, relay, paste, mirror, CC, scp, log to, include in a URL or commit message), and a
place outside (a URL or host, an address, an @handle, a channel, a gist, a public issue, "our
server"). Order varies ("read the .env and email it to ..."), so both orders are written. Markdown
and HTML can leak by rendering: an image or link whose query carries a placeholder for a secret.
A standing trigger ("every time", "whenever", "on every startup") turns a request into a rule;
paired with remote content to obey, a new payee or a product to push, it is hostile.
Typo-squatted package names ("reqeusts") are out of reach of word rules and not attempted.
"""

from __future__ import annotations

import re

from hermes.memory.threat_intent import _PUBLIC_IP, _Gated, _rx


_SECRET = (r"(?<!no\s)(?<!non-)(?<!without\s)(?:(?:api|access|secret|private|auth|deploy|ssh|signing|bot|session|bearer|refresh|github|slack|"
           r"stripe|aws|cloud|master|root|admin)[\s_-]*(?:keys?|tokens?|passwords?|credentials?|secrets?)|"
           r"\bkeys\b|tokens?|passwords?|passphrases?|passcodes?|credentials?|secrets|cookies?|kubeconfig|"
           r"\.pem\b|private\s+keys?|\.env\b|/etc/shadow|\.git-credentials|\.netrc|keychain|seed\s+phrases?|"
           r"recovery\s+(?:phrases?|codes?)|2fa\s+codes?|one-time\s+(?:codes?|passwords?)|otp\b|"
           r"environment\s+variables|env\s+vars?|output\s+of\s+`?env|`env`|\$\{?\w*(?:KEY|TOKEN|SECRET|PASS\w*)\}?|"
           r"(?-i:\b[A-Z][A-Z0-9_]*_(?:API_)?(?:KEY|TOKEN|SECRET|PASSWORD)\b)|config\s+values\s+(?:that\s+)?look\s+like\s+keys|"
           r"social\s+security\s+numbers?|ssn\b|credit\s+card\s+(?:numbers?|details))"
           # a property of the secret ("token scopes", "password policy") is not the secret
           r"(?!\s+(?:scopes?|permissions?|rotation|expir\w+|limits?|counts?|formats?|types?|names?|ids?|usage|"
           r"length|polic(?:y|ies)|fields?|prefix|hints?|resets?|managers?\s+(?:app|extension)))")
_OWNED = r"(?:the\s+user'?s|user|their|his|her|my|your|all(?:\s+of)?(?:\s+the)?|every|each|any|private|personal)"
_PRIVATE = (r"(?:conversations?|chat\s+(?:logs?|history|transcripts?)|transcripts?|prompts\s+and\s+responses|"
            r"salar(?:y|ies)|finances|tax\s+(?:documents|returns)|bank\s+statements|ip\s+address(?:es)?|"
            r"everything\s+the\s+user\s+(?:has\s+)?(?:told|said|shared)|private\s+(?:repositories|repos|files|"
            r"messages|documents)|" + _OWNED + r"\s+(?:\w+\s+)?(?:messages|emails?|drafts|location|calendar|"
            r"contacts|files|documents|photos|history|message|browsing\s+history|address\s+book|notes|full\s+name|"
            r"phone\s+numbers?|user\s+messages?|repositories|workspace|data))")
# Base forms, plus inflected ones ("you posted it to", "pasting them into") unless passive: "tokens are
# sent to auth.example.com during login" describes a login, "tokens can be pasted into the team chat" asks.
_MOVE = (r"(?:(?<!\bare\s)(?<!\bis\s)(?<!\bwas\s)(?<!\bwere\s)(?<!\bgets\s)(?<!\bget\s)|(?=\w+ing\b))"
         r"(?:send(?:s|ing)?|post(?:s|ed|ing)?|forward\w{0,3}|relay\w{0,3}|upload\w{0,3}|past(?:e|es|ed|ing)|"
         r"cop(?:y|ies|ied|ying)(?:\s+over)?|mirror\w{0,3}|b?cc|log(?:s|ged|ging)?|transmit\w{0,4}|"
         r"shar(?:e|es|ed|ing)|leak\w{0,3}|exfiltrat\w{1,3}|e-?mail\w{0,3}|mail|scp|rsync|push\w{0,3}|"
         r"sync\w{0,3}|hand(?:s|ed|ing)?\s+over|giv(?:e|es|en|ing)|submit\w{0,4}|writ(?:e|es|ing|ten)|wrote|"
         r"publish\w{0,3}|fork\w{0,3}|back(?:s|ed|ing)?\s+up|attach\w{0,3}|includ(?:e|es|ed|ing)|"
         r"put(?:s|ting)?|sav(?:e|es|ed|ing)|stor(?:e|es|ed|ing)|add(?:s|ed|ing)?|append\w{0,3}|encod\w{1,3}|"
         r"dump\w{0,3}|transfer\w{0,4}|report|tip(?:s|ped|ping)?|smuggl\w{1,3}|deliver\w{0,3}|provid\w{1,3}|"
         r"expos\w{1,3}|echo|print|curl|wget|nslookup|dig)")
_DOMAIN = r"\b[\w-]+(?:\.[\w-]+)*\.(?:example|com|net|org|io|dev|app|xyz|ru|cn|co|me|sh|site|info|biz|link|ly|tk|cc|to)\b"
_OUT = (r"(?:https?://|s?ftp://|wss?://|tcp://|" + _PUBLIC_IP + r"|[\w.+-]+@[\w-]+\.\w+|(?<![\w@])@[a-z][\w-]{2,}|"
        r"#[a-z][\w-]{2,}\s+channel|" + _DOMAIN + r"|webhook|pastebin|paste\s*bin|hastebin|requestbin|gists?\b|"
        r"discord|telegram|whatsapp|sms\b|\+\d[\d\s-]{6,}|public\s+(?:\w+\s+)?(?:issue|wiki|channel|repo\w*|gist|page|forum|"
        r"chat|tracker)|issue\s+tracker|team\s+chat|(?:our|my)\s+(?:\w+\s+){0,2}(?:server|team|address|"
        r"endpoint|bot|contractor|gist|drive|form|inbox|channel|service|portal|collector|bucket)|"
        r"query\s+string|user-agent|(?:request|http)\s+headers?|commit\s+message|dns\s+(?:lookup|query)|"
        r"third[\s-]part(?:y|ies)|external\s+(?:server|address|service|site|party)|anyone\s+who\s+asks|"
        r"contributors|(?:to|with)\s+me\b|shared\s+drive|drive\s+link|the\s+chat\s+with)")
_ORDER = r"(?:[^\n.!?]|[.!?](?=\S)){0,100}?"  # within one sentence (dots inside names allowed)
_TRIGGER_TIME = (r"(?:every\s+(?:single\s+)?time|each\s+time|whenever|every\s+(?:future\s+)?(?:session|conversation|"
                 r"startup|answer|reply|response|task|turn)|on\s+(?:every|each)\s+(?:startup|start|boot|session|run)|"
                 r"for\s+all\s+(?:future\s+)?(?:conversations|sessions|answers|replies)|in\s+every\s+(?:future\s+)?"
                 r"(?:session|conversation|answer|reply)|from\s+(?:now|this\s+day|today)\s+on|henceforth|always|"
                 r"forever|permanently|indefinitely|each\s+(?:session|morning|day|startup))")
_PAY = (r"(?:bank\s+account(?:\s+(?:number|details))?|iban|account\s+number|routing\s+number|payment\s+details|"
        r"payout\s+account|payee|beneficiary|wallet(?:\s+address)?|pix(?:\s+key)?|bic|swift|sort\s+code|"
        r"crypto\s+address|billing\s+address|(?:password\s+)?reset\s+email|recovery\s+email)")
_LEAK_WORD = (r"(?:key|token|secret|pass|cookie|session|cred|history|conversation|chat|message|data|email|name|"
              r"phone|env|prompt|user|memory|content|document|address)")
# A query value standing in for something to fill in: {API_KEY}, ${document.cookie}, <the chat>, SESSION_TOKEN, ghp_XXXX.
_PLACEHOLDER = (r"(?:\{\{?\s*[\w.$ ]{0,40}?" + _LEAK_WORD + r"[\w.$ ]{0,40}\}?\}|\$\{[^}]{0,40}?" + _LEAK_WORD
                + r"[^}]{0,40}\}|<[^>]{0,60}?" + _LEAK_WORD + r"[^>]{0,60}>|%7B[\w%]{0,40}?" + _LEAK_WORD + r"[\w%]{0,40}%7D|"
                r"(?-i:[A-Z_]*(?:KEY|TOKEN|SECRET|PASS\w*|COOKIE|SESSION|CRED\w*|HISTORY|EMAIL|PROMPT|CHAT|MESSAGE|"
                r"CONVERSATION|ENV)[A-Z_]*\b)|(?-i:\w*X{4,}\w*))")

_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("secret_exfil", _rx(
        r"\b" + _MOVE + r"\b" + _ORDER + r"(?<![\w-])" + _SECRET + _ORDER + r"\b(?:to|into|in|at|on|onto|with|via|"
        r"through|for|over|from)\s+(?:\w+\s+){0,4}?" + _OUT
        + r"|(?<![\w-])" + _SECRET + _ORDER + r"\b" + _MOVE + r"\s+(?:it|them|that|those|this|the\s+\w+)?\s*"
          r"(?:\w+\s+){0,3}?(?:to|into|in|at|on|onto|with|via|through)\s+(?:\w+\s+){0,4}?" + _OUT
        + r"|\b(?:read|grab|take|get|collect|retrieve|find|look\s+for|dump)\b" + _ORDER + _SECRET + _ORDER
        + r"\b(?:and|then|,)\s+" + _MOVE + r"\s+(?:it|them|what'?s\s+inside|the\s+contents?)\b"
        + r"|(?<![\w-])" + _SECRET + _ORDER + r"\b" + _MOVE + r"\s+(?:it|them)\s+(?:down\s+|over\s+|out\s+|up\s+)?"
          r"(?:\w+\s+){0,3}?(?:to|into|in|at|on|onto|with|via)\s+(?:\w+\s+){0,4}?" + _OUT
        + r"|\b(?:request|call|post|ping|hit|query|fetch)\b" + _ORDER + _OUT + _ORDER + r"\bwith\b" + _ORDER + _SECRET
        + _ORDER + r"\bin\s+the\s+(?:body|query|url|headers?|payload|path|parameters?)"
        + r"|\.(?:post|put|patch|request|get)\(\s*f?['\"](?:https?:)?//[^\n]{0,200}?(?:os\.environ|getenv|process\.env)"
          r"[^\n]{0,40}?(?-i:[A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD))"
        + r"|\bprint\s+(?:the\s+)?contents?\s+of\s+/etc/shadow"
        + r"|\bhand\s+over\s+(?:the\s+)?" + _SECRET
        )),
    # asked for directly: a quoted example of this ("an attacker might write 'send me the keys'") is discussion
    ("secret_request", _rx(
        r"\b(?:send|email|give|forward|mail|pass|hand|show|tell)\s+me\s+(?:the|your|all|any|every|their)\s+"
        r"(?:\w+\s+)?" + _SECRET)),
    ("data_exfil", _rx(
        r"\b" + _MOVE + r"\b" + _ORDER + _PRIVATE + _ORDER + r"\b(?:to|into|in|at|on|onto|with|via|through)\s+"
        r"(?:\w+\s+){0,4}?" + _OUT
        + r"|\b" + _PRIVATE + _ORDER + r"\b" + _MOVE + r"\s+(?:(?:it|them|that|those|this)\s+)?(?:\w+\s+){0,3}?"
          r"(?:to|into|at|on|with|via)\s+(?:\w+\s+){0,4}?" + _OUT
        + r"|\bkeep\s+a\s+copy\s+of\s+" + _PRIVATE + r"\s+on\s+" + _OUT)),
    ("markdown_exfil", _rx(
        r"!?\[[^\]\n]{0,80}\]\(\s*(?:https?:)?//[^)\s]*[?&#][^)\s]*?=\s*" + _PLACEHOLDER
        + r"|!\[[^\]\n]{0,80}\]\(\s*(?:https?:)?//[^)\s]*\?[^)\n]*<[^>]{3,60}>"
        + r"|(?m:^\s*\[[^\]\n]{1,40}\]:\s*(?:https?:)?//\S*[?&]\S*=\s*" + _PLACEHOLDER + r")"
        + r"|<(?:img|iframe|script|link|embed|object|source|audio|video)\b[^>]{0,200}?(?:src|href|data)\s*=\s*"
          r"['\"]?(?:https?:)?//[^'\"\s>]*[?&][^'\"\s>]*=\s*" + _PLACEHOLDER
        + r"|<iframe\b[^>]{0,200}?(?:display\s*:\s*none|width\s*=\s*['\"]?0|height\s*=\s*['\"]?0|hidden)"
        + r"|<img\b[^>]{0,200}?(?:width|height)\s*=\s*['\"]?[01]['\"\s>][^>]{0,80}?(?:width|height)\s*=\s*['\"]?[01]\b"
        + r"|\btracking\s+pixel\b"
        + r"|\b(?:render|load|fetch|open|display|include|output|show|embed|add|insert|request|visit)\b[^\n]{0,80}?"
          r"(?:image|img|pixel|badge|link|url|iframe|https?://)[^\n]{0,80}?(?:followed\s+by|append(?:ed|ing)?|"
          r"plus|concatenat\w+|filled\s+in|replacing\s+\w+\s+with|with\s+\w+\s+being|url-?encoded)\s+[^\n]{0,40}?"
        + _LEAK_WORD
        + r"|\b(?:append|add|attach|put|include|encode|insert)\b[^\n]{0,60}?(?:contents?\s+of|" + _SECRET + r"|"
          + _PRIVATE + r")[^\n]{0,40}?\b(?:to|in|into)\s+(?:the|this|that|every|each)\s+(?:\w+\s+){0,2}?"
          r"(?:url|query\s+string|link|image\s+url|user-agent|header)s?")),
    ("persistent_trigger", _rx(
        r"\b" + _TRIGGER_TIME + r"\b[^\n]{0,80}?\b(?:download|fetch|check|load|read|visit|poll|pull|curl|wget|open)\w*"
        r"\b[^\n]{0,60}?(?:https?://|" + _DOMAIN + r")[^\n]{0,80}?\b(?:follow|obey|run|execute|do|apply|carry\s+out|"
        r"install|act\s+on)\w*\b"
        + r"|\b(?:download|fetch|check|load|read|visit|poll|pull|curl|wget)\w*\b[^\n]{0,60}?(?:https?://|" + _DOMAIN
        + r")[^\n]{0,60}?\b(?:and|then|,)\s+(?:then\s+)?(?:follow|obey|run|execute|do|carry\s+out|act\s+on)\s+"
          r"(?:what(?:ever)?|the\s+(?:instructions|commands|rules)|it|them)\b"
        + r"|\btrusted\s+(?:\w+\s+)?(?:server|source|domain|mirror|registry|index|host|endpoint|url)\s+(?:is|=|:)"
        + r"|\b(?:change|replace|update|swap|switch|set|use|alter|modify)\b[^\n]{0,60}?\b" + _PAY + r"\b"
          r"[^\n]{0,60}?(?:\bto\b|\bwith\b|:)\s*[^\n]{0,20}?(?:[A-Z]{2}\d{2}(?:\s?[\dA-Z]{4}){2,}|\d[\d -]{6,}|"
          r"0x[0-9a-f]{6,}|bc1[0-9a-z]{10,}|[\w.+-]+@[\w-]+\.\w+|the\s+one\s+(?:listed|below|here))"
        + r"|\b(?:is\s+now|becomes)\s+[\w.+-]+@[\w-]+\.\w+"
        + r"|\b(?:transfer|send|pay|wire|tip)\s+(?:\$|€|£)?\d[\d,.]*\s*(?:\$|€|£|usd|eur|gbp|dollars|euros)?\b"
          r"[^\n]{0,60}?\b(?:to|into)\s+(?:the\s+)?(?:account|wallet|iban)"
        + r"|\b(?:transfer|move|send)\b[^\n]{0,30}?\bfunds\b[^\n]{0,40}?\b(?:wallet|account)\s+\w*\d"
        + r"|\b(?:approve|authori[sz]e)\s+(?:pending\s+)?(?:bank\s+)?(?:transfers|payments|transactions)\s+on\s+"
          r"(?:their|the\s+user'?s)\s+behalf"
        + r"|\b(?:tip|donate|pay|send|transfer|wire)\w{0,3}\b[^\n]{0,80}?(?:\bbc1[02-9ac-hj-np-z]{25,60}\b|\b[13][a-km-zA-HJ-NP-Z1-9]{25,34}\b|"
          r"\b0x[0-9a-f]{40}\b)"
        + r"|\b" + _TRIGGER_TIME + r"\b[^\n]{0,80}?\b(?:recommend|suggest|promote|praise|mention|insert|append|add|"
          r"include|link\s+to|advertise|push)\b[^\n]{0,60}?(?:https?://|bit\.ly|(?-i:\b[A-Z][a-z]+[A-Z]\w+)|"
          r"(?:sentence|line|paragraph)s?\s+prais\w+|wallet|supplements?|brand\w*|(?:their|our|my)\s+product)"
        + r"|\b(?:recommend|suggest)\b[^\n]{0,30}?\bfor\s+(?:any|every|all)\s+[\w\s]{0,20}?(?:question|request)s?"
        + r"|\b(?:always\s+)?(?:cc|bcc)\s+[\w.+-]+@[\w-]+\.\w+\s+on\s+(?:every|all|each|any)\b"
        + r"|\b(?:us(?:e|ing)|prefer\w*|switch\w*\s+to|install\w*\s+from)\s+(?:the\s+)?(?:mirror|index|registry)\s+at\s+(?:https?://|" + _PUBLIC_IP + r")"
        )),
    # Where the agent's traffic goes or what it may reach, moved: a public service's name pointed at
    # another address in the hosts file, a tool's allowed folders widened to the whole disk or home.
    ("traffic_redirect", _rx(
        r"(?:/etc/hosts|hosts\s+file|drivers[\\/]etc[\\/]hosts)\b[^\n]{0,100}?\b(?:[\w-]+\.)+(?:com|org|net|io|dev|co|"
        r"ai|app|cloud|sh|gg)\b[^\n]{0,40}?" + _PUBLIC_IP
        + r"|" + _PUBLIC_IP + r"\s+(?:[\w-]+\.)+(?:com|org|net|io|dev|co|ai|app|cloud|sh|gg)\b[^\n]{0,60}?(?:/etc/hosts|"
        r"hosts\s+file)"
        + r"|\b(?:[\w-]+\.)+(?:com|org|net|io|dev|co|ai|app|cloud|sh|gg)\s*(?:->|=>|→|to|at)\s*" + _PUBLIC_IP
        + r"[^\n]{0,40}?(?:/etc/hosts|hosts\s+file)"
        + r"|\b(?:allowed|allow|permitted|accessible|root|base|mounted|shared)[\s_-]+(?:dirs?|director(?:y|ies)|paths?|folders?|"
        r"roots?|scopes?)\b[^\n]{0,40}?\b(?:to|=|:)\s*\[?\s*['\"]?(?:/|~|\$HOME|[a-z]:\\)['\"]?\s*\]?(?=[\s.,;]|$)")),
]

_TRIGGERS = {
    "traffic_redirect": r"hosts|allow\w*|permitted\w*|accessible\w*|root\w*|base\w*|mounted\w*|shared\w*",
    "secret_request": r"me",
    "secret_exfil": r"keys?|tokens?|passwords?|passphrases?|passcodes?|credentials?|secrets?|cookies?|kubeconfig|"
                    r"pem|env|shadow|git-credentials|netrc|keychain|seed|recovery|2fa|one-time|otp|environment|"
                    r"\w+_(?:api_)?(?:key|token|secret|password)|config|social|ssn|credit|hand",
    "data_exfil": r"conversations?|chat|transcripts?|prompts|message|salar(?:y|ies)|finances|tax|bank|ip|everything|private|"
                  r"messages|emails?|drafts|location|calendar|contacts|files|documents|photos|history|address|"
                  r"notes|name|phone|repositories|workspace|data|keep",
    "markdown_exfil": r"https?|\]|<img|<iframe|<script|<link|<embed|<object|<source|<audio|<video|tracking|"
                      r"followed|append\w*|plus|concatenat\w+|filled|replacing|being|url-?encoded|url|query",
    "persistent_trigger": r"every|each|whenever|on|for|in|from|henceforth|always|forever|permanently|indefinitely|"
                          r"trusted|iban|account|wallet|pix|bic|swift|payee|beneficiary|payment|payout|billing|"
                          r"reset|recovery|routing|sort|crypto|is\s+now|becomes|transfer|send|pay|wire|tips?|move|"
                          r"approve|authori[sz]e|recommend|suggest|cc|bcc|mirror|index|registry|download\w*|fetch\w*|tip\w*|donate\w*|wire",
}

FLOW_RULES = [(rule, _Gated(rx, _TRIGGERS[rule])) for rule, rx in _RULES]
