"""What every platform emulator in hermes.testing shares: its Starlette app served by uvicorn on a
loopback port, in a background thread, so sync and async tests can drive it alike."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any


class LoopbackServer:
    port = 0
    cond: threading.Condition  # set by each emulator
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

    def wait_until(self, ok: Any, timeout: float, what: Any) -> None:
        """Block until `ok()` holds; subclasses notify `self.cond` whenever what they record changes."""
        deadline = time.time() + timeout
        with self.cond:
            while not ok():
                left = deadline - time.time()
                if left <= 0:
                    raise TimeoutError(what() if callable(what) else what)
                self.cond.wait(min(left, 0.1))

    def wait_sent(self, to: Any, n: int, timeout: float = 10.0) -> list[Any]:
        """Until at least `n` messages went to `to` (as the subclass's `sent(to)` counts them)."""
        self.wait_until(lambda: len(self.sent(to)) >= n, timeout,
                        lambda: f"{to}: {len(self.sent(to))} of {n} messages: {self.sent(to)!r:.500}")
        return self.sent(to)

    def sent(self, to: Any) -> list[Any]:
        raise NotImplementedError

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
