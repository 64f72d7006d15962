"""The `delegate` tool: hand independent sub-tasks to child agents that run in parallel.

Each child is a real session (source "subagent", linked to the parent session in the store) driven
by the same agent loop, with a fresh context holding only its goal and the context text it was
given. Children never get the delegation toolset (no recursion), get no memory tools unless
allowed, and run non-interactively, so any command that needs approval is denied.
"""

from __future__ import annotations

import asyncio
import functools
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from hermes.core.events import ErrorEvent, Final, UsageEvent
from hermes.core.messages import Usage
from hermes.tools.registry import ToolContext, ToolError, tool, truncate

MAX_TASKS = 8
CONCURRENCY = 4  # children running at once; the rest wait for a slot
RESULT_CHARS = 16_000  # the whole answer; each child's report gets an equal share
FORBIDDEN = {"delegation"}  # never handed down: a child must not spawn children
MEMORY_TOOLSETS = {"memory"}  # dropped unless allow_memory: a child must not write the parent's memory

CHILD_PROMPT = ("You are a sub-agent working on one task for another agent, not for a person. Nobody "
                "can answer questions or approve commands: work with what you have. Finish with a "
                "concise report of what you found or did, and what is left undone.")


@dataclass
class Child:
    """One sub-task and what became of it."""
    goal: str
    context: str = ""
    toolsets: list[str] | None = None
    status: str = "stopped"  # done | failed | stopped | out of budget (...)
    report: str = ""
    session_id: str = ""
    model_calls: int = 0
    usage: Usage = field(default_factory=Usage)
    cancel: asyncio.Event = field(default_factory=asyncio.Event)
    over_tokens: bool = False


def _children(tasks: list[Any], context: str) -> list[Child]:
    """Accept plain goals or {goal, context?, toolsets?} objects, whichever the model sent."""
    out = []
    for t in tasks:
        if isinstance(t, dict):
            goal = str(t.get("goal") or t.get("task") or "").strip()
            extra = str(t.get("context") or "").strip()
            sets = t.get("toolsets")
            out.append(Child(goal, "\n\n".join(p for p in (context.strip(), extra) if p),
                             list(sets) if isinstance(sets, list) else None))
        else:
            out.append(Child(str(t).strip(), context.strip()))
    if any(not c.goal for c in out):
        raise ToolError("delegate: every task needs a goal (a non-empty string).")
    return out


def child_toolsets(hermes: Any, wanted: list[str] | None, allow_memory: bool) -> list[str]:
    """The toolsets a child gets: what was asked for (or the defaults), minus the forbidden ones."""
    names = list(wanted) if wanted else list(hermes.default_toolsets())
    if "all" in names:  # expand, so the exclusions below still apply
        known = set(hermes.registry.toolsets()) | {getattr(p, "toolset", "") for p in hermes.registry.providers}
        names = [n for n in names if n != "all"] + sorted(k for k in known if k)
    drop = FORBIDDEN | (set() if allow_memory else MEMORY_TOOLSETS)
    return list(dict.fromkeys(n for n in names if n not in drop))


def _first_message(child: Child) -> str:
    text = f"Your task:\n{child.goal}"
    if child.context:
        text += f"\n\nContext from the agent that delegated this task:\n{child.context}"
    return text


def _open_child(hermes: Any, ctx: ToolContext, child: Child, toolsets: list[str]) -> Any:
    store = hermes.store
    # Link to the parent session when it is stored (tools may run outside a stored session).
    parent = ctx.session_id if ctx.session_id and store.get_session(ctx.session_id) else None
    info = store.create_session(source="subagent", scope=ctx.scope, model=hermes.model.name,
                                parent_id=parent, title=child.goal[:80])
    conv = hermes.open(info.id, source="subagent", scope=ctx.scope, interactive=False,
                       toolsets=toolsets, create=False, prompt_extra={"subagent": CHILD_PROMPT})
    child.session_id = conv.id
    return conv


async def _run_child(hermes: Any, ctx: ToolContext, child: Child, toolsets: list[str],
                     max_turns: int, max_tokens: int) -> None:
    conv = _open_child(hermes, ctx, child, toolsets)
    conv.agent.max_turns = max_turns
    comp = conv.agent.compactor
    if comp is not None and "memory" not in toolsets:
        comp.before_compress = None  # the pre-compression review would save to the parent's memory
    conv.ctx.cancel = child.cancel
    final: Final | None = None
    try:
        # The loop itself rather than Conversation.send: send also runs the background memory
        # review, which must not write the parent's memory on a child's behalf.
        async for ev in conv.agent.run_turn(conv.state, _first_message(child), conv.ctx, child.cancel):
            if isinstance(ev, UsageEvent):
                child.model_calls += 1
                child.usage = child.usage + ev.usage
                if max_tokens and child.usage.total > max_tokens and not child.cancel.is_set():
                    child.over_tokens = True
                    child.cancel.set()  # the loop stops before its next tool call or model call
            elif isinstance(ev, ErrorEvent):
                child.status, child.report = "failed", ev.message
            elif isinstance(ev, Final):
                final = ev
    finally:
        await conv.close()
    if final is not None:
        _settle(child, final, max_turns)


def _settle(child: Child, final: Final, max_turns: int) -> None:
    child.report = final.text.strip()
    if child.over_tokens:
        child.status = "out of budget (tokens)"
    elif final.cancelled:
        child.status = "stopped"
    elif child.model_calls > max_turns:  # the loop's last call is the no-tools "wrap up" one
        child.status = "out of budget (turns)"
    else:
        child.status = "done"


async def _guarded(sem: asyncio.Semaphore, parent_cancel: asyncio.Event, child: Child,
                   start: Callable[[], Awaitable[None]]) -> None:
    async with sem:
        if parent_cancel.is_set() or child.cancel.is_set():
            child.report = "not started: the parent was stopped"
            return
        try:
            await start()
        except asyncio.CancelledError:
            raise
        except Exception as e:  # one broken child must not sink its siblings
            child.status, child.report = "failed", f"{type(e).__name__}: {str(e)[:500]}"


async def _relay_stop(parent: asyncio.Event, children: list[Child]) -> None:
    """The parent's stop reaches every child at once."""
    await parent.wait()
    for c in children:
        c.cancel.set()


def _render(children: list[Child]) -> str:
    counts: dict[str, int] = {}
    for c in children:
        counts[c.status] = counts.get(c.status, 0) + 1
    head = f"Delegated {len(children)} task(s): " + ", ".join(f"{n} {s}" for s, n in counts.items()) + "."
    share = max(RESULT_CHARS // max(len(children), 1) - 300, 500)
    parts = [head]
    for i, c in enumerate(children, 1):
        meta = f"session {c.session_id or 'none'}, {c.model_calls} model call(s), {c.usage.total} tokens"
        body = truncate(c.report, share) if c.report else "(no report)"
        parts.append(f"[{i}] {c.status} ({meta})\nGoal: {c.goal[:300]}\nReport:\n{body}")
    return "\n\n".join(parts)


@tool(toolset="delegation", max_result_chars=RESULT_CHARS + 2_000)
async def delegate(ctx: ToolContext, tasks: list[str], context: str = "",
                   toolsets: list[str] | None = None, max_turns: int = 20,
                   max_tokens: int = 200_000, allow_memory: bool = False) -> str:
    """Hand independent sub-tasks to sub-agents that work on them in parallel, each in a fresh
    context, and get back one report per task. Use it for separate pieces of work (research
    several topics, check several files); each sub-agent sees only its task and the context you
    give it, not this conversation, so write self-contained tasks.

    Args:
        tasks: One self-contained goal per sub-agent (at most 8).
        context: Background every sub-agent needs (facts, paths, constraints), shared by all tasks.
        toolsets: Toolsets the sub-agents may use (default: the usual ones). Delegation is never
            available to them, memory only with allow_memory.
        max_turns: Tool-calling steps each sub-agent may take before it must report.
        max_tokens: Tokens (input + output) each sub-agent may use before it is stopped.
        allow_memory: Let sub-agents use the memory tools (they write to your memory).
    """
    hermes = ctx.services.get("hermes")
    if hermes is None:
        raise ToolError("delegate: no runtime is available to run sub-agents here.")
    if not tasks:
        raise ToolError("delegate: give at least one task.")
    if len(tasks) > MAX_TASKS:
        raise ToolError(f"delegate: at most {MAX_TASKS} tasks at once (got {len(tasks)}); group them.")
    children = _children(tasks, context)
    max_turns = max(1, min(int(max_turns), hermes.config.agent.max_turns))
    sem = asyncio.Semaphore(CONCURRENCY)
    jobs = []
    for c in children:
        sets = child_toolsets(hermes, c.toolsets or toolsets, allow_memory)
        start = functools.partial(_run_child, hermes, ctx, c, sets, max_turns, max(0, int(max_tokens)))
        jobs.append(asyncio.ensure_future(_guarded(sem, ctx.cancel, c, start)))
    relay = asyncio.ensure_future(_relay_stop(ctx.cancel, children))
    try:
        await asyncio.gather(*jobs)
    finally:
        relay.cancel()
        # Only when this call itself was cancelled: the children stop with it.
        for c, j in zip(children, jobs):
            if not j.done():
                c.cancel.set()
                j.cancel()
    return _render(children)


TOOLS = [delegate]
