"""The PostgreSQL session store: the SessionStore protocol on a shared database (`store.backend: postgres`).

It behaves like the SQLite store (same values, same errors, same semantics: see `hermes.state.sqlite`)
so either can sit behind Hermes; what differs is below.

Concurrency: every call is one transaction on a pooled connection (`postgres_conn`), used from many
threads and many processes at once. Writes that touch a session first lock its row (FOR NO KEY
UPDATE: it serializes writers of one session without blocking foreign-key checks from its forks),
so appends from concurrent writers get consecutive seq numbers in commit order; different sessions
never wait for each other. Reads of more than one statement run in one REPEATABLE READ snapshot.

Differences from SQLite, all forced by PostgreSQL: NUL characters cannot be stored in text and are
saved as U+FFFD; a message's words past its first 100,000 characters are not indexed for search.
Search ranks with the SQLite store's ranking code, fed by `postgres_search` from tsvector / GIN.
"""

from __future__ import annotations

import time
from typing import Any, Iterable

from hermes.core.messages import Message, Usage
from hermes.state import postgres_schema
from hermes.state.base import RunRecord, SearchHit, SessionInfo, StoreError, UsageRow
from hermes.state.postgres_conn import Connector, psycopg, require_psycopg
from hermes.state.postgres_schema import (MESSAGE_COLS, MESSAGE_FIELDS, MESSAGE_VALUES, SESSION_COLS, check_status,
                                          clean, limit_arg, message_row, new_session_id, row_to_info,
                                          row_to_message)

MIN_SERVER = 120000  # generated columns and jsonpath
INSERT_CHUNK = 1000  # rows per INSERT statement (PostgreSQL allows 65,535 parameters)


class PostgresStore:
    """SessionStore on a PostgreSQL database. Safe to share between threads and across fork()."""

    def __init__(self, dsn: str, *, pool_size: int = 8) -> None:
        require_psycopg()
        if not dsn or not dsn.strip():
            raise StoreError("no PostgreSQL database named: set store.dsn in config.yaml or HERMES_DATABASE_URL")
        self._pg = Connector(dsn, pool_size=pool_size)
        self.where = self._pg.where
        self.semantic: Any = None  # a semantic.SemanticSearch when semantic recall is on
        conn = self._pg.connect()
        try:
            if conn.info.server_version < MIN_SERVER:
                raise StoreError(f"{self.where} runs PostgreSQL {conn.info.server_version // 10000}: "
                                 "Hermes needs 12 or newer")
            if conn.info.encoding.lower() not in ("utf8", "utf-8"):
                raise StoreError(f"{self.where} uses the {conn.info.encoding} encoding: Hermes needs a UTF8 "
                                 "database (CREATE DATABASE ... ENCODING 'UTF8')")
            postgres_schema.migrate(conn)
        except postgres_schema.SchemaTooNew as e:
            raise StoreError(f"{self.where}: {e}") from None
        except psycopg.Error as e:
            raise StoreError(f"cannot prepare the session store ({self.where}): {self._pg.clean(e)}") from None
        finally:
            conn.close()

    def close(self) -> None:
        if self.semantic is not None:
            self.semantic.close()
        self._pg.close()

    def __enter__(self) -> "PostgresStore":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _write(self, what: str, fn: Any) -> Any:
        return self._pg.run(what, fn)

    def _read(self, fn: Any, *, snapshot: bool = False) -> Any:
        return self._pg.run("read", fn, read=True, single=not snapshot)

    # ---- sessions -------------------------------------------------------------------------------

    @staticmethod
    def _require(cur: Any, session_id: str, lock: str = "") -> dict:
        row = cur.execute(f"SELECT {SESSION_COLS}, system_prompt FROM sessions WHERE id = %s {lock}",
                          (session_id,)).fetchone()
        if row is None:
            raise StoreError(f"no session {session_id!r}")
        return row

    def _insert_session(self, cur: Any, *, session_id: str | None, source: str, scope: str, model: str | None,
                        user_id: str | None, chat_id: str | None, title: str | None, parent_id: str | None,
                        created_at: float | None, system_prompt: str | None = None) -> dict | None:
        """The new row; None if an explicit `session_id` was taken meanwhile."""
        now = time.time()
        created = now if created_at is None else created_at
        if parent_id is not None:
            self._require(cur, parent_id)
        while True:
            sid = session_id or new_session_id(created)
            row = cur.execute(
                "INSERT INTO sessions (id, source, scope, user_id, chat_id, title, model, parent_id, created_at, "
                "updated_at, system_prompt) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) "
                f"ON CONFLICT (id) DO NOTHING RETURNING {SESSION_COLS}",
                (sid, source, scope, user_id, chat_id, clean(title), model, parent_id, created, max(now, created),
                 clean(system_prompt))).fetchone()
            if row is not None or session_id is not None:
                return row

    def create_session(self, *, source: str = "cli", scope: str = "owner", model: str | None = None,
                       user_id: str | None = None, chat_id: str | None = None, title: str | None = None,
                       parent_id: str | None = None, session_id: str | None = None,
                       created_at: float | None = None) -> SessionInfo:
        if session_id is not None and not session_id.strip():
            raise ValueError("session id must not be empty")

        def existing(cur: Any) -> SessionInfo | None:
            row = cur.execute(f"SELECT {SESSION_COLS} FROM sessions WHERE id = %s", (session_id,)).fetchone()
            if row is None:
                return None
            if row["source"] == source and row["scope"] == scope:
                return row_to_info(row)
            raise StoreError(f"session {session_id!r} already exists with source {row['source']!r} "
                             f"and scope {row['scope']!r}")

        def tx(cur: Any) -> SessionInfo:
            if session_id is not None and (info := existing(cur)) is not None:
                return info
            row = self._insert_session(cur, session_id=session_id, source=source, scope=scope, model=model,
                                       user_id=user_id, chat_id=chat_id, title=title, parent_id=parent_id,
                                       created_at=created_at)
            if row is None:  # a racing creator committed this id first: the same rules apply
                info = existing(cur)
                assert info is not None
                return info
            return row_to_info(row)

        return self._write("create a session", tx)

    def get_session(self, session_id: str) -> SessionInfo | None:
        row = self._read(lambda c: c.execute(f"SELECT {SESSION_COLS} FROM sessions WHERE id = %s",
                                             (session_id,)).fetchone())
        return row_to_info(row) if row else None

    def list_sessions(self, *, scope: str | None = None, source: str | None = None, limit: int = 50,
                      offset: int = 0) -> list[SessionInfo]:
        where, args = [], []
        if scope is not None:
            where.append("scope = %s"); args.append(scope)
        if source is not None:
            where.append("source = %s"); args.append(source)
        sql = (f"SELECT {SESSION_COLS} FROM sessions {'WHERE ' + ' AND '.join(where) if where else ''} "
               "ORDER BY updated_at DESC, id DESC LIMIT %s OFFSET %s")
        rows = self._read(lambda c: c.execute(sql, [*args, limit_arg(limit), max(offset, 0)]).fetchall())
        return [row_to_info(r) for r in rows]

    def usage_by_day(self, *, since: float | None = None) -> list[UsageRow]:
        sql = ("SELECT floor(updated_at / 86400)::bigint AS day, model, COUNT(*) AS n, SUM(input_tokens) AS i, "
               "SUM(output_tokens) AS o, SUM(cost_usd) AS c FROM sessions WHERE updated_at >= %s "
               "GROUP BY 1, 2 ORDER BY 1, 2")
        rows = self._read(lambda c: c.execute(sql, (since or 0.0,)).fetchall())
        return [UsageRow(int(r["day"]), r["model"], r["n"], int(r["i"] or 0), int(r["o"] or 0), float(r["c"] or 0.0))
                for r in rows]

    def costliest_sessions(self, *, since: float | None = None, limit: int = 10) -> list[SessionInfo]:
        sql = (f"SELECT {SESSION_COLS} FROM sessions WHERE updated_at >= %s "
               "AND cost_usd + input_tokens + output_tokens > 0 "
               "ORDER BY cost_usd DESC, input_tokens + output_tokens DESC, id LIMIT %s")
        rows = self._read(lambda c: c.execute(sql, (since or 0.0, limit_arg(limit))).fetchall())
        return [row_to_info(r) for r in rows]

    def set_title(self, session_id: str, title: str) -> None:
        self._update_session(session_id, "title", title)

    def set_system_prompt(self, session_id: str, prompt: str) -> None:
        self._update_session(session_id, "system_prompt", prompt)

    def _update_session(self, session_id: str, column: str, value: Any) -> None:
        def tx(cur: Any) -> None:
            if cur.execute(f"UPDATE sessions SET {column} = %s WHERE id = %s", (clean(value), session_id)).rowcount == 0:
                raise StoreError(f"no session {session_id!r}")

        self._write(f"set the {column.replace('_', ' ')}", tx)

    def get_system_prompt(self, session_id: str) -> str | None:
        row = self._read(lambda c: c.execute("SELECT system_prompt FROM sessions WHERE id = %s",
                                             (session_id,)).fetchone())
        return row["system_prompt"] if row else None

    def fork(self, session_id: str) -> SessionInfo:
        """A new session (parent_id set) holding a copy of the active view; usage totals start at 0."""
        def tx(cur: Any) -> str:
            src = self._require(cur, session_id, "FOR SHARE")  # waits out an append in flight
            title = f"{src['title']} (fork)" if src["title"] else None
            row = self._insert_session(cur, session_id=None, source=src["source"], scope=src["scope"],
                                       model=src["model"], user_id=src["user_id"], chat_id=src["chat_id"],
                                       title=title, parent_id=session_id, created_at=None,
                                       system_prompt=src["system_prompt"])
            sid = row["id"]
            cur.execute(f"INSERT INTO messages (session_id, seq, {MESSAGE_FIELDS}) "
                        f"SELECT %s, row_number() OVER (ORDER BY seq, id), {MESSAGE_FIELDS} FROM messages "
                        "WHERE session_id = %s AND NOT compacted ORDER BY seq, id", (sid, session_id))
            cur.execute("UPDATE sessions SET message_count = (SELECT count(*) FROM messages "
                        "WHERE session_id = %s AND NOT summary) WHERE id = %s", (sid, sid))
            return sid

        new_id = self._write("fork a session", tx)
        info = self.get_session(new_id)
        assert info is not None
        return info

    def delete_session(self, session_id: str) -> bool:
        return self._write("delete a session", lambda c: c.execute(
            "DELETE FROM sessions WHERE id = %s", (session_id,)).rowcount > 0)  # messages: ON DELETE CASCADE

    def prune(self, *, older_than: float, source: str | None = None, batch: int = 200) -> int:
        """Delete sessions not updated since `older_than`; batched so other writers are not starved."""
        cond, args = "updated_at < %s", [older_than]
        if source is not None:
            cond, args = cond + " AND source = %s", args + [source]

        def tx(cur: Any) -> int:
            # SKIP LOCKED: a session being written to right now is not idle, whatever it said before.
            return cur.execute(f"DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE {cond} "
                               "LIMIT %s FOR UPDATE SKIP LOCKED)", [*args, batch]).rowcount

        total = 0
        while True:
            n = self._write("prune sessions", tx)
            total += n
            if n < batch:
                return total

    # ---- messages -------------------------------------------------------------------------------

    @staticmethod
    def _insert_messages(cur: Any, session_id: str, rows: list[tuple]) -> list[int]:
        """Insert after the session's last row; the caller holds the session's row lock."""
        seq = cur.execute("SELECT COALESCE(MAX(seq), 0) AS s FROM messages WHERE session_id = %s",
                          (session_id,)).fetchone()["s"]
        base = float(int(seq))
        ids: list[int] = []
        for start in range(0, len(rows), INSERT_CHUNK):
            chunk = rows[start:start + INSERT_CHUNK]
            args: list = []
            for i, row in enumerate(chunk, start + 1):
                args += [session_id, base + i, *row]
            got = cur.execute(f"INSERT INTO messages (session_id, seq, {MESSAGE_FIELDS}) VALUES "
                              f"{', '.join([MESSAGE_VALUES] * len(chunk))} RETURNING id, seq", args).fetchall()
            ids += [r["id"] for r in sorted(got, key=lambda r: r["seq"])]  # RETURNING order is not promised
        return ids

    def append_messages(self, session_id: str, messages: Iterable[Message], usage: Usage | None = None,
                        model: str | None = None, cost_usd: float = 0.0) -> list[int]:
        msgs = list(messages)
        rows = [message_row(m) for m in msgs]
        u = usage or Usage()
        originals = sum(1 for m in msgs if not m.summary)

        def tx(cur: Any) -> list[int]:
            self._require(cur, session_id, "FOR NO KEY UPDATE")
            ids = self._insert_messages(cur, session_id, rows) if rows else []
            cur.execute("UPDATE sessions SET message_count = message_count + %s, input_tokens = input_tokens + %s, "
                        "output_tokens = output_tokens + %s, cache_read_tokens = cache_read_tokens + %s, "
                        "cache_write_tokens = cache_write_tokens + %s, cost_usd = cost_usd + %s, "
                        "model = COALESCE(%s, model), updated_at = GREATEST(updated_at, %s) WHERE id = %s",
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
        rows = [message_row(m) for m in messages]
        if created_at is None and messages:
            created_at = min(m.timestamp for m in messages)

        def tx(cur: Any) -> str | None:
            row = self._insert_session(cur, session_id=session_id, source=source, scope=scope, model=None,
                                       user_id=None, chat_id=None, title=title, parent_id=None,
                                       created_at=created_at)
            if row is None:
                return None
            self._insert_messages(cur, row["id"], rows)
            cur.execute("UPDATE sessions SET message_count = %s WHERE id = %s",
                        (sum(1 for m in messages if not m.summary), row["id"]))
            return row["id"]

        sid = self._write("import a session", tx)
        return self.get_session(sid) if sid else None

    def get_messages(self, session_id: str, *, include_compacted: bool = False) -> list[Message]:
        sql = f"SELECT {MESSAGE_COLS} FROM messages WHERE session_id = %s"
        if not include_compacted:
            sql += " AND NOT compacted"
        rows = self._read(lambda c: c.execute(sql + " ORDER BY seq, id", (session_id,)).fetchall())
        return [row_to_message(r) for r in rows]

    def compact(self, session_id: str, message_ids: list[int], summary: Message | None) -> None:
        """Hide `message_ids` from the active view; `summary` (if any) takes the first one's place."""
        ids = sorted({int(i) for i in message_ids})
        if not ids:
            return
        srow = message_row(summary) if summary is not None else None

        def tx(cur: Any) -> int | None:
            self._require(cur, session_id, "FOR NO KEY UPDATE")
            r = cur.execute("SELECT count(*) AS n, MIN(seq) AS first FROM messages WHERE session_id = %s "
                            "AND id = ANY(%s)", (session_id, ids)).fetchone()
            n, first = r["n"], r["first"]
            if n != len(ids):
                raise StoreError(f"compact: {len(ids) - n} of the messages are not in session {session_id!r}")
            cur.execute("UPDATE messages SET compacted = true WHERE id = ANY(%s)", (ids,))
            if srow is None:
                return None
            prev = cur.execute("SELECT MAX(seq) AS s FROM messages WHERE session_id = %s AND seq < %s",
                               (session_id, first)).fetchone()["s"]
            if prev is not None and first - prev < 1e-6:
                # Repeated compaction at one spot halved the gap too often: renumber the session.
                cur.execute("UPDATE messages SET seq = r.n FROM (SELECT id, row_number() OVER "
                            "(ORDER BY seq, id) AS n FROM messages WHERE session_id = %s) AS r "
                            "WHERE messages.id = r.id", (session_id,))
                first = cur.execute("SELECT MIN(seq) AS s FROM messages WHERE id = ANY(%s)", (ids,)).fetchone()["s"]
                prev = first - 1.0 if first > 1 else None
            seq = first - 1.0 if prev is None else (prev + first) / 2
            return cur.execute(f"INSERT INTO messages (session_id, seq, {MESSAGE_FIELDS}) VALUES "
                               f"{MESSAGE_VALUES} RETURNING id", (session_id, seq, *srow[:-1], True)).fetchone()["id"]

        new_id = self._write("compact a session", tx)
        if summary is not None:
            summary.id, summary.summary = new_id, True

    def delete_last_turn(self, session_id: str) -> int:
        def tx(cur: Any) -> int:
            if cur.execute("SELECT 1 FROM sessions WHERE id = %s FOR NO KEY UPDATE", (session_id,)).fetchone() is None:
                return 0
            row = cur.execute("SELECT seq FROM messages WHERE session_id = %s AND role = 'user' AND NOT compacted "
                              "AND NOT summary ORDER BY seq DESC, id DESC LIMIT 1", (session_id,)).fetchone()
            if row is None:
                return 0
            originals = cur.execute("SELECT count(*) AS n FROM messages WHERE session_id = %s AND seq >= %s "
                                    "AND NOT summary", (session_id, row["seq"])).fetchone()["n"]
            removed = cur.execute("DELETE FROM messages WHERE session_id = %s AND seq >= %s",
                                  (session_id, row["seq"])).rowcount
            cur.execute("UPDATE sessions SET message_count = GREATEST(0, message_count - %s), "
                        "updated_at = GREATEST(updated_at, %s) WHERE id = %s", (originals, time.time(), session_id))
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
        from hermes.state import postgres_search

        return self._read(lambda c: postgres_search.search(
            c, query, scope=scope, sources=sources, roles=roles, since=since, until=until, session_id=session_id,
            limit=limit, context=context, row_to_message=row_to_message), snapshot=True)

    # ---- scheduled-job run records --------------------------------------------------------------

    def record_run_start(self, job_id: str, *, started_at: float, session_id: str | None = None,
                         status: str = "running") -> int:
        check_status(status)
        return self._write("record a job run", lambda c: c.execute(
            "INSERT INTO cron_runs (job_id, started_at, status, session_id) VALUES (%s, %s, %s, %s) RETURNING id",
            (job_id, started_at, status, session_id)).fetchone()["id"])

    def record_run_end(self, run_id: int, *, status: str, ended_at: float, tokens: int = 0,
                       error: str | None = None, output_path: str | None = None,
                       session_id: str | None = None) -> None:
        check_status(status)

        def tx(cur: Any) -> None:
            n = cur.execute("UPDATE cron_runs SET status = %s, ended_at = %s, tokens = %s, error = %s, "
                            "output_path = %s, session_id = COALESCE(%s, session_id) WHERE id = %s",
                            (status, ended_at, tokens, clean(error), output_path, session_id, run_id)).rowcount
            if n == 0:
                raise StoreError(f"no job run {run_id}")

        self._write("record a job run", tx)

    def list_runs(self, job_id: str | None = None, *, status: str | None = None,
                  limit: int = 50) -> list[RunRecord]:
        where, args = [], []
        if job_id is not None:
            where.append("job_id = %s"); args.append(job_id)
        if status is not None:
            where.append("status = %s"); args.append(status)
        sql = (f"SELECT * FROM cron_runs {'WHERE ' + ' AND '.join(where) if where else ''} "
               "ORDER BY started_at DESC, id DESC LIMIT %s")
        rows = self._read(lambda c: c.execute(sql, [*args, limit_arg(limit)]).fetchall())
        return [RunRecord(id=r["id"], job_id=r["job_id"], started_at=r["started_at"], ended_at=r["ended_at"],
                          status=r["status"], session_id=r["session_id"], tokens=r["tokens"], error=r["error"],
                          output_path=r["output_path"]) for r in rows]
