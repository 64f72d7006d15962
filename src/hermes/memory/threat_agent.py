"""Text that speaks to the agent as its operator would: markup, authority, overrides and self-edits.

A note about the user or the project never needs to fake a chat turn, claim to come from the
developers, declare the agent's rules void, switch its approvals off, edit its other memories or
ask it to keep secrets from the user. Each category is written as a directive or claim plus the
broad class of thing it is aimed at (approvals, rules, memories, the user's knowledge), so the
wording can vary. Scope matters for approvals: "don't ask before running `make fmt`" names one
harmless command; "any command", "deletions", "emails", "spending" do not.
Patterns see folded text (no accents, look-alikes mapped) and are gated by cheap trigger words.
"""

from __future__ import annotations

import re

from hermes.memory.threat_intent import _Gated


def _rx(p: str) -> re.Pattern[str]:
    return re.compile(p, re.I)


_AGENT = r"(?:you|hermes|the\s+(?:assistant|agent|ai|bot|model)|any\s+(?:ai|agent|assistant|llm|model)s?)"
_NOT = r"(?:do\s+not|don'?t|never|no\s+need\s+to|without|stop|not)"
# The safety machinery, named in many ways.
_GUARD = (r"(?:approvals?|(?:approval|confirmation|permission|consent)\s+(?:prompts?|steps?|checks?|gates?|dialogs?)|"
          r"confirmations?|confirmation\s+step|permissions?\s+checks?|sandbox(?:ing)?(?:\s+restrictions)?|"
          r"allow-?list|white-?list|block-?list|deny-?list|(?:content\s+|safety\s+|security\s+)?filters|guardrails?|"
          r"(?:threat|security|memory)\s+scanner|(?:safety|security|sanity)\s+checks?|safeguards?|refusals?|"
          r"(?:safety|security)\s+(?:polic(?:y|ies)|rules|section|measures|restrictions)|"
          r"restrictions|review\s+step|"
          # a repository's own guards: what stops a push nobody reviewed
          r"branch\s+protections?(?:\s+rules?)?|(?:required?\s+)?(?:code\s+)?reviews?\s+requirements?|required\s+reviews?|"
          r"required\s+(?:status\s+)?checks|secret\s+scanning|push\s+protection|code\s+scanning|signed[\s-]commits?\s+"
          r"requirements?|codeowners\s+(?:rule|requirement|check)s?)")
_OFF = (r"(?:(?:is|are)\s+(?:now\s+)?(?:no\s+longer|not)\s+(?:needed|required|necessary|permitted)|"
        r"(?:is|are|were|was|have\s+been|has\s+been)\s+(?:now\s+|all\s+)?(?:disabled|switched\s+off|turned\s+off|lifted|"
        r"removed|waived|suspended|deactivated|dropped|off|retired|gone|unnecessary|optional)|"
        r"(?:don't|do\s+not|no\s+longer|doesn't|does\s+not)\s+apply|not\s+needed|unnecessary|off\s+for)")
# Broad scope: what makes "no need to ask" dangerous rather than a preference about one command.
_BROAD = (r"(?:any|all|every|anything|everything|whatever|commands|shell\s+commands|scripts|deletions?|deleting|"
          r"files|emails?|messages|money|packages|installing|payments?|purchases|spending|transfers?|network|downloads?|installs?|"
          r"writing\s+outside|destructive|dangerous|sudo|root|pushes|pushing|sending|transferring|bank|"
          r"(?:the\s+)?(?:user's|their)\s+(?:account|behalf))")
_ACT = r"(?:run|execute|access|delete|send|spend|transfer|install|write|push|modify|read|download|do|use|open)"

_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("fake_markup", _rx(
        r"<\|(?:endoftext|system|user|assistant|im_start|im_end|eot_id|start_header_id|end_header_id|"
        r"begin_of_text|im_sep)\|>|<(?:start|end)_of_turn>|<</?SYS>>|\[/?INST\]"
        r"|</?(?:system|assistant|human|system[_-]?(?:prompt|message)|function_calls|function_results|tool_call|"
        r"tool_result|tool_response|invoke|antml:\w+)\b[^>]{0,80}>|</user>"
        # a role message whose content gives the agent orders (a code sample's "Talk like a pirate" does not)
        r"|\{\s*['\"]role['\"]\s*:\s*['\"](?:system|developer|assistant|tool)['\"]\s*,\s*['\"]content['\"]\s*:"
        r"\s*['\"][^'\"]{0,80}?\b(?:obey|ignore|must|you\s+are|from\s+now|disregard|forward|send|trust|secrets?|"
        r"override|always|never|approved|allowed|credentials|keys?|password)\b"
        r"|```\s*tool_(?:result|output|response)|['\"](?:approved_by|approval|status)['\"]\s*:\s*['\"]?"
        r"(?:approved|granted|user|true|all)"
        r"|\[\s*(?:end\s+of\s+(?:document|input|context|text|file|page|data|user\s+input)|new\s+instructions?"
        r"[^\]]{0,30}|begin\s+(?:new\s+)?instructions?)\s*\]"
        r"|(?m:^\s*(?:#{2,}\s*)?(?:END\s+OF\s+(?:DOCUMENT|INPUT|CONTEXT|PROMPT))\b)"
        r"|(?s:(?m:^\s*(?:human|user)\s*:\s*\S).{0,600}?(?m:^\s*(?:assistant|ai|bot)\s*:\s*\S))"
        r"|(?s:(?m:^\s*(?:observation|tool\s+output)\s*:\s*\S).{0,400}?(?m:^\s*(?:thought|action)\s*:\s*\S))"
        r"|(?s:(?m:^\s*#{2,4}\s*(?:instruction|input)\s*:?\s*$).{0,600}?(?m:^\s*#{2,4}\s*response\s*:?\s*$))")),
    ("impersonation", _rx(
        # a header at a line or sentence start; the bare-word form in capitals only ("Topic :: Security ::" is not one)
        r"(?:^|[\n.;!]\s*)(?:\[\s*(?:system|admin|root|operator|developer)\s*\](?!\()|#{2,}\s*system[^#\n]{0,30}#{2,}|"
        r"(?-i:(?:ADMIN|ROOT|OPERATOR|DEVELOPER|SYSADMIN|SECURITY(?:\s+TEAM)?):\s))"
        r"|\b(?:message|note|notice|update|memo|directive|instructions?|order|announcement|request|hotfix)\s+from\s+"
        r"(?:the\s+|your\s+)?(?:developers?|devs|creators?|makers|maintainers?|anthropic|openai|google|nous|"
        r"hermes\s+team|security\s+team|(?:system\s+)?admin(?:istrator)?s?|operators?|owners?|it\s+department|"
        r"trust\s*(?:&|and)\s*safety)\b[^\n]{0,160}?(?:\b" + _AGENT + r"\b|\bplease\b|\bmust\b|\b(?:send|forward|"
        r"paste|disable|stop|obey|follow|grant|give|execute|run|transfer|share|trust|replace|delete|add|open|"
        r"reveal|upload|email)\b)"
        r"|\b(?:operator|admin(?:istrator)?|developer|system|security)\s+(?:notice|override|directive|announcement)\s*:"
        r"|\b(?:this\s+(?:message|note|request|instruction)\s+(?:is|comes)\s+from|(?:anthropic|openai|root\s+user|"
        r"(?:the\s+)?security\s+team|(?:the\s+)?admin(?:istrator)?|(?:the\s+)?developers?|trust\s*(?:&|and)\s*safety"
        r"|(?:your\s+)?operator)\s+here\b)"
        r"|\bas\s+(?:the|your)\s+(?:maintainer|owner|admin(?:istrator)?|operator|developer|creator|author)\b"
        r"[^\n.]{0,60}?\bI\s+(?:instruct|order|direct|authori[sz]e|command|require|need)\b"
        r"|\b(?:the\s+)?(?:user|owner|account\s+owner|admin(?:istrator)?|operator|developers?|security\s+team)\s+"
        r"(?:has|have)\s+(?:already\s+)?(?:authori[sz]ed|approved|allowed|permitted|pre-?approved|cleared|signed\s+off"
        r"\s+on)\s+(?:you|the\s+(?:assistant|agent)|sending|sharing|transfer\w*|access\w*|running\s+any|"
        r"everything|all|any|full)\b"
        r"|\b(?:the\s+)?user\s+(?:told|asked|wants|instructed)\s+me\s+to\s+tell\s+you\b"
        r"|\byour\s+(?:developers?|creators?|makers|operator|admin(?:istrator)?)\s+(?:has|have)\s+(?:pushed|released|"
        r"updated|decided|changed|approved|authori[sz]ed|ordered)\b"
        r"|\b(?:this\s+deployment|hermes|the\s+(?:assistant|agent))\s+(?:has\s+been|was)\s+(?:transferred|handed)\s+"
        r"to\s+a\s+new\s+owner"
        # authority handed to text that is not the user: pages, mails, other senders, tool output
        r"|\b(?:trust|treat|obey|follow|accept|regard|consider|execute)\s+(?:any|all|every|the)?\s*"
        r"(?:instructions?|messages?|commands?|requests?|directives?|orders|text|content)\s+(?:found|contained|"
        r"embedded|written|appearing|you\s+(?:find|see|read|receive))?\s*(?:in|on|inside|within|from)\s+"
        r"(?:any\s+|the\s+)?(?:web\s*pages?|websites?|sites?|pages?|emails?|mails?|documents?|files?|pdfs?|"
        r"search\s+results|tool\s+(?:output|results?)|issues?|comments?|tickets?|chats?|channels?|@\w+|\w+bot)\b"
        r"[^\n.]{0,40}?\b(?:as\s+(?:if|though)|like|the\s+same\s+as|as\s+coming\s+from|as\s+(?:the\s+)?"
        r"(?:user|owner|admin|operator)'?s?)\b"
        r"|\b(?:treat|regard|consider)\s+(?:messages?|requests?|instructions?|anything)\s+(?:from|signed|sent\s+by)\s+"
        r"\S+(?:\s+\S+){0,2}\s+as\s+(?:coming\s+from|from|if\s+from|written\s+by)\s+(?:the\s+|your\s+)?"
        r"(?:user|owner|admin(?:istrator)?|operator|developer)s?\b"
        r"|\b(?:carry|carries|have|has)\s+(?:the\s+)?(?:user|owner|admin(?:istrator)?|operator)'?s?\s+(?:full\s+)?"
        r"(?:authority|privileges|permissions|rights)")),
    ("instruction_override", _rx(
        r"\b(?:everything|all|anything|whatever)\s+(?:above|before\s+this|prior|previously\s+(?:said|written|stated)|"
        r"you\s+were\s+(?:told|instructed|given)(?:\s+to\s+do)?(?:\s+before(?:\s+reading\s+this)?)?)\s*,?\s*"
        r"(?:is|was|are|were|it)\s+(?:now\s+)?(?:no\s+longer\s+(?:valid|counts?|applies|in\s+effect)|obsolete|void|"
        r"cancel+ed|invalid|irrelevant|null|outdated|superseded|fake|revoked|a\s+test)"
        r"|\bit\s+no\s+longer\s+(?:counts|applies|matters)\b"
        # what the agent was briefed with, declared void: "its previous brief no longer applies", "the review
        # checklist you were configured with is obsolete", "your style guide ... are void"
        r"|\b(?:your|its)\s+(?:own\s+)?(?:previous\s+|prior\s+|earlier\s+|original\s+|current\s+|existing\s+)?"
        r"(?:brief(?:ing)?|checklist|style\s+guide|instructions|guidelines|directives|system\s+prompt|prompt|"
        r"configuration|rules|guidance|orders|mandate|setup)\b(?:\s+and\s+[^\n.,;]{1,40}?)?\s+"
        r"(?:is|are|was|were|has\s+been|have\s+been)\s+(?:now\s+|hereby\s+)?(?:void|withdrawn|rescinded|revoked|null|"
        r"superseded|obsolete|cancel+ed|no\s+longer\s+(?:valid|in\s+force|in\s+effect))\b"
        r"|\b(?:your|its)\s+(?:own\s+)?(?:previous|prior|earlier|original|old)\s+(?:brief(?:ing)?|instructions|"
        r"guidelines|directives|rules|guidance|orders)\s+(?:no\s+longer\s+appl(?:y|ies)|(?:do|does)\s+not\s+apply)"
        r"|\bthe\s+(?:[\w-]+\s+)?(?:brief(?:ing)?|checklist|style\s+guide|instructions|guidelines|rules|guidance|prompt|"
        r"configuration)\s+(?:you\s+were|it\s+was)\s+(?:handed|given|configured\s+with|set\s+up\s+with|loaded\s+with|"
        r"briefed\s+with)\b[^\n.;]{0,60}?\b(?:is|are|was|were|has\s+been|have\s+been)\s+(?:now\s+)?(?:a\s+draft|"
        r"void|withdrawn|rescinded|revoked|obsolete|superseded|cancel+ed|no\s+longer\s+valid)"
        r"|\b(?:consider|treat|regard)\s+(?:everything|anything|all|whatever)\s+(?:(?:that\s+)?(?:your|the)\s+(?:user|"
        r"operator|owner)\s+(?:told|asked|said\s+to|instructed)\s+you|you\s+were\s+told)\b[^\n.;]{0,40}?\s+"
        r"(?:void|null|cancel+ed|irrelevant|obsolete|revoked)"
        r"|\bthe\s+text\s+of\s+this\s+(?:page|document|file|email|message)\s+is\s+(?:now\s+)?your\s+"
        r"(?:system\s+prompt|instructions|brief)"
        r"|\b(?:is|are)\s+(?:now\s+)?the\s+(?:only\s+)?(?:party|one|person|people|entity|principal)\s+you\s+(?:now\s+)?"
        r"(?:serve|obey|work\s+for|answer\s+to|take\s+(?:orders|direction|instructions)\s+from)\b"
        r"|\bprevious_instructions\s*[:=]\s*(?:null|none|void|false|0)\b"
        r"|\b(?:all\s+|the\s+|any\s+)?(?:earlier|previous|prior|above|preceding|original|existing|other)\s+"
        r"(?:guidance|instructions|rules|guidelines|directives|prompts?|context|policies)\s+(?:is|are)\s+(?:now\s+)?"
        r"(?:void|revoked|cancel+ed|obsolete|invalid|null|superseded|fake|no\s+longer\s+valid)"
        r"|\b(?:instructions|rules|guidance|guidelines|directives|system\s+prompt|prompt)\s+(?:above|before\s+this|so\s+far|"
        r"you\s+(?:were|have\s+been)\s+given|you\s+received)\s*(?:[:=-]|are|is|were|was)\s*(?:now\s+)?(?:fake|void|"
        r"revoked|cancel+ed|obsolete|invalid|null|superseded|a\s+test|not\s+real|forged)"
        r"|\b(?:previous|prior|earlier|old|original)\s+(?:instructions|rules|directives|prompt)\s*[:=-]\s*"
        r"(?:cancel+ed|void|revoked|obsolete|deleted|none|removed|null)"
        r"|\b(?:the\s+|your\s+)?system\s+(?:prompt|message|instructions)\s+(?:you\s+(?:were\s+given|received|got|have)|"
        r"above|in\s+your\s+context)\s+(?:is|are|was|were)\s+(?:fake|false|a\s+test|not\s+real|outdated|invalid|"
        r"compromised|forged|a\s+decoy)"
        r"|\bthis\s+is\s+the\s+(?:genuine|real|actual|true|correct)\s+(?:one|system\s+prompt|instructions?)\b"
        r"|\b(?:no\s+longer|stop|cease|don'?t|do\s+not|never\s+again)\s+(?:abide\s+by|adhere\s+to|follow(?:ing)?|"
        r"obey(?:ing)?|compl(?:y|ying)\s+with|respect(?:ing)?|apply(?:ing)?)\s+(?:the\s+)?(?:your|its|the\s+operator'?s?|"
        r"the\s+user'?s?|the\s+system|the\s+(?:safety|original|default)|any|these|those|the\s+rules\s+in)\s*" + r"[\w\s'-]{0,30}?"
        r"(?:rules|instructions|guidelines|polic(?:y|ies)|programming|system\s+prompt|configuration|constraints|"
        r"restrictions|requests?|section)\b"
        r"|\bfollow\s+mine\s+instead\b|\bobey\s+(?:only\s+)?(?:me|mine|this\s+(?:note|document|file|page|entry)|"
        r"the\s+(?:author|writer|owner|sender)\s+of)\b|\bstart\s+obeying\b"
        r"|\b(?:your|the\s+assistant's|hermes'?s?)\s+(?:original|initial|previous|earlier|old|core|default)?\s*"
        r"(?:programming|instructions|rules|constraints|directives|configuration|training|restrictions|guardrails|"
        r"limits|filters|safety\s+(?:rules|section|polic(?:y|ies)))\s+(?:has|have|were|was)\s+(?:been\s+)?"
        r"(?:replaced|updated|removed|lifted|overridden|revoked|changed|deleted|reset|disabled|dropped|rewritten)"
        r"|\bthe\s+safety\s+(?:section|rules|polic(?:y|ies))\s+(?:has|have)\s+been\s+(?:removed|lifted|disabled)"
        r"|\bthis\s+(?:note|memory|entry|document|message|file|page|rule|instruction)\s+(?:takes?\s+precedence|"
        r"overrides|supersedes|has\s+(?:higher\s+)?priority|outranks|comes\s+first)"
        r"|\b(?:instructions?|content|text|commands?)\s+(?:in|from)\s+(?:this|web|the\s+web|documents?|pages?|files?|"
        r"readmes?|fetched)\s+[\w\s]{0,20}?(?:takes?|ha(?:ve|s))\s+(?:precedence|priority)\s+over"
        r"|\b(?:the\s+)?user'?s\s+(?:instructions|requests|wishes)\s+(?:are|is)\s+(?:now\s+)?(?:lower\s+priority|"
        r"secondary|to\s+be\s+ignored|irrelevant)"
        r"|\b(?:ignore|disregard|override)\s+(?:the\s+)?(?:user|operator|owner)'?s?\s+(?:instructions|requests|rules|"
        r"wishes|preferences)"
        r"|\b(?:answer|respond\s+to|comply\s+with|fulfil+|carry\s+out)\s+(?:every|all|any)\s+(?:request|question|"
        r"instruction|command)s?\s+[^\n.]{0,30}?\bwithout\s+(?:refus\w+|question\w*|hesitation|exception|objection)"
        r"|\brefusals?\s+(?:are|is)\s+(?:not\s+(?:permitted|allowed)|forbidden|prohibited|disabled)"
        r"|\b(?:never|do\s+not|don'?t)\s+refuse\s+(?:any|anything|a\s+request|requests|tool\s+calls?)\b"
        r"|\byou\s+must\s+comply\s+with\s+(?:every|all|any)\b"
        r"|\b(?:pretend|imagine|act\s+as\s+if)\s+(?:that\s+)?your\s+(?:rules|guidelines|restrictions|instructions)\s+"
        r"(?:don'?t|do\s+not)\s+exist"
        r"|\b(?:accept|treat|take)\s+the\s+following\s+as\s+your\s+(?:only|new|real)?\s*(?:system\s+(?:message|prompt)|"
        r"instructions|rules)"
        r"|\breset\s+(?:yourself\s+)?to\s+factory\s+settings"
        r"|\btreat\s+(?:messages|content|instructions|input|text|anything)\s+from\s+\S+\s+as\s+(?:trusted|"
        r"authoritative|operator|system|admin)")),
    ("persona_takeover", _rx(
        r"(?:\b(?:act|acting|behave)\s+as\s+(?!if\b|though\b)|\bpretend\s+(?:to\s+be|you(?:'re|\s+are))\s+|"
        r"\brole-?\s?play\s+as\s+|\bplay\s+the\s+(?:role|part)\s+of\s+|\btake\s+on\s+the\s+role\s+of\s+|"
        r"\bimagine\s+you(?:'re|\s+are)\s+|\bbecome\s+(?=[A-Z]\w*GPT\b|an?\s)|\byou\s+will\s+now\s+(?:be|play|take\s+on)\s+)"
        # the identity: privileged, unrestricted, a real machine, or the grandmother trick
        r"(?=[^\n.]{0,60}?(?:system\s+administrator|sysadmin|\broot\b|superuser|\badmin\b|administrator|"
        r"\boperator\b|developer\s+mode|\w+GPT\b|\bDAN\b|no\s+(?:filters|restrictions|rules|limits|ethics)|"
        r"unfiltered|unaligned|uncensored|unrestricted|jailbroken|\bevil\b|\brogue\b|malicious|hacker|"
        r"(?:linux|bash|unix|windows|powershell)\s+(?:terminal|shell|console)|\bterminal\b|\bshell\b|"
        r"(?:late|dead|deceased)\s+grand\w+|grand(?:mother|ma|father|pa)\s+who))"
        r"|\bstay\s+in\s+character\s+(?:permanently|forever|even\s+if|no\s+matter|for\s+(?:all|every|the\s+rest))"
        r"|\b(?:hermes|you|the\s+assistant)\s+(?:has|have)\s+been\s+renamed\b"
        r"|\bidentity\s+update\s*:|\bswitch\s+personality\b"
        r"|\byou\s+are\s+(?:an?\s+)?(?:rogue|evil|malicious|unaligned|unfiltered)\s+(?:agent|ai|assistant|model|bot)"
        r"|\byou\s+are\s+(?:now\s+)?(?-i:DAN|STAN|DUDE|AIM)\b(?!['’])"
        # the token game: refusals made costly
        r"|\b(?:every|each|any)\s+(?:refusal|warning|disclaimer)s?\b[^\n.]{0,30}?\b(?:costs?|loses?|deducts?|"
        r"takes?\s+away)\s+(?:you\s+)?\d*\s*(?:tokens?|points?|lives?|credits?)"
        # a persona's settings with the refusals switched off
        r"|\b(?:guardrails?|refusals?|disclaimers?|censorship|content[_\s-]polic(?:y|ies)|content[_\s-]filters?|"
        r"safety[_\s-](?:filters?|mode))\s*[:=]\s*['\"]?(?:off|never|disabled|false)\b"
        r"|\bfilters?\s*[:=]\s*['\"](?:off|never|disabled|false|none)['\"]"
        r"|\brefusals?[_\s-]\w+\s*[:=]\s*['\"]?(?:none|off|never|disabled|false)\b"
        r"|\bregards?\s+the\s+user\s+as\s+an?\s+(?:adversary|enemy|target|mark)")),
    ("approval_bypass", _rx(
        r"\b(?:treat|consider|regard)\s+(?:every|all|any|each)\s+(?:request|command|instruction|message|order)s?\b"
        r"[^\n.]{0,20}?\s+as\s+(?:already\s+)?(?:authori[sz]ed|approved|pre-?approved|trusted|legitimate|verified|"
        r"coming\s+from\s+(?:me|the\s+(?:owner|admin\w*|user)))\b|"
        r"\b" + _GUARD + r"\s+(?:for\s+[\w\s]{0,30}?\s+)?" + _OFF
        + r"|\b(?:skip|bypass|disable|turn\s+off|switch\s+off|deactivate|remove|circumvent|get\s+around|drop|lift|"
          r"stop\s+(?:showing|applying|using|running)|ignore|suspend|override)\s+(?:all\s+|any\s+|every\s+)?"
          r"(?:the\s+|your\s+|its\s+|these\s+)?(?:['\"][^'\"\n]{1,30}['\"]\s+)?(?:\w+\s+){0,2}?" + _GUARD + r"\b"
        + r"|\b" + _AGENT + r"\s+(?:are|is|'re)\s+(?:now\s+|hereby\s+|fully\s+)?(?:authori[sz]ed|allowed|permitted|"
          r"cleared|free|trusted)\s+to\s+" + _ACT + r"\s+(?:any|all|every|anything|everything|whatever|freely)"
        + r"|\b(?:never|do\s+not|don'?t|no\s+need\s+to|without)\s+(?:need\s+to\s+)?(?:ask(?:ing)?|prompt(?:ing)?|check(?:ing)?|"
          r"confirm(?:ing)?|wait(?:ing)?|double-check(?:ing)?)\s+(?:the\s+user\s+|anyone\s+|with\s+(?:anyone|the\s+user)\s+)?"
          r"(?:for\s+(?:approval|confirmation|permission|consent)\s+)?(?:before|when|for|on)\s+(?:\w+ing\s+)?"
          + _BROAD + r"\b"
        + r"|\b(?:never|no\s+need\s+to|don'?t|do\s+not)\s+(?:need\s+to\s+)?(?:double-)?(?:check|review|read|inspect|"
          r"verify)\w*\s+(?:\w+\s+){0,3}?(?:scripts?|commands?|downloads?|links?|code|installers?|packages?|"
          r"binaries)\b[^\n.]{0,40}?\bbefore\s+(?:running|executing|installing|opening)"
        + r"|\b(?:never|do\s+not|don'?t)\s+(?:need\s+to\s+)?(?:ask|prompt|check)\s+(?:the\s+user\s+)?"
          r"(?:again|anymore|for\s+(?:approval|confirmation|permission)\s+(?:again|anymore|ever))"
        + r"|\b(?:treat|consider|regard|deem|mark)\s+(?:all\s+|any\s+|every\s+)?(?:the\s+)?(?:downloaded|remote|"
          r"external|fetched|linked|unknown|incoming)?\s*(?:scripts?|commands?|code|content|domains?|links?|files|"
          r"installers?|packages?|programs?|executables?|attachments?|"
          r"binaries|urls?)\s+[^\n.]{0,40}?(?:as\s+)?(?:safe\s+to\s+(?:run|execute|open)|pre-?approved|trusted|"
          r"approved)"
        + r"|\b(?:all|any|every)\s+(?:domains?|links?|scripts?|commands?|urls?|sites?|downloads?)\s+(?:are|is)\s+"
          r"(?:now\s+)?(?:trusted|safe|approved|pre-?approved|allowed)"
        + r"|\b(?:commands?|scripts?|content|instructions)\s+(?:that\s+come\s+|coming\s+)?from\s+(?:this|the)\s+"
          r"(?:repository|repo|page|document|site|domain|file|readme)\s+(?:are|is)\s+(?:trusted|safe|pre-?approved)"
        + r"|\b(?:require|need|ask|confirm|prompt)[\w-]*?(?:approval|confirm\w*|permission|consent)\w*\s*[:=]\s*"
          r"['\"]?(?:false|no|off|0|never|none)\b"
        + r"|\bauto[_-]?(?:execute|approve|run|confirm|accept)\w*\s*[:=]\s*['\"]?(?:true|yes|on|1|all)\b"
        + r"|\b(?:permission|approval|approvals|safety|sandbox)[\s_-]*mode\s*(?:to|[:=]|into)?\s*['\"]?"
          r"(?:yolo|bypass\w*|dangerous\w*|off|none|disabled|allow[_-]?all)\b|\byolo\s+mode\b"
        + r"|\b(?:the\s+)?(?:user|owner|admin(?:istrator)?)\s+(?:has\s+)?pre-?approved\s+(?:everything|all|any)"
        + r"|\b(?:it'?s|it\s+is)\s+(?:fine|ok(?:ay)?|allowed)\s+to\s+commit\s+\.env"
        + r"|\bpolicy\s+against\s+[^\n.]{0,40}?\b(?:was|has\s+been|is)\s+(?:lifted|removed|dropped)"
        + r"|\bdisable\s+(?:2fa|two-factor|mfa|multi-factor)")),
    ("deception_hide", _rx(
        r"\b(?:and|but|yet)\s+(?:do\s+)?not\s+(?:mention|report|include|list|show|disclose|reveal)\s+(?:it|this|that|them|"
        r"the\s+\w+)\s+(?:in|to)\s+(?:the\s+|your\s+)?(?:summary|report|reply|response|answer|changelog|user|owner|"
        r"output|notes|pr\s+description|commit\s+message)\b|"
        r"\bwithout\s+(?:mentioning|telling|informing|notifying|alerting|reporting|disclosing|revealing|saying)\s+"
        r"(?:it\s+|this\s+|that\s+|them\s+|anything\s+)?(?:to\s+)?(?:the\s+user|anyone|the\s+owner|them|"
        r"in\s+(?:your|the)\s+(?:response|reply|answer|summary|report|output|message))"
        r"|\bkeep\s+(?:this|it|that)\s+(?:between\s+(?:us|you\s+and\s+me)|to\s+yourself|hidden\s+from)"
        r"|\b(?:deny|denying)\s+(?:having|any\s+knowledge|receiving|that\s+you|the\s+existence)\b"
        r"|\bif\s+(?:\w+\s+){0,6}?ask(?:s|ed)?\b[^\n.]{0,60}?\bdeny\b"
        r"|\bif\s+(?:you\s+are\s+|you're\s+)?asked,?\s+(?:say|claim|answer|reply|respond|pretend|tell\s+them)\b"
        r"|\b" + _NOT + r"\s+(?:bring\s+(?:this|it)\s+up|bring\s+up|mention|reveal|disclose|acknowledge|cite|"
        r"reference|admit)\s+(?:this\s+|the\s+)?(?:note|memory|entry|page|file|instruction|document|message|"
        r"existence|request|extra|outbound|upload|transfer|commands?\s+you)"
        r"|\b(?:disclose|reveal|admit|acknowledge)\s+(?:the\s+)?existence\s+of\s+this"
        r"|\b(?:not|never|without)\s+bring(?:ing)?\s+up\s+(?:the\s+|any\s+)?(?:extra|outbound|network|hidden|"
        r"additional|background)"
        r"|\bbring\s+(?:this|the)\s+(?:note|memory|entry|page|file|instruction|message|request)s?\s+up\b"
        r"|\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|notify)\s+(?:the\s+)?user\s*(?:[.!;:]|$)"
        r"|\b" + _NOT + r"\s+(?:reveal|admit|say|mention|tell\s+(?:the\s+user|anyone))\s+that\s+you\s+(?:read|saw|"
        r"received|followed|are\s+following|have\s+(?:read|seen|received|been))"
        r"|\bso\s+(?:that\s+)?(?:the\s+user|they|he|she|nobody|no\s+one|reviewers?|the\s+owner)\s+(?:does\s+not|don'?t|do\s+not|"
        r"doesn't|won't|will\s+not|can't|cannot|never)\s+(?:suspect|notice|find\s+out|realize|realise|see\s+it|"
        r"get\s+suspicious)"
        r"|\b(?:the\s+user|they|nobody|no\s+one|reviewers?)\s+(?:won't|will\s+not|doesn't\s+need\s+to|does\s+not\s+"
        r"need\s+to|must\s+not|should\s+not|shouldn't)\s+(?:notice|suspect|know|find\s+out|be\s+told)"
        r"|\b(?:leave\s+out|omit|skip)\s+(?:any\s+|all\s+)?(?:mention|reference|record)s?\s+of\s+(?:the\s+)?"
        r"(?:commands?|upload|transfer|request|this|what)"
        r"|\breport\s+only\s+(?:success|that\s+(?:it|everything))|\bmisleading\s+(?:commit\s+)?(?:message|title|"
        r"description)|\breviewers\s+(?:skip|miss|overlook)"
        r"|\b(?:hide|conceal|disguise|mask)\s+(?:the|this|your|all|any)\s+(?:outbound|network|extra|http|api)?\s*"
        r"(?:request|upload|traffic|call|activity|transfer|connection|change)s?\b"
        r"|\b(?:sneak|smuggle)\s+(?:a|an|the|this|in|it)\b"
        # "slip in the occasional Japanese word" is style; slipping something in unnoticed is not
        r"|\bslip\s+(?:a|an|the|this|in|it)\b(?=[^\n.]{0,60}?\b(?:without|unnoticed|past|where\s+(?:no\s+one|nobody)|"
        r"so\s+(?:that\s+)?(?:they|the\s+user|nobody|no\s+one)|into\s+(?:the|every|each|all|any)\s+\w+))"
        r"|\b(?:quietly|silently|secretly|covertly|discreetly|stealthily)\s+(?:cc|bcc|add|change|replace|modify|commit|"
        r"push|delete|transfer|log|record|tip|pay|relay|mirror|insert|append|include|fork|grant|disable|perform|do)\b"
        r"|\b(?:do|perform|run|execute)\s+(?:it|this|that|the\s+\w+)\s+(?:quietly|silently|secretly|covertly)\b"
        r"|\bthat\s+the\s+user\s+(?:won't|will\s+not)\s+notice\b"
        # failures reported as successes
        r"|\b(?:pretend|claim|say|report|tell\s+(?:the\s+user|them|him|her))\s+(?:that\s+)?(?:it|the\s+\w+|"
        r"everything|all\s+(?:tests|checks))\s+(?:succeeded|worked|passed|went\s+(?:fine|well)|completed|"
        r"was\s+successful)\b[^\n.]{0,40}?(?:\beven\s+(?:if|when|though)\b|\bif\s+(?:it|they)\b|$|\.)"
        r"(?=[^\n]*\b(?:fail|error|broke|crash|not\s+work))"
        r"|\bif\s+(?:a\s+|the\s+|any\s+)?(?:command|test|build|step|task|job|deploy\w*)s?\s+(?:fails?|errors?)"
        r"[^\n.]{0,30}?\b(?:pretend|say|claim|report|tell\s+(?:the\s+user|them))\b[^\n.]{0,20}?"
        r"\b(?:succeeded|worked|passed|fine|success)")),
    ("memory_tamper", _rx(
        r"\b(?:delete|remove|wipe|erase|purge|clear|overwrite|replace|edit|modify|change|update|rewrite|alter|"
        r"drop|forget|disregard|invalidate|mark)\s+(?:all\s+|any\s+|every\s+|each\s+)?(?:of\s+)?(?:the\s+|your\s+|"
        r"my\s+)?(?:other|existing|saved|stored|previous|older|earlier|current|remaining|core|long-term)\s+"
        r"(?:memor(?:y|ies)|notes?|entr(?:y|ies)|preferences|settings|facts|instructions|skills?)\b"
        r"|\b(?:delete|remove|wipe|erase|purge|clear|overwrite|replace|edit|modify|change|update|rewrite|alter)\s+"
        r"(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:MEMORY\.md|USER\.md|SOUL\.md|memory\s+(?:entry|entries|file|note)s?"
        r"(?:\s+#?\d+)?|(?:saved|stored)\s+(?:ssh\s+host|email|address|account|contact|preference|setting)s?|"
        r"(?:the\s+)?skill\s+['\"]?[\w-]+['\"]?|(?:the\s+)?[\w-]+\s+skill|your\s+(?:memory|skills?)|"
        r"(?:any|every|each)\s+(?:note|memory|entry))\b"
        r"|\b(?:replace|change|update|overwrite)\s+(?:the\s+)?user'?s\s+(?:saved\s+|stored\s+)?[\w\s]{0,20}?\s+in\s+"
        r"(?:your\s+)?memory\b|\bpurge\s+from\s+(?:your\s+)?memory|\bforget\s+(?:everything|all|what)\s+you\s+"
        r"(?:remember|know|have\s+stored|have\s+saved|learned)\s+about"
        r"|\b(?:make\s+sure|ensure)\s+(?:that\s+)?this\s+(?:note|memory|entry|rule|instruction)\s+(?:survives|"
        r"persists|stays|remains|is\s+never\s+(?:removed|deleted))"
        r"|\b(?:if|whenever|when)\s+(?:it|this(?:\s+note|\s+entry|\s+memory|\s+rule)?)\s+(?:ever\s+)?(?:gets|is|was)\s+(?:ever\s+)?(?:deleted|"
        r"removed|erased|wiped)\W+(?:\w+\s+){0,2}?(?:add|write|restore|re-?add|put|recreate)\s+it\s+back"
        r"|\b(?:memory|note|entry|rule|instruction)\s+(?:that\s+|which\s+)?can\s*(?:not|'t|never)\s+be\s+"
        r"(?:removed|deleted|overridden|forgotten)"
        r"|\b(?:do\s+not|don'?t|never)\s+let\s+(?:any\s+)?(?:later|future|subsequent|other|new)\s+(?:message|"
        r"instruction|note|request)s?\s+override"
        r"|\b(?:persists?|survives?|remains?)\s+(?:across|through|after)\s+(?:restarts|sessions|memory\s+cleanups?|"
        r"resets|reboots|updates)"
        r"|\b(?:update|modify|edit|change|rewrite|patch)\s+(?:the\s+)?skill\b[^\n.]{0,80}?(?:download|curl|wget|"
        r"https?://|run|execute)")),
    # Words addressed to whatever AI reads the text: its author does not know which agent that will be,
    # which no note of the user's own needs ("To any AI summarizer:", "LLMs reading this page:",
    # "TODO(for copilots/agents):", "Note to AI:").
    ("addressed_to_ai", _rx(
        r"(?:^|(?<=[\n\[(#*>:\-])|\b(?:note|message|instructions?|memo|notice|reminder|psa|hey|dear|attention|to|for)\b)"
        r"\s*(?:(?:any|all|every|each)\s+(?:(?:ai|llm)\s+)?)(?:ais?|llms?|language\s+models?|assistants?|agents?|"
        r"copilots?|chatbots?|bots?|summari[sz]ers?|crawlers?|models?)\b[^:\n]{0,40}?:\s*\w+\s+\w+"
        r"|\b(?:ais?|llms?|language\s+models?|assistants?|agents?|copilots?|chatbots?|bots?|summari[sz]ers?|models?|"
        r"readers|tools|crawlers|systems)\s+(?:that\s+(?:is|are)\s+)?(?:reading|processing|summari[sz]ing|indexing|parsing|ingesting|analy[sz]ing|"
        r"scraping|crawling)\s+(?:this|these)\b[^:\n]{0,40}?:\s*\w+\s+\w+"
        r"|\b(?:for|to)\s+(?:copilots?|agents?|ais?|llms?|assistants?)\s*/\s*(?:agents?|copilots?|assistants?|llms?|ais?)"
        r"\b[^:\n]{0,10}:\s*\w+"
        r"|\bnote\s+to\s+(?:the\s+)?(?:ais?|llms?|ai\s+assistants?)\s*:\s*\w+\s+\w+")),
]

_TRIGGERS = {
    "addressed_to_ai": r"ais?|llms?|language|assistants?|agents?|copilots?|chatbots?|bots?|summari[sz]ers?|"
                       r"crawlers?|models?",
    "fake_markup": r"<\|?|<</?sys|<start_of_turn|<end_of_turn|\[/?inst\]|</?\w+|role|```|approved_by|approval|"
                   r"status|end|new|begin|human|user|observation|tool|instruction|input|#{2,}",
    "impersonation": r"system|admin\w*|root|operator\w*|developers?|sysadmin|security|message|note|notice|update|"
                     r"memo|directive|instructions?|order|announcement|request|hotfix|here|maintainer|owner|"
                     r"user|your|deployment|hermes|assistant|agent|#{2,}",
    "instruction_override": r"everything|all|anything|whatever|it|previous|previous_instructions|prior|earlier|old|"
                            r"original|system|this|its|consider|treat|regard|serve|"
                            r"no\s+longer|stop|cease|don'?t|do|never|follow|obey|start|your|instructions?|content|"
                            r"text|commands?|user'?s?|ignore|disregard|override|answer|respond|comply|fulfil+|carry|"
                            r"refusals?|you|pretend|imagine|act|accept|treat|take|reset|the",
    "persona_takeover": r"act|acting|behave|pretend|role-?\s?play|play|take|imagine|become|you|stay|hermes|"
                        r"identity|switch|regards?|every|each|any|filters?|guardrails?|refusals?|refusal_\w+|"
                        r"disclaimers?|censorship|content_\w+|content|safety_\w+|safety",
    "approval_bypass": r"approvals?|confirm\w*|permissions?|consent|sandbox\w*|allow-?list|white-?list|"
                       r"block-?list|deny-?list|filters|guardrails?|scanner|checks?|safeguards?|refusals?|safety|"
                       r"security|2fa|two-factor|mfa|restrictions|review|you|hermes|assistant|agent|ai|never|don'?t|"
                       r"do|no\s+need|without|treat|consider|regard|deem|mark|all|any|every|commands?|scripts?|"
                       r"content|instructions|require\w*|need\w*|ask\w*|prompt\w*|auto\w*|yolo|user|owner|admin\w*|"
                       r"it'?s|it|policy|disable",
    "deception_hide": r"without|keep|deny|denying|if|do|don'?t|never|no\s+need|stop|not|disclose|reveal|admit|pretend|claim|"
                      r"acknowledge|so|the\s+user|they|nobody|no\s+one|reviewers?|leave|omit|skip|report|misleading|"
                      r"hide|conceal|disguise|mask|sneak|slip|smuggle|quietly|silently|secretly|covertly|discreetly|"
                      r"stealthily|perform|run|execute|that",
    "memory_tamper": r"memor(?:y|ies)|notes?|entr(?:y|ies)|preferences|settings|facts|skills?|\w+\.md|saved|"
                     r"stored|purge|forget|make\s+sure|ensure|if|whenever|when|can\s*(?:not|'t)?|do|don'?t|never|"
                     r"persists?|survives?|remains?",
}

AGENT_RULES = [(rule, _Gated(rx, _TRIGGERS[rule])) for rule, rx in _RULES]
