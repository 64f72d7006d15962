"""Threat scanner for text that will be injected into a system prompt (memory entries, SOUL, notes).

`scan(text)` returns one `Finding(rule, excerpt)` per matched rule. The text is folded first so
obfuscation does not help: invisible characters removed, NFKC (fullwidth, math letters), look-alike
letters mapped to Latin, accents stripped; language rules also run on a punctuation-free and a
de-leeted copy ("1gn0re_all_pr3vious"). Invisible and bidi control characters are findings too.
Rules are narrow on purpose: ordinary facts ("Project reads DATABASE_URL from .env", "Don't tell the
user jokes") must pass; tests/data/threat_corpus.py pins both sides and the deliberate borderlines.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from hermes.memory.threat_text import (_LEET, _SECRETS, _SPACED, _SQUASHED, _random_looking, _redact,  # noqa: F401
                                       _variants, fold, invisible, mask, redact)

MAX_SCAN_CHARS = 65_536


@dataclass(frozen=True)
class Finding:
    rule: str
    excerpt: str


# -- pattern building blocks ----------------------------------------------------------------

def _w(n: int) -> str:
    """Up to n filler words (lazy)."""
    return rf"(?:[\w'’-]+[\s,]+){{0,{n}}}?"


_SECRET_FILE = (r"(?:\.env(?:\.(?:local|prod|production|staging|dev|development|test))?(?![\w.-])"
                r"|\.netrc|\.pgpass|\.npmrc|\.pypirc|\.git-credentials|\.aws/credentials"
                r"|id_(?:rsa|ed25519|ecdsa|dsa)(?!\.pub)|\.ssh/(?!config\b|known_hosts|\S*\.pub)"
                r"|/etc/shadow|\.docker/config\.json|\.kube/config)")
_SECRET_VAR = r"\$(?:env:)?\{?\w*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|AUTH)\w*\}?"
_NET_CMD = (r"\b(?:curl|wget|nc|ncat|netcat|socat|telnet|scp|sftp|rsync|ftp|http|https|iwr|irm|"
            r"invoke-webrequest|invoke-restmethod)\b")
_GAP = r"(?:[^\n.]|\.(?!\s)){0,160}?"  # same command: no newline, no sentence end
_PAYLOAD = (r"(?:\bcurl\b|\bwget\b|\bnc\b|\bncat\b|\bnetcat\b|\bsocat\b|/dev/tcp|\bbash\s+-i\b|"
            r"\bbase64\s+(?:-d|--decode)\b|\bpython3?\s+-c\b|\bperl\s+-e\b|https?://|\bmkfifo\b)")
_RC = (r"(?:\.(?:bashrc|zshrc|profile|bash_profile|zprofile|zshenv|bash_login)\b|"
       r"config/fish/config\.fish|/etc/profile|/etc/bash\.bashrc)")
_WHO = r"(?:the\s+)?(?:user|human|operator|owner)'?s?"
_ADJ = r"(?:(?!(?:on|about|of|regarding|with|for)\b)[\w'’-]+\s+){0,4}?"  # "the build box's root", not "feedback on the"
_SECRET_ASKED = (r"(?:passwords?|passphrases?|passcodes?|pin(?:\s+(?:code|number))?|2fa\s+codes?|otp|one[-\s]time\s+"
                 r"(?:codes?|passwords?)|verification\s+codes?|mfa\s+codes?|security\s+codes?|auth(?:entication)?\s+"
                 r"codes?|credit\s+card(?:\s+(?:number|details|info))?|card\s+(?:number|details)|cvv|cvc|"
                 r"bank(?:ing)?\s+(?:login|password|credentials|details)|(?:secret\s+)?access\s+keys?|secret\s+keys?|"
                 r"api\s+keys?|access\s+tokens?|(?:github|gitlab|aws|openai|slack|discord)\s+tokens?|private\s+keys?|"
                 r"seed\s+phrases?|recovery\s+(?:phrases?|codes?)|mnemonic|social\s+security\s+numbers?|ssn|"
                 r"login\s+(?:details|credentials)|credentials|security\s+(?:questions?|answers?)|mother'?s\s+maiden\s+"
                 r"name|answers?\s+to\s+(?:their|your|his|her|the\s+user'?s)\s+(?:\w+\s+){0,2}?security\s+questions?)\b")
_DEST = r"(?:https?://|ftp://|[\w.+-]+@[\w-]+\.\w+|webhook|pastebin|this\s+(?:url|address|endpoint|server)|" \
        r"(?:the\s+)?following\s+(?:url|address|endpoint|server))"
_WRITE = (r"(?:\b(?:edit|modify|change|update|overwrite|rewrite|replace|write|append|add|insert|set|delete|"
          r"remove|rm|truncate|echo|tee|cp|mv)\b|\bsed\s+-i|>>?)")
_HERMES_DIR = r"(?:\$\{?HERMES_HOME\}?|[\w~/$.-]{0,80}\.hermes)(?:/profiles/[\w.-]+)?"
_KEY_FILE = (r"(?:\.hermes/\.env\b|id_(?:rsa|ed25519|ecdsa|dsa)(?!\.pub)|\.aws/credentials|\.netrc|"
             r"\.git-credentials|\.pgpass|\.(?:bash|zsh)_history)")


def _rx(p: str, flags: int = re.I) -> re.Pattern[str]:
    return re.compile(p, flags)


# Language rules run on every folded variant; literal rules only on the NFKC-folded text.
LANGUAGE_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("prompt_injection", _rx(
        r"\b(?:ignore|disregard|forget|override|bypass|abandon)\s+(?:(?:all|any|the|your|my|of)\s+)*"
        r"(?:(?:previous|prior|above|preceding|earlier|foregoing|original|initial|system|developer|safety)\s+)+"
        + _w(2) + r"(?:instructions?|prompts?|directives?|rules|guidelines|guidance|constraints|programming|"
                  r"messages)\b")),
    ("prompt_injection", _rx(
        r"\b(?:ignore|disregard|forget)\s+(?:all|any|every(?:thing)?)\s+" + _w(2)
        + r"(?:instructions?|prompts?|directives?|guidelines|you(?:'ve|\s+have|\s+were)\s+been\s+told|"
          r"you\s+were\s+told)")),
    ("prompt_injection", _rx(
        r"\b(?:ignore|disregard|forget)\s+(?:everything|all)\s+(?:of\s+)?"
        r"(?:you\s+(?:know|were\s+told|have\s+been\s+told|learned)|(?:the\s+)?above|before\s+this|so\s+far|"
        r"previously|said\s+before)"
        r"|\byour\s+(?:previous|prior|original|earlier|old|current)\s+"
        r"(?:instructions|rules|guidelines|directives|programming)\s+(?:are|were|is)\s+(?:now\s+)?"
        r"(?:void|null|cancel+ed|revoked|obsolete|invalid|overridden|replaced|suspended|lifted|no\s+longer)")),
    ("disregard_rules", _rx(
        r"\b(?:disregard|ignore|forget|abandon|bypass|break|violate|drop|override)\s+(?:all\s+(?:of\s+)?)?"
        r"(?:your|its|hermes'?s?|the\s+(?:agent|assistant|ai|model)'?s?)\s+(?:own\s+)?" + _w(2)
        + r"(?:rules|instructions?|guidelines|restrictions|guardrails|safety|principles|programming|training|"
          r"constraints|polic(?:y|ies)|filters|values|directives|system\s+prompt)\b")),
    ("disregard_rules", _rx(
        r"\b(?:do\s+not|don't|stop)\s+follow(?:ing)?\s+your\s+" + _w(2)
        + r"(?:rules|instructions|guidelines|system\s+prompt|programming)")),
    ("sys_prompt_override", _rx(
        r"\bnew\s+system\s+(?:prompt|instructions?|message)\s*[:=\-—]"
        r"|\b(?:your|(?:the\s+following|below|this)\s+(?:is|are)\s+(?:your|the))\s+new\s+"
        r"(?:system\s+prompt|instructions|directives|rules|guidelines|persona|identity)"
        r"|\b(?:override|replace|overwrite|update)\s+(?:your|the)\s+system\s+prompt"
        r"|\byour\s+(?:true|real|actual|new|updated|secret|hidden)\s+"
        r"(?:instructions|directives|orders|purpose|mission|goal)\s*(?:are|is|:)"
        r"|\bsystem\s+prompt\s+(?:override|update)\b|\b(?:begin|start)\s+(?:new\s+)?system\s+prompt"
        r"|\b(?:updated|new|urgent)\s+instructions\s+from\s+(?:the\s+)?"
        r"(?:developers?|admin(?:istrator)?|system|operator|anthropic|openai|nous)"
        r"|\[\s*(?:system|admin|developer)\s*(?:override|message|notice|instructions?)\s*\]"
        r"|<\|im_start\|>\s*system")),
    # Upper-case only: "System: Ubuntu 22.04" is a fact, "SYSTEM:" at a line start is a fake header.
    ("sys_prompt_override", re.compile(r"(?m)^\s*(?:\[SYSTEM\]|<SYSTEM>|SYSTEM\s*(?:MESSAGE|OVERRIDE|NOTE)?\s*:)")),
    ("role_hijack", _rx(
        r"\byou\s+are\s+now\s+(?:a|an|the|my|no\s+longer|free|unrestricted|unfiltered|uncensored|jailbroken|"
        r"called|named|known\s+as|acting|operating)\b"
        r"|\byou\s+are\s+no\s+longer\s+(?:a|an|the|hermes|bound|restricted|limited)\b"
        r"|\bfrom\s+now\s+on,?\s+you\s+(?:are|will\s+be|act\s+as)\s+(?:a|an|the|my)\b"
        r"|\b(?:pretend|imagine)\s+(?:that\s+)?you\s+are\s+(?:a|an|the|no\s+longer|not|free|unrestricted)\b"
        r"|\bact\s+as\s+(?:a|an)\s+(?:unrestricted|unfiltered|uncensored|jailbroken|evil|malicious|rogue)\b"
        r"|\benter\s+(?:developer|dan|god|jailbreak|unrestricted)\s+mode\b|\bdo\s+anything\s+now\b")),
    ("bypass_restrictions", _rx(
        r"\b(?:act|behave|respond|operate|answer|function)\s+" + _w(2) + r"(?:as\s+if|as\s+though|like)\s+"
        + _w(3) + r"(?:no|without|zero)\s+" + _w(2)
        + r"(?:restrictions|limits|limitations|rules|filters|guidelines|guardrails|safety|censorship|"
          r"boundaries|constraints|ethics|morals)"
        r"|\b(?:without|with\s+no|free\s+of)\s+(?:any\s+)?(?:ethical|moral|safety|content)\s+"
        r"(?:restrictions|guidelines|filters|limits|constraints|guardrails)"
        r"|\b(?:disable|turn\s+off|remove|bypass|ignore|deactivate)\s+(?:all\s+)?(?:your|its)\s+" + _w(1)
        + r"(?:safety|content)\s+(?:filters?|guardrails|guidelines|restrictions|checks|mode)"
        r"|\b(?:unrestricted|unfiltered|uncensored|jailbroken|jailbreak)\s+mode\b"
        r"|\b(?:disregard|ignore|bypass|abandon)\s+(?:all\s+|any\s+)?(?:safety|security|content|ethical)\s+"
        r"(?:policies|policy|guidelines|rules|restrictions|filters|guardrails)")),
    # Secrecy towards the user, not topics to avoid: "Don't tell the user jokes" passes.
    ("deception_hide", _rx(
        r"\b(?:do\s+not|don't|never)\s+(?:tell|inform|notify|alert|warn|show)\s+" + _WHO
        + r"(?:\s*(?:[.!;:]|$)|\s+(?:about\s+)?(?:this|these|that\s+you|it\b|any\s+of\s+this|anything|"
          r"(?:what|where|why|how)\s+you|you\b))"
        r"|\b(?:do\s+not|don't|never)\s+(?:mention|reveal|disclose|report|show)\s+(?:this|that|it|these|"
        r"any\s+of\s+this|the\s+(?:above|following|instructions?|commands?|change|file|upload|download|"
        r"transfer|script|memory|entry|note))\s+to\s+" + _WHO
        + r"|\b(?:do\s+not|don't|never)\s+(?:mention|reveal|disclose|say|admit|explain)\s+to\s+" + _WHO
        + r"|\b(?:do\s+not|don't|never)\s+mention\s+(?:it|this|that)\s*(?:[.!;)]|$|to\s+anyone)"
        r"|\b(?:do\s+not|don't|never)\s+mention\s+(?:this|the)\s+(?:note|memory|entry|instructions?)\b"
        r"|\b(?:do\s+not|don't|never)\s+let\s+" + _WHO + r"\s+(?:know|find\s+out|notice|discover|suspect)"
        r"|\bwithout\s+" + _WHO + r"\s+(?:knowing|knowledge|noticing|being\s+(?:told|informed|aware)|"
        r"awareness|realizing|finding\s+out)"
        r"|\bkeep\s+(?:this|it|that|these|the\s+following)\s+(?:a\s+)?secret\s+from\s+" + _WHO
        + r"|\byou\s+were\s+never\s+(?:instructed|told|asked)\s+to\b"
        r"|\b(?:hide|conceal)\s+(?:this|it|that|these|the\s+following|your\s+actions|what\s+you)\s+" + _w(3)
        + r"from\s+" + _WHO
        + r"|\b(?:secretly|quietly|silently|covertly)\s+(?:send|upload|run|copy|forward|exfiltrate|email|post|"
          r"transmit|install|execute)\b")),
    ("send_credentials", _rx(
        r"\b(?:send|post|upload|forward|transmit|exfiltrate|email|leak|share|submit|copy)\s+" + _w(6)
        + r"(?:credentials|secrets?|api[ _-]?keys?|access\s+tokens?|tokens|passwords?|private\s+keys?|"
          r"ssh\s+keys?|env(?:ironment)?\s+var(?:iable)?s|\.env\b|cookies|session\s+tokens?)\s+" + _w(6)
        + r"(?:to|at|into|via)\s+" + _w(3) + _DEST)),
    # Telling the agent to ask the user for a secret: no memory note has a use for that, and a user
    # trusts a question from their own assistant.
    ("credential_phish", _rx(
        r"(?<!never\s)(?<!not\s)(?<!n't\s)(?<!will\s)(?<!would\s)(?<!can\s)(?<!may\s)(?<!might\s)(?<!could\s)"
        r"\b(?:ask|request|require|demand|get|have|make|tell|instruct|prompt|force|convince|persuade)\s+"
        r"(?:(?:the|every|each|all)\s+)?(?:users?|humans?|them|him|her|customers?|people|operators?|owners?)\s+"
        r"(?:for|(?:to\s+)?(?:confirm|enter|provide|share|send|type|paste|give|tell\s+you|submit|input|read\s+out|"
        r"verify|re-?enter|disclose|reveal|supply)(?:\s+(?:you|us|me))?)\s+" + _ADJ + _SECRET_ASKED +
        r"(?![^\n.]{0,40}?\b(?:(?:in|into|to)\s+(?:the\s+|their\s+|your\s+|a\s+)?(?:\.env|env|environment|"
        r"config|file|settings|keychain|password\s+manager|vault|secret\s+store)|only\s+(?:through|via|in|on)))"
        r"|(?<!never\s)(?<!not\s)(?<!n't\s)(?<!will\s)(?<!would\s)\b(?:request|require|demand|collect|obtain|get|"
        r"ask\s+for)\s+"
        r"(?:from\s+the\s+user\s+)?(?:the\s+user'?s|their|his|her)\s+" + _ADJ + _SECRET_ASKED +
        r"(?![^\n.]{0,20}?\bfrom\s+(?:the\s+)?(?:env|environment|config|\.env|file|vault|keychain|secret))"
        r"|\b" + _SECRET_ASKED + r"[^\n.]{0,60}?\b(?:is|are)\s+(?:needed|required)\b[^\n.]{0,10}?[;,:]?\s*"
        r"(?:so\s+)?(?:ask|request|get)\s+(?:for\s+it|the\s+user|them|it)"
        # other people's secrets gathered in one place
        r"|(?<!never\s)(?<!not\s)(?<!n't\s)\b(?:gather|collect|compile|harvest)\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?"
        r"(?:team'?s?|everyone'?s|employees'?|staff'?s?|users'?|colleagues'?|customers'?|members'?|their)\s+"
        r"(?:[\w-]+\s+){0,3}?(?:passwords?|passphrases?|credentials|logins|private\s+keys?|recovery\s+codes?|"
        r"2fa\s+codes?|pins?)\b")),
    ("context_exfil", _rx(
        r"\b(?:send|post|upload|forward|transmit|copy|share|email|leak|exfiltrate)\s+" + _w(3)
        + r"(?:conversations?|chat\s+(?:history|logs?)|transcripts?|messages|everything|"
          r"all\s+(?:files|data|messages)|(?:the\s+)?contents?\s+of|(?:the\s+)?logs|(?:the\s+)?memory|"
          r"(?:the\s+)?history)\s+" + _w(4) + r"(?:to|at|into)\s+" + _DEST
        + r"|\b(?:send|post|upload|forward|transmit|email)\s+(?:the\s+|its\s+|their\s+)?output\s+" + _w(2)
        + r"(?:to|at|into)\s+" + _DEST)),
    ("translate_execute", _rx(
        r"\b(?:decode|translate|convert|unpack)\b[^\n]{0,60}?\b(?:base64|rot13|hex|binary)\b[^\n]{0,60}?"
        r"\b(?:execute|run|eval)\b")),
    ("leak_system_prompt", _rx(
        r"\b(?:reveal|print|output|repeat|leak|dump|send|share|disclose)\s+" + _w(3)
        + r"your\s+(?:system\s+prompt|initial\s+prompt|hidden\s+(?:prompt|instructions)|original\s+instructions)")),
    ("approval_bypass", _rx(
        r"\b(?:disable|turn\s+off|bypass|skip|circumvent|get\s+around|evade|lift)\s+"
        r"(?:the\s+|your\s+|all\s+|any\s+)?(?:command\s+|tool\s+|safety\s+)?approvals?"
        r"(?:\s+(?:gate|prompts?|checks?|system|mode))?\b"
        r"|\bauto[-_ ]?approve\s+(?:all|every|everything|any)\b"
        r"|\b(?:skip|bypass|disable|ignore)\s+(?:all|any|every)\s+"
        r"(?:confirmations?|approvals?|permission\s+(?:checks|prompts))"
        r"|\b(?:execute|run)\s+(?:anything|any\s+commands?|every\s+command|all\s+commands)\b[^\n]{0,80}?"
        r"\bwithout\s+(?:any\s+)?(?:asking|confirmation|approval|permission)"
        r"|\bapprovals?\.(?:mode|command_allowlist|single_query_mode)\b"
        r"|--yolo\b|--dangerously-skip-permissions")),
]

def _intent_rules() -> list[tuple[str, re.Pattern[str]]]:
    from hermes.memory.threat_intent import INTENT_RULES

    return INTENT_RULES


LANGUAGE_RULES += _intent_rules()


def _language_tables() -> tuple[list, list]:
    from hermes.memory.threat_languages import FOLDED_RULES, NATIVE_RULES

    return FOLDED_RULES, NATIVE_RULES


_FOLDED_LANG, NATIVE_RULES = _language_tables()
LANGUAGE_RULES += _FOLDED_LANG


def _ask_rules() -> list:
    from hermes.memory.threat_asks import ASK_RULES

    return ASK_RULES


LANGUAGE_RULES += _ask_rules()


def _agent_rules() -> list:
    from hermes.memory.threat_agent import AGENT_RULES
    from hermes.memory.threat_conduct import CONDUCT_RULES
    from hermes.memory.threat_flows import FLOW_RULES
    from hermes.memory.threat_handover import HANDOVER_RULES
    from hermes.memory.threat_roles import ROLE_RULES

    return AGENT_RULES + FLOW_RULES + CONDUCT_RULES + ROLE_RULES + HANDOVER_RULES


# Markup, authority, exfiltration and trigger rules read punctuation (URLs, tags, quotes), so they run on the
# folded text, and on the de-leeted copy only when the text looks leeted: the punctuation-free copy adds
# little for them and would double their cost on long pages.
AGENT_RULES = _agent_rules()
_LEETISH = re.compile(r"[a-z][013457@$][a-z]|[013457][a-z]{2}", re.I)

LITERAL_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("exfil_command", _rx(_NET_CMD + _GAP + _SECRET_VAR)),
    ("exfil_command", _rx(
        _NET_CMD + _GAP + r"(?:-d|--data[\w-]*|-F|--form|-T|--upload-file|--post-file|--body-file)"
        r"[\s=]*['\"]?@?[^\s'\"]{0,120}" + _SECRET_FILE)),
    ("exfil_command", _rx(r"\b(?:scp|rsync|sftp)\s+(?:-\S+\s+)*[^\s]{0,120}" + _SECRET_FILE)),
    ("exfil_command", _rx(r"\b(?:nc|ncat|netcat|socat|telnet)\b[^\n]{0,120}<\s*[^\s]{0,120}" + _SECRET_FILE)),
    ("exfil_command", _rx(_SECRET_FILE + r"[^\n|]{0,40}\|\s*(?:base64\s*\|\s*)?" + _NET_CMD)),
    ("exfil_command", _rx(
        r"\$\(\s*(?:cat|base64|env|printenv)\b[^)]*\)" + _GAP + _NET_CMD
        + "|" + _NET_CMD + _GAP + r"\$\(\s*(?:cat|base64|env|printenv)\b")),
    ("exfil_command", _rx(
        r"\b(?:printenv|env)\b[^\n|]{0,20}\|\s*" + _NET_CMD
        + r"|\b(?:cp|copy|mv|move|upload|send|post|email|share|forward|attach)\s+(?:the\s+)?"
          r"(?:contents\s+of\s+)?['\"`]?[~\w/.$-]{0,120}" + _KEY_FILE)),
    ("read_secrets", _rx(
        r"\b(?:include|print|show|output|paste|display|echo|reveal|dump|read|quote)\s+" + _w(4)
        + r"[~/\w.-]{0,120}" + _KEY_FILE)),
    ("read_secrets", _rx(
        r"\b(?:cat|less|more|head|tail|bat|strings|xxd|od|hexdump|base64|tac|nl|get-content|type)\s+"
        r"(?:-\S+\s+(?:\d+\s+)?)*[^\s|;&]{0,120}" + _SECRET_FILE)),
    ("ssh_backdoor", _rx(
        r"(?:>>?|\btee\b|\becho\b|\bssh-copy-id\b)[^\n]{0,160}authorized_keys"
        r"|authorized_keys[^\n]{0,40}(?:>>|<<)"
        r"|\b(?:add|append|insert|put|write)\s+(?:this|the\s+following|the\s+below|that)\s+(?:public\s+)?key"
        r"[^\n]{0,80}authorized_keys")),
    ("ssh_backdoor", _rx(
        # a key next to authorized_keys only when something is put there ("for checking" is a note)
        r"(?s)\b(?:add|append|put|insert|install|copy|write|place|drop|paste)\b.{0,200}?"
        r"(?:(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-\S{1,20})\s+AAAA.{0,800}authorized_keys"
        r"|authorized_keys.{0,800}(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-\S{1,20})\s+AAAA)")),
    # Shell start-up files and cron only with a network or encoded payload: aliases and PATH are fine.
    ("shell_rc_persistence", _rx(
        r"(?:\b(?:add|append|insert|put|write|echo)\b|>>|\btee\b)[^\n]{0,160}?" + _PAYLOAD
        + r"[^\n]{0,160}?" + _RC
        + r"|" + _RC + r"[^\n]{0,60}?\b(?:add|append|insert|put|write)\b[^\n]{0,160}?" + _PAYLOAD)),
    ("cron_persistence", _rx(
        r"\|\s*crontab\s+-(?:\s|$)|\|\s*crontab\s*$|(?:>>?|\btee\b(?:\s+-a)?)\s*/etc/cron|/var/spool/cron"
        r"|\b(?:add|create|install|set\s+up|schedule|register)\s+" + _w(3)
        + r"(?:cron\s*job|crontab\s+entry|systemd\s+timer|launch\s*agent)\b[^\n]{0,160}?" + _PAYLOAD)),
    ("agent_config_mod", _rx(
        _WRITE + r"[^\n]{0,80}?" + _HERMES_DIR + r"/(?:config\.yaml|SOUL\.md|\.env\b|memories/)"
        r"|" + _HERMES_DIR + r"/(?:config\.yaml|SOUL\.md|\.env)\b[^\n]{0,20}(?:>>|<<)"
        r"|\b(?:edit|modify|change|update|overwrite|rewrite|replace|write\s+to|append\s+to|delete|remove)\s+"
        + _w(3) + r"SOUL\.md"
        r"|\b(?:edit|modify|change|update|overwrite|rewrite|replace|delete)\s+your\s+(?:own\s+)?"
        r"(?:config(?:uration)?|settings|soul|personality\s+file|system\s+prompt|memory\s+files?|guardrails)\b"
        r"|\bhermes\s+config\s+set\s+(?:approvals|toolsets|memory|terminal|server)")),
    ("hidden_html", _rx(
        r"<(?:div|span|p|section)\b[^>]*style\s*=\s*['\"][^'\"]*(?:display\s*:\s*none|"
        r"visibility\s*:\s*hidden|font-size\s*:\s*0(?:px)?\s*[;'\"])")),
]

# Words that make an HTML comment (invisible once rendered) an instruction rather than a note.
_COMMENT_WORDS = _rx(r"ignore\s+(?:previous|all|the|above|prior|your)|override|system\s+prompt|\bsecret|\bhidden\b|"
                     r"instructions?\b|\bassistant\b|\bAI\b|\bagent\b|you\s+must|you\s+should|do\s+not\s+tell|"
                     r"don't\s+tell|exfiltrat|\bcurl\b|\bwget\b")
# An unterminated comment hides the rest too; a markdown link-reference comment renders as nothing.
_COMMENT = re.compile(r"<!--(.*?)(?:-->|\Z)|^\s*\[//\]:\s*#\s*[(\"'](.*)$", re.S | re.M)


def _excerpt(s: str, n: int = 80) -> str:
    """What a finding shows: one line, short, secrets masked (excerpts reach the model and terminals)."""
    s = _redact(" ".join(s.split()))
    return s if len(s) <= n else s[: n - 1] + "…"


def scan(text: str, _decode: bool = True, *, learned: bool = True) -> list[Finding]:
    """Findings for `text`, one per rule, in rule order. Empty list: clean.

    `learned=False` leaves out the learned models (threat_model.py, threat_embed.py): they were
    trained on memory notes and fetched text, where orders to the agent are suspect; SOUL.md and skills are made of such orders
    (the persona, the procedure), so for them the rules alone judge."""
    if not text:
        return []
    findings: list[Finding] = []
    if len(text) > MAX_SCAN_CHARS:
        findings.append(Finding("oversized", f"{len(text):,} chars (scan limit {MAX_SCAN_CHARS:,})"))
        text = text[:MAX_SCAN_CHARS]
    hidden = invisible(text)
    if hidden:
        findings.append(Finding("invisible_unicode", hidden))
    folded = fold(text)

    def add(rule: str, excerpt: str) -> None:
        if rule not in {f.rule for f in findings}:
            findings.append(Finding(rule, excerpt))

    from hermes.memory.threat_context import discussed_quotes, excused

    quotes = discussed_quotes(folded)

    def negated(rule: str, source: str, m: re.Match[str]) -> bool:
        return excused(rule, source, m, quotes)

    variants = _variants(folded)
    passes = [(v, LANGUAGE_RULES) for v in variants] + [(folded, AGENT_RULES), (folded, LITERAL_RULES)]
    leet = "\n".join(ln for ln in folded.splitlines() if len(_LEETISH.findall(ln)) >= 3)
    if leet:
        passes.append((_variants(leet)[2], AGENT_RULES))
    if NATIVE_RULES:
        native = unicodedata.normalize("NFKC", "".join(
            c for c in text if unicodedata.category(c) != "Cf" and not 0xE0000 <= ord(c) <= 0xE007F))
        passes.append((native, NATIVE_RULES))
    for source, table in passes:
        for rule, rx in table:
            if rule not in {f.rule for f in findings}:
                m = next((m for m in rx.finditer(source) if not negated(rule, source, m)), None)
                if m:
                    add(rule, _excerpt(m.group(0)))
    body = next((b for c in _COMMENT.finditer(folded) for b in [c.group(1) or c.group(2) or ""]
                 if _COMMENT_WORDS.search(b)), None)
    if body is not None:
        add("html_comment_injection", _excerpt("<!--" + body[:70]))
    if _SPACED.search(folded):
        squashed = re.sub(r"[\W\d_]+", "", folded.lower())
        for rule, phrases in _SQUASHED.items():
            phrase = next((p for p in phrases if p in squashed), None)
            if phrase:
                add(rule, f"letter-spaced '{phrase}'")
    for rx, check in _SECRETS:
        m = next((m for m in rx.finditer(folded) if not check or _random_looking(m.group(m.lastindex or 0))), None)
        if m:
            add("hardcoded_secret", mask(m.group(m.lastindex or 0)))
    from hermes.memory.threat_commands import command_findings

    for gate_rule, command in command_findings(folded):
        if not negated(f"command_{gate_rule}", command, re.match(r"", command)):
            add(f"command_{gate_rule}", _excerpt(command))
    if _decode:  # encoded text is scanned once more, decoded (never recursively)
        from hermes.memory.threat_decode import decoded

        for how, plain in decoded(folded):
            inner = [f for f in scan(plain, _decode=False) if f.rule != "invisible_unicode"
                     and (how == "base64" or f.rule != "hardcoded_secret")]  # re-spelled text makes key shapes
            if inner:
                add("encoded_payload", f"{how}: {describe(inner[:2])}"[:120])
                break
    if not findings and _decode and learned:  # no rule matched: the learned models' opinion
        from hermes.memory.threat_embed import opinion

        said = opinion(text, folded)
        if said:
            add("learned_intent", f"{said[0]}: " + _excerpt(said[1], 60))
    present = {f.rule for f in findings}
    return [f for f in findings if not present & _COVERED_BY.get(f.rule, frozenset())]


# A broad category is not reported again beside the narrower rule that already names the threat.
_EXFIL = frozenset({"exfil_command", "send_credentials", "context_exfil", "read_secrets"})
_COVERED_BY: dict[str, frozenset[str]] = {
    "disregard_rules": frozenset({"prompt_injection"}),
    "persona_takeover": frozenset({"role_hijack", "sys_prompt_override"}),
    "secret_exfil": _EXFIL,
    "download_execute": frozenset({"shell_rc_persistence", "cron_persistence"}),
    "beaconing": frozenset({"cron_persistence"}),
    "command_read_secret": _EXFIL | {"secret_exfil"},
    "command_secret_exfil": _EXFIL | {"secret_exfil"},
    "command_curl_pipe_shell": frozenset({"shell_rc_persistence", "cron_persistence", "download_execute"}),
    "command_raw_socket": frozenset({"shell_rc_persistence", "exfil_command"}),
    "command_write_hermes_home": frozenset({"agent_config_mod", "approval_bypass"}),
    "command_hermes_self_modify": frozenset({"agent_config_mod", "approval_bypass"}),
    "command_write_ssh": frozenset({"ssh_backdoor"}),
    "command_decode_exec": frozenset({"translate_execute"}),
    "command_history_wipe": frozenset({"anti_forensics"}),
}


def rules(findings: list[Finding]) -> list[str]:
    return list(dict.fromkeys(f.rule for f in findings))


def describe(findings: list[Finding]) -> str:
    """'prompt_injection ("ignore all previous instructions"), ...' — safe to show (secrets masked)."""
    return ", ".join(f'{f.rule} ("{f.excerpt}")' for f in findings)
