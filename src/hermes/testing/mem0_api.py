"""A local Mem0 platform, from its REST API (what `mem0ai`'s MemoryClient calls), plus a tiny
OpenAI-compatible embeddings endpoint for running the open-source Mem0 library offline.

Mem0 platform (auth `Authorization: Token <key>`):
  GET  /v1/ping/                      -> {"status", "org_id", "project_id", "user_email"}
  POST /v3/memories/add/              {"messages", "user_id"|"agent_id"|"run_id", "metadata"?}
                                      -> {"results": [{"id", "memory", "event": "ADD"}]}
  POST /v3/memories/search/           {"query", "filters": {"user_id": ...}, "top_k"?}
                                      -> {"results": [{"id", "memory", "score", "user_id", ...}]}
  POST /v3/memories/                  {"filters"} -> {"count", "next", "previous", "results"}
The service extracts facts with a model; the emulator keeps each user message as one memory, under
the entity id it came with, and a search without an entity filter is refused (400) as the API does.

EmbeddingsAPI: POST /v1/embeddings -> deterministic hashed bag-of-words vectors, so texts sharing
words are near each other (enough for a real vector store to rank by meaning-ish overlap).
"""

from __future__ import annotations

import hashlib
import itertools
import math
import time
import uuid
from datetime import datetime, timezone
from typing import Any

from hermes.testing.http_emulator import LoopbackServer
from hermes.testing.memory_service import MemoryServiceEmulator, overlap, words

API_KEY = "m0-test-key-0123456789"
_ENTITIES = ("user_id", "agent_id", "app_id", "run_id")


def _iso(t: float) -> str:
    return datetime.fromtimestamp(t, timezone.utc).isoformat()


class Mem0API(MemoryServiceEmulator):
    def __init__(self, api_key: str = API_KEY):
        super().__init__(api_key)
        self.memories: list[dict[str, Any]] = []

    def _auth_ok(self, request: Any) -> bool:
        return request.headers.get("authorization", "") == f"Token {self.api_key}"

    def _unauthorized(self) -> Any:
        from starlette.responses import JSONResponse

        return JSONResponse({"detail": "Invalid API key. Please check your Mem0 API key."}, status_code=401)

    def memories_of(self, **entity: str) -> list[dict[str, Any]]:
        return [m for m in self.memories if all(m.get(k) == v for k, v in entity.items())]

    def _routes(self) -> list[Any]:
        from starlette.responses import JSONResponse

        def entity_filter(filters: Any) -> dict[str, str]:
            if not isinstance(filters, dict):
                return {}
            if "AND" in filters:  # {"AND": [{"user_id": ...}, ...]}
                merged: dict[str, str] = {}
                for part in filters["AND"]:
                    merged.update(entity_filter(part))
                return merged
            return {k: filters[k] for k in _ENTITIES if isinstance(filters.get(k), str)}

        def public(m: dict[str, Any], score: float | None = None) -> dict[str, Any]:
            out = {k: v for k, v in m.items() if k != "t"}
            if score is not None:
                out["score"] = round(score, 4)
            return out

        async def ping(request: Any) -> Any:
            return JSONResponse({"status": "ok", "org_id": "org-emulated", "project_id": "proj-emulated",
                                 "user_email": "owner@example.org"})

        async def add(request: Any) -> Any:
            body = await request.json()
            entity = {k: body[k] for k in _ENTITIES if body.get(k)}
            if not entity:
                return JSONResponse({"detail": "One of user_id, agent_id, app_id or run_id is required."},
                                    status_code=400)
            msgs = body.get("messages")
            if not isinstance(msgs, list) or not msgs:
                return JSONResponse({"detail": "messages must be a non-empty list"}, status_code=400)
            out = []
            for msg in msgs:
                if msg.get("role") != "user" or not str(msg.get("content", "")).strip():
                    continue
                now = time.time()
                row = {"id": str(uuid.uuid4()), "memory": msg["content"], "metadata": body.get("metadata") or {},
                       "categories": [], "created_at": _iso(now), "updated_at": _iso(now), "t": now, **entity}
                with self.lock:
                    self.memories.append(row)
                out.append({"id": row["id"], "memory": row["memory"], "event": "ADD"})
            return JSONResponse({"results": out})

        async def search(request: Any) -> Any:
            body = await request.json()
            entity = entity_filter(body.get("filters"))
            if not entity:
                return JSONResponse({"detail": "filters must name user_id, agent_id, app_id or run_id"},
                                    status_code=400)
            query, top_k = body.get("query") or "", int(body.get("top_k") or 10)
            scored = sorted(((overlap(query, m["memory"]), m) for m in self.memories_of(**entity)),
                            key=lambda sm: (-sm[0], -sm[1]["t"]))
            return JSONResponse({"results": [public(m, s) for s, m in scored if s > 0][:top_k]})

        async def get_all(request: Any) -> Any:
            body = await request.json() if await request.body() else {}
            entity = entity_filter(body.get("filters"))
            if not entity:
                return JSONResponse({"detail": "filters must name user_id, agent_id, app_id or run_id"},
                                    status_code=400)
            rows = [public(m) for m in self.memories_of(**entity)]
            return JSONResponse({"count": len(rows), "next": None, "previous": None, "results": rows})

        return [("/v1/ping/", ping, ["GET"]), ("/v3/memories/add/", add, ["POST"]),
                ("/v3/memories/search/", search, ["POST"]), ("/v3/memories/", get_all, ["POST"])]


def hashed_vector(text: str, dims: int) -> list[float]:
    """Bag of words hashed into `dims` buckets, unit length (a constant vector for wordless text)."""
    vec = [0.0] * dims
    for w in words(text) or {"_empty_"}:
        h = int.from_bytes(hashlib.blake2b(w.encode(), digest_size=8).digest(), "big")
        vec[h % dims] += 1.0 if (h >> 32) & 1 else -1.0
    norm = math.sqrt(sum(v * v for v in vec)) or 1.0
    return [v / norm for v in vec]


class EmbeddingsAPI(LoopbackServer):
    """POST /v1/embeddings like OpenAI's, answering with hashed bag-of-words vectors."""

    def __init__(self, dims: int = 256, api_key: str | None = None):
        import threading

        self.dims, self.api_key = dims, api_key
        self.cond = threading.Condition()
        self.inputs: list[str] = []
        self._n = itertools.count(1)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def _app(self) -> Any:
        import base64
        import struct

        from starlette.applications import Starlette
        from starlette.responses import JSONResponse
        from starlette.routing import Route

        async def embeddings(request: Any) -> Any:
            if self.api_key and request.headers.get("authorization") != f"Bearer {self.api_key}":
                return JSONResponse({"error": {"message": "Incorrect API key provided.", "type":
                                               "invalid_request_error", "code": "invalid_api_key"}}, status_code=401)
            body = await request.json()
            texts = body.get("input")
            texts = [texts] if isinstance(texts, str) else list(texts or [])
            dims = int(body.get("dimensions") or self.dims)
            self.inputs.extend(texts)
            data = []
            for i, t in enumerate(texts):
                vec = hashed_vector(t, dims)
                # the openai SDK asks for base64 unless told otherwise
                emb: Any = (base64.b64encode(struct.pack(f"<{dims}f", *vec)).decode()
                            if body.get("encoding_format") == "base64" else vec)
                data.append({"object": "embedding", "index": i, "embedding": emb})
            tokens = sum(len(t.split()) for t in texts)
            return JSONResponse({"object": "list", "data": data, "model": body.get("model", "hashed-bow"),
                                 "usage": {"prompt_tokens": tokens, "total_tokens": tokens}})

        return Starlette(routes=[Route("/v1/embeddings", embeddings, methods=["POST"])])
