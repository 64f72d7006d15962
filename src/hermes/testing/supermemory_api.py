"""A local Supermemory, from its v5 API (the one the `supermemory` 5.x SDK calls), for tests.

Everything lives in a namespace (the v5 name for what v3 called a container tag): one per user or
project, and nothing crosses namespaces.
  POST /ns/{namespace}/document      {"content", "id"?, "metadata"?}   -> {"id", "status": "queued"}
  POST /ns/{namespace}/search        {"query", "limit"?, "threshold"?} -> {"results": [...], "searchTime"}
  POST /ns/{namespace}/list/{type}?page=&limit=                        -> {"documents", "chunks",
                                                                           "memories", "pagination"}
Auth is `Authorization: Bearer <key>`. The service turns documents into memories in the background;
the emulator makes each document one memory at once, so a search right after an add finds it.
`documents[namespace]` shows what each namespace holds.
"""

from __future__ import annotations

import itertools
import time
from datetime import datetime, timezone
from typing import Any

from hermes.testing.memory_service import MemoryServiceEmulator, overlap

API_KEY = "sm_test_key_0123456789"


def _iso(t: float) -> str:
    return datetime.fromtimestamp(t, timezone.utc).isoformat().replace("+00:00", "Z")


class SupermemoryAPI(MemoryServiceEmulator):
    def __init__(self, api_key: str = API_KEY):
        super().__init__(api_key)
        self.documents: dict[str, list[dict[str, Any]]] = {}
        self._ids = itertools.count(1)

    def _routes(self) -> list[Any]:
        from starlette.responses import JSONResponse

        async def add(request: Any) -> Any:
            ns = request.path_params["namespace"]
            body = await request.json()
            content = body.get("content")
            if not isinstance(content, str) or not content.strip():
                return JSONResponse({"error": "content is required"}, status_code=400)
            now = time.time()
            doc = {"id": body.get("id") or f"doc_{next(self._ids)}", "content": content,
                   "metadata": body.get("metadata") or {}, "created": now}
            with self.lock:
                self.documents.setdefault(ns, []).append(doc)
            return JSONResponse({"id": doc["id"], "status": "queued"})

        async def search(request: Any) -> Any:
            ns = request.path_params["namespace"]
            body = await request.json()
            query = body.get("query") or ""
            if not query.strip():
                return JSONResponse({"error": "query is required"}, status_code=400)
            limit = int(body.get("limit") or 10)
            threshold = float(body.get("threshold") or 0.0)
            started = time.perf_counter()
            scored = sorted(((overlap(query, d["content"]), d) for d in self.documents.get(ns, [])),
                            key=lambda sd: (-sd[0], -sd[1]["created"]))
            results = [{"id": d["id"], "memory": d["content"], "metadata": d["metadata"],
                        "similarity": round(s, 4), "isLatest": True, "isInference": False,
                        "system": {"createdAt": _iso(d["created"]), "updatedAt": _iso(d["created"])}}
                       for s, d in scored if s > 0 and s >= threshold][:limit]
            return JSONResponse({"results": results,
                                 "searchTime": round((time.perf_counter() - started) * 1000, 3)})

        async def listing(request: Any) -> Any:
            ns, kind = request.path_params["namespace"], request.path_params["type"]
            if kind not in ("documents", "chunks", "memories"):
                return JSONResponse({"error": f"unknown type {kind}"}, status_code=400)
            page = int(request.query_params.get("page") or 1)
            limit = int(request.query_params.get("limit") or 10)
            docs = self.documents.get(ns, [])
            rows = docs[(page - 1) * limit: page * limit]
            out: dict[str, Any] = {"documents": [], "chunks": [], "memories": []}
            if kind == "documents":
                out["documents"] = [{"id": d["id"], "type": "text", "content": d["content"],
                                     "metadata": d["metadata"],
                                     "system": {"status": "done", "dreamingStatus": "done",
                                                "createdAt": _iso(d["created"]),
                                                "updatedAt": _iso(d["created"])}} for d in rows]
            elif kind == "memories":
                out["memories"] = [{"id": d["id"], "memory": d["content"], "metadata": d["metadata"],
                                    "isStatic": False, "isInference": False, "isLatest": True,
                                    "isForgotten": False, "version": 1,
                                    "system": {"createdAt": _iso(d["created"]),
                                               "updatedAt": _iso(d["created"])}} for d in rows]
            out["pagination"] = {"currentPage": page, "limit": limit, "totalItems": len(docs),
                                 "totalPages": max(1, -(-len(docs) // limit))}
            return JSONResponse(out)

        return [("/ns/{namespace}/document", add, ["POST"]),
                ("/ns/{namespace}/search", search, ["POST"]),
                ("/ns/{namespace}/list/{type}", listing, ["POST"])]
