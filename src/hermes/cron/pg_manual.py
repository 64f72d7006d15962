"""Manual runs of a job on the PostgreSQL store, claimed in the database for as long as they run.

On one host the file run lock (hermes.cron.runner.RunLock) keeps a manual run and a scheduled run
of a job apart. With `store.backend: postgres` the jobs are shared by a fleet, so a manual run also
claims the job in the database: `hermes cron run` on host A is refused while B's scheduler runs
the job, and B's scheduler skips a due run while A's manual run goes on.

How liveness is known: the manual run holds a session advisory lock on a connection of its own,
keyed by the job id, from before its row in `cron_manual_runs` is written until after it is
deleted. So a row whose lock is free was left by a process that died, whoever looks at it.
Why an advisory lock and not a renewed lease as the scheduler has (hermes.cron.leader): a
killed or crashed process closes its socket, and the server frees the lock at once, with no
heartbeat to keep running beside an agent that may block its event loop. The weak case of a lock,
a host that vanishes or a cut network, is bounded by server-side TCP keepalives set on that
connection (about 25 s); meanwhile the job is refused or skipped, never run twice.
Scheduled runs need no lock: their claim row (hermes.cron.pg_jobs) names the leader's token, and
a run is live while that token's lease is.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import time
from dataclasses import dataclass
from typing import Any

from hermes.cron.pg_jobs import DB_NOW, LEADER_NAME
from hermes.cron.schedule import format_local
from hermes.state.base import StoreError

log = logging.getLogger("hermes.cron")

LOCK_KEY = "hashtextextended(%s, 1751477605)"  # 64-bit key from the job id; the seed keeps it Hermes's own
START_WAIT = 10.0  # how long a start waits out a scheduler's claiming transaction holding the lock
# server side: notice a vanished client (and free its lock) within idle + interval * count seconds
KEEPALIVE = "SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3"


class RunningElsewhere(ValueError):
    """A run of the job is live somewhere in the fleet: this manual run is not started."""


@dataclass
class LiveRun:
    job_id: str
    kind: str  # manual | scheduled
    run_id: int | None = None
    since: float | None = None
    host: str | None = None
    pid: int | None = None

    def message(self, tz: Any = None) -> str:
        when = format_local(self.since, tz) if self.since is not None else "a moment ago"
        who = f"; {self.kind} run, pid {self.pid or '?'} on {self.host or '?'}"
        return f"job {self.job_id} is already running on another host (since {when}{who})"


def _live(row: dict, kind: str) -> LiveRun:
    return LiveRun(row["job_id"], kind, row.get("run_id"), row.get("since"), row.get("host"), row.get("pid"))


# ---- checks inside a transaction of the job store (scheduler side) -------------------------------------

def live_manual(cur: Any, job_id: str) -> LiveRun | None:
    """The live manual run of `job_id`, or None. When none is live, the job's lock is taken for the
    rest of the transaction, so no manual run can start until the caller's claim is committed."""
    free = cur.execute(f"SELECT pg_try_advisory_xact_lock({LOCK_KEY}) AS free", (job_id,)).fetchone()["free"]
    if free:
        return None
    row = cur.execute("SELECT job_id, run_id, since, host, pid FROM cron_manual_runs WHERE job_id = %s",
                      (job_id,)).fetchone()
    return _live(row, "manual") if row else LiveRun(job_id, "manual")  # no row yet: it is starting


def live_scheduled(cur: Any, job_id: str) -> LiveRun | None:
    """A run of `job_id` claimed by the scheduler whose lease is live now (it runs it, or will).
    A retry opens a record of its own after the claimed one: any running record of the job from the
    claim on counts, except those of manual runs (theirs is the lock)."""
    row = cur.execute(
        "SELECT c.job_id, r.id AS run_id, r.started_at AS since, l.host, l.pid FROM cron_claims c "
        f"JOIN cron_leader l ON l.name = %s AND l.token = c.token AND l.expires_at > {DB_NOW} "
        "JOIN cron_runs r ON r.job_id = c.job_id AND r.id >= c.run_id AND r.status = 'running' "
        "WHERE c.job_id = %s AND NOT EXISTS (SELECT 1 FROM cron_manual_runs m WHERE m.run_id = r.id) "
        "ORDER BY r.id DESC LIMIT 1",
        (LEADER_NAME, job_id)).fetchone()
    return _live(row, "scheduled") if row else None


def recover_manual(cur: Any, now: float) -> list[LiveRun]:
    """Inside the job store's transaction: manual runs whose process died (their lock is free) are
    recorded as interrupted and their rows removed. Returns them. Live ones are left alone."""
    gone: list[LiveRun] = []
    for row in cur.execute("SELECT job_id, run_id, since, host, pid FROM cron_manual_runs ORDER BY since").fetchall():
        if live_manual(cur, row["job_id"]) is not None:
            continue
        run = _live(row, "manual")
        _interrupt(cur, run, now)
        cur.execute("DELETE FROM cron_manual_runs WHERE job_id = %s", (run.job_id,))
        gone.append(run)
    return gone


def _interrupt(cur: Any, run: LiveRun, now: float) -> None:
    if run.run_id is not None:
        cur.execute("UPDATE cron_runs SET status = 'interrupted', ended_at = %s, error = %s "
                    "WHERE id = %s AND status = 'running'",
                    (now, f"the manual run's process (pid {run.pid or '?'} on {run.host or '?'}) stopped "
                          "(killed or crashed) before it finished", run.run_id))


# ---- the claim a manual run holds ------------------------------------------------------------------------

class ManualClaim:
    """Held by a manual run from start to end: its own connection, the job's advisory lock, its row
    in cron_manual_runs and its run record (opened with the claim: `run_id`)."""

    def __init__(self, conn: Any, job_id: str, holder: str, run_id: int) -> None:
        self.conn, self.job_id, self.holder, self.run_id = conn, job_id, holder, run_id

    def release(self) -> None:
        """Remove the row, then free the lock (that order: a row is never seen without its lock by
        a live run). Closing the connection frees the lock even if the statements fail."""
        conn, self.conn = self.conn, None
        if conn is None:
            return
        try:
            conn.execute("DELETE FROM cron_manual_runs WHERE job_id = %s AND holder = %s", (self.job_id, self.holder))
            conn.execute(f"SELECT pg_advisory_unlock({LOCK_KEY})", (self.job_id,))
        except Exception as e:  # the connection is gone: so is the lock; recovery removes the row
            log.warning("could not release the claim on job %s cleanly: %s", self.job_id, e)
        finally:
            try:
                conn.close()
            except Exception:
                pass


def claim_manual(db: Any, job_id: str, *, started_at: float, tz: Any = None,
                 wait: float = START_WAIT) -> ManualClaim:
    """Claim `job_id` for a manual run starting now, with its run record opened ("running").
    Raises RunningElsewhere (a ValueError) when a run of the job is live anywhere on the database."""
    import psycopg

    pg = db._pg
    conn = pg.connect()
    ok = False
    try:
        try:
            conn.execute(KEEPALIVE)
        except psycopg.Error:  # a server that refuses these still gives a lock freed on disconnect
            log.debug("tcp keepalive settings refused", exc_info=True)
        deadline = time.monotonic() + wait
        while not conn.execute(f"SELECT pg_try_advisory_lock({LOCK_KEY}) AS ok", (job_id,)).fetchone()["ok"]:
            row = conn.execute("SELECT job_id, run_id, since, host, pid FROM cron_manual_runs WHERE job_id = %s",
                               (job_id,)).fetchone()
            if row is not None:
                raise RunningElsewhere(_live(row, "manual").message(tz))
            if time.monotonic() > deadline:  # held without a row for this long: a start that hangs
                raise RunningElsewhere(LiveRun(job_id, "manual").message(tz))
            time.sleep(0.05)  # a scheduler's claiming transaction holds it for milliseconds
        # the lock is ours: no manual run elsewhere, and no scheduler is between check and claim
        sched = live_scheduled(conn, job_id)
        if sched is not None:
            raise RunningElsewhere(sched.message(tz))
        holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        with conn.transaction():
            stale = conn.execute("SELECT job_id, run_id, since, host, pid FROM cron_manual_runs WHERE job_id = %s",
                                 (job_id,)).fetchone()
            if stale is not None:  # its lock was free: left by a dead process
                _interrupt(conn, _live(stale, "manual"), started_at)
            run_id = conn.execute("INSERT INTO cron_runs (job_id, started_at, status) VALUES (%s, %s, 'running') "
                                  "RETURNING id", (job_id, started_at)).fetchone()["id"]
            conn.execute(
                "INSERT INTO cron_manual_runs (job_id, run_id, holder, host, pid, since) VALUES (%s, %s, %s, %s, %s, %s) "
                "ON CONFLICT (job_id) DO UPDATE SET run_id = EXCLUDED.run_id, holder = EXCLUDED.holder, "
                "host = EXCLUDED.host, pid = EXCLUDED.pid, since = EXCLUDED.since",
                (job_id, run_id, holder, socket.gethostname(), os.getpid(), started_at))
        ok = True
        return ManualClaim(conn, job_id, holder, run_id)
    except psycopg.Error as e:
        raise StoreError(f"could not claim job {job_id} for a manual run ({pg.where}): {pg.clean(e)}") from None
    finally:
        if not ok:
            conn.close()  # frees the lock if it was taken
