"""The agent loop: one async, streaming-first turn at a time.

A turn streams the model, runs the tools it asks for (read-only ones concurrently), feeds the
results back, and repeats until the model answers without tools or the iteration budget runs out.
Everything the turn adds is persisted in one transaction at the end, in a form that replays as a
valid request: every tool call has exactly one result, arguments are valid JSON.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Awaitable, Callable

from hermes.core.events import (ErrorEvent, Event, Final, Notice, TextDelta, ToolFinished,
                                ToolStarted, UsageEvent)
from hermes.core.images import image_check, image_refusal
from hermes.core.messages import Message, ToolCall, Usage
from hermes.core import coach as coaching
from hermes.core.repeats import RepeatGuard, cut_cycle
from hermes.core.scope import ScopeGuard
from hermes.models.base import ChatModel, ModelDone, ModelError, TextChunk
from hermes.models.text_calls_stream import recovering
from hermes.tools.registry import Registry, ToolContext, ToolOutcome

GRACE_PROMPT = ("You have reached the maximum number of tool-calling steps for this turn. "
                "Do not call any more tools: give your final answer now, summarizing what was "
                "done and what is left.")
EMPTY_NUDGE = ("Your last reply was empty. Answer the user now in plain words, using the tool results "
               "above; call a tool only if something is still missing.")
CANCELLED = "[cancelled: the user interrupted the turn before this tool call finished]"
STEER_NOTE = "[The user sent this while you were working; take it into account from here on]\n"


@dataclass
class SessionState:
    """One conversation as the loop sees it: frozen system prompt + active history."""
    id: str
    system_prompt: str
    history: list[Message] = field(default_factory=list)
    scope: str = "owner"
    source: str = "cli"
    usage: Usage = field(default_factory=Usage)
    last_input_tokens: int = 0  # what the provider reported for the latest request
    meta: dict[str, Any] = field(default_factory=dict)


class TurnCancelled(Exception):
    pass


# A hook that may shrink the history before a model call; returns notices to show.
Compactor = Callable[[SessionState, ChatModel, bool], Awaitable[list[str]]]


class Agent:
    def __init__(self, model: ChatModel, tools: Registry, *, store: Any = None,
                 max_turns: int = 90, parallel_tools: bool = True,
                 fallbacks: list[ChatModel] | None = None, compactor: Compactor | None = None,
                 price: Callable[[str, Usage], float] | None = None, text_tool_calls: bool = True,
                 coach: bool = False):
        self.model = model
        self.tools = tools
        self.store = store
        self.max_turns = max_turns
        self.parallel_tools = parallel_tools
        self.fallbacks = list(fallbacks or [])
        self.compactor = compactor
        self.price = price
        self.text_tool_calls = text_tool_calls  # recover calls a model wrote as text
        self.coach = coach  # a small model: one more chance when it gives up after a failed call

    def set_tools(self, tools: Registry) -> None:
        self.tools = tools

    async def run_turn(self, session: SessionState, user_text: str, ctx: ToolContext,
                       cancel: asyncio.Event | None = None) -> AsyncIterator[Event]:
        cancel = cancel or ctx.cancel
        ctx.cancel = cancel
        new: list[Message] = [Message.user(user_text)]  # not yet persisted
        ctx.state["request"] = user_text  # tools that check their input against what was asked
        asked = new[0]
        turn_usage = Usage()
        unsaved = Usage()  # usage not yet added to the stored session totals
        text = ""
        cancelled = False
        meta: dict[str, Any] = {}
        guard = RepeatGuard(wide=self.coach)
        scope = ScopeGuard(user_text) if self.coach else None  # edits of files not asked for (small models)
        nudge: str | None = None  # an empty answer, or giving up after an error, gets one more chance
        nudged = 0  # the coach's nudges this turn (at most coaching.MAX_NUDGES)
        if new[0].images:
            refusal = image_check(self.model, self.tools)
            if refusal is not None:
                yield refusal
                if isinstance(refusal, ErrorEvent):
                    return
        try:
            for step in range(self.max_turns + 1):
                grace = step == self.max_turns
                steer = session.meta.pop("steer", None) if step else None
                if steer:  # guidance sent while the turn runs: seen at its next model call
                    new.append(Message.user(STEER_NOTE + "\n".join(steer)))
                for note in await self._maybe_compact(session, new):
                    yield Notice(note, "compression")
                request = _recall([Message.system(session.system_prompt), *session.history, *new],
                                  asked, session)
                if grace:
                    request.append(Message.user(GRACE_PROMPT))
                elif nudge:
                    request.append(Message.user(nudge))
                done: ModelDone | None = None
                choice = None if not self.coach or steer else (
                    coaching.first_choice(user_text, self.tools.names(), bool(session.meta.get("memory_answers")))
                    if not step else coaching.choice_after(nudge))
                async for ev in self._call_model(request, None if grace else self.tools.schemas(),
                                                 cancel, meta, session, new, choice):
                    if isinstance(ev, ModelDone):
                        done = ev
                    else:
                        yield ev
                assert done is not None
                turn_usage = turn_usage + done.usage
                unsaved = unsaved + done.usage
                session.last_input_tokens = done.usage.input_tokens
                yield UsageEvent(done.usage, done.model)
                msg = _sanitize(done.message)
                msg.tool_calls = cut_cycle(msg.tool_calls)  # a reply going round in circles: its first round
                if (not msg.tool_calls and step and nudge in (None, EMPTY_NUDGE) and not grace
                        and not cancel.is_set()):
                    # small models stop without a word after a tool result, or give up (see coach):
                    # one more chance each (give-ups at most twice a turn, also right after an empty reply)
                    said = (msg.content or "").strip()
                    if not said:
                        nudge = None if nudge else EMPTY_NUDGE
                    else:
                        nudge = (coaching.nudge(said, new or session.history, user_text)
                                 if self.coach and nudged < coaching.MAX_NUDGES else None)
                        nudged += nudge is not None
                    if nudge:
                        continue
                nudge = None
                new.append(msg)
                if not msg.tool_calls or grace:
                    _repair_arguments(msg)
                    if grace and msg.tool_calls:  # tools were not offered; drop stray calls
                        msg.tool_calls = []
                    text = msg.content or ""
                    break
                try:
                    async for ev in self._run_tools(msg.tool_calls, ctx, new, cancel, guard, scope):
                        yield ev
                finally:
                    _repair_arguments(msg)
                # Each completed round is stored at once: a crash keeps the work done so far,
                # and the store never holds a call without its result.
                self._persist(session, new, unsaved)
                new, unsaved = [], Usage()
        except TurnCancelled:
            cancelled = True
            _close_dangling_calls(new)
        except ModelError as e:
            _close_dangling_calls(new)
            self._persist(session, _unless_lone_user(new), unsaved)
            yield ErrorEvent(_model_error_text(e), e.kind)
            return
        self._persist(session, _unless_lone_user(new) if cancelled else new, unsaved)
        yield Final(text, turn_usage, cancelled, meta)

    # -- model ---------------------------------------------------------------------------------

    async def _call_model(self, request: list[Message], schemas: list[dict] | None,
                          cancel: asyncio.Event, meta: dict[str, Any], session: SessionState,
                          new: list[Message], tool_choice: str | None = None) -> AsyncIterator[Any]:
        models = [self.model, *self.fallbacks]
        compacted = False
        i = 0
        while i < len(models):
            model = models[i]
            streamed = False
            try:
                stream = (model.stream(request, schemas, tool_choice=tool_choice) if tool_choice and schemas
                          else model.stream(request, schemas))
                if schemas and self.text_tool_calls:
                    stream = recovering(stream, schemas)
                async for chunk in _cancellable(stream, cancel):
                    if isinstance(chunk, TextChunk):
                        streamed = True
                        yield TextDelta(chunk.text)
                    else:
                        if i:
                            meta["fallback"] = f"{model.provider}:{model.name}"
                        yield chunk
                return
            except ModelError as e:
                e = image_refusal(e, model, request)
                if e.kind == "context_length" and self.compactor and not compacted and not streamed:
                    compacted = True
                    for note in await self.compactor(session, model, True):
                        yield Notice(note, "compression")
                    request[:] = [Message.system(session.system_prompt), *session.history, *new]
                    continue
                if streamed or i + 1 >= len(models) or e.kind in ("bad_request", "context_length"):
                    raise e
                nxt = models[i + 1]
                yield Notice(f"{model.provider}:{model.name} failed ({e.kind}); "
                             f"switching to {nxt.provider}:{nxt.name}", "fallback")
                i += 1

    async def _maybe_compact(self, session: SessionState, new: list[Message]) -> list[str]:
        if self.compactor is None:
            return []
        session.meta["pending"] = new
        return await self.compactor(session, self.model, False)

    # -- tools ---------------------------------------------------------------------------------

    async def _run_tools(self, calls: list[ToolCall], ctx: ToolContext, new: list[Message],
                         cancel: asyncio.Event, guard: RepeatGuard,
                         scope: ScopeGuard | None = None) -> AsyncIterator[Event]:
        if scope is not None:
            scope.new_reply()
        for batch in self._batches(calls):
            if cancel.is_set():
                raise TurnCancelled
            for c in batch:
                yield ToolStarted(c.id, c.name, c.arguments)
            started = time.perf_counter()
            tasks = [asyncio.ensure_future(self._guarded(c, ctx, guard, scope)) for c in batch]
            waiter = asyncio.ensure_future(cancel.wait())
            try:
                while not all(t.done() for t in tasks) and not cancel.is_set():
                    await asyncio.wait([*[t for t in tasks if not t.done()], waiter],
                                       return_when=asyncio.FIRST_COMPLETED)
                if cancel.is_set():
                    # Give running commands a moment to notice ctx.cancel and clean up.
                    _, pending = await asyncio.wait(tasks, timeout=3)
                    for t in pending:
                        t.cancel()
            finally:
                waiter.cancel()
            for c, t in zip(batch, tasks):
                if t.done() and not t.cancelled() and t.exception() is None:
                    out: ToolOutcome = t.result()
                else:
                    out = ToolOutcome(CANCELLED, False)
                new.append(Message.tool(c.id, c.name, out.text))
                yield ToolFinished(c.id, c.name, c.arguments, time.perf_counter() - started,
                                   _preview(out.text), out.ok)
            if cancel.is_set():
                raise TurnCancelled

    async def _run_one(self, call: ToolCall, ctx: ToolContext) -> ToolOutcome:
        return await self.tools.execute(call, ctx)

    async def _guarded(self, call: ToolCall, ctx: ToolContext, guard: RepeatGuard,
                       scope: ScopeGuard | None = None) -> ToolOutcome:
        refusal = guard.refuse(call) or (scope.refuse(call, ctx) if scope else None)
        if refusal is not None:
            return ToolOutcome(refusal, False)
        out = await self._run_one(call, ctx)
        return ToolOutcome(guard.seen(call, out.text), out.ok)

    def _batches(self, calls: list[ToolCall]) -> list[list[ToolCall]]:
        """Consecutive read-only calls form one concurrent batch; anything else runs alone."""
        batches: list[list[ToolCall]] = []
        prev_ro = False
        for c in calls:
            ro = self.parallel_tools and _is_ro(self.tools, c)
            if ro and prev_ro:
                batches[-1].append(c)
            else:
                batches.append([c])
            prev_ro = ro
        return batches

    # -- persistence ---------------------------------------------------------------------------

    def _persist(self, session: SessionState, new: list[Message], usage: Usage) -> None:
        if not new:
            return
        session.history.extend(new)
        session.usage = session.usage + usage
        if self.store is not None:
            cost = self.price(self.model.name, usage) if self.price else 0.0
            ids = self.store.append_messages(session.id, new, usage=usage, model=self.model.name,
                                             cost_usd=cost)
            for m, i in zip(new, ids or []):
                m.id = i


def _recall(request: list[Message], asked: Message, session: SessionState) -> list[Message]:
    """A memory provider's block for this turn rides on a copy of its user message, and the memory
    entries pointed out for a small model follow it as a system note: neither is stored nor in later
    requests, and the cached prefix before them stays byte-stable."""
    block, pointed = session.meta.get("recall"), session.meta.get("memory_note")
    if not block and not pointed:
        return request
    out: list[Message] = []
    for m in request:
        if m is not asked:
            out.append(m)
            continue
        out.append(dataclasses.replace(m, content=f"{block}\n\n{m.content or ''}") if block else m)
        if pointed:
            out.append(Message.system(pointed))
    return out


def _is_ro(tools: Registry, c: ToolCall) -> bool:
    t = tools.get(c.name)
    return t is not None and t.read_only


async def _cancellable(stream: AsyncIterator[Any], cancel: asyncio.Event) -> AsyncIterator[Any]:
    """Iterate a model stream, abandoning it (and closing its connection) when cancel is set."""
    it = stream.__aiter__()
    waiter = asyncio.ensure_future(cancel.wait())
    try:
        while True:
            nxt = asyncio.ensure_future(it.__anext__())
            await asyncio.wait([nxt, waiter], return_when=asyncio.FIRST_COMPLETED)
            if not nxt.done():
                nxt.cancel()
                try:
                    await nxt
                except (asyncio.CancelledError, StopAsyncIteration, Exception):
                    pass
                raise TurnCancelled
            try:
                yield nxt.result()
            except StopAsyncIteration:
                return
    finally:
        waiter.cancel()
        aclose = getattr(it, "aclose", None)
        if aclose:
            try:
                await aclose()
            except Exception:
                pass


def _sanitize(msg: Message) -> Message:
    """Every tool call gets an id and a name, so each can be answered and stored."""
    for tc in msg.tool_calls:
        if not tc.id:
            tc.id = "call_" + uuid.uuid4().hex[:12]
        if not tc.name:
            tc.name = "invalid_tool_call"
    return msg


def _repair_arguments(msg: Message) -> None:
    """After the tools saw the raw text (and reported errors), store only valid JSON objects,
    so the next request built from history is accepted by strict providers."""
    for tc in msg.tool_calls:
        raw = (tc.arguments or "").strip()
        try:
            ok = isinstance(json.loads(raw), dict)
        except ValueError:
            ok = False
        if not ok:
            tc.arguments = "{}"


def _unless_lone_user(new: list[Message]) -> list[Message]:
    """A user message that got no reply at all is not stored: the next turn would otherwise
    send two user messages in a row, which strict providers reject."""
    return [] if len(new) == 1 and new[0].role == "user" else new


def _close_dangling_calls(new: list[Message]) -> None:
    answered = {m.tool_call_id for m in new if m.role == "tool"}
    for m in list(new):
        for tc in m.tool_calls:
            if tc.id not in answered:
                new.append(Message.tool(tc.id, tc.name, CANCELLED))
                answered.add(tc.id)


def _preview(text: str, limit: int = 200) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[:limit - 1] + "…"


def _model_error_text(e: ModelError) -> str:
    return f"model call failed ({e.kind}{f', HTTP {e.status}' if e.status else ''}): {e}"
