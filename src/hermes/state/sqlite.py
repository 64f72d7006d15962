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

SQLiteStore is assembled in layers: `sqlite_conn` (connection, pragmas, retries, transactions),
`sqlite_sessions` (session rows), `sqlite_messages` (message rows); search and job-run records are here.
"""

from __future__ import annotations

import sqlite3

from hermes.state.base import RunRecord, SearchHit, StoreError
# Re-exported: callers import these from here.
from hermes.state.sqlite_conn import BUSY_TIMEOUT, READ_PATIENCE, WRITE_PATIENCE  # noqa: F401
from hermes.state.sqlite_messages import ROLES, MessageTable, row_to_message  # noqa: F401
from hermes.state.sqlite_sessions import new_session_id  # noqa: F401

RUN_STATUSES = frozenset({"running", "ok", "failed", "interrupted", "missed", "silent"})


class SQLiteStore(MessageTable):
    """SessionStore on a SQLite file. Safe to share between threads; one object per process is enough."""

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
