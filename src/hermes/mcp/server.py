"""`hermes mcp serve`: Hermes as an MCP server for other MCP clients (editors, desktop assistants).

One process serves one memory scope: every tool sees only that scope's sessions, memory and jobs.
stdio by default, streamable HTTP with --port; off loopback HTTP needs HERMES_MCP_TOKEN, and whenever
it is set every HTTP request must carry it as a bearer token. Nobody is there to approve dangerous
commands, so sessions open non-interactive and the approval gate denies them. The mcp SDK (1.x) is
imported inside functions: only this command loads it.
"""

import asyncio
import contextlib
import hmac
import inspect
import logging
import os
import sys
from collections import Counter, OrderedDict
from typing import Annotated, Any, Literal, TypedDict

TOKEN_ENV = "HERMES_MCP_TOKEN"
NESTED_ENV = "HERMES_MCP_SERVING"  # set in a serving process; its MCP clients' children inherit it
MAX_LIVE = 32  # conversations kept open between calls, so turns on one session stay in order

log = logging.getLogger("hermes.mcp.server")

_LABELS = {"user": 'USER PROFILE (target "user": who the user is, preferences, corrections)',
           "memory": 'MEMORY (target "memory": environment facts, conventions, lessons learned)'}


class Refused(Exception):
    """An expected failure; its message is what the client sees as the tool error."""


class AskResult(TypedDict):
    answer: str
    session_id: str


class Service:
    """What the tools do, confined to one scope, independent of the transport."""

    def __init__(self, hermes: Any, scope: str, token: str | None = None):
        from hermes.server.errors import Scrubber

        self.hermes, self.scope = hermes, scope
        self.scrub = Scrubber.for_hermes(hermes.home, hermes.secrets, extra=[token] if token else [])
        self._live: OrderedDict[str, Any] = OrderedDict()
        self._inflight: Counter[str] = Counter()  # calls running or waiting their turn, per session

    async def ask(self, message: str, session_id: str | None = None) -> AskResult:
        if not (message or "").strip():
            raise Refused("message is empty: say what to ask Hermes")
        await self._evict_idle()
        conv = self._conversation((session_id or "").strip() or None)
        self._inflight[conv.id] += 1
        try:
            return {"answer": await _turn(conv, message), "session_id": conv.id}
        finally:
            self._inflight[conv.id] -= 1

    def _conversation(self, session_id: str | None) -> Any:
        """A live conversation (nothing awaited here: two calls never open one session twice)."""
        h = self.hermes
        if session_id is None:
            conv = h.open(source="mcp", scope=self.scope, interactive=False)
        else:
            info = h.store.get_session(session_id)
            if info is None or info.scope != self.scope:  # one message for both: existence stays private
                raise Refused(f"session {session_id!r} is not one of this server's sessions (memory scope "
                              f"{self.scope!r}); omit session_id to start a new session")
            conv = self._live.get(session_id) or h.open(session_id, source="mcp", scope=self.scope,
                                                         interactive=False, create=False)
        self._live[conv.id] = conv
        self._live.move_to_end(conv.id)
        return conv

    async def _evict_idle(self) -> None:
        for sid in list(self._live):
            if len(self._live) < MAX_LIVE:  # room for the one about to be opened
                return
            if not self._inflight[sid]:  # in use (running or waiting its turn): it stays
                self._inflight.pop(sid, None)
                await asyncio.gather(self._live.pop(sid).close(), return_exceptions=True)

    async def search(self, query: str, limit: int, since: str | None, until: str | None) -> str:
        from hermes.tools.session_search import session_search

        return await session_search.func(self._tool_context(), query=query, limit=limit, since=since, until=until)

    def read_memory(self) -> str:
        from hermes.memory.documents import MemoryDocument, fullness, usage
        from hermes.memory.snapshot import safe_entries

        blocks = []
        for target in ("user", "memory"):
            doc = MemoryDocument.open(self.hermes.home, self.scope, target, self.hermes.config)
            entries = doc.entries()
            body = "\n§\n".join(safe_entries(entries)) if entries else "(empty)"  # poisoned ones: markers
            blocks.append(f"{_LABELS[target]} [{fullness(usage(entries), doc.limit)}]\n{body}")
        return f"Memory of scope {self.scope!r} (entries separated by §):\n\n" + "\n\n".join(blocks)

    async def add_memory(self, target: str, content: str) -> str:
        # The memory tool itself: the same threat scan, limits and consolidation as the agent's writes.
        from hermes.tools.memory_tool import memory

        return await memory.func(self._tool_context(), target=target, action="add", content=content)

    def _tool_context(self) -> Any:
        from hermes.tools.registry import ToolContext

        h = self.hermes
        return ToolContext(session_id="", scope=self.scope, home=h.home, config=h.config, store=h.store,
                           interactive=False, services={"aux_model": h.model, "hermes": h})

    def list_jobs(self) -> dict[str, Any]:
        from hermes.cron.jobs import open_jobs
        from hermes.cron.scheduler import scheduler_status

        store = open_jobs(self.hermes.home, self.hermes.config, self.hermes.store)
        jobs = store.list(scope=self.scope)
        return {"scope": self.scope, "scheduler_running": scheduler_status(self.hermes.home, store).running,
                "jobs": [_job_summary(j) for j in jobs]}

    async def run_job(self, job_id: str) -> dict[str, Any]:
        from hermes.cron import runner
        from hermes.cron.jobs import JobNotFound, open_jobs

        h, store = self.hermes, open_jobs(self.hermes.home, self.hermes.config, self.hermes.store)
        try:
            job = store.get(job_id, scope=self.scope)  # another scope's job is simply not found
        except JobNotFound as e:
            what = str(e).split(" (see ")[0]  # its CLI hint means nothing to an MCP client
            raise Refused(f"{what} (memory scope {self.scope!r}; list_cron_jobs shows its jobs)") from None
        result = await runner.execute(job, home=h.home, config=h.config, store=h.store, tz=store.tz, retry=False)
        if result.status == "skipped":
            raise Refused(f"job {job.id} was not started: {result.error}")
        store.record_results({job.id: result.job_fields()})
        if result.status == "failed":
            raise Refused(f"job {job.id} ran and failed: {result.error} (output saved to {result.output_path})")
        return {"job_id": job.id, "name": job.name, "status": result.status, "output": result.text,
                "session_id": result.session_id, "output_path": result.output_path,
                "delivery_errors": result.delivery_errors}

    async def call(self, fn: Any, *args: Any) -> Any:
        """One tool call: expected failures keep their message, others name only their type (details:
        the log); secrets are scrubbed either way."""
        from mcp.server.fastmcp.exceptions import ToolError

        try:
            out = fn(*args)
            if inspect.isawaitable(out):
                out = await out
        except _expected_errors() as e:
            raise ToolError(self.scrub(str(e)) or type(e).__name__) from None
        except Exception as e:
            log.exception("MCP tool %s failed", getattr(fn, "__name__", fn))
            raise ToolError(f"internal error in Hermes ({type(e).__name__}); the server's log has details") from None
        return _scrubbed(out, self.scrub)

    async def aclose(self) -> None:
        live, self._live = list(self._live.values()), OrderedDict()
        learner = getattr(self.hermes, "learner", None)  # its running reviews finish: nothing learned is lost
        pending = [c.close() for c in live] + ([learner.drain(timeout=10)] if learner is not None else [])
        await asyncio.gather(*pending, return_exceptions=True)


async def _turn(conv: Any, message: str) -> str:
    from hermes.core.events import ErrorEvent, Final

    events = [ev async for ev in conv.send(message) if isinstance(ev, (Final, ErrorEvent))]
    error = next((ev.message for ev in events if isinstance(ev, ErrorEvent)), None)
    if error:
        raise Refused(f"Hermes could not answer: {error}")
    return next((ev.text for ev in events if isinstance(ev, Final)), None) or ""


def _job_summary(job: Any) -> dict[str, Any]:
    d = job.public()
    out = {k: d.get(k) for k in ("id", "name", "schedule", "state", "next_run_at", "last_run_at", "last_status")}
    out["prompt"] = job.prompt if len(job.prompt) <= 300 else job.prompt[:299] + "…"
    if job.last_error and job.last_status != "ok":
        out["last_error"] = job.last_error[:300]
    return out


def _expected_errors() -> tuple[type[BaseException], ...]:
    from hermes.cron.jobs import JobNotFound, JobsFileError
    from hermes.cron.schedule import ScheduleError
    from hermes.memory.documents import MemoryWriteError
    from hermes.state.base import StoreError
    from hermes.tools.registry import ToolError as HermesToolError

    return Refused, HermesToolError, MemoryWriteError, JobNotFound, JobsFileError, ScheduleError, StoreError, ValueError


def _scrubbed(value: Any, scrub: Any) -> Any:
    if isinstance(value, dict):
        return {k: _scrubbed(v, scrub) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrubbed(v, scrub) for v in value]
    return scrub(value) if isinstance(value, str) else value


def build_app(service: Service, host: str = "127.0.0.1") -> Any:
    """The FastMCP server with Hermes' tools bound to `service` (`host` sets its Host-header check)."""
    from mcp.server.fastmcp import FastMCP
    from mcp.types import ToolAnnotations as Hints
    from pydantic import Field

    app = FastMCP("hermes", host=host, log_level="WARNING", instructions=(
        f"Hermes is the user's self-hosted AI agent, with long-term memory and past conversations. This server "
        f"is confined to memory scope {service.scope!r}: its sessions, memory and scheduled jobs only."))

    @app.tool(annotations=Hints(title="Ask Hermes", readOnlyHint=False, openWorldHint=True))
    async def ask_hermes(
        message: Annotated[str, Field(description="What to say to Hermes, as the user would.")],
        session_id: Annotated[str | None, Field(description="Continue this session (an id returned by an "
                                                            "earlier call); omit to start a new one.")] = None,
    ) -> AskResult:
        """Send a message to Hermes, the user's self-hosted agent, and get its answer. Hermes knows the user's
        saved memory and may use its tools (commands that need approval are refused: nobody is there to
        approve them). Returns the answer and the session_id; pass it back to continue the conversation."""
        return await service.call(service.ask, message, session_id)

    @app.tool(annotations=Hints(title="Search past sessions", readOnlyHint=True))
    async def search_sessions(
        query: Annotated[str, Field(description="What to recall, in plain words (names and dates help).")],
        limit: Annotated[int, Field(ge=1, le=10, description="Maximum sessions to show.")] = 5,
        since: Annotated[str | None, Field(description="Only from this date on (YYYY-MM-DD).")] = None,
        until: Annotated[str | None, Field(description="Only up to this date (YYYY-MM-DD).")] = None,
    ) -> str:
        """Full-text search of the user's past conversations with Hermes (and archived memory notes).
        Returns the best-matching sessions, each with its id, date and source, and the matching turns
        with the turns around them."""
        return await service.call(service.search, query, limit, since, until)

    @app.tool(annotations=Hints(title="Read Hermes' memory", readOnlyHint=True))
    async def read_memory() -> str:
        """Read Hermes' long-term memory: the user profile (facts about the user) and its notes (environment
        facts, conventions, lessons), each with how full it is; entries flagged by the threat scan show as BLOCKED."""
        return await service.call(service.read_memory)

    @app.tool(annotations=Hints(title="Add to memory", readOnlyHint=False, destructiveHint=False, idempotentHint=True))
    async def add_memory(
        target: Annotated[Literal["user", "memory"], Field(
            description='"user": a fact about the user (who they are, preferences, corrections); '
                        '"memory": an environment fact, convention or lesson learned.')],
        content: Annotated[str, Field(description="One short, durable, declarative fact.")],
    ) -> str:
        """Save a durable fact to Hermes' long-term memory; Hermes sees it in every future session.
        Not for task progress or things easy to look up again. Content is scanned: instructions to the
        assistant, hidden text, secrets or exfiltration commands are refused with the reason. When a
        document is full, older entries are consolidated or archived (still searchable)."""
        return await service.call(service.add_memory, target, content)

    @app.tool(annotations=Hints(title="List scheduled jobs", readOnlyHint=True))
    async def list_cron_jobs() -> dict[str, Any]:
        """List Hermes' scheduled (cron) jobs: id, name, schedule, state, next and last run, last status and
        the prompt each run sends. scheduler_running says whether anything fires them on schedule."""
        return await service.call(service.list_jobs)

    @app.tool(annotations=Hints(title="Run a scheduled job now", readOnlyHint=False, openWorldHint=True))
    async def run_cron_job(
        job_id: Annotated[str, Field(description="The job's id (or a unique prefix, or its exact name), "
                                                 "from list_cron_jobs.")],
    ) -> dict[str, Any]:
        """Run one scheduled job now, wait, and return its status (ok, or silent when the job chose to say
        nothing), output, session_id and output_path. Its schedule is unchanged; the run is recorded and
        delivered like a scheduled one."""
        return await service.call(service.run_job, job_id)

    return app


def bind_problem(host: str, token: str | None) -> str | None:
    """Why HTTP may not listen on `host` with this token (None: it may)."""
    from hermes.server.auth import MIN_KEY_LENGTH, is_loopback, key_problem

    if is_loopback(host):
        return None
    how = (f"Set {TOKEN_ENV} to {MIN_KEY_LENGTH}+ random characters (python -c \"import secrets; print(secrets."
           "token_urlsafe(32))\"); clients send 'Authorization: Bearer <token>'. Or use --host 127.0.0.1.")
    if not token:
        return (f"refusing to serve MCP on {host} without {TOKEN_ENV}: anyone who can reach this address "
                f"could drive your agent. {how}")
    problem = key_problem(token)
    return f"refusing to serve MCP on {host} with a weak {TOKEN_ENV}: {problem}. {how}" if problem else None


class BearerGate:
    """ASGI layer: every HTTP request must carry `Authorization: Bearer <token>` (lifespan passes)."""

    def __init__(self, app: Any, token: str):
        self.app, self._token = app, token.encode()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and not self._authorized(scope.get("headers") or []):
            body = f'{{"error": "unauthorized: send Authorization: Bearer <{TOKEN_ENV}>"}}'.encode()
            await send({"type": "http.response.start", "status": 401, "headers": [
                (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                (b"www-authenticate", b'Bearer realm="hermes-mcp"')]})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)

    def _authorized(self, headers: list[tuple[bytes, bytes]]) -> bool:
        auth = next((v for k, v in headers if k.lower() == b"authorization"), b"")
        scheme, _, given = auth.partition(b" ")
        same = hmac.compare_digest(given.strip(), self._token)  # always run: timing says nothing
        return scheme.lower() == b"bearer" and same


def _claim_stdout() -> Any:
    """The MCP stream gets a private copy of fd 1; fd 1 itself (prints, child processes) goes to stderr."""
    from io import TextIOWrapper

    import anyio

    sys.stdout.flush()
    out_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return anyio.wrap_file(TextIOWrapper(os.fdopen(out_fd, "wb"), encoding="utf-8"))


async def _serve_stdio(app: Any, stdout: Any) -> None:
    from mcp.server.stdio import stdio_server

    # FastMCP's own stdio runner always writes to sys.stdout; run its server on our stream instead.
    server = app._mcp_server
    async with stdio_server(stdout=stdout) as (read, write):
        await server.run(read, write, server.create_initialization_options())


async def _serve_http(app: Any, sock: Any, token: str | None) -> None:
    import uvicorn

    from hermes.cli.serve import _server_class

    asgi = BearerGate(app.streamable_http_app(), token) if token else app.streamable_http_app()
    config = uvicorn.Config(asgi, log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=3, server_header=False)
    await _server_class()(config).serve(sockets=[sock])


def _make_hermes(home: Any, config: Any) -> Any:
    from hermes.cli.common import fail
    from hermes.models.base import ModelError
    from hermes.runtime import Hermes
    from hermes.state.base import StoreError

    if os.environ.get(NESTED_ENV) and getattr(config, "mcp_servers", None):
        # Started by a serving Hermes: our MCP servers could be this very command, each start spawning the next.
        config = config.model_copy(update={"mcp_servers": {}})
    os.environ[NESTED_ENV] = "1"
    try:
        return Hermes(home, config)
    except (ModelError, StoreError, ValueError) as e:
        fail(str(e))


def run_server(home: Any, config: Any, *, scope: str, port: int | None, host: str) -> None:
    """Serve until the client hangs up (stdio) or Ctrl-C / SIGTERM (HTTP)."""
    from hermes.cli.common import fail

    scope = (scope or "").strip()
    if not scope:
        fail("--scope is empty: name the memory scope to serve (default owner)")
    token = os.environ.get(TOKEN_ENV, "").strip() or None
    sock = stdout = None
    if port is None:
        stdout = _claim_stdout()
    else:
        problem = bind_problem(host, token)
        if problem:
            fail(problem)
        from hermes.cli.serve import _listen

        sock = _listen(host, port)  # before anything slow: a taken port fails at once
    service = Service(_make_hermes(home, config), scope, token)
    app = build_app(service, host)
    if sock is not None:
        shown = f"[{host}]" if ":" in host else host
        sys.stderr.write(f"Hermes MCP server (memory scope {scope!r}) on http://{shown}:{port}/mcp; "
                         f"{'bearer token required' if token else 'no token: loopback only'}. Ctrl-C stops it.\n")

    async def main() -> None:
        try:
            await (_serve_stdio(app, stdout) if stdout is not None else _serve_http(app, sock, token))
        finally:
            await service.aclose()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    finally:
        if sock is not None:
            sock.close()
        with contextlib.suppress(Exception):
            service.hermes.store.close()
