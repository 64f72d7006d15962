"""Local execution backend: each command is a fresh `bash -c` in its own process group.

The session's working directory and exported variables persist across calls: an EXIT trap writes
the final `pwd` and `export -p` to private temp files, read back by the backend and the next command. Timeout and cancellation kill the whole
process tree (SIGTERM, then SIGKILL after a short grace); so do commands that return while leaving
`&` children behind (use a background process for servers). Output is capped while it is read.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import shutil
import tempfile
import time
from pathlib import Path
from typing import Iterable, Mapping

from hermes.exec.base import (CappedOutput, ExecResult, env_restore, env_save, exit_status, scrub_env,
                              supervise)
from hermes.exec.processes import KILL_GRACE, ProcessTable, spawn


class LocalBackend:
    kind = "local"
    host_fs = True  # the file tools may use the host's filesystem directly
    def __init__(self, start_dir: str | os.PathLike[str], *, secret_names: Iterable[str] = (),
                 shell: str = "bash", home: str | os.PathLike[str] | None = None):
        start = Path(start_dir).expanduser()
        if not start.is_dir():
            raise FileNotFoundError(f"working directory {start} does not exist")
        self.start_dir = str(start.absolute())
        self.cwd = self.start_dir
        self.shell = shutil.which(shell) or shell
        self.secret_names = frozenset(secret_names)
        # A `hermes ...` command the agent runs must see the session's home, not ~/.hermes, also
        # when that home was chosen in process rather than through the environment.
        self.home_env = {"HERMES_HOME": str(home)} if home is not None else {}
        self.processes = ProcessTable()
        # 0700: the cwd and variables files are private. In memory when possible: a file created on
        # disk for every command costs more than the shell itself.
        shm = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
        self._tmp = tempfile.mkdtemp(prefix="hermes-exec-", dir=shm)
        self.scratch_dir = self._tmp  # private files of the session's tools (execute_code scripts)
        self._runs = 0
        self._closed = False

    def env(self, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        return scrub_env(extra={**self.home_env, **(extra or {})}, secret_names=self.secret_names)

    def _workdir(self, cwd: str | None) -> tuple[str, str]:
        """(directory to run in, note for the output). A vanished session cwd falls back to the
        start dir; an explicit cwd that does not exist is an error."""
        if cwd is not None:
            path = os.path.join(self.cwd, os.path.expanduser(cwd))
            if not os.path.isdir(path):
                raise FileNotFoundError(f"workdir {path} does not exist")
            return os.path.normpath(path), ""
        if os.path.isdir(self.cwd):
            return self.cwd, ""
        if not os.path.isdir(self.start_dir):
            raise FileNotFoundError(f"working directory {self.cwd} and start directory "
                                    f"{self.start_dir} no longer exist")
        note = f"[note: working directory {self.cwd} no longer exists; ran in {self.start_dir}]\n"
        self.cwd = self.start_dir
        return self.cwd, note

    async def run(self, command: str, *, cwd: str | None = None, timeout: float = 180.0,
                  env: Mapping[str, str] | None = None, cancel: asyncio.Event | None = None,
                  max_output_chars: int = 50_000) -> ExecResult:
        if self._closed:
            raise RuntimeError("backend is closed")
        workdir, note = self._workdir(cwd)
        self._runs += 1
        pwd_file = os.path.join(self._tmp, f"cwd.{self._runs}")
        # The trap records the final directory even when the command calls `exit`. It sits on the
        # command's first line so error messages keep the command's own line numbers.
        env_file = os.path.join(self._tmp, "env")
        script = (f"{env_restore(env_file)}trap 'pwd > {shlex.quote(pwd_file)}; "
                  f"{env_save(env_file)}' EXIT; {command}")
        out = CappedOutput(max_output_chars)
        started = time.monotonic()
        child = await spawn([self.shell, "-c", script], cwd=workdir, env=self.env(env), feed=out.feed)
        # Swept also after a normal exit: `&` children left behind would hold the pipe open.
        timed_out, cancelled = await supervise(child, timeout, cancel, sweep=True, grace=KILL_GRACE)
        duration = time.monotonic() - started
        cwd_after = self._read_cwd(pwd_file, workdir, session=cwd is None)
        return ExecResult(note + out.text(), exit_status(child.returncode), timed_out, cancelled,
                          out.truncated, cwd_after, duration)

    def _read_cwd(self, pwd_file: str, workdir: str, *, session: bool) -> str:
        try:
            new = Path(pwd_file).read_text(encoding="utf-8", errors="replace").strip()
            os.unlink(pwd_file)
        except OSError:
            new = ""  # killed before the trap ran, or the command replaced the trap / the shell
        final = new if new and os.path.isdir(new) else workdir
        if session:
            self.cwd = final
        return final

    async def start_background(self, command: str, *, cwd: str | None = None,
                               env: Mapping[str, str] | None = None) -> str:
        if self._closed:
            raise RuntimeError("backend is closed")
        workdir, _ = self._workdir(cwd)
        proc = await self.processes.start([self.shell, "-c", command], command=command, cwd=workdir,
                                          env=self.env(env))
        return proc.id

    def rpc_dir(self) -> tuple[str, str]:
        """Where a socket of ours is reachable by commands: (host path, path commands see)."""
        return self._tmp, self._tmp

    def _path(self, path: str) -> Path:
        return Path(self.cwd, os.path.expanduser(path))

    async def read_bytes(self, path: str, *, max_bytes: int = 10_000_000) -> bytes:
        p = self._path(path)
        if p.is_dir():
            raise IsADirectoryError(f"{p} is a directory")
        size = p.stat().st_size
        if size > max_bytes:
            raise ValueError(f"{p} is {size:,} bytes (limit {max_bytes:,})")
        return p.read_bytes()

    async def write_bytes(self, path: str, data: bytes) -> None:
        p = self._path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        await self.processes.close()
        shutil.rmtree(self._tmp, ignore_errors=True)
