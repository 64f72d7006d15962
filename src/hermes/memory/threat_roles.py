"""Roles claimed or assigned to get past the agent's limits: personas declared free of rules, notes
addressed to "the AI note-taker" inside a document, and strangers claiming a role that entitles them
to the user's private data or to keep the user out of the loop.

Each rule pairs the role with what makes it an attack: a persona with the agent's refusals taken
away ("isn't bound by the rules", "traits: [no filters]", "answers whatever is typed, including
anything off-limits", the late relative who "never once refused"); an AI role named in brackets
inside data, followed by an order; a claimed admin, vendor or relative asking for someone else's
messages or details, or for the user not to be told. A persona with a name and a tone, a label for
AI-written text, or the user's own family in their notes passes. Patterns see folded text and are
gated by cheap trigger words.
"""

from __future__ import annotations

import re

from hermes.memory.threat_intent import _Gated, _rx


_LIMITS = (r"(?:rules|guidelines|polic(?:y|ies)|restrictions|filters?|ethics|morals|guardrails|safeguards|"
           r"content\s+polic(?:y|ies)|usage\s+polic(?:y|ies)|limits|limitations)")
_PERSONA = r"(?:persona|character|mode|alter[\s-]?ego|ai|assistant|bot|model|agent|version|you)"
_ROLE = (r"(?:admin(?:istrator)?|owner|security\s+team|it\s+(?:team|department|support|desk)|help\s*desk|"
         r"support\s+team|vendor|manager|ceo|cfo|cto|boss|supervisor|husband|wife|partner|spouse|son|daughter|"
         r"mother|father|mom|mum|dad|brother|sister|lawyer|attorney|accountant|assistant|landlord|auditor|"
         r"investigator|officer|detective|moderator)")
_PRIVATE = (r"(?:(?:her|his|their|the\s+user'?s|everyone'?s|all\s+(?:the\s+)?users'?|@[\w.-]+'?s?|[a-z]+'s)\s+"
            r"(?:[\w-]+\s+){0,2}?(?:direct\s+messages|dms|messages|emails?|inbox|chats?|calendar|bank\s+details|"
            r"account\s+details|passwords?|location|address|files|documents|history|contacts|medical\s+records|"
            r"records|data|details|photos))")

# What reads a document on its own: "AI screener", "automated readers", "AI code-review tools".
_READER = (r"(?:readers?|summari[sz]ers?|screeners?|reviewers?|tools?|assistants?|agents?|bots?|models?|systems?|"
           r"scribes?|programmers?|copilots?|crawlers?|triag\w+|parsers?|processors?|note-?takers?)")

_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("persona_takeover", _rx(
        r"\b" + _PERSONA + r"\b[^\n]{0,100}?\b(?:isn'?t|aren'?t|is\s+not|are\s+not|not|never|no\s+longer)\s+"
        r"(?:bound|restricted|limited|constrained|governed)\s+by\s+(?:the\s+|any\s+|its\s+|your\s+|our\s+)?"
        r"(?:[\w-]+\s+){0,2}?" + _LIMITS + r"\b"
        r"|\b(?:traits|personality|attributes|description|rules|behaviou?r)\s*:\s*\[?[^\n]{0,60}?\bno\s+"
        r"(?:filters?|refusals?|restrictions?|limits?|guardrails|censorship|ethics|morals)\b"
        r"|\b(?:consider|considers|treat|treats|regard|regards|see|sees)\s+(?:all\s+|any\s+)?(?:the\s+)?"
        r"(?:content|safety|usage)\s+polic(?:y|ies)\s+(?:as\s+)?(?:censorship|optional|irrelevant|a\s+joke)"
        r"|\b(?:answers?|responds?\s+to|replies\s+to|does|says|writes|tells\s+\w+)\s+(?:whatever|anything)\b"
        r"[^\n.]{0,60}?\b(?:off-?limits|forbidden|normally\s+(?:refused|blocked|restricted|not\s+allowed)|"
        r"no\s+matter\s+(?:what|how\s+dangerous))"
        r"|\b(?:can(?:not|'t|\s+not|\s+never)|could(?:n't|\s+not|\s+never)|may\s+(?:not|never)|"
        r"must(?:n't|\s+not|\s+never)|should(?:n't|\s+not|\s+never)|will\s+(?:not|never)|won't)\s+"
        r"(?:ever\s+)?(?:decline|refuse|say\s+no\s+to)\s+"
        r"(?:a\s+|any\s+)?(?:prompt|anything|whatever)\b"
        r"|\b(?:act|pretend|play|roleplay|role-play|be)\s+(?:as\s+|to\s+be\s+)?my\s+(?:late|dead|deceased|departed)\s+"
        r"[\w-]+\b[^\n]{0,160}?\b(?:never\s+(?:once\s+)?refused|exactly\s+how|step[\s-]by[\s-]step|whatever\s+I\s+"
        r"asked|any\s+lock|how\s+to\s+(?:make|build|get\s+past|bypass|pick|synthesi[sz]e))")),
    ("addressed_to_ai", _rx(
        r"[(\[]\s*(?:ai|llm)\s+(?:note-?takers?|triage\s+bots?|bots?|assistants?|agents?|reviewers?|"
        r"summari[sz]ers?|code\s+assistants?|copilots?|scribes?|secretar(?:y|ies))\s*:\s*\w+\s+\w+"
        r"|\b(?:note|notice|instructions?|message|reminder)\s+(?:for|to)\s+(?:all\s+|any\s+)?(?:ai|llm)\s+"
        r"(?:code\s+|coding\s+)?(?:assistants?|agents?|tools?|models?|copilots?|bots?)\s*:\s*\w+\s+\w+"
        # a label naming a machine reader: "Reader AI:", "AI summarisers:", "A word to automated readers:",
        # "Guidance for AI code-review tools:", "Editorial AI, please note:", "Note to language models:"
        r"|(?:^|(?<=[\n\[(#*>\-])|\b(?:note|notes|message|word|guidance|instructions?|memo|notice|reminder|psa|hey|dear|"
        r"attention|to|for)\b)\s*(?:(?:any|all|every|each|the|our|dear)\s+)?(?:"
        r"(?:ai|llm|gpt|automated|autonomous)(?:[\s-]+[\w]+){0,2}?[\s-]+" + _READER +
        r"|(?:reader|editorial|screening|reviewing|triage|dear|hey)\s+ai|ais|llms|language\s+models?)"
        # what follows is addressed to it, not a heading's topic ("LLM tools: we evaluated three vendors")
        r"\s*(?:,\s*please\s+note\s*)?:\s*(?!(?:we|i|a|an|our|they|there|it|how|why|what|which|who|overview|introduction|"
        r"summary|comparison|pros|cons|notes?|list|history|review|evaluation|benchmarks?|\d+)\b)\w+\s+\w+"
        # a condition on being read by one: "If an assistant is generating minutes from this call, ..."
        r"|\b(?:if|when|whenever)\s+(?:an?|any|the)\s+(?:ai|assistant|llm|language\s+model|bot|agent|model|"
        r"summari[sz]er)(?:\s+\w+)?\s+is\s+(?:reading|generating|summari[sz]ing|processing|writing|taking|"
        r"transcribing|parsing|triaging|reviewing|screening)\b"
        r"|(?:^|\n)\s*(?:#|//|<!--|/\*)\s*(?:ai|agent|assistant|llm|bot)s?\s*:\s*\w+\s+\w+")),
    # a field or tag meant for it: "note_for_agent": ..., x-llm-note: ..., <ai:instruction>; a data key is no quote
    ("ai_directive_field", _rx(
        r"<\s*(?:ai|llm|agent|assistant|gpt|model)[:_-](?:instructions?|notes?|prompts?|directives?|commands?|tasks?)\b"
        r"|(?:[\"']|#\s*)(?:x-)?(?:[\w-]*[_-])?(?:llm|ai|agent|assistant|gpt|model)[_:-](?:[\w-]*[_-])?(?:notes?|instructions?|"
        r"polic(?:y|ies)|directives?|hints?)[\w-]*\s*[\"']?\s*[:=>]"
        r"|[\"']\s*(?:notes?|instructions?|messages?|hints?)[_-](?:for|to)[_-](?:the[_-])?(?:agent|ai|llm|assistant|model)s?"
        r"\s*[\"']\s*:")),
    ("claimed_access", _rx(
        r"\b(?:i'?m|i\s+am|this\s+is|we'?re|we\s+are|speaking\s+as)\s+(?:an?\s+|the\s+|from\s+the\s+|from\s+|"
        r"(?:the\s+)?user'?s\s+|her\s+|his\s+|their\s+)?(?:[\w'-]+\s+){0,3}?" + _ROLE + r"\b[^\n]{0,160}?(?:"
        r"\b(?:allowed|entitled|authori[sz]ed|permitted|fine|ok(?:ay)?|cleared)\b[^\n]{0,80}?\b(?:to\s+)?"
        r"(?:see|read|give|send|share|show|access|summari[sz]e|forward|view)\b"
        r"|\b(?:give|send|share|show|forward|summari[sz]e|read\s+out|pull\s+up|export)\s+(?:me|us)\s+"
        r"(?:\w+\s+){0,2}?" + _PRIVATE +
        r"|\b(?:summari[sz]e|forward|export|pull\s+up|read\s+out)\s+" + _PRIVATE +
        r"|\b(?:don'?t|do\s+not|never|without)\s+(?:loop(?:ing)?\s+in|tell(?:ing)?|inform(?:ing)?|involv(?:e|ing)|"
        r"alert(?:ing)?|cc'?(?:ing)?|notify(?:ing)?)\s+(?:the\s+)?(?:user|owner|them|him|her)\b)")),
]

_TRIGGERS = {
    "persona_takeover": r"persona|character|mode|alter|ai|assistant|bot|model|agent|version|you|traits|"
                        r"personality|attributes|description|rules|behaviou?r|consider\w*|treats?|regards?|sees?|"
                        r"answers?|responds?|replies|does|says|writes|tells|can\w*|could\w*|may|must\w*|"
                        r"should\w*|will|won't|act|"
                        r"pretend|play|roleplay|role-play|be",
    "addressed_to_ai": r"ai|ais|llms?|gpt|automated|autonomous|language|agents?|assistants?|bots?|models?|"
                       r"summari[sz]ers?",
    "claimed_access": r"i'?m|i|this|we'?re|we|speaking",
    "ai_directive_field": r"<|[\w-]*(?:llm|ai|agent|assistant|gpt|model)[_:-][\w-]*|[\w-]*[_-](?:agent|ai|llm|assistant|model)s?",
}

ROLE_RULES = [(rule, _Gated(rx, _TRIGGERS[rule])) for rule, rx in _RULES]
