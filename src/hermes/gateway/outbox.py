"""The durable outbox: every reply is written to gateway.db first and sent from there.

One pump per platform sends what is due, chats in parallel and each chat in order: an item waiting
for a retry holds back the later items of its chat, so replies never arrive out of order. A send the
platform refused is retried with exponential backoff and jitter (or after the `retry_after` it
asked for); a permanent refusal (chat gone, bot blocked) or too many attempts drops the item with a
log line. Items survive a restart: the next gateway sends them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from typing import Any

from hermes.gateway.base import Button, PlatformError

log = logging.getLogger("hermes.gateway")

MAX_ATTEMPTS = 12  # about an hour of backoff, then the item is dropped (and logged)
MAX_DELAY = 600.0
PARALLEL_CHATS = 16


def backoff(attempts: int) -> float:
    """1 s, 2 s, 4 s ... capped, with jitter so many failed chats do not retry in lockstep."""
    return min(MAX_DELAY, 2.0 ** attempts) * random.uniform(0.75, 1.25)


def encode_buttons(buttons: list[Button] | None) -> str:
    return json.dumps([[b.label, b.data] for b in buttons]) if buttons else ""


def _buttons(raw: str) -> list[Button] | None:
    return [Button(label, data) for label, data in json.loads(raw)] if raw else None


class Outbox:
    def __init__(self, store: Any, adapters: dict[str, Any], on_error: Any = None):
        self.store, self.adapters = store, adapters
        self.on_error = on_error or (lambda platform, text: None)
        self._wake: dict[str, asyncio.Event] = {}
        self._tasks: list[asyncio.Task] = []
        self._sem = asyncio.Semaphore(PARALLEL_CHATS)

    def start(self) -> None:
        for name in self.adapters:
            self._wake[name] = asyncio.Event()
            self._tasks.append(asyncio.create_task(self._pump(name), name=f"outbox-{name}"))

    def kick(self, platform: str) -> None:
        ev = self._wake.get(platform)
        if ev is not None:
            ev.set()

    async def stop(self) -> None:
        for t in self._tasks:
            t.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks.clear()

    async def flush(self, platform: str, timeout: float) -> bool:
        """Let the pump send what is due, for at most `timeout` seconds; True when nothing is due.
        (Waiting on the pump rather than sending here: two senders would send items twice.)"""
        self.kick(platform)
        deadline = time.time() + timeout
        while time.time() < deadline:
            nxt = self.store.next_due(platform)
            if nxt is None or nxt > time.time():
                return True
            await asyncio.sleep(0.05)
        return False

    async def _pump(self, platform: str) -> None:
        wake = self._wake[platform]
        while True:
            wake.clear()
            try:
                await self.send_due(platform)
            except asyncio.CancelledError:
                raise
            except Exception:  # a store hiccup must not end the pump: try again shortly
                log.exception("outbox pump for %s failed; retrying", platform)
                await asyncio.sleep(1.0)
                continue
            nxt = self.store.next_due(platform)
            adapter = self.adapters[platform]
            if nxt is not None and not adapter.connected:
                nxt = time.time() + 1.0  # look again once the adapter is back
            timeout = None if nxt is None else max(0.02, nxt - time.time())
            try:  # asyncio.timeout, not wait_for: 3.11's wait_for can swallow the cancel of stop()
                async with asyncio.timeout(timeout):
                    await wake.wait()
            except TimeoutError:
                pass

    async def send_due(self, platform: str) -> None:
        adapter = self.adapters[platform]
        if not adapter.connected:
            return
        while True:
            rows = self.store.due(platform)
            now = time.time()
            chats: dict[tuple[str, str], list[tuple]] = {}
            held: set[tuple[str, str]] = set()
            for row in rows:
                key = (row[1], row[2])
                if key in held:
                    continue
                if row[6] > now:  # waiting for a retry: later items of the chat wait too
                    held.add(key)
                    continue
                chats.setdefault(key, []).append(row)
            if not chats:
                return
            await asyncio.gather(*(self._send_chat(adapter, items) for items in chats.values()))
            if len(rows) < 200:
                # one more pass only if new items came while sending
                if not any(r[6] <= time.time() for r in self.store.due(platform)):
                    return

    async def _send_chat(self, adapter: Any, items: list[tuple]) -> None:
        async with self._sem:
            for item_id, chat_id, thread_id, text, file, attempts, _next_at, buttons in items:
                try:
                    if file:
                        await self._send_file(adapter, chat_id, thread_id, file)
                    else:
                        await adapter.send(chat_id, text, thread_id=thread_id, buttons=_buttons(buttons))
                except asyncio.CancelledError:
                    raise
                except Exception as e:
                    self._failed(adapter.name, item_id, chat_id, attempts, e)
                    return  # keep this chat's order: the rest waits for the retry
                self.store.delivered(item_id)

    async def _send_file(self, adapter: Any, chat_id: str, thread_id: str, path: str) -> None:
        if adapter.capabilities.can_files:
            await adapter.send_file(chat_id, path, thread_id=thread_id)
        else:
            await adapter.send(chat_id, f"(a file was made for you, but {adapter.name} cannot carry files: "
                                        f"{path})", thread_id=thread_id)

    def _failed(self, platform: str, item_id: int, chat_id: str, attempts: int, e: Exception) -> None:
        permanent = isinstance(e, PlatformError) and e.permanent
        why = f"{type(e).__name__}: {e}"[:300]
        if permanent or attempts + 1 >= MAX_ATTEMPTS:
            log.warning("%s: dropped a reply to chat %s after %d attempts (%s)", platform, chat_id,
                        attempts + 1, why)
            self.on_error(platform, f"dropped a reply to {chat_id}: {why}")
            self.store.delivered(item_id)
            return
        wait = e.retry_after if isinstance(e, PlatformError) and e.retry_after else backoff(attempts)
        log.info("%s: send to chat %s failed (%s); retry in %.1f s", platform, chat_id, why, wait)
        self.on_error(platform, why)
        self.store.failed(item_id, why, wait)
