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

This module holds SkillStore: lookup, pins and protection, writes, archive and restore. Discovery is
in store_catalog.py, versioning in store_history.py, the layout, JSON files and usage telemetry in
store_state.py; their names are imported from here as before.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from hermes.config import atomic_write
# SkillError, content_hash, resolve_file and safe_relpath are imported from here by the rest of Hermes
from hermes.skills.model import (SKILL_FILE, Skill, SkillError, check_content, content_hash,  # noqa: F401
                                 resolve_file, safe_relpath, valid_name)
# Discovery, the JSON files, telemetry and versioning live in store_*.py; callers import them from here
from hermes.skills.store_catalog import Catalog, _disk_merged, _memo, scan  # noqa: F401
from hermes.skills.store_history import MAX_HISTORY, Version, VersionHistory, _stamp  # noqa: F401
from hermes.skills.store_state import (ARCHIVE, BUNDLED_DIR, CACHE_FILE, HISTORY,  # noqa: F401
                                       NO_BUNDLED_MARKER, PINS_FILE, QUARANTINE, USAGE_FILE, _bump,
                                       bundled_enabled, load_json, record_outcome, record_view,
                                       skill_status, skills_root, update_json, usage)


class SkillStore(VersionHistory):
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
