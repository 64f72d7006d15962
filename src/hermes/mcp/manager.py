"""The MCP servers of one Hermes process: started in the background, their tools offered to sessions.

Servers run on a private event loop in a daemon thread, so no front end waits for them: the CLI's
first answer, the API server's start and the gateway's connect never depend on a slow or broken
server. The tool list each server gave last time is cached on disk, so its tools are known from the
first model call; a call that arrives before the server is up waits for it (connect_timeout).

With more MCP tools than `mcp.tool_search_threshold`, their schemas are not sent at all: the model
gets `tool_search`, which finds tools by name and description and offers the ones found for the rest
of the session. The fixed prompt stays the same size however many servers are connected.
"""

from __future__ import annotations

import asyncio
import atexit
import hashlib
import json
import logging
import re
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from hermes.mcp import tools as mt
from hermes.mcp.search import search_tool
from hermes.tools.registry import Tool, ToolContext, ToolError

log = logging.getLogger("hermes.mcp")
FAILED_RETRY = 600.0  # seconds a server that never connected is left alone by one-shot runs


class MCPManager:
    toolset = mt.TOOLSET

    def __init__(self, home: Any, config: Any, secrets: dict[str, str], model: Any = None):
        self.home, self.config, self.secrets, self.model = home, config, secrets, model
        self.conns: dict[str, Any] = {}
        self.catalog: dict[str, dict[str, Any]] = {}  # server -> {tools: [...], resources, prompts}
        self._tools: dict[str, Tool] = {}
        self._server_of: dict[str, str] = {}
        self._version = 0
        self._lock = threading.Lock()
        self._sampled: dict[str, int] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.main_loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self.search = search_tool(self.all_tools)
        for name, cfg in self._wanted(config).items():
            self._load_cache(name, cfg)
        self._rebuild()

    @staticmethod
    def _wanted(config: Any) -> dict[str, Any]:
        return {n: c for n, c in config.mcp_servers.items() if c.enabled}

    # -- the background loop ---------------------------------------------------------------------

    def start(self) -> None:
        if self._thread is not None or not self._wanted(self.config):
            return
        ready = threading.Event()

        def main() -> None:
            self.loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self.loop)

            def begin() -> None:
                for name, cfg in self._wanted(self.config).items():
                    self._open(name, cfg)
                ready.set()
            self.loop.call_soon(begin)
            self.loop.run_forever()

        self._thread = threading.Thread(target=main, name="hermes-mcp", daemon=True)
        self._thread.start()
        ready.wait(5)
        atexit.register(self.stop, 1.5, at_exit=True)  # do not hold the exit up for a slow server

    def _open(self, name: str, cfg: Any) -> None:
        from hermes.mcp.connection import Connection

        conn = Connection(name, cfg, self.secrets, Path(self.home.root) / "logs", sampling=self._sample,
                          on_change=self._on_change)
        self.conns[name] = conn
        conn.start()

    def stop(self, timeout: float = 5.0, *, at_exit: bool = False) -> None:
        """Disconnect every server (stdio servers are ended); safe to call twice."""
        loop, self.loop = self.loop, None
        if loop is None:
            return
        if at_exit and all(c.session is None for c in self.conns.values()):
            return  # nothing connected yet: the process ends, and a server it started reads EOF and exits

        async def down() -> None:
            await asyncio.gather(*(c.stop() for c in self.conns.values()), return_exceptions=True)
        try:
            asyncio.run_coroutine_threadsafe(down(), loop).result(timeout)
        except Exception:
            pass
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(timeout)
        self._thread = None

    def reload(self, config: Any) -> str:
        """Apply a changed `mcp_servers`: stop removed or changed servers, start new ones."""
        old, new = self._wanted(self.config), self._wanted(config)
        self.config = config
        changed = [n for n in old if n not in new or old[n] != new[n]]
        added = [n for n in new if n not in old or old[n] != new[n]]
        if self.loop is None:
            self.start()
        else:
            async def apply() -> None:
                for n in changed:
                    c = self.conns.pop(n, None)
                    if c is not None:
                        await c.stop()
                for n in added:
                    self._open(n, new[n])
            asyncio.run_coroutine_threadsafe(apply(), self.loop).result(15)
        with self._lock:
            for n in changed:
                if n not in new:
                    self.catalog.pop(n, None)
        for n in added:
            self._load_cache(n, new[n])
        self._rebuild()
        return f"MCP: {len(new)} server(s); restarted {len(changed)}, started {len(added) - len(set(added) & set(changed))}"

    # -- catalog ---------------------------------------------------------------------------------

    def _cache_file(self, name: str) -> Path:
        return Path(self.home.root) / "cache" / "mcp" / f"catalog-{re.sub(r'[^A-Za-z0-9_-]', '_', name)}.json"

    @staticmethod
    def _fingerprint(cfg: Any) -> str:
        return hashlib.sha256(json.dumps([cfg.command, cfg.args, cfg.url], default=str).encode()).hexdigest()[:16]

    def _load_cache(self, name: str, cfg: Any) -> None:
        try:
            data = json.loads(self._cache_file(name).read_text())
        except (OSError, ValueError):
            return
        if data.get("fingerprint") == self._fingerprint(cfg):
            with self._lock:
                self.catalog[name] = data

    def _on_change(self, conn: Any) -> None:
        """A server (re)connected or went down: take its fresh tool list (on the MCP thread)."""
        if conn.state == "failed" and conn.name not in self.catalog:
            # Remember that it has no known tools, so one-shot runs do not start it again every time
            # (they retry once this is FAILED_RETRY old, or when its command or URL changes).
            data = {"fingerprint": self._fingerprint(conn.cfg), "tools": [], "failed_at": time.time(),
                    "error": conn.error}
            with self._lock:
                self.catalog[conn.name] = data
            self._write_cache(conn.name, data)
            return
        if conn.session is not None:  # (re)connected: take its tool list
            data = {"fingerprint": self._fingerprint(conn.cfg), "resources": conn.has_resources,
                    "prompts": conn.has_prompts,
                    "tools": [t.model_dump(mode="json", exclude_none=True) for t in conn.tools]}
            with self._lock:
                same = self.catalog.get(conn.name) == data
                self.catalog[conn.name] = data
            if not same:
                self._write_cache(conn.name, data)
                self._rebuild()

    def _write_cache(self, name: str, data: dict[str, Any]) -> None:
        try:
            f = self._cache_file(name)
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_text(json.dumps(data))
        except OSError:
            pass

    def _known(self, name: str) -> bool:
        data = self.catalog.get(name)
        return data is not None and time.time() - data.get("failed_at", time.time()) < FAILED_RETRY

    def _rebuild(self) -> None:
        tools: dict[str, Tool] = {}
        owner: dict[str, str] = {}
        with self._lock:
            catalog = dict(self.catalog)
        for server, data in catalog.items():
            cfg = self.config.mcp_servers.get(server)
            if cfg is None or not cfg.enabled:
                continue
            for raw in data.get("tools", []):
                if not _wanted_tool(raw.get("name", ""), cfg.tools):
                    continue
                t = mt.make_tool(server, _as_tool(raw), self._caller(server))
                tools[t.name], owner[t.name] = t, server
            for t in mt.resource_tools(server, self._resource_caller(server), data.get("resources", False),
                                       data.get("prompts", False)):
                tools[t.name], owner[t.name] = t, server
        with self._lock:
            self._tools, self._server_of = tools, owner
            self._version += 1

    # -- the provider seam (hermes.tools.registry.ToolProvider) ------------------------------------

    @property
    def searching(self) -> bool:
        return len(self._tools) > self.config.mcp.tool_search_threshold

    def version(self, ctx: ToolContext | None) -> Any:
        loaded = ctx.state.get("mcp_loaded", ()) if ctx is not None else ()
        return (self._version, len(loaded) if self.searching else -1)

    def tools(self, ctx: ToolContext | None) -> list[Tool]:
        if self.loop is None and not all(self._known(n) for n in self._wanted(self.config)):
            self.start()  # a server whose tools are not known yet: ask it
        with self._lock:
            all_tools = dict(self._tools)
        if len(all_tools) <= self.config.mcp.tool_search_threshold:
            return list(all_tools.values())
        loaded = ctx.state.get("mcp_loaded", []) if ctx is not None else []
        return [self.search] + [all_tools[n] for n in loaded if n in all_tools]

    def lookup(self, name: str, ctx: ToolContext | None) -> Tool | None:
        if name == self.search.name:
            return self.search if self.searching else None
        with self._lock:
            return self._tools.get(name)

    def all_tools(self) -> list[Tool]:
        with self._lock:
            return list(self._tools.values())

    # -- calls (from any event loop) ---------------------------------------------------------------

    async def run(self, server: str, op: Any, ctx: ToolContext | None) -> Any:
        """Run `op(conn)` on the MCP loop; cancelled with the caller or with the session's /stop."""
        self.main_loop = asyncio.get_running_loop()
        if self.loop is None:
            self.start()
        conn = self.conns.get(server)
        if conn is None or self.loop is None:
            raise ToolError(f"MCP server '{server}' is not configured or is disabled.")
        fut = asyncio.run_coroutine_threadsafe(op(conn), self.loop)
        wrapped = asyncio.wrap_future(fut)
        waits: set[asyncio.Future] = {wrapped}
        stop = asyncio.ensure_future(ctx.cancel.wait()) if ctx is not None else None
        if stop is not None:
            waits.add(stop)
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if stop is not None:
                stop.cancel()
            if not wrapped.done():
                fut.cancel()
        if not wrapped.done():
            raise ToolError("Stopped by the user before the MCP server answered.")
        return wrapped.result()

    def _caller(self, server: str) -> Any:
        async def call(tool: str, args: dict[str, Any], ctx: ToolContext) -> Any:
            from hermes.mcp.connection import ServerDown

            progress = _progress(ctx, server, tool)
            try:
                return await self.run(server, lambda c: c.call_tool(tool, args, progress), ctx)
            except ServerDown as e:
                raise ToolError(f"{e}. Try again in a little while, or do without this tool.") from None
            except asyncio.TimeoutError:
                t = self.config.mcp_servers[server].timeout
                raise ToolError(f"MCP tool {server}.{tool} did not answer within {t:g} s; it was abandoned.") from None
            except ToolError:
                raise
            except Exception as e:
                raise ToolError(f"MCP tool {server}.{tool} failed: {_short(e)}") from None
        return call

    def _resource_caller(self, server: str) -> Any:
        async def call(op: str, args: dict[str, Any], ctx: ToolContext) -> str:
            from hermes.mcp.connection import ServerDown

            t = self.config.mcp_servers[server].timeout

            async def go(conn: Any) -> Any:
                if op == "list_resources":
                    return await conn.request(lambda s: s.list_resources(), t)
                if op == "read_resource":
                    return await conn.request(lambda s: s.read_resource(args["uri"]), t)
                if op == "list_prompts":
                    return await conn.request(lambda s: s.list_prompts(), t)
                return await conn.request(lambda s: s.get_prompt(
                    args["name"], {k: str(v) for k, v in (args.get("arguments") or {}).items()}), t)
            try:
                result = await self.run(server, go, ctx)
            except ServerDown as e:
                raise ToolError(str(e)) from None
            except asyncio.TimeoutError:
                raise ToolError(f"MCP server {server} did not answer within {t:g} s.") from None
            except ToolError:
                raise
            except Exception as e:
                raise ToolError(f"MCP {server}.{op} failed: {_short(e)}") from None
            return _render_listing(op, result, server, ctx)
        return call

    async def _sample(self, conn: Any, params: Any) -> Any:
        """A server asks our model for a completion (only when its `sampling.enabled`)."""
        from mcp.types import CreateMessageResult, ErrorData, TextContent

        used = self._sampled.get(conn.name, 0)
        if used >= conn.cfg.sampling.max_requests:
            return ErrorData(code=-32000, message=f"sampling budget of {conn.cfg.sampling.max_requests} used up")
        if self.model is None or self.main_loop is None:
            return ErrorData(code=-32000, message="no model is available for sampling right now")
        self._sampled[conn.name] = used + 1
        from hermes.core.messages import Message
        from hermes.models.base import complete

        msgs = [Message.system(params.systemPrompt)] if params.systemPrompt else []
        for m in params.messages:
            text = getattr(m.content, "text", None) or ""
            msgs.append(Message.user(text) if m.role == "user" else Message.assistant(text))
        max_tokens = min(params.maxTokens or conn.cfg.sampling.max_tokens, conn.cfg.sampling.max_tokens)
        fut = asyncio.run_coroutine_threadsafe(complete(self.model, msgs, max_tokens=max_tokens), self.main_loop)
        done = await asyncio.wrap_future(fut)
        return CreateMessageResult(role="assistant", content=TextContent(type="text", text=done.message.content or ""),
                                   model=getattr(self.model, "name", "hermes"), stopReason="endTurn")

    # -- reporting ------------------------------------------------------------------------------

    def status(self) -> list[dict[str, Any]]:
        out = []
        for name, cfg in self.config.mcp_servers.items():
            c = self.conns.get(name)
            with self._lock:
                n = sum(1 for s in self._server_of.values() if s == name)
            out.append({"name": name, "enabled": cfg.enabled, "state": c.state if c else
                        ("disabled" if not cfg.enabled else "not started"), "error": c.error if c else "",
                        "tools": n, "server": c.server_info if c else "", "connects": c.connects if c else 0})
        return out

    async def wait_connected(self, timeout: float) -> None:
        """For tests and `hermes mcp test`: until every server is connected or has failed once."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.conns and all(c.state != "starting" for c in self.conns.values()):
                return
            await asyncio.sleep(0.02)


def _as_tool(raw: dict[str, Any]) -> Any:
    """A cached tool listing with the attributes an mcp.types.Tool has (no SDK import needed)."""
    ann = raw.get("annotations") or {}
    return SimpleNamespace(name=raw.get("name", ""), description=raw.get("description"), title=raw.get("title"),
                           inputSchema=raw.get("inputSchema") or {},
                           annotations=SimpleNamespace(readOnlyHint=ann.get("readOnlyHint"),
                                                       destructiveHint=ann.get("destructiveHint"),
                                                       title=ann.get("title")) if ann else None)


def _wanted_tool(name: str, f: Any) -> bool:
    import fnmatch

    if f.include and not any(fnmatch.fnmatchcase(name, p) for p in f.include):
        return False
    return not any(fnmatch.fnmatchcase(name, p) for p in f.exclude)


def _progress(ctx: ToolContext, server: str, tool: str) -> Any:
    """Progress notifications go to the front end's hook when it has one, and are kept in the session."""
    hook = ctx.services.get("progress") if ctx is not None else None
    loop = asyncio.get_running_loop()

    async def on(progress: float, total: float | None, message: str | None) -> None:
        ctx.state["mcp_progress"] = (server, tool, progress, total, message)
        if hook is not None:
            loop.call_soon_threadsafe(hook, f"{server}.{tool}", progress, total, message)
    return on


def _render_listing(op: str, result: Any, server: str, ctx: ToolContext) -> str:
    if op == "list_resources":
        rows = [f"- {r.uri}" + (f" ({r.name})" if r.name else "") + (f": {r.description}" if r.description else "")
                for r in result.resources]
        return "\n".join(rows) or "(no resources)"
    if op == "read_resource":
        return "\n".join(mt.render_content(SimpleNamespace(type="resource", resource=c), server, ctx)
                         for c in result.contents) or "(empty)"
    if op == "list_prompts":
        rows = []
        for p in result.prompts:
            args = ", ".join(a.name + ("" if a.required else "?") for a in (p.arguments or []))
            rows.append(f"- {p.name}({args})" + (f": {p.description}" if p.description else ""))
        return "\n".join(rows) or "(no prompts)"
    return "\n\n".join(f"[{m.role}]\n{mt.render_content(m.content, server, ctx)}" for m in result.messages)


def _short(e: Exception) -> str:
    from hermes.mcp.connection import _describe

    return _describe(e)
