"""`hermes serve`: the OpenAI-compatible API server (and the cron scheduler).

One process by default; `--workers N` forks N (`hermes.server.workers`) on one port. Whenever other
processes may run turns on the same store (N > 1, or any PostgreSQL store, which other hosts may
share behind a load balancer), turns take a cross-process session lock (`hermes.server.turn_lock`):
a second request for a busy session waits, up to --turn-wait seconds, then gets 409 + Retry-After.

The key comes from --api-key, else server.api_key in config.yaml, else HERMES_API_KEY (.env or the
environment). Off loopback a strong key is required; on loopback no key means open access, and a
weak key is accepted with a warning (the tutorial's `--api-key hermes` must work as written).
"""

from __future__ import annotations

import socket
import sys
from typing import Any, Optional

import typer

from hermes.cli.common import fail, get_runtime


def resolve_key(flag: str | None, config_key: str | None, secret_values: dict[str, str]) -> str | None:
    for k in (flag, config_key, secret_values.get("HERMES_API_KEY")):
        if k is not None and k.strip():
            return k.strip()
    return None


def check_bind(host: str, key: str | None) -> str | None:
    """None when this host/key pair may start; else the reason it may not. Warnings go to stderr."""
    from hermes.server.auth import MIN_KEY_LENGTH, is_loopback, key_problem

    if is_loopback(host):
        if key and key_problem(key):
            sys.stderr.write(f"Warning: the API key is weak ({key_problem(key)}); that is tolerated only "
                             "because the server listens on loopback.\n")
        return None
    if not key:
        return (f"refusing to listen on {host} without an API key: anyone who can reach this address could "
                "use your agent and its tools. Pass --api-key (at least "
                f"{MIN_KEY_LENGTH} random characters), set server.api_key or HERMES_API_KEY, or bind "
                "--host 127.0.0.1. Generate a key with: python -c \"import secrets; "
                "print(secrets.token_urlsafe(32))\"")
    problem = key_problem(key)
    if problem:
        return (f"refusing to listen on {host} with a weak API key: {problem}. Use a random key of at "
                f"least {MIN_KEY_LENGTH} characters, e.g. python -c \"import secrets; "
                "print(secrets.token_urlsafe(32))\"")
    return None


def _listen(host: str, port: int) -> socket.socket:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        fail(f"cannot resolve --host {host}: {e.strerror or e}")
    family, kind, proto, _, addr = infos[0]
    # The protocol number matters: asyncio sets TCP_NODELAY only on sockets that say IPPROTO_TCP
    # (without it every response waits ~40 ms for a delayed ACK).
    sock = socket.socket(family, kind, proto or socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(addr)
    except OSError as e:
        sock.close()
        fail(f"cannot listen on {host}:{port}: {e.strerror or e}"
             + (" (another server is using that port; pick one with --port)" if e.errno == 98 else ""))
    sock.set_inheritable(True)
    return sock


def _server_class(worker: bool = False) -> Any:
    import contextlib
    import signal
    import threading

    import uvicorn

    class Server(uvicorn.Server):
        """Ctrl-C / SIGTERM shut down gracefully and exit 0 (uvicorn would re-raise the signal).
        A worker of `--workers N` answers SIGTERM only (its supervisor turns Ctrl-C into that)."""

        @contextlib.contextmanager
        def capture_signals(self):  # type: ignore[override]
            if threading.current_thread() is not threading.main_thread():
                yield
                return
            sigs = (signal.SIGTERM,) if worker else (signal.SIGINT, signal.SIGTERM)
            old = {s: signal.signal(s, self.handle_exit) for s in sigs}
            try:
                yield
            finally:
                for s, h in old.items():
                    signal.signal(s, h)

    return Server


def serve(host: Optional[str] = typer.Option(None, "--host", help="Address to listen on (default "
                                                                     "server.host, 127.0.0.1)."),
          port: Optional[int] = typer.Option(None, "--port", help="Port (default server.port, 8642).",
                                             min=1, max=65535),
          api_key: Optional[str] = typer.Option(None, "--api-key", help="Bearer key clients must send "
                                                "(else server.api_key, else HERMES_API_KEY)."),
          no_scheduler: bool = typer.Option(False, "--no-scheduler", help="Do not run scheduled jobs here."),
          workers: int = typer.Option(1, "--workers", min=1, max=64,
                                      help="Server processes sharing the port and the store (the "
                                           "scheduler runs in worker 0 only)."),
          turn_wait: float = typer.Option(60.0, "--turn-wait", min=0.0,
                                          help="Seconds a request waits while another process runs a "
                                               "turn of its session, before 409 + Retry-After."),
          log_level: str = typer.Option("warning", "--log-level", help="debug, info, warning or error."),
          ) -> None:
    """Run the OpenAI-compatible API server (and the scheduler) until Ctrl-C or SIGTERM."""
    from hermes.config import secrets as load_secrets

    from hermes.state import semantic

    semantic.BACKGROUND = True  # a long-running process: new messages get their vectors as stored
    rt = get_runtime()
    cfg = rt.config
    host = host or cfg.server.host
    port = port or cfg.server.port
    key = resolve_key(api_key, cfg.server.api_key, load_secrets(rt.home))
    problem = check_bind(host, key)
    if problem:
        fail(problem)
    sock = _listen(host, port)
    opts = dict(host=host, port=port, key=key, scheduler=not no_scheduler, turn_wait=turn_wait,
                log_level=log_level.lower(), workers=workers)
    if workers == 1:
        try:
            _run_worker(sock, 0, **opts)
        finally:
            sock.close()
        return
    from hermes.server.workers import Supervisor

    try:
        code = Supervisor(workers, lambda index: _run_worker(sock, index, **opts)).run()
    finally:
        sock.close()
    if code:
        raise typer.Exit(code)


def _run_worker(sock: socket.socket, index: int, *, host: str, port: int, key: str | None, scheduler: bool,
                turn_wait: float, log_level: str, workers: int) -> int:
    """One server process (the only one, or worker `index` of `workers`)."""
    from hermes.cli.chat import make_hermes

    hermes = make_hermes()
    sched = None
    if scheduler and index == 0:  # one scheduler per deployment host: the others would fire jobs twice
        from hermes.server.jobs_api import make_scheduler

        sched = make_scheduler(hermes, shutdown_timeout=8.0)
    import uvicorn

    from hermes.server import turn_lock
    from hermes.server.app import create_app

    # Other processes run turns on this store when there are workers, and always on PostgreSQL
    # (other hosts may serve it behind a load balancer).
    shared = workers > 1 or getattr(hermes.store, "_pg", None) is not None
    lock = turn_lock.for_store(hermes.store, hermes.home, turn_wait) if shared else None
    app = create_app(hermes, api_key=key, scheduler=sched, turn_lock=lock)
    config = uvicorn.Config(app, log_level=log_level, access_log=log_level in ("debug", "info"), lifespan="on",
                            timeout_graceful_shutdown=10, server_header=False)
    if index == 0:
        shown = f"[{host}]" if ":" in host else host
        many = f"{workers} workers; " if workers > 1 else ""
        sys.stderr.write(f"Hermes API on http://{shown}:{port}/v1  ({many}model {hermes.model.provider}:"
                         f"{hermes.model.name}; {'Bearer key required' if key else 'no key: loopback only'}; "
                         f"scheduler {'on' if sched is not None else 'off'}). Ctrl-C stops it.\n")
        sys.stderr.flush()
    try:
        _server_class(worker=workers > 1)(config).run(sockets=[sock])
    finally:
        try:
            hermes.store.close()
        except Exception:
            pass
    return 0
