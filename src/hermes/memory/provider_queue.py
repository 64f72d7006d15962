"""The disk queue of turns an external memory provider could not take yet.

One JSON line per turn in HERMES_HOME/memory/provider_queue/<provider>.jsonl, oldest first. An
append is one write of a whole line followed by fsync, so a crash leaves at most a torn last line,
which the reader skips; removing delivered records rewrites the file atomically (temp file, fsync,
rename). Several processes may share a home (gateway, CLI, cron), so every change happens under an
advisory lock on a sibling file, and the records carry ids: a rewrite removes exactly the records
that were delivered, never one appended meanwhile. A record that keeps failing with an error that
is not about reachability moves to <provider>.failed.jsonl after `max_attempts` tries.
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import json
import os
import time
import uuid
from pathlib import Path
from typing import Any, Iterator

from hermes.memory.provider import ProviderScope, TurnRecord


def turn_to_dict(turn: TurnRecord) -> dict[str, Any]:
    return dataclasses.asdict(turn)


def turn_from_dict(d: dict[str, Any]) -> TurnRecord:
    return TurnRecord(scope=ProviderScope(**d["scope"]), user_text=d["user_text"],
                      assistant_text=d["assistant_text"], created_at=d["created_at"],
                      meta=dict(d.get("meta") or {}))


@dataclasses.dataclass
class QueuedTurn:
    id: str
    turn: TurnRecord
    attempts: int = 0
    queued_at: float = 0.0
    error: str = ""

    def to_json(self) -> str:
        return json.dumps({"id": self.id, "attempts": self.attempts, "queued_at": self.queued_at,
                           "error": self.error, "turn": turn_to_dict(self.turn)}, ensure_ascii=False)

    @classmethod
    def from_json(cls, line: str) -> "QueuedTurn":
        d = json.loads(line)
        return cls(d["id"], turn_from_dict(d["turn"]), int(d.get("attempts", 0)),
                   float(d.get("queued_at", 0.0)), str(d.get("error", "")))


class DiskQueue:
    def __init__(self, directory: Path, name: str):
        self.dir = directory
        self.path = directory / f"{name}.jsonl"
        self.failed_path = directory / f"{name}.failed.jsonl"
        self.done_path = directory / f".{name}.delivered"  # ids delivered since the last rewrite
        self._lock_path = directory / f".{name}.lock"
        self._flush_lock_path = directory / f".{name}.flush.lock"

    # -- locking -------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(self._lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)  # held only for one append or one rewrite: milliseconds
            yield
        finally:
            os.close(fd)

    @contextlib.contextmanager
    def flushing(self) -> Iterator[bool]:
        """True when this caller may deliver the queue now; False when another process is at it
        (two deliverers would send the same record twice)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(self._flush_lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                yield False
                return
            yield True
        finally:
            os.close(fd)

    # -- records -------------------------------------------------------------------------------

    def append(self, turn: TurnRecord, error: str = "") -> QueuedTurn:
        rec = QueuedTurn(uuid.uuid4().hex, turn, 0, time.time(), error)
        with self._locked():
            self._append_line(self.path, rec.to_json())
        return rec

    def _append_line(self, path: Path, line: str) -> None:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            size = os.fstat(fd).st_size
            prefix = b""
            if size:  # a torn last line from a crash must not swallow this record
                with open(path, "rb") as f:
                    f.seek(size - 1)
                    if f.read(1) != b"\n":
                        prefix = b"\n"
            os.write(fd, prefix + line.encode("utf-8") + b"\n")
            os.fsync(fd)
        finally:
            os.close(fd)

    def _read(self, path: Path) -> list[QueuedTurn]:
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        out = []
        for line in text.splitlines():
            if not line.strip():
                continue
            try:
                out.append(QueuedTurn.from_json(line))
            except (ValueError, KeyError, TypeError):
                continue  # a torn line from a crash mid-append: the record never made it
        return out

    def records(self) -> list[QueuedTurn]:
        done = self._delivered()
        return [r for r in self._read(self.path) if r.id not in done]

    def _delivered(self) -> set[str]:
        try:
            return set(self.done_path.read_text(encoding="utf-8").split())
        except FileNotFoundError:
            return set()

    def mark_delivered(self, rec_id: str) -> None:
        """Record one delivery durably (one small fsync'd append), so a crash never resends it;
        `settle` later rewrites the queue without the delivered records in one go."""
        with self._locked():
            self._append_line(self.done_path, rec_id)

    def failed(self) -> list[QueuedTurn]:
        return self._read(self.failed_path)

    def __len__(self) -> int:
        return len(self.records())

    def settle(self, delivered: set[str], attempts: dict[str, tuple[int, str]],
               poisoned: set[str]) -> list[QueuedTurn]:
        """Remove delivered records, record failed attempts, move poisoned records to the failed
        file; returns the poisoned records. Reads the file again under the lock, so records
        appended since the caller read it stay."""
        from hermes.config import atomic_write

        with self._locked():
            current = self.records()  # already without what mark_delivered recorded
            keep, moved = [], []
            for r in current:
                if r.id in delivered:
                    continue
                if r.id in attempts:
                    r.attempts, r.error = attempts[r.id]
                (moved if r.id in poisoned else keep).append(r)
            for r in moved:
                self._append_line(self.failed_path, r.to_json())
            if keep:
                atomic_write(self.path, "".join(r.to_json() + "\n" for r in keep), mode=0o600)
            elif self.path.exists():
                self.path.unlink()
            if self.done_path.exists():  # after the rewrite: a crash in between only repeats the filter
                self.done_path.unlink()
            return moved

    def requeue_failed(self) -> int:
        """Put the refused records back at the end of the queue with a fresh count (after a fix)."""
        from hermes.config import atomic_write

        with self._locked():
            failed = self.failed()
            if not failed:
                return 0
            for r in failed:
                r.attempts, r.error = 0, ""
            waiting = self.records()
            atomic_write(self.path, "".join(r.to_json() + "\n" for r in [*waiting, *failed]), mode=0o600)
            if self.done_path.exists():
                self.done_path.unlink()
            self.failed_path.unlink()
            return len(failed)
