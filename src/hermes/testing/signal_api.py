"""A local signal-cli daemon (`signal-cli daemon --http`), the HTTP surface as signal-cli documents
and answers it (checked against the real daemon: error codes and messages are its own).

Daemon side: `POST /api/v1/rpc` JSON-RPC 2.0 (single or batch; `version`, `listAccounts`, `send`,
`sendTyping`; `account` in params as in multi-account mode, or ignored with `multi=False` as a daemon
started with `-a`), `GET /api/v1/events` Server-Sent Events (`id:`, `event:receive`, `data:` lines,
`:` keep-alives; `?account=` an unknown number is 400) and `GET /api/v1/check`.

Signal's side, played by the test: `deliver()` pushes a message envelope (attachments are written
into `attachments_dir` as signal-cli would) to the connected event streams; with none connected it
waits for the next one, so nothing is lost while a client reconnects. Every RPC call is recorded;
`fail_next()` makes the next sends fail with a JSON-RPC error. `stop()` then `start(port)` is a
daemon restart (the streams end, the state stays).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hermes.testing.http_emulator import LoopbackServer

ACCOUNT = "+15550000000"
VERSION = "0.13.19"
NUMBER = re.compile(r"^\+[1-9][0-9]{5,14}$")


@dataclass
class _Stream:
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue
    account: str | None


@dataclass
class _Failure:
    code: int
    message: str
    data: Any = None


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    at: float = field(default_factory=time.time)
    files: list[tuple[str, bytes]] = field(default_factory=list)  # attachments read at send time
    error: str = ""  # the JSON-RPC error it got, if refused
    account: str | None = None


class SignalRPCError(Exception):
    def __init__(self, code: int, message: str, data: Any = None):
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


class SignalAPI(LoopbackServer):
    def __init__(self, accounts: tuple[str, ...] = (ACCOUNT,), *, multi: bool = True, data_dir: str | None = None,
                 keepalive: float = 15.0):
        self.accounts, self.multi, self.keepalive = list(accounts), multi, keepalive
        self.data_dir = Path(data_dir or tempfile.mkdtemp(prefix="signal-cli-"))
        self.groups: set[str] = set()
        self.unregistered: set[str] = set()
        self.calls: list[Call] = []
        self.cond = threading.Condition()
        self._streams: list[_Stream] = []
        self._pending: list[tuple[int, dict[str, Any]]] = []
        self._fail: list[_Failure] = []
        self._seq = itertools.count(1)
        self._last_ts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def attachments_dir(self) -> Path:
        return self.data_dir / "attachments"

    # -- the daemon ---------------------------------------------------------------------------------

    def _app(self) -> Any:
        from starlette.applications import Starlette
        from starlette.responses import JSONResponse, Response, StreamingResponse
        from starlette.routing import Route

        server = None  # the uvicorn server of this start(): its streams end when it stops

        async def rpc(request: Any) -> Any:
            if not request.headers.get("content-type", "").startswith("application/json"):
                return Response(status_code=415)
            from starlette.requests import ClientDisconnect

            try:
                body = json.loads(await request.body())
            except ValueError as e:
                return JSONResponse(_error(None, -32700, f"Unrecognized token: {e}"))
            except ClientDisconnect:  # the gateway went away mid-request (shutdown)
                return Response(status_code=499)
            if isinstance(body, list):
                return JSONResponse([self._answer(b) for b in body])
            return JSONResponse(self._answer(body))

        async def events(request: Any) -> Any:
            nonlocal server
            server = server or self._server
            account = request.query_params.get("account") or None
            if self.multi and account is not None and account not in self.accounts:
                return Response(status_code=400)
            stream = _Stream(asyncio.get_running_loop(), asyncio.Queue(), account if self.multi else None)
            with self.cond:
                for item in self._take_pending(stream.account):
                    stream.queue.put_nowait(item)
                self._streams.append(stream)

            async def body():
                last = time.monotonic()
                try:
                    while not server.should_exit:
                        try:
                            seq, payload = await asyncio.wait_for(stream.queue.get(), 0.05)
                        except TimeoutError:
                            if time.monotonic() - last >= self.keepalive:
                                last = time.monotonic()
                                yield ":\n"
                            continue
                        last = time.monotonic()
                        yield f"id:{seq}\nevent:receive\ndata:{json.dumps(payload)}\n\n"
                finally:
                    with self.cond:
                        self._streams.remove(stream)
                        left = []
                        while not stream.queue.empty():
                            left.append(stream.queue.get_nowait())
                        self._pending[:0] = left  # given to the next stream instead of lost

            return StreamingResponse(body(), media_type="text/event-stream")

        async def check(request: Any) -> Any:
            return Response(status_code=200)

        return Starlette(routes=[Route("/api/v1/rpc", rpc, methods=["POST"]),
                                 Route("/api/v1/events", events, methods=["GET"]),
                                 Route("/api/v1/check", check, methods=["GET"])])

    def _answer(self, req: Any) -> dict[str, Any]:
        if not isinstance(req, dict) or not req.get("method"):
            return _error(None, -32600, "method field must be set")
        rid, params = req.get("id"), dict(req.get("params") or {})
        try:
            result = self._call(str(req["method"]), params)
        except SignalRPCError as e:
            return _error(rid, e.code, e.message, e.data)
        return {"jsonrpc": "2.0", "result": result, "id": rid}

    def _call(self, method: str, params: dict[str, Any]) -> Any:
        if method == "version":
            return {"version": VERSION}
        if method == "listAccounts":
            if not self.multi:
                raise SignalRPCError(-32601, "Method not implemented")
            return [{"number": a} for a in self.accounts]
        if method not in ("send", "sendTyping"):
            raise SignalRPCError(-32601, "Method not implemented")
        account = params.pop("account", None)
        if self.multi:
            if account is None:
                raise SignalRPCError(-32602, "Method requires valid account parameter")
            if account not in self.accounts:
                raise SignalRPCError(-32602, "Specified account does not exist")
        call = Call(method, params, account=account)
        with self.cond:
            self.calls.append(call)
            fail = self._fail.pop(0) if method == "send" and self._fail else None
        try:
            return self._perform(call, fail)
        except SignalRPCError as e:
            call.error = e.message
            raise
        finally:
            with self.cond:
                self.cond.notify_all()

    def _perform(self, call: Call, fail: _Failure | None) -> Any:
        params = call.params
        if fail is not None:
            raise SignalRPCError(fail.code, fail.message, fail.data)
        self._check_target(params)
        if call.method == "sendTyping":
            return {}
        for path in _listed(params.get("attachments", params.get("attachment"))):
            try:
                call.files.append((Path(path).name, Path(path).read_bytes()))
            except OSError as e:
                raise SignalRPCError(-32603, f"Failed to send message: {path}: {e} (AttachmentInvalidException)")
        with self.cond:
            self._last_ts = max(self._last_ts + 1, int(time.time() * 1000))
            ts = self._last_ts
        targets = _listed(params.get("recipient")) or [f"group:{params.get('groupId')}"]
        return {"timestamp": ts, "results": [{"recipientAddress": {"uuid": str(uuid.uuid4()), "number": t},
                                              "type": "SUCCESS"} for t in targets]}

    def _check_target(self, params: dict[str, Any]) -> None:
        if params.get("groupId"):
            if params["groupId"] not in self.groups:
                raise SignalRPCError(-1, f"Group not found: {params['groupId']}")
            return
        recipients = _listed(params.get("recipient"))
        if not recipients:
            raise SignalRPCError(-1, "No recipients given")
        for r in recipients:
            if not NUMBER.match(r) and not _is_uuid(r):
                raise SignalRPCError(-1, f"Invalid phone number '{r}': The string supplied is too short "
                                         "to be a phone number.")
            if r in self.unregistered:
                raise SignalRPCError(-1, f"The user {r} is not registered.")

    # -- Signal's side --------------------------------------------------------------------------------

    def deliver(self, source: str, text: str | None, group_id: str | None = None,
                attachments: list[tuple[str, bytes] | tuple[str, bytes, str]] | None = None, *,
                name: str = "", timestamp: int | None = None, account: str | None = None,
                quote: dict[str, Any] | None = None) -> dict[str, Any]:
        """Push a message from `source` (a number) to our account; returns the payload, which
        `push()` can send again (a redelivery)."""
        with self.cond:
            self._last_ts = max(self._last_ts + 1, timestamp or int(time.time() * 1000))
            ts = timestamp or self._last_ts
        data: dict[str, Any] = {"timestamp": ts, "message": text, "expiresInSeconds": 0, "viewOnce": False}
        if group_id:
            self.groups.add(group_id)
            data["groupInfo"] = {"groupId": group_id, "type": "DELIVER"}
        if quote:
            data["quote"] = quote
        if attachments:
            self.attachments_dir.mkdir(parents=True, exist_ok=True)
            data["attachments"] = []
            for att in attachments:
                filename, content = att[0], att[1]
                mime = att[2] if len(att) > 2 else "application/octet-stream"
                att_id = uuid.uuid4().hex[:20] + Path(filename).suffix
                (self.attachments_dir / att_id).write_bytes(content)
                data["attachments"].append({"contentType": mime, "filename": filename, "id": att_id,
                                            "size": len(content)})
        envelope = {"source": source, "sourceNumber": source, "sourceUuid": str(uuid.uuid5(uuid.NAMESPACE_URL, source)),
                    "sourceName": name, "sourceDevice": 1, "timestamp": ts, "serverReceivedTimestamp": ts + 5,
                    "serverDeliveredTimestamp": ts + 7, "dataMessage": data}
        payload = {"envelope": envelope, "account": account or self.accounts[0]}
        self.push(payload)
        return payload

    def push(self, payload: dict[str, Any]) -> None:
        """Any envelope (receipts, typing, sync messages...) to the event streams, or kept for the next."""
        account = payload.get("account")
        with self.cond:
            item = (next(self._seq), payload)
            reached = 0
            for s in self._streams:
                if s.account not in (None, account):
                    continue
                try:
                    s.loop.call_soon_threadsafe(s.queue.put_nowait, item)
                    reached += 1
                except RuntimeError:  # its server is shutting down
                    pass
            if not reached:
                self._pending.append(item)

    def _take_pending(self, account: str | None) -> list[tuple[int, dict[str, Any]]]:
        mine = [p for p in self._pending if account in (None, p[1].get("account"))]
        self._pending = [p for p in self._pending if p not in mine]
        return mine

    @property
    def streams(self) -> int:
        with self.cond:
            return len(self._streams)

    def sent(self, recipient: str) -> list[Call]:
        """`send` calls that reached `recipient` (a number, or "group:<id>"), failed ones excluded."""
        with self.cond:
            return [c for c in self.calls if c.method == "send" and _target(c.params) == recipient
                    and not c.error]

    def typing(self, recipient: str) -> list[Call]:
        with self.cond:
            return [c for c in self.calls if c.method == "sendTyping" and _target(c.params) == recipient]

    def attempts(self, recipient: str) -> int:
        """Every `send` to `recipient`, refused or not."""
        with self.cond:
            return sum(1 for c in self.calls if c.method == "send" and _target(c.params) == recipient)

    def fail_next(self, n: int = 1, code: int = -1, message: str = "Failed to send message",
                  data: Any = None) -> None:
        """The next `n` sends fail with this JSON-RPC error (signal-cli's codes: -1 user error,
        -3 I/O error, -4 untrusted identity, -5 rate limit, -32603 internal)."""
        with self.cond:
            self._fail.extend(_Failure(code, message, data) for _ in range(n))


def _error(rid: Any, code: int, message: str, data: Any = None) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "error": {"code": code, "message": message, "data": data}, "id": rid}


def _listed(value: Any) -> list[str]:
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _target(params: dict[str, Any]) -> str:
    if params.get("groupId"):
        return f"group:{params['groupId']}"
    got = _listed(params.get("recipient"))
    return got[0] if got else ""


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
        return True
    except ValueError:
        return False
