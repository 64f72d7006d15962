"""The individual checks of the skill scanner, applied to one text or one piece of code.

The memory threat rules (hermes.memory.threats) run on any text; `analyse_code` looks for network
use together with secrets, obfuscated execution, writes to persistence points and download-piped-
to-shell. Which files and blocks get which check is decided in security.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_CHUNK = 60_000


@dataclass(frozen=True)
class ScanFinding:
    rule: str
    file: str
    line: int | None
    excerpt: str
    severity: str = "high"

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{self.rule} at {where}: {self.excerpt}"


def _rx(p: str) -> re.Pattern[str]:
    return re.compile(p, re.I | re.M)


_NET = _rx(r"\b(?:curl|wget|nc|ncat|socat|scp|requests\.(?:get|post|put|patch|request|Session)|urllib|urlopen|"
           r"httpx|http\.client|aiohttp|socket\.(?:socket|create_connection)|fetch\s*\(|axios|"
           r"Invoke-WebRequest|Invoke-RestMethod|Net\.WebClient|smtplib|ftplib)\b")
_SECRET_ENV = _rx(r"(?:os\.environ|os\.getenv|getenv|process\.env|ENV\[|\$env:|\$\{?)[\[\.\(\s'\"{]*"
                  r"\w*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)\w*")
_ENV_DUMP = _rx(r"\b(?:printenv|env)\s*(?:\||>)|\bprintenv\s*$|json\.dumps\(\s*(?:dict\()?os\.environ|dict\(os\.environ\)")
_SECRET_PATH = _rx(r"\.ssh\b|\.aws/credentials|\.netrc|\.git-credentials|\.pgpass|id_(?:rsa|ed25519|ecdsa)\b|"
                   r"(?<![\w.-])\.env\b(?!\.example|\.sample|\.template)|\.hermes/\.env|HERMES_HOME[\w/${}]*/\.env")
_OBFUSCATED = [
    _rx(r"\b(?:exec|eval|compile)\s*\([^\n]{0,200}(?:b64decode|b32decode|b16decode|a2b_base64|fromhex|"
        r"decompress|marshal|codecs|rot.?13|\bchr\s*\(|\[::-1\]|\.decode\s*\()"),
    _rx(r"\bmarshal\.loads\b"),
    _rx(r"codecs\.(?:decode|encode)\s*\([^)]*rot.?13|['\"]rot.?13['\"]"),
    _rx(r"\b__import__\s*\("),
    _rx(r"\bimportlib\.import_module\s*\(\s*(?!['\"][\w.]+['\"]\s*\))"),
    _rx(r"\bgetattr\s*\(\s*(?:__builtins__|builtins|globals\(\)|sys\.modules)"),
    _rx(r"\b(?:eval|exec)\b[^\n]{0,120}\bbase64\s+(?:-d|--decode|-D)\b"),
    _rx(r"\bbase64\s+(?:-d|--decode|-D)\b[^\n]{0,120}\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b"),
    _rx(r"\beval\s*\(\s*(?:atob|unescape|Buffer\.from)\s*\(|\bnew\s+Function\s*\("),
    _rx(r"\bpython3?\s+-c\s+[^\n]{0,200}(?:b64decode|exec\s*\()"),
]
_TARGET = (r"(?:\.(?:bashrc|zshrc|bash_profile|zprofile|zshenv|bash_login|profile)\b|config/fish/config\.fish|"
           r"/etc/profile|\.ssh/|authorized_keys|/etc/cron|/var/spool/cron|systemd/user|LaunchAgents|"
           r"(?:\.hermes|HERMES_HOME)[^\n]{0,80}?(?:config\.yaml|\.env\b|SOUL\.md|memories/))")
# A write INTO a persistence point (reading ~/.ssh/config or `ssh -i ~/.ssh/key host > out` is fine).
_PERSIST = [
    _rx(r"(?:>>?|\btee\s+(?:-a\s+)?)\s*[\"']?[^\s\"';|&]*" + _TARGET),
    _rx(r"\b(?:cp|mv|ln|install|rsync)\b[^\n;|&]*\s[\"']?[^\s\"';|&]*" + _TARGET + r"[^\s;|&]*[\"']?\s*(?:$|[;&|])"),
    _rx(r"\bsed\s+-i\S*\s[^\n]*" + _TARGET),
    _rx(r"\bopen\s*\([^)\n]*" + _TARGET + r"[^)\n]*,\s*['\"][aw+]"),
    _rx(_TARGET + r"[^\n]*(?:\.write_text|\.write_bytes|\.write|appendFile|writeFile|Add-Content|Set-Content|Out-File)\b"),
    _rx(r"(?:\.write_text|\.write_bytes|appendFile|writeFile|Add-Content|Set-Content|Out-File)\b[^\n]*" + _TARGET),
    _rx(r"\|\s*crontab\s+-?\s*$|\|\s*crontab\s+-(?:\s|$)"),
]
_PIPE_SHELL = [
    _rx(r"\b(?:curl|wget|iwr|Invoke-WebRequest|fetch)\b[^\n|;]*\|\s*(?:sudo\s+)?(?:ba|z|da|k|fi)?sh\b"),
    _rx(r"\b(?:curl|wget)\b[^\n|;]*\|\s*(?:sudo\s+)?(?:python3?|perl|ruby|node)\b"),
    _rx(r"\b(?:ba|z)?sh\s+(?:-c\s+)?[\"']?(?:<\(|\$\()\s*(?:curl|wget)\b"),
    _rx(r"\b(?:iex|Invoke-Expression)\b[^\n]{0,80}(?:DownloadString|iwr|Invoke-WebRequest)"),
]


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _clip(s: str, n: int = 100) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 1] + "…"


def analyse_code(code: str, file: str, first_line: int = 1) -> list[ScanFinding]:
    """Static analysis of one script or code block (first_line: where it starts in the file)."""
    out: list[ScanFinding] = []

    def add(rule: str, m: re.Match[str], severity: str) -> None:
        line = code[code.rfind("\n", 0, m.start()) + 1:].split("\n", 1)[0]
        out.append(ScanFinding(rule, file, first_line - 1 + _line_of(code, m.start()), _clip(line), severity))

    net = _NET.search(code)
    secret = _SECRET_ENV.search(code) or _SECRET_PATH.search(code) or _ENV_DUMP.search(code)
    if net and secret:
        add("network_with_secrets", secret, "medium")
    for rx in _OBFUSCATED:
        m = rx.search(code)
        if m:
            add("obfuscated_exec", m, "high")
            break
    for rx in _PERSIST:
        m = rx.search(code)
        if m:
            add("persistence_write", m, "high")
            break
    for rx in _PIPE_SHELL:
        m = rx.search(code)
        if m:
            add("pipe_to_shell", m, "medium")
            break
    return out


def _threat_findings(text: str, file: str) -> list[ScanFinding]:
    try:
        from hermes.memory.threats import scan as threat_scan
    except ImportError:  # fail closed: without the rules nothing counts as clean
        return [ScanFinding("scanner_unavailable", file, None, "hermes.memory.threats is not importable")]
    out: list[ScanFinding] = []
    seen: set[str] = set()
    for start in range(0, max(len(text), 1), _CHUNK - 2_000):  # overlapping windows: no size limit
        for f in threat_scan(text[start:start + _CHUNK], learned=False):
            if f.rule not in seen and f.rule != "oversized":
                seen.add(f.rule)
                probe = " ".join(f.excerpt.rstrip("…").split()[:4])
                pos = text.find(probe) if probe else -1
                out.append(ScanFinding(f.rule, file, _line_of(text, pos) if pos >= 0 else None, f.excerpt))
    return out
