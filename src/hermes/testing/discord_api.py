"""A local Discord, from the documented HTTP API (v10) and Gateway, for tests and benchmarks.

discord.py is pointed here through its own settings (`Route.BASE`, `DiscordWebSocket.DEFAULT_GATEWAY`).

Gateway (`/gateway`): HELLO, heartbeats and their ACKs, IDENTIFY (wrong token: close 4004;
without the message-content intent, guild messages arrive with empty content as on Discord), READY
with a resume URL, one GUILD_CREATE per guild, RESUME with the missed events replayed and RESUMED,
zlib-stream compression when the client asks for it. REST: the bot user, application info,
global commands, messages (JSON or multipart with files), edits, typing, threads started from a
message (their id is the message's, as on Discord), interaction callbacks, attachment downloads,
429s with `retry_after` and permanent refusals on demand.

The test side plays the users: `message_in()`, `slash()`, `click()`, `drop()` (close the
socket as a network fault would; the client resumes) and `wait_sent()`.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import itertools
import json
import threading
import time
import zlib
from typing import Any

from hermes.testing.http_emulator import LoopbackServer

TOKEN, APP_ID, BOT_ID, GUILD_ID = "discord-test-token.0123", "4100000000000001", "4100000000000002", "4200000000000001"
MESSAGE_CONTENT_INTENT = 1 << 15


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat()


def user(uid: str, name: str, bot: bool = False) -> dict[str, Any]:
    return {"id": uid, "username": name, "discriminator": "0", "global_name": name, "avatar": None, "bot": bot}


class DiscordAPI(LoopbackServer):
    def __init__(self, token: str = TOKEN):
        self.token = token
        self.me = user(BOT_ID, "hermes", bot=True)
        self.channels: dict[str, dict[str, Any]] = {}  # id -> channel object (text, DM, thread)
        self.posts: list[dict[str, Any]] = []  # every message the bot posted, with its edits
        self.by_id: dict[str, dict[str, Any]] = {}
        self.commands: list[dict[str, Any]] = []  # registered global application commands
        self.callbacks: list[dict[str, Any]] = []  # interaction responses
        self.typing: list[str] = []
        self.identifies = self.resumes = self.heartbeats = 0
        self.cond = threading.Condition()
        self._ids = itertools.count(1)
        self._fail: list[tuple[int, dict[str, Any]]] = []
        self._files: dict[str, bytes] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: Any = None
        self._zlib: Any = None
        self._session = {"id": "", "seq": 0, "events": []}
        self.intents = 0
        self.add_channel("4300000000000001", "general", guild=True)

    # -- ids and objects -------------------------------------------------------------------------

    def snowflake(self) -> str:
        return str(((int(time.time() * 1000) - 1420070400000) << 22) | (next(self._ids) & 0x3FFFFF))

    def add_channel(self, cid: str, name: str, *, guild: bool) -> dict[str, Any]:
        ch = {"id": cid, "type": 0, "guild_id": GUILD_ID, "name": name, "position": len(self.channels),
              "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
              "last_message_id": None, "rate_limit_per_user": 0} if guild else \
            {"id": cid, "type": 1, "last_message_id": None, "recipients": []}
        self.channels[cid] = ch
        return ch

    def _guild(self) -> dict[str, Any]:
        chans = [c for c in self.channels.values() if c.get("guild_id") and c["type"] == 0]
        threads = [c for c in self.channels.values() if c["type"] == 11]
        return {"id": GUILD_ID, "name": "Test Guild", "icon": None, "owner_id": "4400000000000001",
                "roles": [{"id": GUILD_ID, "name": "@everyone", "permissions": "1071698660929", "position": 0,
                           "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}],
                "emojis": [], "stickers": [], "features": [], "channels": chans, "threads": threads,
                "members": [{"user": self.me, "roles": [], "joined_at": _now(), "deaf": False, "mute": False, "flags": 0}],
                "member_count": 2, "large": False, "unavailable": False, "verification_level": 0,
                "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0,
                "premium_tier": 0, "preferred_locale": "en-US", "system_channel_flags": 0, "nsfw_level": 0,
                "joined_at": _now(), "voice_states": [], "presences": [], "stage_instances": [],
                "guild_scheduled_events": [], "soundboard_sounds": []}

    def _message(self, channel_id: str, author: dict[str, Any], content: str, **extra: Any) -> dict[str, Any]:
        ch = self.channels[channel_id]
        m = {"id": extra.pop("id", None) or self.snowflake(), "channel_id": channel_id, "author": author,
             "content": content, "timestamp": _now(), "edited_timestamp": None, "tts": False,
             "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
             "pinned": False, "type": 0, "flags": 0, "components": []}
        if ch.get("guild_id"):
            m["guild_id"] = ch["guild_id"]
            m["member"] = {"roles": [], "joined_at": _now(), "deaf": False, "mute": False, "flags": 0}
        m.update(extra)
        return m

    # -- the test side ---------------------------------------------------------------------------

    def message_in(self, channel_id: str, author_id: str, content: str, *, name: str = "ann",
                   mention: bool = False, files: dict[str, bytes] | None = None,
                   reply_to: str | None = None) -> dict[str, Any]:
        """A person writes: in a DM (a channel id not created as a guild channel) or a guild channel."""
        if channel_id not in self.channels:
            self.add_channel(channel_id, "dm", guild=False)
        extra: dict[str, Any] = {}
        if mention:
            content = f"<@{BOT_ID}> {content}"
            extra["mentions"] = [self.me]
        if reply_to:
            extra["message_reference"] = {"message_id": reply_to, "channel_id": channel_id}
            extra["type"] = 19
            if reply_to in self.by_id:
                extra["referenced_message"] = self.by_id[reply_to]["message"]
        atts = []
        for fname, data in (files or {}).items():
            aid = self.snowflake()
            self._files[f"{aid}/{fname}"] = data
            url = f"http://127.0.0.1:{self.port}/attachments/{aid}/{fname}"
            atts.append({"id": aid, "filename": fname, "size": len(data), "url": url, "proxy_url": url,
                         "content_type": "application/octet-stream"})
        m = self._message(channel_id, user(author_id, name), content, attachments=atts, **extra)
        if m.get("guild_id") and not self.intents & MESSAGE_CONTENT_INTENT and not mention:
            m["content"], m["attachments"] = "", []
        self.dispatch("MESSAGE_CREATE", m)
        return m

    def slash(self, channel_id: str, author_id: str, name: str, text: str = "") -> str:
        data: dict[str, Any] = {"id": self.snowflake(), "name": name, "type": 1}
        if text:
            data["options"] = [{"name": "text", "type": 3, "value": text}]
        return self._interaction(2, channel_id, author_id, data)

    def click(self, message_id: str, author_id: str, custom_id: str) -> str:
        post = self.by_id[message_id]
        return self._interaction(3, post["channel_id"], author_id, {"custom_id": custom_id, "component_type": 2},
                                 message=post["message"])

    def _interaction(self, kind: int, channel_id: str, author_id: str, data: dict[str, Any], **extra: Any) -> str:
        ch = self.channels.setdefault(channel_id, {"id": channel_id, "type": 1, "last_message_id": None})
        iid = self.snowflake()
        it = {"id": iid, "application_id": APP_ID, "type": kind, "data": data, "channel_id": channel_id,
              "channel": ch, "token": f"itok-{iid}", "version": 1, "locale": "en-US", "app_permissions": "0",
              "entitlements": [], "authorizing_integration_owners": {}, "context": 0,
              "attachment_size_limit": 26214400, **extra}
        who = user(author_id, "ann")
        if ch.get("guild_id"):
            it["guild_id"] = ch["guild_id"]
            it["member"] = {"user": who, "roles": [], "joined_at": _now(), "deaf": False, "mute": False, "flags": 0,
                            "permissions": "0"}
        else:
            it["user"] = who
        self.dispatch("INTERACTION_CREATE", it)
        return iid

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Queue one event in the session and send it if a socket is open (else it waits for RESUME)."""
        with self.cond:
            self._session["seq"] += 1
            payload = {"op": 0, "t": event, "s": self._session["seq"], "d": data}
            self._session["events"].append(payload)
            ws, loop = self._ws, self._loop
        if ws is not None and loop is not None:
            asyncio.run_coroutine_threadsafe(self._send(ws, payload), loop)

    def drop(self, code: int = 4000) -> None:
        """Close the socket as Discord does on a fault; the client is expected to RESUME."""
        with self.cond:
            ws, loop, self._ws = self._ws, self._loop, None
        if ws is not None and loop is not None:
            asyncio.run_coroutine_threadsafe(ws.close(code), loop).result(5)

    def wait_ready(self, timeout: float = 10.0) -> None:
        self.wait_until(lambda: self._ws is not None and self.identifies > 0, timeout, "no IDENTIFY")

    def wait_resumed(self, n: int = 1, timeout: float = 15.0) -> None:
        self.wait_until(lambda: self.resumes >= n and self._ws is not None, timeout, "no RESUME")

    def sent(self, channel_id: str) -> list[dict[str, Any]]:
        with self.cond:
            return [p for p in self.posts if p["channel_id"] == channel_id]

    def fail_next(self, times: int = 1, *, status: int = 429, code: int = 0, message: str = "") -> None:
        with self.cond:
            body = {"message": message or "You are being rate limited.", "code": code}
            if status == 429:
                body.update(retry_after=0.2, **{"global": False})
            self._fail.extend([(status, body)] * times)

    # -- the gateway -----------------------------------------------------------------------------

    async def _send(self, ws: Any, payload: dict[str, Any]) -> None:
        raw = json.dumps(payload)
        try:
            if self._zlib is not None:
                z = self._zlib
                await ws.send_bytes(z.compress(raw.encode()) + z.flush(zlib.Z_SYNC_FLUSH))
            else:
                await ws.send_text(raw)
        except Exception:
            pass  # the socket went away; the event stays queued for RESUME

    async def _gateway(self, ws: Any) -> None:
        from starlette.websockets import WebSocketDisconnect

        await ws.accept()
        self._loop = asyncio.get_running_loop()
        self._zlib = zlib.compressobj() if ws.query_params.get("compress") == "zlib-stream" else None
        await self._send(ws, {"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        try:
            while True:
                msg = json.loads(await ws.receive_text())
                op, d = msg.get("op"), msg.get("d")
                if op == 1:
                    with self.cond:
                        self.heartbeats += 1
                    await self._send(ws, {"op": 11, "d": None, "s": None, "t": None})
                elif op == 2:
                    if d.get("token") != self.token:
                        await ws.close(4004)
                        return
                    await self._identify(ws, d)
                elif op == 6:
                    await self._resume(ws, d)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            with self.cond:
                if self._ws is ws:
                    self._ws = None
                self.cond.notify_all()

    async def _identify(self, ws: Any, d: dict[str, Any]) -> None:
        with self.cond:
            self.intents = int(d.get("intents", 0))
            self._session = {"id": f"sess-{self.snowflake()}", "seq": 0, "events": []}
            self.identifies += 1
        ready = {"v": 10, "user": self.me, "guilds": [{"id": GUILD_ID, "unavailable": True}],
                 "session_id": self._session["id"], "session_type": "normal",
                 "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                 "application": {"id": APP_ID, "flags": 0}, "private_channels": [], "relationships": []}
        for event, data in (("READY", ready), ("GUILD_CREATE", self._guild())):
            with self.cond:
                self._session["seq"] += 1
                payload = {"op": 0, "t": event, "s": self._session["seq"], "d": data}
            await self._send(ws, payload)
        with self.cond:
            self._ws = ws
            self.cond.notify_all()

    async def _resume(self, ws: Any, d: dict[str, Any]) -> None:
        if d.get("token") != self.token or d.get("session_id") != self._session["id"]:
            await self._send(ws, {"op": 9, "d": False, "s": None, "t": None})  # not resumable: identify again
            return
        with self.cond:
            missed = [e for e in self._session["events"] if e["s"] > int(d.get("seq") or 0)]
            self._session["seq"] += 1
            resumed = {"op": 0, "t": "RESUMED", "s": self._session["seq"], "d": {}}
            self.resumes += 1
        for e in missed:
            await self._send(ws, e)
        await self._send(ws, resumed)
        with self.cond:
            self._ws = ws
            self.cond.notify_all()

    # -- REST --------------------------------------------------------------------------------------

    def _app(self) -> Any:
        from starlette.applications import Starlette
        from starlette.responses import JSONResponse, Response
        from starlette.routing import Route, WebSocketRoute

        def err(status: int, message: str, code: int = 0) -> Any:
            return JSONResponse({"message": message, "code": code}, status_code=status)

        async def rest(request: Any) -> Any:
            path, method = request.path_params["path"], request.method
            if request.headers.get("authorization") != f"Bot {self.token}" and not path.startswith("interactions/"):
                return err(401, "401: Unauthorized")
            parts = path.split("/")
            with self.cond:  # injected failures hit message posts and edits only
                failure = self._fail.pop(0) if self._fail and parts[0] == "channels" and parts[2:3] == ["messages"] \
                    else None
            if failure is not None:
                status, body = failure
                return JSONResponse(body, status_code=status, headers={"X-RateLimit-Scope": "user"}
                                    if status == 429 else None)
            if path == "users/@me":
                return JSONResponse(self.me)
            if path == "oauth2/applications/@me":
                return JSONResponse({"id": APP_ID, "name": "hermes", "description": "", "icon": None,
                                     "bot_public": False, "bot_require_code_grant": False, "verify_key": "0" * 64,
                                     "owner": user("4400000000000001", "owner"), "flags": 0,
                                     "interactions_endpoint_url": None, "bot": self.me})
            if path in ("gateway", "gateway/bot"):
                return JSONResponse({"url": f"ws://127.0.0.1:{self.port}/gateway", "shards": 1,
                                     "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                                                             "max_concurrency": 1}})
            if parts[:1] == ["applications"] and parts[2:] == ["commands"]:
                if method == "PUT":
                    cmds = await request.json()
                    with self.cond:
                        self.commands = [{**c, "id": self.snowflake(), "application_id": APP_ID, "version": "1"}
                                         for c in cmds]
                return JSONResponse(self.commands)
            if parts[0] == "interactions":
                body = await self._body(request)
                with self.cond:
                    self.callbacks.append({"interaction": parts[1], **body})
                    self.cond.notify_all()
                return JSONResponse({"interaction": {"id": parts[1], "type": 2}})
            if parts[0] != "channels" or parts[1] not in self.channels:
                return err(404, "Unknown Channel", 10003)
            cid = parts[1]
            if parts[2:] == ["typing"]:
                with self.cond:
                    self.typing.append(cid)
                return Response(status_code=204)
            if parts[2:] == ["messages"] and method == "POST":
                return JSONResponse(await self._post(request, cid))
            if len(parts) == 4 and parts[2] == "messages" and method == "PATCH":
                post = self.by_id.get(parts[3])
                if post is None or post["channel_id"] != cid:
                    return err(404, "Unknown Message", 10008)
                body = await request.json()
                with self.cond:
                    if "content" in body:
                        post["edits"].append(body["content"])
                        post["content"] = post["message"]["content"] = body["content"]
                    if "components" in body:
                        post["components"] = body["components"]
                    self.cond.notify_all()
                return JSONResponse(post["message"])
            if len(parts) == 5 and parts[4] == "threads" and method == "POST":
                if parts[3] in self.channels:
                    return err(400, "A thread has already been created for this message", 160004)
                return JSONResponse(await self._new_thread(request, cid, parts[3]))
            if len(parts) == 2 and method == "GET":
                return JSONResponse(self.channels[cid])
            return err(404, "404: Not Found")

        async def cdn(request: Any) -> Any:
            data = self._files.get(f"{request.path_params['aid']}/{request.path_params['name']}")
            return Response(data, media_type="application/octet-stream") if data is not None else Response(status_code=404)

        return Starlette(routes=[WebSocketRoute("/gateway", self._gateway),
                                 Route("/attachments/{aid}/{name}", cdn),
                                 Route("/api/v10/{path:path}", rest, methods=["GET", "POST", "PUT", "PATCH", "DELETE"])])

    async def _body(self, request: Any) -> dict[str, Any]:
        if request.headers.get("content-type", "").startswith("multipart/"):
            form = await request.form()
            body = json.loads(form.get("payload_json") or "{}")
            body["files"] = {f.filename: await f.read() for k, f in form.multi_items() if k.startswith("files[")}
            return body
        return json.loads(await request.body() or b"{}")

    async def _post(self, request: Any, cid: str) -> dict[str, Any]:
        body = await self._body(request)
        files = body.pop("files", {})
        msg = self._message(cid, self.me, body.get("content") or "", components=body.get("components") or [],
                            attachments=[{"id": self.snowflake(), "filename": n, "size": len(b),
                                          "url": "", "proxy_url": ""} for n, b in files.items()])
        if body.get("message_reference"):
            msg["message_reference"] = body["message_reference"]
        post = {"channel_id": cid, "id": msg["id"], "content": msg["content"], "edits": [], "files": files,
                "components": msg["components"], "reply_to": (body.get("message_reference") or {}).get("message_id"),
                "message": msg}
        with self.cond:
            self.posts.append(post)
            self.by_id[msg["id"]] = post
            self.cond.notify_all()
        return msg

    async def _new_thread(self, request: Any, parent: str, message_id: str) -> dict[str, Any]:
        body = await request.json()
        th = {"id": message_id, "type": 11, "guild_id": GUILD_ID, "parent_id": parent, "owner_id": BOT_ID,
              "name": body.get("name", "thread"), "member_count": 1, "message_count": 0, "rate_limit_per_user": 0,
              "thread_metadata": {"archived": False, "auto_archive_duration": 1440, "archive_timestamp": _now(),
                                  "locked": False}, "flags": 0, "last_message_id": None}
        with self.cond:
            self.channels[message_id] = th
        self.dispatch("THREAD_CREATE", {**th, "newly_created": True})
        return th
