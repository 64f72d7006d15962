"""What the memory-service emulators (Honcho, Mem0, Supermemory) share: the key check, the test
switches (`down`, `delay`), the request log, and a word-overlap relevance score.

Each service answers a missing or wrong key with 401 before anything else, as the hosted ones do.
`down = True` answers every call with 503 (a service in an outage); stopping the server gives
connection refused instead. `delay` seconds are slept before answering (timeout tests).
"""

from __future__ import annotations

import asyncio
import re
import threading
from typing import Any, Callable

from hermes.testing.http_emulator import LoopbackServer

_WORD = re.compile(r"[a-z0-9]+")
# Words that match everything and so say nothing about relevance.
_STOP = frozenset("a an the is are was were be i you he she it we they my your of to in on at for and or "
                  "what who where when how do does did with about me this that".split())


def words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


def overlap(query: str, text: str) -> float:
    """Share of the query's words found in the text, 0..1."""
    q = words(query)
    return len(q & words(text)) / len(q) if q else 0.0


class MemoryServiceEmulator(LoopbackServer):
    """Base for one emulated service; subclasses give `_routes()` and `_auth_ok(request)`."""

    def __init__(self, api_key: str):
        self.api_key = api_key
        self.down = False
        self.delay = 0.0
        self.requests: list[dict[str, Any]] = []
        self.cond = threading.Condition()
        self.lock = threading.Lock()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _routes(self) -> list[Any]:
        raise NotImplementedError

    def _auth_ok(self, request: Any) -> bool:
        return request.headers.get("authorization", "") == f"Bearer {self.api_key}"

    def _unauthorized(self) -> Any:
        from starlette.responses import JSONResponse

        return JSONResponse({"detail": "Invalid API key"}, status_code=401)

    def _guard(self, handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """Wrap a route: record it, apply the switches, check the key."""
        from starlette.responses import JSONResponse

        async def wrapped(request: Any) -> Any:
            body = await request.body()
            self.requests.append({"method": request.method, "path": request.url.path,
                                  "query": dict(request.query_params), "body": body.decode(errors="replace")})
            if self.delay:
                await asyncio.sleep(self.delay)
            if self.down:
                return JSONResponse({"detail": "Service Unavailable"}, status_code=503)
            if not self._auth_ok(request):
                return self._unauthorized()
            out = await handler(request)
            with self.cond:
                self.cond.notify_all()
            return out

        return wrapped

    def _app(self) -> Any:
        from starlette.applications import Starlette
        from starlette.routing import Route

        return Starlette(routes=[Route(path, self._guard(fn), methods=methods)
                                 for path, fn, methods in self._routes()])
