"""Local child processes: spawn in their own process group, kill the whole group, and the per-session
table of background processes (bounded output, poll / wait / kill / log by id).

Output arrives through protocol callbacks straight into a bounded buffer, so a child that prints
without end costs a fixed amount of memory. Exit is observed through `process_exited`, not through
pipe EOF: a grandchild left running in the background keeps the pipe open, and waiting for EOF would
hang until it dies.
"""

from __future__ import annotations

import asyncio
import atexit
import os
import signal
import time
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Awaitable, Callable, Mapping

from hermes.exec.base import exit_status

if TYPE_CHECKING:
    from hermes.exec.base import Proc

KILL_GRACE = 1.0  # seconds between SIGTERM and SIGKILL
RING_BYTES = 256 * 1024  # output kept per background process
MAX_BACKGROUND = 32  # running background processes per session


class _Pipe(asyncio.SubprocessProtocol):
    def __init__(self, loop: asyncio.AbstractEventLoop, feed: Callable[[bytes], None]):
        self.feed = feed
        self.exited = loop.create_future()
        self.eof = loop.create_future()

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        self.feed(data)

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        if fd == 1 and not self.eof.done():
            self.eof.set_result(None)

    def process_exited(self) -> None:
        if not self.exited.done():
            self.exited.set_result(None)


class Child:
    """A spawned process group: the leader is `bash`, the group id is its pid."""

    def __init__(self, transport: asyncio.SubprocessTransport, pipe: _Pipe):
        self.transport, self.pipe = transport, pipe
        self.pid: int = transport.get_pid()

    @property
    def returncode(self) -> int | None:
        return self.transport.get_returncode()

    @property
    def exited(self) -> asyncio.Future:
        return self.pipe.exited

    def signal_group(self, sig: int) -> bool:
        try:
            os.killpg(self.pid, sig)
            return True
        except (ProcessLookupError, PermissionError):
            return False

    async def kill_group(self, grace: float = KILL_GRACE) -> None:
        """SIGTERM the group, SIGKILL after `grace`. Also sweeps up children that outlived an
        exited leader (they would keep running and hold the output pipe open)."""
        if self.returncode is None and self.signal_group(signal.SIGTERM):
            try:
                await asyncio.wait_for(asyncio.shield(self.exited), grace)
            except asyncio.TimeoutError:
                pass
        self.signal_group(signal.SIGKILL)
        if self.returncode is None:
            try:
                await asyncio.wait_for(asyncio.shield(self.exited), 5)
            except asyncio.TimeoutError:
                pass

    async def drain(self, timeout: float) -> None:
        """Wait for the last output to arrive. A child that left the group (setsid) may hold the
        pipe forever, so this gives up after `timeout`."""
        try:
            await asyncio.wait_for(asyncio.shield(self.pipe.eof), timeout)
        except asyncio.TimeoutError:
            pass

    def close(self) -> None:
        self.transport.close()


async def spawn(argv: list[str], *, cwd: str, env: Mapping[str, str],
                feed: Callable[[bytes], None]) -> Child:
    """Start argv with stdin=/dev/null, stdout+stderr merged into `feed`, in a new session (no
    controlling terminal, so password prompts fail instead of hanging; own process group)."""
    loop = asyncio.get_running_loop()
    transport, pipe = await loop.subprocess_exec(
        lambda: _Pipe(loop, feed), *argv, cwd=cwd, env=dict(env), stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, start_new_session=True)
    return Child(transport, pipe)  # type: ignore[arg-type]


class Ring:
    """The last `cap` bytes of a stream, addressed by absolute offsets so readers can resume."""

    def __init__(self, cap: int = RING_BYTES):
        self.cap = cap
        self.buf = bytearray()
        self.total = 0

    def feed(self, data: bytes) -> None:
        self.total += len(data)
        self.buf += data
        over = len(self.buf) - self.cap
        if over > 0:
            del self.buf[:over]

    def since(self, pos: int) -> tuple[bytes, int]:
        """Bytes from absolute offset `pos` on, and how many before them were already dropped."""
        first = self.total - len(self.buf)
        missed = max(first - pos, 0)
        return bytes(self.buf[max(pos - first, 0):]), missed


def _text(data: bytes, missed: int) -> str:
    text = data.decode("utf-8", errors="replace")
    return f"[... {missed:,} earlier bytes not kept ...]\n{text}" if missed else text


@dataclass
class BackgroundProcess:
    id: str
    command: str
    cwd: str
    child: "Proc"
    output: Ring
    started: float = field(default_factory=time.time)
    seen: int = 0  # output offset already returned by poll/wait
    killed: bool = False

    @property
    def running(self) -> bool:
        return self.child.returncode is None

    @property
    def status(self) -> str:
        if self.running:
            return "running"
        code = exit_status(self.child.returncode)
        return f"exited {code} (killed)" if self.killed else f"exited {code}"

    def describe(self) -> str:
        age = time.time() - self.started
        cmd = self.command if len(self.command) <= 80 else self.command[:77] + "..."
        return f"{self.id} [{self.status}, {age:.0f}s] {cmd}"


_live_tables: "weakref.WeakSet[ProcessTable]" = weakref.WeakSet()


class ProcessTable:
    """One session's background processes."""

    def __init__(self, limit: int = MAX_BACKGROUND, ring_bytes: int = RING_BYTES):
        self.limit, self.ring_bytes = limit, ring_bytes
        self.procs: dict[str, BackgroundProcess] = {}
        self._seq = 0
        _live_tables.add(self)

    async def start(self, argv: list[str], *, command: str, cwd: str,
                    env: Mapping[str, str] | None = None,
                    spawner: Callable[..., Awaitable[Proc]] | None = None) -> BackgroundProcess:
        """Start argv locally, or through a backend's `spawner(argv, feed)` when one is given."""
        running = sum(p.running for p in self.procs.values())
        if running >= self.limit:
            raise RuntimeError(f"{running} background processes are already running (limit "
                               f"{self.limit}); kill some first")
        ring = Ring(self.ring_bytes)
        if spawner is None:
            child: Proc = await spawn(argv, cwd=cwd, env=env or {}, feed=ring.feed)
        else:
            child = await spawner(argv, ring.feed)
        self._seq += 1
        proc = BackgroundProcess(f"proc_{self._seq}", command, cwd, child, ring)
        self.procs[proc.id] = proc
        return proc

    def get(self, pid: str) -> BackgroundProcess:
        try:
            return self.procs[pid]
        except KeyError:
            known = ", ".join(self.procs) or "none"
            raise KeyError(f"no background process {pid!r} (known: {known})") from None

    def list(self) -> list[BackgroundProcess]:
        return list(self.procs.values())

    def poll(self, pid: str) -> str:
        """Output produced since the previous poll/wait."""
        p = self.get(pid)
        data, missed = p.output.since(p.seen)
        p.seen = p.output.total
        return _text(data, missed)

    def log(self, pid: str) -> str:
        """All output still kept (the last RING_BYTES)."""
        p = self.get(pid)
        data, missed = p.output.since(0)
        return _text(data, missed)

    async def wait(self, pid: str, timeout: float, cancel: asyncio.Event | None = None) -> bool:
        """Wait until the process exits, `timeout` passes or `cancel` is set; True if it exited."""
        p = self.get(pid)
        if not p.running:
            return True
        waits: list[asyncio.Future] = [asyncio.shield(p.child.exited)]
        stopper = asyncio.ensure_future(cancel.wait()) if cancel is not None else None
        if stopper:
            waits.append(stopper)
        try:
            await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for w in waits:
                w.cancel()
        if not p.running:
            await p.child.drain(5.0)  # let the last lines arrive (returns at EOF, at once unless the host is loaded)
        return not p.running

    async def kill(self, pid: str) -> None:
        p = self.get(pid)
        if p.running:
            p.killed = True
        await p.child.kill_group()
        await p.child.drain(1.0)

    async def close(self) -> None:
        procs = list(self.procs.values())
        await asyncio.gather(*(p.child.kill_group() for p in procs), return_exceptions=True)
        for p in procs:
            p.child.close()
        self.procs.clear()

    def kill_now(self) -> None:
        """Synchronous last resort (interpreter exit): SIGKILL every group."""
        for p in self.procs.values():
            p.child.signal_group(signal.SIGKILL)


@atexit.register
def _kill_leftovers() -> None:
    # Background groups live in their own sessions, so nothing else would stop them when Hermes exits.
    for table in list(_live_tables):
        table.kill_now()
