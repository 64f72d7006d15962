"""Session rows of the SQLite store: create, look up, list, usage totals, fork, delete, prune."""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from typing import Any

from hermes.core.messages import Usage
from hermes.state.base import SessionInfo, StoreError, UsageRow
from hermes.state.sqlite_conn import SQLiteConnection

_SESSION_COLS = ("id, source, scope, user_id, chat_id, title, model, parent_id, created_at, updated_at, "
                 "message_count, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd")


def new_session_id(ts: float | None = None) -> str:
    """`YYYYMMDD_HHMMSS_xxxxxx`: local time (sorts by creation) plus 6 random hex digits."""
    return time.strftime("%Y%m%d_%H%M%S", time.localtime(ts)) + "_" + secrets.token_hex(3)


def _row_to_info(r: sqlite3.Row) -> SessionInfo:
    return SessionInfo(id=r["id"], source=r["source"], scope=r["scope"], user_id=r["user_id"],
                       chat_id=r["chat_id"], title=r["title"], model=r["model"], parent_id=r["parent_id"],
                       created_at=r["created_at"], updated_at=r["updated_at"],
                       message_count=r["message_count"],
                       usage=Usage(r["input_tokens"], r["output_tokens"], r["cache_read_tokens"],
                                   r["cache_write_tokens"]),
                       cost_usd=r["cost_usd"])


class SessionTable(SQLiteConnection):
    """The `sessions` table's operations; message rows are only copied (fork) or deleted here."""

    @staticmethod
    def _require(c: sqlite3.Connection, session_id: str) -> sqlite3.Row:
        row = c.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise StoreError(f"no session {session_id!r}")
        return row

    @staticmethod
    def _unique_id(c: sqlite3.Connection, ts: float) -> str:
        while True:
            sid = new_session_id(ts)
            if not c.execute("SELECT 1 FROM sessions WHERE id = ?", (sid,)).fetchone():
                return sid

    def _insert_session(self, c: sqlite3.Connection, *, session_id: str | None, source: str, scope: str,
                        model: str | None, user_id: str | None, chat_id: str | None, title: str | None,
                        parent_id: str | None, created_at: float | None,
                        system_prompt: str | None = None) -> str:
        now = time.time()
        created = now if created_at is None else created_at
        sid = session_id or self._unique_id(c, created)
        if parent_id is not None:
            self._require(c, parent_id)
        c.execute("INSERT INTO sessions (id, source, scope, user_id, chat_id, title, model, parent_id, "
                  "created_at, updated_at, system_prompt) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                  (sid, source, scope, user_id, chat_id, title, model, parent_id, created, max(now, created),
                   system_prompt))
        return sid

    def create_session(self, *, source: str = "cli", scope: str = "owner", model: str | None = None,
                       user_id: str | None = None, chat_id: str | None = None, title: str | None = None,
                       parent_id: str | None = None, session_id: str | None = None,
                       created_at: float | None = None) -> SessionInfo:
        if session_id is not None and not session_id.strip():
            raise ValueError("session id must not be empty")

        def tx(c: sqlite3.Connection) -> SessionInfo:
            if session_id is not None:
                row = c.execute(f"SELECT {_SESSION_COLS} FROM sessions WHERE id = ?", (session_id,)).fetchone()
                if row is not None:
                    if row["source"] == source and row["scope"] == scope:
                        return _row_to_info(row)
                    raise StoreError(f"session {session_id!r} already exists with source {row['source']!r} "
                                     f"and scope {row['scope']!r}")
            sid = self._insert_session(c, session_id=session_id, source=source, scope=scope, model=model,
                                       user_id=user_id, chat_id=chat_id, title=title, parent_id=parent_id,
                                       created_at=created_at)
            return _row_to_info(c.execute(f"SELECT {_SESSION_COLS} FROM sessions WHERE id = ?", (sid,)).fetchone())

        return self._write("create a session", tx)

    def get_session(self, session_id: str) -> SessionInfo | None:
        row = self._read(lambda c: c.execute(f"SELECT {_SESSION_COLS} FROM sessions WHERE id = ?",
                                             (session_id,)).fetchone())
        return _row_to_info(row) if row else None

    def list_sessions(self, *, scope: str | None = None, source: str | None = None, limit: int = 50,
                      offset: int = 0) -> list[SessionInfo]:
        where, args = [], []
        if scope is not None:
            where.append("scope = ?"); args.append(scope)
        if source is not None:
            where.append("source = ?"); args.append(source)
        sql = (f"SELECT {_SESSION_COLS} FROM sessions {'WHERE ' + ' AND '.join(where) if where else ''} "
               "ORDER BY updated_at DESC LIMIT ? OFFSET ?")
        rows = self._read(lambda c: c.execute(sql, [*args, limit, offset]).fetchall())
        return [_row_to_info(r) for r in rows]

    def usage_by_day(self, *, since: float | None = None) -> list[UsageRow]:
        # One aggregate query (the updated_at index bounds it), so the dashboard never loads every session.
        sql = ("SELECT CAST(updated_at / 86400 AS INTEGER) AS day, model, COUNT(*) AS n, SUM(input_tokens) AS i, "
               "SUM(output_tokens) AS o, SUM(cost_usd) AS c FROM sessions WHERE updated_at >= ? "
               "GROUP BY day, model ORDER BY day, model")
        rows = self._read(lambda c: c.execute(sql, (since or 0.0,)).fetchall())
        return [UsageRow(r["day"], r["model"], r["n"], r["i"] or 0, r["o"] or 0, r["c"] or 0.0) for r in rows]

    def costliest_sessions(self, *, since: float | None = None, limit: int = 10) -> list[SessionInfo]:
        sql = (f"SELECT {_SESSION_COLS} FROM sessions WHERE updated_at >= ? "
               "AND cost_usd + input_tokens + output_tokens > 0 "
               "ORDER BY cost_usd DESC, input_tokens + output_tokens DESC LIMIT ?")
        return [_row_to_info(r) for r in self._read(lambda c: c.execute(sql, (since or 0.0, limit)).fetchall())]

    def set_title(self, session_id: str, title: str) -> None:
        self._update_session(session_id, "title", title)

    def set_system_prompt(self, session_id: str, prompt: str) -> None:
        self._update_session(session_id, "system_prompt", prompt)

    def _update_session(self, session_id: str, column: str, value: Any) -> None:
        def tx(c: sqlite3.Connection) -> None:
            if c.execute(f"UPDATE sessions SET {column} = ? WHERE id = ?", (value, session_id)).rowcount == 0:
                raise StoreError(f"no session {session_id!r}")

        self._write(f"set the {column.replace('_', ' ')}", tx)

    def get_system_prompt(self, session_id: str) -> str | None:
        row = self._read(lambda c: c.execute("SELECT system_prompt FROM sessions WHERE id = ?",
                                             (session_id,)).fetchone())
        return row[0] if row else None

    def fork(self, session_id: str) -> SessionInfo:
        """A new session (parent_id set) holding a copy of the active view; usage totals start at 0."""
        def tx(c: sqlite3.Connection) -> str:
            src = self._require(c, session_id)
            title = f"{src['title']} (fork)" if src["title"] else None
            sid = self._insert_session(c, session_id=None, source=src["source"], scope=src["scope"],
                                       model=src["model"], user_id=src["user_id"], chat_id=src["chat_id"],
                                       title=title, parent_id=session_id, created_at=None,
                                       system_prompt=src["system_prompt"])
            c.execute("INSERT INTO messages (session_id, seq, role, content, tool_calls, tool_call_id, "
                      "tool_name, tokens, timestamp, reasoning, summary) "
                      "SELECT ?, row_number() OVER (ORDER BY seq, id), role, content, tool_calls, "
                      "tool_call_id, tool_name, tokens, timestamp, reasoning, summary FROM messages "
                      "WHERE session_id = ? AND compacted = 0 ORDER BY seq, id", (sid, session_id))
            c.execute("UPDATE sessions SET message_count = (SELECT COUNT(*) FROM messages "
                      "WHERE session_id = ? AND summary = 0) WHERE id = ?", (sid, sid))
            return sid

        new_id = self._write("fork a session", tx)
        info = self.get_session(new_id)
        assert info is not None
        return info

    def delete_session(self, session_id: str) -> bool:
        def tx(c: sqlite3.Connection) -> bool:
            c.execute("DELETE FROM messages WHERE session_id = ?", (session_id,))
            return c.execute("DELETE FROM sessions WHERE id = ?", (session_id,)).rowcount > 0

        return self._write("delete a session", tx)

    def prune(self, *, older_than: float, source: str | None = None, batch: int = 200) -> int:
        """Delete sessions not updated since `older_than`; batched so other writers are not starved."""
        cond, args = "updated_at < ?", [older_than]
        if source is not None:
            cond, args = cond + " AND source = ?", args + [source]

        def tx(c: sqlite3.Connection) -> int:
            ids = [r[0] for r in c.execute(f"SELECT id FROM sessions WHERE {cond} LIMIT ?", [*args, batch])]
            if ids:
                j = json.dumps(ids)
                c.execute("DELETE FROM messages WHERE session_id IN (SELECT value FROM json_each(?))", (j,))
                c.execute("DELETE FROM sessions WHERE id IN (SELECT value FROM json_each(?))", (j,))
            return len(ids)

        total = 0
        while True:
            n = self._write("prune sessions", tx)
            total += n
            if n < batch:
                return total
