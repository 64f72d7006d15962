"""The ASGI app: `create_app(hermes, api_key=..., scheduler=...)`.

One process, one event loop: conversations live in a bounded pool, turns run on the loop (the
store writes once per turn), and the optional scheduler runs as a task beside the requests so jobs
created over HTTP fire while the server runs. Routes are declared in the *_api modules as data;
this module builds the router, /openapi.json, the health endpoints, error handling and lifespan.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from hermes.server.auth import BodyTooLarge, Guard, GuardConfig
from hermes.server.errors import JSON, ApiError, Scrubber, error_dict, error_response
from hermes.server.pool import ConversationPool
from hermes.server.routing import Endpoint, openapi_document
from hermes.state.base import StoreError

log = logging.getLogger("hermes.server")


@dataclass
class ServerState:
    hermes: Any
    pool: ConversationPool
    scrub: Scrubber
    model_names: set[str]
    model_list: list[str]
    responses: Any
    jobs: Any = None
    scheduler: Any = None
    scheduler_task: asyncio.Task | None = None
    stop: asyncio.Event | None = None
    started: float = field(default_factory=time.monotonic)
    started_wall: int = field(default_factory=lambda: int(time.time()))
    openapi: bytes | None = None


def create_app(hermes: Any, *, api_key: str | None = None, scheduler: Any = None, jobs: Any = None,
               max_live_sessions: int = 1000, max_pool_messages: int = 50_000, turn_lock: Any = None) -> Any:
    """The server for `hermes`. `api_key` None accepts every request (loopback use; the caller
    decides whether that is allowed). `jobs` overrides the JobStore-backed /api/jobs backend.
    `turn_lock` (server.turn_lock): set when other processes serve the same store."""
    from hermes import __version__
    from hermes.server import jobs_api, openai_api, responses, sessions_api

    cfg = hermes.config.server

    def opener(session_id: str, scope: str) -> Any:
        return hermes.open(session_id, source="api", scope=scope, interactive=False, create=True)

    aliases = [a for a in cfg.model_aliases if a and a != "hermes"]
    names = {"hermes", *aliases}
    for extra in (hermes.config.model.default, getattr(hermes.model, "name", None)):
        if extra:
            names.add(extra)
    srv = ServerState(
        hermes=hermes,
        pool=ConversationPool(opener, max_live=max_live_sessions, max_messages=max_pool_messages,
                              turn_lock=turn_lock),
        scrub=Scrubber.for_hermes(hermes.home, hermes.secrets, extra=[api_key] if api_key else []),
        model_names=names, model_list=["hermes", *aliases],
        responses=responses.ResponseStore(hermes.home.root / "api_responses.db"),
        jobs=jobs if jobs is not None else jobs_api.make_backend(hermes, scheduler),
        scheduler=scheduler)

    endpoints: list[Endpoint] = [
        Endpoint("GET", "/health", health, "Liveness", "health", auth=False),
        Endpoint("GET", "/v1/health", health, "Liveness (alias)", "health", auth=False),
        Endpoint("GET", "/health/detailed", health_detailed, "Readiness: store, scheduler, sessions", "health",
                 responses={401: "Missing or wrong API key"}),
        *openai_api.ENDPOINTS, *responses.ENDPOINTS, *sessions_api.ENDPOINTS, *jobs_api.ENDPOINTS,
    ]
    # Static paths before templated ones (/api/sessions/search before /api/sessions/{id}).
    ordered = sorted(endpoints, key=lambda e: "{" in e.path)
    routes = [Route(e.path, e.handler, methods=[e.method]) for e in ordered]
    doc_endpoints = endpoints

    async def openapi(request: Request) -> Response:
        if srv.openapi is None:
            from hermes.server.errors import dumps

            srv.openapi = dumps(openapi_document(doc_endpoints, title="Hermes API", version=__version__))
        return Response(srv.openapi, media_type="application/json")

    routes.append(Route("/openapi.json", openapi, methods=["GET"]))
    dashboard = dash_pages = None
    if cfg.dashboard:
        from hermes.dashboard.app import routes as dashboard_routes

        extra, dashboard, dash_pages = dashboard_routes(api_key)
        routes.extend(extra)

    async def on_api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return error_response(exc, srv.scrub)

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        status = exc.status_code
        msg = {404: f"No route {request.method} {request.url.path}.",
               405: f"Method {request.method} is not allowed on {request.url.path}."}.get(status, str(exc.detail))
        return JSON(error_dict(status, srv.scrub(msg), code="not_found" if status == 404 else None),
                    status_code=status, headers=getattr(exc, "headers", None))

    async def on_too_large(request: Request, exc: Exception) -> Response:
        limit = cfg.max_body_bytes
        return JSON(error_dict(413, f"Request body is larger than {limit} bytes.", code="request_too_large"),
                    status_code=413)

    async def on_store_error(request: Request, exc: Exception) -> Response:
        return JSON(error_dict(503, srv.scrub(f"The session store failed: {exc}"), code="store_unavailable"),
                    status_code=503)

    async def on_crash(request: Request, exc: Exception) -> Response:
        # Never echo internals: the type only, scrubbed (Starlette re-raises, so the server logs it).
        return JSON(error_dict(500, srv.scrub(f"Internal server error ({type(exc).__name__})."),
                               code="internal_error"), status_code=500)

    @contextlib.asynccontextmanager
    async def lifespan(app: Any):
        await _start(srv)
        try:
            yield
        finally:
            if dashboard is not None:
                from hermes.dashboard.pages.chat_stream import close_all

                with contextlib.suppress(Exception):
                    await close_all(app)
            await _stop(srv)

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={
        ApiError: on_api_error, HTTPException: on_http_error, BodyTooLarge: on_too_large,
        StoreError: on_store_error, Exception: on_crash})
    app.state.srv = srv
    app.state.dashboard, app.state.dashboard_pages = dashboard, dash_pages or []
    outer: Any = Guard(app, GuardConfig(api_key=api_key, rate_limit_per_minute=cfg.rate_limit_per_minute,
                                        max_body_bytes=cfg.max_body_bytes, dashboard=dashboard))
    if cfg.cors_origins:
        from starlette.middleware.cors import CORSMiddleware

        outer = CORSMiddleware(outer, allow_origins=cfg.cors_origins, allow_methods=["*"],
                               allow_headers=["authorization", "content-type", "x-hermes-session-id",
                                              "x-hermes-session-key"],
                               expose_headers=["x-hermes-session-id"])
    outer.state = srv  # handy for tests and the CLI
    return outer


async def _start(srv: ServerState) -> None:
    srv.stop = asyncio.Event()
    # The threat scanner compiles its patterns on first use (~0.3 s): do it now, off the loop, rather
    # than in the first request that scans memory.
    import importlib

    asyncio.get_running_loop().run_in_executor(None, importlib.import_module, "hermes.memory.threats")
    if srv.scheduler is not None:
        srv.scheduler_task = asyncio.get_running_loop().create_task(_run_scheduler(srv))


async def _run_scheduler(srv: ServerState) -> None:
    try:
        await srv.scheduler.run_forever(srv.stop)
    except asyncio.CancelledError:
        raise
    except Exception:  # the API keeps serving; /health/detailed reports the scheduler down
        log.exception("the scheduler stopped with an error")


async def _stop(srv: ServerState) -> None:
    if srv.stop is not None:
        srv.stop.set()
    task = srv.scheduler_task
    if task is not None and not task.done():
        try:
            await asyncio.wait_for(asyncio.shield(task), timeout=10)
        except (asyncio.TimeoutError, Exception):
            task.cancel()
    learner = getattr(srv.hermes, "learner", None)
    if learner is not None:
        with contextlib.suppress(Exception):
            await learner.drain(timeout=10)
    await srv.pool.close()
    with contextlib.suppress(Exception):  # the memory provider's pending syncs: sent or queued
        await srv.hermes.close_memory()
    srv.responses.close()


async def health(request: Request) -> Response:
    return JSON({"status": "ok"})


async def health_detailed(request: Request) -> Response:
    from hermes import __version__

    srv: ServerState = request.app.state.srv
    store: dict[str, Any] = {"ok": True}
    try:
        srv.hermes.store.list_sessions(limit=1)
    except Exception as e:
        store = {"ok": False, "error": srv.scrub(str(e))[:300]}
    task = srv.scheduler_task
    sched = {"available": srv.scheduler is not None, "running": task is not None and not task.done(),
             "leader": bool(getattr(srv.scheduler, "is_leader", False)), "jobs_api": srv.jobs is not None}
    model = srv.hermes.model
    return JSON({"status": "ok" if store["ok"] else "degraded", "version": __version__,
                 "uptime_seconds": round(time.monotonic() - srv.started, 3), "store": store,
                 "scheduler": sched,
                 "sessions": {"live": len(srv.pool), "active": srv.pool.busy},
                 "model": {"name": getattr(model, "name", None), "provider": getattr(model, "provider", None)}})
