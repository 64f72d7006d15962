"""State kept beside the skills: the folder layout, the small JSON files and usage telemetry.

The layout itself is described in store.py. `.pins.json` and `.usage.json` are read-modify-written
under a lock; `.usage.json` counts views, uses and failures for the index and the curator.
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any, Iterable, Iterator

from hermes.config import atomic_write

BUNDLED_DIR = Path(__file__).parent / "bundled"
NO_BUNDLED_MARKER = ".no-bundled-skills"
HISTORY, ARCHIVE, QUARANTINE = ".history", ".archive", ".quarantine"
USAGE_FILE, PINS_FILE, CACHE_FILE = ".usage.json", ".pins.json", ".cache.json"


def skills_root(home: Any) -> Path:
    return home.skills_dir if hasattr(home, "skills_dir") else Path(home) / "skills"


def bundled_enabled(root: Path) -> bool:
    return not (root / NO_BUNDLED_MARKER).exists()


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
