"""What every platform emulator in hermes.testing shares: its Starlette app served by uvicorn on a
loopback port, in a background thread, so sync and async tests can drive it alike."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any


class LoopbackServer:
    port = 0
    _server: Any = None
    _thread: threading.Thread | None = None

    _client: Any = None

    def _app(self) -> Any:
        raise NotImplementedError

    @property
    def client(self) -> Any:
        """One HTTP client for the platform's calls to the app under test (a new httpx client per
        call would spend ~50 ms building its TLS context, which then shows up as gateway latency)."""
        if self._client is None:
            import httpx

            self._client = httpx.Client(timeout=30)
        return self._client

    def start(self, port: int = 0) -> Any:
        """Serve on `port` (a free one when 0; the same one again after stop() to simulate an outage)."""
        import uvicorn

        # IPPROTO_TCP named explicitly: asyncio sets TCP_NODELAY only then (else each answer waits
        # for a delayed ACK, ~40 ms)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port or self.port))
        self.port = sock.getsockname()[1]
        self._server = uvicorn.Server(uvicorn.Config(self._app(), log_level="error", lifespan="off",
                                                     timeout_keep_alive=30))
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]}, daemon=True)
        self._thread.start()
        deadline = time.time() + 10
        while not self._server.started and time.time() < deadline:
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        """Stop serving; the emulator's state stays."""
        if self._server is not None:
            self._server.should_exit = True
            self._thread.join(timeout=10)
            self._server = None
        if self._client is not None:
            self._client.close()
            self._client = None

    def __enter__(self) -> Any:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()
