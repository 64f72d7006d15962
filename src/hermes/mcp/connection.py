"""One configured MCP server, kept connected: start or dial it, list what it offers, restart it with
backoff when it dies, and carry calls to it with a timeout.

Runs on the manager's background event loop (the official SDK's sessions live inside task groups
that must be entered and left by one task: the supervisor below owns them for the connection's life).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import shutil
import time
from datetime import timedelta
from pathlib import Path
from typing import Any, Awaitable, Callable

log = logging.getLogger("hermes.mcp")

PING_INTERVAL = 10.0  # liveness check of an idle connection
MAX_BACKOFF = 60.0
_REF = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


class ServerDown(Exception):
    """The server is not connected (starting, restarting or failed); the text says which and why."""


def expand(value: str, secrets: dict[str, str]) -> str:
    """`${NAME}` from .env, then the environment; a missing one is an error naming it (not its value)."""
    def sub(m: re.Match) -> str:
        name = m.group(1)
        got = secrets.get(name, os.environ.get(name))
        if got is None:
            raise ValueError(f"${{{name}}} is not set in .env or the environment")
        return got
    return _REF.sub(sub, value)


class Connection:
    def __init__(self, name: str, cfg: Any, secrets: dict[str, str], log_dir: Path,
                 sampling: Callable[[Any], Awaitable[Any]] | None = None,
                 on_change: Callable[["Connection"], None] | None = None):
        self.name, self.cfg, self.secrets, self.log_dir = name, cfg, secrets, log_dir
        self.sampling, self.on_change = sampling, on_change
        self.state = "starting"  # starting | connected | restarting | failed | stopped
        self.error = ""
        self.tools: list[Any] = []  # mcp.types.Tool from the last listing
        self.has_resources = self.has_prompts = False
        self.server_info = ""
        self.session: Any = None
        self.connects = 0
        self.connected_at = 0.0
        self._up = asyncio.Event()
        self._dead = asyncio.Event()
        self._stop = asyncio.Event()
        self.task: asyncio.Task | None = None

    # -- life ------------------------------------------------------------------------------------

    def start(self) -> None:
        self.task = asyncio.create_task(self._supervise(), name=f"mcp-{self.name}")

    async def stop(self) -> None:
        self._stop.set()
        self._dead.set()
        if self.task is not None:
            if self.session is None:  # still starting (or backing off): nothing to close gracefully
                self.task.cancel()
            try:
                await asyncio.wait_for(asyncio.shield(self.task), 5)
            except (asyncio.TimeoutError, Exception):
                self.task.cancel()
                await asyncio.gather(self.task, return_exceptions=True)
        self.state = "stopped"

    async def _supervise(self) -> None:
        delay = 1.0
        while not self._stop.is_set():
            try:
                await self._session_life()
                delay = 1.0
            except asyncio.CancelledError:
                raise
            except BaseException as e:  # anyio wraps failures in exception groups
                self.error = _describe(e) + self._stderr_tail()
                log.warning("mcp %s: %s", self.name, self.error)
            self.session = None
            self._up.clear()
            if self._stop.is_set():
                break
            self.state = "failed" if self.connects == 0 else "restarting"
            self._changed()
            try:  # backoff, cut short by stop()
                await asyncio.wait_for(self._stop.wait(), delay)
            except asyncio.TimeoutError:
                pass
            delay = min(delay * 2, MAX_BACKOFF)
        self.state = "stopped"

    async def _session_life(self) -> None:
        if self.cfg.command and not shutil.which(os.path.expanduser(self.cfg.command)):
            raise FileNotFoundError(2, "not found", self.cfg.command)  # before paying for the SDK import
        from mcp import ClientSession

        self._dead.clear()
        async with contextlib.AsyncExitStack() as stack:
            # asyncio.timeout, not wait_for: the SDK's contexts must be entered by this very task
            async with asyncio.timeout(self.cfg.connect_timeout):
                read, write = await self._transport(stack)
                kw: dict[str, Any] = {}
                if self.cfg.sampling.enabled and self.sampling is not None:
                    kw["sampling_callback"] = self._sample
                session = await stack.enter_async_context(ClientSession(read, write, **kw))
                init = await session.initialize()
                caps = init.capabilities
                tools = []
                cursor = None
                while caps.tools is not None:
                    page = await session.list_tools(cursor)
                    tools.extend(page.tools)
                    cursor = page.nextCursor
                    if not cursor:
                        break
            self.server_info = f"{init.serverInfo.name} {init.serverInfo.version}".strip()
            self.has_resources, self.has_prompts = caps.resources is not None, caps.prompts is not None
            self.tools, self.session, self.error = tools, session, ""
            self.connects, self.connected_at = self.connects + 1, time.time()
            self._changed()  # the tool list is published before anyone is told the server is up
            self.state = "connected"
            self._up.set()
            log.info("mcp %s: connected (%s, %d tools)", self.name, self.server_info, len(tools))
            while not self._dead.is_set() and not self._stop.is_set():
                try:
                    await asyncio.wait_for(self._dead.wait(), PING_INTERVAL)
                except asyncio.TimeoutError:
                    try:
                        async with asyncio.timeout(min(10.0, self.cfg.timeout)):
                            await session.send_ping()
                    except Exception as e:
                        self.error = f"stopped answering ({_describe(e)})"
                        break
            if not self._stop.is_set() and not self.error:
                self.error = "the connection closed"

    async def _transport(self, stack: contextlib.AsyncExitStack) -> tuple[Any, Any]:
        cfg = self.cfg
        kind = cfg.transport if cfg.transport != "auto" else ("stdio" if cfg.command else
                                                              "sse" if cfg.url.rstrip("/").endswith("/sse") else "http")
        if kind == "stdio":
            from mcp.client.stdio import StdioServerParameters, stdio_client

            env = dict(os.environ)  # the SDK's default keeps only a few variables; servers expect PATH, HOME...
            env.update({k: expand(v, self.secrets) for k, v in cfg.env.items()})
            self.log_dir.mkdir(parents=True, exist_ok=True)
            errlog = stack.enter_context(open(self.log_dir / f"mcp-{self.name}.log", "a", encoding="utf-8"))
            params = StdioServerParameters(command=cfg.command, args=list(cfg.args), env=env,
                                           cwd=os.path.expanduser(cfg.cwd) if cfg.cwd else None)
            read, write = await stack.enter_async_context(stdio_client(params, errlog=errlog))
            return read, write
        headers = {k: expand(v, self.secrets) for k, v in cfg.headers.items()}
        if kind == "sse":
            from mcp.client.sse import sse_client

            read, write = await stack.enter_async_context(sse_client(cfg.url, headers=headers))
            return read, write
        from mcp.client import streamable_http as sh

        if hasattr(sh, "streamable_http_client"):  # newer SDKs take an httpx client for headers
            from mcp.shared._httpx_utils import create_mcp_http_client

            client = await stack.enter_async_context(create_mcp_http_client(headers=headers))
            read, write, _ = await stack.enter_async_context(sh.streamable_http_client(cfg.url, http_client=client))
        else:
            read, write, _ = await stack.enter_async_context(sh.streamablehttp_client(cfg.url, headers=headers))
        return read, write

    def _stderr_tail(self) -> str:
        """The last line a stdio server wrote to its log: usually why it died."""
        if not self.cfg.command:
            return ""
        try:
            with open(self.log_dir / f"mcp-{self.name}.log", "rb") as f:
                f.seek(0, 2)
                f.seek(max(f.tell() - 4096, 0))
                lines = [ln.strip() for ln in f.read().decode("utf-8", "replace").splitlines() if ln.strip()]
        except OSError:
            return ""
        return f" (its last words: {lines[-1][:200]})" if lines else ""

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    # -- calls -----------------------------------------------------------------------------------

    async def ready(self, wait: float) -> Any:
        """The live session, waiting up to `wait` s for a (re)connect; ServerDown if it does not come."""
        if self.session is None and wait > 0 and not self._stop.is_set():
            try:
                await asyncio.wait_for(self._up.wait(), wait)
            except asyncio.TimeoutError:
                pass
        if self.session is None:
            why = f": {self.error}" if self.error else ""
            raise ServerDown(f"MCP server '{self.name}' is {self.state}{why}")
        return self.session

    async def request(self, op: Callable[[Any], Awaitable[Any]], timeout: float) -> Any:
        """Run `op(session)` within `timeout`; a closed connection is noticed and restarted."""
        from mcp.shared.exceptions import McpError
        from mcp.types import CONNECTION_CLOSED

        session = await self.ready(self.cfg.connect_timeout if self.state == "starting" else 5.0)
        try:
            return await asyncio.wait_for(op(session), timeout)
        except asyncio.TimeoutError:
            raise
        except McpError as e:
            if e.error.code == CONNECTION_CLOSED:
                self.error = "the server closed the connection"
                self._dead.set()
                raise ServerDown(f"MCP server '{self.name}' closed the connection during the call; "
                                 "it is being restarted") from None
            raise

    async def call_tool(self, tool: str, args: dict[str, Any], progress: Any = None) -> Any:
        t = self.cfg.timeout
        return await self.request(lambda s: s.call_tool(tool, args, read_timeout_seconds=timedelta(seconds=t),
                                                        progress_callback=progress), t)

    async def _sample(self, context: Any, params: Any) -> Any:
        return await self.sampling(self, params)  # type: ignore[misc]


def _describe(e: BaseException) -> str:
    """One line for an error, unwrapping the exception groups anyio raises."""
    while isinstance(e, BaseExceptionGroup) and e.exceptions:
        e = e.exceptions[0]
    if isinstance(e, asyncio.TimeoutError):
        return "did not answer in time"
    if isinstance(e, FileNotFoundError):
        return f"cannot start: {e.filename or e} not found"
    text = str(e).strip() or type(e).__name__
    return f"{type(e).__name__}: {text[:300]}" if not text.startswith(type(e).__name__) else text[:300]
