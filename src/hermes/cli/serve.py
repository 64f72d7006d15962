"""`hermes serve`: the OpenAI-compatible API server (and the cron scheduler) in one process.

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


def _server_class() -> Any:
    import contextlib
    import signal
    import threading

    import uvicorn

    class Server(uvicorn.Server):
        """Ctrl-C / SIGTERM shut down gracefully and exit 0 (uvicorn would re-raise the signal)."""

        @contextlib.contextmanager
        def capture_signals(self):  # type: ignore[override]
            if threading.current_thread() is not threading.main_thread():
                yield
                return
            sigs = (signal.SIGINT, signal.SIGTERM)
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
          log_level: str = typer.Option("warning", "--log-level", help="debug, info, warning or error."),
          ) -> None:
    """Run the OpenAI-compatible API server (and the scheduler) until Ctrl-C or SIGTERM."""
    from hermes.config import secrets as load_secrets

    rt = get_runtime()
    cfg = rt.config
    host = host or cfg.server.host
    port = port or cfg.server.port
    key = resolve_key(api_key, cfg.server.api_key, load_secrets(rt.home))
    problem = check_bind(host, key)
    if problem:
        fail(problem)
    sock = _listen(host, port)

    from hermes.cli.chat import make_hermes

    hermes = make_hermes()
    scheduler = None
    if not no_scheduler:
        from hermes.server.jobs_api import make_scheduler

        scheduler = make_scheduler(hermes, shutdown_timeout=8.0)
    import uvicorn

    from hermes.server.app import create_app

    app = create_app(hermes, api_key=key, scheduler=scheduler)
    level = log_level.lower()
    config = uvicorn.Config(app, log_level=level, access_log=level in ("debug", "info"), lifespan="on",
                            timeout_graceful_shutdown=10, server_header=False)
    shown = f"[{host}]" if ":" in host else host
    sys.stderr.write(f"Hermes API on http://{shown}:{port}/v1  (model {hermes.model.provider}:"
                     f"{hermes.model.name}; {'Bearer key required' if key else 'no key: loopback only'}; "
                     f"scheduler {'on' if scheduler is not None else 'off'}). Ctrl-C stops it.\n")
    sys.stderr.flush()
    try:
        _server_class()(config).run(sockets=[sock])
    finally:
        sock.close()
        try:
            hermes.store.close()
        except Exception:
            pass
