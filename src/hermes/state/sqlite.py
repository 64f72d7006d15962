"""The default session store: one SQLite file (HERMES_HOME/state.db) shared by every Hermes process.

Concurrency model: WAL (readers never block the writer), every write is one BEGIN IMMEDIATE
transaction (the write lock is taken up front, so a transaction never fails half-way on an upgrade),
SQLite's busy timeout handles short waits and an application-level loop with jittered backoff
handles long ones. Only after `patience` seconds does a write give up, with a StoreError that says
what happened. One connection per store object; a lock serializes threads, and a store inherited
across fork() opens its own connection instead of touching the parent's.

Semantics worth knowing:
- message_count counts original rows (summary rows excluded; compaction does not change it).
- get_messages(include_compacted=True) returns every stored row in order: the originals (compacted
  or not) AND any summary rows, which carry `summary=True` so callers can drop them.
- create_session with an explicit id that exists returns it if source and scope match (idempotent
  for racing creators), else raises StoreError.
- search scores are positive, higher is better.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterable, TypeVar

from hermes.core.messages import Message, ToolCall, Usage
from hermes.state import migrations
from hermes.state.base import RunRecord, SearchHit, SessionInfo, StoreError, UsageRow

T = TypeVar("T")

WRITE_PATIENCE = 60.0  # seconds a write waits for the lock before failing (covers checkpoints, VACUUM)
READ_PATIENCE = 10.0
BUSY_TIMEOUT = 1.0  # SQLite's own wait per attempt; the loop below adds jitter between attempts
ROLES = frozenset({"system", "user", "assistant", "tool"})
RUN_STATUSES = frozenset({"running", "ok", "failed", "interrupted", "missed", "silent"})

_SESSION_COLS = ("id, source, scope, user_id, chat_id, title, model, parent_id, created_at, updated_at, "
                 "message_count, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd")
_MESSAGE_INSERT = ("INSERT INTO messages (session_id, seq, role, content, tool_calls, tool_call_id, "
                   "tool_name, tokens, timestamp, reasoning, summary) VALUES (?,?,?,?,?,?,?,?,?,?,?)")


def new_session_id(ts: float | None = None) -> str:
    """`YYYYMMDD_HHMMSS_xxxxxx`: local time (sorts by creation) plus 6 random hex digits."""
    return time.strftime("%Y%m%d_%H%M%S", time.localtime(ts)) + "_" + secrets.token_hex(3)


def _is_busy(e: sqlite3.Error) -> bool:
    code = getattr(e, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED (and their extended codes)
    msg = str(e).lower()
    return "locked" in msg or "busy" in msg


def _backoff(elapsed: float) -> float:
    # Short, jittered sleeps first (turn writes are quick), longer ones once it is clearly contended.
    return random.uniform(0.02, 0.15) if elapsed < 2.0 else random.uniform(0.25, 1.0)


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


def _row_to_info(r: sqlite3.Row) -> SessionInfo:
    return SessionInfo(id=r["id"], source=r["source"], scope=r["scope"], user_id=r["user_id"],
                       chat_id=r["chat_id"], title=r["title"], model=r["model"], parent_id=r["parent_id"],
                       created_at=r["created_at"], updated_at=r["updated_at"],
                       message_count=r["message_count"],
                       usage=Usage(r["input_tokens"], r["output_tokens"], r["cache_read_tokens"],
                                   r["cache_write_tokens"]),
                       cost_usd=r["cost_usd"])


def _message_row(m: Message) -> tuple:
    if m.role not in ROLES:
        raise ValueError(f"unknown message role {m.role!r}")
    return (m.role, m.content, m.tool_calls_json(), m.tool_call_id, m.name, m.tokens, m.timestamp,
            m.reasoning, 1 if m.summary else 0)


class SQLiteStore:
    """SessionStore on a SQLite file. Safe to share between threads; one object per process is enough."""

    def __init__(self, path: str | os.PathLike, *, patience: float = WRITE_PATIENCE,
                 busy_timeout: float = BUSY_TIMEOUT) -> None:
        if sqlite3.sqlite_version_info < (3, 34, 0):
            raise StoreError(f"SQLite {sqlite3.sqlite_version} is too old: Hermes needs 3.34 or newer "
                             "(FTS5 trigram tokenizer)")
        self.path = Path(path)
        self.patience = patience
        self._busy_timeout = busy_timeout
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self._pid = 0
        self._closed = False
        self.semantic: Any = None  # a semantic.SemanticSearch when semantic recall is on
        self._connect()

    # ---- connection, retries, transactions -------------------------------------------------------

    def _connect(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fresh = not self.path.exists()
        try:
            conn = sqlite3.connect(str(self.path), timeout=self._busy_timeout, isolation_level=None,
                                   check_same_thread=False)
        except sqlite3.Error as e:
            raise StoreError(f"cannot open {self.path}: {e}") from e
        conn.row_factory = sqlite3.Row
        if fresh:
            try:
                os.chmod(self.path, 0o600)  # transcripts are private
            except OSError:
                pass

        def setup() -> None:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA cache_size = -16000")
            conn.execute("PRAGMA temp_store = MEMORY")
            conn.execute("PRAGMA journal_size_limit = 67108864")  # WAL shrinks back after checkpoints
            migrations.migrate(conn)

        try:
            self._retry(setup, self.patience, "open the store")
        except migrations.SchemaTooNew as e:
            conn.close()
            raise StoreError(f"{self.path}: {e}") from e
        except BaseException:
            conn.close()
            raise
        self._conn, self._pid = conn, os.getpid()

    def _db(self) -> sqlite3.Connection:
        if self._closed:
            raise StoreError("the session store is closed")
        if self._pid != os.getpid():
            # Inherited across fork: the parent's handle must not be used (or closed) here.
            self._conn = None
            self._connect()
        assert self._conn is not None
        return self._conn

    def _retry(self, fn: Callable[[], T], patience: float, what: str) -> T:
        start = time.monotonic()
        while True:
            try:
                return fn()
            except sqlite3.Error as e:
                if not _is_busy(e):
                    raise StoreError(f"session store error while trying to {what}: {e}") from e
                elapsed = time.monotonic() - start
                if elapsed >= patience:
                    outcome = "nothing was written" if what != "read" else "the read was abandoned"
                    raise StoreError(
                        f"the session store {self.path} was locked by another process for {elapsed:.0f} s "
                        f"while trying to {what}; {outcome}. Try again, or look for a stuck "
                        "hermes process.") from e
                time.sleep(min(_backoff(elapsed), max(0.005, patience - elapsed)))

    def _tx(self, begin: str, fn: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            conn = self._db()
            conn.execute(begin)
            try:
                result = fn(conn)
                conn.execute("COMMIT")
                return result
            except BaseException:
                if conn.in_transaction:
                    try:
                        conn.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                raise

    def _write(self, what: str, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn` in one write transaction, retrying the whole transaction while the DB is busy."""
        return self._retry(lambda: self._tx("BEGIN IMMEDIATE", fn), self.patience, what)

    def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn` in one read transaction (a consistent snapshot across its statements)."""
        return self._retry(lambda: self._tx("BEGIN", fn), READ_PATIENCE, "read")

    def close(self) -> None:
        if self.semantic is not None:
            self.semantic.close()
        with self._lock:
            if self._conn is not None and self._pid == os.getpid():
                self._conn.close()
            self._conn, self._closed = None, True

    def __enter__(self) -> "SQLiteStore":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # ---- sessions -------------------------------------------------------------------------------

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

    # ---- messages -------------------------------------------------------------------------------

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

    # ---- search ---------------------------------------------------------------------------------

    def search(self, query: str, *, scope: str | None = None, sources: list[str] | None = None,
               roles: list[str] | None = None, since: float | None = None, until: float | None = None,
               session_id: str | None = None, limit: int = 20, context: int = 1) -> list[SearchHit]:
        if self.semantic is not None:
            return self.semantic.search(query, scope=scope, sources=sources, roles=roles, since=since, until=until,
                                        session_id=session_id, limit=limit, context=context)
        return self.search_lexical(query, scope=scope, sources=sources, roles=roles, since=since, until=until,
                                   session_id=session_id, limit=limit, context=context)

    def search_lexical(self, query: str, *, scope: str | None = None, sources: list[str] | None = None,
                       roles: list[str] | None = None, since: float | None = None, until: float | None = None,
                       session_id: str | None = None, limit: int = 20, context: int = 1) -> list[SearchHit]:
        from hermes.state import search as _search  # its regexes cost ~10 ms to compile: only when used

        plan = _search.build_plan(query)
        if plan.empty:
            return []
        flt = _search.Filters(scope=scope, sources=sources, roles=roles, since=since, until=until,
                              session_id=session_id)
        return self._read(lambda c: _search.run_search(c, plan, flt, limit, context, row_to_message))

    # ---- scheduled-job run records --------------------------------------------------------------

    def record_run_start(self, job_id: str, *, started_at: float, session_id: str | None = None,
                         status: str = "running") -> int:
        _check_status(status)
        return self._write("record a job run", lambda c: c.execute(
            "INSERT INTO cron_runs (job_id, started_at, status, session_id) VALUES (?,?,?,?)",
            (job_id, started_at, status, session_id)).lastrowid)

    def record_run_end(self, run_id: int, *, status: str, ended_at: float, tokens: int = 0,
                       error: str | None = None, output_path: str | None = None,
                       session_id: str | None = None) -> None:
        _check_status(status)

        def tx(c: sqlite3.Connection) -> None:
            n = c.execute("UPDATE cron_runs SET status = ?, ended_at = ?, tokens = ?, error = ?, output_path = ?, "
                          "session_id = COALESCE(?, session_id) WHERE id = ?",
                          (status, ended_at, tokens, error, output_path, session_id, run_id)).rowcount
            if n == 0:
                raise StoreError(f"no job run {run_id}")

        self._write("record a job run", tx)

    def list_runs(self, job_id: str | None = None, *, status: str | None = None,
                  limit: int = 50) -> list[RunRecord]:
        where, args = [], []
        if job_id is not None:
            where.append("job_id = ?"); args.append(job_id)
        if status is not None:
            where.append("status = ?"); args.append(status)
        sql = (f"SELECT * FROM cron_runs {'WHERE ' + ' AND '.join(where) if where else ''} "
               "ORDER BY started_at DESC, id DESC LIMIT ?")
        rows = self._read(lambda c: c.execute(sql, [*args, limit]).fetchall())
        return [RunRecord(id=r["id"], job_id=r["job_id"], started_at=r["started_at"], ended_at=r["ended_at"],
                          status=r["status"], session_id=r["session_id"], tokens=r["tokens"], error=r["error"],
                          output_path=r["output_path"]) for r in rows]


def _check_status(status: str) -> None:
    if status not in RUN_STATUSES:
        raise ValueError(f"unknown run status {status!r} (one of {', '.join(sorted(RUN_STATUSES))})")
