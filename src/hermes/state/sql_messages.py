"""Message rows, written once for both SQL stores: append, import, read back, compact, undo the last
turn, fork; and the conversion between rows and `Message` values.

What the databases do differently comes from the store (see `hermes.state.sql_store`).
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable, Iterable

from hermes.core.messages import Message, ToolCall, Usage
from hermes.state.base import SessionInfo, StoreError
from hermes.state.sql_sessions import SessionRows

ROLES = frozenset({"system", "user", "assistant", "tool"})

# A row's fields after (session_id, seq), in message_row() order.
MESSAGE_FIELDS = "role, content, tool_calls, tool_call_id, tool_name, tokens, timestamp, reasoning, summary"
# What a Message is read from (never SELECT *: PostgreSQL's search_doc is as big as the text it indexes).
MESSAGE_COLS = ("id, session_id, seq, role, content, tool_calls, tool_call_id, tool_name, tokens, timestamp, "
                "reasoning, summary")


def _same(value: Any) -> Any:
    return value


def message_row(m: Message, clean: Callable[[Any], Any] = _same) -> tuple:
    """The MESSAGE_FIELDS values of `m`, each text passed through `clean` (the store's `_clean`)."""
    if m.role not in ROLES:
        raise ValueError(f"unknown message role {m.role!r}")
    calls = json.dumps(clean([tc.to_openai() for tc in m.tool_calls])) if m.tool_calls else None
    return (m.role, clean(m.content), calls, clean(m.tool_call_id), clean(m.name), m.tokens, m.timestamp,
            clean(m.reasoning), bool(m.summary))


def row_to_message(r: Any) -> Message:
    raw = r["tool_calls"]  # JSON text from SQLite, already decoded from PostgreSQL's jsonb
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except (ValueError, TypeError):
            raw = None
    calls = [ToolCall.from_openai(d) for d in raw if isinstance(d, dict)] if isinstance(raw, list) else []
    return Message(role=r["role"], content=r["content"], tool_calls=calls, tool_call_id=r["tool_call_id"],
                   name=r["tool_name"], timestamp=r["timestamp"], tokens=r["tokens"], reasoning=r["reasoning"],
                   id=r["id"], summary=bool(r["summary"]))


class MessageRows(SessionRows):
    """The `messages` table's operations (and fork, which copies them), keeping each session's counters
    in step. Every write that touches a session's messages first locks its row (ROW_LOCK_WRITE)."""

    def _insert_messages(self, c: Any, session_id: str, rows: list[tuple]) -> list[int]:
        """Insert after the session's last row; the caller holds the session's row lock."""
        last = self._exec(c, "SELECT COALESCE(MAX(seq), 0) AS s FROM messages WHERE session_id = ?",
                          (session_id,)).fetchone()["s"]
        base = float(int(last))
        return self._insert_message_rows(c, [(session_id, base + i, *row) for i, row in enumerate(rows, 1)])

    def append_messages(self, session_id: str, messages: Iterable[Message], usage: Usage | None = None,
                        model: str | None = None, cost_usd: float = 0.0) -> list[int]:
        msgs = list(messages)
        rows = [message_row(m, self._clean) for m in msgs]
        u = usage or Usage()
        originals = sum(1 for m in msgs if not m.summary)

        def tx(c: Any) -> list[int]:
            self._require(c, session_id, self.ROW_LOCK_WRITE)
            ids = self._insert_messages(c, session_id, rows) if rows else []
            self._exec(c, "UPDATE sessions SET message_count = message_count + ?, input_tokens = input_tokens + ?, "
                          "output_tokens = output_tokens + ?, cache_read_tokens = cache_read_tokens + ?, "
                          "cache_write_tokens = cache_write_tokens + ?, cost_usd = cost_usd + ?, "
                          f"model = COALESCE(?, model), updated_at = {self.GREATEST}(updated_at, ?) WHERE id = ?",
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
        rows = [message_row(m, self._clean) for m in messages]
        if created_at is None and messages:
            created_at = min(m.timestamp for m in messages)

        def tx(c: Any) -> str | None:
            sid = self._insert_session(c, session_id=session_id, source=source, scope=scope, model=None,
                                       user_id=None, chat_id=None, title=title, parent_id=None,
                                       created_at=created_at)
            if sid is None:
                return None
            self._insert_messages(c, sid, rows)  # no lock needed: nobody else sees the session yet
            self._exec(c, "UPDATE sessions SET message_count = ? WHERE id = ?",
                       (sum(1 for m in messages if not m.summary), sid))
            return sid

        sid = self._write("import a session", tx)
        return self.get_session(sid) if sid else None

    def get_messages(self, session_id: str, *, include_compacted: bool = False) -> list[Message]:
        sql = f"SELECT {MESSAGE_COLS} FROM messages WHERE session_id = ?"
        if not include_compacted:
            sql += " AND NOT compacted"
        rows = self._read(lambda c: self._exec(c, sql + " ORDER BY seq, id", (session_id,)).fetchall())
        return [row_to_message(r) for r in rows]

    def compact(self, session_id: str, message_ids: list[int], summary: Message | None) -> None:
        """Hide `message_ids` from the active view; `summary` (if any) takes the first one's place."""
        ids = sorted({int(i) for i in message_ids})
        if not ids:
            return
        srow = message_row(summary, self._clean) if summary is not None else None
        match, arg = self._id_list(ids)

        def tx(c: Any) -> int | None:
            self._require(c, session_id, self.ROW_LOCK_WRITE)
            r = self._exec(c, f"SELECT COUNT(*) AS n, MIN(seq) AS first FROM messages WHERE session_id = ? "
                              f"AND id {match}", (session_id, arg)).fetchone()
            n, first = r["n"], r["first"]
            if n != len(ids):
                raise StoreError(f"compact: {len(ids) - n} of the messages are not in session {session_id!r}")
            self._exec(c, f"UPDATE messages SET compacted = TRUE WHERE id {match}", (arg,))
            if srow is None:
                return None
            prev = self._exec(c, "SELECT MAX(seq) AS s FROM messages WHERE session_id = ? AND seq < ?",
                              (session_id, first)).fetchone()["s"]
            if prev is not None and first - prev < 1e-6:
                # Repeated compaction at one spot halved the gap too often: renumber the session.
                self._exec(c, "UPDATE messages SET seq = r.n FROM (SELECT id, row_number() OVER "
                              "(ORDER BY seq, id) AS n FROM messages WHERE session_id = ?) AS r "
                              "WHERE messages.id = r.id", (session_id,))
                first = self._exec(c, f"SELECT MIN(seq) AS s FROM messages WHERE id {match}", (arg,)).fetchone()["s"]
                prev = first - 1.0 if first > 1 else None
            seq = first - 1.0 if prev is None else (prev + first) / 2
            return self._insert_message_rows(c, [(session_id, seq, *srow[:-1], True)])[0]

        new_id = self._write("compact a session", tx)
        if summary is not None:
            summary.id, summary.summary = new_id, True

    def delete_last_turn(self, session_id: str) -> int:
        def tx(c: Any) -> int:
            if self._exec(c, f"SELECT id FROM sessions WHERE id = ? {self.ROW_LOCK_WRITE}",
                          (session_id,)).fetchone() is None:
                return 0
            row = self._exec(c, "SELECT seq FROM messages WHERE session_id = ? AND role = 'user' AND NOT compacted "
                                "AND NOT summary ORDER BY seq DESC, id DESC LIMIT 1", (session_id,)).fetchone()
            if row is None:
                return 0
            originals = self._exec(c, "SELECT COUNT(*) AS n FROM messages WHERE session_id = ? AND seq >= ? "
                                      "AND NOT summary", (session_id, row["seq"])).fetchone()["n"]
            removed = self._exec(c, "DELETE FROM messages WHERE session_id = ? AND seq >= ?",
                                 (session_id, row["seq"])).rowcount
            self._exec(c, f"UPDATE sessions SET message_count = {self.GREATEST}(0, message_count - ?), "
                          f"updated_at = {self.GREATEST}(updated_at, ?) WHERE id = ?",
                       (originals, time.time(), session_id))
            return removed

        return self._write("undo the last turn", tx)

    def fork(self, session_id: str) -> SessionInfo:
        """A new session (parent_id set) holding a copy of the active view; usage totals start at 0."""
        def tx(c: Any) -> str:
            src = self._require(c, session_id, self.ROW_LOCK_SHARE)  # waits out an append in flight
            title = f"{src['title']} (fork)" if src["title"] else None
            sid = self._insert_session(c, session_id=None, source=src["source"], scope=src["scope"],
                                       model=src["model"], user_id=src["user_id"], chat_id=src["chat_id"],
                                       title=title, parent_id=session_id, created_at=None,
                                       system_prompt=src["system_prompt"])
            assert sid is not None  # a generated id is never refused
            self._exec(c, f"INSERT INTO messages (session_id, seq, {MESSAGE_FIELDS}) "
                          f"SELECT ?, row_number() OVER (ORDER BY seq, id), {MESSAGE_FIELDS} FROM messages "
                          "WHERE session_id = ? AND NOT compacted ORDER BY seq, id", (sid, session_id))
            self._exec(c, "UPDATE sessions SET message_count = (SELECT COUNT(*) FROM messages "
                          "WHERE session_id = ? AND NOT summary) WHERE id = ?", (sid, sid))
            return sid

        new_id = self._write("fork a session", tx)
        info = self.get_session(new_id)
        assert info is not None
        return info
