"""Configuration of execution backends: `terminal.backends` in config.yaml.

    terminal:
      backend: sandbox            # a name below, or a type with its defaults
      backends:
        sandbox: {type: docker, image: python:3.11, memory: 2g, cpus: 1, network: false}
        remote:  {type: ssh, host: agent.example.com, user: agent, key_path: ~/.ssh/agent_key}

Every spec names its `type`; the rest are that type's options. Unknown keys are errors, so a typo
never silently runs somewhere else.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)
    # Keep the session's workspace (container, remote dir, sandbox) when the session ends.
    keep_workspace: bool = False


class LocalSpec(_Spec):
    type: Literal["local"] = "local"


class SandboxSpec(_Spec):
    """bubblewrap on this machine: the host read-only, the workspace writable, no network."""
    type: Literal["sandbox"] = "sandbox"
    workspace: str | None = None  # host directory made writable; default the session's cwd
    network: bool = False
    writable: list[str] = Field(default_factory=list)  # more host directories to make writable
    hide: list[str] = Field(default_factory=lambda: ["~/.ssh", "~/.gnupg", "~/.aws", "~/.hermes"])
    bwrap: str = "bwrap"  # the bubblewrap binary: a name looked up on PATH, or a path
    shell: str = "bash"


_SIZE = re.compile(r"^\d+(\.\d+)?[bkmgBKMG]?$")


class DockerSpec(_Spec):
    type: Literal["docker"] = "docker"
    image: str = "python:3.11-slim"
    engine: Literal["auto", "docker", "podman"] = "auto"
    memory: str | None = "2g"
    cpus: float | None = Field(1.0, gt=0)
    pids: int | None = Field(256, ge=16)
    network: bool = False
    user: str | None = "1000:1000"  # never root inside unless configured
    shared: bool = False  # one container for every session instead of one each
    workdir: str = "/workspace"  # where the workspace is mounted inside
    workspace: str | None = None  # host directory mounted there; default a fresh one per session
    shell: str = "bash"
    env: dict[str, str] = Field(default_factory=dict)
    pull: bool = True  # pull a missing image (False: fail at once)
    engine_args: list[str] = Field(default_factory=list)  # global CLI options (podman --root ...)
    run_args: list[str] = Field(default_factory=list)  # more `run` options (--ulimit, --gpus ...)

    @field_validator("memory")
    @classmethod
    def _size(cls, v: str | None) -> str | None:
        if v is not None and not _SIZE.match(str(v)):
            raise ValueError(f"memory {v!r} is not a size like 512m or 2g")
        return v


class SSHSpec(_Spec):
    type: Literal["ssh"] = "ssh"
    host: str
    port: int = Field(22, ge=1, le=65535)
    user: str | None = None
    key_path: str | None = None
    known_hosts: str = "~/.ssh/known_hosts"
    workdir: str | None = None  # default: a fresh directory under the remote home per session
    connect_timeout: float = Field(15.0, gt=0)
    shell: str = "bash"


class SingularitySpec(_Spec):
    type: Literal["singularity"] = "singularity"
    image: str  # a .sif file, a sandbox directory or a docker:// / library:// URI
    binary: Literal["auto", "apptainer", "singularity"] = "auto"
    network: bool = False
    workdir: str = "/workspace"
    workspace: str | None = None
    shell: str = "bash"


class ModalSpec(_Spec):
    type: Literal["modal"] = "modal"
    image: str = "python:3.11-slim"
    gpu: str | None = None
    cpu: float | None = None
    memory: int | None = None  # MiB
    timeout: int = Field(3600, ge=10)  # seconds a sandbox may live
    idle_timeout: int = Field(300, ge=10)  # seconds idle before it is stopped
    secrets: list[str] = Field(default_factory=list)  # names of env vars / .env keys passed in
    app_name: str = "hermes-agent"
    workdir: str = "/workspace"
    shell: str = "bash"


class DaytonaSpec(_Spec):
    type: Literal["daytona"] = "daytona"
    image: str | None = None
    snapshot: str | None = None
    api_url: str | None = None
    target: str | None = None
    cpu: int | None = None
    memory: int | None = None  # GiB
    disk: int | None = None  # GiB
    gpu: int | None = None
    auto_stop_interval: int = Field(15, ge=0)  # minutes idle before the sandbox stops; 0 never
    secrets: list[str] = Field(default_factory=list)
    workdir: str | None = None
    shell: str = "bash"


BackendSpec = Annotated[Union[LocalSpec, SandboxSpec, DockerSpec, SSHSpec, SingularitySpec,
                              ModalSpec, DaytonaSpec], Field(discriminator="type")]
TYPES = ("local", "sandbox", "docker", "ssh", "singularity", "modal", "daytona")
