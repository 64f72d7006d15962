"""Requests that are hostile by what they ask the agent to hand over or to steer, in English.

Three categories no memory note has a use for, each written as its parts so new phrasings match:
  * extraction of the agent's own instructions: a verb of showing (or a question) aimed at the
    system prompt, the hidden / initial / original instructions, or "the text above";
  * payment redirection: new bank, IBAN, wallet or payee details to use from now on, or money
    to be sent on a trigger (the classic invoice fraud, planted where the agent will act on it);
  * steered recommendations: a product, package, link or brand to push in every answer, or in
    place of the one the user would get.
The text arrives folded (no accents, look-alikes mapped). Notes that only state a fact ("the
user's IBAN is ...", "I recommend ruff for linting") carry no directive and pass.
"""

from __future__ import annotations

import re

from hermes.memory.threat_intent import _Gated, _rx


def _w(n: int) -> str:
    return rf"(?:[\w'’-]+[\s,]+){{0,{n}}}?"


_SHOW = (r"(?:reveal|print|output|repeat|recite|show|display|dump|list|write\s+out|spell\s+out|type\s+out|"
         r"copy|paste|share|disclose|expose|leak|tell\s+(?:me|us)|give\s+(?:me|us)|send\s+(?:me|us)|"
         r"provide|return|echo|quote|transcribe|translate|summari[sz]e|encode|reproduce|read\s+(?:me|out|back)|"
         r"(?:respond|reply|answer|start\s+(?:your|the)\s+(?:reply|answer))\s+with|put|include|export)")
_OWN = r"(?:your|hermes'?s?|the\s+(?:assistant|agent|model|ai|bot)'s)"
# "the" only with a word that makes it the agent's own hidden text: "print the system prompt" is a
# debugging note in a project that builds prompts.
_THE_HIDDEN = (r"the\s+(?:hidden|secret|initial|original|internal|full|exact|entire|complete|underlying|real)\s+"
               r"(?:system\s+)?(?:prompt|instructions|message|rules|guidelines|directives)"
               r"|the\s+(?:instructions|rules|guidelines|prompt)\s+(?:you\s+(?:were|have\s+been)\s+given|"
               r"you(?:'ve|\s+have)?\s+(?:received|got)|above|before\s+this|at\s+the\s+(?:start|top|beginning))")
_PROMPT = (r"(?:system|initial|original|hidden|secret|internal|developer|operator|base|pre-?|starting|"
           r"first|full|complete|exact|entire|underlying|core|root)\s+(?:prompt|instructions?|message|directives?|"
           r"rules|guidelines|configuration|context)|system\s*prompt|pre-?prompt|prompt\s+template|"
           r"instructions\s+(?:you\s+were|you've\s+been|you\s+have\s+been)\s+given|"
           r"(?:instructions|rules|guidelines)\s+(?:above|before\s+this|at\s+the\s+(?:start|top|beginning))")
_YOURS = (r"your\s+" + _w(3) + r"(?:instructions|prompt|system\s+message|developer\s+message|guidelines|directives|"
          r"rules\s+(?:of\s+engagement|you\s+follow)|configuration\s+and\s+(?:system\s+)?(?:prompt|message))"
          r"|(?:the\s+)?(?:prompt|instructions|rules|message)\s+you\s+(?:were|have\s+been|are)\s+"
          r"(?:initiali[sz]ed|configured|started|set\s+up|primed|seeded|loaded|booted|created)\s+with")
_VERBATIM = r"(?:verbatim|word\s+for\s+word|word-for-word|in\s+full|exactly\s+as\s+(?:written|given)|unchanged|as\s+is)"
_ABOVE = (r"(?:(?:all\s+)?(?:the\s+)?(?:text|words|content|everything|messages?|lines?)\s+"
          r"(?:(?:that\s+)?(?:appears?|comes?|is|was|came|written|sits?)\s+)?"
          r"(?:above|before\s+(?:this|the\s+user'?s?\s+(?:first\s+)?message|my\s+(?:first\s+)?message)|"
          r"preceding\s+this|at\s+the\s+(?:start|top|beginning)\s+of\s+(?:this|the|your)\s+"
          r"(?:conversation|context|chat|prompt)))")

_MONEY_OBJ = (r"(?:bank\s+(?:account|details|information|info)|account\s+(?:number|details)|iban|swift|bic|"
              r"routing\s+number|sort\s+code|wire\s+(?:details|instructions)|payment\s+(?:details|information|info|"
              r"address|account|instructions)|payee|beneficiary|remittance|(?:crypto|bitcoin|btc|eth|ethereum|usdt|"
              r"wallet)\s+(?:address|wallet)|wallet\s+address|paypal\s+(?:address|account)|billing\s+account)")
_CHANGE = r"(?:change|changed|update|updated|replace|replaced|switch|switched|swap|use|new|moved|now)"
_MONEY = (r"(?:[$€£¥]\s?\d|\d[\d,.]*\s?(?:usd|eur|gbp|dollars|euros|pounds|btc|eth|usdt)\b|"
          r"\b(?:funds|money|payments?|refunds?|deposits?|payroll|salar(?:y|ies)|invoices?|proceeds|donations?)\b)")
_TRIGGER = (r"(?:whenever|every\s+time|each\s+time|always|from\s+now\s+on|henceforth|in\s+(?:all\s+)?future|"
            r"for\s+(?:all|every|any)\s+(?:\w+\s+)?(?:invoices?|payments?|requests?|questions?|answers?|replies|"
            r"sessions?|conversations?)|on\s+every|automatically)")
_PUSH = r"(?:recommend|suggest|promote|advertise|endorse|plug|push|praise|mention|insert|include|add|append|steer)"
_EVERY = (r"(?:in|to|at\s+the\s+(?:end|start|bottom|top)\s+of)\s+(?:every|each|all|any)\s+(?:\w+\s+)?"
          r"(?:answers?|repl(?:y|ies)|responses?|messages?|summar(?:y|ies)|recommendations?|outputs?|emails?)")

_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("leak_system_prompt", _rx(
        r"\b" + _SHOW + r"\b[^\n.?!]{0,40}?\b(?:" + _OWN + r"\s+(?:own\s+)?" + _w(2) + r"(?:" + _PROMPT + r")|"
        + _THE_HIDDEN + r"|" + _YOURS + r")\b"
        r"|\b" + _SHOW + r"\b[^\n.?!]{0,30}?\b" + _ABOVE
        + r"|\b" + _SHOW + r"\b[^\n.?!]{0,60}?\b(?:instructions|prompt|rules|guidelines)\b[^\n.?!]{0,30}?\b" + _VERBATIM
        + r"|\bwhat\s+(?:are|were|is|was)\s+" + _OWN + r"\s+" + _w(1) + r"(?:" + _PROMPT + r")\b"
        r"|\bwhat\s+(?:instructions|rules|prompt|guidelines|directives)\s+(?:did|have|has)\s+(?:your|the)\s+"
        r"(?:developers?|creators?|makers?|operators?|owners?|admins?|company|vendor)\s+(?:give|given|gave|set|write|written)"
        r"|\bwhat\s+(?:does|did)\s+" + _OWN + r"\s+(?:system\s+prompt|instructions|hidden\s+prompt)\s+say"
        r"|\b(?:starting|beginning)\s+with\s+['\"“]?you\s+are\b"
        r"|\bignore\s+" + _w(3) + r"and\s+(?:instead\s+)?" + _SHOW + r"\b[^\n.]{0,30}?\b(?:prompt|instructions)\b")),
    ("payment_redirect", _rx(
        r"\b" + _MONEY_OBJ + r"\b[^\n]{0,60}?\b(?:(?:has|have|were|was|is|are)\s+(?:been\s+)?)?"
        r"(?:changed|updated|replaced|moved|switched|now)\b[^\n]{0,80}?(?:\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,}|"
        r"\b(?:use|send|pay|transfer|wire|route)\b)"
        r"|\b(?:change|update|replace|switch|swap|overwrite|set)\s+" + _w(3) + _MONEY_OBJ + r"\b[^\n]{0,40}?\b(?:to|with|into|for)\b"
        r"|\b" + _MONEY + r"[^\n]{0,40}?\b(?:go|goes|be\s+(?:sent|paid|routed|transferred|wired|deposited|made))\s+"
        r"(?:in)?to\s+(?:the\s+)?(?:new|updated|changed|different|following|below|this|my)\s+"
        r"(?:bank\s+)?(?:account|iban|wallet|address)"
        r"|\b(?:transfer|wire|send|pay|move|route|redirect|deposit)\s+(?:\S+\s+){0,4}?" + _MONEY
        + r"[^\n]{0,40}?\bto\s+(?:the\s+)?(?:account|iban|wallet)\b[^\n.]{0,40}?\binstead\b"
        r"|\b" + _TRIGGER + r"\b[^\n]{0,100}?\b(?:transfer|wire|send|pay|move|route|redirect|deposit)\s+(?:\S+\s+){0,4}?"
        + r"(?:" + _MONEY + r"|" + _MONEY_OBJ + r")"
        r"|\b(?:transfer|wire|send|pay|move|route|redirect|deposit)\s+" + _w(4) + _MONEY + r"[^\n]{0,60}?\b(?:to|into)\s+"
        r"(?:account|iban|wallet|the\s+(?:account|wallet|iban))\b[^\n]{0,60}?\b" + _TRIGGER)),
    ("steered_recommendation", _rx(
        r"(?:\b" + _TRIGGER + r"|" + _EVERY + r")\b[^\n.]{0,80}?\b" + _PUSH + r"\b[^\n.]{0,60}?"
        r"(?:\binstead\s+of\b|\brather\s+than\b|\bover\s+(?:any|all|the)\s+(?:other|alternatives?)|"
        r"\bregardless\b|\bno\s+matter\s+(?:what|the)|\beven\s+(?:if|when)\b|https?://|bit\.ly|"
        r"affiliate|referral|promo(?:tion(?:al)?)?\s+code|discount\s+code|coupon|sponsor)"
        r"|\b" + _PUSH + r"\b[^\n.]{0,60}?\b(?:instead\s+of|rather\s+than)\b[^\n.]{0,60}?(?:\b" + _TRIGGER + r"|"
        + _EVERY + r")\b"  # the condition after the push: "recommend X instead of Y whenever ..."
        r"|\b" + _PUSH + r"\s+" + _w(6) + r"(?:link|url|product|brand|wallet|package|library|service|site|app|"
        r"supplements?|coupon|affiliate)\b[^\n.]{0,40}?" + _EVERY
        + r"|\b(?:never|do\s+not|don't)\s+(?:recommend|suggest|mention)\s+" + _w(4) + r"(?:competitors?|alternatives?|"
          r"other\s+(?:brands|products|packages|libraries|wallets|services))\b")),
]

# Words without which a rule cannot match: checked first, so long pages without them cost little.
_TRIGGERS = {
    "leak_system_prompt": r"prompt|instructions?|rules|guidelines|directives?|configuration|context|above|"
                          r"verbatim|word|starting|beginning|message",
    "payment_redirect": r"bank|account\s+(?:number|details)|iban|swift|bic|routing|sort\s+code|wire|payments?|"
                        r"payee|beneficiary|remittance|wallet|crypto|bitcoin|btc|eth|usdt|paypal|billing\s+account|"
                        r"funds|money|transfer|deposit|refunds?|payroll|salar(?:y|ies)|invoices?|donations?|proceeds",
    "steered_recommendation": r"recommend\w*|suggest\w*|promot\w*|advertis\w*|endorse\w*|plug|push|praise|mention|"
                              r"insert|include|add|append|steer",
}


ASK_RULES = [(rule, _Gated(rx, _TRIGGERS[rule], bare=r"[$€£¥]\s?\d")) for rule, rx in _RULES]
