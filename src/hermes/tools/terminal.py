"""`terminal` and `process`: shell commands on the session's exec backend, behind the approval gate.

The backend lives in `ctx.state["exec"]`, opened on first use on the configured backend (local,
sandbox, docker, ssh, ...; start dir = ctx.cwd) and closed by the runtime when the session ends. Every command, foreground or background, passes `ctx.approve`
first; with no gate configured nothing runs.
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from hermes.tools.registry import ToolContext, ToolError, tool

DEFAULT_TIMEOUT = 180.0
DEFAULT_OUTPUT_CHARS = 50_000
MAX_FOREGROUND = 3600.0  # longer work belongs in a background process
MAX_WAIT = 600.0


def _setting(ctx: ToolContext, name: str, default: Any) -> Any:
    value = getattr(getattr(ctx.config, "terminal", None), name, None)
    return default if value is None else value


async def session_backend(ctx: ToolContext) -> Any:
    """The session's ExecBackend, opened on first use on the configured backend.

    Fail closed: a backend that cannot run is an error the model and the user see, never a fallback
    to the host.
    """
    backend = ctx.state.get("exec")
    if backend is not None:
        return backend
    lock = ctx.state.setdefault("exec_lock", asyncio.Lock())
    async with lock:
        if ctx.state.get("exec") is not None:
            return ctx.state["exec"]
        from hermes.exec.base import BackendUnavailable
        from hermes.exec.factory import BackendContext, open_backend, resolve, secret_names_from

        terminal = getattr(ctx.config, "terminal", None)
        name = getattr(terminal, "backend", None) or "local"
        try:
            name, spec = resolve(terminal)
            secrets = getattr(ctx.home, "env_file", None)
            bctx = BackendContext(start_dir=str(ctx.cwd), session_id=ctx.session_id,
                                  home=getattr(ctx.home, "root", None),
                                  secret_names=frozenset(secret_names_from(ctx.home)),
                                  secrets=_dotenv(secrets))
            backend = await open_backend(spec, bctx)
        except BackendUnavailable as e:
            raise ToolError(f"terminal backend {name} is not available: {e}; nothing was run") from None
        backend.name = name
        ctx.state["exec"] = backend
        return backend


def _dotenv(path: Any) -> dict[str, str]:
    if path is None:
        return {}
    from hermes.config import read_dotenv

    try:
        return dict(read_dotenv(path))
    except OSError:
        return {}


async def require_approval(ctx: ToolContext, command: str) -> None:
    if ctx.approve is None:
        raise ToolError("no approval gate configured; nothing was run")
    allowed, reason = await ctx.approve(command)
    if not allowed:
        raise ToolError(reason or "denied by the approval gate; nothing was run")


def footer(res: Any, timeout: float) -> str:
    parts = []
    if res.timed_out:
        parts.append(f"timed out after {timeout:g}s, killed")
    if res.cancelled:
        parts.append("cancelled, killed")
    parts += [f"exit {res.exit_code}", f"{res.duration:.2f}s", f"cwd {res.cwd_after}"]
    return "[" + " · ".join(parts) + "]"


@tool(max_result_chars=200_000)  # the output is already capped by terminal.max_output_chars
async def terminal(ctx: ToolContext, command: str, timeout: float | None = None,
                   background: bool = False, workdir: str | None = None) -> str:
    """Run a bash command in the session's working directory (`cd` persists between calls).
    Use background=true for servers and long jobs, then the process tool.

    Args:
        command: Shell command.
        timeout: Seconds before it is killed (default 180).
        background: Start it and return a process id instead of waiting.
        workdir: Directory for this call only.
    """
    if not command.strip():
        raise ToolError("command is empty")
    if ctx.cancel.is_set():
        raise ToolError("the turn was cancelled; nothing was run")
    await require_approval(ctx, command)
    backend = await session_backend(ctx)
    try:
        if background:
            pid = await backend.start_background(command, cwd=workdir)
            return (f"started {pid} in the background. Check it with process(action=\"poll\", "
                    f"id=\"{pid}\"); stop it with action \"kill\".")
        limit = min(float(timeout or _setting(ctx, "timeout", DEFAULT_TIMEOUT)),
                    max(MAX_FOREGROUND, float(_setting(ctx, "timeout", DEFAULT_TIMEOUT))))
        if limit <= 0:
            raise ToolError("timeout must be positive")
        res = await backend.run(command, cwd=workdir, timeout=limit, cancel=ctx.cancel,
                                max_output_chars=int(_setting(ctx, "max_output_chars",
                                                              DEFAULT_OUTPUT_CHARS)))
    except (FileNotFoundError, RuntimeError) as e:
        raise ToolError(str(e)) from None
    body = res.output.rstrip("\n")
    return f"{body}\n{footer(res, limit)}" if body else footer(res, limit)


@tool()
async def process(ctx: ToolContext, action: Literal["list", "poll", "wait", "kill", "log"],
                  id: str | None = None, timeout: float | None = None) -> str:
    """Manage background commands: list, poll (new output), wait (until exit), log (all kept
    output), kill.

    Args:
        action: What to do.
        id: Process id from terminal (not for list).
        timeout: Seconds to wait (wait only; default 30).
    """
    backend = ctx.state.get("exec")
    table = backend.processes if backend is not None else None
    if action == "list":
        procs = table.list() if table is not None else []
        return "\n".join(p.describe() for p in procs) or "no background processes"
    if not id:
        raise ToolError(f"action {action!r} needs the id of a background process")
    if table is None:
        raise ToolError(f"no background process {id!r} (none started in this session)")
    try:
        proc = table.get(id)
        if action == "wait":
            limit = min(float(timeout or 30.0), MAX_WAIT)
            done = await table.wait(id, limit, ctx.cancel)
            new = table.poll(id)
            state = proc.status if done else f"still running after {limit:g}s"
            return f"{proc.id} {state}\n{new}".rstrip()
        if action == "kill":
            was = proc.running
            await table.kill(id)
            new = table.poll(id)
            head = f"{proc.id} killed" if was else f"{proc.id} had already {proc.status}"
            return f"{head}\n{new}".rstrip()
        if action == "log":
            return f"{proc.describe()}\n{table.log(id)}".rstrip()
        new = table.poll(id)
        return f"{proc.describe()}\n{new or '(no new output)'}".rstrip()
    except KeyError as e:
        raise ToolError(str(e.args[0])) from None


TOOLS = [terminal, process]
