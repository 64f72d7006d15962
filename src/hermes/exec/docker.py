"""Docker / Podman backend: the session's commands run in a locked-down container, via the CLI.

One container per session (or one shared container reused by every session): no network unless
asked (`--network host` then, never the bridge), a non-root user, every capability dropped, no
privilege gain, memory / CPU / PID limits, and only the workspace directory mounted. Each command is
a `docker exec` of the persistent-shell script (see ShellSession). `runc` makes every exec'd process
a session and group leader, so a small wrapper records that group id in the session's state dir and
the group can be signalled INSIDE the container; killing the local `docker exec` client alone would
leave the command running.
"""

from __future__ import annotations

import asyncio
import atexit
import hashlib
import os
import posixpath
import re
import secrets
import shlex
import shutil
import signal
import subprocess
import tempfile
import weakref
from pathlib import Path
from typing import Any, Callable

from hermes.exec.base import BackendUnavailable
from hermes.exec.processes import KILL_GRACE, _Pipe
from hermes.exec.shell import ShellSession
from hermes.exec.specs import DockerSpec

# Every container this backend starts carries it: `docker ps -a --filter label=hermes.exec`.
LABEL = "hermes.exec"
_INFO_TIMEOUT = 15.0
_PULL_TIMEOUT = 900.0
# PID 1 of the container: idles, and reaps the orphans of killed commands (no zombies pile up).
_IDLE = 'trap "exit 0" TERM INT; while :; do sleep 86400 & wait $!; done'
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


class Engine:
    """The container engine's CLI: `docker` or `podman` plus global options."""

    def __init__(self, name: str, binary: str, global_args: list[str]):
        self.name, self.binary, self.global_args = name, binary, list(global_args)

    def argv(self, *args: str) -> list[str]:
        return [self.binary, *self.global_args, *args]

    async def call(self, *args: str, data: bytes | None = None, timeout: float = 60.0,
                   env: dict[str, str] | None = None) -> tuple[int, bytes, str]:
        """(status, stdout, stderr); status 124 on timeout."""
        proc = await asyncio.create_subprocess_exec(
            *self.argv(*args), stdin=subprocess.PIPE if data is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True)
        try:
            out, err = await asyncio.wait_for(proc.communicate(data), timeout)
        except asyncio.TimeoutError:
            proc.kill()
            await proc.wait()
            return 124, b"", f"{self.name} {args[0]} timed out after {timeout:g}s"
        except BaseException:
            if proc.returncode is None:
                proc.kill()
            raise
        return proc.returncode or 0, out, err.decode("utf-8", "replace").strip()


async def find_engine(spec: DockerSpec) -> Engine:
    """The engine `spec.engine` names whose daemon answers; auto = docker, else podman."""
    names = ["docker", "podman"] if spec.engine == "auto" else [spec.engine]
    problems = []
    for name in names:
        binary = shutil.which(name)
        if binary is None:
            problems.append(f"the `{name}` CLI is not installed")
            continue
        engine = Engine(name, binary, spec.engine_args)
        try:
            fmt = "{{.Host.Arch}}" if name == "podman" else "{{.ID}}"
            code, _, err = await engine.call("info", "--format", fmt, timeout=_INFO_TIMEOUT)
        except OSError as e:
            code, err = 1, str(e)
        if code == 0:
            return engine
        last = (err.splitlines() or ["no answer"])[-1]
        problems.append(f"`{name} info` failed: {last}")
    hint = ("start the Docker daemon (or install Podman)" if spec.engine == "auto"
            else f"make sure {spec.engine} works for this user")
    raise BackendUnavailable(f"no container engine available ({'; '.join(problems)}); {hint}")


class ContainerProc:
    """One `docker exec` as a Proc: the local client's status and output; kills go to the remote
    process group."""

    def __init__(self, backend: "DockerBackend", transport: asyncio.SubprocessTransport,
                 pipe: _Pipe, pgfile: str):
        self.backend, self.transport, self.pipe, self.pgfile = backend, transport, pipe, pgfile

    @property
    def returncode(self) -> int | None:
        return self.transport.get_returncode()

    @property
    def exited(self) -> asyncio.Future:
        return self.pipe.exited

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

    async def drain(self, timeout: float) -> None:
        try:
            await asyncio.wait_for(asyncio.shield(self.pipe.eof), timeout)
        except asyncio.TimeoutError:
            pass

    def close(self) -> None:
        self.transport.close()


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


# -- container set-up ---------------------------------------------------------------------------

async def _ensure_image(engine: Engine, spec: DockerSpec) -> None:
    code, _, _ = await engine.call("image", "inspect", "--format", "{{.Id}}", spec.image,
                                   timeout=30)
    if code == 0:
        return
    if not spec.pull:
        raise BackendUnavailable(f"image {spec.image} is not present in {engine.name} and pull is "
                                 f"off; build or pull it first (`{engine.name} pull {spec.image}`)")
    code, _, err = await engine.call("pull", spec.image, timeout=_PULL_TIMEOUT)
    if code != 0:
        last = (err.splitlines() or ["unknown error"])[-1]
        raise BackendUnavailable(f"image {spec.image} is not present in {engine.name} and could "
                                 f"not be pulled ({last}); build, import or pull it first")


def _workspace(spec: DockerSpec, ctx) -> tuple[Path, bool]:
    """(host directory to mount, whether this backend created it and may remove it)."""
    if spec.workspace:
        ws = Path(spec.workspace).expanduser().absolute()
        if "," in str(ws):  # `--mount` is comma-separated
            raise BackendUnavailable(f"workspace {ws} contains a comma; use another directory")
        if not ws.is_dir():
            raise BackendUnavailable(f"workspace {ws} does not exist; create it or unset "
                                     f"workspace:")
        return ws, False
    root = ctx.workspace_root()
    if spec.shared:
        ws = root / f"docker-shared-{_digest(spec.image, spec.workdir)}"
        ws.mkdir(mode=0o700, exist_ok=True)
    else:
        sid = re.sub(r"[^A-Za-z0-9_.-]", "_", ctx.session_id or "session")[:40]
        ws = Path(tempfile.mkdtemp(prefix=f"docker-{sid}-", dir=root))
    _give_to(ws, spec.user)
    return ws, True


def _give_to(ws: Path, user: str | None) -> None:
    """Make a workspace we created writable for the container user. The workspace root is private
    (0700), so opening the directory itself up harms nobody when it cannot be chowned."""
    m = re.fullmatch(r"(\d+)(?::(\d+))?", user or "")
    try:
        if m:
            os.chown(ws, int(m.group(1)), int(m.group(2) or m.group(1)))
            return
    except PermissionError:
        pass
    if user is not None:
        ws.chmod(0o777)


def _digest(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:12]


def _container_name(spec: DockerSpec, ctx, engine: Engine, workspace: Path) -> str:
    if spec.shared:
        return f"hermes-shared-{_digest(engine.name, spec.image, str(workspace), spec.workdir)}"
    sid = re.sub(r"[^A-Za-z0-9_.-]", "_", ctx.session_id or "session")[:40]
    return f"hermes-{sid}-{secrets.token_hex(4)}"


async def _running(engine: Engine, name: str) -> bool:
    code, out, _ = await engine.call("inspect", "--format", "{{.State.Running}}", name, timeout=30)
    return code == 0 and out.strip() == b"true"


def run_args(spec: DockerSpec, ctx, name: str, workspace: Path) -> list[str]:
    """The `run` options that lock the container down (also what the tests inspect)."""
    args = ["run", "-d", "--rm", "--name", name, "--label", f"{LABEL}=1",
            "--label", f"hermes.session={ctx.session_id or ''}",
            "--label", f"hermes.shared={int(spec.shared)}",
            "--network", "host" if spec.network else "none",
            "--cap-drop", "ALL", "--security-opt", "no-new-privileges",
            "--mount", f"type=bind,source={workspace},target={spec.workdir}", "-w", spec.workdir]
    if spec.user:
        args += ["--user", spec.user]
    if spec.memory:
        args += ["--memory", spec.memory, "--memory-swap", spec.memory]  # no swap beyond the limit
    if spec.cpus:
        args += ["--cpus", f"{spec.cpus:g}"]
    if spec.pids:
        args += ["--pids-limit", str(spec.pids)]
    for key in spec.env:
        args += ["-e", key]  # the value travels in the CLI's environment, not on its command line
    return [*args, *spec.run_args, "--entrypoint", "sh", spec.image, "-c", _IDLE]


async def _start_container(engine: Engine, spec: DockerSpec, ctx, name: str,
                           workspace: Path) -> None:
    env = {**os.environ, **spec.env}
    code, _, err = await engine.call(*run_args(spec, ctx, name, workspace), env=env, timeout=120)
    if code == 0:
        return
    if spec.shared and "already in use" in err and await _running(engine, name):
        return  # another session started the shared container first
    raise BackendUnavailable(f"{engine.name} could not start a container from {spec.image}: {err}")


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
