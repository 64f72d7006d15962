"""The learning pass: after enough turns, a background review decides what is worth keeping.

The review runs the same model on a private copy of the recent conversation with only the memory
and skill tools, within an iteration budget. It writes nothing to the transcript and never delays
the user's answer: it runs as a background task and reports a one-line notice of what it saved.
Before compression the agent gets one (awaited) chance to save what matters.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

from hermes.core.agent import Agent, SessionState
from hermes.core.compression import render_transcript
from hermes.core.events import ToolFinished
from hermes.tools.registry import Registry

REVIEW_PROMPT = """You are reviewing a conversation you just had, to decide what is worth \
remembering in future sessions. Use the memory tool for durable facts: the user's preferences, \
corrections and identity (target "user"), and lasting facts about their environment, projects and \
conventions (target "memory"). Write short declarative entries; skip task progress, one-off details, \
anything easy to rediscover, and secrets. If a complex task succeeded (many steps, a correction from \
the user, a recovered failure), capture or improve the procedure as a skill with skill_manage when \
that tool is available: prefer improving an existing skill, name it by task class, and never record \
transient failures or negative claims about tools as rules. If nothing is worth saving, reply \
"nothing to save" without calling tools."""

LEARNING_TOOLS = ("memory", "skill_manage", "skill_view", "skills_list")


class Learner:
    def __init__(self, interval: int, max_iterations: int, notify: Callable[[str], None] | None = None):
        self.interval = interval
        self.max_iterations = max_iterations
        self.notify = notify
        self.tasks: set[asyncio.Task] = set()

    def observe(self, conv: Any, events: list[Any]) -> None:
        """Called after each turn with its events; maybe starts a background review."""
        st = conv.ctx.state
        if any(isinstance(e, ToolFinished) and e.name == "memory" and e.ok for e in events):
            st["turns_since_memory"] = 0
            st["reviewed_upto"] = len(conv.state.history)
            return
        st["turns_since_memory"] = st.get("turns_since_memory", 0) + 1
        if self.interval <= 0 or st["turns_since_memory"] < self.interval:
            return
        if st.get("review_running"):
            return
        st["turns_since_memory"] = 0
        task = asyncio.get_running_loop().create_task(self.review(conv))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def review(self, conv: Any, reason: str = "") -> list[str]:
        """Run one review over the messages since the last one; returns what was saved."""
        st = conv.ctx.state
        st["review_running"] = True
        try:
            start = st.get("reviewed_upto", 0)
            recent = conv.state.history[start:]
            if not recent:
                return []
            tools = Registry([t for name in LEARNING_TOOLS if (t := conv.hermes.registry.get(name))])
            if not tools.names():
                return []
            agent = Agent(conv.agent.model, tools, store=None, max_turns=self.max_iterations,
                          parallel_tools=False, text_tool_calls=conv.agent.text_tool_calls)
            private = SessionState(id=conv.state.id, system_prompt=REVIEW_PROMPT,
                                   scope=conv.state.scope)
            text = render_transcript(recent)[-60_000:]
            if reason:
                text += f"\n\n(Review reason: {reason}.)"
            saved: list[str] = []
            ctx = conv.ctx
            async for ev in agent.run_turn(private, text, ctx, asyncio.Event()):
                if isinstance(ev, ToolFinished) and ev.ok and ev.name in ("memory", "skill_manage"):
                    saved.append(_describe(ev.name, ev.arguments))
            st["reviewed_upto"] = len(conv.state.history)
            if saved and self.notify:
                self.notify("learned: " + "; ".join(saved))
            return saved
        except Exception as e:  # a failed review must never hurt the conversation
            if self.notify:
                self.notify(f"background review failed: {type(e).__name__}")
            return []
        finally:
            st["review_running"] = False

    async def drain(self, timeout: float = 30.0) -> None:
        """Wait for running reviews (at exit), so nothing learned is lost."""
        if self.tasks:
            await asyncio.wait(list(self.tasks), timeout=timeout)


def _describe(tool: str, arguments: str) -> str:
    try:
        args = json.loads(arguments or "{}")
    except ValueError:
        args = {}
    if tool == "memory":
        what = args.get("content") or args.get("old_text") or "batch"
        return f"{args.get('action', 'update')} {args.get('target', 'memory')}: {str(what)[:60]}"
    return f"skill {args.get('action', 'update')} {args.get('name', '')}".strip()

