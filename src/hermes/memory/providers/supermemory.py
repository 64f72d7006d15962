"""Supermemory as Hermes's external memory, through the official `supermemory` SDK (async client).

Each Hermes scope is its own Supermemory namespace (`ProviderScope.key`; v5 of the API calls the
per-user container a namespace, where v3 had container tags), so a search can only see what that
scope wrote. sync adds the finished exchange as one document; prefetch searches the scope's
namespace and returns the matches as a bullet list.
"""

from __future__ import annotations

from typing import Any

from hermes.memory.provider import ProviderScope, TurnRecord
from hermes.memory.providers import (ServiceSettings, api_key, bullets, failure, max_chars,
                                     parse_settings)


class SupermemorySettings(ServiceSettings):
    limit: int = 8  # search results asked for
    threshold: float = 0.0  # minimum similarity kept (0..1)


def _sdk() -> Any:
    try:
        import supermemory
    except ImportError:
        raise ImportError("the Supermemory provider needs its SDK: pip install 'hermes-recall[supermemory]'") \
            from None
    return supermemory


class SupermemoryProvider:
    name = "supermemory"

    def __init__(self, settings: SupermemorySettings, key: str, limit_chars: int):
        import httpx

        sm = _sdk()
        self.settings, self._key, self._limit = settings, key, limit_chars
        # our own httpx client, so close() can release its connections
        self._http = httpx.AsyncClient(timeout=settings.timeout, follow_redirects=True)
        kw: dict[str, Any] = {"api_key": key, "timeout": settings.timeout, "max_retries": settings.max_retries,
                              "httpx_client": self._http}
        if settings.base_url:
            kw["base_url"] = settings.base_url.rstrip("/")
        self.client = sm.AsyncSupermemory(**kw)

    async def prefetch(self, query: str, scope: ProviderScope) -> str:
        if not query.strip():
            return ""
        try:
            res = await self.client.search(scope.key, query=query[:1000], limit=self.settings.limit,
                                           threshold=self.settings.threshold)
        except Exception as e:
            raise failure("Supermemory", "search", e, self._key) from None
        return bullets([r.memory or r.chunk or "" for r in res.results], self._limit)

    async def sync(self, turn: TurnRecord) -> None:
        content = f"User: {turn.user_text}\nAssistant: {turn.assistant_text}"
        meta: dict[str, Any] = {"source": "hermes"}
        if turn.scope.session_id:
            meta["session_id"] = turn.scope.session_id
        try:
            await self.client.add(turn.scope.key, content=content, metadata=meta)
        except Exception as e:
            raise failure("Supermemory", "add", e, self._key) from None

    async def on_session_end(self, scope: ProviderScope) -> None:
        return None  # the service learns continuously; nothing to flush

    def tools(self) -> list[Any]:
        return []

    async def check(self) -> str:
        probe = ProviderScope("hermes-check").key
        try:
            await self.client.list(probe, "documents", limit=1)
        except Exception as e:
            raise failure("Supermemory", "check", e, self._key) from None
        where = self.settings.base_url or "api.supermemory.ai"
        return f"Supermemory at {where}: reachable, key accepted"

    async def close(self) -> None:
        await self._http.aclose()


def create(settings: dict[str, Any], home: Any, config: Any) -> SupermemoryProvider:
    s = parse_settings(SupermemorySettings, settings, "supermemory")
    _sdk()  # the install hint comes before any complaint about the key
    key = api_key(home, s.api_key_env, "SUPERMEMORY_API_KEY")
    return SupermemoryProvider(s, key, max_chars(s.max_chars, config))
