"""Discovery: every SKILL.md under the home and bundled skill folders, parsed into a Catalog.

Parsed front matter is memoised per process and in `.cache.json`, keyed by path, mtime, size and
inode, so an unchanged SKILL.md is not parsed again.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from hermes.config import atomic_write
from hermes.skills.model import (SKILL_FILE, Skill, SkillFormatError, content_hash, parse_front_matter,
                                 skill_from_front, validate)
from hermes.skills.store_state import (BUNDLED_DIR, CACHE_FILE, PINS_FILE, bundled_enabled, load_json,
                                       skills_root)

_MAX_LOAD_BYTES = 1024 * 1024


@dataclass
class Catalog:
    skills: dict[str, Skill] = field(default_factory=dict)  # by name; home overrides bundled
    errors: list[str] = field(default_factory=list)  # "path:line: problem" of SKILL.md files not loaded
    changed: set[str] = field(default_factory=set)  # pinned skills whose files no longer match the pin


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
