"""A command running in a cloud sandbox, seen as a `Proc`.

Sandbox SDKs start a process and let us read its output and exit code, but "kill this process" kills
at most the process they started, not what it spawned. So every command is launched through a small
bash wrapper that runs it as a job of its own process group (job control, `set -m`), writes the group
id to a file in the session's state dir, waits for it, and sweeps up what the command left behind.
Killing the group is then one more exec on the sandbox: `kill -SIG -- -PGID`.
"""

from __future__ import annotations

import asyncio
import posixpath
import shlex
import signal
from typing import Any, Awaitable, Callable

# $1 is the pgid file, the rest the command. Its own stderr (job notices) is dropped; the command's
# stderr is merged into stdout, the one stream the transports read.
_WRAPPER = ('p=$1; shift; umask 077; mkdir -p "${p%/*}" 2>/dev/null; set -m; '
            '"$@" </dev/null 2>&1 & c=$!; exec 2>/dev/null; echo "$c" > "$p"; '
            'wait "$c"; r=$?; kill -9 -- "-$c" 2>/dev/null; rm -f "$p"; exit "$r"')


def wrap(argv: list[str], pidfile: str, shell: str = "bash") -> list[str]:
    """argv that runs `argv` in its own process group, recording the group id in `pidfile`."""
    return [shell, "-c", _WRAPPER, "hermes-run", pidfile, *argv]


def kill_script(pidfile: str, sig: int) -> str:
    """Signal the group recorded in `pidfile` (waiting briefly for the wrapper to write it)."""
    p = shlex.quote(pidfile)
    return (f"i=0; while [ ! -s {p} ] && [ $i -lt 20 ]; do sleep 0.05; i=$((i+1)); done; "
            f"g=$(cat {p} 2>/dev/null) && [ -n \"$g\" ] && kill -{int(sig)} \"-$g\" 2>/dev/null; "
            f"exit 0")


def pidfile_for(state_dir: str, seq: int) -> str:
    return posixpath.join(state_dir, f"pg.{seq}")


Helper = Callable[[str], Awaitable[Any]]


class RemoteProc:
    """Adapts a started sandbox process: `wait` resolves to its exit code, `pump` streams its output
    (into the feed the caller gave the transport) and ends at EOF, `helper(script)` runs a short
    script on the same sandbox."""

    def __init__(self, *, wait: Awaitable[int], pump: Awaitable[None], helper: Helper,
                 pidfile: str, feed: Callable[[bytes], None]):
        loop = asyncio.get_running_loop()
        self._exited: asyncio.Future = loop.create_future()
        self._eof: asyncio.Future = loop.create_future()
        self._rc: int | None = None
        self._helper, self.pidfile, self._feed = helper, pidfile, feed
        self._tasks: set[asyncio.Task] = set()
        self._wait_task = asyncio.ensure_future(self._watch(wait))
        self._pump_task = asyncio.ensure_future(self._pump(pump))

    async def _watch(self, wait: Awaitable[int]) -> None:
        try:
            rc = await wait
            self._rc = int(rc) if rc is not None else 255
        except asyncio.CancelledError:
            self._rc = 255 if self._rc is None else self._rc
            raise
        except Exception as e:  # the connection, not the command, failed
            self._feed(f"\n[lost contact with the sandbox: {type(e).__name__}]\n".encode())
            self._rc = 255
        finally:
            if not self._exited.done():
                self._exited.set_result(None)

    async def _pump(self, pump: Awaitable[None]) -> None:
        try:
            await pump
        except Exception:  # output lost with the connection; _watch reports it
            pass
        finally:
            if not self._eof.done():
                self._eof.set_result(None)

    @property
    def returncode(self) -> int | None:
        return self._rc

    @property
    def exited(self) -> asyncio.Future:
        return self._exited

    def signal_group(self, sig: int) -> bool:
        # Synchronous callers cannot wait for a round trip: send it and let it land.
        try:
            task = asyncio.get_running_loop().create_task(self._signal(sig))
        except RuntimeError:
            return False
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return True

    async def _signal(self, sig: int) -> None:
        try:
            await self._helper(kill_script(self.pidfile, sig))
        except Exception:  # the sandbox may be gone already, which stops the group too
            pass

    async def kill_group(self, grace: float = 1.0) -> None:
        if self._rc is None:
            await self._signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(asyncio.shield(self._exited), grace)
            except asyncio.TimeoutError:
                pass
        if self._rc is None:
            await self._signal(signal.SIGKILL)
            try:
                await asyncio.wait_for(asyncio.shield(self._exited), 5)
            except asyncio.TimeoutError:
                pass

    async def drain(self, timeout: float) -> None:
        try:
            await asyncio.wait_for(asyncio.shield(self._eof), timeout)
        except asyncio.TimeoutError:
            pass

    def close(self) -> None:
        for task in (self._pump_task, self._wait_task):
            if not task.done():
                task.cancel()


class LazySandbox:
    """For backends whose sandbox is created on the first command, not when the session opens:
    `_ensure()` creates it once (`_create()`), however many commands race for it; `close()` ends the
    shell session, then `_release()` removes the sandbox (a never-used one has nothing to remove)."""

    _sandbox: Any
    _lock: asyncio.Lock

    @property
    def sandbox(self) -> Any:
        """The live sandbox, or None before the first command."""
        return self._sandbox

    async def _ensure(self) -> Any:
        self._check_open()  # type: ignore[attr-defined]
        async with self._lock:
            if self._sandbox is None:
                self._sandbox = await self._create()  # type: ignore[attr-defined]
            return self._sandbox

    async def close(self) -> None:
        if self._closed:  # type: ignore[attr-defined]
            return
        if self._sandbox is None:  # never used: nothing was created, nothing to remove
            await self.processes.close()  # type: ignore[attr-defined]
            self._closed = True
        else:
            await super().close()  # type: ignore[misc]  (the shell session: its shells and processes)
            await self._release()
        await self._close_client()

    async def _release(self) -> None:
        """Remove the sandbox, or keep it (keep_workspace) with nothing left running in it."""

    async def _close_client(self) -> None:
        """Close the provider's SDK client, for backends that hold one."""
