"""The machine behind each fake cloud sandbox: a directory on this machine whose commands are local
processes (own session and process group, a minimal environment plus the sandbox's env vars), in a
PID namespace of their own where the host allows one."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
from pathlib import Path

_BASE_ENV = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
             "LANG": "C.UTF-8"}


class _Machine:
    """The processes of one fake sandbox. As root (where `unshare` works) it gets a PID namespace
    of its own, so `ps` in it sees only its processes, as in a real sandbox, not the host's."""

    def __init__(self, root: Path, env: dict[str, str]):
        self.root = root
        self.env = {**_BASE_ENV, "HOME": str(root), **env}
        self.procs: list[asyncio.subprocess.Process] = []
        self.alive = True
        self._ns: asyncio.subprocess.Process | None = None
        self._init_pid: int | None = None
        self._started = False

    async def _isolate(self) -> None:
        self._started = True
        if os.geteuid() != 0 or not (shutil.which("unshare") and shutil.which("nsenter")):
            return
        self._ns = await asyncio.create_subprocess_exec(
            "unshare", "--pid", "--fork", "--mount-proc", "--kill-child", "sleep", "infinity",
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL, start_new_session=True)
        children = Path(f"/proc/{self._ns.pid}/task/{self._ns.pid}/children")
        for _ in range(100):
            try:
                pids = children.read_text().split()
            except OSError:
                pids = []
            if pids:
                self._init_pid = int(pids[0])
                return
            if self._ns.returncode is not None:
                break
            await asyncio.sleep(0.02)
        self._ns = None  # no namespaces here (container without CAP_SYS_ADMIN): plain processes

    async def start(self, argv: list[str], cwd: str | None = None,
                    stderr: int | None = asyncio.subprocess.PIPE) -> asyncio.subprocess.Process:
        if not self.alive:
            raise RuntimeError("sandbox is terminated")
        if not self._started:
            await self._isolate()
        wd = cwd or str(self.root)
        if self._init_pid is not None:
            argv = ["nsenter", "-t", str(self._init_pid), "-p", "-m", f"--wd={wd}", "--", *argv]
        proc = await asyncio.create_subprocess_exec(
            *argv, cwd=wd, env=self.env, stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE, stderr=stderr, start_new_session=True)
        self.procs.append(proc)
        return proc

    def kill_all(self) -> None:
        self.alive = False
        if self._init_pid is not None:
            for pid in (self._init_pid, self._ns.pid if self._ns else None):
                try:  # the namespace's init: the kernel kills everything in it
                    if pid:
                        os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        for p in self.procs:
            if p.returncode is None:
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
