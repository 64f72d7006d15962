"""The inbound HTTP listener shared by the platforms that deliver by webhook (generic webhooks, SMS,
WhatsApp): a small Starlette app served by uvicorn inside the gateway's event loop."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from typing import Any

from hermes.gateway.base import PlatformError


class Listener:
    def __init__(self, name: str, listen: str, routes: list[Any]):
        self.name, self.routes = name, routes
        host, _, port = listen.rpartition(":")
        self.host, self.port = host or "127.0.0.1", int(port)
        self.server: Any = None
        self.task: asyncio.Task | None = None

    async def start(self) -> None:
        import uvicorn
        from starlette.applications import Starlette

        config = uvicorn.Config(Starlette(routes=self.routes), host=self.host, port=self.port, log_level="error",
                                lifespan="off", access_log=False)
        self.server = uvicorn.Server(config)
        self.task = asyncio.create_task(self.server.serve(), name=f"{self.name}-listener")
        while not self.server.started:
            if self.task.done():
                raise PlatformError(f"{self.name}: cannot listen on {self.host}:{self.port} (in use?)",
                                    permanent=True)
            await asyncio.sleep(0.02)

    async def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True
            await asyncio.gather(self.task, return_exceptions=True)
            self.server = None


def hmac_sha256(secret: str, data: bytes) -> str:
    return hmac.new(secret.encode(), data, hashlib.sha256).hexdigest()


def same(a: str, b: str) -> bool:
    """Constant-time comparison of two signatures."""
    return hmac.compare_digest(a.encode(), b.encode())
