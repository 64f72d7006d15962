"""HERMES_HOME: where config, secrets, memory, skills, the store and cron jobs live.

Profiles are complete second homes under `profiles/<name>/`. Directories are created on first use.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

_PROFILE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_SCOPE_RE = re.compile(r"[^A-Za-z0-9_.@-]")


def default_home_path() -> Path:
    env = os.environ.get("HERMES_HOME")
    return Path(env).expanduser() if env else Path.home() / ".hermes"


@dataclass(frozen=True)
class Home:
    root: Path

    @classmethod
    def resolve(cls, profile: str | None = None, root: Path | str | None = None) -> "Home":
        base = Path(root).expanduser() if root else default_home_path()
        if profile:
            if not _PROFILE_RE.match(profile):
                raise ValueError(f"invalid profile name {profile!r}: use letters, digits, '.', '_' or '-'")
            base = base / "profiles" / profile
        return cls(base)

    def ensure(self) -> "Home":
        for d in (self.root, self.memories_dir, self.skills_dir, self.cron_dir, self.logs_dir):
            d.mkdir(parents=True, exist_ok=True)
        try:
            os.chmod(self.root, 0o700)
        except OSError:
            pass
        return self

    @property
    def config_file(self) -> Path:
        return self.root / "config.yaml"

    @property
    def env_file(self) -> Path:
        return self.root / ".env"

    @property
    def soul_file(self) -> Path:
        return self.root / "SOUL.md"

    @property
    def memories_dir(self) -> Path:
        return self.root / "memories"

    def memory_dir(self, scope: str) -> Path:
        return self.memories_dir / safe_scope(scope)

    @property
    def skills_dir(self) -> Path:
        return self.root / "skills"

    @property
    def state_db(self) -> Path:
        return self.root / "state.db"

    @property
    def cron_dir(self) -> Path:
        return self.root / "cron"

    @property
    def logs_dir(self) -> Path:
        return self.root / "logs"

    @property
    def profiles_dir(self) -> Path:
        return self.root / "profiles"


def safe_scope(scope: str) -> str:
    """A memory scope as a single safe path component (no traversal, no separators)."""
    s = _SCOPE_RE.sub("_", scope.strip())[:128].strip(".")
    return s or "default"


OWNER_SCOPE = "owner"
