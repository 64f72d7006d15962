"""Mem0 as Hermes's external memory, through the official `mem0ai` package, in one of two modes.

platform: the hosted API (AsyncMemoryClient; `base_url` points it elsewhere, e.g. a self-hosted
          server or the emulator). The key is MEM0_API_KEY unless api_key_env names another.
local:    the open-source library on this machine (Memory.from_config): facts extracted by
          Hermes's configured model through its OpenAI-compatible endpoint, embeddings from a
          configured OpenAI-compatible /v1/embeddings, vectors in PostgreSQL/pgvector when `dsn`
          is set, else in a local Qdrant folder under HERMES_HOME/memory/mem0. Nothing leaves the
          machine unless those endpoints are remote.
Either way each Hermes scope is one Mem0 user (`user_id = ProviderScope.key`): sync adds the
exchange under it, prefetch searches only it and returns a bullet list.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from hermes.memory.provider import ProviderScope, TurnRecord
from hermes.memory.providers import (ServiceError, ServiceSettings, api_key, bullets, failure, max_chars,
                                     parse_settings)


class Mem0Settings(ServiceSettings):
    mode: Literal["platform", "local"] = "platform"
    top_k: int = Field(8, ge=1, le=100)
    # local mode: the extraction model (default: Hermes's own model settings)
    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_api_key_env: str | None = None
    # local mode: an OpenAI-compatible embeddings endpoint
    embed_base_url: str | None = None
    embed_model: str = "text-embedding-3-small"
    embed_api_key_env: str | None = None
    embed_dims: int = Field(1536, ge=2, le=8192)
    dsn: str | None = None  # PostgreSQL with pgvector; None: local Qdrant files
    path: str | None = None  # where local Qdrant and Mem0's history live; None: HERMES_HOME/memory/mem0
    collection: str = "hermes"
    infer: bool = True  # local: extract facts with the model (False: store the messages as they are)

    @model_validator(mode="after")
    def _local_needs_embeddings(self) -> "Mem0Settings":
        if self.mode == "local" and not self.embed_base_url:
            raise ValueError("mode local needs embed_base_url (an OpenAI-compatible /v1/embeddings endpoint)")
        return self


def _sdk(home: Any = None) -> Any:
    # Mem0 reports usage to PostHog unless told not to; Hermes sends nothing anywhere unasked.
    os.environ.setdefault("MEM0_TELEMETRY", "False")
    if home is not None and "mem0" not in sys.modules:
        # Mem0 writes an id file to ~/.mem0 on import unless told where; keep it in HERMES_HOME
        folder = Path(home.root) / "memory" / "mem0"
        folder.mkdir(parents=True, exist_ok=True)
        os.environ.setdefault("MEM0_DIR", str(folder))
    try:
        import mem0
    except ImportError:
        raise ImportError("the Mem0 provider needs its SDK: pip install 'hermes-recall[mem0]'") from None
    return mem0


def _texts(result: Any) -> list[str]:
    rows = result.get("results", []) if isinstance(result, dict) else result or []
    return [r.get("memory", "") for r in rows if isinstance(r, dict)]


def _messages(turn: TurnRecord) -> list[dict[str, str]]:
    out = []
    if turn.user_text.strip():
        out.append({"role": "user", "content": turn.user_text})
    if turn.assistant_text.strip():
        out.append({"role": "assistant", "content": turn.assistant_text})
    return out


class _Mem0:
    """What both modes do, over two primitives: `_op` (one SDK call) and `_error` (its failure)."""

    settings: Mem0Settings
    _limit: int
    _check_kw: dict[str, Any] = {}

    async def _op(self, fn: str, *args: Any, **kw: Any) -> Any:
        raise NotImplementedError

    def _error(self, e: BaseException, action: str) -> ServiceError:
        raise NotImplementedError

    def _described(self) -> str:
        raise NotImplementedError

    async def prefetch(self, query: str, scope: ProviderScope) -> str:
        if not query.strip():
            return ""
        try:
            res = await self._op("search", query[:1000], filters={"user_id": scope.key}, top_k=self.settings.top_k)
        except Exception as e:
            raise self._error(e, "search") from None
        return bullets(_texts(res), self._limit)

    async def sync(self, turn: TurnRecord) -> None:
        msgs = _messages(turn)
        if not msgs:
            return
        try:
            await self._op("add", msgs, user_id=turn.scope.key,
                           metadata={"source": "hermes", "session_id": turn.scope.session_id})
        except Exception as e:
            raise self._error(e, "add") from None

    async def on_session_end(self, scope: ProviderScope) -> None:
        return None

    def tools(self) -> list[Any]:
        return []

    async def check(self) -> str:
        try:
            await self._op("get_all", filters={"user_id": ProviderScope("hermes-check").key}, **self._check_kw)
        except Exception as e:
            raise self._error(e, "check") from None
        return self._described()


class Mem0PlatformProvider(_Mem0):
    name = "mem0"
    _check_kw = {"page_size": 1}

    def __init__(self, settings: Mem0Settings, key: str, limit_chars: int):
        self.settings, self._key, self._limit = settings, key, limit_chars
        self._client: Any = None
        self._lock = asyncio.Lock()

    async def _get(self) -> Any:
        async with self._lock:
            if self._client is None:
                mem0 = _sdk()
                host = (self.settings.base_url or "https://api.mem0.ai").rstrip("/")
                # the constructor pings the API with a blocking call: keep it off the event loop
                self._client = await asyncio.to_thread(mem0.AsyncMemoryClient, api_key=self._key, host=host)
                self._client.async_client.timeout = self.settings.timeout
            return self._client

    async def _op(self, fn: str, *args: Any, **kw: Any) -> Any:
        client = await self._get()
        return await getattr(client, fn)(*args, **kw)

    def _error(self, e: BaseException, action: str) -> ServiceError:
        return failure("Mem0", action, e, self._key)

    def _described(self) -> str:
        return f"Mem0 platform at {self._client.host}: key accepted"

    async def close(self) -> None:
        if self._client is not None:
            await self._client.async_client.aclose()
            self._client = None


class Mem0LocalProvider(_Mem0):
    """The open-source library; it is synchronous, so every call runs in a worker thread."""

    name = "mem0"
    _check_kw = {"top_k": 1}

    def __init__(self, settings: Mem0Settings, mem0_config: dict[str, Any], limit_chars: int, secrets: list[str]):
        self.settings, self._config, self._limit = settings, mem0_config, limit_chars
        self._secrets = [s for s in secrets if s and s != "unused"]
        self._memory: Any = None
        # local Qdrant allows one client per folder and is not safe across threads
        self._lock = threading.Lock()

    def _scrub(self, e: BaseException, action: str) -> ServiceError:
        err = failure("Mem0 (local)", action, e, None)
        text = str(err)
        for s in self._secrets:
            text = text.replace(s, "****")
        return ServiceError(text, err.status_code, err.transient)

    def _mem(self) -> Any:
        if self._memory is None:
            mem0 = _sdk()
            self._memory = mem0.Memory.from_config(self._config)
        return self._memory

    def _call(self, fn: str, *args: Any, **kw: Any) -> Any:
        with self._lock:
            return getattr(self._mem(), fn)(*args, **kw)

    async def _op(self, fn: str, *args: Any, **kw: Any) -> Any:
        if fn == "add":
            kw["infer"] = self.settings.infer
        return await asyncio.to_thread(self._call, fn, *args, **kw)

    def _error(self, e: BaseException, action: str) -> ServiceError:
        return self._scrub(e, action)

    def _described(self) -> str:
        store = "pgvector" if self.settings.dsn else f"qdrant at {self._config['vector_store']['config']['path']}"
        return f"Mem0 local library: {store}, embeddings at {self.settings.embed_base_url}"

    async def close(self) -> None:
        mem, self._memory = self._memory, None
        if mem is not None:
            await asyncio.to_thread(_close_memory, mem)


def _close_memory(mem: Any) -> None:
    mem.close()
    # Memory.close leaves the vector stores' clients open (the memories' and, once used, the
    # entities'); local Qdrant holds a folder lock until they close
    for store in (getattr(mem, "vector_store", None), getattr(mem, "_entity_store", None)):
        client = getattr(store, "client", None)
        if client is not None and hasattr(client, "close"):
            client.close()
        pool = getattr(store, "connection_pool", None)  # pgvector: close now, not at garbage collection
        if pool is not None:
            (pool.close if hasattr(pool, "close") else pool.closeall)()


def _hermes_model(config: Any) -> tuple[str | None, str | None, str | None]:
    """Hermes's own model as (base_url, model id, key variable), when it speaks OpenAI's API."""
    model = getattr(config, "model", None)
    if model is None:
        return None, None, None
    url, name, key_env = model.base_url, model.default, model.api_key_env
    custom = (getattr(config, "providers", None) or {}).get(model.provider or "")
    if custom is not None:  # a named OpenAI-compatible endpoint from `providers:`
        url, name, key_env = url or custom.base_url, name or custom.default, key_env or custom.api_key_env
    elif model.provider == "openai":
        url = url or "https://api.openai.com/v1"
    return url, name, key_env


def local_config(s: Mem0Settings, home: Any, config: Any) -> tuple[dict[str, Any], list[str]]:
    """Mem0's own config dict for local mode, plus the secrets it holds (scrubbed from errors)."""
    url, name, key_env = _hermes_model(config)
    llm_url, llm_model = s.llm_base_url or url, s.llm_model or name
    if not llm_url or not llm_model:
        raise ValueError("memory.providers.mem0: mode local needs an OpenAI-compatible model: set llm_base_url "
                         "and llm_model, or model.base_url and model.default")
    llm_key = api_key(home, s.llm_api_key_env or key_env, "OPENAI_API_KEY", required=False) or "unused"
    embed_key = api_key(home, s.embed_api_key_env, "OPENAI_API_KEY", required=False) or "unused"
    folder = Path(s.path) if s.path else Path(home.root) / "memory" / "mem0"
    folder.mkdir(parents=True, exist_ok=True)
    if s.dsn:
        store = {"provider": "pgvector", "config": {"connection_string": s.dsn, "collection_name": s.collection,
                                                      "embedding_model_dims": s.embed_dims}}
    else:
        store = {"provider": "qdrant", "config": {"collection_name": s.collection, "path": str(folder / "qdrant"),
                                                    "embedding_model_dims": s.embed_dims, "on_disk": True}}
    cfg = {"vector_store": store,
           "llm": {"provider": "openai", "config": {"model": llm_model, "openai_base_url": llm_url,
                                                     "api_key": llm_key}},
           "embedder": {"provider": "openai", "config": {"model": s.embed_model, "openai_base_url": s.embed_base_url,
                                                          "api_key": embed_key, "embedding_dims": s.embed_dims}},
           "history_db_path": str(folder / "history.db")}
    from urllib.parse import urlsplit

    dsn_password = (urlsplit(s.dsn).password if s.dsn and "://" in s.dsn else None) or ""
    return cfg, [llm_key, embed_key, s.dsn or "", dsn_password]


def create(settings: dict[str, Any], home: Any, config: Any) -> Any:
    s = parse_settings(Mem0Settings, settings, "mem0")
    _sdk(home)
    limit = max_chars(s.max_chars, config)
    if s.mode == "local":
        cfg, secrets = local_config(s, home, config)
        return Mem0LocalProvider(s, cfg, limit, secrets)
    return Mem0PlatformProvider(s, api_key(home, s.api_key_env, "MEM0_API_KEY"), limit)
