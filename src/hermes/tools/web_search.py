"""The search providers behind `web_search`: SearXNG, Brave Search, Tavily and DuckDuckGo (ddgs).

Each one turns (query, n) into `SearchResult`s. The provider and its URL come from
`tools.web.search` in config.yaml; Brave and Tavily keys from .env (BRAVE_API_KEY, TAVILY_API_KEY).
Provider URLs are the owner's own configuration, so the SSRF guard of web_fetch does not apply
(a SearXNG instance usually runs on the LAN). Keys never appear in errors.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from typing import Any

from hermes.tools.registry import ToolContext, ToolError

BRAVE_URL = "https://api.search.brave.com"
TAVILY_URL = "https://api.tavily.com"
KEY_NAMES = {"brave": "BRAVE_API_KEY", "tavily": "TAVILY_API_KEY"}
SNIPPET_CHARS = 300

HOW_TO_CONFIGURE = (
    "web search is not configured. Set tools.web.search.provider in config.yaml to one of "
    "searxng (and tools.web.search.url: your instance's URL), brave (BRAVE_API_KEY in .env), "
    "tavily (TAVILY_API_KEY in .env) or duckduckgo (pip install ddgs), e.g. "
    "`hermes config set tools.web.search.provider searxng`."
)


@dataclass
class SearchResult:
    title: str
    url: str
    snippet: str


def _result(title: Any, url: Any, snippet: Any) -> SearchResult:
    text = " ".join(str(snippet or "").split())
    if len(text) > SNIPPET_CHARS:
        text = text[:SNIPPET_CHARS - 1] + "…"
    return SearchResult(" ".join(str(title or "").split()), str(url or ""), text)


def _key(ctx: ToolContext, provider: str) -> str:
    name = KEY_NAMES[provider]
    if ctx.home is not None:
        from hermes.config import secrets

        value = secrets(ctx.home).get(name, "")
    else:
        value = os.environ.get(name, "")
    if not value:
        raise ToolError(f"{provider} search needs an API key: put {name}=... in Hermes' .env file")
    return value


def _check(resp: Any, provider: str) -> Any:
    """The provider's JSON, or an error the model can act on (never quoting the key)."""
    code = resp.status_code
    if code in (401, 403):
        what = (f"rejected the API key (HTTP {code}): check {KEY_NAMES[provider]} in .env"
                if provider in KEY_NAMES else f"refused the request (HTTP {code}); a SearXNG instance "
                "must list json under search.formats in its settings.yml")
        raise ToolError(f"{provider} {what}")
    if code == 429:
        raise ToolError(f"{provider} is rate limiting searches (HTTP 429): try again later")
    if code >= 400:
        raise ToolError(f"{provider} search failed with HTTP {code}")
    try:
        return resp.json()
    except ValueError:
        raise ToolError(f"{provider} answered with something that is not JSON") from None


async def _searxng(client: Any, ctx: ToolContext, url: str | None, query: str, n: int) -> list[SearchResult]:
    if not url:
        raise ToolError("searxng needs its instance URL: set tools.web.search.url in config.yaml")
    resp = await client.get(url.rstrip("/") + "/search", params={"q": query, "format": "json"})
    data = _check(resp, "searxng")
    return [_result(r.get("title"), r.get("url"), r.get("content")) for r in data.get("results", [])[:n]]


async def _brave(client: Any, ctx: ToolContext, url: str | None, query: str, n: int) -> list[SearchResult]:
    resp = await client.get((url or BRAVE_URL).rstrip("/") + "/res/v1/web/search",
                            params={"q": query, "count": n},
                            headers={"X-Subscription-Token": _key(ctx, "brave"), "Accept": "application/json"})
    data = _check(resp, "brave")
    results = (data.get("web") or {}).get("results", [])
    return [_result(r.get("title"), r.get("url"), r.get("description")) for r in results[:n]]


async def _tavily(client: Any, ctx: ToolContext, url: str | None, query: str, n: int) -> list[SearchResult]:
    resp = await client.post((url or TAVILY_URL).rstrip("/") + "/search",
                             json={"query": query, "max_results": n},
                             headers={"Authorization": f"Bearer {_key(ctx, 'tavily')}"})
    data = _check(resp, "tavily")
    return [_result(r.get("title"), r.get("url"), r.get("content")) for r in data.get("results", [])[:n]]


def _ddgs_class() -> Any:
    try:
        from ddgs import DDGS
    except ImportError:
        raise ToolError("duckduckgo search needs the ddgs package: pip install 'hermes-recall[web]' "
                        "(or pip install ddgs)") from None
    return DDGS


async def _duckduckgo(client: Any, ctx: ToolContext, url: str | None, query: str, n: int) -> list[SearchResult]:
    ddgs = _ddgs_class()

    def run() -> list[dict]:
        return list(ddgs().text(query, max_results=n) or [])

    try:
        rows = await asyncio.to_thread(run)  # ddgs is synchronous
    except Exception as e:  # ddgs raises its own exception types for rate limits and timeouts
        raise ToolError(f"duckduckgo search failed: {type(e).__name__}: {e}") from None
    return [_result(r.get("title"), r.get("href"), r.get("body")) for r in rows[:n]]


PROVIDERS = {"searxng": _searxng, "brave": _brave, "tavily": _tavily, "duckduckgo": _duckduckgo}


async def run_search(ctx: ToolContext, settings: Any, query: str, n: int) -> list[SearchResult]:
    import httpx

    cfg = settings.search
    if cfg.provider is None:
        raise ToolError(HOW_TO_CONFIGURE)
    search = PROVIDERS[cfg.provider]
    try:
        async with httpx.AsyncClient(timeout=settings.timeout, trust_env=False) as client:
            return await search(client, ctx, cfg.url, query, n)
    except httpx.TimeoutException:
        raise ToolError(f"{cfg.provider} search timed out after {settings.timeout:g} s: try again later") from None
    except httpx.HTTPError as e:
        raise ToolError(f"could not reach {cfg.provider} search: {type(e).__name__}: {e}") from None
