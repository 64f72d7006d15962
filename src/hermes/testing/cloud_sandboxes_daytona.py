"""The fake `daytona` module: AsyncDaytona (create, delete, close), sandboxes that stop and start
again, session commands with streamed logs, and the file system calls."""

from __future__ import annotations

import asyncio
import itertools
import os
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from hermes.testing.cloud_sandboxes_machine import _Machine


class DaytonaNotFoundError(Exception):
    pass


@dataclass
class _Command:
    proc: asyncio.subprocess.Process
    chunks: list[bytes] = field(default_factory=list)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    more: asyncio.Event = field(default_factory=asyncio.Event)


class FakeDaytonaProcess:
    def __init__(self, sb: "FakeDaytonaSandbox"):
        self.sb = sb
        self.sessions: set[str] = set()
        self.deleted_sessions: list[str] = []
        self.commands: dict[str, _Command] = {}
        self._ids = itertools.count(1)

    def _check_started(self) -> None:
        if self.sb.state != "started":
            raise RuntimeError(f"sandbox is {self.sb.state}")

    async def create_session(self, session_id: str) -> None:
        self._check_started()
        assert session_id not in self.sessions, f"session {session_id} exists"
        self.sessions.add(session_id)

    async def delete_session(self, session_id: str) -> None:
        self.sessions.discard(session_id)
        self.deleted_sessions.append(session_id)

    async def execute_session_command(self, session_id: str, req: Any, timeout: int | None = None) -> Any:
        self._check_started()
        assert session_id in self.sessions, f"no session {session_id}"
        busy = [c for c in self.commands.values() if getattr(c, "session", None) == session_id
                and c.proc.returncode is None]
        assert not busy, "a session runs one command at a time"
        proc = await self.sb.machine.start(["sh", "-c", req.command], stderr=asyncio.subprocess.STDOUT)
        cmd = _Command(proc)
        cmd.session = session_id  # type: ignore[attr-defined]
        cmd_id = f"cmd-{next(self._ids)}"
        self.commands[cmd_id] = cmd
        asyncio.ensure_future(self._read(cmd))
        return types.SimpleNamespace(cmd_id=cmd_id, output=None, exit_code=None)

    async def _read(self, cmd: _Command) -> None:
        while True:
            chunk = await cmd.proc.stdout.read(65536)  # type: ignore[union-attr]
            if not chunk:
                break
            cmd.chunks.append(chunk)
            cmd.more.set()
        await cmd.proc.wait()
        cmd.done.set()
        cmd.more.set()

    async def get_session_command(self, session_id: str, command_id: str) -> Any:
        cmd = self.commands[command_id]
        rc = cmd.proc.returncode if cmd.done.is_set() else None
        if rc is not None and rc < 0:
            rc = 128 - rc
        return types.SimpleNamespace(id=command_id, command="", exit_code=rc)

    async def get_session_command_logs_async(self, session_id: str, command_id: str,
                                             on_stdout: Callable[[str], Any],
                                             on_stderr: Callable[[str], Any]) -> None:
        cmd, sent = self.commands[command_id], 0
        while True:
            cmd.more.clear()
            while sent < len(cmd.chunks):
                on_stdout(cmd.chunks[sent].decode("utf-8", "replace"))
                sent += 1
            if cmd.done.is_set():
                return
            await cmd.more.wait()

    async def exec(self, command: str, cwd: str | None = None, env: dict[str, str] | None = None,
                   timeout: int | None = None) -> Any:
        proc = await self.sb.machine.start(["sh", "-c", command], cwd=cwd,
                                           stderr=asyncio.subprocess.STDOUT)
        out, _ = await proc.communicate()
        return types.SimpleNamespace(exit_code=proc.returncode, result=out.decode("utf-8", "replace"))


class FakeDaytonaFs:
    async def get_file_info(self, path: str) -> Any:
        p = Path(path)
        if not p.exists():
            raise DaytonaNotFoundError(f"{path} not found")
        return types.SimpleNamespace(name=p.name, is_dir=p.is_dir(), size=p.stat().st_size)

    async def download_file(self, remote_path: str, timeout: int = 1800) -> bytes:
        return Path(remote_path).read_bytes()

    async def upload_file(self, file: bytes, remote_path: str, timeout: int = 1800) -> None:
        Path(remote_path).write_bytes(file)

    async def create_folder(self, path: str, mode: str) -> None:
        Path(path).mkdir(parents=True, exist_ok=True, mode=int(mode, 8))


class FakeDaytonaSandbox:
    def __init__(self, root: Path, params: Any):
        self.params = params
        self.id = f"dt-fake-{root.name}"
        root.mkdir(parents=True, exist_ok=True)
        self.machine = _Machine(root, dict(getattr(params, "env_vars", None) or {}))
        self.process = FakeDaytonaProcess(self)
        self.fs = FakeDaytonaFs()
        self.state = "started"
        self.starts = 0

    async def get_work_dir(self) -> str:
        return str(self.machine.root)

    async def refresh_data(self) -> None:
        pass

    async def stop(self, timeout: float | None = 60) -> None:
        """What auto_stop_interval does: processes and sessions end, files stay."""
        self.machine.kill_all()
        self.process.sessions.clear()
        self.state = "stopped"

    async def start(self, timeout: float | None = 60) -> None:
        self.machine = _Machine(self.machine.root, dict(self.machine.env))
        self.state = "started"
        self.starts += 1


class FakeDaytona:
    """Stands in for the `daytona` module; the parameter classes are the real SDK's when installed."""

    def __init__(self, root: str | os.PathLike[str] = "/tmp"):
        self.root = Path(root)
        self.configs: list[Any] = []
        self.sandboxes: list[FakeDaytonaSandbox] = []
        self.deleted: list[FakeDaytonaSandbox] = []
        self.clients_closed = 0
        try:
            import daytona as real
            self.DaytonaConfig = real.DaytonaConfig
            self.CreateSandboxFromImageParams = real.CreateSandboxFromImageParams
            self.CreateSandboxFromSnapshotParams = real.CreateSandboxFromSnapshotParams
            self.Resources = real.Resources
            self.SessionExecuteRequest = real.SessionExecuteRequest
        except ImportError:
            record = lambda **kw: types.SimpleNamespace(**kw)  # noqa: E731
            self.DaytonaConfig = self.CreateSandboxFromImageParams = record
            self.CreateSandboxFromSnapshotParams = self.Resources = record
            self.SessionExecuteRequest = record
        world = self

        class AsyncDaytona:
            def __init__(self, config: Any = None):
                world.configs.append(config)

            async def create(self, params: Any = None, *, timeout: float = 60, **kw: Any) -> Any:
                sb = FakeDaytonaSandbox(world.root / f"sandbox{len(world.sandboxes) + 1}", params)
                world.sandboxes.append(sb)
                return sb

            async def delete(self, sandbox: Any, timeout: float = 60, wait: bool = False) -> None:
                sandbox.machine.kill_all()
                sandbox.state = "destroyed"
                world.deleted.append(sandbox)

            async def close(self) -> None:
                world.clients_closed += 1

        self.AsyncDaytona = AsyncDaytona

    def shutdown(self) -> None:
        """End every fake sandbox still running (kept ones included): for test teardown."""
        for sb in self.sandboxes:
            sb.machine.kill_all()
