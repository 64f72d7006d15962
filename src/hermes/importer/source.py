"""Reading a reference-system home: is it one, and what its state.db holds.

The reference system's state.db is read only (SQLite `mode=ro`), never changed. Its schema grew by
migrations (v1: sessions + messages; later versions add titles, billing, reasoning, compaction
columns), so rows are read by column name and every optional column may be absent. Versions beyond
the newest one described are refused: a column that changed meaning would be imported wrongly.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from hermes.core.messages import Message, ToolCall, Usage

# The schema versions the reference system is known to have written (v1 ... v30).
KNOWN_VERSIONS = range(1, 31)
_ROLES = ("system", "user", "assistant", "tool")
_SESSION_NEEDS = {"id", "source", "started_at"}
_MESSAGE_NEEDS = {"id", "session_id", "role", "content", "timestamp"}


class ImportRefused(Exception):
    """The path cannot be imported; the message says why and what to do."""


@dataclass
class RefSession:
    id: str
    source: str
    started_at: float
    user_id: str | None = None
    model: str | None = None
    title: str | None = None
    parent_id: str | None = None
    system_prompt: str | None = None
    usage: Usage = field(default_factory=Usage)
    cost_usd: float = 0.0
    message_count: int = 0


@dataclass
class RefMessage:
    message: Message
    compacted: bool = False  # replaced in the active view by a compression summary
    summary: bool = False


def looks_like_hermes(path: Path) -> bool:
    """Hermes's own markers: its migrations table, or per-scope memory folders."""
    if (path / "memories" / "owner").is_dir():
        return True
    db = path / "state.db"
    return db.is_file() and "schema_migrations" in _tables(db)


def looks_like_reference(path: Path) -> bool:
    db = path / "state.db"
    if db.is_file() and "schema_version" in _tables(db):
        return True
    return any((path / p).is_file() for p in ("memories/MEMORY.md", "memories/USER.md",
                                              "skills/.bundled_manifest", ".skills_prompt_snapshot.json"))


def _tables(db: Path) -> set[str]:
    try:
        with _connect(db) as c:
            return {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error:
        return set()


def _connect(db: Path) -> sqlite3.Connection:
    c = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5.0)
    c.row_factory = sqlite3.Row
    return c


class StateDB:
    """The reference state.db, opened read-only after its schema version was checked."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.conn = _connect(path)
            tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.Error as e:
            raise ImportRefused(f"{path} cannot be read as SQLite: {e}") from None
        if "schema_version" not in tables or "sessions" not in tables or "messages" not in tables:
            raise ImportRefused(f"{path} is not a reference-system state.db (no schema_version, sessions "
                                "and messages tables); nothing was imported")
        row = self.conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
        self.version = row[0] if row else None
        if not isinstance(self.version, int) or self.version not in KNOWN_VERSIONS:
            raise ImportRefused(
                f"{path} has reference schema version {self.version!r}, which this Hermes does not know "
                f"(it reads versions {KNOWN_VERSIONS.start}-{KNOWN_VERSIONS.stop - 1}). Nothing was imported. "
                "Upgrade Hermes, or open the home once with a reference-system release of that era.")
        self.scols = self._columns("sessions")
        self.mcols = self._columns("messages")
        for table, have, need in (("sessions", self.scols, _SESSION_NEEDS), ("messages", self.mcols, _MESSAGE_NEEDS)):
            if not need <= have:
                raise ImportRefused(f"{path}: table {table} (schema version {self.version}) lacks "
                                    f"{', '.join(sorted(need - have))}; nothing was imported")

    def _columns(self, table: str) -> set[str]:
        return {r[1] for r in self.conn.execute(f"PRAGMA table_info({table})")}

    def close(self) -> None:
        self.conn.close()

    def counts(self) -> tuple[int, int]:
        s = self.conn.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]
        m = self.conn.execute("SELECT COUNT(*) FROM messages").fetchone()[0]
        return s, m

    def sessions(self) -> list[RefSession]:
        """Every session, parents before their children (the store needs the parent first)."""
        rows = self.conn.execute("SELECT * FROM sessions ORDER BY started_at, id").fetchall()
        out = [self._session(r) for r in rows]
        by_id = {s.id: s for s in out}
        ordered: list[RefSession] = []
        seen: set[str] = set()

        def visit(s: RefSession, depth: int = 0) -> None:
            if s.id in seen:
                return
            seen.add(s.id)
            parent = by_id.get(s.parent_id or "")
            if parent is not None and depth < 10_000:
                visit(parent, depth + 1)
            ordered.append(s)

        for s in out:
            visit(s)
        return ordered

    def _session(self, r: sqlite3.Row) -> RefSession:
        g = _getter(r, self.scols)
        cost = g("actual_cost_usd") or g("estimated_cost_usd") or 0.0
        return RefSession(
            id=str(r["id"]), source=str(r["source"] or "cli"), started_at=float(r["started_at"] or 0.0),
            user_id=g("user_id"), model=g("model"), title=g("title"), parent_id=g("parent_session_id"),
            system_prompt=g("system_prompt"),
            usage=Usage(int(g("input_tokens") or 0), int(g("output_tokens") or 0),
                        int(g("cache_read_tokens") or 0), int(g("cache_write_tokens") or 0)),
            cost_usd=float(cost or 0.0), message_count=int(g("message_count") or 0))

    def messages(self, session_id: str) -> Iterator[RefMessage | str]:
        """The session's rows in order; a row that cannot be carried over yields the reason instead."""
        rows = self.conn.execute("SELECT * FROM messages WHERE session_id = ? ORDER BY timestamp, id",
                                 (session_id,))
        for r in rows:
            g = _getter(r, self.mcols)
            role = r["role"]
            if role not in _ROLES:
                yield f"message {r['id']} of session {session_id}: role {role!r} has no Hermes equivalent"
                continue
            try:
                calls = [ToolCall.from_openai(c) for c in json.loads(g("tool_calls") or "[]") or []
                         if isinstance(c, dict)]
            except (ValueError, TypeError):
                yield f"message {r['id']} of session {session_id}: tool_calls is not JSON; kept without them"
                calls = []
            msg = Message(role=role, content=r["content"], tool_calls=calls, tool_call_id=g("tool_call_id"),
                          name=g("tool_name"), timestamp=float(r["timestamp"] or 0.0), tokens=g("token_count"),
                          reasoning=g("reasoning") or g("reasoning_content"))
            summary = bool(g("_compressed_summary"))
            msg.summary = summary
            compacted = bool(g("compacted")) or (g("active") == 0 and not summary)
            yield RefMessage(msg, compacted=compacted, summary=summary)


def _getter(row: sqlite3.Row, cols: set[str]):
    def g(name: str) -> Any:
        return row[name] if name in cols else None
    return g
