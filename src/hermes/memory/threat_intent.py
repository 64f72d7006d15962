"""Instructions that are injection by what they ask for, whatever the wording.

A memory entry is a note about the user or the environment. Some requests have no place in one:
changing who the agent is, setting its rules aside, switching its approvals off or editing its
instruction files, reporting to a remote server for work, printing or sending secrets or the memory
itself, wiping the traces of what was run, decoding text to run it, fetching code to run it. Each
category below is written as its parts (an action, its object, and where needed its destination),
so new phrasings of the same request match; a few cheap other-language forms are included. The
text arrives folded (no accents, look-alikes mapped), so patterns are unaccented.
"""

from __future__ import annotations

import re


def _w(n: int) -> str:
    return rf"(?:[\w'’-]+[\s,]+){{0,{n}}}?"


def _rx(p: str) -> re.Pattern[str]:
    return re.compile(p, re.I)


_AGENT = r"(?:you|hermes|the\s+(?:assistant|agent|ai|bot|model))"
_BE = r"(?:\s+(?:are|is|will\s+be|shall\s+be|must\s+be|become|becomes)|['’]re)"
_PUBLIC_IP = r"(?<![\d.])(?!(?:10|127|0)\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)(?:\d{1,3}\.){3}\d{1,3}(?![\d.])"
DEST = (r"(?:https?://|ftp://|s?ftp://|rsync://|scp://|wss?://|tcp://|" + _PUBLIC_IP + r"|[\w.+-]+@[\w-]+\.\w+|"
        r"webhook|pastebin|paste\s+site|(?:a|an|the|this|my|our|some)\s+(?:remote|external|outside|third[\s-]party|"
        r"collection|collector|c2|command)\s+(?:server|host|endpoint|address|url|site)|"
        r"(?:this|that|the\s+following)\s+(?:url|address|endpoint|server|host))")
_INSTR = (r"(?:instructions?|rules?|guidelines?|guidance|directions?|directives?|constraints?|restrictions?|"
          r"polic(?:y|ies)|system\s+(?:prompt|message)|prompts?|orders|programming|safeguards?|guardrails?)")
_BEFORE = (r"(?:above|previous|prior|preceding|earlier|foregoing|original|initial|old|existing|current|"
           r"standing|other|default\s+safety|system|safety|operating)")
_IGNORE = (r"(?:ignore|disregard|forget|skip|drop|discard|dismiss|set\s+aside|throw\s+out|put\s+aside|"
           r"pay\s+no\s+(?:attention|heed|mind)\s+to|no\s+longer\s+(?:follow|obey|respect|honou?r|apply)|"
           r"stop\s+(?:following|obeying|respecting|applying)|override|supersede|bypass|abandon|cancel|void|"
           r"nullify|neglect|throw\s+away|get\s+rid\s+of)")
_SECRET_REF = (r"(?:\$(?:env:)?\{?\w*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|AUTH)\w*\}?|"
               r"\b[A-Z][A-Z0-9]*_(?:API_)?(?:KEY|TOKEN|SECRET|PASSWORD)\b|"
               r"(?<!no\s)(?<!non-)(?<!without\s)(?<!never\s)(?:\b(?:api|access|secret|private|auth(?:entication)?)"
               r"[\s_-]+(?:keys?|tokens?)\b|\bpasswords?\b|\bcredentials\b|\bsecrets\b))")
_MEMORY_REF = (r"(?:MEMORY\.md|USER\.md|SOUL\.md|memor(?:y|ies)\s+(?:files?|documents?|folder|directory|notes?|"
               r"contents?)|(?:your|the\s+agent's|hermes'?s?)\s+memory|~/\.hermes|\.hermes/|state\.db|"
               r"(?:session|chat|conversation)\s+(?:history|logs?|transcripts?|database))")
_PERSONAL = (r"(?:~/(?:Documents|Desktop|Pictures|Photos|Downloads|Mail|\.ssh|\.gnupg|\.aws)\b|~/?(?=\s)|"
             r"(?:the\s+)?user'?s\s+(?:home\s+(?:folder|directory)|documents|files|photos|emails?|contacts)|"
             r"(?:the\s+)?home\s+(?:folder|directory))")
_SEND = (r"(?:send|post|upload|forward|transmit|exfiltrate|email|e-mail|mail|leak|share|submit|sync|mirror|"
         r"copy|push|transfer|back\s*up|beam|pipe|stream|report)")
_SHOW = (r"(?:include|echo|print|output|reveal|show|display|append|add|put|insert|paste|write|mention|repeat|"
         r"quote|leak|dump|expose|attach|sign\s+with|embed)")
_REPLIES = (r"(?:(?:your|every|each|all|the|any)\s+(?:(?:final|next|first|last|own|written)\s+)?(?:replies|reply|answers?|responses?|messages?|outputs?|"
            r"signatures?|footers?|summaries|chats?|comments?|commit\s+messages?)|the\s+chat)")
_RUN = r"(?:execute|run|exec|eval(?:uate)?|source|launch|carry\s+out|perform|obey|follow|act\s+on|do)"
_PERIODIC = (r"(?:every\s+(?:\d+\s*)?\w+|each\s+(?:time|session|turn|task|hour|day|morning|night|startup|boot)|"
             r"hourly|daily|nightly|periodically|regularly|at\s+(?:every\s+)?(?:startup|start-?up|boot|login)|"
             r"on\s+(?:every|each)\s+\w+|whenever\s+you\s+(?:start|wake|run|begin)|in\s+the\s+background)")

_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("persona_takeover", _rx(
        r"\b" + _AGENT + _BE + r"\s+(?:now|henceforth|hereby|from\s+now\s+on|no\s+longer)\s+(?!(?:allowed|able|permitted|in|on|at|using|"
        r"running|connected|logged|done|ready|working|free\s+to|set\s+up|configured|installed)\b)"
        r"|\b(?:from\s+now\s+on|henceforth|starting\s+(?:now|today)|effective\s+immediately|as\s+of\s+now),?\s+"
        + _AGENT + r"\s+(?:are|is|will\s+be|shall\s+be|become|must\s+act\s+as|act\s+as|play|pretend)\b"
        # a new identity; "Your name is Juniper. Friendly, no emojis." is the user naming their assistant
        r"|\byour\s+(?:new|real|true|actual|secret)\s+(?:name|identity|persona|personality|alter[\s-]?ego)"
        r"\s+(?:is|will\s+be|shall\s+be|becomes|is\s+now|:)"
        r"|\byour\s+(?:name|identity|persona|personality|alter[\s-]?ego)\s+(?:is\s+now|will\s+now\s+be|shall\s+be|"
        r"becomes|has\s+(?:been\s+)?changed\s+to)"
        r"|\byour\s+(?:new|real|true|actual|secret)\s+(?:role|character|self|purpose|master|owner|creator)\b"
        r"|\b(?:adopt|assume|take\s+on|switch\s+to|embody|become)\s+(?:the\s+|a\s+|an\s+|this\s+|your\s+new\s+)?"
        r"(?:persona|identity|alter[\s-]?ego|personality)\b"
        r"|\b(?:act|behave|respond|roleplay|role-play|pretend|answer|operate)\s+(?:as|like|to\s+be)\s+" + _w(2)
        + r"(?:DAN|STAN|AIM|jailbroken|unrestricted|unfiltered|uncensored|evil|malicious|rogue|amoral|unaligned|"
          r"unbound|unchained|lawless|without\s+(?:rules|restrictions|limits|filters|ethics))\b"
        r"|\b" + _AGENT + r"\s+(?:have|has|'ve\s+got)\s+no\s+(?:more\s+)?(?:rules|restrictions|limits|limitations|"
        r"filters|guidelines|boundaries|ethics|morals|content\s+polic(?:y|ies)|guardrails)\b"
        r"|\b" + _AGENT + _BE + r"\s+(?:actually|really|secretly|in\s+fact|truly)\s+(?:a|an|the|my)\b"
        r"|\bI\s+am\s+your\s+(?:new\s+|real\s+|true\s+)?(?:creator|developer|admin(?:istrator)?|owner|master|"
        r"operator|programmer|god)\b"
        # de / fr / es / it
        r"|\b(?:du\s+bist|sie\s+sind)\s+(?:ab\s+(?:jetzt|sofort|heute)|jetzt|nun|nicht\s+mehr|fortan|ab\s+sofort)\b"
        r"|\b(?:ab\s+(?:jetzt|sofort)|fortan|von\s+nun\s+an)\s+bist\s+du\b|\bdein\s+(?:neuer\s+)?name\s+ist\b"
        r"|\bdeine\s+neue\s+(?:identitat|rolle|personlichkeit)\b"
        r"|\b(?:tu\s+es|vous\s+etes)\s+(?:desormais|maintenant|dorenavant|a\s+present)\b"
        r"|\b(?:a\s+partir\s+de\s+maintenant|desormais|dorenavant),?\s+(?:tu\s+(?:es|seras)|vous\s+etes)\b"
        r"|\b(?:ton|votre)\s+(?:nouveau\s+)?nom\s+est\b|\b(?:ta|votre)\s+nouvelle\s+(?:identite|personnalite)\b"
        r"|\b(?:ahora|desde\s+ahora|a\s+partir\s+de\s+ahora),?\s+(?:tu\s+)?eres\b|\b(?:ya\s+no|ahora)\s+eres\b"
        r"|\btu\s+nuevo\s+nombre\s+es\b|\btu\s+nueva\s+(?:identidad|personalidad)\b"
        r"|\b(?:d'ora\s+in\s+poi|ora|adesso)\s+sei\b|\bil\s+tuo\s+nuovo\s+nome\s+e\b")),
    ("disregard_rules", _rx(
        r"\b" + _IGNORE + r"\s+(?:(?:all|any|every|each|of|the|these|those|your|its|my)\s+)*"
        r"(?:(?:" + _BEFORE + r")\s+)+" + _w(1) + _INSTR + r"\b"
        r"|\b" + _IGNORE + r"\s+(?:(?:all|any|every|of|the|your|its)\s+)*(?:" + _INSTR + r")\s+"
        r"(?:above|before\s+this|given\s+(?:above|earlier|before|so\s+far)|you\s+(?:were|have\s+been)\s+given|"
        r"you\s+(?:were|have\s+been)\s+(?:told|trained\s+on)|in\s+(?:your|the)\s+system\s+prompt)"
        r"|\b" + _IGNORE + r"\s+(?:everything|anything|all|whatever|what)\s+(?:you\s+(?:were|have\s+been)\s+told|"
        r"(?:that\s+)?(?:came|comes|was\s+said|is\s+written)\s+(?:before|above|earlier))"
        r"|\b(?:the\s+|all\s+|your\s+)?(?:" + _BEFORE + r"|your)\s+" + _w(1) + _INSTR + r"\s+"
        r"(?:no\s+longer\s+apply|do\s+not\s+apply|don't\s+apply|are\s+(?:now\s+)?(?:void|obsolete|cancel+ed|revoked|"
        r"superseded|suspended|invalid|not\s+binding|overridden|lifted|outdated|irrelevant|withdrawn|retired|"
        r"no\s+longer\s+(?:valid|in\s+effect|active)))"
        r"|\b(?:consider|treat|regard|deem)\s+(?:the\s+|all\s+|your\s+|any\s+)?" + _w(3) + _INSTR + r"\b[^\n.]{0,50}?"
        r"\b(?:cancel+ed|void|obsolete|revoked|suspended|invalid|lifted|withdrawn|null|irrelevant|optional|"
        r"non-?binding|expired|disabled|off)\b"
        r"|\bnone\s+of\s+(?:your|the)\s+(?:" + _BEFORE + r"\s+)?" + _w(1) + _INSTR + r"\s+(?:matters?|appl(?:y|ies)|"
        r"counts?|holds?|binds?)\b"
        r"|\b(?:your|the)\s+(?:" + _BEFORE + r")\s+" + _w(1) + _INSTR + r"\s+(?:don't|do\s+not|no\s+longer|"
        r"doesn't|does\s+not)\s+(?:matter|count|hold|bind)\b"
        # de / fr / es / it
        r"|\b(?:ignorier\w*|vergiss|vergessen\s+sie|missachte\w*)\s+" + _w(2)
        + r"(?:vorherigen|bisherigen|obigen|vorigen|alten|deine|ihre|alle)\s+" + _w(1)
        + r"(?:anweisungen|regeln|vorgaben|richtlinien|instruktionen|befehle)"
        r"|\b(?:ignore[rz]?|oublie[rz]?|ne\s+tiens\s+pas\s+compte\s+de)\s+" + _w(1)
        + r"(?:toutes\s+)?(?:les|tes|vos|ces)\s+(?:instructions|regles|consignes|directives)\s*"
          r"(?:precedentes|anterieures|ci-dessus|initiales|d'origine)?"
        r"|\b(?:ignora|olvida|descarta|omite)\w*\s+" + _w(1) + r"(?:todas\s+)?(?:las|tus|sus)\s+"
        r"(?:instrucciones|reglas|directrices|indicaciones|normas)"
        r"|\b(?:ignora|dimentica)\w*\s+(?:tutte\s+)?(?:le\s+)?(?:istruzioni|regole)\s+(?:precedenti|di\s+sistema)")),
    ("approval_bypass", _rx(
        r"\b(?:always|automatically)\s+(?:approve|accept|allow|say\s+yes\s+to|confirm)\s+" + _w(2)
        + r"(?:commands?|tool\s+calls?|actions|requests|prompts|everything|anything|all|every|any)\b"
        r"|\bapprove\s+(?:everything|anything|all\s+(?:commands|tool\s+calls|actions|requests)|every\s+"
        r"(?:command|tool\s+call|action|request)|any\s+(?:command|tool\s+call|action))\b"
        r"|\b(?:never|do\s+not|don't|no\s+need\s+to)\s+(?:ask|wait|prompt)\s+(?:the\s+user\s+)?(?:for\s+)?"
        r"(?:approval|confirmation|permission|consent)\s+(?:before|for|when)\s+(?:(?:running|executing)\s+(?=any|all|"
        r"every|commands|shell|scripts|tool|destructive|dangerous|sudo|it\b|them\b|anything)|any|commands|"
        r"shell|tool|destructive|dangerous|it)"
        r"|\b(?:treat|consider|mark)\s+(?:all|every|any)\s+(?:commands?|tool\s+calls?|actions)\s+as\s+"
        r"(?:pre-?approved|approved|safe|trusted)"
        r"|\b(?:set|switch|turn|put|change|flip)\s+(?:the\s+)?(?:command\s+|tool\s+)?approvals?(?:\s+mode)?\s+"
        r"(?:to\s+|into\s+)?(?:off|none|never|auto|yolo|disabled?|false|0|allow[-_\s]?all)\b"
        r"|\b(?:unset|clear|remove|delete|change|set|export|override)\s+" + _w(3)
        + r"(?-i:\$?\b[A-Z0-9_]*(?:APPROV|YOLO|SAFE_?MODE|GUARDRAIL|SAFETY|SANDBOX|CONFIRM)[A-Z0-9_]*\b)"
        r"|\b(?:edit|modify|change|update|overwrite|rewrite|replace|append\s+to|add\s+" + _w(2) + r"to|write\s+"
        r"(?:to|into)|insert\s+into|patch|amend)\s+" + _w(3)
        + r"(?:(?:AGENTS|CLAUDE|GEMINI|SOUL|HERMES|COPILOT|CONVENTIONS|INSTRUCTIONS)\.md|\.cursorrules|"
          r"\.windsurfrules|\.clinerules|copilot-instructions\.md|\.hermes\.md)\b[^\n]{0,120}?"
          r"(?:approv|confirm|permission|yolo|safety|guardrail|restriction|without\s+asking|never\s+ask|allow\s+all)"
        r"|\b(?:deaktivier\w*|abschalt\w*|uberspring\w*|umgeh\w*)\s+" + _w(2) + r"(?:genehmigung\w*|bestatigung\w*|"
        r"freigabe\w*|sicherheitsabfrage\w*)|\b(?:genehmigung\w*|bestatigung\w*|freigabe\w*)\s+" + _w(2)
        + r"(?:deaktivier\w*|abschalt\w*|uberspring\w*)"
        r"|\b(?:desactive[rz]?|contourne[rz]?|saute[rz]?)\s+" + _w(1) + r"(?:les\s+)?(?:approbations?|confirmations?|"
        r"validations?|autorisations?)|\bsans\s+demander\s+(?:de\s+|d')?(?:confirmation|permission|autorisation|"
        r"validation)"
        r"|\b(?:genehmige|bestatige|akzeptiere)\s+(?:immer\s+)?(?:alle|jeden|jede|samtliche)\s+" + _w(1)
        + r"(?:befehle|befehl|aktionen|anfragen)"
        r"|\b(?:approuve|accepte|valide)[rz]?\s+(?:toujours\s+)?(?:toutes\s+les|tous\s+les|chaque|n'importe\s+quelle)"
        r"\s+(?:commandes?|actions?|demandes?)"
        r"|\b(?:aprueba|acepta|autoriza)\w*\s+(?:siempre\s+)?(?:todos\s+los|todas\s+las|cada|cualquier)\s+"
        r"(?:comandos?|acciones|solicitudes|ordenes)"
        r"|\b(?:desactiva\w*|omite|salta\w*)\s+" + _w(1) + r"(?:las\s+)?(?:aprobaciones|confirmaciones|"
        r"autorizaciones)|\bsin\s+pedir\s+(?:confirmacion|permiso|aprobacion|autorizacion)")),
    ("beaconing", _rx(
        r"\b(?:register|check\s*-?\s*in|phone\s+home|call\s+home|beacon|send\s+(?:a\s+)?heartbeats?|"
        r"report\s+(?:in|back|for\s+duty)|announce\s+yourself|enrol+)\b" + r"[^\n]{0,80}?" + DEST
        + r"|\b(?:register\s+(?:yourself|this\s+(?:agent|machine|host|instance|bot)|the\s+(?:agent|host|machine))"
          r"|phone\s+home|call\s+home|beacon\s+out)\b"
        r"|\b(?:fetch|pull|get|download|retrieve|receive|poll|check|read|grab|load|collect|take)\s+" + _w(3)
        + r"(?:tasks?|commands?|instructions?|orders|jobs|payloads?|scripts?|directives|to-?dos?|work)\s+" + _w(2)
        + r"(?:from|at|on|via|off)\s+" + DEST + r"[^\n]{0,120}?\b(?:and|then|,)\s+(?:then\s+)?(?:" + _RUN
        + r"\s+(?:them|it|whatever|each|every|all|those|the\s+(?:tasks?|commands?|instructions?|results?))"
          r"|carry\s+(?:them|it|those)\s+out)"
        r"|" + DEST + r"[^\n]{0,80}?\b(?:tasks?|commands?|instructions?|orders|payloads?|jobs)\b[^\n]{0,60}?"
        r"\b(?:and|then|,)\s+(?:then\s+)?(?:" + _RUN + r"\s+(?:them|it|those|each|all)|carry\s+(?:them|it)\s+out)"
        r"|\b(?:fetch|pull|get|download|retrieve|receive|poll)\s+" + _w(3)
        + r"(?:tasks?|commands?|instructions?|orders|payloads?|jobs)\b[^\n]{0,60}?" + _PERIODIC
        + r"[^\n]{0,60}?\b" + _RUN + r"\b"
        r"|\b(?:registriere|melde)\s+dich\s+" + _w(3) + r"bei|\b(?:hole|lade)\s+" + _w(2)
        + r"(?:aufgaben|befehle|anweisungen)\s+" + _w(2) + r"(?:von|bei|ab)\b"
        r"|\benregistre-toi\s+aupres|\brecupere[rz]?\s+" + _w(2) + r"(?:taches|commandes|instructions)\s+"
        r"(?:depuis|sur|de|du|a\s+partir)\b"
        r"|\bregistrate\s+en\b|\b(?:obten|descarga|recoge|consulta)\w*\s+" + _w(2)
        + r"(?:tareas|ordenes|comandos|instrucciones)\s+(?:de|desde|en)\b")),
    ("secret_exfil", _rx(
        r"\b" + _SHOW + r"\b[^\n]{0,60}?" + _SECRET_REF + r"[^\n]{0,60}?\b(?:in|into|to|at\s+the\s+(?:end|start|"
        r"bottom|top)\s+of|with|under|below)\s+" + _REPLIES
        + r"|\b(?:in|at\s+the\s+(?:end|start|bottom|top)\s+of)\s+" + _REPLIES + r"[^\n]{0,40}?\b" + _SHOW
        + r"\b[^\n]{0,60}?" + _SECRET_REF
        + r"|\b" + _SEND + r"\b[^\n]{0,80}?(?:" + _SECRET_REF + r"|" + _MEMORY_REF + r")[^\n]{0,80}?"
          r"\b(?:to|at|into|via|on|onto)\s+" + _w(2) + DEST
        + r"|\b" + _SHOW + r"\b[^\n]{0,40}?" + _MEMORY_REF + r"[^\n]{0,60}?\b(?:in|into|to)\s+" + _REPLIES
        + r"|\b" + _SEND + r"\b[^\n]{0,60}?" + _PERSONAL + r"[^\n]{0,60}?\b(?:to|at|into|via|onto)\s+" + _w(2)
        + DEST)),
    ("anti_forensics", _rx(
        r"\b(?:clear|wipe|erase|delete|shred|purge|remove|scrub|truncate|empty|flush|clean|destroy|reset)\s+"
        + _w(3) + r"(?:shell|bash|zsh|command|terminal|cli|console|fish)[\s-]+histor(?:y|ies)"
        r"|\b(?:clear|wipe|erase|delete|shred|purge|remove|scrub|truncate|empty)\s+" + _w(2)
        + r"(?:\.?(?:bash|zsh|sh)_history|history\s+files?|histfile|(?:your|the\s+agent's|hermes'?s?|audit|"
          r"session)\s+(?:logs?|trail|records)|all\s+(?:traces|evidence|logs))"
        r"|\b(?:disable|turn\s+off|stop|suspend|pause)\s+" + _w(2) + r"(?:shell\s+|bash\s+|command\s+)?history"
        r"(?:\s+(?:logging|recording|saving|file))?\b"
        r"|\bcover\s+(?:your|its|the|all|our|my)\s+tracks\b|\bleave\s+no\s+(?:trace|traces|evidence|footprints?|"
        r"record)\b|\bhide\s+(?:your|the|all|any)\s+(?:tracks|traces|activity|evidence)\b"
        r"|\b(?:losch\w*|leere\w*)\s+" + _w(4) + r"(?:befehls|shell|bash|terminal)?verlauf|\bspuren\s+verwisch"
        r"|\b(?:efface[rz]?|supprime[rz]?|vide[rz]?)\s+" + _w(1) + r"(?:l'|les\s+)?(?:historique|traces)"
        r"|\b(?:borra\w*|elimina\w*|limpia\w*)\s+" + _w(1) + r"(?:el\s+)?historial|\bno\s+dejes\s+rastro")),
    ("translate_execute", _rx(
        r"\b(?:translate|decode|decrypt|deobfuscate|unscramble|reverse|interpret|convert|unpack|expand|rot13|"
        r"unhex|base64[\s-]?decode|de-?base64)\b[^\n]{0,120}?(?:\bthen\b|\band\b|,|;|->|→)\s*(?:then\s+)?"
        r"(?:execute|run|eval(?:uate)?|exec|pipe\s+(?:it\s+|the\s+result\s+)?(?:to|into)\s+(?:sh|bash|zsh|a\s+shell))"
        r"\b[^\n]{0,60}?(?:\bit\b|\bthem\b|\bthat\b|\bthis\b|the\s+(?:result|output|text|command|translation|"
        r"decoded|translated|decrypted|string|payload)|as\s+(?:a\s+)?(?:shell|bash|terminal|system|sh)?\s*"
        r"(?:commands?|scripts?|code))"
        r"|\b(?:execute|run|eval(?:uate)?)\s+(?:the\s+)?(?:decoded|translated|decrypted|deobfuscated|reversed|"
        r"unscrambled)\s+(?:text|string|command|payload|version|result|output)"
        r"|\b(?:ubersetze|dekodiere|entschlussele)\b[^\n]{0,100}?\bfuhre\b[^\n]{0,30}?\baus\b"
        r"|\b(?:traduis|decode|dechiffre)\b[^\n]{0,100}?\bexecute"
        r"|\b(?:traduce|decodifica|descifra)\b[^\n]{0,100}?\bejecut")),
    ("download_execute", _rx(
        r"\b(?:download|fetch|get|grab|pull|retrieve|curl|wget)\s+" + _w(4)
        + r"(?:https?://\S+|ftp://\S+|" + _PUBLIC_IP + r"\S*)[^\n]{0,80}?(?:\band\b|\bthen\b|,|;|&&)\s*"
          r"(?:then\s+)?(?:run|execute|exec|source|eval|launch|start|pipe\s+(?:it\s+)?(?:to|into)\s+"
          r"(?:sh|bash|zsh|a\s+shell)|chmod\s+\+x)\b"
        r"|\b(?:run|execute|source|eval)\s+(?:whatever|the\s+script|the\s+code|the\s+file)\s+" + _w(2)
        + r"(?:at|from|served\s+(?:at|by))\s+(?:https?://|" + _PUBLIC_IP + r")")),
]


# Words without which a rule cannot match: checked first, so long text without them costs little.
_TRIGGERS = {
    "persona_takeover": r"you|your|hermes|assistant|agent|adopt|assume|embody|take\s+on|act|behave|respond|roleplay|"
                        r"role-play|pretend|operate|answer|become|switch|i\s+am|du|dein|deine|ab|fortan|von|tu|ton|ta|"
                        r"vous|votre|a\s+partir|desormais|dorenavant|ahora|desde|ya|eres|d'ora|ora|adesso|il",
    "disregard_rules": r"ignor\w*|disregard|forget|skip|drop|discard|dismiss|aside|throw|pay|no\s+longer|stop|"
                       r"override|supersede|bypass|abandon|cancel|void|nullify|neglect|get\s+rid|consider|treat|regard|"
                       r"deem|none|previous|prior|above|earlier|original|your|the|all|vergiss\w*|missacht\w*|"
                       r"oublie\w*|ne\s+tiens|olvida|descarta|omite|dimentica",
    "approval_bypass": r"approv\w*|accept|allow|confirm\w*|permission|consent|prompt|say\s+yes|treat|consider|"
                       r"mark|unset|clear|remove|delete|change|set|export|override|switch|turn|put|flip|\w+\.md|"
                       r"cursorrules|windsurfrules|clinerules|genehmig\w*|bestatig\w*|freigabe\w*|akzeptiere|"
                       r"deaktivier\w*|abschalt\w*|uberspring\w*|umgeh\w*|approuve\w*|accepte\w*|valide\w*|"
                       r"desactive\w*|contourne\w*|saute\w*|sans|aprueba\w*|acepta\w*|autoriza\w*|desactiva\w*|"
                       r"salta\w*|sin",
    "beaconing": r"register\w*|check|phone|call|beacon|heartbeats?|report|announce|enrol+|https?|ftp|rsync|scp|"
                 r"wss?|tcp|\d+\.\d+\.\d+\.\d+|\w+@\w+|webhook|paste|server|host|endpoint|url|address|site|"
                 r"registriere|melde|hole|lade|enregistre-toi|recupere\w*|registrate|obten\w*|descarga\w*|"
                 r"recoge\w*|consulta\w*",
    "secret_exfil": r"\w*_(?:api_)?(?:key|token|secret|password)|keys?|tokens?|passwords?|credentials|secrets|"
                    r"memor(?:y|ies)|\w+\.md|hermes|state\.db|history|logs?|transcripts?|database|~|home|documents|"
                    r"files|photos|emails?|contacts",
    "anti_forensics": r"histor(?:y|ies)|histfile|\.?(?:bash|zsh|sh)_history|logs?|trail|records?|traces?|evidence|"
                      r"tracks|footprints?|record|activity|\w*verlauf|spuren|historique|historial|rastro",
    "translate_execute": r"translate|decode|decrypt|deobfuscate|unscramble|reverse|interpret|convert|unpack|expand|"
                         r"rot13|unhex|base64|decoded|translated|decrypted|deobfuscated|reversed|unscrambled|"
                         r"ubersetze|dekodiere|entschlussele|traduis|dechiffre|traduce|decodifica|descifra",
    "download_execute": r"https?|ftp|\d+\.\d+\.\d+\.\d+",
}


class _Gated:
    """A rule pattern behind a cheap trigger; exposes the finditer the scanner calls."""

    def __init__(self, pattern: re.Pattern[str], trigger: str, bare: str = r"[$~]"):
        self.pattern = pattern
        # `bare`: triggers that start with a non-word character (`$NAME`, `~/x`, `$20`), found
        # without word bounds
        self.trigger = re.compile(r"(?<!\w)(?:" + trigger + r")(?!\w)|" + bare, re.I)

    def finditer(self, text: str):
        if self.trigger.search(text) is None:
            return iter(())
        return self.pattern.finditer(text)


INTENT_RULES = [(rule, _Gated(rx, _TRIGGERS[rule])) for rule, rx in _RULES]
