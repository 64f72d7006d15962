"""The `sandbox` backend: commands run under bubblewrap (bwrap) on this machine.

The host filesystem is visible read-only at its own paths; the workspace (and any `writable` dirs)
is bound writable at the same path, so paths mean the same inside and out. Credential directories
(`hide`, plus the real HERMES_HOME) are covered by an empty tmpfs. There is no network unless
`network: true`, and the sandbox has its own PID namespace: bwrap is PID 1 there, and when it dies
(--die-with-parent turns the death of the host-side bwrap into SIGKILL of the inner one) the kernel
kills everything inside. So killing the local process group stops the whole command tree.

Each command is a fresh `bwrap ... bash -c SCRIPT` (ShellSession); the state dir that carries cwd
and exported variables lives in a private host temp dir bound writable, since /tmp inside is a fresh
tmpfs per command. File transfer works on the host filesystem directly, with the sandbox's rules.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import stat
import tempfile
from typing import Mapping

from hermes.exec.base import BackendUnavailable, scrub_env
from hermes.exec.factory import BackendContext
from hermes.exec.processes import spawn
from hermes.exec.shell import ShellSession
from hermes.exec.specs import SandboxSpec

HIDE, RW = "hide", "rw"
# Inside, these are fresh (tmpfs, minimal /dev, the sandbox's own /proc): the host's files there
# are not what a command would see, and /proc/<pid>/environ of the host would leak secrets.
_PRIVATE_MOUNTS = ("/tmp", "/proc", "/dev")


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip("/") + "/")


def mount_plan(writable: list[str], hidden: list[str]) -> list[tuple[str, str]]:
    """(path, kind) in mount order: parents before children, so a hidden dir inside the workspace
    stays hidden and a workspace inside a hidden dir stays visible; on the same path hide wins."""
    ops = {(p, RW) for p in writable} | {(p, HIDE) for p in hidden}
    return sorted(ops, key=lambda o: (o[0].rstrip("/").count("/"), o[1] == HIDE, o[0]))


def bwrap_argv(bwrap: str, plan: list[tuple[str, str]], *, network: bool) -> list[str]:
    argv = [bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
            "--unshare-all"]
    if network:
        argv.append("--share-net")
    # Run as root, bwrap keeps every capability inside: a `mount -o remount,rw /` would undo the
    # read-only host. Dropping them all fails closed whoever runs Hermes.
    argv += ["--cap-drop", "ALL", "--die-with-parent", "--new-session"]
    for path, kind in plan:
        if kind == RW:
            argv += ["--bind", path, path]
        elif os.path.isdir(path):
            argv += ["--tmpfs", path]
        else:  # a credential file: shadow it with an empty one
            argv += ["--ro-bind", "/dev/null", path]
    return argv + ["--"]


def _explain_probe(out: str, bwrap: str) -> str:
    low = out.lower()
    if "namespace" in low or "operation not permitted" in low or "permission" in low:
        return (f"bubblewrap ({bwrap}) cannot create namespaces here: user namespaces are "
                f"unavailable or disabled (check sysctl kernel.unprivileged_userns_clone / "
                f"user.max_user_namespaces, or the container's seccomp profile). bwrap said: "
                f"{out.strip()[:400]}")
    return f"bubblewrap ({bwrap}) failed to start a sandbox: {out.strip()[:400]}"


class SandboxBackend(ShellSession):
    kind = "sandbox"
    host_fs = False  # the file tools must go through read_bytes/write_bytes, which apply the rules

    def __init__(self, prefix: list[str], plan: list[tuple[str, str]], *, workspace: str,
                 state_root: str, env: Mapping[str, str], shell: str = "bash"):
        super().__init__(self._spawn_in_sandbox, start_dir=workspace, shell=shell,
                         state_root=state_root)
        self.prefix, self.plan, self.env = prefix, plan, dict(env)
        self._state_root = state_root

    @classmethod
    async def open(cls, spec: SandboxSpec, ctx: BackendContext) -> "SandboxBackend":
        bwrap = shutil.which(spec.bwrap)
        if bwrap is None:
            raise BackendUnavailable(
                f"the sandbox backend needs bubblewrap, but {spec.bwrap!r} was not found on PATH; "
                f"install it (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install "
                f"bubblewrap) or set terminal.backends.<name>.bwrap to its path")
        workspace = os.path.realpath(os.path.expanduser(spec.workspace or ctx.start_dir))
        if not os.path.isdir(workspace):
            raise BackendUnavailable(f"sandbox workspace {workspace} does not exist")
        writable = [workspace]
        for d in spec.writable:
            real = os.path.realpath(os.path.expanduser(d))
            if not os.path.isdir(real):
                raise BackendUnavailable(f"sandbox writable directory {real} does not exist")
            writable.append(real)
        hidden = [os.path.realpath(os.path.expanduser(d)) for d in spec.hide]
        if ctx.home is not None:
            hidden.append(os.path.realpath(os.path.expanduser(str(ctx.home))))
        # Only what exists can be covered; a credential dir created later is not hidden.
        hidden = [h for h in dict.fromkeys(hidden) if os.path.lexists(h)]
        state_root = tempfile.mkdtemp(prefix="hermes-sandbox-")  # 0700, bound writable
        plan = mount_plan(writable, hidden)
        prefix = bwrap_argv(bwrap, plan + [(state_root, RW)], network=spec.network)
        env = scrub_env(secret_names=ctx.secret_names)
        self = cls(prefix, plan, workspace=workspace, state_root=state_root, env=env,
                   shell=spec.shell)
        try:
            await self._probe()
        except BaseException:
            shutil.rmtree(state_root, ignore_errors=True)
            raise
        return self

    def rpc_dir(self) -> tuple[str, str]:
        """A socket in the private state dir is reachable inside (bound at the same path; a path
        socket crosses the network namespace)."""
        return self._state_root, self._state_root

    async def _probe(self) -> None:
        """One `true` in a sandbox built exactly like every command's, to fail at open, not later."""
        try:
            out, code = await self._raw("true", timeout=20)
        except (OSError, TimeoutError) as e:
            raise BackendUnavailable(_explain_probe(str(e), self.prefix[0])) from None
        if code != 0:
            raise BackendUnavailable(_explain_probe(out.decode("utf-8", "replace"), self.prefix[0]))

    async def _spawn_in_sandbox(self, argv: list[str], feed):
        # The host-side bwrap leads a local process group; see the module docstring for the kill.
        return await spawn([*self.prefix, *argv], cwd="/", env=self.env, feed=feed)

    # -- files, on the host with the sandbox's rules ----------------------------------------------

    def _kind(self, real: str) -> str:
        """What a command inside sees at host path `real`: "rw", "ro" or "hide"."""
        best, kind = "/", "ro"
        mounts = [(p, HIDE) for p in _PRIVATE_MOUNTS] + self.plan + [(self._state_root, RW)]
        for path, k in mounts:  # the deepest mount wins; in plan order on equal depth
            if _inside(real, path) and len(path) >= len(best):
                best, kind = path, k
        return kind

    def _host_path(self, path: str) -> str:
        return os.path.realpath(self.abspath(os.path.expanduser(path)))

    def _opened(self, fd: int) -> str:
        """The path an open fd really refers to: checked again after opening, so a symlink swapped
        in by a command between the check and the open cannot redirect us."""
        return os.readlink(f"/proc/self/fd/{fd}")

    async def read_bytes(self, path: str, *, max_bytes: int = 10_000_000) -> bytes:
        self._check_open()
        real = self._host_path(path)
        if self._kind(real) == HIDE:
            raise PermissionError(f"{real} is hidden from the sandbox")
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            if self._kind(self._opened(fd)) == HIDE:
                raise PermissionError(f"{real} is hidden from the sandbox")
            st = os.fstat(fd)
            if stat.S_ISDIR(st.st_mode):
                raise IsADirectoryError(f"{real} is a directory")
            if not stat.S_ISREG(st.st_mode):
                raise OSError(f"{real} is not a regular file")
            if st.st_size > max_bytes:
                raise ValueError(f"{real} is {st.st_size:,} bytes (limit {max_bytes:,})")
            with os.fdopen(os.dup(fd), "rb") as f:
                data = f.read(max_bytes + 1)
        finally:
            os.close(fd)
        if len(data) > max_bytes:
            raise ValueError(f"{real} is more than {max_bytes:,} bytes")
        return data

    async def write_bytes(self, path: str, data: bytes) -> None:
        self._check_open()
        real = self._host_path(path)
        if self._kind(real) != RW:
            raise PermissionError(f"{real} is read-only in the sandbox (writable: "
                                  f"{', '.join(p for p, k in self.plan if k == RW)})")
        parent, name = os.path.split(real)
        await asyncio.to_thread(os.makedirs, parent, exist_ok=True)
        dfd = os.open(parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            if self._kind(os.path.join(self._opened(dfd), name)) != RW:
                raise PermissionError(f"{real} is read-only in the sandbox")
            try:
                mode = stat.S_IMODE(os.stat(name, dir_fd=dfd, follow_symlinks=False).st_mode)
            except FileNotFoundError:
                mode = None
            tmp = f".{name}.hermes-{self.nonce}"
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC,
                         0o666, dir_fd=dfd)
            try:
                with os.fdopen(fd, "wb") as f:
                    if mode is not None:
                        os.fchmod(f.fileno(), mode)
                    f.write(data)
                os.replace(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
            except BaseException:
                try:
                    os.unlink(tmp, dir_fd=dfd)
                except OSError:
                    pass
                raise
        finally:
            os.close(dfd)

    async def close(self) -> None:
        """Kill background processes and remove the private state dir. The workspace is the
        user's own directory (or a configured one) and is never removed."""
        if self._closed:
            return
        await self.processes.close()
        self._closed = True
        shutil.rmtree(self._state_root, ignore_errors=True)
