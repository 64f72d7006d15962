"""Session rows, written once for both SQL stores: create, look up, list, usage totals, delete, prune.

What the databases do differently comes from the store (see `hermes.state.sql_store`).
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from hermes.core.messages import Usage
from hermes.state.base import SessionInfo, StoreError, UsageRow
from hermes.state.sql_store import SQLStore, where_clause

SESSION_COLS = ("id, source, scope, user_id, chat_id, title, model, parent_id, created_at, updated_at, "
                "message_count, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd")


def new_session_id(ts: float | None = None) -> str:
    """`YYYYMMDD_HHMMSS_xxxxxx`: local time (sorts by creation) plus 6 random hex digits."""
    return time.strftime("%Y%m%d_%H%M%S", time.localtime(ts)) + "_" + secrets.token_hex(3)


def row_to_info(r: Any) -> SessionInfo:
    return SessionInfo(id=r["id"], source=r["source"], scope=r["scope"], user_id=r["user_id"],
                       chat_id=r["chat_id"], title=r["title"], model=r["model"], parent_id=r["parent_id"],
                       created_at=r["created_at"], updated_at=r["updated_at"], message_count=r["message_count"],
                       usage=Usage(r["input_tokens"], r["output_tokens"], r["cache_read_tokens"],
                                   r["cache_write_tokens"]),
                       cost_usd=r["cost_usd"])


class SessionRows(SQLStore):
    """The `sessions` table's operations; message rows are only deleted here, with their session."""

    def _require(self, c: Any, session_id: str, lock: str = "") -> Any:
        """The session's row (with its system prompt), locked by `lock` (a ROW_LOCK_* clause)."""
        row = self._exec(c, f"SELECT {SESSION_COLS}, system_prompt FROM sessions WHERE id = ? {lock}",
                         (session_id,)).fetchone()
        if row is None:
            raise StoreError(f"no session {session_id!r}")
        return row

    def _session_row(self, c: Any, session_id: str) -> Any:
        return self._exec(c, f"SELECT {SESSION_COLS} FROM sessions WHERE id = ?", (session_id,)).fetchone()

    def _insert_session(self, c: Any, *, session_id: str | None, source: str, scope: str, model: str | None,
                        user_id: str | None, chat_id: str | None, title: str | None, parent_id: str | None,
                        created_at: float | None, system_prompt: str | None = None) -> str | None:
        """The new session's id; None if the explicit `session_id` is taken (on PostgreSQL possibly by
        a creator that committed it after the caller looked)."""
        now = time.time()
        created = now if created_at is None else created_at
        if parent_id is not None:
            self._require(c, parent_id)
        while True:
            sid = session_id or new_session_id(created)
            inserted = self._exec(
                c, "INSERT INTO sessions (id, source, scope, user_id, chat_id, title, model, parent_id, created_at, "
                   "updated_at, system_prompt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
                (sid, source, scope, user_id, chat_id, self._clean(title), model, parent_id, created,
                 max(now, created), self._clean(system_prompt))).rowcount
            if inserted:
                return sid
            if session_id:
                return None
            # else a generated id collided: draw another

    def create_session(self, *, source: str = "cli", scope: str = "owner", model: str | None = None,
                       user_id: str | None = None, chat_id: str | None = None, title: str | None = None,
                       parent_id: str | None = None, session_id: str | None = None,
                       created_at: float | None = None) -> SessionInfo:
        if session_id is not None and not session_id.strip():
            raise ValueError("session id must not be empty")

        def same_or_refuse(row: Any) -> SessionInfo:
            # Idempotent for racing creators of one id, as long as they agree on what it is.
            if row["source"] == source and row["scope"] == scope:
                return row_to_info(row)
            raise StoreError(f"session {session_id!r} already exists with source {row['source']!r} "
                             f"and scope {row['scope']!r}")

        def tx(c: Any) -> SessionInfo:
            if session_id is not None and (row := self._session_row(c, session_id)) is not None:
                return same_or_refuse(row)
            sid = self._insert_session(c, session_id=session_id, source=source, scope=scope, model=model,
                                       user_id=user_id, chat_id=chat_id, title=title, parent_id=parent_id,
                                       created_at=created_at)
            if sid is None:  # a racing creator committed this id first: the same rules apply
                return same_or_refuse(self._session_row(c, session_id))
            return row_to_info(self._session_row(c, sid))

        return self._write("create a session", tx)

    def get_session(self, session_id: str) -> SessionInfo | None:
        row = self._read(lambda c: self._session_row(c, session_id))
        return row_to_info(row) if row else None

    def list_sessions(self, *, scope: str | None = None, source: str | None = None, limit: int = 50,
                      offset: int = 0) -> list[SessionInfo]:
        cond, args = where_clause(("scope = ?", scope), ("source = ?", source))
        # id breaks ties in updated_at, so pages neither repeat nor skip sessions.
        sql = f"SELECT {SESSION_COLS} FROM sessions {cond} ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?"
        rows = self._read(lambda c: self._exec(c, sql, [*args, self._limit(limit), max(offset, 0)]).fetchall())
        return [row_to_info(r) for r in rows]

    def usage_by_day(self, *, since: float | None = None) -> list[UsageRow]:
        # One aggregate query (the updated_at index bounds it), so the dashboard never loads every session.
        sql = (f"SELECT {self.DAY} AS day, model, COUNT(*) AS n, SUM(input_tokens) AS i, SUM(output_tokens) AS o, "
               "SUM(cost_usd) AS c FROM sessions WHERE updated_at >= ? GROUP BY 1, 2 ORDER BY 1, 2")
        rows = self._read(lambda c: self._exec(c, sql, (since or 0.0,)).fetchall())
        # PostgreSQL sums BIGINT columns as NUMERIC: plain ints and floats for callers.
        return [UsageRow(int(r["day"]), r["model"], r["n"], int(r["i"] or 0), int(r["o"] or 0), float(r["c"] or 0.0))
                for r in rows]

    def costliest_sessions(self, *, since: float | None = None, limit: int = 10) -> list[SessionInfo]:
        sql = (f"SELECT {SESSION_COLS} FROM sessions WHERE updated_at >= ? "
               "AND cost_usd + input_tokens + output_tokens > 0 "
               "ORDER BY cost_usd DESC, input_tokens + output_tokens DESC, id LIMIT ?")
        rows = self._read(lambda c: self._exec(c, sql, (since or 0.0, self._limit(limit))).fetchall())
        return [row_to_info(r) for r in rows]

    def set_title(self, session_id: str, title: str) -> None:
        self._update_session(session_id, "title", title)

    def set_system_prompt(self, session_id: str, prompt: str) -> None:
        self._update_session(session_id, "system_prompt", prompt)

    def _update_session(self, session_id: str, column: str, value: Any) -> None:
        def tx(c: Any) -> None:
            if self._exec(c, f"UPDATE sessions SET {column} = ? WHERE id = ?",
                          (self._clean(value), session_id)).rowcount == 0:
                raise StoreError(f"no session {session_id!r}")

        self._write(f"set the {column.replace('_', ' ')}", tx)

    def get_system_prompt(self, session_id: str) -> str | None:
        row = self._read(lambda c: self._exec(c, "SELECT system_prompt FROM sessions WHERE id = ?",
                                              (session_id,)).fetchone())
        return row["system_prompt"] if row else None

    def delete_session(self, session_id: str) -> bool:
        def tx(c: Any) -> bool:
            # By name rather than by ON DELETE CASCADE: SQLite enforces foreign keys only where a
            # connection turned them on.
            self._exec(c, "DELETE FROM messages WHERE session_id = ?", (session_id,))
            return self._exec(c, "DELETE FROM sessions WHERE id = ?", (session_id,)).rowcount > 0

        return self._write("delete a session", tx)

    def prune(self, *, older_than: float, source: str | None = None, batch: int = 200) -> int:
        """Delete sessions not updated since `older_than`; batched so other writers are not starved."""
        cond, args = "updated_at < ?", [older_than]
        if source is not None:
            cond, args = cond + " AND source = ?", args + [source]

        def tx(c: Any) -> int:
            # ROW_LOCK_SKIP: a session being written to right now is not idle, whatever it said before.
            ids = [r["id"] for r in self._exec(c, f"SELECT id FROM sessions WHERE {cond} LIMIT ? {self.ROW_LOCK_SKIP}",
                                               [*args, batch]).fetchall()]
            if ids:
                match, arg = self._id_list(ids)
                self._exec(c, f"DELETE FROM messages WHERE session_id {match}", (arg,))
                self._exec(c, f"DELETE FROM sessions WHERE id {match}", (arg,))
            return len(ids)

        total = 0
        while True:
            n = self._write("prune sessions", tx)
            total += n
            if n < batch:
                return total
