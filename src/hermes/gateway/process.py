"""The gateway as a process: one per home, one per bot token, and a status file others can read.

- The home lock (gateway/gateway.lock) keeps two gateways off one gateway.db.
- A token lock per platform credential, in a per-user folder shared by every home and profile,
  keeps two gateways from answering the same bot (each chat would get two answers). Locks are
  flock()s: the kernel drops them when the process dies, so a crash never leaves a stale lock.
- gateway/status.json is rewritten every few seconds by the running gateway: platforms,
  connected or not, last error, sessions; `hermes gateway status` reads it and checks the pid.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import time
from pathlib import Path
from typing import Any

STATUS_EVERY = 5.0


class AlreadyRunning(RuntimeError):
    pass


def _lock_dir() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    d = Path(base) / "hermes" / "gateway-locks"
    d.mkdir(parents=True, exist_ok=True, mode=0o700)
    return d


class Locks:
    def __init__(self) -> None:
        self.fds: list[int] = []

    def take(self, path: Path, what: str) -> None:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            try:
                holder = os.pread(fd, 64, 0).decode(errors="replace").strip() or "?"
            finally:
                os.close(fd)
            raise AlreadyRunning(f"{what} is already served by another gateway (pid {holder}); "
                                 "stop it first (two gateways would answer every message twice)") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        self.fds.append(fd)

    def release(self) -> None:
        for fd in self.fds:
            try:
                fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)
            except OSError:
                pass
        self.fds.clear()


def credential_key(platform: str, section: Any, secret_names: list[str], secrets: dict[str, str]) -> str:
    """A stable fingerprint of the account a platform section logs into (never the secret itself)."""
    parts = [platform] + [secrets.get(n, "") for n in secret_names]
    for opt in ("base_url", "homeserver", "user_id", "address", "imap_host", "username"):
        parts.append(str(section.options.get(opt, "")))
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:24]


def take_locks(home: Any, platforms: dict[str, tuple[Any, list[str]]], secrets: dict[str, str]) -> Locks:
    """Lock the home, then each platform's credential; all or nothing."""
    locks = Locks()
    folder = Path(home.root) / "gateway"
    folder.mkdir(parents=True, exist_ok=True)
    try:
        locks.take(folder / "gateway.lock", f"this home ({home.root})")
        for name, (section, names) in platforms.items():
            key = credential_key(name, section, names, secrets)
            locks.take(_lock_dir() / f"{key}.lock", f"this {name} account")
    except BaseException:
        locks.release()
        raise
    return locks


def status_path(home: Any) -> Path:
    return Path(home.root) / "gateway" / "status.json"


def write_status(home: Any, data: dict[str, Any]) -> None:
    path = status_path(home)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(dict(data, pid=os.getpid(), updated_at=time.time()), indent=1, default=str))
    os.replace(tmp, path)


def read_status(home: Any) -> dict[str, Any] | None:
    """The last status written, with `running` telling whether its process is alive."""
    path = status_path(home)
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    data["running"] = _alive(int(data.get("pid") or 0)) and _holds_home_lock(home)
    return data


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _holds_home_lock(home: Any) -> bool:
    path = Path(home.root) / "gateway" / "gateway.lock"
    if not path.exists():
        return False
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False  # nobody holds it
    except BlockingIOError:
        return True
    finally:
        os.close(fd)


async def keep_status(home: Any, gw: Any, every: float = STATUS_EVERY) -> None:
    import asyncio

    while True:
        try:
            write_status(home, gw.status())
        except OSError:
            pass
        await asyncio.sleep(every)
