"""What the SQLite and PostgreSQL stores share: the seam between SQL written once and each database,
search dispatch, and the scheduled-job run records.

The session, message and run-record logic (`sql_sessions`, `sql_messages`, this module) is written
once, with `?` placeholders and syntax both databases read the same way (`NOT flag`, `TRUE`,
`ON CONFLICT (id) DO NOTHING`, `UPDATE ... FROM`, `GROUP BY 1`). Rows are read by column name. Each
store states in its own class what its database does differently:

- `_write(what, fn)` / `_read(fn)`: run `fn(c)` in one write / read transaction, where
  `c.execute(sql, args)` returns a cursor (`fetchone`, `fetchall`, `rowcount`);
- `_sql(text)`: the shared SQL in the driver's placeholder style;
- `ROW_LOCK_WRITE` / `ROW_LOCK_SHARE` / `ROW_LOCK_SKIP`: what follows a SELECT of session rows to
  lock them for a write, for a consistent copy, or for deletion skipping rows in use (PostgreSQL
  locks rows; SQLite's BEGIN IMMEDIATE already holds the database's one write lock, so: nothing);
- `GREATEST` (the two-argument maximum), `DAY` (the UTC day number of `updated_at`), `NO_LIMIT`
  (the LIMIT argument meaning no limit);
- `_clean(value)`: text as the database can store it (PostgreSQL text cannot hold NUL);
- `_insert_id(c, sql, args)`: run a one-row INSERT, return the new row's id;
- `_insert_message_rows(c, rows)`: insert whole `messages` rows, return their ids in order;
- `_id_list(ids)`: a fragment matching a column against a list (`id {fragment}`) and its argument;
- `search_lexical(...)`: the store's own full-text search.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, TypeVar

from hermes.state.base import RunRecord, SearchHit, StoreError

T = TypeVar("T")

RUN_STATUSES = frozenset({"running", "ok", "failed", "interrupted", "missed", "silent"})


def check_status(status: str) -> None:
    if status not in RUN_STATUSES:
        raise ValueError(f"unknown run status {status!r} (one of {', '.join(sorted(RUN_STATUSES))})")


def where_clause(*conditions: tuple[str, Any]) -> tuple[str, list]:
    """A WHERE clause of the conditions (each with one placeholder) whose argument is not None, and
    those arguments: the optional filters of the list calls."""
    used = [(sql, arg) for sql, arg in conditions if arg is not None]
    return ("WHERE " + " AND ".join(sql for sql, _ in used) if used else ""), [arg for _, arg in used]


def row_to_run(r: Any) -> RunRecord:
    return RunRecord(id=r["id"], job_id=r["job_id"], started_at=r["started_at"], ended_at=r["ended_at"],
                     status=r["status"], session_id=r["session_id"], tokens=r["tokens"], error=r["error"],
                     output_path=r["output_path"])


class SQLStore:
    """The base of both stores: the dialect seam (filled in by each store), search and run records."""

    ROW_LOCK_WRITE: str
    ROW_LOCK_SHARE: str
    ROW_LOCK_SKIP: str
    GREATEST: str
    DAY: str
    NO_LIMIT: int | None
    semantic: Any  # a semantic.SemanticSearch when semantic recall is on
    # Provided by the store's connection layer.
    _write: Callable[[str, Callable[[Any], Any]], Any]
    _read: Callable[[Callable[[Any], Any]], Any]

    def _sql(self, sql: str) -> str:
        raise NotImplementedError

    def _clean(self, value: Any) -> Any:
        raise NotImplementedError

    def _insert_id(self, c: Any, sql: str, args: Iterable) -> int:
        raise NotImplementedError

    def _insert_message_rows(self, c: Any, rows: list[tuple]) -> list[int]:
        raise NotImplementedError

    def _id_list(self, ids: list) -> tuple[str, Any]:
        raise NotImplementedError

    def search_lexical(self, query: str, *, scope: str | None = None, sources: list[str] | None = None,
                       roles: list[str] | None = None, since: float | None = None, until: float | None = None,
                       session_id: str | None = None, limit: int = 20, context: int = 1) -> list[SearchHit]:
        raise NotImplementedError

    # ---- helpers for the shared SQL --------------------------------------------------------------

    def _exec(self, c: Any, sql: str, args: Iterable = ()) -> Any:
        """Run one statement of the shared SQL on `c`."""
        return c.execute(self._sql(sql), args)

    def _limit(self, n: int) -> int | None:
        return self.NO_LIMIT if n < 0 else n  # a negative limit means none, as in SQLite

    # ---- search -----------------------------------------------------------------------------------

    def search(self, query: str, *, scope: str | None = None, sources: list[str] | None = None,
               roles: list[str] | None = None, since: float | None = None, until: float | None = None,
               session_id: str | None = None, limit: int = 20, context: int = 1) -> list[SearchHit]:
        search = self.semantic.search if self.semantic is not None else self.search_lexical
        return search(query, scope=scope, sources=sources, roles=roles, since=since, until=until,
                      session_id=session_id, limit=limit, context=context)

    # ---- scheduled-job run records ----------------------------------------------------------------

    def record_run_start(self, job_id: str, *, started_at: float, session_id: str | None = None,
                         status: str = "running") -> int:
        check_status(status)
        return self._write("record a job run", lambda c: self._insert_id(
            c, "INSERT INTO cron_runs (job_id, started_at, status, session_id) VALUES (?, ?, ?, ?)",
            (job_id, started_at, status, session_id)))

    def record_run_end(self, run_id: int, *, status: str, ended_at: float, tokens: int = 0,
                       error: str | None = None, output_path: str | None = None,
                       session_id: str | None = None) -> None:
        check_status(status)

        def tx(c: Any) -> None:
            n = self._exec(c, "UPDATE cron_runs SET status = ?, ended_at = ?, tokens = ?, error = ?, output_path = ?, "
                              "session_id = COALESCE(?, session_id) WHERE id = ?",
                           (status, ended_at, tokens, self._clean(error), output_path, session_id, run_id)).rowcount
            if n == 0:
                raise StoreError(f"no job run {run_id}")

        self._write("record a job run", tx)

    def list_runs(self, job_id: str | None = None, *, status: str | None = None,
                  limit: int = 50) -> list[RunRecord]:
        cond, args = where_clause(("job_id = ?", job_id), ("status = ?", status))
        sql = f"SELECT * FROM cron_runs {cond} ORDER BY started_at DESC, id DESC LIMIT ?"
        rows = self._read(lambda c: self._exec(c, sql, [*args, self._limit(limit)]).fetchall())
        return [row_to_run(r) for r in rows]
