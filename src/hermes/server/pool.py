"""Live conversations of the API server, one per session id, kept in a bounded LRU.

Opening a conversation reads its frozen prompt and history from the store, so keeping recent ones
live makes a turn cost one store write instead of several reads. The pool is bounded twice: by
the number of live conversations and by the messages they hold in memory; idle ones beyond
either bound are dropped (and reload from the store on their next request). A conversation with
a request in flight or waiting is never evicted, so turns on one session stay serialized.

Each entry has its own FIFO lock: a request takes its place in line synchronously, at the moment
it is admitted, so turns on one session run in arrival order (not in the order their tasks
happen to be scheduled later).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any, Callable


class FifoLock:
    """A lock whose place in line is taken by `ticket()` (no await), then awaited."""

    __slots__ = ("_held", "_queue")

    def __init__(self) -> None:
        self._held = False
        self._queue: deque[asyncio.Future] = deque()

    @property
    def locked(self) -> bool:
        return self._held

    @property
    def waiting(self) -> int:
        return sum(1 for f in self._queue if not f.done())

    def ticket(self) -> asyncio.Future:
        fut = asyncio.get_running_loop().create_future()
        if not self._held and not self._queue:
            self._held = True
            fut.set_result(None)
        else:
            self._queue.append(fut)
        return fut

    def release(self) -> None:
        while self._queue:
            fut = self._queue.popleft()
            if not fut.done():  # a cancelled waiter (client gone) loses its place
                fut.set_result(None)
                return
        self._held = False


class SessionBusy(Exception):
    """The session has a request in flight (it cannot be deleted or re-scoped right now)."""


class ScopeConflict(Exception):
    def __init__(self, session_id: str, scope: str):
        super().__init__(f"session {session_id!r} already belongs to another memory scope "
                         "(X-Hermes-Session-Key); the scope of a session is fixed when it is created")
        self.scope = scope


@dataclass(eq=False)
class Entry:
    session_id: str
    conv: Any  # hermes.runtime.Conversation
    lock: FifoLock = field(default_factory=FifoLock)
    inflight: int = 0  # leases taken and not yet released (running or waiting)
    stale: bool = False  # the store no longer matches (session deleted or pruned elsewhere)
    mark: tuple | None = None  # (message_count, updated_at) when this process last released the session


class Lease:
    """One request's claim on a session: `await acquire()` waits for its turn, `release()` ends it.
    Release is idempotent, so every exit path may call it."""

    __slots__ = ("pool", "entry", "_ticket", "_done", "_cross")

    def __init__(self, pool: "ConversationPool", entry: Entry):
        self.pool = pool
        self.entry = entry
        entry.inflight += 1
        self._ticket: asyncio.Future | None = entry.lock.ticket()
        self._done = False
        self._cross = False  # holds the cross-process turn lock

    @property
    def conv(self) -> Any:
        return self.entry.conv

    async def acquire(self, cancel: asyncio.Event | None = None) -> bool:
        """Wait for this request's turn; False if `cancel` was set first (the place is given up)."""
        fut = self._ticket
        assert fut is not None, "lease already released"
        if not fut.done():
            try:
                if cancel is None:
                    await asyncio.shield(fut)  # release() decides what happens to the ticket
                else:
                    gone = asyncio.ensure_future(cancel.wait())
                    try:
                        await asyncio.wait([fut, gone], return_when=asyncio.FIRST_COMPLETED)
                    finally:
                        gone.cancel()
            except asyncio.CancelledError:
                self.release()
                raise
        if not fut.done():
            self.release()
            return False
        if self.pool.turn_lock is not None and not self._cross:
            try:
                await self.pool.turn_lock.acquire(self.entry.session_id)
                self._cross = True
                self.pool.reload(self.entry)
            except BaseException:
                self.release()
                raise
        return True

    def _release_lock(self) -> None:
        if self._cross:
            self._cross = False
            try:
                self.entry.mark = self.pool.fingerprint(self.entry)
            except Exception:
                self.entry.mark = None  # unknown: the next turn reloads
            try:
                self.pool.turn_lock.release(self.entry.session_id)
            except Exception:  # never leave the in-process lock held because of the other one
                pass
        self.entry.lock.release()

    def invalidate(self) -> None:
        """The store failed under this conversation: reload it from the store once it is idle."""
        self.entry.stale = True

    def release(self) -> None:
        if self._done:
            return
        fut, self._ticket = self._ticket, None
        if fut is not None:
            if fut.done() and not fut.cancelled():
                self._release_lock()
            else:
                fut.cancel()  # never got its turn: give up the place in line
        self._finish()

    def _finish(self) -> None:
        if self._done:
            return
        self._done = True
        self.entry.inflight -= 1
        self.pool._after_release(self.entry)


def new_session_id() -> str:
    """Same shape as the store's ids (sortable by creation) with an `api` marker."""
    return time.strftime("%Y%m%d_%H%M%S") + "_api_" + secrets.token_hex(4)


class ConversationPool:
    def __init__(self, opener: Callable[[str, str], Any], *, max_live: int = 1000,
                 max_messages: int = 50_000, turn_lock: Any = None):
        self._open = opener  # (session_id, scope) -> Conversation (creates the session if new)
        # Several processes share the store: turns also take this lock and reload the history first.
        self.turn_lock = turn_lock
        self.max_live = max(1, max_live)
        self.max_messages = max_messages
        self._entries: OrderedDict[str, Entry] = OrderedDict()
        self._closing: set[asyncio.Task] = set()

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def busy(self) -> int:
        return sum(1 for e in self._entries.values() if e.inflight)

    def get(self, session_id: str) -> Entry | None:
        return self._entries.get(session_id)

    def lease(self, session_id: str, scope: str | None = None) -> Lease:
        """Take a place in line on `session_id` (opened or created now if not live). Synchronous on
        purpose: the place is taken in arrival order. `scope` None means "whatever it has"."""
        entry = self._entries.get(session_id)
        if entry is not None and entry.stale and not entry.inflight:
            self.discard(session_id)
            entry = None
        if entry is None:
            conv = self._open(session_id, scope or session_id)
            entry = self._entries[session_id] = Entry(session_id, conv)
        else:
            self._entries.move_to_end(session_id)
        if scope is not None and entry.conv.state.scope != scope:
            raise ScopeConflict(session_id, entry.conv.state.scope)
        lease = Lease(self, entry)
        self._shrink()
        return lease

    @staticmethod
    def fingerprint(entry: Entry) -> tuple | None:
        info = entry.conv.hermes.store.get_session(entry.session_id)
        return None if info is None else (info.message_count, info.updated_at)

    def reload(self, entry: Entry) -> None:
        """Re-read the history if another process ran turns on this session since this one did
        (two point reads per turn instead of re-reading a history that grows)."""
        if entry.mark is not None and self.fingerprint(entry) == entry.mark:
            return
        entry.conv.state.history[:] = entry.conv.hermes.store.get_messages(entry.session_id)

    def discard(self, session_id: str) -> None:
        """Forget a session (deleted or changed behind the pool's back); refuses if in use."""
        entry = self._entries.get(session_id)
        if entry is None:
            return
        if entry.inflight:
            raise SessionBusy(session_id)
        del self._entries[session_id]
        self._close(entry)

    def _after_release(self, entry: Entry) -> None:
        if entry.inflight == 0 and entry.stale and self._entries.get(entry.session_id) is entry:
            del self._entries[entry.session_id]
            self._close(entry)
        self._shrink()

    def _held_messages(self) -> int:
        return sum(len(e.conv.state.history) for e in self._entries.values())

    def _shrink(self) -> None:
        over_live = len(self._entries) - self.max_live
        if over_live <= 0 and self.max_messages <= 0:
            return
        held = self._held_messages() if self.max_messages > 0 else 0
        if over_live <= 0 and held <= self.max_messages:
            return
        for sid in list(self._entries):  # oldest first
            if over_live <= 0 and held <= self.max_messages:
                break
            entry = self._entries[sid]
            if entry.inflight:
                continue
            del self._entries[sid]
            over_live -= 1
            held -= len(entry.conv.state.history)
            self._close(entry)

    def _close(self, entry: Entry) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        task = loop.create_task(_close_quietly(entry.conv))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def close(self) -> None:
        if self.turn_lock is not None:
            await self.turn_lock.close()
        entries = list(self._entries.values())
        self._entries.clear()
        for e in entries:
            await _close_quietly(e.conv)
        if self._closing:
            await asyncio.wait(list(self._closing), timeout=5)


async def _close_quietly(conv: Any) -> None:
    try:
        await conv.close()
    except Exception:
        pass  # a backend that fails to close must not break the server
