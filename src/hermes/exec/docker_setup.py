"""The container engine and a session's container for the Docker / Podman backend.

`Engine` calls the engine's CLI (`docker` or `podman`), `find_engine` picks the one whose daemon
answers; the rest is what `DockerBackend.open` does before the first command: the image present,
the workspace directory to mount, the container's name, and the locked-down `run` options
(`run_args`) it is started with.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import re
import secrets
import shutil
import subprocess
import tempfile
from pathlib import Path

from hermes.exec.base import BackendUnavailable
from hermes.exec.specs import DockerSpec

# Every container this backend starts carries it: `docker ps -a --filter label=hermes.exec`.
LABEL = "hermes.exec"
_INFO_TIMEOUT = 15.0
_PULL_TIMEOUT = 900.0
# PID 1 of the container: idles, and reaps the orphans of killed commands (no zombies pile up).
_IDLE = 'trap "exit 0" TERM INT; while :; do sleep 86400 & wait $!; done'


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

