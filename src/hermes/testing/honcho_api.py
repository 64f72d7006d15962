"""A local Honcho, from its v3 REST API (what the `honcho-ai` SDK calls), for tests.

  POST /v3/workspaces                                   get-or-create a workspace {"id"}
  POST /v3/workspaces/{ws}/peers                        get-or-create a peer {"id", "metadata"?}
  POST /v3/workspaces/{ws}/sessions                     get-or-create a session {"id", "peers"?}
  POST /v3/workspaces/{ws}/sessions/{sid}/messages      {"messages": [{"content", "peer_id"}]}
  POST /v3/workspaces/{ws}/peers/{pid}/search           {"query", "limit"} -> that peer's messages
  GET  /v3/workspaces/{ws}/peers/{pid}/context          ?search_query= -> {"representation", ...}
  POST /v3/workspaces/{ws}/peers/{pid}/chat             the dialectic: {"query"} -> {"content"}
Auth is `Authorization: Bearer <key>`. Honcho derives a peer's representation from what the peer
said; the emulator's representation and dialectic answers are that peer's own messages ranked by
word overlap with the question, so an answer can only ever come from the peer asked about.
"""

from __future__ import annotations

import itertools
import time
from datetime import datetime, timezone
from typing import Any

from hermes.testing.memory_service import MemoryServiceEmulator, overlap

API_KEY = "hch-test-key-0123456789"


def _iso(t: float) -> str:
    return datetime.fromtimestamp(t, timezone.utc).isoformat()


class HonchoAPI(MemoryServiceEmulator):
    def __init__(self, api_key: str = API_KEY):
        super().__init__(api_key)
        self.workspaces: dict[str, dict[str, Any]] = {}
        self.peers: dict[tuple[str, str], dict[str, Any]] = {}
        self.sessions: dict[tuple[str, str], dict[str, Any]] = {}
        self.messages: list[dict[str, Any]] = []  # every message, with workspace, session and peer
        self.chats: list[dict[str, Any]] = []  # every dialectic question: peer, query, answer
        self._ids = itertools.count(1)

    def peer_messages(self, workspace: str, peer: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["workspace_id"] == workspace and m["peer_id"] == peer]

    def _ranked(self, workspace: str, peer: str, query: str | None, limit: int) -> list[dict[str, Any]]:
        msgs = self.peer_messages(workspace, peer)
        if not query:
            return msgs[-limit:]
        scored = [(overlap(query, m["content"]), m) for m in msgs]
        return [m for s, m in sorted(scored, key=lambda sm: (-sm[0], -sm[1]["t"])) if s > 0][:limit]

    def _routes(self) -> list[Any]:
        from starlette.responses import JSONResponse

        def workspace_row(ws: str) -> dict[str, Any]:
            return self.workspaces.setdefault(ws, {"id": ws, "uid": f"ws{next(self._ids)}", "metadata": {},
                                                   "configuration": {}, "created_at": _iso(time.time())})

        def peer_row(ws: str, pid: str, metadata: dict[str, Any] | None = None) -> dict[str, Any]:
            workspace_row(ws)
            row = self.peers.setdefault((ws, pid), {"id": pid, "uid": f"p{next(self._ids)}", "workspace_id": ws,
                                                    "created_at": _iso(time.time()), "metadata": {},
                                                    "configuration": {}})
            if metadata:
                row["metadata"] = metadata
            return row

        def not_found(what: str) -> Any:
            return JSONResponse({"detail": f"{what} not found"}, status_code=404)

        async def workspaces(request: Any) -> Any:
            body = await request.json()
            return JSONResponse(workspace_row(body["id"]))

        async def peers(request: Any) -> Any:
            ws = request.path_params["ws"]
            body = await request.json()
            return JSONResponse(peer_row(ws, body["id"], body.get("metadata")))

        async def sessions(request: Any) -> Any:
            ws = request.path_params["ws"]
            body = await request.json()
            workspace_row(ws)
            row = self.sessions.setdefault((ws, body["id"]), {
                "id": body["id"], "uid": f"s{next(self._ids)}", "is_active": True, "workspace_id": ws,
                "metadata": body.get("metadata") or {}, "configuration": {}, "created_at": _iso(time.time()),
                "peers": set()})
            for pid in body.get("peers") or {}:
                peer_row(ws, pid)
                row["peers"].add(pid)
            return JSONResponse({k: v for k, v in row.items() if k != "peers"})

        async def add_messages(request: Any) -> Any:
            ws, sid = request.path_params["ws"], request.path_params["sid"]
            if (ws, sid) not in self.sessions:
                return not_found(f"Session {sid}")
            body = await request.json()
            out = []
            for m in body.get("messages") or []:
                if not isinstance(m.get("content"), str) or not m.get("peer_id"):
                    return JSONResponse({"detail": "each message needs content and peer_id"}, status_code=422)
                if (ws, m["peer_id"]) not in self.peers:
                    return not_found(f"Peer {m['peer_id']}")
                now = time.time()
                row = {"id": f"m{next(self._ids)}", "content": m["content"], "peer_id": m["peer_id"],
                       "session_id": sid, "metadata": m.get("metadata") or {}, "created_at": _iso(now),
                       "workspace_id": ws, "token_count": len(m["content"].split()), "t": now}
                with self.lock:
                    self.messages.append(row)
                    self.sessions[(ws, sid)]["peers"].add(m["peer_id"])
                out.append({k: v for k, v in row.items() if k != "t"})
            return JSONResponse(out)

        async def search(request: Any) -> Any:
            ws, pid = request.path_params["ws"], request.path_params["pid"]
            if (ws, pid) not in self.peers:
                return not_found(f"Peer {pid}")
            body = await request.json()
            rows = self._ranked(ws, pid, body.get("query"), int(body.get("limit") or 10))
            return JSONResponse([{k: v for k, v in m.items() if k != "t"} for m in rows])

        async def context(request: Any) -> Any:
            ws, pid = request.path_params["ws"], request.path_params["pid"]
            if (ws, pid) not in self.peers:
                return not_found(f"Peer {pid}")
            q = request.query_params
            rows = self._ranked(ws, pid, q.get("search_query"), int(q.get("search_top_k") or 10))
            rep = "\n".join(f"- {m['content']}" for m in rows)
            return JSONResponse({"peer_id": pid, "target_id": q.get("target") or pid,
                                 "representation": rep or None, "peer_card": None})

        async def chat(request: Any) -> Any:
            ws, pid = request.path_params["ws"], request.path_params["pid"]
            if (ws, pid) not in self.peers:
                return not_found(f"Peer {pid}")
            body = await request.json()
            query = body.get("query") or ""
            if not query.strip():
                return JSONResponse({"detail": "query is required"}, status_code=422)
            rows = self._ranked(ws, pid, query, 3)
            answer = (f"From what {pid} has said: " + " / ".join(m["content"] for m in rows)) if rows else None
            self.chats.append({"workspace": ws, "peer": pid, "query": query, "answer": answer})
            return JSONResponse({"content": answer})

        base = "/v3/workspaces/{ws}"
        return [("/v3/workspaces", workspaces, ["POST"]),
                (base + "/peers", peers, ["POST"]),
                (base + "/sessions", sessions, ["POST"]),
                (base + "/sessions/{sid}/messages", add_messages, ["POST"]),
                (base + "/peers/{pid}/search", search, ["POST"]),
                (base + "/peers/{pid}/context", context, ["GET"]),
                (base + "/peers/{pid}/chat", chat, ["POST"])]
