"""`execute_code`: a Python script run on the session's execution backend, never inside Hermes.

The script runs with `python3` where the terminal runs (host, sandbox, container, remote), with the
same approval gate, timeout and output cap as a terminal command. Where the backend can reach a
socket of ours (the host, a sandbox, a container with the workspace mounted), the script can call the
agent's other tools through `hermes_tools`, so a loop over fifty files is one tool call instead of
fifty model turns. Those calls go through the same registry and gate as the model's own.
"""

from __future__ import annotations

import asyncio
import json
import os
import posixpath
import secrets
import shlex
import socket
from importlib import resources
from typing import Any

from hermes.core.messages import ToolCall
from hermes.tools.registry import ToolContext, ToolError, tool
from hermes.tools.terminal import DEFAULT_OUTPUT_CHARS, _setting, footer, require_approval, session_backend

DEFAULT_TIMEOUT = 120.0
MAX_TIMEOUT = 600.0
MAX_CALLS = 300  # tool calls one script may make
# Tools a script may not call: no recursion, and nobody to ask mid-script.
NOT_FROM_SCRIPTS = {"execute_code", "delegate", "clarify"}


class _ToolChannel:
    """A unix socket the script's `hermes_tools` calls; each request runs one tool."""

    def __init__(self, ctx: ToolContext, registry: Any, host_dir: str):
        self.ctx, self.registry = ctx, registry
        self.token = secrets.token_hex(16)
        self.path = os.path.join(host_dir, f".hermes-tools-{secrets.token_hex(4)}.sock")
        self.calls = 0
        self.server: asyncio.AbstractServer | None = None

    async def __aenter__(self) -> "_ToolChannel":
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            _bind_long(sock, self.path)
            os.chmod(self.path, 0o666)  # a container's user must connect; the token guards it
            self.server = await asyncio.start_unix_server(self._serve, sock=sock)
        except BaseException:
            sock.close()
            raise
        return self

    async def __aexit__(self, *exc: Any) -> None:
        if self.server is not None:
            self.server.close()
        try:
            os.unlink(self.path)
        except OSError:
            pass

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            line = await reader.readline()
            reply = await self._handle(line)
            writer.write(json.dumps(reply).encode() + b"\n")
            await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()

    async def _handle(self, line: bytes) -> dict[str, Any]:
        try:
            req = json.loads(line)
        except ValueError:
            return {"ok": False, "text": "malformed request"}
        if not isinstance(req, dict) or not secrets.compare_digest(str(req.get("token", "")), self.token):
            return {"ok": False, "text": "bad token"}
        name, args = str(req.get("tool", "")), req.get("args") or {}
        if name in NOT_FROM_SCRIPTS or self.registry is None or self.registry.get(name) is None:
            allowed = sorted(n for n in (self.registry.names() if self.registry else [])
                             if n not in NOT_FROM_SCRIPTS)
            return {"ok": False, "text": f"no tool {name!r} for scripts (available: {', '.join(allowed)})"}
        self.calls += 1
        if self.calls > MAX_CALLS:
            return {"ok": False, "text": f"more than {MAX_CALLS} tool calls from one script"}
        if self.ctx.cancel.is_set():
            return {"ok": False, "text": "cancelled"}
        out = await self.registry.execute(ToolCall(id=f"code-{self.calls}", name=name,
                                                   arguments=json.dumps(args)), self.ctx)
        text = out.text if out.ok else out.text.removeprefix("Error: ")
        return {"ok": out.ok, "text": text}


def _bind_long(sock: socket.socket, path: str) -> None:
    """bind() to a path longer than a socket address holds (108 bytes), through the directory's
    /proc/self/fd entry: workspaces under HERMES_HOME are often that deep."""
    if len(path.encode()) < 100:
        sock.bind(path)
        return
    fd = os.open(os.path.dirname(path), os.O_RDONLY | os.O_DIRECTORY)
    try:
        sock.bind(f"/proc/self/fd/{fd}/{os.path.basename(path)}")
    finally:
        os.close(fd)


def _client_source() -> bytes:
    return resources.files("hermes.tools").joinpath("code_client.py").read_bytes()


@tool(toolset="code", max_result_chars=200_000)
async def execute_code(ctx: ToolContext, code: str, timeout: float | None = None) -> str:
    """Run a Python 3 script where the terminal runs. It can call your other tools:
    `from hermes_tools import read_file, terminal` (keyword arguments; returns text; raises
    ToolFailed). Use it for loops and batch work; print what you need to see.

    Args:
        code: The Python source.
        timeout: Seconds before it is killed (default 120, at most 600).
    """
    if not code.strip():
        raise ToolError("code is empty")
    limit = min(float(timeout or DEFAULT_TIMEOUT), MAX_TIMEOUT)
    if limit <= 0:
        raise ToolError("timeout must be positive")
    command = "python3 <script> (execute_code)\n" + code
    await require_approval(ctx, command)
    backend = await session_backend(ctx)
    scratch = getattr(backend, "scratch_dir", None)
    if not scratch:
        raise ToolError(f"execute_code is not supported on the {getattr(backend, 'kind', '?')} backend")
    run_dir = posixpath.join(scratch, f"code-{secrets.token_hex(4)}")
    script = posixpath.join(run_dir, "script.py")
    try:
        await backend.write_bytes(posixpath.join(run_dir, "hermes_tools.py"), _client_source())
        await backend.write_bytes(script, code.encode("utf-8", "surrogateescape"))
    except (OSError, RuntimeError) as e:
        raise ToolError(f"could not put the script on the backend: {e}") from None
    env = {"PYTHONPATH": run_dir, "PYTHONUNBUFFERED": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    rpc = getattr(backend, "rpc_dir", None)
    dirs = rpc() if callable(rpc) else None
    cap = int(_setting(ctx, "max_output_chars", DEFAULT_OUTPUT_CHARS))
    cmd = (f"{{ command -v python3 >/dev/null 2>&1 || {{ echo 'python3 is not installed on this "
           f"backend'; exit 127; }}; }}; python3 {shlex.quote(script)}")
    try:
        if dirs is None:
            res = await backend.run(cmd, timeout=limit, env=env, cancel=ctx.cancel, max_output_chars=cap)
            calls = None
        else:
            host_dir, target_dir = dirs
            async with _ToolChannel(ctx, ctx.services.get("registry"), host_dir) as chan:
                env.update(HERMES_TOOLS_SOCKET=posixpath.join(target_dir, os.path.basename(chan.path)),
                           HERMES_TOOLS_TOKEN=chan.token)
                res = await backend.run(cmd, timeout=limit, env=env, cancel=ctx.cancel,
                                        max_output_chars=cap)
                calls = chan.calls
    finally:
        try:
            await backend.run(f"rm -rf {shlex.quote(run_dir)}", timeout=30)
        except Exception:  # cleanup is best effort; the scratch dir goes with the session
            pass
    body = res.output.rstrip("\n")
    tail = footer(res, limit)
    if calls:
        tail = tail[:-1] + f" · {calls} tool call{'s' if calls > 1 else ''}]"
    return f"{body}\n{tail}" if body else tail


TOOLS = [execute_code]
