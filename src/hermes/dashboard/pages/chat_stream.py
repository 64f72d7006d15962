"""The chat page's live conversations: interactive turns streamed as server-sent events.

The OpenAI-compatible API runs sessions with nobody to ask (dangerous commands are denied), so the
dashboard keeps its own small registry of interactive conversations. A turn runs in a task that
feeds one queue; the approval gate's question goes into the same queue, and the page answers it
through /ui/chat/approve. One turn per session at a time: a second send gets 409 instead of
queueing behind an approval nobody may be watching. A client that goes away stops its turn, and
a pending approval is then a no (fail closed).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, AsyncIterator

MAX_LIVE = 32  # idle dashboard conversations kept open; older ones reload from the store
ARGS_CHARS = 2_000
OUTPUT_CHARS = 4_000
ANSWERS = ("once", "session", "deny")  # "always" would edit config.yaml: not from a button


@dataclass(eq=False)
class Live:
    conv: Any = None  # hermes.runtime.Conversation
    running: bool = False
    cancel: asyncio.Event | None = None
    queue: asyncio.Queue | None = None
    approvals: dict[str, asyncio.Future] = field(default_factory=dict)
    mark: tuple | None = None  # (message_count, updated_at) after our last turn


class Chats:
    """Dashboard conversations by session id, bounded; busy ones are never evicted."""

    def __init__(self, srv: Any):
        self.srv = srv
        self.hermes = srv.hermes
        self.entries: OrderedDict[str, Live] = OrderedDict()
        self._closing: set[asyncio.Task] = set()

    def get(self, session_id: str) -> Live | None:
        return self.entries.get(session_id)

    def open(self, session_id: str | None) -> Live:
        """The live conversation of `session_id` (KeyError if the store has no such session), or a
        new dashboard session when None."""
        store = self.hermes.store
        live = self.entries.get(session_id) if session_id else None
        if live is not None and not live.running:
            info = store.get_session(session_id)
            if info is None:  # deleted from the sessions page meanwhile
                self._drop(session_id)
                raise KeyError(session_id)
            if live.mark != (info.message_count, info.updated_at):
                # another front end (API, CLI) ran turns since ours: take its history
                live.conv.state.history[:] = store.get_messages(session_id)
        if live is None:
            if session_id and store.get_session(session_id) is None:
                raise KeyError(session_id)
            live = Live()
            live.conv = self.hermes.open(session_id, source="dashboard", interactive=True,
                                         ask_approval=self._asker(live), create=False)
            self.entries[live.conv.id] = live
        self.entries.move_to_end(live.conv.id)
        self._shrink()
        return live

    def _asker(self, live: Live):
        timeout = self.hermes.config.approvals.timeout

        async def ask(command: str, verdict: Any) -> str:
            rid = secrets.token_hex(8)
            fut: asyncio.Future = asyncio.get_running_loop().create_future()
            live.approvals[rid] = fut
            if live.queue is not None:
                live.queue.put_nowait({"type": "approval", "id": rid, "command": self.scrub(command)[:ARGS_CHARS],
                                       "description": verdict.description, "timeout": timeout})
            answer = "stopped"
            try:
                # no answer in time: the gate tells the model the user did not answer
                answer = await asyncio.wait_for(asyncio.shield(fut), timeout)
                return answer
            except asyncio.TimeoutError:
                answer = "timeout"
                raise
            finally:
                live.approvals.pop(rid, None)
                if live.queue is not None:
                    live.queue.put_nowait({"type": "approval_done", "id": rid, "answer": answer})

        return ask

    def scrub(self, text: str) -> str:
        return self.srv.scrub(text) if text else text

    def deny_all(self, live: Live) -> None:
        for fut in list(live.approvals.values()):
            if not fut.done():
                fut.set_result("deny")

    def _drop(self, session_id: str) -> None:
        live = self.entries.pop(session_id, None)
        if live is not None:
            self._close(live)

    def _shrink(self) -> None:
        for sid in list(self.entries):
            if len(self.entries) <= MAX_LIVE:
                return
            if not self.entries[sid].running:
                self._drop(sid)

    def _close(self, live: Live) -> None:
        async def close() -> None:
            try:
                await live.conv.close()
            except Exception:
                pass  # a backend that fails to close must not break the page
        task = asyncio.get_running_loop().create_task(close())
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)


async def close_all(app: Any) -> None:
    """At server shutdown: deny waiting approvals and close every dashboard conversation (their
    backends, containers and browser contexts with them)."""
    chats = getattr(app.state, "chats", None)
    if chats is None:
        return
    for sid in list(chats.entries):
        live = chats.entries.pop(sid)
        chats.deny_all(live)
        try:
            await live.conv.close()
        except Exception:
            pass  # closing the rest matters more than one that fails
    if chats._closing:
        await asyncio.gather(*chats._closing, return_exceptions=True)


def chats_of(app: Any) -> Chats:
    chats = getattr(app.state, "chats", None)
    if chats is None:
        chats = app.state.chats = Chats(app.state.srv)
    return chats


def event_dict(chats: Chats, ev: Any) -> dict[str, Any] | None:
    """Hermes's own events as the page sees them; secrets scrubbed, outputs truncated."""
    from hermes.core.events import ErrorEvent, Final, Notice, TextDelta, ToolFinished, ToolStarted

    s = chats.scrub
    if isinstance(ev, TextDelta):
        return {"type": "delta", "text": s(ev.text)}
    if isinstance(ev, ToolStarted):
        return {"type": "tool_start", "id": ev.call_id, "name": ev.name, "args": s(ev.arguments)[:ARGS_CHARS]}
    if isinstance(ev, ToolFinished):
        out = s(ev.result_preview or "")
        if len(out) > OUTPUT_CHARS:
            out = out[:OUTPUT_CHARS] + f"\n… ({len(out) - OUTPUT_CHARS} more characters)"
        return {"type": "tool_end", "id": ev.call_id, "name": ev.name, "ok": ev.ok,
                "duration": round(ev.duration, 2), "output": out}
    if isinstance(ev, Notice):
        return {"type": "notice", "text": s(ev.text), "kind": ev.kind}
    if isinstance(ev, Final):
        # the whole text, scrubbed at once: a secret split across deltas is caught here
        return {"type": "final", "text": s(ev.text), "cancelled": ev.cancelled}
    if isinstance(ev, ErrorEvent):
        return {"type": "error", "message": s(ev.message)}
    return None  # usage: the usage page shows it


def sse(d: dict[str, Any]) -> bytes:
    return b"data: " + json.dumps(d, ensure_ascii=False).encode() + b"\n\n"


def start_turn(chats: Chats, live: Live, text: str) -> asyncio.Task:
    """Run the turn in its own task (so an approval can be asked mid-turn); it ends with None."""
    live.running, live.cancel, live.queue = True, asyncio.Event(), asyncio.Queue()
    queue, cancel = live.queue, live.cancel

    async def pump() -> None:
        from contextlib import aclosing

        try:
            async with aclosing(live.conv.send(text, cancel)) as events:
                async for ev in events:
                    d = event_dict(chats, ev)
                    if d is not None:
                        queue.put_nowait(d)
        except Exception as e:
            queue.put_nowait({"type": "error", "message": chats.scrub(f"{type(e).__name__}: {e}")})
        finally:
            info = chats.hermes.store.get_session(live.conv.id)
            live.mark = None if info is None else (info.message_count, info.updated_at)
            live.running, live.cancel = False, None
            chats.deny_all(live)
            queue.put_nowait(None)

    return asyncio.get_running_loop().create_task(pump())


async def stream(chats: Chats, live: Live, task: asyncio.Task) -> AsyncIterator[bytes]:
    queue = live.queue
    assert queue is not None
    try:
        yield sse({"type": "session", "id": live.conv.id})
        while True:
            item = await queue.get()
            if item is None:
                break
            yield sse(item)
        yield sse({"type": "done"})
    finally:
        if not task.done():  # the page went away mid-turn: stop it, and say no to what it asked
            if live.cancel is not None:
                live.cancel.set()
            chats.deny_all(live)
