"""The gateway: every platform's messages through one pipeline to the one agent loop.

    adapter -> on_message: claim (dedupe, durable) -> access -> person & session -> command | turn
    turn -> reply -> outbox (durable) -> adapter

A message is claimed in gateway.db before anything else happens and marked answered in the same
transaction that queues its reply, so a crash between the two makes the next gateway answer it;
a redelivery of an answered message is ignored. One turn at a time per session; what arrives
meanwhile is queued (or steers, or interrupts: `gateway.busy_policy`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from collections import OrderedDict
from dataclasses import asdict
from typing import Any

from hermes.gateway.base import Attachment, Button, Inbound
from hermes.gateway.outbox import Outbox, encode_buttons
from hermes.gateway.people import People
from hermes.gateway.replies import prepare
from hermes.gateway.sessions import ChatSession, memory_scope, session_key
from hermes.gateway.store import GatewayStore

log = logging.getLogger("hermes.gateway")

MAX_LIVE_SESSIONS = 256  # idle sessions beyond this are closed (their history stays in the store)
GATEWAY_HINT = ("You are reached through a chat app; keep replies short and readable on a phone. To send "
                "the user a file you made, put a line `MEDIA:/absolute/path` in your reply.")


class Gateway:
    def __init__(self, hermes: Any, adapters: dict[str, Any], *, store: GatewayStore | None = None):
        self.hermes = hermes
        self.cfg = hermes.config.gateway
        self.adapters = adapters
        self.store = store or GatewayStore(hermes.home)
        self.people = People(self.store, self.cfg)
        self.sessions: OrderedDict[str, ChatSession] = OrderedDict()
        self.outbox = Outbox(self.store, adapters, on_error=self._platform_error)
        self.files_dir = hermes.home.root / "gateway" / "files"
        self.health: dict[str, dict[str, Any]] = {n: {"connected": False, "last_error": None} for n in adapters}
        self.closing = False
        self.turn_times: list[float] = []
        self._tasks: set[asyncio.Task] = set()
        self._submitted: set[tuple[str, str]] = set()

    # -- life cycle -------------------------------------------------------------------------------

    async def start(self, connect_timeout: float = 30.0) -> None:
        from hermes.gateway.notices import pump

        self.store.q("UPDATE outbox SET next_at = 0")  # a restart is a good moment to retry everything
        self.outbox.start()
        self._spawn(pump(self))
        waits = [self._spawn(self._keep_connected(name)) for name in self.adapters]
        done, _ = await asyncio.wait(waits, timeout=connect_timeout)
        for payload in self.store.unfinished():  # taken before a crash or stop, never answered
            try:
                self._spawn(self._handle(_inbound(payload)))
            except Exception:
                log.exception("could not resume a stored message")

    async def _keep_connected(self, name: str) -> None:
        """Connect, retrying with backoff and jitter; once up, the adapter reconnects by itself."""
        adapter, delay = self.adapters[name], 1.0
        while not self.closing:
            try:
                await adapter.connect(self.on_message)
                self.health[name].update(connected=True, since=time.time())
                log.info("%s connected", name)
                self.outbox.kick(name)
                return
            except asyncio.CancelledError:
                raise
            except Exception as e:
                self._platform_error(name, f"connect failed: {type(e).__name__}: {e}")
                log.warning("%s: connect failed (%s); retrying in %.0f s", name, e, delay)
                await asyncio.sleep(delay * random.uniform(0.8, 1.2))
                delay = min(delay * 2, 60.0)

    async def stop(self, grace: float | None = None) -> None:
        """Let running turns finish (bounded), tell the chats whose turns were cut, flush the outbox."""
        self.closing = True
        grace = self.cfg.shutdown_grace if grace is None else grace
        running = [s for s in self.sessions.values() if s.busy]
        if running:
            log.info("stopping: waiting up to %.0f s for %d running turn(s)", grace, len(running))
            await asyncio.wait([s.task for s in running], timeout=grace)
        for s in self.sessions.values():
            if s.busy:
                s.queue.clear()
                s.task.cancel()
                self.say(s.platform, s.chat_id, s.thread_id,
                         "Hermes is restarting; I will answer your message when it is back.")
        for name in self.adapters:
            await self.outbox.flush(name, timeout=5.0)
        await self.outbox.stop()
        for t in list(self._tasks):
            t.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for name, adapter in self.adapters.items():
            try:
                await adapter.disconnect()
            except Exception:
                log.exception("%s: disconnect failed", name)
            self.health[name]["connected"] = False
        for s in self.sessions.values():
            if s.conv is not None:
                await s.conv.close()
        with contextlib.suppress(Exception):  # the memory provider's pending syncs: sent or queued
            await self.hermes.close_memory()

    def _spawn(self, coro: Any) -> asyncio.Task:
        t = asyncio.create_task(coro)
        self._tasks.add(t)
        t.add_done_callback(self._tasks.discard)
        return t

    def _platform_error(self, platform: str, text: str) -> None:
        h = self.health.setdefault(platform, {})
        h.update(last_error=text[:300], last_error_at=time.time())

    # -- inbound ----------------------------------------------------------------------------------

    async def on_message(self, msg: Inbound) -> bool:
        """What adapters call for every message; returns quickly (turns run in tasks). False when
        the message is ignored: empty, or already taken (a redelivery, a copy after a reconnect)."""
        if not msg.text.strip() and not msg.attachments:
            return False
        if not self.store.claim(msg.platform, msg.message_id, _payload(msg)):
            return False
        if not self.closing:  # when closing it stays open in the store: the next gateway answers it
            try:
                await self._handle(msg)
            except Exception as e:  # the claim stays open: the next start answers it, nothing is lost
                log.exception("gateway: could not take %s message %s", msg.platform, msg.message_id)
                self._platform_error(msg.platform, f"could not take a message: {type(e).__name__}: {e}")
        return True

    async def _handle(self, msg: Inbound) -> None:
        done = (msg.platform, msg.message_id)
        verdict = self.people.check(msg)
        if not verdict.allowed:
            self.store.finish(*done)
            if verdict.reply:
                self.say(msg.platform, msg.chat_id, msg.thread_id, verdict.reply)
            return
        sess = self._session(msg)
        text = _with_attachments(msg, shared=sess.scope.startswith("group:"), home_root=self.hermes.home.root)
        from hermes.commands.table import dispatch, parse

        waiting = sess.question
        if waiting is not None and not waiting.done() and parse(msg.text.strip()) is None:
            waiting.set_result(text)  # the answer to the running turn's question, not a new turn
            self.store.finish(*done)
            return

        if parse(msg.text.strip()) is not None:
            from hermes.gateway.host import ChatHost

            try:
                await dispatch(msg.text.strip(), ChatHost(self, sess, msg, verdict.is_admin))
            finally:
                if done not in self._submitted:
                    self.store.finish(*done)
                self._submitted.discard(done)
            return
        await self.submit(sess, text, item=msg)

    def _session(self, msg: Inbound) -> ChatSession:
        person = self.people.person(msg.platform, msg.user_id, msg.user_name)
        per_user = self.cfg.group_sessions_per_user
        key = session_key(msg, person, per_user)
        sess = self.sessions.get(key)
        if sess is None:
            scope = memory_scope(msg, f"person:{person}", per_user)
            sess = ChatSession(key, scope, msg.platform, msg.chat_id, msg.thread_id,
                               session_id=self.store.route(key) or None)
            self.sessions[key] = sess
            self._evict(keep=key)
        self.sessions.move_to_end(key)
        sess.where(msg)
        sess.last_used = time.time()
        return sess

    def _evict(self, keep: str) -> None:
        """Forget the least recently used idle sessions beyond the limit (never `keep`, the one being
        opened: it is idle too until its first turn starts)."""
        while len(self.sessions) > MAX_LIVE_SESSIONS:
            idle = next((k for k, s in self.sessions.items() if k != keep and not s.busy and not s.queue), None)
            if idle is None:
                return
            old = self.sessions.pop(idle)
            if old.conv is not None:
                self._spawn(old.conv.close())

    # -- turns ------------------------------------------------------------------------------------

    async def submit(self, sess: ChatSession, text: str, *, item: Inbound | None = None,
                     queue: bool = False) -> None:
        """Run `text` as a turn of `sess`, now or after the running one (see busy_policy)."""
        if item is not None:
            self._submitted.add((item.platform, item.message_id))
        if sess.busy:
            policy = "queue" if queue else self.cfg.busy_policy
            if policy == "steer" and sess.conv is not None:
                sess.conv.state.meta.setdefault("steer", []).append(text)
                if item is not None:
                    self.store.finish(item.platform, item.message_id)
                self.say(sess.platform, sess.chat_id, sess.thread_id, "Noted: the running turn will see it.")
                return
            sess.queue.append((text, item))
            if policy == "interrupt" and sess.cancel is not None:
                sess.cancel.set()
            elif queue:
                self.say(sess.platform, sess.chat_id, sess.thread_id, "Queued: it runs after the current turn.")
            return
        sess.queue.append((text, item))
        sess.task = self._spawn(self._drain(sess))

    async def _drain(self, sess: ChatSession) -> None:
        from hermes.gateway.turns import run_turn

        while sess.queue:
            text, item = sess.queue.pop(0)
            try:
                await run_turn(self, sess, text, item)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("turn in %s failed", sess.key)
                self.deliver(sess.platform, sess.chat_id, sess.thread_id,
                             ["Sorry, something went wrong on my side; please try again."], done=item)
            finally:
                if item is not None:
                    self._submitted.discard((item.platform, item.message_id))

    def conversation(self, sess: ChatSession) -> Any:
        """The session's live conversation, opened (or resumed from the store) on first use."""
        if sess.conv is None:
            from hermes.gateway.turns import approver, asker

            conv = self.hermes.open(sess.session_id, source=sess.platform, scope=sess.scope, interactive=True,
                                    ask_approval=approver(self, sess), ask_user=asker(self, sess),
                                    chat_id=sess.chat_id,
                                    user_id=sess.key, prompt_extra={"gateway": GATEWAY_HINT})
            sess.conv, sess.session_id = conv, conv.id
            self.store.set_route(sess.key, conv.id)
        return sess.conv

    def record_turn(self, seconds: float) -> None:
        self.turn_times.append(seconds)
        del self.turn_times[:-1000]

    # -- outbound ---------------------------------------------------------------------------------

    def say(self, platform: str, chat_id: str, thread_id: str, text: str, *,
            buttons: list[Button] | None = None) -> None:
        """Queue a message for a chat (converted, split, secrets masked) and wake the sender."""
        adapter = self.adapters.get(platform)
        if adapter is None:
            raise KeyError(f"platform {platform!r} is not running in this gateway")
        caps = adapter.capabilities
        pieces = prepare(text, caps.max_length, caps.markdown)
        shown = buttons if caps.can_buttons else None
        self.store.enqueue(platform, chat_id, thread_id, pieces, buttons=encode_buttons(shown))
        self.outbox.kick(platform)

    def deliver(self, platform: str, chat_id: str, thread_id: str, pieces: list[str], *,
                files: list[str] = (), done: Inbound | None = None) -> None:
        """A turn's reply (already prepared), its files, and the 'answered' mark, in one transaction."""
        mark = (done.platform, done.message_id) if done is not None else None
        files = list(files)
        self.store.enqueue(platform, chat_id, thread_id, pieces, file=files[0] if files else "", done=mark)
        for f in files[1:]:
            self.store.enqueue(platform, chat_id, thread_id, [], file=f)
        self.outbox.kick(platform)

    def status(self) -> dict[str, Any]:
        since = time.time() - 3600
        return {"platforms": self.health, "sessions_live": len(self.sessions),
                "sessions_busy": sum(1 for s in self.sessions.values() if s.busy),
                "sessions_active_hour": self.store.active_routes(since),
                "outbox_pending": self.store.pending()}


def _payload(msg: Inbound) -> str:
    d = asdict(msg)
    try:
        return json.dumps(d)
    except (TypeError, ValueError):
        d["raw"] = {}
        return json.dumps(d)


def _inbound(payload: str) -> Inbound:
    d = json.loads(payload)
    d["attachments"] = [Attachment(**a) for a in d.get("attachments", [])]
    return Inbound(**d)


def _with_attachments(msg: Inbound, *, shared: bool, home_root: Any = None) -> str:
    text = msg.text.strip()
    if shared:  # several people in one conversation: the model needs to know who speaks
        text = f"[{msg.user_name or msg.user_id}]: {text}"
    for a in msg.attachments:
        marker = _image_marker(a, home_root)
        if marker:  # an image the model can see (or hand to vision_analyze)
            text += f"\n[attached image: {a.name}]\n{marker}"
            continue
        where = f" saved at {a.path}" if a.path else ""
        text += f"\n[attached file: {a.name} ({a.mime}, {a.size} bytes){where}]"
    return text


def _image_marker(a: Attachment, home_root: Any) -> str:
    """The image reference for a downloaded attachment that is a usable image; "" otherwise (it is
    then announced as a plain file, with the reason when the image itself was refused)."""
    if home_root is None or not a.path or not (a.mime.startswith("image/") or
                                               a.name.lower().endswith((".png", ".jpg", ".jpeg", ".gif", ".webp"))):
        return ""
    from hermes.core.images import ImageError, load_image_file

    try:
        return load_image_file(home_root, a.path).marker()
    except ImageError as e:
        a.name = f"{a.name} (not shown to the model: {e})"
        return ""
