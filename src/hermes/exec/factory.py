"""Which backend a session runs on, and opening it.

`terminal.backend` names an entry of `terminal.backends` or a backend type with its defaults. Opening
fails with BackendUnavailable when the backend cannot run (missing CLI, daemon down, refused host
key, no token): the caller shows that to the user; nothing ever falls back to the host.
"""

from __future__ import annotations

import functools
import importlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from hermes import pip_extra
from hermes.exec.base import BackendUnavailable
from hermes.exec.specs import TYPES, LocalSpec, _Spec

# type -> (module, class); imported only when used, so optional SDKs stay optional.
_IMPL = {
    "local": ("hermes.exec.local", "LocalBackend"),
    "sandbox": ("hermes.exec.sandbox", "SandboxBackend"),
    "docker": ("hermes.exec.docker", "DockerBackend"),
    "ssh": ("hermes.exec.ssh", "SSHBackend"),
    "singularity": ("hermes.exec.singularity", "SingularityBackend"),
    "modal": ("hermes.exec.modal_sandbox", "ModalBackend"),
    "daytona": ("hermes.exec.daytona_sandbox", "DaytonaBackend"),
}


@dataclass
class BackendContext:
    """What a backend may know about the session it serves."""
    start_dir: str  # the session's working directory on this machine
    session_id: str = ""
    home: Path | None = None  # HERMES_HOME (workspaces, known hosts, caches live under it)
    secret_names: frozenset[str] = frozenset()  # never passed into commands
    secrets: Mapping[str, str] = field(default_factory=dict)  # .env values, for `secrets:` lists

    def secret(self, name: str) -> str | None:
        return self.secrets.get(name) or os.environ.get(name)

    def workspace_root(self) -> Path:
        root = (self.home / "workspaces") if self.home is not None else Path("/tmp/hermes-workspaces")
        root.mkdir(parents=True, exist_ok=True, mode=0o700)
        return root


def resolve(terminal: Any, name: str | None = None) -> tuple[str, _Spec]:
    """(name, spec) for `name` or the configured `terminal.backend`."""
    name = name or getattr(terminal, "backend", None) or "local"
    backends = getattr(terminal, "backends", None) or {}
    if name in backends:
        return name, backends[name]
    if name == "local":
        return name, LocalSpec()
    if name in TYPES:
        from pydantic import ValidationError

        try:
            return name, _spec_adapter().validate_python({"type": name})
        except ValidationError as e:
            missing = ", ".join(str(err["loc"][-1]) for err in e.errors())
            raise BackendUnavailable(f"backend type {name!r} needs settings ({missing}); add it under "
                                     f"terminal.backends in config.yaml") from None
    known = ", ".join([*backends, *TYPES])
    raise BackendUnavailable(f"no backend named {name!r} (known: {known})")


@functools.lru_cache(maxsize=1)
def _spec_adapter() -> Any:
    from pydantic import TypeAdapter

    from hermes.exec.specs import BackendSpec

    return TypeAdapter(BackendSpec)


def backend_class(kind: str) -> Any:
    module, cls = _IMPL[kind]
    return getattr(importlib.import_module(module), cls)


async def open_backend(spec: _Spec, ctx: BackendContext) -> Any:
    """An opened ExecBackend for `spec`; BackendUnavailable with the reason when it cannot run."""
    kind = getattr(spec, "type", "local")
    if isinstance(spec, LocalSpec) or kind == "local":
        from hermes.exec.local import LocalBackend

        try:
            return LocalBackend(ctx.start_dir, secret_names=ctx.secret_names, home=ctx.home)
        except FileNotFoundError as e:
            raise BackendUnavailable(str(e)) from None
    try:
        cls = backend_class(kind)
    except ImportError as e:
        raise BackendUnavailable(f"the {kind} backend needs a package that is not installed "
                                 f"({e.name}): {pip_extra(kind)}") from None
    return await cls.open(spec, ctx)


def secret_names_from(home: Any) -> list[str]:
    """Names in HERMES_HOME/.env are secrets whatever they are called; keep them from commands."""
    env_file = getattr(home, "env_file", None)
    if env_file is None:
        return []
    from hermes.config import read_dotenv

    try:
        return list(read_dotenv(env_file))
    except OSError:
        return []


