"""Scheduled jobs and their file, HERMES_HOME/cron/jobs.json.

The file is meant to be readable and hand-editable: `{"version": 1, "jobs": [...]}` with times as
ISO-8601 UTC strings. Every change happens under an exclusive flock on `cron/.jobs.lock` (a separate
file, because jobs.json itself is replaced on each write) and is written to a temp file, fsynced and
renamed over jobs.json, so a reader never sees half a file and a crash leaves the old one. A file
that does not parse (or holds a malformed record) is reported, copied aside and never overwritten:
writes are refused until a person fixes it. Keys Hermes does not know are kept as they are.
What one job holds, and how it reads and writes itself, is hermes.cron.job_record.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import secrets
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from hermes.atomic import atomic_write

# Job, RetryPolicy and the field limits are imported from here by the rest of Hermes
from hermes.cron.job_record import (MAX_NAME, MAX_PROMPT, Job, RetryPolicy,  # noqa: F401
                                    check_deliver, check_name, check_prompt, check_skills,
                                    check_toolsets, default_name)
from hermes.cron.schedule import ScheduleError, parse_schedule, resolve_tz
from hermes.home import OWNER_SCOPE

FILE_VERSION = 1
LOCK_TIMEOUT = 30.0


def try_flock(path: Path) -> int | None:
    """An exclusive non-blocking flock on `path` (created 0600): the open fd, or None while another
    process holds it. The kernel frees it when the holder dies."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as e:
        os.close(fd)
        if e.errno in (errno.EAGAIN, errno.EACCES):
            return None
        raise
    return fd


class JobsFileError(Exception):
    """jobs.json cannot be read or written; the message says what to do."""


class JobNotFound(KeyError):
    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "no such job"


# -- the file ---------------------------------------------------------------------------------------

class JobStore:
    """jobs.json with locked read-modify-write. Reads without the lock are safe (atomic renames).

    This is also the seam for other storage: a subclass that provides load_with_key / file_key /
    edit (see hermes.cron.pg_jobs) inherits every operation below unchanged. `shared` says whether
    the job list is one for many homes (a database) rather than this home's file."""

    shared = False

    def __init__(self, home: Any, tz: Any = None) -> None:
        self.dir = Path(home.cron_dir if hasattr(home, "cron_dir") else home)
        self.path = self.dir / "jobs.json"
        self.lock_path = self.dir / ".jobs.lock"
        self.tz = resolve_tz(tz)
        # (inode, mtime_ns, size) of the file as the last edit() left it: a watcher that cached the
        # list from that edit need not re-read its own write
        self.last_key: tuple[int, int, int] | None = None

    # ---- reading ----------------------------------------------------------------------------------

    def file_key(self) -> tuple[int, int, int] | None:
        """(inode, mtime_ns, size) of jobs.json: changes whenever the file is replaced or edited."""
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def load(self) -> list[Job]:
        return self._read()[0]

    def load_with_key(self) -> tuple[list[Job], tuple[int, int, int] | None]:
        jobs, _, key = self._read()
        return jobs, key

    def _read(self) -> tuple[list[Job], str, tuple[int, int, int] | None]:
        try:
            with open(self.path, "rb") as f:  # stat and read the same open file: the key matches the text
                st = os.fstat(f.fileno())
                raw = f.read()
        except FileNotFoundError:
            return [], "", None
        key = (st.st_ino, st.st_mtime_ns, st.st_size)
        try:
            text = raw.decode("utf-8")
            data = json.loads(text) if text.strip() else {"jobs": []}
            items = data.get("jobs") if isinstance(data, dict) else data
            if not isinstance(items, list):
                raise ValueError("the top level must be {\"jobs\": [...]}")
            jobs = [Job.from_dict(d, f"job #{i + 1}") for i, d in enumerate(items)]
            ids = [j.id for j in jobs]
            if len(set(ids)) != len(ids):
                dup = next(i for i in ids if ids.count(i) > 1)
                raise ValueError(f"two jobs have the id {dup!r}")
        except UnicodeDecodeError:
            raise self._broken(raw, "it is not UTF-8 text") from None
        except json.JSONDecodeError as e:
            raise self._broken(raw, f"not valid JSON (line {e.lineno} column {e.colno}: {e.msg})") from None
        except ValueError as e:
            raise self._broken(raw, str(e)) from None
        return jobs, text, key

    def _broken(self, raw: bytes, why: str) -> JobsFileError:
        backup = self.path.with_name(f"{self.path.name}.broken-{hashlib.sha256(raw).hexdigest()[:8]}")
        note = ""
        try:
            if not backup.exists():
                backup.write_bytes(raw)
            note = f" A copy is at {backup}."
        except OSError:
            pass
        return JobsFileError(f"{self.path} cannot be read: {why}. Hermes leaves it untouched and will not "
                             f"change any job until it is fixed by hand (or moved away).{note}")

    # ---- locked read-modify-write -----------------------------------------------------------------

    @contextmanager
    def _locked(self, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
        self.dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            deadline = time.monotonic() + timeout
            delay = 0.001
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except OSError as e:
                    if e.errno not in (errno.EAGAIN, errno.EACCES):
                        raise
                    if time.monotonic() > deadline:
                        raise JobsFileError(f"{self.lock_path} stayed locked for {timeout:.0f} s: another "
                                            "Hermes process is stuck while changing jobs") from None
                    time.sleep(delay)
                    delay = min(delay * 2, 0.05)
            yield
        finally:
            os.close(fd)  # closing releases the flock

    @contextmanager
    def edit(self) -> Iterator[list[Job]]:
        """Lock, load, let the caller change the list in place, write it back if it changed."""
        with self._locked():
            jobs, old, key = self._read()
            yield jobs
            text = self.dumps(jobs)
            self.last_key = self._write(text) if text != old else key

    @staticmethod
    def dumps(jobs: list[Job]) -> str:
        return json.dumps({"version": FILE_VERSION, "jobs": [j.to_dict() for j in jobs]},
                          indent=2, ensure_ascii=False) + "\n"

    def _write(self, text: str) -> tuple[int, int, int]:
        st = atomic_write(self.path, text, durable=True)  # left 0600: job prompts are private
        return (st.st_ino, st.st_mtime_ns, st.st_size)  # the inode survives the rename

    # ---- operations -------------------------------------------------------------------------------

    def list(self, scope: str | None = None) -> list[Job]:
        return [j for j in self.load() if scope is None or j.scope == scope]

    def get(self, ref: str, scope: str | None = None) -> Job:
        return resolve(self.load(), ref, scope)

    def create(self, schedule: str, prompt: str, *, name: str | None = None, scope: str | None = None,
               model: str | None = None, toolsets: list[str] | None = None,
               skills: list[str] | str | None = None, deliver: list[str] | str | None = None, retries: Any = None, now: float | None = None) -> Job:
        now = time.time() if now is None else now
        prompt = check_prompt(prompt)
        sched = parse_schedule(schedule, now=now, tz=self.tz)
        nxt = sched.next_ts(now)
        if nxt is None:
            raise ScheduleError(f"the time in {schedule!r} has already passed; give a future time")
        job = Job(id="", name=check_name(name) or default_name(prompt), schedule=schedule.strip(),
                  prompt=prompt, scope=(scope or OWNER_SCOPE).strip() or OWNER_SCOPE,
                  model=(model or "").strip() or None, toolsets=check_toolsets(toolsets),
                  skills=check_skills(skills), deliver=check_deliver(deliver), created_at=now, updated_at=now, anchor_at=now,
                  next_run_at=nxt, retries=RetryPolicy.from_value(retries))
        with self.edit() as jobs:
            taken = {j.id for j in jobs}
            job.id = next(i for i in iter(lambda: secrets.token_hex(4), None) if i not in taken)
            jobs.append(job)
        return job

    def update(self, ref: str, *, scope: str | None = None, now: float | None = None,
               **changes: Any) -> Job:
        """Change fields of one job. A new schedule is counted from now; resuming a paused job
        recomputes its next run from now (runs while paused are not "missed")."""
        now = time.time() if now is None else now
        allowed = {"name", "schedule", "prompt", "scope", "model", "toolsets", "skills", "deliver", "enabled",
                   "retries"}
        bad = set(changes) - allowed
        if bad:
            raise ValueError(f"cannot change {', '.join(sorted(bad))} (fields: {', '.join(sorted(allowed))})")
        with self.edit() as jobs:
            job = resolve(jobs, ref, scope)
            if "name" in changes:
                job.name = check_name(changes["name"]) or job.name
            if "prompt" in changes:
                job.prompt = check_prompt(changes["prompt"])
            if "scope" in changes and changes["scope"]:
                job.scope = str(changes["scope"]).strip() or job.scope
            if "model" in changes:
                job.model = (changes["model"] or "").strip() or None
            if "toolsets" in changes:
                job.toolsets = check_toolsets(changes["toolsets"])
            if "skills" in changes:
                job.skills = check_skills(changes["skills"])
            if "deliver" in changes:
                job.deliver = check_deliver(changes["deliver"])
            if "retries" in changes:
                job.retries = RetryPolicy.from_value(changes["retries"])
            if changes.get("schedule") is not None:
                sched = parse_schedule(changes["schedule"], now=now, tz=self.tz)
                nxt = sched.next_ts(now)
                if nxt is None:
                    raise ScheduleError(f"the time in {changes['schedule']!r} has already passed; "
                                        "give a future time")
                job.schedule = changes["schedule"].strip()
                job.anchor_at = now
                job.next_run_at = nxt
            if "enabled" in changes:
                enable = bool(changes["enabled"])
                if enable and (not job.enabled or job.next_run_at is None) and changes.get("schedule") is None:
                    if job.next_run_at is None or job.next_run_at <= now:
                        nxt = job.schedule_obj(self.tz).next_ts(now)
                        if nxt is None:
                            raise ScheduleError(f"job {job.id} was a one-shot whose time has passed; "
                                                "give it a new schedule to run it again")
                        job.next_run_at = nxt
                job.enabled = enable
            job.updated_at = now
            return job

    def remove(self, ref: str, scope: str | None = None) -> Job:
        with self.edit() as jobs:
            job = resolve(jobs, ref, scope)
            jobs.remove(job)
            return job

    def record_results(self, results: dict[str, dict[str, Any]]) -> None:
        """Apply run results (last_run_at, last_status, ...) to jobs that still exist."""
        if not results:
            return
        with self.edit() as jobs:
            for job in jobs:
                for k, v in results.get(job.id, {}).items():
                    setattr(job, k, v)


def open_jobs(home: Any, config: Any, store: Any = None, tz: Any = None) -> JobStore:
    """The job store for this configuration: cron/jobs.json in the home, or with `store.backend:
    postgres` the shared `cron_jobs` table (hermes.cron.pg_jobs), which has the same operations.
    `store` is the session store, or a function returning it (opened only when needed)."""
    zone = tz if tz is not None else config.cron.timezone
    if getattr(getattr(config, "store", None), "backend", "sqlite") != "postgres":
        return JobStore(home, tz=zone)
    from hermes.cron.pg_jobs import PgJobStore

    db = store() if callable(store) else store
    if db is None or not hasattr(db, "_pg"):  # not a PostgresStore (or none given): open the configured one
        from hermes.state import open_store

        db = open_store(home, config)
    jobs = PgJobStore(db, tz=zone)
    added = jobs.import_file(home)  # a home switching to PostgreSQL keeps the jobs it had
    if added:
        import logging

        logging.getLogger("hermes.cron").warning(
            "imported %d job(s) from cron/jobs.json into the PostgreSQL store (the file is now "
            "jobs.json.imported)", len(added))
    return jobs


def resolve(jobs: list[Job], ref: str, scope: str | None = None) -> Job:
    """A job by id, unique id prefix (4+ characters) or exact name; `scope` limits what is visible."""
    ref = (ref or "").strip()
    pool = [j for j in jobs if scope is None or j.scope == scope]
    exact = [j for j in pool if j.id == ref]
    if exact:
        return exact[0]
    by_prefix = [j for j in pool if len(ref) >= 4 and j.id.startswith(ref.lower())]
    by_name = [j for j in pool if j.name.lower() == ref.lower()]
    found = by_prefix or by_name
    if len(found) == 1:
        return found[0]
    if not found:
        raise JobNotFound(f"no job {ref!r} (see `hermes cron list`)")
    raise JobNotFound(f"{ref!r} matches several jobs: " + ", ".join(f"{j.id} ({j.name})" for j in found))
