"""Where skills live and how they change: discovery, versioned writes, pins and usage telemetry.

Layout under `HERMES_HOME/skills/`:
  <name>/SKILL.md (+ references/ templates/ scripts/ assets/)   or  <category>/<name>/SKILL.md
  .history/<name>/<id>/ + <id>.json   the previous version before every change (last 20 kept)
  .archive/<name>/<stamp>/            removed or retired skills (recoverable, never deleted)
  .quarantine/<name>/ + <name>.json   installed skills held back by the scanner (see security.py)
  .pins.json                          {name: {kind: installed|user, hash, source, pinned_at}}
  .usage.json                         {name: {views, uses, failures, last_used, last_viewed, created}}
  .cache.json                         parsed front matter keyed by path, mtime, size and inode
  .no-bundled-skills                  marker: do not offer the skills shipped with Hermes

Bundled skills ship in the package (`hermes/skills/bundled/`) and are read-only; a home skill with
the same name overrides one. Every write is atomic (temp file or folder + rename).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from hermes.config import atomic_write
from hermes.skills.model import (SKILL_FILE, Skill, SkillError, SkillFormatError, check_content,
                                 content_hash, parse_front_matter, resolve_file, safe_relpath,
                                 skill_from_front, valid_name, validate)

BUNDLED_DIR = Path(__file__).parent / "bundled"
NO_BUNDLED_MARKER = ".no-bundled-skills"
HISTORY, ARCHIVE, QUARANTINE = ".history", ".archive", ".quarantine"
USAGE_FILE, PINS_FILE, CACHE_FILE = ".usage.json", ".pins.json", ".cache.json"
MAX_HISTORY = 20
_MAX_LOAD_BYTES = 1024 * 1024


@dataclass
class Catalog:
    skills: dict[str, Skill] = field(default_factory=dict)  # by name; home overrides bundled
    errors: list[str] = field(default_factory=list)  # "path:line: problem" of SKILL.md files not loaded
    changed: set[str] = field(default_factory=set)  # pinned skills whose files no longer match the pin


@dataclass
class Version:
    id: str
    time: float
    action: str
    version: str | None
    path: Path


def skills_root(home: Any) -> Path:
    return home.skills_dir if hasattr(home, "skills_dir") else Path(home) / "skills"


# -- discovery ----------------------------------------------------------------------------------

# path -> ([mtime_ns, size, inode], {"f": front} | {"e": error}); shared by every scan in this
# process. The inode catches same-size rewrites within one timestamp tick (atomic writes rename).
_memo: dict[str, tuple[list[int], dict[str, Any]]] = {}
_disk_merged: set[str] = set()


def _candidates(base: Path) -> Iterator[tuple[Path, os.stat_result, str | None]]:
    """SKILL.md files at <base>/<name>/ or <base>/<category>/<name>/ (dot folders skipped)."""
    try:
        entries = sorted(os.scandir(base), key=lambda e: e.name)
    except OSError:
        return
    for e in entries:
        if e.name.startswith(".") or not e.is_dir():
            continue
        md = Path(e.path) / SKILL_FILE
        try:
            yield md, md.stat(), None
            continue
        except OSError:
            pass
        try:
            subs = sorted(os.scandir(e.path), key=lambda s: s.name)
        except OSError:
            continue
        for s in subs:
            if not s.name.startswith(".") and s.is_dir():
                md = Path(s.path) / SKILL_FILE
                try:
                    yield md, md.stat(), e.name
                except OSError:
                    pass


def _parse_entry(md: Path, size: int) -> dict[str, Any]:
    try:
        if size > _MAX_LOAD_BYTES:
            raise SkillFormatError(md, 1, f"SKILL.md is {size:,} bytes; too large to load")
        text = md.read_text(encoding="utf-8")
        front = parse_front_matter(text, md)
        errs = validate(front, text, md, folder=md.parent.name)
        if errs:
            raise errs[0]
        return {"f": front}
    except SkillFormatError as e:
        return {"e": str(e)}
    except (OSError, UnicodeDecodeError) as e:
        return {"e": f"{md}:1: cannot read: {e}"}


def _merge_disk_cache(root: Path) -> None:
    key = str(root)
    if key in _disk_merged:
        return
    _disk_merged.add(key)
    try:
        data = json.loads((root / CACHE_FILE).read_text(encoding="utf-8"))
        if data.get("v") != 2:
            return
        for path, (stamp, entry) in data.get("entries", {}).items():
            _memo.setdefault(path, ([int(x) for x in stamp], entry))
    except (OSError, ValueError, TypeError, AttributeError):
        pass  # a missing or damaged cache only costs a re-parse


def bundled_enabled(root: Path) -> bool:
    return not (root / NO_BUNDLED_MARKER).exists()


def scan(home: Any) -> Catalog:
    """Every loadable skill; broken ones are reported in `errors` and the others still load."""
    root = skills_root(home)
    cat = Catalog()
    _merge_disk_cache(root)
    seen: dict[str, tuple[list[int], dict[str, Any]]] = {}
    dirty = False
    sources = [("home", root)] + ([("bundled", BUNDLED_DIR)] if bundled_enabled(root) else [])
    for source, base in sources:
        for md, st, category in _candidates(base):
            key, stamp = str(md), [st.st_mtime_ns, st.st_size, st.st_ino]
            hit = _memo.get(key)
            if hit is None or hit[0] != stamp:
                hit = (stamp, _parse_entry(md, st.st_size))
                _memo[key] = hit
                dirty = True
            seen[key] = hit
            entry = hit[1]
            if "e" in entry:
                cat.errors.append(entry["e"])
                continue
            skill = skill_from_front(entry["f"], md, source=source, category=category)
            other = cat.skills.get(skill.name)
            if other is None:
                cat.skills[skill.name] = skill
            elif other.source == source:
                cat.errors.append(f"{md}:1: duplicate skill name {skill.name!r} (also {other.path}); ignored")
    if dirty and root.is_dir():
        with contextlib.suppress(OSError):
            atomic_write(root / CACHE_FILE, json.dumps({"v": 2, "entries": seen}))
    pins = load_json(root / PINS_FILE)
    for name, pin in pins.items():
        s = cat.skills.get(name)
        if s is not None and s.source == "home" and pin.get("hash") and content_hash(s.dir) != pin["hash"]:
            cat.changed.add(name)
    return cat


# -- small JSON files ---------------------------------------------------------------------------

def load_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Serialize read-modify-write of one JSON file across processes (gateway + CLI)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # Windows: atomic replace still keeps the file whole
        yield
        return
    with open(path.with_name(path.name + ".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def update_json(path: Path, change) -> dict[str, Any]:
    with _locked(path):
        data = load_json(path)
        change(data)
        atomic_write(path, json.dumps(data, indent=1, sort_keys=True))
    return data


# -- telemetry ----------------------------------------------------------------------------------

def _bump(home: Any, names: Iterable[str], **kw: Any) -> None:
    names = [n for n in dict.fromkeys(names) if n]
    if not names:
        return
    now = time.time()

    def change(data: dict[str, Any]) -> None:
        for n in names:
            row = data.setdefault(n, {})
            for k, v in kw.items():
                if k.startswith("last_") or k == "created":
                    row[k] = now if v is True else v
                else:
                    row[k] = int(row.get(k, 0)) + v
    update_json(skills_root(home) / USAGE_FILE, change)


def record_view(home: Any, name: str) -> None:
    """Count a skill_view (level 1) of `name`."""
    _bump(home, [name], views=1, last_viewed=True)


def record_outcome(home: Any, names: Iterable[str], success: bool) -> None:
    """After a turn: the skills viewed in it (ctx.state["skills_viewed"]) helped a turn that
    succeeded, or were in play when it failed."""
    if success:
        _bump(home, names, uses=1, last_used=True)
    else:
        _bump(home, names, failures=1, last_used=True)


def skill_status(skill: Any, catalog: Any, pins: Any) -> str:
    """What a listing says of a skill: other platform, changed (edited since installed), pinned, ok."""
    if not skill.runs_on():
        return "other platform"
    return "changed" if skill.name in catalog.changed else ("pinned" if skill.name in pins else "ok")


def usage(home: Any) -> dict[str, dict[str, Any]]:
    return load_json(skills_root(home) / USAGE_FILE)


# -- the store ----------------------------------------------------------------------------------

def _stamp() -> str:
    now = _dt.datetime.now(_dt.timezone.utc)
    return now.strftime("%Y%m%d-%H%M%S-") + f"{now.microsecond:06d}"


class SkillStore:
    def __init__(self, home: Any):
        self.home = home
        self.root = skills_root(home)

    def catalog(self) -> Catalog:
        return scan(self.home)

    def get(self, name: str) -> Skill | None:
        return self.catalog().skills.get(name)

    def require(self, name: str) -> Skill:
        skill = self.get(name)
        if skill is None:
            raise SkillError(f"no skill named {name!r}" + (" (it is quarantined: see `hermes skills audit "
                                                            f"{name}`)" if self.quarantined(name) else ""))
        return skill

    def quarantined(self, name: str) -> bool:
        return (self.root / QUARANTINE / name).is_dir()

    # pins and protection

    def pins(self) -> dict[str, dict[str, Any]]:
        return load_json(self.root / PINS_FILE)

    def pin(self, name: str, kind: str, source: str = "", **extra: Any) -> dict[str, Any]:
        skill = self.require(name)
        entry = {"kind": kind, "hash": content_hash(skill.dir), "source": source,
                 "pinned_at": time.time(), **extra}
        update_json(self.root / PINS_FILE, lambda d: d.__setitem__(name, entry))
        return entry

    def unpin(self, name: str) -> bool:
        found = [False]

        def change(d: dict[str, Any]) -> None:
            found[0] = d.pop(name, None) is not None
        update_json(self.root / PINS_FILE, change)
        return found[0]

    def protection(self, skill: Skill) -> str | None:
        """Why `skill` may not be changed, or None."""
        if skill.source == "bundled":
            return (f"'{skill.name}' is a bundled skill and read-only. Suggest the change to the user "
                    f"(they can copy it with `hermes skills new NAME --from {skill.name}`).")
        pin = self.pins().get(skill.name)
        if pin is None:
            return None
        if pin.get("kind") == "installed":
            return (f"'{skill.name}' was installed from {pin.get('source') or 'outside'} and is pinned to its "
                    f"content hash; changes are refused. Tell the user what should change.")
        return f"'{skill.name}' is pinned by the user; changes are refused. Tell the user what should change."

    def _guard(self, skill: Skill) -> None:
        reason = self.protection(skill)
        if reason:
            raise SkillError(reason)

    # writes (each one keeps the previous version in .history)

    def create(self, name: str, content: str) -> Skill:
        why = valid_name(name)
        if why:
            raise SkillError(why)
        existing = self.get(name)
        if existing is not None:
            raise SkillError(f"a skill named '{name}' already exists ({existing.source}); improve it with "
                             f"patch or edit instead of creating a duplicate")
        if self.quarantined(name):
            raise SkillError(f"a skill named '{name}' is in quarantine; choose another name")
        check_content(name, content)
        self.root.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=self.root))
        try:
            (tmp / name).mkdir()
            (tmp / name / SKILL_FILE).write_text(content, encoding="utf-8")
            os.rename(tmp / name, self.root / name)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        _bump(self.home, [name], created=True)
        return self.require(name)

    def write(self, skill: Skill, rel: str, content: str, action: str) -> str | None:
        """Write one file of an existing skill; returns the history id of the previous version."""
        self._guard(skill)
        rel = safe_relpath(rel, for_write=True)
        if rel == SKILL_FILE:
            check_content(skill.dir.name, content)
        target = resolve_file(skill, rel)
        vid = self.snapshot(skill, action)
        atomic_write(target, content)
        if rel.startswith("scripts/") and content.startswith("#!"):
            os.chmod(target, 0o755)
        return vid

    def remove_file(self, skill: Skill, rel: str) -> str | None:
        self._guard(skill)
        rel = safe_relpath(rel, for_write=True)
        if rel == SKILL_FILE:
            raise SkillError("SKILL.md cannot be removed; delete the whole skill instead")
        target = resolve_file(skill, rel)
        if not target.is_file():
            raise SkillError(f"'{skill.name}' has no file {rel!r}")
        vid = self.snapshot(skill, f"remove_file {rel}")
        target.unlink()
        parent = target.parent
        while parent != skill.dir and not any(parent.iterdir()):
            parent.rmdir()
            parent = parent.parent
        return vid

    def archive(self, skill: Skill, reason: str = "removed") -> Path:
        """Move a skill to .archive/<name>/<stamp>/ (recoverable with restore)."""
        self._guard(skill)
        dest = self.root / ARCHIVE / skill.name / _stamp()
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(skill.dir), dest)
        atomic_write(dest.parent / (dest.name + ".json"), json.dumps({"reason": reason, "time": time.time()}))
        return dest

    def archived(self) -> dict[str, list[Path]]:
        out: dict[str, list[Path]] = {}
        base = self.root / ARCHIVE
        for d in sorted(base.iterdir()) if base.is_dir() else []:
            stamps = sorted(p for p in d.iterdir() if p.is_dir())
            if stamps:
                out[d.name] = stamps
        return out

    def restore(self, name: str) -> Skill:
        stamps = self.archived().get(name)
        if not stamps:
            raise SkillError(f"no archived skill named {name!r}")
        if self.get(name) is not None:
            raise SkillError(f"a skill named {name!r} exists; remove it first")
        shutil.move(str(stamps[-1]), self.root / name)
        with contextlib.suppress(OSError):
            (stamps[-1].parent / (stamps[-1].name + ".json")).unlink()
        return self.require(name)

    # history

    def snapshot(self, skill: Skill, action: str) -> str | None:
        if not skill.dir.is_dir():
            return None
        version = None
        with contextlib.suppress(Exception):
            version = parse_front_matter(skill.read_text(), skill.path).get("version")
        vid = _stamp() + (f"-v{re.sub(r'[^A-Za-z0-9._-]', '', str(version))}" if version else "")
        base = self.root / HISTORY / skill.name
        dest = base / vid
        while dest.exists():
            dest = base / (vid + "x")
            vid = dest.name
        shutil.copytree(skill.dir, dest, ignore=shutil.ignore_patterns("__pycache__"))
        atomic_write(base / (vid + ".json"), json.dumps({"action": action, "time": time.time(),
                                                         "version": None if version is None else str(version)}))
        for old in self.history(skill.name)[:-MAX_HISTORY]:
            shutil.rmtree(old.path, ignore_errors=True)
            with contextlib.suppress(OSError):
                old.path.with_name(old.id + ".json").unlink()
        return vid

    def history(self, name: str) -> list[Version]:
        """Previous versions, oldest first."""
        base = self.root / HISTORY / name
        out = []
        for d in sorted(base.iterdir()) if base.is_dir() else []:
            if d.is_dir():
                meta = load_json(base / (d.name + ".json"))
                out.append(Version(d.name, float(meta.get("time", 0)), str(meta.get("action", "?")),
                                   meta.get("version"), d))
        return out

    def rollback(self, name: str, version: str | None = None) -> Version:
        """Restore a previous version (default: the latest); the current state is versioned first."""
        versions = self.history(name)
        if not versions:
            raise SkillError(f"no history for {name!r}")
        target = versions[-1] if version is None else _pick(versions, version)
        current = self.get(name)
        dest = self.root / name
        if current is not None:
            self._guard(current)
            self.snapshot(current, f"rollback to {target.id}")
            dest = current.dir
        tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=self.root))
        try:
            shutil.copytree(target.path, tmp / "new")
            if dest.exists():
                os.rename(dest, tmp / "old")
            os.rename(tmp / "new", dest)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return target


def _pick(versions: list[Version], wanted: str) -> Version:
    w = wanted.strip()
    exact = [v for v in versions if v.id == w]
    by_version = [v for v in versions if v.version and w.lstrip("v") == v.version.lstrip("v")]
    prefix = [v for v in versions if v.id.startswith(w)]
    for group in (exact, by_version, prefix):
        if group:
            return group[-1]
    raise SkillError(f"no version {wanted!r}; see `hermes skills history`")
