"""The fake `modal` module: App, Sandbox (exec, poll, terminate, filesystem), Image, Secret, Client
and config, with call arguments checked against the real SDK's signatures when it is installed."""

from __future__ import annotations

import asyncio
import enum
import inspect
import os
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from hermes.testing.cloud_sandboxes_machine import _Machine


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
