"""Shared by the server tests: a temp home, a Hermes with a scripted model, and a real uvicorn server
on 127.0.0.1:<free port> running in a background thread."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from typing import Any

import yaml

from hermes.config import load_config
from hermes.home import Home
from hermes.testing import ScriptedModel

KEY = "hermes"  # the tutorial's key


def installed(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_home(tmp_path: Path, config: dict[str, Any] | None = None, env: str = "") -> Home:
    home = Home(tmp_path / "home").ensure()
    cfg = {"memory": {"review_interval": 0}, "server": {"rate_limit_per_minute": 0}}
    for k, v in (config or {}).items():
        if isinstance(v, dict):
            cfg.setdefault(k, {}).update(v)
        else:
            cfg[k] = v
    home.config_file.write_text(yaml.safe_dump(cfg))
    if env:
        home.env_file.write_text(env)
    return home


def make_hermes(home: Home, model: ScriptedModel | None = None) -> Any:
    from hermes.runtime import Hermes

    return Hermes(home, load_config(home), model=model or ScriptedModel())


class ServerThread:
    def __init__(self, app: Any, port: int | None = None):
        import uvicorn

        self.port = port or free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                                    lifespan="on", timeout_graceful_shutdown=5))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> "ServerThread":
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


def serve(hermes: Any, **kw: Any) -> ServerThread:
    from hermes.server.app import create_app

    return ServerThread(create_app(hermes, **kw))
