"""A local Slack, from the Web API and Events API documentation, for tests and benchmarks.

Web API (form or JSON posts with a bearer token, answers `{"ok": ...}`): auth.test,
chat.postMessage (threads, blocks), chat.update; `ratelimited` with HTTP 429 and Retry-After on
demand; files.getUploadURLExternal, the upload URL and files.completeUploadExternal (what
slack_sdk's files_upload_v2 calls). The test side plays Slack's servers: `event_in()` and `click()`
post Events API and interactivity payloads to the app, signed with the signing secret through
slack_sdk's own SignatureVerifier (or deliberately forged / stale).

Socket Mode: apps.connections.open (app-level token) hands out a `ws://` URL; the socket gets
`hello`, then envelopes (`events_api`, `interactive`, `slash_commands`) that the app must ack with
their `envelope_id`. Envelopes not acked are sent again, with `retry_attempt` raised, on the next
connection, as Slack does; `socket_refresh()` asks the app to reconnect (`disconnect` envelope),
`socket_drop()` cuts the socket.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
import time
from typing import Any

from hermes.testing.http_emulator import LoopbackServer
from urllib.parse import urlencode

TOKEN, SIGNING_SECRET, BOT_USER = "xoxb-test-token", "slack-signing-secret-0123", "UHERMES"
APP_TOKEN = "xapp-1-test-app-token"


class SlackAPI(LoopbackServer):
    def __init__(self, token: str = TOKEN, signing_secret: str = SIGNING_SECRET):
        self.token, self.signing_secret = token, signing_secret
        self.posts: list[dict[str, Any]] = []  # every message the bot posted, with its updates
        self.by_ts: dict[str, dict[str, Any]] = {}
        self.cond = threading.Condition()
        self._ts = itertools.count(1)
        self._fail: list[str] = []
        self.app_token = APP_TOKEN
        self.uploads: dict[str, dict[str, Any]] = {}  # file id -> name, bytes
        self.envelopes: dict[str, dict[str, Any]] = {}  # sent over the socket and not acked yet
        self.acked: list[str] = []
        self.connections = 0
        self._ws: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/"

    def _app(self) -> Any:
        from starlette.applications import Starlette
        from starlette.responses import JSONResponse, PlainTextResponse
        from starlette.routing import Route, WebSocketRoute

        async def method(request: Any) -> Any:
            name = request.path_params["method"]
            if name == "apps.connections.open":
                if request.headers.get("authorization") != f"Bearer {self.app_token}":
                    return JSONResponse({"ok": False, "error": "invalid_auth"})
                return JSONResponse({"ok": True, "url": f"ws://127.0.0.1:{self.port}/link/?ticket=t{time.time_ns()}"})
            if request.headers.get("authorization") != f"Bearer {self.token}":
                return JSONResponse({"ok": False, "error": "invalid_auth"})
            p = dict(request.query_params)  # the SDK sends some methods' arguments in the query string
            if "json" in request.headers.get("content-type", ""):
                p.update(json.loads(await request.body() or b"{}"))
            else:
                p.update((await request.form()).items())
            with self.cond:
                if name != "auth.test" and self._fail:
                    self._fail.pop(0)
                    return JSONResponse({"ok": False, "error": "ratelimited"}, status_code=429,
                                        headers={"Retry-After": "1"})
            if name == "auth.test":
                return JSONResponse({"ok": True, "url": "https://test.slack.com/", "team": "Test Team",
                                     "user": "hermes", "team_id": "T1", "user_id": BOT_USER, "bot_id": "B1"})
            if name == "chat.postMessage":
                ts = f"{int(time.time())}.{next(self._ts):06d}"
                blocks = p.get("blocks")
                post = {"channel": p["channel"], "ts": ts, "text": p.get("text", ""),
                        "thread_ts": p.get("thread_ts"), "updates": [],
                        "blocks": json.loads(blocks) if isinstance(blocks, str) else blocks}
                if len(post["text"]) > 40_000:
                    return JSONResponse({"ok": False, "error": "msg_too_long"})
                with self.cond:
                    self.posts.append(post)
                    self.by_ts[ts] = post
                    self.cond.notify_all()
                return JSONResponse({"ok": True, "channel": p["channel"], "ts": ts,
                                     "message": {"text": post["text"], "ts": ts, "bot_id": "B1"}})
            if name == "chat.update":
                post = self.by_ts.get(p.get("ts", ""))
                if post is None or post["channel"] != p.get("channel"):
                    return JSONResponse({"ok": False, "error": "message_not_found"})
                with self.cond:
                    post["updates"].append(p.get("text", ""))
                    post["text"] = p.get("text", "")
                    self.cond.notify_all()
                return JSONResponse({"ok": True, "channel": post["channel"], "ts": post["ts"], "text": post["text"]})
            if name == "files.getUploadURLExternal":
                fid = f"F{next(self._ts):08d}"
                self.uploads[fid] = {"name": p.get("filename"), "length": int(p.get("length", 0)), "data": None}
                return JSONResponse({"ok": True, "file_id": fid,
                                     "upload_url": f"http://127.0.0.1:{self.port}/upload/{fid}"})
            if name == "files.completeUploadExternal":
                files = json.loads(p["files"]) if isinstance(p.get("files"), str) else p.get("files") or []
                done = []
                for f in files:
                    up = self.uploads.get(f["id"])
                    if up is None or up["data"] is None:
                        return JSONResponse({"ok": False, "error": "file_not_found"})
                    done.append({"id": f["id"], "name": up["name"], "title": f.get("title")})
                    post = {"channel": p.get("channel_id"), "ts": f"{int(time.time())}.{next(self._ts):06d}",
                            "text": p.get("initial_comment") or "", "thread_ts": p.get("thread_ts"),
                            "updates": [], "blocks": None, "file": {"name": up["name"], "data": up["data"]}}
                    with self.cond:
                        self.posts.append(post)
                        self.cond.notify_all()
                return JSONResponse({"ok": True, "files": done})
            return JSONResponse({"ok": False, "error": "unknown_method"})

        async def upload(request: Any) -> Any:
            up = self.uploads.get(request.path_params["fid"])
            if up is None:
                return JSONResponse({"ok": False}, status_code=404)
            up["data"] = await request.body()
            return PlainTextResponse(f"OK - {len(up['data'])}")

        return Starlette(routes=[Route("/api/{method}", method, methods=["POST", "GET"]),
                                 Route("/upload/{fid}", upload, methods=["POST"]),
                                 WebSocketRoute("/link/", self._socket)])

    # -- Socket Mode ------------------------------------------------------------------------------

    async def _socket(self, ws: Any) -> None:
        await ws.accept()
        with self.cond:
            self._ws, self._loop = ws, asyncio.get_running_loop()
            self.connections += 1
            pending = list(self.envelopes.values())
            self.cond.notify_all()
        await ws.send_text(json.dumps({"type": "hello", "num_connections": 1,
                                       "connection_info": {"app_id": "A1"}, "debug_info": {"host": "emulator"}}))
        for env in pending:  # not acked on the last connection: Slack tries again
            env["retry_attempt"] += 1
            env["retry_reason"] = "timeout"
            await ws.send_text(json.dumps(env))
        try:
            while True:
                msg = json.loads(await ws.receive_text())
                with self.cond:
                    if self.envelopes.pop(msg.get("envelope_id", ""), None) is not None:
                        self.acked.append(msg["envelope_id"])
                    self.cond.notify_all()
        except Exception:
            pass
        finally:
            with self.cond:
                if self._ws is ws:
                    self._ws = None

    def _envelope(self, kind: str, payload: dict[str, Any]) -> str:
        eid = f"env-{time.time_ns()}"
        env = {"envelope_id": eid, "type": kind, "payload": payload, "retry_attempt": 0, "retry_reason": "",
               "accepts_response_payload": kind == "slash_commands"}
        with self.cond:
            self.envelopes[eid] = env
            ws, loop = self._ws, self._loop
        if ws is not None and loop is not None:
            asyncio.run_coroutine_threadsafe(ws.send_text(json.dumps(env)), loop).result(5)
        return eid

    def socket_event(self, channel: str, user: str, text: str, *, channel_type: str = "im",
                     thread_ts: str | None = None) -> str:
        return self._envelope("events_api", self._event_body(channel, user, text, channel_type, thread_ts))

    def socket_click(self, channel: str, user: str, value: str, *, thread_ts: str | None = None) -> str:
        return self._envelope("interactive", self._click_body(channel, user, value, thread_ts))

    def socket_slash(self, channel: str, user: str, command: str, text: str) -> str:
        return self._envelope("slash_commands", {"command": command, "text": text, "user_id": user,
                                                 "channel_id": channel, "team_id": "T1",
                                                 "trigger_id": f"tr{time.time_ns()}", "response_url": ""})

    def wait_socket(self, connections: int = 1, timeout: float = 10.0) -> None:
        self.wait_until(lambda: self.connections >= connections and self._ws is not None, timeout,
                        "no Socket Mode connection")

    def wait_acked(self, envelope_id: str, timeout: float = 10.0) -> None:
        self.wait_until(lambda: envelope_id in self.acked, timeout, f"{envelope_id} was not acked")

    def socket_refresh(self) -> None:
        with self.cond:
            ws, loop = self._ws, self._loop
        if ws is not None and loop is not None:
            msg = {"type": "disconnect", "reason": "refresh_requested", "debug_info": {"host": "emulator"}}
            asyncio.run_coroutine_threadsafe(ws.send_text(json.dumps(msg)), loop).result(5)

    def socket_drop(self) -> None:
        with self.cond:
            ws, loop, self._ws = self._ws, self._loop, None
        if ws is not None and loop is not None:
            asyncio.run_coroutine_threadsafe(ws.close(1011), loop).result(5)

    # -- Slack's side of the app's URLs ------------------------------------------------------------

    def _post(self, url: str, body: bytes, content_type: str, *, secret: str | None = None,
              ts: float | None = None) -> Any:
        from slack_sdk.signature import SignatureVerifier

        stamp = str(int(ts if ts is not None else time.time()))
        sig = SignatureVerifier(secret or self.signing_secret).generate_signature(timestamp=stamp, body=body)
        return self.client.post(url, content=body, headers={
            "Content-Type": content_type, "X-Slack-Request-Timestamp": stamp, "X-Slack-Signature": sig})

    @staticmethod
    def _event_body(channel: str, user: str, text: str, channel_type: str, thread_ts: str | None,
                     event_id: str | None = None) -> dict[str, Any]:
        ts = f"{time.time():.6f}"
        ev: dict[str, Any] = {"type": "message", "channel": channel, "user": user, "text": text, "ts": ts,
                              "channel_type": channel_type, "event_ts": ts}
        if thread_ts:
            ev["thread_ts"] = thread_ts
        return {"type": "event_callback", "team_id": "T1", "api_app_id": "A1", "event": ev,
                "event_id": event_id or f"Ev{time.time_ns()}", "event_time": int(time.time())}

    def event_in(self, url: str, channel: str, user: str, text: str, *, channel_type: str = "im",
                 thread_ts: str | None = None, event_id: str | None = None, **sign: Any) -> Any:
        body = json.dumps(self._event_body(channel, user, text, channel_type, thread_ts, event_id)).encode()
        return self._post(url, body, "application/json", **sign)

    def url_verification(self, url: str, challenge: str) -> Any:
        body = json.dumps({"type": "url_verification", "challenge": challenge, "token": "x"}).encode()
        return self._post(url, body, "application/json")

    @staticmethod
    def _click_body(channel: str, user: str, value: str, thread_ts: str | None) -> dict[str, Any]:
        return {"type": "block_actions", "user": {"id": user}, "channel": {"id": channel},
                "trigger_id": f"tr{time.time_ns()}", "container": {"type": "message", "thread_ts": thread_ts},
                "actions": [{"type": "button", "action_id": "hermes_0", "value": value,
                             "action_ts": f"{time.time():.6f}"}]}

    def click(self, url: str, channel: str, user: str, value: str, *, thread_ts: str | None = None) -> Any:
        body = urlencode({"payload": json.dumps(self._click_body(channel, user, value, thread_ts))}).encode()
        return self._post(url, body, "application/x-www-form-urlencoded")

    def sent(self, channel: str) -> list[dict[str, Any]]:
        with self.cond:
            return [p for p in self.posts if p["channel"] == channel]

    def fail_next(self, times: int = 1) -> None:
        with self.cond:
            self._fail.extend(["ratelimited"] * times)
