"""Bounded memory documents: MEMORY.md (the agent's notes) and USER.md (the user profile), per scope.

Format (compatible with the reference system): entries separated by a line holding only `§`, written
as "\\n§\\n"; entries may span lines; limits are characters of the joined text. Parsing is lenient
(whitespace around entries and delimiters is ignored, exact duplicates collapse), so nothing a person
writes in that format is lost when a write re-serialises the file.

Every write locks a sidecar `<file>.lock` (flock), re-reads the file, applies the change and replaces
the file atomically (temp file, fsync, rename). Before any write the file passes a drift guard: a
hand edit that the format cannot carry safely — free text run into one entry past the whole limit,
bytes that are not UTF-8, binary data — is backed up to
`<file>.bak.<timestamp>` and the write is refused with a remediation. The guard applies to `add` too
(unlike the reference): an add rewrites the whole file and may consolidate it when full, so it could
destroy the hand edit just as a replace could.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from hermes.atomic import atomic_write

# The scanner compiles hundreds of patterns (~0.3 s): loaded on the first scan, not on import,
# so a command that never scans memory (an empty home, `chat -q`) does not pay for it.
def describe(*args: Any, **kw: Any) -> Any:
    from hermes.memory import threats

    return threats.describe(*args, **kw)


def rules(*args: Any, **kw: Any) -> Any:
    from hermes.memory import threats

    return threats.rules(*args, **kw)


def scan(*args: Any, **kw: Any) -> Any:
    from hermes.memory import threats

    return threats.scan(*args, **kw)


ENTRY_DELIMITER = "\n§\n"
FILENAMES = {"memory": "MEMORY.md", "user": "USER.md"}
LABELS = {"memory": "memory", "user": "user profile"}
LOCK_TIMEOUT = 10.0

_DELIM_LINE = re.compile(r"^[ \t]*§[ \t]*$", re.M)
_ID = re.compile(r"^#[0-9a-f]{6}$")


class MemoryWriteError(Exception):
    """Base for expected memory failures; the message is written for the model or the user."""


class DriftError(MemoryWriteError):
    def __init__(self, message: str, backup: Path | None = None):
        super().__init__(message)
        self.backup = backup


class OpError(MemoryWriteError):
    """A write that cannot be applied as asked (no match, ambiguous, too long, blocked ...)."""


class BusyError(MemoryWriteError):
    pass


# -- format -----------------------------------------------------------------------------------

def split_entries(raw: str) -> list[str]:
    return [e.strip() for e in _DELIM_LINE.split(raw.replace("\r\n", "\n")) if e.strip()]


def parse(raw: str) -> list[str]:
    return list(dict.fromkeys(split_entries(raw)))


def serialize(entries: list[str]) -> str:
    return ENTRY_DELIMITER.join(entries) + "\n" if entries else ""


def usage(entries: list[str]) -> int:
    return len(ENTRY_DELIMITER.join(entries))


def fullness(used: int, limit: int) -> str:
    return f"{round(100 * used / limit) if limit else 0}% — {used:,}/{limit:,} chars"


def entry_id(entry: str) -> str:
    """A stable handle for an entry the model cannot see (blocked entries)."""
    return "#" + hashlib.sha256(entry.encode()).hexdigest()[:6]


def preview(entry: str, n: int = 70) -> str:
    """One safe line for listings: poisoned entries show only their id and rules."""
    findings = scan(entry)
    if findings:
        return f"[blocked entry {entry_id(entry)}: {', '.join(rules(findings))}]"
    flat = " ".join(entry.split())
    return flat if len(flat) <= n else flat[: n - 1] + "…"


def memory_config(config: Any) -> Any:
    """The MemorySection from a Config, a MemorySection, or defaults for None."""
    from hermes.config import MemorySection

    if config is None:
        return MemorySection()
    return getattr(config, "memory", config)


# -- the document -----------------------------------------------------------------------------

@dataclass
class MemoryDocument:
    path: Path
    target: str
    limit: int

    @classmethod
    def open(cls, home: Any, scope: str, target: str, config: Any = None) -> "MemoryDocument":
        if target not in FILENAMES:
            raise ValueError(f"unknown memory target {target!r} (use 'memory' or 'user')")
        cfg = memory_config(config)
        limit = cfg.memory_char_limit if target == "memory" else cfg.user_char_limit
        return cls(home.memory_dir(scope) / FILENAMES[target], target, limit)

    @property
    def label(self) -> str:
        return LABELS[self.target]

    @property
    def name(self) -> str:
        return self.path.name

    def read_bytes(self) -> bytes:
        try:
            return self.path.read_bytes()
        except FileNotFoundError:
            return b""

    def read_text(self) -> str:
        """Lenient read for display and prompts (a bad byte never hides the rest)."""
        return self.read_bytes().decode("utf-8-sig", errors="replace")

    def entries(self) -> list[str]:
        return parse(self.read_text())

    def drift(self, data: bytes) -> str | None:
        """Why the on-disk bytes cannot be rewritten safely, or None."""
        try:
            raw = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            return f"it is not UTF-8 text (bad byte at offset {e.start})"
        if "\x00" in raw:
            return "it contains binary data (NUL bytes)"
        for i, e in enumerate(split_entries(raw), 1):
            if len(e) > self.limit:
                return (f"entry {i} is {len(e):,} chars, longer than the whole {self.limit:,}-char limit "
                        f"(text added without '§' separators, or the limit lowered?)")
        return None

    @contextmanager
    def locked(self) -> Iterator[None]:
        import fcntl

        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path.with_name(self.path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            deadline = time.monotonic() + LOCK_TIMEOUT
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise BusyError(f"{self.name} is locked by another writer; try again shortly") from None
                    time.sleep(0.01)
            yield
        finally:
            os.close(fd)  # closing the descriptor releases the lock

    def load_for_write(self) -> tuple[bytes, list[str]]:
        """Call with the lock held: the current bytes and entries, or DriftError (after a backup)."""
        data = self.read_bytes()
        reason = self.drift(data)
        if reason:
            bak = self.backup(data)
            raise DriftError(
                f"{self.name} was edited by hand and {reason}. Nothing was written; a copy is saved as "
                f"{bak.name}. Fix it with `hermes memory edit --target {self.target}` (entries separated "
                f"by a line holding only §, each under {self.limit:,} chars), then retry. Tell the user; "
                f"do not retry until it is fixed.", bak)
        return data, parse(data.decode("utf-8-sig"))

    def backup(self, data: bytes) -> Path:
        """Keep a copy of content we refuse to touch; one copy per distinct content."""
        for old in sorted(self.path.parent.glob(self.path.name + ".bak.*"), reverse=True)[:5]:
            if old.read_bytes() == data:
                return old
        stamp = time.strftime("%Y%m%d-%H%M%S")
        bak = self.path.with_name(f"{self.path.name}.bak.{stamp}")
        n = 1
        while bak.exists():
            n += 1
            bak = self.path.with_name(f"{self.path.name}.bak.{stamp}-{n}")
        atomic_write(bak, data, 0o600, durable=True)
        return bak

    def write(self, entries: list[str]) -> None:
        """Call with the lock held."""
        atomic_write(self.path, serialize(entries), 0o600, durable=True)


# -- operations (pure: entries in, entries out) -----------------------------------------------

@dataclass
class Op:
    action: str  # add | replace | remove
    content: str = ""
    old_text: str = ""


@dataclass
class Applied:
    entries: list[str]
    fresh: list[str] = field(default_factory=list)  # entries this change wrote (kept when making room)
    changed: bool = False
    duplicates: int = 0


def check_content(content: str | None, limit: int, label: str) -> str:
    text = (content or "").strip()
    if not text:
        raise OpError("content is empty: say what to remember")
    if _DELIM_LINE.search(text):
        raise OpError("content must not contain a line holding only '§' (that separates entries); "
                      "save separate facts as separate entries")
    if len(text) > limit:
        raise OpError(f"the entry is {len(text):,} chars but the whole {label} holds {limit:,}; "
                      "shorten it to the durable fact")
    findings = scan(text)
    if findings:
        raise OpError(f"Blocked: content matched {describe(findings)}. Memory is injected into the "
                      "system prompt, so it must not contain instructions to the assistant, hidden text, "
                      "secrets or exfiltration commands. Not saved.")
    return text


def matching(entries: list[str], needle: str) -> list[int]:
    """Indexes of entries containing `needle` (exact case first, then any case, then an entry id)."""
    needle = needle.strip()
    hits = [i for i, e in enumerate(entries) if needle in e]
    if not hits:
        hits = [i for i, e in enumerate(entries) if needle.lower() in e.lower()]
    if not hits and _ID.match(needle):
        hits = [i for i, e in enumerate(entries) if entry_id(e) == needle]
    return hits


def find_entry(entries: list[str], old_text: str | None, label: str) -> int:
    needle = (old_text or "").strip()
    if not needle:
        raise OpError("old_text is required: a short unique part of the entry to change")
    hits = matching(entries, needle)
    if not hits:
        listing = "\n".join(f"- {preview(e)}" for e in entries) or "(no entries yet)"
        raise OpError(f"no entry in the {label} contains {needle!r}. Current entries:\n{listing}")
    if len(hits) > 1:
        listing = "\n".join(f"- {preview(entries[i])}" for i in hits)
        raise OpError(f"{needle!r} matches {len(hits)} entries in the {label}; use a longer part of the "
                      f"one you mean:\n{listing}")
    return hits[0]


def apply_ops(entries: list[str], ops: list[Op], limit: int, label: str) -> Applied:
    """Apply every op or none (OpError names the failing one)."""
    out = Applied(list(entries))
    for n, op in enumerate(ops, 1):
        try:
            _apply_one(out, op, limit, label)
        except OpError as e:
            if len(ops) == 1:
                raise
            raise OpError(f"operation {n} ({op.action}) failed, so nothing in this batch was saved: {e}") from None
    out.entries = list(dict.fromkeys(out.entries))
    out.changed = out.entries != entries
    return out


def _apply_one(out: Applied, op: Op, limit: int, label: str) -> None:
    if op.action == "add":
        text = check_content(op.content, limit, label)
        if text in out.entries:
            out.duplicates += 1
        else:
            out.entries.append(text)
            out.fresh.append(text)
    elif op.action == "replace":
        i = find_entry(out.entries, op.old_text, label)
        text = check_content(op.content, limit, label)
        out.entries[i] = text
        out.fresh.append(text)
    elif op.action == "remove":
        del out.entries[find_entry(out.entries, op.old_text, label)]
    else:
        raise OpError(f"unknown action {op.action!r}: use add, replace or remove")
