"""A live session (`Conversation`): one turn at a time, with the memory provider's recall before a
turn and its sync after, memory notes for small models, skill outcomes, and the clean-up on close.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, AsyncIterator

from hermes.core.agent import Agent, SessionState
from hermes.core.context import PromptParts
from hermes.core.events import ErrorEvent, Event, Final, TextDelta
from hermes.models.base import ChatModel
from hermes.tools.registry import ToolContext

if TYPE_CHECKING:
    from hermes.runtime import Hermes


@dataclass
class Conversation:
    """A live session: its frozen prompt, history, tool context and the loop that drives it."""
    hermes: "Hermes"
    state: SessionState
    ctx: ToolContext
    agent: Agent
    parts: PromptParts | None = None
    busy: asyncio.Lock = field(default_factory=asyncio.Lock)
    memory_scope: Any = None  # hermes.memory.provider.ProviderScope when a provider is active

    @property
    def id(self) -> str:
        return self.state.id

    async def send(self, text: str, cancel: asyncio.Event | None = None) -> AsyncIterator[Event]:
        """Run one turn; turns on one conversation run one at a time, in order."""
        async with self.busy:
            self.ctx.cancel = cancel or asyncio.Event()
            events: list[Event] = []
            await self._recall(text)
            self._point_out(text)
            try:
                async for ev in self.agent.run_turn(self.state, text, self.ctx, self.ctx.cancel):
                    if not isinstance(ev, TextDelta):
                        events.append(ev)
                    yield ev
            finally:
                self.state.meta.pop("recall", None)  # this turn's only
                self.state.meta.pop("memory_note", None)
                self.state.meta.pop("memory_answers", None)
            final = events[-1] if events else None
            active = self.hermes.memory_provider
            if active is not None and isinstance(final, Final) and not final.cancelled:
                from hermes.memory.provider import TurnRecord

                active.schedule_sync(TurnRecord(self.memory_scope, text, final.text, time.time(),
                                                {"session_id": self.id, "source": self.state.source,
                                                 "turn_id": uuid.uuid4().hex}))  # for a service to dedupe
            viewed = self.ctx.state.pop("skills_viewed", None)
            if viewed:
                from hermes.skills.store import record_outcome

                ok = isinstance(final, Final) and not final.cancelled
                record_outcome(self.hermes.home, viewed, ok)
            if self.hermes.learner is not None and isinstance(final, Final):
                self.hermes.learner.observe(self, events)

    async def _recall(self, text: str) -> None:
        """The active memory provider's block for this turn (never a reason for the turn to fail)."""
        active = self.hermes.memory_provider
        if active is None:
            return
        try:
            block, status = await active.prefetch(text, self.memory_scope)
        except Exception as e:
            self.hermes.notices.append(f"memory provider skipped: {type(e).__name__}")
            return
        self.state.meta["provider_status"] = status
        if block:
            self.state.meta["recall"] = block

    def _point_out(self, text: str) -> None:
        """For a small model, the memory entries this message is about, repeated next to it."""
        config = self.hermes.config
        if not self.agent.coach or not config.memory.enabled:
            return
        from hermes.core.coach import question
        from hermes.memory.relevant import answers, note, relevant_entries

        if not question(text):  # a task, not a question: given the note, the model answered with it
            return

        try:
            entries = relevant_entries(self.hermes.home, self.state.scope, config, text)
        except OSError as e:  # an unreadable document must not fail the turn
            self.hermes.notices.append(f"memory note skipped: {e}")
            return
        if entries:
            self.state.meta["memory_note"] = note(entries)
            self.state.meta["memory_answers"] = answers(text, entries)

    async def ask(self, text: str, cancel: asyncio.Event | None = None) -> Final:
        final: Final | None = None
        async for ev in self.send(text, cancel):
            if isinstance(ev, Final):
                final = ev
            elif isinstance(ev, ErrorEvent):
                raise RuntimeError(ev.message)
        assert final is not None
        return final

    def set_model(self, model: ChatModel) -> None:
        self.agent.model = model

    async def close(self) -> None:
        active = self.hermes.memory_provider
        if active is not None:  # syncs still running are delivered or queued before we go
            await active.drain()
            if "provider_status" in self.state.meta:  # it took part in this session (not a subagent's)
                await active.on_session_end(self.memory_scope)
        if self.hermes.config.trajectories.enabled:  # a finished session becomes one training line
            try:
                from hermes.research.trajectories import record_conversation

                record_conversation(self)
            except Exception as e:  # a full disk must not keep the session from closing
                self.hermes.notices.append(f"trajectory not saved: {type(e).__name__}: {e}")
        for key in ("exec", "browser"):  # the session's backend and its browser context
            res = self.ctx.state.get(key)
            if res is not None:
                closing = res.close()
                if asyncio.iscoroutine(closing):
                    await closing
