"""Daytona backend: the session's commands run in a Daytona sandbox.

The sandbox is created on the first command (from `image`, a `snapshot`, or Daytona's default
snapshot), reused for the session,
stopped by Daytona after `auto_stop_interval` idle minutes (and started again, files intact, by
the next command), and deleted at close unless
`keep_workspace`. Resources and the named secrets (as environment variables) go to `create`.

Each command is a `ShellSession` script run asynchronously in a Daytona process session, its output
streamed from the session's command logs; a session is reused once its command has finished, so a
background process never blocks the next command. Files move through `sandbox.fs`.

Needs DAYTONA_API_KEY (environment or HERMES_HOME/.env); DAYTONA_API_URL / DAYTONA_TARGET or the
spec's `api_url` / `target` pick another server or region.
"""

from __future__ import annotations

import asyncio
import posixpath
import shlex
import types
from typing import Any

from hermes import pip_extra
from hermes.exec.base import BackendUnavailable
from hermes.exec.cloud_proc import LazySandbox, RemoteProc, pidfile_for, wrap
from hermes.exec.modal_sandbox import _fs_error, resolve_secrets
from hermes.exec.shell import ShellSession

_NEEDS_KEY = ("Daytona needs an API key: set DAYTONA_API_KEY in the environment or HERMES_HOME/.env "
              "(create one at app.daytona.io); DAYTONA_API_URL / DAYTONA_TARGET are optional")
_SIZES = ("cpu", "memory", "disk", "gpu")
_POLL = (0.05, 0.5)  # first and longest interval between exit-code polls, seconds


def _sdk() -> Any:
    """The Daytona objects this backend uses; tests replace this with fakes."""
    try:
        import daytona
    except ImportError:
        raise BackendUnavailable("the daytona backend needs the Daytona SDK: "
                                 + pip_extra("daytona")) from None
    return types.SimpleNamespace(
        AsyncDaytona=daytona.AsyncDaytona, DaytonaConfig=daytona.DaytonaConfig,
        CreateSandboxFromImageParams=daytona.CreateSandboxFromImageParams,
        CreateSandboxFromSnapshotParams=daytona.CreateSandboxFromSnapshotParams,
        Resources=daytona.Resources, SessionExecuteRequest=daytona.SessionExecuteRequest)


class DaytonaBackend(LazySandbox, ShellSession):
    kind = "daytona"
    host_fs = False

    def __init__(self, spec: Any, sdk: Any, config: Any, *, secrets: dict[str, str]):
        # Without `workdir`, commands start in the sandbox's own work dir, known once it exists.
        super().__init__(self._spawn_remote, start_dir=spec.workdir or "~", shell=spec.shell)
        self.spec, self.sdk, self._config, self._secrets = spec, sdk, config, secrets
        self._client: Any = None
        self._sandbox: Any = None
        self._lock = asyncio.Lock()
        self._idle_sessions: list[str] = []
        self._sessions: list[str] = []
        self._seq = self._session_seq = 0

    @classmethod
    async def open(cls, spec: Any, ctx: Any) -> "DaytonaBackend":
        sdk = _sdk()
        if spec.image and spec.snapshot:
            raise BackendUnavailable("the daytona backend takes `image` or `snapshot`, not both")
        sized = [k for k in _SIZES if getattr(spec, k)]
        if sized and not spec.image:
            # Daytona sizes only sandboxes built from an image; a snapshot fixes its own.
            raise BackendUnavailable(f"the daytona backend sets {', '.join(sized)} only for an "
                                     f"`image`; add one, or drop them and size the snapshot")
        key = ctx.secret("DAYTONA_API_KEY")
        if not key:
            raise BackendUnavailable(_NEEDS_KEY)
        config = sdk.DaytonaConfig(api_key=key,
                                   api_url=spec.api_url or ctx.secret("DAYTONA_API_URL") or None,
                                   target=spec.target or ctx.secret("DAYTONA_TARGET") or None)
        secrets = resolve_secrets(list(spec.secrets), ctx, "daytona")
        return cls(spec, sdk, config, secrets=secrets)

    # -- the sandbox: created on first use (LazySandbox) -------------------------------------------

    def _params(self) -> Any:
        s, sdk = self.spec, self.sdk
        common: dict[str, Any] = {"env_vars": dict(self._secrets),
                                  "auto_stop_interval": s.auto_stop_interval,
                                  "labels": {"created-by": "hermes-agent"}}
        if not s.image:  # a named snapshot, or Daytona's default one
            return sdk.CreateSandboxFromSnapshotParams(snapshot=s.snapshot, **common)
        sizes = {k: getattr(s, k) for k in _SIZES if getattr(s, k)}
        return sdk.CreateSandboxFromImageParams(
            image=s.image, resources=sdk.Resources(**sizes) if sizes else None, **common)

    async def _create(self) -> Any:
        try:
            self._client = self._client or self.sdk.AsyncDaytona(self._config)
            sb = await self._client.create(self._params(), timeout=180)
        except Exception as e:
            raise BackendUnavailable(f"could not start a Daytona sandbox ({type(e).__name__}: "
                                     f"{e})") from None
        if self.start_dir == "~":  # the sandbox's own working directory, now that it exists
            try:
                self.start_dir = self.cwd = await sb.get_work_dir()
            except Exception:
                self.start_dir = self.cwd = "/"
        return sb

    async def run(self, command: str, **kw: Any) -> Any:
        await self._ensure()  # the start dir is known once the sandbox exists
        return await super().run(command, **kw)

    async def start_background(self, command: str, **kw: Any) -> str:
        await self._ensure()
        return await super().start_background(command, **kw)

    async def _restart_stopped(self, sb: Any) -> bool:
        """Start `sb` again if Daytona stopped it (auto_stop_interval); its files survive, its
        process sessions do not. True if it was restarted."""
        try:
            await sb.refresh_data()
            state = str(getattr(sb.state, "value", sb.state))
            if state not in ("stopped", "archived"):
                return False
            await sb.start(timeout=180)
        except Exception:
            return False
        self._idle_sessions.clear()
        self._sessions.clear()
        return True

    async def _session(self) -> str:
        if self._idle_sessions:
            return self._idle_sessions.pop()
        self._session_seq += 1
        sid = f"hermes-{self.nonce}-{self._session_seq}"
        await self._sandbox.process.create_session(sid)
        self._sessions.append(sid)
        return sid

    async def _helper(self, script: str) -> int:
        sb = await self._ensure()
        resp = await sb.process.exec(f"sh -c {shlex.quote(script)}", timeout=30)
        return int(resp.exit_code or 0)

    async def _spawn_remote(self, argv: list[str], feed: Any) -> RemoteProc:
        sb = await self._ensure()
        self._seq += 1
        pidfile = pidfile_for(self.state_dir, self._seq)
        req = self.sdk.SessionExecuteRequest(command=shlex.join(wrap(argv, pidfile, self.shell)),
                                             run_async=True)
        try:
            sid = await self._session()
            cmd_id = (await sb.process.execute_session_command(sid, req)).cmd_id
        except Exception:
            if not await self._restart_stopped(sb):
                raise
            sid = await self._session()
            cmd_id = (await sb.process.execute_session_command(sid, req)).cmd_id

        def out(text: str) -> None:
            feed(text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text)

        async def wait() -> int:
            delay = _POLL[0]
            while True:
                cmd = await sb.process.get_session_command(sid, cmd_id)
                if cmd.exit_code is not None:
                    self._idle_sessions.append(sid)  # free for the next command
                    return int(cmd.exit_code)
                await asyncio.sleep(delay)
                delay = min(delay * 1.5, _POLL[1])

        pump = sb.process.get_session_command_logs_async(sid, cmd_id, out, lambda _text: None)
        return RemoteProc(wait=wait(), pump=pump, helper=self._helper, pidfile=pidfile, feed=feed)

    # -- files ----------------------------------------------------------------------------------

    async def read_bytes(self, path: str, *, max_bytes: int = 10_000_000) -> bytes:
        fs, where = (await self._ensure()).fs, self.abspath(path)
        try:
            info = await fs.get_file_info(where)
            if info.is_dir:
                raise IsADirectoryError(f"{where} is a directory")
            if info.size > max_bytes:
                raise ValueError(f"{where} is {info.size:,} bytes (limit {max_bytes:,})")
            return await fs.download_file(where)
        except Exception as e:
            raise _fs_error(e, where) from None

    async def write_bytes(self, path: str, data: bytes) -> None:
        fs, where = (await self._ensure()).fs, self.abspath(path)
        try:
            await fs.create_folder(posixpath.dirname(where) or "/", "755")
            await fs.upload_file(bytes(data), where)
        except Exception as e:
            raise _fs_error(e, where) from None

    # -- end ------------------------------------------------------------------------------------

    async def _release(self) -> None:
        if self.spec.keep_workspace:
            for sid in self._sessions:  # the sandbox stays; its idle shells need not
                try:
                    await self._sandbox.process.delete_session(sid)
                except Exception:
                    pass
        else:
            try:
                await self._client.delete(self._sandbox, timeout=60)
            except Exception:  # already gone; nothing left to remove
                pass

    async def _close_client(self) -> None:
        if self._client is not None:
            try:
                await self._client.close()
            except Exception:
                pass

