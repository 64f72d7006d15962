"""`hermes serve --workers N`: a pre-fork supervisor over N server processes on one listening socket.

Why our own and not uvicorn's `workers=`: uvicorn's supervisor re-imports the app from an import
string in spawned processes, so each worker could not be told who it is (worker 0 runs the
scheduler) and would re-read its settings from scratch. Here the parent binds the socket, forks
the workers (before anything heavy exists: each worker builds its own Hermes, store connections
and event loop), and then only watches them:

- a worker that dies is restarted in its slot (same index), at most once a second; a slot whose
  worker dies within 10 s of its start 5 times in a row (bad config, store unreachable) stops the
  whole server with exit code 1 instead of looping;
- SIGTERM / SIGINT to the parent: every worker gets SIGTERM and finishes its requests in flight
  (graceful shutdown), the parent waits `grace` seconds, then kills what is left, exits 0.

Workers ignore SIGINT (a Ctrl-C reaches the whole process group; the parent turns it into one
SIGTERM each, so a worker never sees two signals and never skips its graceful stop). The kernel
spreads connections over the workers accepting on the shared socket.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from typing import Callable

RESTART_GAP = 1.0  # seconds between restarts of one slot
QUICK_DEATH = 10.0  # a worker that dies this soon after its start counts as a failed start
MAX_FAILED_STARTS = 5
POLL = 0.1


class Supervisor:
    def __init__(self, count: int, run_worker: Callable[[int], int], *, grace: float = 15.0) -> None:
        if count < 1:
            raise ValueError("at least one worker")
        self.count = count
        self.run_worker = run_worker  # (index) -> exit code; runs in the child
        self.grace = grace
        self.pids: dict[int, int] = {}  # pid -> slot
        self.started: dict[int, float] = {}  # slot -> last start
        self.restarts = 0
        self.failed_starts: dict[int, int] = {}  # slot -> quick deaths in a row
        self._stopping = False
        self._code = 0

    def _spawn(self, slot: int) -> None:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the worker
            code = 1
            try:
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                os.environ["HERMES_WORKER"] = str(slot)
                code = self.run_worker(slot)
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else 1
            except BaseException:
                import traceback

                traceback.print_exc()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        self.pids[pid] = slot
        self.started[slot] = time.monotonic()

    def _on_signal(self, signum: int, frame: object) -> None:
        self._stopping = True

    def run(self) -> int:
        old = {s: signal.signal(s, self._on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
        try:
            for slot in range(self.count):
                self._spawn(slot)
            waiting: list[int] = []  # slots to restart
            while not self._stopping:
                self._reap(waiting)
                now = time.monotonic()
                for slot in list(waiting):
                    if now - self.started.get(slot, 0.0) >= RESTART_GAP:
                        waiting.remove(slot)
                        self.restarts += 1
                        sys.stderr.write(f"hermes: worker {slot} exited; restarting it\n")
                        self._spawn(slot)
                time.sleep(POLL)
            return self._stop_all()
        finally:
            for s, h in old.items():
                signal.signal(s, h)

    def _reap(self, waiting: list[int]) -> None:
        while self.pids:
            try:
                pid, _status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            slot = self.pids.pop(pid, None)
            if slot is None or self._stopping:
                continue
            quick = time.monotonic() - self.started.get(slot, 0.0) < QUICK_DEATH
            self.failed_starts[slot] = self.failed_starts.get(slot, 0) + 1 if quick else 0
            if self.failed_starts[slot] >= MAX_FAILED_STARTS:
                sys.stderr.write(f"hermes: worker {slot} failed {MAX_FAILED_STARTS} times right after starting; "
                                 "stopping the server\n")
                self._stopping, self._code = True, 1
                return
            waiting.append(slot)

    def _stop_all(self) -> int:
        for pid in list(self.pids):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + self.grace
        while self.pids and time.monotonic() < deadline:
            self._reap([])
            time.sleep(POLL / 2)
        for pid in list(self.pids):  # did not stop in time
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
            self.pids.pop(pid, None)
        return self._code
