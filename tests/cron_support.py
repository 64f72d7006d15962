"""Shared by the cron tests: a fake clock, an in-memory run store, a scripted job runner, a local
webhook receiver and a script that runs a scheduler in a real subprocess."""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import json
import threading
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from hermes.config import Config
from hermes.cron.runner import RunOutcome
from hermes.home import Home
from hermes.state.base import RunRecord

UTC = dt.timezone.utc
# Sunday 2026-11-22 08:59:30 UTC: half a minute before a minute boundary, the day before a weekday
T0 = dt.datetime(2026, 11, 22, 8, 59, 30, tzinfo=UTC).timestamp()


class FakeClock:
    """time.time and asyncio.sleep stand-ins: sleeping moves the clock instead of waiting."""

    def __init__(self, start: float = T0) -> None:
        self.now = start
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += max(seconds, 0.0)
        await asyncio.sleep(0)


class FakeRunStore:
    """The three run-record methods of the SessionStore protocol, in memory."""

    def __init__(self) -> None:
        self.runs: dict[int, RunRecord] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def record_run_start(self, job_id: str, *, started_at: float, session_id: str | None = None,
                         status: str = "running") -> int:
        with self._lock:
            rid = next(self._ids)
            self.runs[rid] = RunRecord(rid, job_id, started_at, session_id=session_id, status=status)
            return rid

    def record_run_end(self, run_id: int, *, status: str, ended_at: float, tokens: int = 0,
                       error: str | None = None, output_path: str | None = None,
                       session_id: str | None = None) -> None:
        with self._lock:
            r = self.runs[run_id]  # KeyError like the real store's "no job run"
            self.runs[run_id] = replace(r, status=status, ended_at=ended_at, tokens=tokens, error=error,
                                        output_path=output_path, session_id=session_id or r.session_id)

    def list_runs(self, job_id: str | None = None, *, status: str | None = None,
                  limit: int = 50) -> list[RunRecord]:
        with self._lock:
            rows = [r for r in self.runs.values() if (job_id is None or r.job_id == job_id)
                    and (status is None or r.status == status)]
        rows.sort(key=lambda r: (r.started_at, r.id), reverse=True)
        return rows[:limit]

    def close(self) -> None:
        pass


class ScriptedRunner:
    """A job runner that answers from a per-job script (text, error, delay, exception)."""

    def __init__(self, default: str = "done", delay: float = 0.0) -> None:
        self.default, self.delay = default, delay
        self.scripts: dict[str, list[Any]] = {}
        self.calls: list[str] = []
        self.running = 0
        self.max_running = 0

    def script(self, job_id: str, *answers: Any) -> None:
        self.scripts.setdefault(job_id, []).extend(answers)

    async def __call__(self, job: Any, *, home: Any, config: Any, store: Any) -> RunOutcome:
        self.calls.append(job.id)
        self.running += 1
        self.max_running = max(self.max_running, self.running)
        try:
            if self.delay:
                await asyncio.sleep(self.delay)
            queue = self.scripts.get(job.id)
            answer = queue.pop(0) if queue else self.default
            if isinstance(answer, BaseException):
                raise answer
            if isinstance(answer, RunOutcome):
                return answer
            return RunOutcome(text=str(answer), tokens=7, session_id=f"s-{job.id}")
        finally:
            self.running -= 1


def make_home(tmp_path: Path) -> Home:
    return Home(tmp_path / "home").ensure()


def make_config(**cron: Any) -> Config:
    cfg = Config()
    cfg.cron.timezone = cron.pop("timezone", "UTC")
    for k, v in cron.items():
        setattr(cfg.cron, k, v)
    return cfg


class Webhook:
    """A real HTTP server on 127.0.0.1 that records JSON POSTs and answers with `status`."""

    def __init__(self, status: int = 200) -> None:
        self.status = status
        self.posts: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                outer.posts.append(json.loads(body))
                outer.headers.append({k.lower(): v for k, v in self.headers.items()})
                self.send_response(outer.status)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook/secret-token"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "Webhook":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


# A scheduler in its own process: `python script.py HOME SECONDS RUN_DELAY LOGFILE`. Its runner
# appends "<pid> <job id>" to LOGFILE (one O_APPEND write) and then sleeps RUN_DELAY seconds.
DAEMON_SCRIPT = r'''
import asyncio, os, sys, time
from pathlib import Path
from hermes.config import Config
from hermes.cron.runner import RunOutcome
from hermes.cron.scheduler import Scheduler
from hermes.home import Home
from hermes.state.sqlite import SQLiteStore

home, seconds, delay, logfile = Home(Path(sys.argv[1])), float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]

async def runner(job, *, home, config, store):
    fd = os.open(logfile, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    os.write(fd, f"{os.getpid()} {job.id}\n".encode())
    os.close(fd)
    await asyncio.sleep(delay)
    return RunOutcome(text="ran " + job.id)

async def main():
    cfg = Config()
    cfg.cron.timezone = "UTC"
    cfg.cron.max_concurrent = 8
    store = SQLiteStore(home.state_db)
    sched = Scheduler(home, cfg, store, runner, standby_poll=0.05)
    stop = asyncio.Event()
    asyncio.get_running_loop().call_later(seconds, stop.set)
    print("started", os.getpid(), flush=True)
    await sched.run_forever(stop)

asyncio.run(main())
'''


def pg_config(dsn: str, **cron: Any) -> Config:
    """make_config with the PostgreSQL store at `dsn`."""
    cfg = make_config(**cron)
    cfg.store.backend = "postgres"
    cfg.store.dsn = dsn
    return cfg
