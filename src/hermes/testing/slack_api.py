"""A local Slack, from the Web API and Events API documentation, for tests and benchmarks.

Web API (form or JSON posts with a bearer token, answers `{"ok": ...}`): auth.test,
chat.postMessage (threads, blocks), chat.update; `ratelimited` with HTTP 429 and Retry-After on
demand. The test side plays Slack's servers: `event_in()` and `click()` post Events API and
interactivity payloads to the app, signed with the signing secret through slack_sdk's own
SignatureVerifier (or deliberately forged / stale).
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from typing import Any

from hermes.testing.http_emulator import LoopbackServer
from urllib.parse import urlencode

TOKEN, SIGNING_SECRET, BOT_USER = "xoxb-test-token", "slack-signing-secret-0123", "UHERMES"


class SlackAPI(LoopbackServer):
    def __init__(self, token: str = TOKEN, signing_secret: str = SIGNING_SECRET):
        self.token, self.signing_secret = token, signing_secret
        self.posts: list[dict[str, Any]] = []  # every message the bot posted, with its updates
        self.by_ts: dict[str, dict[str, Any]] = {}
        self.cond = threading.Condition()
        self._ts = itertools.count(1)
        self._fail: list[str] = []

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/"

    def _app(self) -> Any:
        from starlette.applications import Starlette
        from starlette.responses import JSONResponse
        from starlette.routing import Route

        async def method(request: Any) -> Any:
            name = request.path_params["method"]
            if request.headers.get("authorization") != f"Bearer {self.token}":
                return JSONResponse({"ok": False, "error": "invalid_auth"})
            if "json" in request.headers.get("content-type", ""):
                p = json.loads(await request.body() or b"{}")
            else:
                p = dict((await request.form()).items())
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
            return JSONResponse({"ok": False, "error": "unknown_method"})

        return Starlette(routes=[Route("/api/{method}", method, methods=["POST", "GET"])])

    # -- Slack's side of the app's URLs ------------------------------------------------------------

    def _post(self, url: str, body: bytes, content_type: str, *, secret: str | None = None,
              ts: float | None = None) -> Any:
        import httpx
        from slack_sdk.signature import SignatureVerifier

        stamp = str(int(ts if ts is not None else time.time()))
        sig = SignatureVerifier(secret or self.signing_secret).generate_signature(timestamp=stamp, body=body)
        return httpx.post(url, content=body, timeout=30, headers={
            "Content-Type": content_type, "X-Slack-Request-Timestamp": stamp, "X-Slack-Signature": sig})

    def event_in(self, url: str, channel: str, user: str, text: str, *, channel_type: str = "im",
                 thread_ts: str | None = None, event_id: str | None = None, **sign: Any) -> Any:
        ts = f"{time.time():.6f}"
        ev: dict[str, Any] = {"type": "message", "channel": channel, "user": user, "text": text, "ts": ts,
                              "channel_type": channel_type, "event_ts": ts}
        if thread_ts:
            ev["thread_ts"] = thread_ts
        body = json.dumps({"type": "event_callback", "team_id": "T1", "api_app_id": "A1", "event": ev,
                           "event_id": event_id or f"Ev{time.time_ns()}", "event_time": int(time.time())}).encode()
        return self._post(url, body, "application/json", **sign)

    def url_verification(self, url: str, challenge: str) -> Any:
        body = json.dumps({"type": "url_verification", "challenge": challenge, "token": "x"}).encode()
        return self._post(url, body, "application/json")

    def click(self, url: str, channel: str, user: str, value: str, *, thread_ts: str | None = None) -> Any:
        payload = {"type": "block_actions", "user": {"id": user}, "channel": {"id": channel},
                   "trigger_id": f"tr{time.time_ns()}", "container": {"type": "message", "thread_ts": thread_ts},
                   "actions": [{"type": "button", "action_id": "hermes_0", "value": value,
                                "action_ts": f"{time.time():.6f}"}]}
        body = urlencode({"payload": json.dumps(payload)}).encode()
        return self._post(url, body, "application/x-www-form-urlencoded")

    def sent(self, channel: str) -> list[dict[str, Any]]:
        with self.cond:
            return [p for p in self.posts if p["channel"] == channel]

    def wait_sent(self, channel: str, n: int, timeout: float = 10.0) -> list[dict[str, Any]]:
        deadline = time.time() + timeout
        with self.cond:
            while len(self.sent(channel)) < n:
                left = deadline - time.time()
                if left <= 0:
                    raise TimeoutError(f"{channel}: {[p['text'] for p in self.sent(channel)]}")
                self.cond.wait(left)
            return self.sent(channel)

    def fail_next(self, times: int = 1) -> None:
        with self.cond:
            self._fail.extend(["ratelimited"] * times)
