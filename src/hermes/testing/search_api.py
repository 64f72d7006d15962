"""Local web search APIs, from each provider's documentation, for tests and benchmarks.

One loopback server answers as all three HTTP providers (their paths do not collide):
  SearXNG   GET  /search?q=...&format=json -> {"query", "results": [{"title", "url", "content"}]};
            403 unless format=json (an instance without json in search.formats answers so)
  Brave     GET  /res/v1/web/search?q=...&count=N with X-Subscription-Token
            -> {"type": "search", "web": {"results": [{"title", "url", "description"}]}};
            a missing or wrong token gets 401 with Brave's ErrorResponse body
  Tavily    POST /search {"query", "max_results", "api_key"?} or Authorization: Bearer <key>
            -> {"query", "results": [{"title", "url", "content", "score"}]}; a bad key gets 401
Results are made up from the query, so a test can check the query arrived intact. Every request
is recorded in `requests`.
"""

from __future__ import annotations

from typing import Any

from hermes.testing.http_emulator import LoopbackServer

BRAVE_KEY, TAVILY_KEY = "brave-test-key-123456", "tvly-test-key-654321"


def fake_results(query: str, n: int) -> list[dict[str, str]]:
    return [{"title": f"{query} result {i}", "url": f"https://example.org/{i}?q={query.replace(' ', '+')}",
             "text": f"Snippet {i} about {query}."} for i in range(1, n + 1)]


class SearchAPI(LoopbackServer):
    def __init__(self, brave_key: str = BRAVE_KEY, tavily_key: str = TAVILY_KEY, total: int = 10):
        self.brave_key, self.tavily_key, self.total = brave_key, tavily_key, total
        self.requests: list[dict[str, Any]] = []

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _app(self) -> Any:
        from starlette.applications import Starlette
        from starlette.responses import JSONResponse
        from starlette.routing import Route

        async def search(request: Any) -> Any:
            if request.method == "POST":
                return await tavily(request)
            q = request.query_params.get("q", "")
            self.requests.append({"provider": "searxng", "q": q, "format": request.query_params.get("format")})
            if request.query_params.get("format") != "json":
                return JSONResponse({"detail": "Forbidden"}, status_code=403)
            rows = fake_results(q, self.total)
            return JSONResponse({"query": q, "number_of_results": len(rows),
                                 "results": [{"title": r["title"], "url": r["url"], "content": r["text"],
                                              "engine": "emulated"} for r in rows]})

        async def tavily(request: Any) -> Any:
            body = await request.json()
            key = body.get("api_key") or request.headers.get("authorization", "").removeprefix("Bearer ")
            self.requests.append({"provider": "tavily", "q": body.get("query"), "key_ok": key == self.tavily_key})
            if key != self.tavily_key:
                return JSONResponse({"detail": {"error": "Unauthorized: missing or invalid API key."}},
                                    status_code=401)
            n = int(body.get("max_results", 5))
            rows = fake_results(body.get("query", ""), min(n, self.total))
            return JSONResponse({"query": body.get("query"), "response_time": 0.01, "results": [
                {"title": r["title"], "url": r["url"], "content": r["text"], "score": 0.9} for r in rows]})

        async def brave(request: Any) -> Any:
            q = request.query_params.get("q", "")
            key = request.headers.get("x-subscription-token")
            self.requests.append({"provider": "brave", "q": q, "key_ok": key == self.brave_key})
            if key != self.brave_key:
                return JSONResponse({"type": "ErrorResponse", "error": {
                    "id": "emulated", "status": 401, "code": "SUBSCRIPTION_TOKEN_INVALID",
                    "detail": "The provided subscription token is invalid."}}, status_code=401)
            n = int(request.query_params.get("count", 20))
            rows = fake_results(q, min(n, self.total))
            return JSONResponse({"type": "search", "query": {"original": q}, "web": {"type": "search", "results": [
                {"title": r["title"], "url": r["url"], "description": r["text"]} for r in rows]}})

        return Starlette(routes=[Route("/search", search, methods=["GET", "POST"]),
                                 Route("/res/v1/web/search", brave)])
