"""Fakes of the Modal and Daytona SDK objects the cloud backends touch, that run commands for real.

Each "sandbox" is a directory on this machine; its commands are local processes (own session and
process group, a minimal environment plus the sandbox's env vars), so the backends' process-group
wrapper, kill path and shell-session scripts are exercised end to end. The fakes record what the
backend asked for (create arguments, terminations, deletions) for tests to assert on, and check
call arguments against the real SDK signatures when the SDK is installed.

    fake = FakeModal(); monkeypatch.setattr(modal_sandbox, "_sdk", lambda: fake)
    fake = FakeDaytona(); monkeypatch.setattr(daytona_sandbox, "_sdk", lambda: fake)
"""

from __future__ import annotations

import asyncio
import enum
import inspect
import itertools
import os
import shutil
import signal
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable


class _Aio:
    """`obj.method.aio(...)`: the shape of the Modal SDK's async interface."""

    def __init__(self, fn: Callable[..., Any]):
        self.fn = fn

    def __get__(self, obj: Any, owner: Any) -> Any:
        bound = self.fn.__get__(obj if obj is not None else owner, owner)
        return types.SimpleNamespace(aio=bound)


def _check_signature(module: str, path: str, args: tuple, kwargs: dict) -> None:
    """Raise TypeError if the real SDK would refuse these arguments (skipped without the SDK)."""
    try:
        target: Any = __import__(module)
        for part in path.split("."):
            target = getattr(target, part)
        sig = inspect.signature(target)
    except (ImportError, AttributeError, ValueError, TypeError):
        return
    sig.bind(*args, **kwargs)


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


# -- Modal --------------------------------------------------------------------------------------

class FakeStreamType(enum.Enum):
    PIPE = 1
    DEVNULL = 2
    STDOUT = 3


class FakeFilesystemError(Exception):
    pass


class SandboxFilesystemNotFoundError(FakeFilesystemError):
    pass


class SandboxFilesystemIsADirectoryError(FakeFilesystemError):
    pass


@dataclass
class FakeFileInfo:
    path: str
    size: int
    directory: bool

    def is_dir(self) -> bool:
        return self.directory


class FakeContainerProcess:
    def __init__(self, proc: asyncio.subprocess.Process):
        self._proc = proc
        self.stdout = self._stream()

    async def _stream(self):  # type: ignore[no-untyped-def]
        while True:
            chunk = await self._proc.stdout.read(65536)  # type: ignore[union-attr]
            if not chunk:
                return
            yield chunk

    @_Aio
    async def wait(self) -> int:
        rc = await self._proc.wait()
        return 128 - rc if rc < 0 else rc  # Modal reports signals as 128+N

    @property
    def returncode(self) -> int | None:
        return self._proc.returncode


class FakeModalFilesystem:
    def __init__(self, sb: "FakeModalSandbox"):
        self.sb = sb

    @_Aio
    async def stat(self, path: str) -> FakeFileInfo:
        p = Path(path)
        if not p.exists():
            raise SandboxFilesystemNotFoundError(path)
        return FakeFileInfo(path, p.stat().st_size, p.is_dir())

    @_Aio
    async def read_bytes(self, path: str) -> bytes:
        p = Path(path)
        if p.is_dir():
            raise SandboxFilesystemIsADirectoryError(path)
        if not p.exists():
            raise SandboxFilesystemNotFoundError(path)
        self.sb.fs_calls.append(("read", path))
        return p.read_bytes()

    @_Aio
    async def write_bytes(self, data: bytes, path: str) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_bytes(data)
        self.sb.fs_calls.append(("write", path))

    @_Aio
    async def make_directory(self, path: str, *, create_parents: bool = True) -> None:
        Path(path).mkdir(parents=create_parents, exist_ok=True)


class FakeModalSandbox:
    def __init__(self, world: "FakeModal", kwargs: dict[str, Any]):
        self.world, self.kwargs = world, kwargs
        self.object_id = f"sb-fake{len(world.sandboxes) + 1}"
        env: dict[str, str] = {}
        for secret in kwargs.get("secrets") or []:
            env.update(secret.env_dict)
        workdir = kwargs.get("workdir") or str(world.root)
        Path(workdir).mkdir(parents=True, exist_ok=True)  # as Modal does for `workdir`
        self.machine = _Machine(Path(workdir), env)
        self.execs: list[list[str]] = []
        self.fs_calls: list[tuple[str, str]] = []
        self.terminated = False
        self.filesystem = FakeModalFilesystem(self)

    @_Aio
    async def exec(self, *args: str, **kwargs: Any) -> FakeContainerProcess:
        _check_signature("modal", "Sandbox.exec", (None, *args), kwargs)
        self.execs.append(list(args))
        devnull = kwargs.get("stderr") is FakeStreamType.DEVNULL
        proc = await self.machine.start(list(args), cwd=self.kwargs.get("workdir"),
                                        stderr=asyncio.subprocess.DEVNULL if devnull else None)
        return FakeContainerProcess(proc)

    @_Aio
    async def poll(self) -> int | None:
        return None if self.machine.alive else 0

    @_Aio
    async def terminate(self, *, wait: bool = False) -> None:
        self.terminated = True
        self.machine.kill_all()


class FakeModal:
    """Stands in for the `modal` module: App, Sandbox, Image, Secret, Client, config."""

    def __init__(self, root: str | os.PathLike[str] = "/tmp", *, token: bool = True):
        self.root = Path(root)
        self.token = token
        self.sandboxes: list[FakeModalSandbox] = []
        self.apps: list[tuple[str, dict[str, Any]]] = []
        self.StreamType = FakeStreamType
        world = self

        class App:
            @_Aio
            async def lookup(cls, name: str, **kw: Any) -> Any:
                _check_signature("modal", "App.lookup", (name,), kw)
                world.apps.append((name, kw))
                return types.SimpleNamespace(name=name)

        class Sandbox:
            @_Aio
            async def create(cls, *args: str, **kw: Any) -> FakeModalSandbox:
                _check_signature("modal", "Sandbox.create", args, kw)
                sb = FakeModalSandbox(world, kw)
                world.sandboxes.append(sb)
                return sb

        class Image:
            @staticmethod
            def from_registry(tag: str, **kw: Any) -> Any:
                return types.SimpleNamespace(tag=tag)

        class Secret:
            @staticmethod
            def from_dict(env_dict: dict[str, str]) -> Any:
                return types.SimpleNamespace(env_dict=dict(env_dict))

        class Client:
            @_Aio
            async def from_credentials(cls, token_id: str, token_secret: str) -> Any:
                return types.SimpleNamespace(token_id=token_id)

        self.App, self.Sandbox, self.Image, self.Secret, self.Client = App, Sandbox, Image, Secret, Client
        self.config = types.SimpleNamespace(get=self._config_get)

    def shutdown(self) -> None:
        """End every fake sandbox still running (kept ones included): for test teardown."""
        for sb in self.sandboxes:
            sb.machine.kill_all()

    def _config_get(self, key: str) -> str | None:
        if not self.token:
            return None
        return {"token_id": "ak-fake", "token_secret": "as-fake"}.get(key)


# -- Daytona ------------------------------------------------------------------------------------

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
