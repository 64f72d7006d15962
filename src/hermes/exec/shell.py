"""A persistent shell session on any backend that can start a process: a container, a remote host,
a sandbox.

Each command is a fresh `SHELL -c SCRIPT` started through the backend's `spawn`. The script restores
the session's exported variables from a state directory on the target, enters the session cwd, runs
the command, and on exit saves the variables and prints one marker line carrying the exit status
and the final `pwd`. The marker holds a random nonce, so output cannot fake it; it is cut from what
the model sees. One round trip per command, whatever the transport.

A backend supplies `spawn(argv, feed) -> Proc` and, when it has a native way to move files (SFTP,
`docker cp`, an SDK call), may override `read_bytes` / `write_bytes`; the defaults use base64 over
commands so every backend can move files both ways.
"""

from __future__ import annotations

import asyncio
import base64
import posixpath
import re
import secrets
import shlex
import time
from typing import Awaitable, Callable, Mapping

from hermes.exec.base import (NON_INTERACTIVE, CappedOutput, ExecResult, Proc, env_restore,
                              env_save, exit_status, export_lines, supervise)
from hermes.exec.processes import KILL_GRACE, ProcessTable

Spawn = Callable[[list[str], Callable[[bytes], None]], Awaitable[Proc]]
_CHUNK = 48 * 1024  # raw bytes per upload command: its base64 stays far below one argv string's limit


class _HoldBack:
    """Passes output on to `out` but keeps the last bytes back until the command ends, so the
    marker line (always printed last) can be cut out wherever the output's cap falls."""

    HOLD = 8192  # longer than any marker: nonce, status and a PATH_MAX cwd

    def __init__(self, out: CappedOutput):
        self.out = out
        self.pending = bytearray()

    def feed(self, data: bytes) -> None:
        self.pending += data
        if len(self.pending) > 2 * self.HOLD:
            cut = len(self.pending) - self.HOLD
            self.out.feed(bytes(self.pending[:cut]))
            del self.pending[:cut]

    def finish(self, marker: re.Pattern[bytes]) -> tuple[int | None, str]:
        """Flush, without the marker; the exit status and cwd it carried (None, "" if absent)."""
        found = list(marker.finditer(self.pending))
        code, cwd = None, ""
        if found:
            m = found[-1]
            code, cwd = int(m.group(1)), m.group(2).decode("utf-8", "replace")
            self.pending = self.pending[:m.start()] + self.pending[m.end():]
        self.out.feed(bytes(self.pending))
        self.pending = bytearray()
        return code, cwd


class ShellSession:
    kind = "shell"
    host_fs = False

    def __init__(self, spawn: Spawn, *, start_dir: str, shell: str = "bash",
                 state_root: str = "/tmp"):
        self._spawn = spawn
        self.shell = shell
        self.start_dir = start_dir
        self.cwd = start_dir
        self.nonce = secrets.token_hex(8)
        self.state_dir = posixpath.join(state_root, f".hermes-{self.nonce}")
        self.scratch_dir = self.state_dir  # private files of the session's tools
        self.processes = ProcessTable()
        self._marker = re.compile(rb"\n?\x1e" + self.nonce.encode() + rb" (-?\d+) ([^\x1e]*)\x1e\n?")
        self._closed = False

    # -- scripts --------------------------------------------------------------------------------

    def _prelude(self, workdir: str, env: Mapping[str, str] | None) -> str:
        """Make the state dir, restore variables, apply `env`, enter `workdir` (falling back to the
        start dir with a note when it has gone)."""
        state, env_file = shlex.quote(self.state_dir), posixpath.join(self.state_dir, "env")
        wd, start = shlex.quote(workdir), shlex.quote(self.start_dir)
        return (f"[ -d {state} ] || (umask 077; mkdir -p {state}) 2>/dev/null; {env_restore(env_file)}"
                f"{export_lines({**NON_INTERACTIVE, **(env or {})})}"
                f"cd {wd} 2>/dev/null || {{ echo \"[note: working directory {workdir} no longer "
                f"exists; ran in {self.start_dir}]\"; cd {start} 2>/dev/null || cd; }}; ")

    def script(self, command: str, workdir: str, env: Mapping[str, str] | None = None) -> str:
        env_file = posixpath.join(self.state_dir, "env")
        marker = f"printf '\\n\\036{self.nonce} %s %s\\036\\n' \"$__hermes_rc\" \"$(pwd)\""
        # The trap sits on the command's first line so error messages keep its line numbers.
        return (f"{self._prelude(workdir, env)}trap '__hermes_rc=$?; {env_save(env_file)}; "
                f"{marker.replace(chr(39), chr(39) + chr(92) + chr(39) + chr(39))}' EXIT; {command}")

    def _resolve(self, cwd: str | None) -> str:
        if cwd is None:
            return self.cwd
        return posixpath.normpath(posixpath.join(self.cwd, cwd))

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("backend is closed")

    # -- commands -------------------------------------------------------------------------------

    async def run(self, command: str, *, cwd: str | None = None, timeout: float = 180.0,
                  env: Mapping[str, str] | None = None, cancel: asyncio.Event | None = None,
                  max_output_chars: int = 50_000) -> ExecResult:
        self._check_open()
        workdir = self._resolve(cwd)
        if cwd is not None:
            # An explicit workdir that does not exist is an error, as on the local backend.
            probe = await self._raw(f"test -d {shlex.quote(workdir)}", timeout=30)
            if probe[1] != 0:
                raise FileNotFoundError(f"workdir {workdir} does not exist")
        out = CappedOutput(max_output_chars)
        held = _HoldBack(out)
        started = time.monotonic()
        child = await self._spawn([self.shell, "-c", self.script(command, workdir, env)], held.feed)
        timed_out, cancelled = await supervise(child, timeout, cancel, grace=KILL_GRACE)
        code, final = held.finish(self._marker)
        text = out.text()
        if cwd is None and final and not (timed_out or cancelled):
            self.cwd = final
        rc = child.returncode
        exit_code = exit_status(rc) if rc is not None else (code if code is not None else -1)
        if code is not None and not (timed_out or cancelled):
            exit_code = code  # the shell's own status: transports disagree on signals
        return ExecResult(text, exit_code, timed_out, cancelled, out.truncated,
                          final or workdir, time.monotonic() - started)

    async def _raw(self, script: str, *, timeout: float = 60,
                   max_bytes: int = 1_000_000) -> tuple[bytes, int]:
        """Run a helper script outside the session (no marker, no state); (output, status)."""
        buf = bytearray()

        def feed(data: bytes) -> None:
            if len(buf) <= max_bytes:
                buf.extend(data)

        child = await self._spawn([self.shell, "-c", script], feed)
        try:
            await asyncio.wait_for(asyncio.shield(child.exited), timeout)
        except asyncio.TimeoutError:
            await child.kill_group(KILL_GRACE)
            raise TimeoutError(f"helper command timed out after {timeout:g}s") from None
        finally:
            await child.drain(1.0)
            child.close()
        if len(buf) > max_bytes:
            raise ValueError(f"more than {max_bytes:,} bytes")
        return bytes(buf), exit_status(child.returncode)

    async def start_background(self, command: str, *, cwd: str | None = None,
                               env: Mapping[str, str] | None = None) -> str:
        self._check_open()
        workdir = self._resolve(cwd)
        script = f"{self._prelude(workdir, env)}{command}"
        proc = await self.processes.start([self.shell, "-c", script], command=command, cwd=workdir,
                                          spawner=self._spawn)
        return proc.id

    # -- files ----------------------------------------------------------------------------------

    def abspath(self, path: str) -> str:
        return posixpath.normpath(posixpath.join(self.cwd, path))

    async def read_bytes(self, path: str, *, max_bytes: int = 10_000_000) -> bytes:
        self._check_open()
        p = shlex.quote(self.abspath(path))
        script = (f"if [ -d {p} ]; then echo DIR; exit 3; fi; [ -e {p} ] || {{ echo MISSING; "
                  f"exit 2; }}; n=$(wc -c < {p}) || exit 4; if [ \"$n\" -gt {max_bytes} ]; then "
                  f"echo \"BIG $n\"; exit 5; fi; base64 < {p}")
        out, code = await self._raw(script, max_bytes=max_bytes * 2 + 4096)
        where = self.abspath(path)
        if code == 2:
            raise FileNotFoundError(f"{where} does not exist")
        if code == 3:
            raise IsADirectoryError(f"{where} is a directory")
        if code == 5:
            size = int(out.split()[-1])
            raise ValueError(f"{where} is {size:,} bytes (limit {max_bytes:,})")
        if code != 0:
            raise OSError(f"could not read {where}: {out.decode('utf-8', 'replace').strip()}")
        return base64.b64decode(b"".join(out.split()))

    async def write_bytes(self, path: str, data: bytes) -> None:
        self._check_open()
        target = self.abspath(path)
        p, tmp = shlex.quote(target), shlex.quote(f"{target}.hermes-{self.nonce}")
        first = f"mkdir -p {shlex.quote(posixpath.dirname(target) or '/')} && : > {tmp}"
        chunks = [data[i:i + _CHUNK] for i in range(0, len(data), _CHUNK)] or [b""]
        for i, chunk in enumerate(chunks):
            b64 = base64.b64encode(chunk).decode()
            step = f"printf %s {b64} | base64 -d >> {tmp}" if chunk else ":"
            script = f"{first} && {step}" if i == 0 else step
            out, code = await self._raw(script)
            if code != 0:
                await self._raw(f"rm -f {tmp}")
                raise OSError(f"could not write {target}: {out.decode('utf-8', 'replace').strip()}")
        out, code = await self._raw(f"mv -f {tmp} {p}")
        if code != 0:
            raise OSError(f"could not write {target}: {out.decode('utf-8', 'replace').strip()}")

    # -- end ------------------------------------------------------------------------------------

    async def close(self, *, keep: bool = False) -> None:
        """Kill background processes and remove the session's state (and, unless `keep`, whatever
        `cleanup()` of the backend removes)."""
        if self._closed:
            return
        await self.processes.close()
        try:
            await self._raw(f"rm -rf {shlex.quote(self.state_dir)}", timeout=15)
        except Exception:  # the target may already be gone; nothing else to clean
            pass
        self._closed = True
