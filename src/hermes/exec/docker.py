"""Docker / Podman backend: the session's commands run in a locked-down container, via the CLI.

One container per session (or one shared container reused by every session): no network unless
asked (`--network host` then, never the bridge), a non-root user, every capability dropped, no
privilege gain, memory / CPU / PID limits, and only the workspace directory mounted. Each command is
a `docker exec` of the persistent-shell script (see ShellSession). `runc` makes every exec'd process
a session and group leader, so a small wrapper records that group id in the session's state dir and
the group can be signalled INSIDE the container; killing the local `docker exec` client alone would
leave the command running.

This module holds the backend itself: opening, commands, file transfer and removal. The engine's
CLI and the container's set-up (image, workspace, name, `run` options) are in docker_setup.py, a
command as a Proc and its kill wrapper in docker_proc.py; their public names import from here too.
"""

from __future__ import annotations

import asyncio
import atexit
import posixpath
import shlex
import shutil
import subprocess
import weakref
from pathlib import Path
from typing import Any, Callable

from hermes.exec.base import BackendUnavailable
from hermes.exec.docker_proc import _WRAP, ContainerProc, _kill_script
from hermes.exec.docker_setup import (LABEL, Engine, _container_name, _ensure_image,  # noqa: F401
                                      _running, _start_container, _workspace, find_engine, run_args)
from hermes.exec.processes import _Pipe
from hermes.exec.shell import ShellSession
from hermes.exec.specs import DockerSpec


class DockerBackend(ShellSession):
    kind = "docker"
    host_fs = False

    def __init__(self, spec: DockerSpec, engine: Engine, container: str, workspace: Path,
                 *, owns_workspace: bool):
        super().__init__(self._spawn_exec, start_dir=spec.workdir, shell=spec.shell)
        self.spec, self.engine, self.container = spec, engine, container
        self.workspace = workspace  # the host directory mounted at spec.workdir
        self.owns_workspace = owns_workspace
        self._seq = 0
        self._api = None
        if engine.name == "docker":
            from hermes.exec.docker_api import DockerAPI, socket_path

            path = socket_path(engine.global_args)
            self._api = DockerAPI(path) if path else None

    # -- opening --------------------------------------------------------------------------------

    @classmethod
    async def open(cls, spec: DockerSpec, ctx) -> "DockerBackend":
        if not posixpath.isabs(spec.workdir) or "," in spec.workdir:
            raise BackendUnavailable(f"workdir {spec.workdir!r} must be an absolute path "
                                     f"without commas")
        engine = await find_engine(spec)
        await _ensure_image(engine, spec)
        workspace, owns = _workspace(spec, ctx)
        name = _container_name(spec, ctx, engine, workspace)
        try:
            if not (spec.shared and await _running(engine, name)):
                await _start_container(engine, spec, ctx, name, workspace)
            backend = cls(spec, engine, name, workspace, owns_workspace=owns)
            await backend._probe()
        except BaseException:
            if not spec.shared:
                await engine.call("rm", "-f", name, timeout=30)
            if owns and not spec.shared and not spec.keep_workspace:
                shutil.rmtree(workspace, ignore_errors=True)
            raise
        if not spec.shared:
            _open_containers.add(backend)
        return backend

    async def _probe(self) -> None:
        """The shell exists; exec'd processes lead their own process group (kills rely on it)."""
        sh = shlex.quote(self.shell)
        code, out, err = await self.engine.call(
            "exec", self.container, "sh", "-c",
            f'read -r l < /proc/$$/stat; echo "$l"; command -v {sh} >/dev/null || echo NOSHELL',
            timeout=30)
        text = out.decode("utf-8", "replace")
        if code != 0:
            raise BackendUnavailable(f"{self.engine.name} exec into {self.container} failed: {err}")
        if "NOSHELL" in text:
            raise BackendUnavailable(f"the image {self.spec.image} has no `{self.shell}`; set "
                                     f"`shell:` (e.g. sh) in the backend's settings")
        fields = text.split(")")[-1].split() if ")" in text else []
        pid = text.split()[0] if text.split() else ""
        if len(fields) < 3 or fields[2] != pid:
            raise BackendUnavailable(f"{self.engine.name} exec does not start commands in their "
                                     f"own process group here, so timeouts could not stop them")

    # -- commands -------------------------------------------------------------------------------

    async def _spawn_exec(self, argv: list[str], feed: Callable[[bytes], None]) -> Any:
        self._seq += 1
        pgfile = posixpath.join(self.state_dir, f"pg.{self._seq}")
        if self._api is not None:
            try:
                return await self._spawn_api(argv, feed, pgfile)
            except OSError:
                self._api = None  # the socket stopped answering: the CLI says why, next time too
        loop = asyncio.get_running_loop()
        transport, pipe = await loop.subprocess_exec(
            lambda: _Pipe(loop, feed),
            *self.engine.argv("exec", self.container, "sh", "-c", _WRAP, "sh", pgfile, *argv),
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            start_new_session=True)
        return ContainerProc(self, transport, pipe, pgfile)  # type: ignore[arg-type]

    async def _spawn_api(self, argv: list[str], feed: Callable[[bytes], None], pgfile: str) -> Any:
        assert self._api is not None
        proc = await self._api.exec(self.container, ["sh", "-c", _WRAP, "sh", pgfile, *argv], feed)
        api = self._api

        async def kill(sig: str) -> None:
            script = _kill_script(pgfile, sig)
            try:
                killer = await api.exec(self.container, ["sh", "-c", script], lambda _b: None)
                await asyncio.wait_for(asyncio.shield(killer.exited), 15)
            except (OSError, asyncio.TimeoutError):
                pass

        proc.killer = kill
        return proc

    # -- files: raw bytes over the exec's stdin / stdout (no base64, one exec each way) ---------

    async def read_bytes(self, path: str, *, max_bytes: int = 10_000_000) -> bytes:
        self._check_open()
        where = self.abspath(path)
        p = shlex.quote(where)
        script = (f"if [ -d {p} ]; then exit 3; fi; [ -e {p} ] || exit 2; n=$(wc -c < {p}) || "
                  f"exit 4; if [ \"$n\" -gt {max_bytes} ]; then echo \"$n\" >&2; exit 5; fi; "
                  f"exec cat {p}")
        code, out, err = await self.engine.call("exec", self.container, "sh", "-c", script,
                                                timeout=120)
        if code == 2:
            raise FileNotFoundError(f"{where} does not exist")
        if code == 3:
            raise IsADirectoryError(f"{where} is a directory")
        if code == 5 or len(out) > max_bytes:
            size = int(err.split()[-1]) if code == 5 else len(out)
            raise ValueError(f"{where} is {size:,} bytes (limit {max_bytes:,})")
        if code != 0:
            raise OSError(f"could not read {where}: {err}")
        return out

    async def write_bytes(self, path: str, data: bytes) -> None:
        self._check_open()
        target = self.abspath(path)
        p, tmp = shlex.quote(target), shlex.quote(f"{target}.hermes-{self.nonce}")
        parent = shlex.quote(posixpath.dirname(target) or "/")
        script = (f"[ -d {p} ] && exit 3; mkdir -p {parent} && cat > {tmp} && mv -f {tmp} {p} "
                  f"|| {{ rc=$?; rm -f {tmp}; exit $rc; }}")
        code, _, err = await self.engine.call("exec", "-i", self.container, "sh", "-c", script,
                                              data=data, timeout=300)
        if code == 3:
            raise IsADirectoryError(f"{target} is a directory")
        if code != 0:
            raise OSError(f"could not write {target}: {err}")

    # -- end ------------------------------------------------------------------------------------

    def rpc_dir(self) -> tuple[str, str]:
        """A socket in the mounted workspace is reachable inside without any network."""
        return str(self.workspace), self.spec.workdir

    async def close(self) -> None:
        if self._closed:
            return
        await super().close()
        if not self.spec.shared:
            code, _, err = await self.engine.call("rm", "-f", self.container, timeout=60)
            if code != 0 and "no such container" not in err.lower():
                raise OSError(f"could not remove container {self.container}: {err}")
            if self.owns_workspace and not self.spec.keep_workspace:
                shutil.rmtree(self.workspace, ignore_errors=True)



_open_containers: "weakref.WeakSet[DockerBackend]" = weakref.WeakSet()


@atexit.register
def _remove_leftovers() -> None:
    # A session's container must not outlive Hermes when close() never ran (crash, Ctrl-C).
    for b in list(_open_containers):
        if not b._closed:
            try:
                subprocess.Popen(b.engine.argv("rm", "-f", b.container), stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 start_new_session=True)
            except OSError:
                pass
