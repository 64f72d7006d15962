"""Versioning: the copy of a skill kept in `.history/` before every change, listing and rollback."""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from hermes.config import atomic_write
from hermes.skills.model import Skill, SkillError, parse_front_matter
from hermes.skills.store_state import HISTORY, load_json

MAX_HISTORY = 20


@dataclass
class Version:
    id: str
    time: float
    action: str
    version: str | None
    path: Path


def _stamp() -> str:
    now = _dt.datetime.now(_dt.timezone.utc)
    return now.strftime("%Y%m%d-%H%M%S-") + f"{now.microsecond:06d}"


class VersionHistory:
    """The history methods of SkillStore, which supplies `root`, `get()` and `_guard()`."""

    root: Path

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
