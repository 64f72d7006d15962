"""Scheduled jobs in the PostgreSQL store (`store.backend: postgres`), shared by every process and host.

The same job store as jobs.json (it subclasses `JobStore`, so create / update / remove / results go
through the very same code) with the storage underneath swapped: each job is a row whose `data` is
the record jobs.json would hold. `edit()` is one transaction holding a SHARE ROW EXCLUSIVE lock on
the table (edits queue behind each other, plain reads do not wait): the flock of the file store.

What only a fleet needs lives here too:
- claims: a row per fired occurrence, primary key (job, due time), written in the transaction that
  advances the job and opens its run record, so a due run starts once across the fleet even if two
  schedulers ever believed they led at the same moment;
- fencing: a scheduler's claiming transaction first checks, under a share lock on the lease row,
  that its lease (hermes.cron.leader) is still current; a deposed leader's claim is refused;
- recovery: runs a dead (or deposed) leader left unfinished are marked interrupted by its successor
  and run once more (see `recover`); so are manual runs whose process died, without the re-run.
  A claim names the record of its newest attempt (see ClaimedAttempts), so a run that died waiting
  to retry, or in a retry, is found like one that died in its first attempt;
- manual runs: claimed for their duration in `cron_manual_runs` under an advisory lock
  (hermes.cron.pg_manual); a due run of a job with a live manual run is not claimed.
Run records stay in `cron_runs`, the session store's table in the same database.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Any, Iterator

from hermes.cron.jobs import Job, JobsFileError, JobStore
from hermes.cron.schedule import format_local, resolve_tz
from hermes.state.base import StoreError
from hermes.state.postgres_conn import _rollback, psycopg
from hermes.state.postgres_schema import check_status, clean

LEADER_NAME = "scheduler"
DB_NOW = "extract(epoch FROM clock_timestamp())::float8"  # the database's clock: hosts' clocks may differ
CLAIM_KEEP_SECONDS = 30 * 86400  # claims older than this are pruned at takeover


class NotLeader(StoreError):
    """This scheduler's lease is gone (expired or taken over): it must not claim runs."""


class PgJobStore(JobStore):
    """JobStore over the `cron_jobs` table of a PostgresStore's database."""

    shared = True  # one job list for every process on the database, not one per home

    def __init__(self, db: Any, tz: Any = None) -> None:
        # no super().__init__: there is no file; the operations only need tz, last_key and edit()
        self.db = db
        self._pg = db._pg  # the store's pooled Connector: same database, same limits
        self.where = db.where
        self.tz = resolve_tz(tz)
        self.last_key: tuple[int, int] | None = None
        self._cur: Any = None  # the cursor of the edit in progress, for claims and run records

    # ---- transactions ---------------------------------------------------------------------------

    def run(self, what: str, fn: Any, *, read: bool = False) -> Any:
        return self._pg.run(what, fn, read=read, single=read)

    @contextmanager
    def _transaction(self, what: str) -> Iterator[Any]:
        """One transaction whose body runs in the caller's `with` block. Not retried: the body may
        have done things (opened runs) that a replay would do twice."""
        pg = self._pg
        conn, slots = pg._checkout()
        pid = os.getpid()
        try:
            conn.execute("BEGIN")
            with conn.cursor() as cur:
                yield cur
            conn.execute("COMMIT")
        except psycopg.Error as e:
            _rollback(conn)
            raise pg._error(e, what, False) from e
        except BaseException:
            _rollback(conn)
            raise
        finally:
            pg._checkin(conn, pid, slots)

    # ---- reading --------------------------------------------------------------------------------

    @staticmethod
    def _key(cur: Any) -> tuple[int, int]:
        r = cur.execute("SELECT count(*) AS n, COALESCE(max(version), 0) AS v FROM cron_jobs").fetchone()
        return (int(r["n"]), int(r["v"]))

    @staticmethod
    def _jobs(rows: list[dict]) -> list[Job]:
        try:
            return [Job.from_dict(r["data"], f"job {r['id']}") for r in rows]
        except ValueError as e:  # a row changed by hand into something Hermes cannot read
            raise JobsFileError(f"a scheduled job in the store cannot be read: {e}. Fix or delete that row "
                                "of cron_jobs; no job changes until then.") from None

    def file_key(self) -> tuple[int, int]:
        """Changes whenever any job is added, changed or removed (the name is the file store's)."""
        return self.run("read scheduled jobs", self._key, read=True)

    def load(self) -> list[Job]:
        return self.load_with_key()[0]

    def load_with_key(self) -> tuple[list[Job], tuple[int, int]]:
        def tx(cur: Any) -> tuple[list[dict], tuple[int, int]]:
            rows = cur.execute("SELECT id, data FROM cron_jobs ORDER BY pos").fetchall()
            return rows, self._key(cur)

        rows, key = self._pg.run("read scheduled jobs", tx, read=True)
        return self._jobs(rows), key

    # ---- locked read-modify-write ---------------------------------------------------------------

    @contextmanager
    def edit(self, fence: int | None = None) -> Iterator[list[Job]]:
        """Lock, load, let the caller change the list in place, write back what changed. With
        `fence` (a lease token) the transaction only proceeds while that lease is current."""
        with self._transaction("change scheduled jobs") as cur:
            cur.execute("LOCK TABLE cron_jobs IN SHARE ROW EXCLUSIVE MODE")
            if fence is not None:
                row = cur.execute(f"SELECT token FROM cron_leader WHERE name = %s AND token = %s "
                                  f"AND expires_at > {DB_NOW} FOR SHARE", (LEADER_NAME, fence)).fetchone()
                if row is None:
                    raise NotLeader("this scheduler's lease has expired or was taken over; it stands down")
            rows = cur.execute("SELECT id, data FROM cron_jobs ORDER BY pos").fetchall()
            jobs = self._jobs(rows)
            self._cur = cur
            try:
                yield jobs
            finally:
                self._cur = None
            self._save(cur, jobs, {r["id"]: r["data"] for r in rows})
            self.last_key = self._key(cur)

    @staticmethod
    def _save(cur: Any, jobs: list[Job], old: dict[str, Any]) -> None:
        from psycopg.types.json import Jsonb

        gone = set(old) - {j.id for j in jobs}
        if gone:
            cur.execute("DELETE FROM cron_jobs WHERE id = ANY(%s)", (list(gone),))
        for job in jobs:
            data = clean(job.to_dict())
            if job.id not in old:
                cur.execute("INSERT INTO cron_jobs (id, scope, enabled, next_run_at, data) VALUES (%s, %s, %s, %s, %s)",
                            (job.id, job.scope, job.enabled, job.next_run_at, Jsonb(data)))
            elif data != old[job.id]:
                cur.execute("UPDATE cron_jobs SET scope = %s, enabled = %s, next_run_at = %s, data = %s, "
                            "version = nextval('cron_jobs_version') WHERE id = %s",
                            (job.scope, job.enabled, job.next_run_at, Jsonb(data), job.id))

    # ---- a home's jobs.json, when the home moves to the shared store -----------------------------

    def import_file(self, home: Any) -> list[str]:
        """Add the jobs of `home`'s cron/jobs.json (from before the home used this store) to the
        shared table, once: the file is then renamed jobs.json.imported, so it is not read again
        and nothing is lost. Jobs whose id the table already holds are left as the table has them
        (another host imported them, or an earlier import stopped before the rename). Returns the
        ids added, for the caller to report."""
        local = JobStore(home, tz=self.tz)
        if not local.path.exists():
            return []
        found = local.load()  # a file Hermes cannot read raises JobsFileError and stays in place
        added: list[str] = []
        with self.edit() as jobs:
            have = {j.id for j in jobs}
            for job in found:
                if job.id not in have:
                    jobs.append(job)
                    added.append(job.id)
        local.path.replace(local.path.with_name(local.path.name + ".imported"))
        return added

    # ---- run records, inside the edit's transaction when there is one ---------------------------

    def record_run_start(self, job_id: str, *, started_at: float, session_id: str | None = None,
                         status: str = "running") -> int:
        if self._cur is None:
            return self.db.record_run_start(job_id, started_at=started_at, session_id=session_id, status=status)
        check_status(status)
        return self._cur.execute("INSERT INTO cron_runs (job_id, started_at, status, session_id) "
                                 "VALUES (%s, %s, %s, %s) RETURNING id",
                                 (job_id, started_at, status, session_id)).fetchone()["id"]

    def record_run_end(self, run_id: int, *, status: str, ended_at: float, error: str | None = None,
                       **kw: Any) -> None:
        if self._cur is None:
            self.db.record_run_end(run_id, status=status, ended_at=ended_at, error=error, **kw)
            return
        check_status(status)
        self._cur.execute("UPDATE cron_runs SET status = %s, ended_at = %s, error = %s WHERE id = %s",
                          (status, ended_at, clean(error), run_id))

    def claim_run(self, job_id: str, due_at: float, now: float, token: int | None) -> int | None:
        """Inside edit(): claim the occurrence of `job_id` due at `due_at` and open its run record.
        None when it was claimed before (it ran, or runs, elsewhere); a claim that `recover`
        reopened for its one re-run (run_id NULL, attempts 2) can be claimed again."""
        cur = self._cur
        if cur is None:
            raise RuntimeError("claim_run belongs inside edit()")
        if self.manual_run(job_id) is not None:  # a manual run of it goes on somewhere
            return None
        row = cur.execute(
            "INSERT INTO cron_claims (job_id, due_at, token, run_id, claimed_at) VALUES (%s, %s, %s, NULL, %s) "
            "ON CONFLICT (job_id, due_at) DO UPDATE SET token = EXCLUDED.token, claimed_at = EXCLUDED.claimed_at "
            "WHERE cron_claims.run_id IS NULL AND cron_claims.attempts = 2 RETURNING job_id",
            (job_id, due_at, token or 0, now)).fetchone()
        if row is None:
            return None
        run_id = self.record_run_start(job_id, started_at=now)
        cur.execute("UPDATE cron_claims SET run_id = %s WHERE job_id = %s AND due_at = %s", (run_id, job_id, due_at))
        return run_id

    def attempts(self, job_id: str, due_at: float, token: int | None) -> "ClaimedAttempts":
        """What the scheduler's run of a claimed occurrence records its retries with."""
        return ClaimedAttempts(self, job_id, due_at, token or 0)

    def manual_run(self, job_id: str) -> Any:
        """Inside edit(): the live manual run of `job_id` anywhere on the database (a
        hermes.cron.pg_manual.LiveRun), or None; then none can start before this edit commits."""
        from hermes.cron.pg_manual import live_manual

        if self._cur is None:
            raise RuntimeError("manual_run belongs inside edit()")
        return live_manual(self._cur, job_id)

    def recover(self, token: int, now: float, *, skip: Any = ()) -> dict[str, dict[str, Any]]:
        """At takeover: every claimed run an earlier leader left running (its process died or lost the
        lease) is recorded as interrupted. An interrupted occurrence runs once more: its job is made
        due again at the occurrence's time, so the next tick re-runs it, or records it as missed if
        that is now more than cron.grace_minutes late. A second interruption is recorded, not
        retried. Returns the last_* fields written, by job id. Jobs in `skip` run in this process."""
        fixed: dict[str, dict[str, Any]] = {}
        with self.edit(fence=token) as jobs:
            cur = self._cur
            by_id = {j.id: j for j in jobs}
            rows = cur.execute(
                "SELECT c.job_id, c.due_at, c.run_id, c.attempts, r.status FROM cron_claims c "
                "JOIN cron_runs r ON r.id = c.run_id WHERE c.token < %s AND r.status IN ('running', 'interrupted') "
                "ORDER BY c.due_at", (token,)).fetchall()
            for r in rows:
                if r["job_id"] in skip:
                    continue
                if r["status"] == "running":
                    self.record_run_end(r["run_id"], status="interrupted", ended_at=now,
                                        error="the scheduler running it stopped (killed, crashed or lost its "
                                              "lease) before it finished")
                again = r["attempts"] < 2
                cur.execute("UPDATE cron_claims SET run_id = NULL, attempts = attempts + 1, token = %s "
                            "WHERE job_id = %s AND due_at = %s", (token, r["job_id"], r["due_at"]))
                job = by_id.get(r["job_id"])
                if job is None:
                    continue
                due = format_local(r["due_at"], self.tz)
                job.last_status = "interrupted"
                if again and job.enabled:
                    job.next_run_at = min(job.next_run_at if job.next_run_at is not None else r["due_at"],
                                          r["due_at"])
                    job.last_error = f"the run due {due} was interrupted (its scheduler stopped); it runs once more"
                else:
                    job.last_error = f"the run due {due} was interrupted again; it is not retried"
                fixed[job.id] = {"last_status": job.last_status, "last_error": job.last_error}
            from hermes.cron.pg_manual import recover_manual

            for run in recover_manual(cur, now):  # manual runs are not retried: recorded, and free to run again
                job = by_id.get(run.job_id)
                if job is None:
                    continue
                since = format_local(run.since, self.tz) if run.since is not None else "?"
                job.last_status = "interrupted"
                job.last_error = f"the manual run started {since} was interrupted (its process stopped)"
                fixed[job.id] = {"last_status": job.last_status, "last_error": job.last_error}
            cur.execute(f"DELETE FROM cron_claims WHERE claimed_at < {DB_NOW} - %s AND run_id IS NOT NULL",
                        (float(CLAIM_KEEP_SECONDS),))
        return fixed


class ClaimedAttempts:
    """The retries of a claimed run (hermes.cron.runner.Attempts), kept on its claim.

    The claim's `run_id` names the record of the attempt in progress, or of the one waiting for its
    backoff to end: recovery looks only at that record, so a leader that dies between attempts or
    during a retry leaves a "running" record that its successor finds, marks interrupted and re-runs
    once. Each step is fenced by the claim's lease token: a leader deposed while it waited neither
    opens nor starts a retry that its successor has taken over."""

    def __init__(self, jobs: PgJobStore, job_id: str, due_at: float, token: int) -> None:
        self.jobs, self.job_id, self.due_at, self.token = jobs, job_id, due_at, token

    def _ours(self, cur: Any, run_id: int) -> bool:
        """The claim still names `run_id`, under this token, and that token's lease is live; the
        share lock on the lease row holds off a takeover until the caller's transaction ends."""
        return cur.execute(
            "SELECT 1 AS ok FROM cron_claims c JOIN cron_leader l ON l.name = %s AND l.token = c.token "
            f"AND l.expires_at > {DB_NOW} WHERE c.job_id = %s AND c.due_at = %s AND c.token = %s AND c.run_id = %s "
            "FOR SHARE OF l", (LEADER_NAME, self.job_id, self.due_at, self.token, run_id)).fetchone() is not None

    def retry(self, failed_id: int, *, ended_at: float, tokens: int, error: str) -> int:
        with self.jobs._transaction("record a retry") as cur:
            if not self._ours(cur, failed_id):
                raise NotLeader("this scheduler's lease has expired or was taken over: the retry is left "
                                "to the next leader")
            cur.execute("UPDATE cron_runs SET status = 'failed', ended_at = %s, tokens = %s, error = %s "
                        "WHERE id = %s", (ended_at, tokens, clean(error), failed_id))
            run_id = cur.execute("INSERT INTO cron_runs (job_id, started_at, status) VALUES (%s, %s, 'running') "
                                 "RETURNING id", (self.job_id, ended_at)).fetchone()["id"]
            cur.execute("UPDATE cron_claims SET run_id = %s WHERE job_id = %s AND due_at = %s",
                        (run_id, self.job_id, self.due_at))
            return run_id

    def begin(self, run_id: int) -> None:
        with self.jobs._transaction("check the scheduler lease before a retry") as cur:
            ours = self._ours(cur, run_id)
        if not ours:
            raise NotLeader("this scheduler's lease has expired or was taken over while the run waited to "
                            "retry: the retry is left to the next leader")

