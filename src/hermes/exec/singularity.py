"""The `singularity` backend: commands run in an Apptainer / SingularityCE image (a .sif file, a
sandbox directory or a docker:// / library:// URI) through the `apptainer` or `singularity` CLI.

Each command is a fresh `apptainer exec` (no instance to manage or leak):

    apptainer exec --containall --cleanenv --no-home --no-privs --workdir PRIVATE
        --bind WORKSPACE:WORKDIR --pwd WORKDIR [--net --network none] IMAGE SHELL -c SCRIPT

--containall   contain the filesystems (minimal /dev; no host /tmp, $HOME or cwd) and add
               --cleanenv, --ipc and --pid: the command sees none of the host's files, variables
               or processes, and its own PID namespace ends with it.
--cleanenv     stated explicitly (implied by --containall): no host variable reaches the command,
               so Hermes's own keys never do.
--no-home      mount no home directory at all.
--no-privs     if Hermes runs as root, root inside keeps no capabilities.
--workdir      a private host dir that backs the contained /tmp and /var/tmp. It is the same for
               every exec of the session, so /tmp persists, and the shell's state dir (cwd and
               exported variables, see ShellSession) lives in it.
--bind/--pwd   the workspace, read-write, at WORKDIR; commands start there.
--net --network none
               a network namespace with only loopback (the `none` network type is permitted to
               unprivileged users). With `network: true` it is left out: Apptainer then shares the
               host's network (it has no default bridge for unprivileged users).

The CLI runs as the leader of a local process group, and the container's processes stay in that
group (Apptainer's starter does not start a new session for `exec`), so killing the group stops
the command tree; the PID namespace's init dying ends anything left inside.
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from typing import Mapping

from hermes.exec.base import BackendUnavailable, scrub_env
from hermes.exec.factory import BackendContext
from hermes.exec.processes import spawn
from hermes.exec.shell import ShellSession
from hermes.exec.specs import SingularitySpec

INSTALL_HINT = ("install Apptainer (https://apptainer.org/docs/admin/main/installation.html: "
                "release .deb/.rpm packages on https://github.com/apptainer/apptainer/releases, or "
                "the Ubuntu PPA ppa:apptainer/ppa) or SingularityCE (https://sylabs.io/singularity/, "
                "packages on https://github.com/sylabs/singularity/releases)")
PROBE_TIMEOUT = 300.0  # the first exec of a docker:// image pulls and converts it


def find_binary(which: str) -> str:
    """The CLI to use for `binary: auto|apptainer|singularity`; BackendUnavailable if missing."""
    names = ["apptainer", "singularity"] if which == "auto" else [which]
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    looked = " or ".join(f"`{n}`" for n in names)
    raise BackendUnavailable(f"the singularity backend needs the {looked} command, which is not "
                             f"on PATH; {INSTALL_HINT}")


def exec_prefix(binary: str, *, image: str, workspace: str, workdir: str, private: str,
                network: bool) -> list[str]:
    """The argv before `SHELL -c SCRIPT` (see the module docstring for each flag)."""
    argv = [binary, "exec", "--containall", "--cleanenv", "--no-home", "--no-privs",
            "--workdir", private, "--bind", f"{workspace}:{workdir}", "--pwd", workdir]
    if not network:
        argv += ["--net", "--network", "none"]
    return argv + [image]


# Every CLI flag can also be set by an APPTAINER_* / SINGULARITY_* variable (APPTAINER_BIND,
# APPTAINER_KEEP_PRIVS...) and APPTAINERENV_* ones are injected inside despite --cleanenv: a stray
# host variable must not widen the container. Only where images are cached and unpacked passes.
_CLI_KEEP = {f"{p}_{k}" for p in ("APPTAINER", "SINGULARITY") for k in ("CACHEDIR", "TMPDIR")}


def cli_env(base: Mapping[str, str]) -> dict[str, str]:
    return {k: v for k, v in base.items()
            if k in _CLI_KEEP or not k.upper().startswith(("APPTAINER", "SINGULARITY"))}


def _check_bind_path(path: str, what: str) -> None:
    # The --bind syntax is src:dst[:opts][,more]; such characters would change its meaning.
    if any(c in path for c in ":,"):
        raise BackendUnavailable(f"the {what} {path!r} contains ':' or ',', which --bind cannot "
                                 f"express; choose another path")


class SingularityBackend(ShellSession):
    kind = "singularity"
    host_fs = False

    def __init__(self, prefix: list[str], *, workdir: str, workspace: str, private: str,
                 env: Mapping[str, str], shell: str, remove_workspace: bool):
        # State under /tmp: inside, that is the session's --workdir, private and persistent.
        super().__init__(self._spawn_exec, start_dir=workdir, shell=shell, state_root="/tmp")
        self.prefix, self.env = prefix, dict(env)
        self.workspace, self.private = workspace, private
        self._remove_workspace = remove_workspace

    @classmethod
    async def open(cls, spec: SingularitySpec, ctx: BackendContext) -> "SingularityBackend":
        binary = find_binary(spec.binary)
        if "://" not in spec.image and not os.path.exists(os.path.expanduser(spec.image)):
            raise BackendUnavailable(f"singularity image {spec.image} does not exist (a .sif file, "
                                     f"a sandbox directory or a docker:// / library:// URI)")
        image = spec.image if "://" in spec.image else os.path.abspath(os.path.expanduser(spec.image))
        if spec.workspace:
            workspace, created = os.path.realpath(os.path.expanduser(spec.workspace)), False
            if not os.path.isdir(workspace):
                raise BackendUnavailable(f"singularity workspace {workspace} does not exist")
        else:
            name = f"singularity-{ctx.session_id or 'session'}-{secrets.token_hex(4)}"
            ws = ctx.workspace_root() / name
            ws.mkdir(mode=0o700)
            workspace, created = str(ws), True
        _check_bind_path(workspace, "workspace")
        _check_bind_path(spec.workdir, "workdir")
        private = tempfile.mkdtemp(prefix="hermes-apptainer-")
        prefix = exec_prefix(binary, image=image, workspace=workspace, workdir=spec.workdir,
                             private=private, network=spec.network)
        self = cls(prefix, workdir=spec.workdir, workspace=workspace, private=private,
                   env=cli_env(scrub_env(secret_names=ctx.secret_names)), shell=spec.shell,
                   remove_workspace=created and not spec.keep_workspace)
        try:
            await self._probe()
        except BaseException:
            self._cleanup()
            raise
        return self

    async def _probe(self) -> None:
        """One `true` in the image with every flag of a real command, so a missing image, a
        refused flag or a broken install fails here, with the CLI's words."""
        name = os.path.basename(self.prefix[0])
        try:
            out, code = await self._raw("true", timeout=PROBE_TIMEOUT)
        except (OSError, TimeoutError) as e:
            raise BackendUnavailable(f"{name} could not start the image: {e}") from None
        if code != 0:
            said = out.decode("utf-8", "replace").strip()[-600:]
            raise BackendUnavailable(f"{name} exec failed (exit {code}) for {self.prefix[-1]}: "
                                     f"{said}")

    async def _spawn_exec(self, argv: list[str], feed):
        return await spawn([*self.prefix, *argv], cwd=self.private, env=self.env, feed=feed)

    def _cleanup(self) -> None:
        shutil.rmtree(self.private, ignore_errors=True)
        if self._remove_workspace:
            shutil.rmtree(self.workspace, ignore_errors=True)

    async def close(self) -> None:
        """Kill background processes, remove the private /tmp and, unless kept or configured,
        the workspace this session created."""
        if self._closed:
            return
        await self.processes.close()
        self._closed = True
        self._cleanup()
