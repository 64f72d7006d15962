"""One scheduler across a fleet: a lease row in the PostgreSQL store, renewed by its holder.

Why a lease and not a session advisory lock: an advisory lock is freed when the server notices the
holder's connection is gone, which for a killed process is at once but for a dead host or a cut
network is whenever TCP keepalives give up (minutes to hours, depending on settings nobody checks).
A lease has a bound of its own: the row `cron_leader` names a holder and an expiry on the
database's clock; the holder renews it every lease/3 seconds; anyone may take it once it has expired,
which bumps its `token`. So a dead leader is replaced within lease + standby_poll seconds (65 s by
default), whatever happened to its connection.

A leader that cannot renew in time stops being one by its own clock (`held` turns false a little
before the database would let someone else in) and the scheduler then cancels its runs. Every claim
is also fenced by the token (hermes.cron.pg_jobs): a deposed leader that has not noticed yet cannot
claim a run. Clean shutdown expires the lease at once, so a standby takes over on its next poll.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import time
from typing import Any

from hermes.cron.pg_jobs import DB_NOW, LEADER_NAME
from hermes.state.base import StoreError

log = logging.getLogger("hermes.cron")

LEASE_SECONDS = 60.0


class PgLeader:
    """The scheduler lease. Same surface as the file store's SchedulerLock: acquire, release, probe,
    held, plus renew / renew_every / token for what only a lease has."""

    def __init__(self, jobs: Any, lease_seconds: float = LEASE_SECONDS) -> None:
        if lease_seconds <= 0:
            raise ValueError("the scheduler lease must be longer than 0 s")
        self.jobs = jobs
        self.lease = float(lease_seconds)
        self.renew_every = self.lease / 3
        self.margin = min(1.0, self.lease / 10)  # step down this much before the database would
        self.host = socket.gethostname()
        self.holder = f"{self.host}:{os.getpid()}:{secrets.token_hex(4)}"
        self.token: int | None = None
        self._valid_until = 0.0

    @property
    def held(self) -> bool:
        return self.token is not None and time.monotonic() < self._valid_until

    def acquire(self) -> bool:
        """Take the lease if nobody holds a live one (or we held it). A new token every time."""
        sent = time.monotonic()

        def tx(cur: Any) -> Any:
            return cur.execute(
                "INSERT INTO cron_leader (name, token, holder, pid, host, since, expires_at) "
                f"VALUES (%(name)s, 1, %(holder)s, %(pid)s, %(host)s, {DB_NOW}, {DB_NOW} + %(lease)s) "
                "ON CONFLICT (name) DO UPDATE SET token = cron_leader.token + 1, holder = EXCLUDED.holder, "
                "pid = EXCLUDED.pid, host = EXCLUDED.host, since = EXCLUDED.since, expires_at = EXCLUDED.expires_at "
                "WHERE cron_leader.expires_at <= EXCLUDED.since OR cron_leader.holder = EXCLUDED.holder "
                "RETURNING token",
                {"name": LEADER_NAME, "holder": self.holder, "pid": os.getpid(), "host": self.host,
                 "lease": self.lease}).fetchone()

        row = self.jobs.run("take the scheduler lease", tx)
        if row is None:
            return False
        self.token = int(row["token"])
        self._valid_until = sent + self.lease - self.margin
        return True

    def renew(self) -> bool:
        """Extend the lease. False once it is lost; a failed round trip keeps it until it runs out."""
        if self.token is None:
            return False
        sent = time.monotonic()
        try:
            row = self.jobs.run("renew the scheduler lease", lambda cur: cur.execute(
                f"UPDATE cron_leader SET expires_at = {DB_NOW} + %s WHERE name = %s AND token = %s RETURNING token",
                (self.lease, LEADER_NAME, self.token)).fetchone())
        except StoreError as e:
            log.warning("could not renew the scheduler lease: %s", e)
            return self.held
        if row is None:
            self.token = None
            return False
        self._valid_until = sent + self.lease - self.margin
        return True

    def release(self) -> None:
        """Give the lease up now (expire it), so a standby need not wait for it to run out."""
        token, self.token = self.token, None
        if token is None:
            return
        try:
            self.jobs.run("release the scheduler lease", lambda cur: cur.execute(
                f"UPDATE cron_leader SET expires_at = {DB_NOW} WHERE name = %s AND token = %s",
                (LEADER_NAME, token)))
        except StoreError as e:  # it will expire by itself
            log.warning("could not release the scheduler lease: %s", e)

    def probe(self) -> tuple[bool, dict[str, Any]]:
        """(someone holds a live lease, their pid / host / started_at / token)."""
        row = self.jobs.run("read the scheduler lease", lambda cur: cur.execute(
            f"SELECT token, pid, host, since, expires_at > {DB_NOW} AS live FROM cron_leader WHERE name = %s",
            (LEADER_NAME,)).fetchone(), read=True)
        if row is None or not row["live"]:
            return False, {}
        return True, {"pid": row["pid"], "host": row["host"], "started_at": row["since"], "token": row["token"]}
