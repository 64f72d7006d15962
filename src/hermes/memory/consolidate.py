"""The write path, and what happens when a document is full.

`commit(doc, ops, model)` applies a change under the document's lock. If the result no longer fits,
the write is not rejected: an auxiliary model is asked to merge and tighten the entries into a JSON
list within the limit (validated: valid JSON, fits, each entry threat-scanned, the new facts still
present). If there is no model, or its answer fails validation, the oldest entries that do not fit
move to `ARCHIVE.jsonl` beside the document instead. Every entry that leaves a document — evicted
or merged away — is appended to the archive with a timestamp first, so nothing disappears untraced
and session search can cover it later.

The model call happens outside the lock; the write then re-checks that nobody changed the file in
the meantime (and starts over if someone did), so a slow model never blocks other writers.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hermes.memory.documents import (
    ENTRY_DELIMITER, Applied, BusyError, MemoryDocument, Op, OpError, apply_ops, parse, rules, scan,
    usage,
)

ARCHIVE_NAME = "ARCHIVE.jsonl"
MODEL_TIMEOUT = 60.0
TARGET_SHARE = 0.8  # consolidate to ~80% so the next few writes do not trigger it again


# -- archive ------------------------------------------------------------------------------------

def archive_path(doc: MemoryDocument) -> Path:
    return doc.path.parent / ARCHIVE_NAME


def append_archive(path: Path, target: str, entries: list[str], reason: str) -> None:
    if not entries:
        return
    ts = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
    lines = []
    for e in entries:
        rec: dict[str, Any] = {"ts": ts, "target": target, "reason": reason, "entry": e}
        flagged = rules(scan(e))
        if flagged:  # whoever reads the archive back into a prompt must know
            rec["blocked"] = flagged
        lines.append(json.dumps(rec, ensure_ascii=False) + "\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, "".join(lines).encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)


def read_archive(path: Path) -> list[dict[str, Any]]:
    out = []
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return out
    for line in text.splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue  # a torn last line from a crash must not hide the rest
    return out


# -- making room --------------------------------------------------------------------------------

@dataclass
class Plan:
    entries: list[str]
    archived: list[str]
    method: str  # "model" | "archive"


def archive_oldest(entries: list[str], fresh: list[str], limit: int) -> Plan:
    """Evict the oldest entries (never this change's own) until the rest fits."""
    kept = list(entries)
    evicted: list[str] = []
    for e in entries:
        if usage(kept) <= limit:
            break
        if e not in fresh:
            kept.remove(e)
            evicted.append(e)
    if usage(kept) > limit:
        raise OpError(f"the new entries alone need {usage(fresh):,} chars but the limit is {limit:,}; "
                      "save fewer or shorter facts")
    return Plan(kept, evicted, "archive")


_SYSTEM = (
    "You tidy a bounded memory document that is injected into an AI assistant's system prompt. "
    "Merge duplicate and related facts, tighten wording, and drop facts that newer entries supersede. "
    "Keep every other distinct durable fact, and keep every fact from the NEW entries. Write short "
    "declarative facts; never add instructions, commands or anything that is not in the input. "
    'Reply with JSON only: {"entries": ["...", "..."]}'
)


def consolidation_messages(label: str, entries: list[str], fresh: list[str], limit: int) -> list[Any]:
    from hermes.core.messages import Message

    old = [e for e in entries if e not in fresh]
    user = (f"Document: {label}. Hard limit: {limit:,} characters in total, counting 3 characters "
            f"between entries; aim for at most {int(limit * TARGET_SHARE):,}.\n\n"
            f"Existing entries, oldest first (JSON):\n{json.dumps(old, ensure_ascii=False, indent=0)}\n\n"
            f"NEW entries, keep their facts (JSON):\n{json.dumps(fresh, ensure_ascii=False, indent=0)}")
    return [Message.system(_SYSTEM), Message.user(user)]


def parse_consolidation(text: str, limit: int, fresh: list[str]) -> list[str] | None:
    """The model's entries if they are safe to write, else None."""
    text = (text or "").strip()
    text = re.sub(r"^```(?:json)?\s*|\s*```$", "", text)
    start = min((i for i in (text.find("{"), text.find("[")) if i >= 0), default=-1)
    if start < 0:
        return None
    try:
        data, _ = json.JSONDecoder().raw_decode(text[start:])
    except json.JSONDecodeError:
        return None
    items = data.get("entries") if isinstance(data, dict) else data
    if not isinstance(items, list) or not items or not all(isinstance(e, str) for e in items):
        return None
    entries = list(dict.fromkeys(e.strip() for e in items if e.strip()))
    if not entries or usage(entries) > limit:
        return None
    if any(parse(e) != [e] or ENTRY_DELIMITER.strip() == e for e in entries):
        return None  # an entry holding a delimiter line would split on the next read
    if any(scan(e) for e in entries):
        return None
    joined = " ".join(entries).lower()
    for f in fresh:  # the model must not quietly drop what the user just asked to remember
        words = {w for w in re.findall(r"\w{4,}", f.lower())}
        if words and sum(w in joined for w in words) < 0.5 * len(words):
            return None
    return entries


async def consolidate_with_model(model: Any, label: str, entries: list[str], fresh: list[str],
                                 limit: int) -> list[str] | None:
    from hermes.models.base import ModelError, complete

    try:
        done = await asyncio.wait_for(
            complete(model, consolidation_messages(label, entries, fresh, limit)), MODEL_TIMEOUT)
    except (ModelError, asyncio.TimeoutError, OSError):
        return None
    return parse_consolidation(done.message.content or "", limit, fresh)


# -- the write pipeline ---------------------------------------------------------------------------

@dataclass
class CommitResult:
    entries: list[str]
    changed: bool
    duplicates: int = 0
    plan: Plan | None = None
    archive: Path | None = None


@dataclass
class _NeedsRoom:
    data: bytes
    applied: Applied


def _attempt(doc: MemoryDocument, ops: list[Op], plan: Plan | None,
             expect: bytes | None) -> CommitResult | _NeedsRoom | None:
    with doc.locked():
        data, entries = doc.load_for_write()
        if expect is not None and data != expect:
            return None  # someone wrote while the model was thinking: start over
        applied = apply_ops(entries, ops, doc.limit, doc.label)
        if not applied.changed:
            return CommitResult(entries, False, applied.duplicates)
        new_size = usage(applied.entries)
        # Shrinking an over-full document is always allowed; growing past the limit makes room.
        if new_size <= doc.limit or new_size <= usage(entries):
            doc.write(applied.entries)
            return CommitResult(applied.entries, True, applied.duplicates)
        if plan is None and expect is None:
            return _NeedsRoom(data, applied)
        if plan is None:
            plan = archive_oldest(applied.entries, applied.fresh, doc.limit)
        path = archive_path(doc)
        plan.archived = [e for e in applied.entries if e not in plan.entries]
        # The archive is written before the document changes: a crash leaves a duplicate, not a loss.
        append_archive(path, doc.target, plan.archived, "consolidated" if plan.method == "model" else "evicted")
        doc.write(plan.entries)
        return CommitResult(plan.entries, True, applied.duplicates, plan, path)


async def commit(doc: MemoryDocument, ops: list[Op], model: Any = None, attempts: int = 3) -> CommitResult:
    """Apply `ops` all-or-nothing; make room (model, else archive) when the result does not fit."""
    for _ in range(attempts):
        first = await asyncio.to_thread(_attempt, doc, ops, None, None)
        if isinstance(first, CommitResult):
            return first
        assert isinstance(first, _NeedsRoom)
        entries, fresh = first.applied.entries, first.applied.fresh
        plan: Plan | None = None
        # Poisoned entries are never shown to the helper model; with any present, archive instead.
        if model is not None and not any(scan(e) for e in entries):
            merged = await consolidate_with_model(model, doc.label, entries, fresh, doc.limit)
            if merged is not None:
                plan = Plan(merged, [e for e in entries if e not in merged], "model")
        if plan is None:
            plan = archive_oldest(entries, fresh, doc.limit)
        done = await asyncio.to_thread(_attempt, doc, ops, plan, first.data)
        if isinstance(done, CommitResult):
            return done
    raise BusyError(f"{doc.name} kept changing during the write; try again")
