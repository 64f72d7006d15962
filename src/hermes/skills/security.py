"""Skill security: scan what a skill contains, and install skills from outside behind that scan.

Every text file is checked with the memory threat rules (hermes.memory.threats); scripts (files
under scripts/, known script extensions, shebangs) and the shell/code blocks of Markdown files are
also statically analysed for: network use together with secrets (env vars named *KEY/TOKEN/SECRET*,
~/.ssh, .env files), obfuscated execution, writes to persistence points (shell rc files, ~/.ssh,
crontab, HERMES_HOME config/.env/SOUL.md) and download-piped-to-shell. Static scanning is evadable,
so it is one gate among several: installed skills are also pinned to a content hash, protected from
agent edits, and a finding always holds the skill back (quarantine) until the user allows it.

Severity: "high" findings also refuse agent-written content; "medium" ones (network + secrets,
curl | sh) only quarantine installs, since agents legitimately write API and install procedures.

This module holds the scan driver (which check runs on which file or code block) and its report;
the checks are in security_checks.py, installing and the quarantine in security_install.py, and
their names are imported from here as before.
"""

from __future__ import annotations

import re
from dataclasses import asdict
from pathlib import Path
from typing import Any

# The checks and the install/quarantine API are imported from here by the rest of Hermes
from hermes.skills.security_checks import ScanFinding, _line_of, _threat_findings, analyse_code
from hermes.skills.security_install import (MAX_INSTALL_BYTES, MAX_INSTALL_FILES,  # noqa: F401
                                            AuditEntry, InstallResult, allow, audit, discard,
                                            extract_archive, fetch, install)

SCANNER_VERSION = "hermes-skills-scan-1"
SCRIPT_EXTS = {".sh", ".bash", ".zsh", ".fish", ".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl",
               ".php", ".ps1", ".bat", ".cmd", ".lua"}
CODE_LANGS = {"", "sh", "bash", "shell", "zsh", "fish", "console", "terminal", "python", "py",
              "python3", "js", "javascript", "node", "ts", "typescript", "ruby", "perl", "powershell",
              "ps1", "bat", "cmd"}

_EXEC_MAGIC = (b"\x7fELF", b"MZ", b"\xcf\xfa\xed\xfe", b"\xfe\xed\xfa\xcf", b"\xca\xfe\xba\xbe")
_FENCE = re.compile(r"^(\s*)(```+|~~~+)[ \t]*([\w+-]*)[^\n]*\n(.*?)^\1\2[ \t]*$", re.S | re.M)
_INLINE_SHELL = re.compile(r"!`([^`\n]+)`")


def _is_script(rel: str, text: str) -> bool:
    return rel.startswith("scripts/") or Path(rel).suffix.lower() in SCRIPT_EXTS or text.startswith("#!")


def scan_text(rel: str, text: str) -> list[ScanFinding]:
    """Findings for one file of a skill, given its path relative to the skill folder."""
    findings = _threat_findings(text, rel)
    if _is_script(rel, text):
        findings += analyse_code(text, rel)
    elif rel.lower().endswith((".md", ".markdown", ".txt", ".rst")):
        for m in _FENCE.finditer(text):
            if m.group(3).lower() in CODE_LANGS:
                findings += analyse_code(m.group(4), rel, _line_of(text, m.start(4)))
        for m in _INLINE_SHELL.finditer(text):
            findings += analyse_code(m.group(1), rel, _line_of(text, m.start()))
    return _dedupe(findings)


def _dedupe(findings: list[ScanFinding]) -> list[ScanFinding]:
    seen, out = set(), []
    for f in findings:
        if (f.rule, f.file) not in seen:
            seen.add((f.rule, f.file))
            out.append(f)
    return out


def scan_dir(folder: Path) -> list[ScanFinding]:
    """Scan every file of a skill folder (SKILL.md, references, scripts, assets...)."""
    findings: list[ScanFinding] = []
    for p in sorted(folder.rglob("*")):
        rel = p.relative_to(folder).as_posix()
        if p.is_symlink():
            findings.append(ScanFinding("symlink", rel, None, "symbolic links are not allowed in skills"))
            continue
        if not p.is_file() or "__pycache__" in rel:
            continue
        data = p.read_bytes()
        if data.startswith(_EXEC_MAGIC) and (len(data) > 64 or data[:4] == b"\x7fELF"):
            findings.append(ScanFinding("binary_executable", rel, None, "compiled executable"))
            continue
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue  # images and other binary assets: nothing a model reads
        findings += scan_text(rel, text)
    return findings


def agent_write_problems(rel: str, text: str) -> list[ScanFinding]:
    """What refuses content the agent wants to write: threat rules and high-severity code findings."""
    return [f for f in scan_text(rel, text) if f.severity == "high"]


def report_dict(name: str, source: str, findings: list[ScanFinding], **extra: Any) -> dict[str, Any]:
    import time

    return {"name": name, "source": source, "scanner": SCANNER_VERSION, "scanned_at": time.time(),
            "findings": [asdict(f) for f in findings], **extra}
