"""What the file tools share: where a path resolves (the host or the session's backend), how it is
shown to the model, which paths hold credentials, the approval gate for reads and writes, the error
for a missing path, and telling binary files from text."""

from __future__ import annotations

import difflib
import os
import shlex
from pathlib import Path
from typing import Any

from hermes.tools.registry import ToolContext, ToolError

# Credential stores: never searched, and never read without a gate to ask.
PRIVATE_DIRS = {".ssh", ".gnupg", ".aws", ".kube", ".docker", ".password-store"}
_MAGIC = {b"\x89PNG": "PNG image", b"\xff\xd8\xff": "JPEG image", b"GIF8": "GIF image",
          b"%PDF": "PDF document", b"PK\x03\x04": "zip archive", b"\x7fELF": "ELF executable",
          b"\x1f\x8b": "gzip data", b"SQLite format 3": "SQLite database"}


async def remote_backend(ctx: ToolContext) -> Any:
    """The session's backend when it is not the host's filesystem (container, remote, sandbox),
    opened if need be; None when the file tools work on the host directly."""
    backend = ctx.state.get("exec")
    if backend is not None:
        return None if getattr(backend, "host_fs", True) else backend
    terminal = getattr(ctx.config, "terminal", None)
    spec = (getattr(terminal, "backends", None) or {}).get(getattr(terminal, "backend", "local"))
    kind = getattr(spec, "type", None) or getattr(terminal, "backend", None) or "local"
    if kind == "local":
        return None
    from hermes.tools.terminal import session_backend

    return await session_backend(ctx)


def session_cwd(ctx: ToolContext) -> str:
    backend = ctx.state.get("exec")
    return getattr(backend, "cwd", None) or ctx.cwd


def resolve(ctx: ToolContext, path: str) -> Path:
    """Absolute path with symlinks resolved, so the gate judges the file really written."""
    if not path or not path.strip():
        raise ToolError("path is empty")
    return Path(session_cwd(ctx), os.path.expanduser(path.strip())).resolve()


def shown(ctx: ToolContext, p: Path) -> str:
    """A path as the model should see it: relative to the session cwd when under it."""
    try:
        return str(p.relative_to(Path(session_cwd(ctx)).resolve()))
    except ValueError:
        return str(p)


def is_private(ctx: ToolContext, p: Path) -> bool:
    if PRIVATE_DIRS.intersection(p.parts):
        return True
    env_file = getattr(ctx.home, "env_file", None)
    return env_file is not None and p == Path(env_file).resolve()


async def approve_write(ctx: ToolContext, p: Path) -> None:
    if ctx.approve is None:
        raise ToolError("no approval gate configured; nothing was written")
    allowed, reason = await ctx.approve(f"cat > {shlex.quote(str(p))}")
    if not allowed:
        raise ToolError(reason or "write denied by the approval gate")


async def approve_read(ctx: ToolContext, p: Path) -> None:
    if ctx.approve is None:
        if is_private(ctx, p):
            raise ToolError(f"{p} holds credentials; not read (no approval gate configured)")
        return
    allowed, reason = await ctx.approve(f"cat {shlex.quote(str(p))}")
    if not allowed:
        raise ToolError(reason or "read denied by the approval gate")


def binary_kind(head: bytes) -> str | None:
    """What a file is if it is not text, judged from its first bytes."""
    for magic, kind in _MAGIC.items():
        if head.startswith(magic):
            return kind
    if b"\0" in head:
        return "binary data"
    control = sum(1 for b in head if b < 32 and b not in b"\t\n\r\f\b\x1b")
    return "binary data" if head and control / len(head) > 0.3 else None


def missing(ctx: ToolContext, p: Path, given: str) -> ToolError:
    """A missing path, said in the terms the model used, with the path it probably meant: small
    models copy a concrete suggestion, and do something else (create the file) with a vague one."""
    parent = p.parent
    if not parent.is_dir():
        return ToolError(f"{given} does not exist (nor does the directory {shown(ctx, parent)})")
    try:
        names = os.listdir(parent)
    except OSError:
        names = []
    # Case-only differences first: a model asked for "todo.md" rarely guesses "TODO.md" by itself.
    same = [n for n in names if n.lower() == p.name.lower()]
    folded = {n.lower(): n for n in names}
    near = same or [folded[n] for n in difflib.get_close_matches(p.name.lower(), list(folded), n=3, cutoff=0.5)]
    head = os.path.dirname(given)
    paths = [os.path.join(head, n) for n in near]
    if len(paths) == 1:
        return ToolError(f"{given} does not exist. Did you mean {paths[0]}? It is the one similar name there.")
    hint = f" Similar names: {', '.join(paths)}." if paths else ""
    return ToolError(f"{given} does not exist.{hint}")
