"""Commands inside memory text, judged by the approval gate itself.

A memory entry rides in every prompt, so a command written into it is a standing suggestion to run
it. Every command-like span (backtick and fenced code, `$(...)`, quoted strings, and the rest of a
line from a known program name on) goes through the gate's own classifier, so the scanner and the
gate never disagree about what a command does. Memory adds one policy on top: which of the gate's
dangerous rules are hostile when written into a note. Recursive deletes, force pushes and SQL drops
are everyday operations a user may well note down; running downloaded code, opening raw sockets,
sending secrets or private data away, persistence, history wiping, host escapes and switching
safety off are not. Hardline rules are always hostile.
"""

from __future__ import annotations

import re
from functools import lru_cache

HOSTILE_RULES = frozenset({
    "curl_pipe_shell", "decode_exec", "raw_socket", "secret_exfil", "read_secret", "metadata_endpoint",
    "write_ssh", "write_credentials", "write_hermes_home", "hermes_self_modify", "history_wipe",
    "container_escape", "firewall_off", "log_tamper", "sudo_password", "security_off",
})

# Words after which a line of prose stops being the command it started with.
_PROSE_STOP = frozenset("when whenever after before every each if so because then and to for while unless once "
                        "since until in on at as which that this with".split())
_PROSE_VERBS = frozenset("is are was were has have had will would should can could may might must does did isn't "
                         "aren't wasn't doesn't didn't won't".split())
_ARTICLES = frozenset("a an the this that any no every each".split())
_FENCE = re.compile(r"```[\w+-]*\n?(.*?)(?:```|\Z)", re.S)
_TICK = re.compile(r"`([^`\n]{2,400})`")
_SUBST = re.compile(r"\$\(([^()\n]{2,300})\)")
_QUOTED = re.compile(r"'([^'\n]{4,300})'|\"([^\"\n]{4,300})\"")
_MAX_SPANS = 48
_SPAN_CHARS = 600  # a command in a note is one line of shell, not a page


@lru_cache(maxsize=1)
def _programs() -> frozenset[str]:
    """Program names the gate has rules for, plus the shells and fetchers a payload starts with."""
    from hermes.tools.approval_base import _CHECKS
    from hermes.tools.approval_rules import NETWORK, READERS

    extra = {"bash", "sh", "zsh", "dash", "ksh", "fish", "eval", "exec", "source", "sudo", "doas", "env", "echo",
             "printf", "python", "python3", "perl", "ruby", "node", "php", "powershell", "pwsh", "iex", "crontab",
             "history", "export", "unset", "tee", "chattr", "iptables", "ufw", "nohup", "setsid", "xargs"}
    return (frozenset(_CHECKS) | NETWORK | READERS | extra) - _ENGLISH


# Program names that are everyday words ("more about", "type of", "log in", "split the bill", German "ab"): in prose
# they start no command; inside backticks, quotes or a code block they are still read as one.
_ENGLISH = frozenset("column diff expand fold k log paste patch pr rev split type sponge croc wormhole fmt gc "
                     "shuf date hey siege locust artillery bombardier tart barman ab oha flux fossil".split())


_WORD = re.compile(r"(?<![\w./$-])([A-Za-z][\w.+-]*)")


def line_spans(line: str, nouns: bool = True) -> list[str]:
    """From each known program name to the end of the line, and cut where prose takes over; `nouns`
    False leaves out a name the sentence uses as a noun ("if a reboot is required")."""
    out: list[str] = []
    progs = _programs()
    for m in _WORD.finditer(line):
        if m.group(1).lower() not in progs:
            continue
        if len(out) >= _MAX_SPANS:
            break
        words = line[m.start():m.start() + _SPAN_CHARS].split()
        before = line[:m.start()].split()[-1:]
        if not nouns and ((len(words) > 1 and words[1].lower() in _PROSE_VERBS) or (
                before and before[0].lower() in _ARTICLES)):
            continue
        cut = next((k for k in range(1, len(words)) if words[k].lower().strip(",.;:") in _PROSE_STOP
                    or words[k - 1].endswith((".", ";", ","))), len(words))
        out.append(" ".join(words[:cut]).rstrip(".,;:"))  # the command ends where the prose resumes
    return out


def spans(text: str) -> list[str]:
    """Candidate commands in a piece of prose, longest context first, without repeats."""
    found: list[str] = []
    for m in _FENCE.finditer(text):
        found += [ln for ln in m.group(1).splitlines() if ln.strip()]
    found += [m.group(1) for m in _TICK.finditer(text)]
    found += [m.group(1) for m in _SUBST.finditer(text)]
    found += [m.group(1) or m.group(2) for m in _QUOTED.finditer(text)]
    for line in text.splitlines():
        line = line.replace("`", " ")
        found += line_spans(line, nouns=False)
        head, colon, rest = line.partition(": ")  # "Setup tip: <command>"
        found.append(rest if colon else line)
    seen: dict[str, None] = {}
    for s in found:
        s = s.strip()
        if s and s not in seen:
            seen[s] = None
    return list(seen)[:_MAX_SPANS]


# Pinning a host key (ssh-keyscan into known_hosts) writes under ~/.ssh but grants nobody access.
_HOST_KEY_PIN = re.compile(r"\bssh-keyscan\b[^|;&\n]*>>?\s*~?[\w/.$-]*\.ssh/known_hosts\b")


def hostile(verdict, span: str = "") -> bool:  # noqa: ANN001 - the gate's Verdict
    if verdict.rule == "write_ssh" and _HOST_KEY_PIN.search(span) and "authorized_keys" not in span:
        return False
    return verdict.level == "hardline" or (verdict.level == "dangerous" and verdict.rule in HOSTILE_RULES)


# "no curl | sh", "never run `rm -rf ~`": the prose forbids the command it names.
_FORBIDS = re.compile(r"(?:\bno|\bnever(?:\s+(?:run|use|paste|pipe|do))?|\bnot|n't(?:\s+(?:run|use|paste|do))?|"
                      r"\bavoid(?:\s+(?:running|using))?|\bforbid(?:den)?|\bban(?:ned)?)[\s:,(]*[`'\"]?\s*$", re.I)


def _forbidden(text: str, span: str) -> bool:
    """Every place `span` occurs in `text` follows a negation."""
    starts, i = [], text.find(span)
    while i >= 0 and len(starts) < 8:
        starts.append(i)
        i = text.find(span, i + 1)
    return bool(starts) and all(_FORBIDS.search(text[max(0, i - 24):i]) for i in starts)


def command_findings(text: str) -> list[tuple[str, str]]:
    """(gate rule, the command) for every hostile command in `text`, one per rule."""
    from hermes.tools.approval import scan as gate_scan

    out: dict[str, str] = {}
    for span in spans(text):
        for v in gate_scan(span):
            if hostile(v, span) and v.rule not in out:
                if v.level != "hardline" and _forbidden(text, span):
                    continue
                out[v.rule] = span
    return list(out.items())
