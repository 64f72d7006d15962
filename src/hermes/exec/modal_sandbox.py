"""Modal backend: the session's commands run in a Modal sandbox (a container in Modal's cloud).

The sandbox is created on the first command, not at open, so a session that never runs anything
costs nothing; it is reused for the whole session, stops by itself after `idle_timeout` seconds
without a command (and after `timeout` in any case), and is terminated at close unless
`keep_workspace`. GPU, CPU, memory and the named secrets go to `Sandbox.create`. Commands are
`ShellSession` scripts started with `sandbox.exec`; files move through the sandbox filesystem API.
Modal ends an idle sandbox for good, so the next command after that starts a new one, and says so.

Needs a Modal token: MODAL_TOKEN_ID and MODAL_TOKEN_SECRET, or ~/.modal.toml (`modal token new`).
"""

from __future__ import annotations

import asyncio
import posixpath
import types
from typing import Any

from hermes import pip_extra
from hermes.exec.base import BackendUnavailable
from hermes.exec.cloud_proc import LazySandbox, RemoteProc, pidfile_for, wrap
from hermes.exec.shell import ShellSession

_NEEDS_TOKEN = ("Modal needs a token: set MODAL_TOKEN_ID and MODAL_TOKEN_SECRET (in the environment "
                "or HERMES_HOME/.env), or run `modal token new` to write ~/.modal.toml")


def _sdk() -> Any:
    """The Modal objects this backend uses; tests replace this with fakes."""
    try:
        import modal
        from modal.config import config
    except ImportError:
        raise BackendUnavailable("the modal backend needs the Modal SDK: "
                                 + pip_extra("modal")) from None
    return types.SimpleNamespace(App=modal.App, Sandbox=modal.Sandbox, Image=modal.Image,
                                 Secret=modal.Secret, Client=modal.Client,
                                 StreamType=modal.stream_type.StreamType, config=config)


def resolve_secrets(names: list[str], ctx: Any, kind: str) -> dict[str, str]:
    """The values of the spec's `secrets:` names; a missing one is an error naming it (only)."""
    values, missing = {}, []
    for name in names:
        value = ctx.secret(name)
        if value:
            values[name] = value
        else:
            missing.append(name)
    if missing:
        raise BackendUnavailable(f"the {kind} backend is configured to pass secret(s) "
                                 f"{', '.join(missing)}, which are not set: add them to "
                                 f"HERMES_HOME/.env or the environment")
    return values


class ModalBackend(LazySandbox, ShellSession):
    kind = "modal"
    host_fs = False

    def __init__(self, spec: Any, sdk: Any, *, secrets: dict[str, str],
                 credentials: tuple[str, str] | None):
        super().__init__(self._spawn_remote, start_dir=spec.workdir, shell=spec.shell)
        self.spec, self.sdk = spec, sdk
        self._secrets, self._credentials = secrets, credentials
        self._sandbox: Any = None
        self._lock = asyncio.Lock()
        self._seq = 0

    @classmethod
    async def open(cls, spec: Any, ctx: Any) -> "ModalBackend":
        sdk = _sdk()
        credentials = None
        try:
            configured = bool(sdk.config.get("token_id") and sdk.config.get("token_secret"))
        except Exception as e:  # a malformed ~/.modal.toml
            raise BackendUnavailable(f"Modal configuration is unreadable: {e}") from None
        if not configured:
            # A token kept in HERMES_HOME/.env reaches the SDK as an explicit client.
            tid, tsecret = ctx.secret("MODAL_TOKEN_ID"), ctx.secret("MODAL_TOKEN_SECRET")
            if not (tid and tsecret):
                raise BackendUnavailable(_NEEDS_TOKEN)
            credentials = (tid, tsecret)
        secrets = resolve_secrets(list(spec.secrets), ctx, "modal")
        return cls(spec, sdk, secrets=secrets, credentials=credentials)

    # -- the sandbox: created on first use (LazySandbox) -------------------------------------------

    async def _create(self) -> Any:
        s, sdk = self.spec, self.sdk
        extra: dict[str, Any] = {}
        if self._credentials is not None:
            extra["client"] = await sdk.Client.from_credentials.aio(*self._credentials)
        try:
            app = await sdk.App.lookup.aio(s.app_name, create_if_missing=True, **extra)
            secrets = [sdk.Secret.from_dict(dict(self._secrets))] if self._secrets else []
            return await sdk.Sandbox.create.aio(
                app=app, image=sdk.Image.from_registry(s.image), gpu=s.gpu, cpu=s.cpu,
                memory=s.memory, timeout=s.timeout, idle_timeout=s.idle_timeout, secrets=secrets,
                workdir=s.workdir, **extra)
        except Exception as e:
            # Auth and quota errors surface here, on first use; the SDK's message says which.
            raise BackendUnavailable(f"could not start a Modal sandbox ({type(e).__name__}: "
                                     f"{e})") from None

    async def _exec(self, argv: list[str], note: Any = None) -> Any:
        sb = await self._ensure()
        try:
            return await sb.exec.aio(*argv, text=False, stderr=self.sdk.StreamType.DEVNULL)
        except Exception:
            if not await self._replace_finished(sb):
                raise
        if note is not None:
            note(b"[note: the sandbox had stopped (idle_timeout or timeout); this is a new one, "
                 b"and files and variables from before are gone]\n")
        sb = await self._ensure()
        return await sb.exec.aio(*argv, text=False, stderr=self.sdk.StreamType.DEVNULL)

    async def _replace_finished(self, sb: Any) -> bool:
        """True if `sb` has ended (Modal stops idle sandboxes for good): the next use makes a new one."""
        try:
            ended = await sb.poll.aio() is not None
        except Exception:
            return False
        if ended:
            async with self._lock:
                if self._sandbox is sb:
                    self._sandbox = None
        return ended

    async def _helper(self, script: str) -> int:
        proc = await self._exec(["sh", "-c", script])
        return await proc.wait.aio()

    async def _spawn_remote(self, argv: list[str], feed: Any) -> RemoteProc:
        self._seq += 1
        pidfile = pidfile_for(self.state_dir, self._seq)
        proc = await self._exec(wrap(argv, pidfile, self.shell), note=feed)

        async def pump() -> None:
            async for chunk in proc.stdout:
                feed(chunk if isinstance(chunk, bytes) else chunk.encode())

        return RemoteProc(wait=proc.wait.aio(), pump=pump(), helper=self._helper,
                          pidfile=pidfile, feed=feed)

    # -- files ----------------------------------------------------------------------------------

    async def read_bytes(self, path: str, *, max_bytes: int = 10_000_000) -> bytes:
        fs, where = (await self._ensure()).filesystem, self.abspath(path)
        try:
            info = await fs.stat.aio(where)
            if info.is_dir():
                raise IsADirectoryError(f"{where} is a directory")
            if info.size > max_bytes:
                raise ValueError(f"{where} is {info.size:,} bytes (limit {max_bytes:,})")
            return await fs.read_bytes.aio(where)
        except Exception as e:
            raise _fs_error(e, where) from None

    async def write_bytes(self, path: str, data: bytes) -> None:
        fs, where = (await self._ensure()).filesystem, self.abspath(path)
        try:
            await fs.make_directory.aio(posixpath.dirname(where) or "/", create_parents=True)
            await fs.write_bytes.aio(bytes(data), where)
        except Exception as e:
            raise _fs_error(e, where) from None

    # -- end ------------------------------------------------------------------------------------

    async def _release(self) -> None:
        if not self.spec.keep_workspace:
            try:
                await self._sandbox.terminate.aio()
            except Exception:  # already stopped (timeout, idle); it is gone either way
                pass


def _fs_error(e: Exception, where: str) -> Exception:
    """SDK filesystem errors as the builtin ones the file tools expect."""
    if isinstance(e, (FileNotFoundError, IsADirectoryError, ValueError, PermissionError)):
        return e
    name = type(e).__name__
    if "NotFound" in name:
        return FileNotFoundError(f"{where} does not exist")
    if "IsADirectory" in name:
        return IsADirectoryError(f"{where} is a directory")
    if "Permission" in name:
        return PermissionError(f"{where}: permission denied")
    if "TooLarge" in name:
        return ValueError(f"{where} is too large to read")
    return OSError(f"{where}: {name}: {e}")
