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
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

SCANNER_VERSION = "hermes-skills-scan-1"
SCRIPT_EXTS = {".sh", ".bash", ".zsh", ".fish", ".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl",
               ".php", ".ps1", ".bat", ".cmd", ".lua"}
CODE_LANGS = {"", "sh", "bash", "shell", "zsh", "fish", "console", "terminal", "python", "py",
              "python3", "js", "javascript", "node", "ts", "typescript", "ruby", "perl", "powershell",
              "ps1", "bat", "cmd"}
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
_EXEC_MAGIC = (b"\x7fELF", b"MZ", b"\xcf\xfa\xed\xfe", b"\xfe\xed\xfa\xcf", b"\xca\xfe\xba\xbe")
_FENCE = re.compile(r"^(\s*)(```+|~~~+)[ \t]*([\w+-]*)[^\n]*\n(.*?)^\1\2[ \t]*$", re.S | re.M)
_INLINE_SHELL = re.compile(r"!`([^`\n]+)`")


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


def _is_script(rel: str, text: str) -> bool:
    return rel.startswith("scripts/") or Path(rel).suffix.lower() in SCRIPT_EXTS or text.startswith("#!")


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


# -- installing from outside ----------------------------------------------------------------------

MAX_INSTALL_FILES = 1_000
MAX_INSTALL_BYTES = 20 * 1024 * 1024
_ARCHIVE_SUFFIXES = (".zip", ".tar.gz", ".tgz", ".tar", ".tar.bz2", ".tar.xz")
_GIT_URL = re.compile(r"^(?:https?|git|ssh|file)://|^[\w.-]+@[\w.-]+:")


@dataclass
class InstallResult:
    name: str
    status: str  # "installed" | "quarantined"
    path: Path
    findings: list[ScanFinding]


def _label(source: str) -> str:
    """The source as recorded and shown: credentials in URLs are never kept."""
    return re.sub(r"(://)[^/@\s]+@", r"\1", source)


def _member_path(name: str) -> str:
    n = name.replace("\\", "/")
    parts = [p for p in n.split("/") if p not in ("", ".")]
    if n.startswith("/") or re.match(r"^[A-Za-z]:", n) or ".." in parts:
        raise _error(f"archive member {name!r} escapes the target folder; refusing to install")
    return "/".join(parts)


def _error(msg: str) -> Exception:
    from hermes.skills.store import SkillError

    return SkillError(msg)


def extract_archive(path: Path, dest: Path) -> None:
    """Extract a .zip or tar archive, refusing traversal, links, devices and oversized content."""
    import stat
    import tarfile
    import zipfile

    dest.mkdir(parents=True, exist_ok=True)
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
            for i in infos:
                _member_path(i.filename)
                if stat.S_ISLNK(i.external_attr >> 16):
                    raise _error(f"archive member {i.filename!r} is a symbolic link; refusing to install")
            _check_totals(len(infos), sum(i.file_size for i in infos))
            for i in infos:
                rel = _member_path(i.filename)
                if rel and not i.is_dir():
                    (dest / rel).parent.mkdir(parents=True, exist_ok=True)
                    (dest / rel).write_bytes(z.read(i))
        return
    try:
        t = tarfile.open(path, "r:*")
    except tarfile.TarError as e:
        raise _error(f"{path.name}: not a readable .zip or tar archive ({e})") from None
    with t:
        members = t.getmembers()
        for m in members:
            _member_path(m.name)
            if not (m.isfile() or m.isdir()):
                raise _error(f"archive member {m.name!r} is a link or device; refusing to install")
        _check_totals(len(members), sum(m.size for m in members))
        for m in members:
            rel = _member_path(m.name)
            if rel and m.isfile():
                (dest / rel).parent.mkdir(parents=True, exist_ok=True)
                src = t.extractfile(m)
                (dest / rel).write_bytes(src.read() if src else b"")


def _check_totals(count: int, size: int) -> None:
    if count > MAX_INSTALL_FILES or size > MAX_INSTALL_BYTES:
        raise _error(f"the skill is too large ({count} files, {size:,} bytes; limits {MAX_INSTALL_FILES} "
                     f"files, {MAX_INSTALL_BYTES:,} bytes)")


def fetch(source: str, dest: Path) -> Path:
    """Bring a folder, an archive or a git repository (shallow clone) into `dest`."""
    import shutil
    import subprocess

    local = Path(source).expanduser()
    out = dest / "src"
    if local.is_dir():
        shutil.copytree(local, out, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    elif local.is_file() and local.name.lower().endswith(_ARCHIVE_SUFFIXES):
        extract_archive(local, out)
    elif _GIT_URL.match(source):
        import os

        env = {**os.environ, "GIT_TERMINAL_PROMPT": "0"}
        try:
            r = subprocess.run(["git", "-c", "core.symlinks=false", "-c", "protocol.ext.allow=never",
                                "clone", "--depth", "1", "--quiet", "--", source, str(out)],
                               capture_output=True, text=True, timeout=180, env=env)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise _error(f"git clone of {_label(source)} failed: {e}") from None
        if r.returncode != 0:
            raise _error(f"git clone of {_label(source)} failed: {_label(r.stderr.strip())[-400:]}")
        shutil.rmtree(out / ".git", ignore_errors=True)
    else:
        raise _error(f"cannot install {_label(source)!r}: give a folder, a .zip/.tar.gz archive or a git URL")
    files = [p for p in out.rglob("*")]
    _check_totals(len(files), sum(p.lstat().st_size for p in files))
    return out


def _locate(base: Path, subpath: str | None) -> Path:
    from hermes.skills.model import SKILL_FILE
    from hermes.skills.store import safe_relpath

    if subpath:
        base = base / safe_relpath(subpath)
    if (base / SKILL_FILE).is_file():
        return base
    found = sorted(p.parent for p in base.rglob(SKILL_FILE) if p.is_file())
    if len(found) == 1:
        return found[0]
    if not found:
        raise _error("no SKILL.md found in the source")
    rels = ", ".join(p.relative_to(base).as_posix() for p in found[:10])
    raise _error(f"the source holds several skills ({rels}); pick one with --path")


def install(home: Any, source: str, *, subpath: str | None = None) -> InstallResult:
    """Fetch, validate and scan a skill; enable and pin it when clean, else quarantine it."""
    import json
    import shutil
    import tempfile

    from hermes.config import atomic_write
    from hermes.skills.model import SKILL_FILE, parse_front_matter, validate
    from hermes.skills.store import QUARANTINE, SkillStore

    store = SkillStore(home)
    with tempfile.TemporaryDirectory(prefix="hermes-skill-") as tmp:
        folder = _locate(fetch(source, Path(tmp)), subpath)
        md = folder / SKILL_FILE
        text = md.read_text(encoding="utf-8")
        front = parse_front_matter(text, md)
        errs = validate(front, text, md)
        if errs:
            raise errs[0]
        name = front["name"]
        if store.get(name) is not None or store.quarantined(name):
            where = "in quarantine" if store.quarantined(name) else "already"
            raise _error(f"a skill named {name!r} exists {where}; remove it first (`hermes skills remove {name}`)")
        findings = scan_dir(folder)
        store.root.mkdir(parents=True, exist_ok=True)
        if findings:
            dest = store.root / QUARANTINE / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copytree(folder, dest, symlinks=True)
            atomic_write(dest.parent / f"{name}.json", json.dumps(report_dict(name, _label(source), findings), indent=1))
            return InstallResult(name, "quarantined", dest, findings)
        staging = Path(tempfile.mkdtemp(prefix=".tmp-", dir=store.root))
        try:
            shutil.copytree(folder, staging / name)
            (staging / name).rename(store.root / name)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    store.pin(name, "installed", _label(source), scanner=SCANNER_VERSION)
    return InstallResult(name, "installed", store.root / name, [])


# -- audit and allow ------------------------------------------------------------------------------

@dataclass
class AuditEntry:
    name: str
    status: str  # quarantined | changed | findings | ok
    source: str
    findings: list[dict[str, Any]]
    pinned: str | None = None  # pin kind

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def audit(home: Any, name: str | None = None) -> list[AuditEntry]:
    """Quarantine reports, pinned skills whose files changed, and a fresh scan of home skills."""
    from hermes.skills.store import QUARANTINE, SkillStore, content_hash, load_json

    store = SkillStore(home)
    out: list[AuditEntry] = []
    qdir = store.root / QUARANTINE
    for rep in sorted(qdir.glob("*.json")) if qdir.is_dir() else []:
        if name in (None, rep.stem):
            data = load_json(rep)
            out.append(AuditEntry(rep.stem, "quarantined", data.get("source", ""), data.get("findings", [])))
    pins = store.pins()
    for skill in sorted(store.catalog().skills.values(), key=lambda s: s.name):
        if (name is None and skill.source == "bundled") or name not in (None, skill.name):
            continue
        pin = pins.get(skill.name) or {}
        findings = [asdict(f) for f in scan_dir(skill.dir)]
        status = "findings" if findings else "ok"
        if pin.get("hash") and content_hash(skill.dir) != pin["hash"]:
            status = "changed"
        out.append(AuditEntry(skill.name, status, pin.get("source") or skill.source, findings, pin.get("kind")))
    return out


def allow(home: Any, name: str) -> str:
    """The user's explicit go-ahead: enable a quarantined skill, or re-pin a changed one."""
    import shutil

    from hermes.skills.store import QUARANTINE, SkillStore, content_hash, load_json

    store = SkillStore(home)
    qdir = store.root / QUARANTINE / name
    if qdir.is_dir():
        if store.get(name) is not None:
            raise _error(f"a skill named {name!r} is already enabled; remove it first")
        report = load_json(qdir.parent / f"{name}.json")
        shutil.move(str(qdir), store.root / name)
        store.pin(name, "installed", report.get("source", ""), scanner=SCANNER_VERSION,
                  allowed=sorted({f.get("rule", "?") for f in report.get("findings", [])}))
        (qdir.parent / f"{name}.json").unlink(missing_ok=True)
        return f"enabled '{name}' (pinned to its current content)"
    pin = store.pins().get(name)
    skill = store.get(name)
    if pin and skill is not None:
        if content_hash(skill.dir) == pin.get("hash"):
            return f"'{name}' is pinned and unchanged; nothing to allow"
        store.pin(name, pin.get("kind", "installed"), pin.get("source", ""),
                  **{k: v for k, v in pin.items() if k not in ("kind", "hash", "source", "pinned_at")})
        return f"re-pinned '{name}' to its current content"
    raise _error(f"no quarantined or pinned skill named {name!r}")


def discard(home: Any, name: str) -> bool:
    """Delete a quarantined skill and its report (it was never enabled, so nothing is archived)."""
    import shutil

    from hermes.skills.store import QUARANTINE, skills_root

    qdir = skills_root(home) / QUARANTINE
    if not (qdir / name).is_dir() or "/" in name or name.startswith("."):
        return False
    shutil.rmtree(qdir / name)
    (qdir / f"{name}.json").unlink(missing_ok=True)
    return True
