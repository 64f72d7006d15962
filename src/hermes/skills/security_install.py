"""Skills from outside: install behind the scan, and the user's answers to what it held back.

`install` fetches a folder, an archive or a git repository, validates and scans the skill, then
enables and pins it when clean or quarantines it with its report; `audit`, `allow` and `discard`
are how the user reviews, releases or deletes what is held back.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from hermes.skills.security_checks import ScanFinding

# security.py imports this module to re-export it, so the scan driver (scan_dir, report_dict,
# SCANNER_VERSION) is imported inside the functions that use it.


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
    from hermes.skills.security import SCANNER_VERSION, report_dict, scan_dir
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
    from hermes.skills.security import scan_dir
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

    from hermes.skills.security import SCANNER_VERSION
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
