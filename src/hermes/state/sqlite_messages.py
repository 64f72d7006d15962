"""Message rows of the SQLite store: append, import, read back, compact, undo the last turn."""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Iterable

from hermes.core.messages import Message, ToolCall, Usage
from hermes.state.base import SessionInfo, StoreError
from hermes.state.sqlite_sessions import SessionTable

ROLES = frozenset({"system", "user", "assistant", "tool"})

_MESSAGE_INSERT = ("INSERT INTO messages (session_id, seq, role, content, tool_calls, tool_call_id, "
                   "tool_name, tokens, timestamp, reasoning, summary) VALUES (?,?,?,?,?,?,?,?,?,?,?)")


def row_to_message(r: sqlite3.Row) -> Message:
    calls: list[ToolCall] = []
    if r["tool_calls"]:
        try:
            calls = [ToolCall.from_openai(d) for d in json.loads(r["tool_calls"]) if isinstance(d, dict)]
        except (ValueError, TypeError):
            calls = []
    return Message(role=r["role"], content=r["content"], tool_calls=calls, tool_call_id=r["tool_call_id"],
                   name=r["tool_name"], timestamp=r["timestamp"], tokens=r["tokens"],
                   reasoning=r["reasoning"], id=r["id"], summary=bool(r["summary"]))


def _message_row(m: Message) -> tuple:
    if m.role not in ROLES:
        raise ValueError(f"unknown message role {m.role!r}")
    return (m.role, m.content, m.tool_calls_json(), m.tool_call_id, m.name, m.tokens, m.timestamp,
            m.reasoning, 1 if m.summary else 0)


class MessageTable(SessionTable):
    """The `messages` table's operations, keeping each session's counters in step."""

    @staticmethod
    def _insert_messages(c: sqlite3.Connection, session_id: str, rows: list[tuple]) -> list[int]:
        seq = c.execute("SELECT COALESCE(MAX(seq), 0) FROM messages WHERE session_id = ?",
                        (session_id,)).fetchone()[0]
        ids = []
        for row in rows:
            seq = float(int(seq) + 1)
            ids.append(c.execute(_MESSAGE_INSERT, (session_id, seq, *row)).lastrowid)
        return ids

    def append_messages(self, session_id: str, messages: Iterable[Message], usage: Usage | None = None,
                        model: str | None = None, cost_usd: float = 0.0) -> list[int]:
        msgs = list(messages)
        rows = [_message_row(m) for m in msgs]
        u = usage or Usage()
        originals = sum(1 for m in msgs if not m.summary)

        def tx(c: sqlite3.Connection) -> list[int]:
            self._require(c, session_id)
            ids = self._insert_messages(c, session_id, rows)
            c.execute("UPDATE sessions SET message_count = message_count + ?, input_tokens = input_tokens + ?, "
                      "output_tokens = output_tokens + ?, cache_read_tokens = cache_read_tokens + ?, "
                      "cache_write_tokens = cache_write_tokens + ?, cost_usd = cost_usd + ?, "
                      "model = COALESCE(?, model), updated_at = MAX(updated_at, ?) WHERE id = ?",
                      (originals, u.input_tokens, u.output_tokens, u.cache_read_tokens, u.cache_write_tokens,
                       cost_usd, model, time.time(), session_id))
            return ids

        ids = self._write("save messages", tx)
        for m, i in zip(msgs, ids):
            m.id = i
        if self.semantic is not None:
            self.semantic.added(msgs)  # queued for the background embedder, never waited for
        return ids

    def import_session(self, messages: list[Message], *, session_id: str | None = None,
                       source: str = "import", scope: str = "owner", title: str | None = None,
                       created_at: float | None = None) -> SessionInfo | None:
        """Create a session with its messages in one transaction; None if `session_id` already exists."""
        rows = [_message_row(m) for m in messages]
        if created_at is None and messages:
            created_at = min(m.timestamp for m in messages)

        def tx(c: sqlite3.Connection) -> str | None:
            if session_id and c.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone():
                return None
            sid = self._insert_session(c, session_id=session_id, source=source, scope=scope, model=None,
                                       user_id=None, chat_id=None, title=title, parent_id=None,
                                       created_at=created_at)
            self._insert_messages(c, sid, rows)
            c.execute("UPDATE sessions SET message_count = ? WHERE id = ?",
                      (sum(1 for m in messages if not m.summary), sid))
            return sid

        sid = self._write("import a session", tx)
        return self.get_session(sid) if sid else None

    def get_messages(self, session_id: str, *, include_compacted: bool = False) -> list[Message]:
        sql = "SELECT * FROM messages WHERE session_id = ?"
        if not include_compacted:
            sql += " AND compacted = 0"
        rows = self._read(lambda c: c.execute(sql + " ORDER BY seq, id", (session_id,)).fetchall())
        return [row_to_message(r) for r in rows]

    def compact(self, session_id: str, message_ids: list[int], summary: Message | None) -> None:
        """Hide `message_ids` from the active view; `summary` (if any) takes the first one's place."""
        ids = sorted({int(i) for i in message_ids})
        if not ids:
            return
        j = json.dumps(ids)
        srow = _message_row(summary) if summary is not None else None

        def tx(c: sqlite3.Connection) -> int | None:
            self._require(c, session_id)
            n, first = c.execute("SELECT COUNT(*), MIN(seq) FROM messages WHERE session_id = ? "
                                 "AND id IN (SELECT value FROM json_each(?))", (session_id, j)).fetchone()
            if n != len(ids):
                raise StoreError(f"compact: {len(ids) - n} of the messages are not in session {session_id!r}")
            c.execute("UPDATE messages SET compacted = 1 WHERE id IN (SELECT value FROM json_each(?))", (j,))
            if srow is None:
                return None
            prev = c.execute("SELECT MAX(seq) FROM messages WHERE session_id = ? AND seq < ?",
                             (session_id, first)).fetchone()[0]
            if prev is not None and first - prev < 1e-6:
                # Repeated compaction at one spot halved the gap too often: renumber the session.
                c.execute("UPDATE messages SET seq = r.n FROM (SELECT id, row_number() OVER "
                          "(ORDER BY seq, id) AS n FROM messages WHERE session_id = ?) AS r "
                          "WHERE messages.id = r.id", (session_id,))
                first = c.execute("SELECT MIN(seq) FROM messages WHERE id IN (SELECT value FROM json_each(?))",
                                  (j,)).fetchone()[0]
                prev = first - 1.0 if first > 1 else None
            seq = first - 1.0 if prev is None else (prev + first) / 2
            role, content, calls, call_id, name, tokens, ts, reasoning, _ = srow
            return c.execute(_MESSAGE_INSERT, (session_id, seq, role, content, calls, call_id, name, tokens,
                                               ts, reasoning, 1)).lastrowid

        new_id = self._write("compact a session", tx)
        if summary is not None:
            summary.id, summary.summary = new_id, True

    def delete_last_turn(self, session_id: str) -> int:
        def tx(c: sqlite3.Connection) -> int:
            row = c.execute("SELECT seq FROM messages WHERE session_id = ? AND role = 'user' AND compacted = 0 "
                            "AND summary = 0 ORDER BY seq DESC, id DESC LIMIT 1", (session_id,)).fetchone()
            if row is None:
                return 0
            originals = c.execute("SELECT COUNT(*) FROM messages WHERE session_id = ? AND seq >= ? "
                                  "AND summary = 0", (session_id, row[0])).fetchone()[0]
            removed = c.execute("DELETE FROM messages WHERE session_id = ? AND seq >= ?",
                                (session_id, row[0])).rowcount
            c.execute("UPDATE sessions SET message_count = MAX(0, message_count - ?), "
                      "updated_at = MAX(updated_at, ?) WHERE id = ?", (originals, time.time(), session_id))
            return removed

        return self._write("undo the last turn", tx)
