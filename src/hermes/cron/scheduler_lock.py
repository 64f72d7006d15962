"""Which process runs a home's jobs, and whether one does.

The file store's scheduler holds an exclusive flock on cron/scheduler.lock for its life; with the
PostgreSQL store it holds the fleet-wide lease instead (hermes.cron.leader), which has the same
surface. `scheduler_status` asks whichever applies who holds it, and reads what fires next, for the
CLI, the dashboard and the API.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hermes.cron.jobs import Job, JobsFileError, JobStore, try_flock


class SchedulerLock:
    """One scheduler per home: an exclusive non-blocking flock, held for the scheduler's life and
    freed by the kernel when its process dies. The file names the holder, for `probe`."""

    def __init__(self, cron_dir: Any) -> None:
        self.path = Path(cron_dir) / "scheduler.lock"
        self.fd: int | None = None

    token = None  # the lease's surface (hermes.cron.leader.PgLeader): a flock needs no renewing
    renew_every = float("inf")

    @property
    def held(self) -> bool:
        return self.fd is not None

    def renew(self) -> bool:
        return self.fd is not None

    def acquire(self) -> bool:
        fd = self.fd = try_flock(self.path)
        if fd is None:
            return False
        info = {"pid": os.getpid(), "host": socket.gethostname(), "started_at": time.time()}
        os.ftruncate(fd, 0)
        os.pwrite(fd, (json.dumps(info) + "\n").encode(), 0)
        return True

    def release(self) -> None:
        if self.fd is not None:
            try:
                os.ftruncate(self.fd, 0)
            finally:
                os.close(self.fd)
                self.fd = None

    def probe(self) -> tuple[bool, dict[str, Any]]:
        """(held by someone, their pid/host/started_at). A try-lock: true even for this process."""
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except FileNotFoundError:
            return False, {}
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError as e:
                if e.errno not in (errno.EAGAIN, errno.EACCES):
                    raise
                try:
                    return True, json.loads(os.pread(fd, 4096, 0) or b"{}")
                except ValueError:
                    return True, {}
            return False, {}
        finally:
            os.close(fd)


def leader_for(home: Any, jobs: Any, lease_seconds: float | None = None) -> Any:
    """What a scheduler of `jobs` leads by: the fleet's lease when the jobs are shared, else the
    home's flock."""
    if getattr(jobs, "shared", False):
        from hermes.cron.leader import LEASE_SECONDS, PgLeader

        return PgLeader(jobs, lease_seconds or LEASE_SECONDS)
    return SchedulerLock(home.cron_dir)


# -- status ------------------------------------------------------------------------------------------

@dataclass
class SchedulerStatus:
    running: bool
    pid: int | None = None
    since: float | None = None
    jobs: int = 0
    enabled: int = 0
    next_job: Job | None = None
    error: str | None = None  # jobs.json cannot be read
    host: str | None = None  # where the scheduler runs, when the jobs are shared by a fleet

    def to_dict(self) -> dict[str, Any]:
        nj = self.next_job
        return {"running": self.running, "pid": self.pid, "host": self.host, "since": self.since, "jobs": self.jobs,
                "enabled": self.enabled, "error": self.error,
                "next": None if nj is None else {"id": nj.id, "name": nj.name, "next_run_at": nj.next_run_at}}


def next_due(jobs: list[Job]) -> Job | None:
    live = [j for j in jobs if j.enabled and j.next_run_at is not None]
    return min(live, key=lambda j: j.next_run_at or 0.0) if live else None


def scheduler_status(home: Any, jobs: JobStore | None = None) -> SchedulerStatus:
    """Is a scheduler running for this home (anyone holding the lock), and what fires next.
    For jobs in a shared database: is one running anywhere on it (pid is then on `host`)."""
    from hermes.state.base import StoreError

    jobs = jobs or JobStore(home, tz="UTC")
    try:
        held, info = leader_for(home, jobs).probe()
    except StoreError as e:
        return SchedulerStatus(running=False, error=str(e))
    st = SchedulerStatus(running=held, pid=info.get("pid"), since=info.get("started_at"),
                         host=info.get("host") if jobs.shared else None)
    try:
        items = jobs.load()
    except (JobsFileError, StoreError) as e:
        st.error = str(e)
        return st
    st.jobs, st.enabled, st.next_job = len(items), sum(j.enabled for j in items), next_due(items)
    return st


def not_running_hint() -> str:
    return ("No scheduler is running for this home: start `hermes serve` or `hermes cron daemon`, "
            "or the job will not fire.")
