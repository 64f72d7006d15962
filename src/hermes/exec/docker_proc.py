"""One command in a Docker / Podman container, seen as a `Proc`.

`runc` makes every exec'd process a session and group leader, so each command runs under a small
wrapper (`_WRAP`) that records that group id in the session's state dir; a kill is one more exec
that signals the group INSIDE the container (`_kill_script`). Killing the local `docker exec`
client alone would leave the command running.
"""

from __future__ import annotations

import asyncio
import shlex
import signal
import subprocess
from typing import TYPE_CHECKING

from hermes.exec.processes import KILL_GRACE, Child, _Pipe

if TYPE_CHECKING:
    from hermes.exec.docker import DockerBackend

# Runs every command: `sh -c _WRAP sh PGFILE ARGV...`. Records its group id, runs argv in that group
# and on a normal exit sweeps what argv left running in the background (it would hold the output
# pipe open), sparing itself so the exit status survives.
_WRAP = ('f=$1; shift; umask 077; mkdir -p "${f%/*}" 2>/dev/null; echo $$ > "$f"; umask 022; '
         '"$@"; rc=$?; rm -f "$f"; trap "" TERM; kill -TERM -$$ 2>/dev/null; exit $rc')


def _kill_script(pgfile: str, sig: str) -> str:
    """Signal the process group a wrapper recorded in `pgfile` (run inside the container)."""
    f = shlex.quote(pgfile)
    # The wrapper may not have written its group id yet when a kill follows the start at once.
    return (f"i=0; while [ ! -s {f} ] && [ $i -lt 20 ]; do sleep 0.1; i=$((i+1)); done; "
            f"pg=$(cat {f} 2>/dev/null) && kill -{sig} -$pg 2>/dev/null; "
            + (f"rm -f {f}; " if sig == "KILL" else "") + "true")


class ContainerProc(Child):
    """One `docker exec` as a Proc: the local client's status and output (as for a local child);
    kills go to the remote process group."""

    def __init__(self, backend: "DockerBackend", transport: asyncio.SubprocessTransport,
                 pipe: _Pipe, pgfile: str):
        super().__init__(transport, pipe)
        self.backend, self.pgfile = backend, pgfile

    def _killer(self, sig: str) -> list[str]:
        return self.backend.engine.argv("exec", self.backend.container, "sh", "-c",
                                        _kill_script(self.pgfile, sig))

    def signal_group(self, sig: int) -> bool:
        name = signal.Signals(sig).name[3:]
        try:
            subprocess.Popen(self._killer(name), stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
        except OSError:
            return False
        if sig == signal.SIGKILL and self.returncode is None:
            self.transport.kill()  # the local client too; the remote KILL is on its way
        return True

    async def _signal(self, sig: str) -> None:
        proc = await asyncio.create_subprocess_exec(
            *self._killer(sig), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            await asyncio.wait_for(proc.wait(), 15)
        except asyncio.TimeoutError:
            proc.kill()

    async def _wait(self, timeout: float) -> None:
        try:
            await asyncio.wait_for(asyncio.shield(self.exited), timeout)
        except asyncio.TimeoutError:
            pass

    async def kill_group(self, grace: float = KILL_GRACE) -> None:
        if self.returncode is not None:
            return  # the wrapper already swept its group when the command ended
        await self._signal("TERM")
        await self._wait(grace)
        await self._signal("KILL")  # also whatever ignored TERM or outlived the leader
        await self._wait(5)
        if self.returncode is None:  # the engine no longer answers: at least end the client
            self.transport.kill()
            await self._wait(2)

