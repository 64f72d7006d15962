"""The agent loop with the scripted model and real tools from a small registry."""

from __future__ import annotations

import asyncio
import time

import pytest

from hermes.core.agent import Agent, SessionState
from hermes.core.events import (ErrorEvent, Final, Notice, TextDelta, ToolFinished, ToolStarted,
                                UsageEvent)
from hermes.core.messages import Message
from hermes.testing import ScriptedModel, call, calls, fail, reply
from hermes.testing.validate import validate_conversation
from hermes.tools.registry import Registry, ToolContext, tool


@tool(read_only=True)
async def slow_read(ctx: ToolContext, key: str) -> str:
    """Read a key slowly."""
    await asyncio.sleep(0.3)
    return f"value of {key}"


@tool()
async def write_thing(ctx: ToolContext, text: str) -> str:
    """Write something."""
    ctx.state.setdefault("written", []).append(text)
    return "written"


@tool()
async def boom(ctx: ToolContext) -> str:
    """Always fails."""
    raise RuntimeError("kaboom")


@tool()
async def wait_forever(ctx: ToolContext) -> str:
    """Waits until cancelled."""
    await ctx.cancel.wait()
    return "stopped"


def registry() -> Registry:
    return Registry([slow_read, write_thing, boom, wait_forever])


def session() -> SessionState:
    return SessionState(id="s1", system_prompt="You are a test.")


async def run(agent: Agent, st: SessionState, text: str, cancel: asyncio.Event | None = None):
    events = []
    async for ev in agent.run_turn(st, text, ToolContext(session_id=st.id), cancel):
        events.append(ev)
    return events


def replay(st: SessionState) -> list[dict]:
    return [Message.system(st.system_prompt).to_openai(), *[m.to_openai() for m in st.history]]


async def test_streams_text_and_finishes():
    model = ScriptedModel([reply("Hello there, friend", chunks=4)])
    st = session()
    events = await run(Agent(model, registry()), st, "hi")
    deltas = [e.text for e in events if isinstance(e, TextDelta)]
    assert len(deltas) == 4 and "".join(deltas) == "Hello there, friend"
    final = events[-1]
    assert isinstance(final, Final) and final.text == "Hello there, friend"
    assert any(isinstance(e, UsageEvent) for e in events)
    assert [m.role for m in st.history] == ["user", "assistant"]
    # The model saw the system prompt first and the user message last.
    req = model.requests[0]["messages"]
    assert req[0].role == "system" and req[-1].content == "hi"


async def test_tool_call_round_trip_and_events():
    model = ScriptedModel([call("write_thing", {"text": "abc"}), reply("done")])
    st = session()
    events = await run(Agent(model, registry()), st, "write it")
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("ToolStarted") < kinds.index("ToolFinished") < kinds.index("Final")
    fin = next(e for e in events if isinstance(e, ToolFinished))
    assert fin.name == "write_thing" and fin.ok and fin.result_preview == "written"
    assert [m.role for m in st.history] == ["user", "assistant", "tool", "assistant"]
    # The second request carried the tool result.
    assert model.requests[1]["messages"][-1].content == "written"
    validate_conversation(replay(st))


async def test_bad_calls_become_observations_and_store_stays_valid():
    model = ScriptedModel([
        call("no_such_tool", {"x": 1}),
        call("write_thing", '{"text": "unterminated'),
        call("write_thing", ""),  # empty arguments -> missing required argument
        call("boom", {}),
        reply("recovered"),
    ])
    st = session()
    events = await run(Agent(model, registry()), st, "go")
    results = [m.content for m in st.history if m.role == "tool"]
    assert "unknown tool 'no_such_tool'" in results[0] and "write_thing" in results[0]
    assert "not valid JSON" in results[1]
    assert "missing required argument(s): text" in results[2]
    assert "kaboom" in results[3]
    assert isinstance(events[-1], Final) and events[-1].text == "recovered"
    assert all(not e.ok for e in events if isinstance(e, ToolFinished))
    validate_conversation(replay(st))  # malformed arguments were stored as {}
    # and the next turn's request (built from that history) is valid too
    await run(Agent(ScriptedModel([reply("ok")]), registry()), st, "again")
    validate_conversation(replay(st))


async def test_read_only_calls_run_concurrently_in_order():
    model = ScriptedModel([calls(("slow_read", {"key": "a"}), ("slow_read", {"key": "b"}),
                                 ("slow_read", {"key": "c"})), reply("ok")])
    st = session()
    t0 = time.perf_counter()
    await run(Agent(model, registry()), st, "read")
    elapsed = time.perf_counter() - t0
    assert elapsed < 0.8, elapsed  # three 0.3 s reads overlapped
    assert [m.content for m in st.history if m.role == "tool"] == [
        "value of a", "value of b", "value of c"]


async def test_writes_are_not_parallelized():
    agent = Agent(ScriptedModel(), registry())
    batches = agent._batches([c for c in calls(("slow_read", {}), ("write_thing", {}),
                                               ("slow_read", {}), ("slow_read", {})).tool_calls])
    assert [len(b) for b in batches] == [1, 1, 2]


async def test_max_turns_then_grace_call_without_tools():
    steps = [call("write_thing", {"text": str(i)}) for i in range(3)] + [reply("summary")]
    model = ScriptedModel(steps)
    st = session()
    events = await run(Agent(model, registry(), max_turns=3), st, "loop")
    assert isinstance(events[-1], Final) and events[-1].text == "summary"
    assert len(model.requests) == 4
    assert model.requests[3]["tools"] is None  # grace call offers no tools
    assert "final answer" in model.requests[3]["messages"][-1].content
    validate_conversation(replay(st))


async def test_cancel_during_stream():
    model = ScriptedModel([reply("never", delay=5)])
    st = session()
    cancel = asyncio.Event()
    asyncio.get_running_loop().call_later(0.1, cancel.set)
    t0 = time.perf_counter()
    events = await run(Agent(model, registry()), st, "slow", cancel)
    assert time.perf_counter() - t0 < 2
    assert isinstance(events[-1], Final) and events[-1].cancelled
    assert st.history == []  # nothing half-done stored
    await run(Agent(ScriptedModel([reply("ok")]), registry()), st, "again")
    validate_conversation(replay(st))


async def test_cancel_during_tool_gives_every_call_a_result():
    model = ScriptedModel([calls(("wait_forever", {}), ("write_thing", {"text": "x"}))])
    st = session()
    cancel = asyncio.Event()
    asyncio.get_running_loop().call_later(0.2, cancel.set)
    events = await run(Agent(model, registry()), st, "wait", cancel)
    assert events[-1].cancelled
    tool_msgs = [m for m in st.history if m.role == "tool"]
    assert len(tool_msgs) == 2  # the second call never ran but still has a result
    assert tool_msgs[1].content.startswith("[cancelled")
    validate_conversation(replay(st))


async def test_fallback_chain_switches_and_records():
    primary = ScriptedModel([fail(503, "overloaded")], name="big", provider="p1")
    backup = ScriptedModel([reply("from backup")], name="small", provider="p2")
    st = session()
    events = await run(Agent(primary, registry(), fallbacks=[backup]), st, "hi")
    assert any(isinstance(e, Notice) and "switching to p2:small" in e.text for e in events)
    final = events[-1]
    assert final.text == "from backup" and final.meta["fallback"] == "p2:small"


async def test_model_error_is_reported_and_store_valid():
    st = session()
    events = await run(Agent(ScriptedModel([fail(401, "bad key")]), registry()), st, "hi")
    assert isinstance(events[-1], ErrorEvent) and events[-1].kind == "auth"
    # the user's message is kept; the next turn still builds a valid request
    await run(Agent(ScriptedModel([reply("ok")]), registry()), st, "again")
    msgs = replay(st)
    assert [m["role"] for m in msgs] == ["system", "user", "assistant"]
    validate_conversation(msgs)


async def test_model_error_after_tools_keeps_the_work():
    model = ScriptedModel([call("write_thing", {"text": "x"}), fail(500, "down")])
    st = session()
    events = await run(Agent(model, registry()), st, "hi")
    assert isinstance(events[-1], ErrorEvent)
    assert [m.role for m in st.history] == ["user", "assistant", "tool"]
    await run(Agent(ScriptedModel([reply("ok")]), registry()), st, "again")
    validate_conversation(replay(st))


async def test_context_length_error_triggers_compactor_then_retries():
    seen = []

    async def compactor(st, model, forced):
        seen.append(forced)
        if forced:
            st.history = st.history[-2:]
            return ["compressed"]
        return []

    model = ScriptedModel([fail(400, "maximum context length exceeded", kind="context_length"),
                           reply("fits now")])
    st = session()
    st.history = [Message.user("old"), Message.assistant("old answer")] * 5
    events = await run(Agent(model, registry(), compactor=compactor), st, "new")
    assert True in seen and events[-1].text == "fits now"
    assert any(isinstance(e, Notice) and e.text == "compressed" for e in events)
