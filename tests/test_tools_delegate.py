"""The delegate tool end to end: a real runtime, SQLite store and agent loop; the scripted model
plays both the parent and its sub-agents, answering each child according to its goal."""

from __future__ import annotations

import asyncio
import re
import time

import pytest

from hermes.config import Config
from hermes.core.messages import Message
from hermes.home import Home
from hermes.runtime import Hermes
from hermes.testing import ScriptedModel
from hermes.testing.script import Step, call, reply
from hermes.tools.delegate import CHILD_PROMPT, child_toolsets

DELAY = 0.5


def _is_child(messages: list[Message]) -> bool:
    return CHILD_PROMPT in (messages[0].content or "")


def _goal(messages: list[Message]) -> str:
    first = next(m for m in messages if m.role == "user")
    return first.content.split("\n")[1]


def _tool_results(messages: list[Message]) -> list[str]:
    return [m.content or "" for m in messages if m.role == "tool"]


def _child(messages: list[Message], tools) -> Step:
    """A sub-agent: its goal says how it behaves."""
    goal, results = _goal(messages), _tool_results(messages)
    if tools is None:  # the loop's wrap-up call after the turn budget ran out
        return reply(f"partial report for {goal}")
    if goal.startswith("loop"):
        return call("terminal", {"command": f"echo step {len(results)}"})
    if goal.startswith("danger"):
        if not results:
            return call("terminal", {"command": "git push --force origin main"})
        return reply(f"terminal said: {results[-1]}")
    if goal.startswith("slow"):
        return reply("too late", delay=30)
    if goal.startswith("greedy"):
        return Step(tool_calls=call("terminal", {"command": "echo more"}).tool_calls,
                    usage={"input_tokens": 5_000, "output_tokens": 10})
    return reply(f"report for {goal}", delay=DELAY)


def router(delegate_args: dict):
    """One step function for every model call: children by goal, the parent by its progress."""
    def step(messages: list[Message], tools) -> Step:
        if _is_child(messages):
            return _child(messages, tools)
        results = _tool_results(messages)
        if results:
            return reply("Summary of sub-agents:\n" + results[-1])
        return call("delegate", delegate_args)
    return step


def make(tmp_path, delegate_args: dict, **cfg) -> tuple[Hermes, ScriptedModel]:
    config = Config.model_validate({"toolsets": ["core", "memory", "delegation"],
                                    "memory": {"review_interval": 0}, **cfg})
    config.terminal.cwd = str(tmp_path)
    model = ScriptedModel([router(delegate_args)] * 100)
    return Hermes(Home(tmp_path / "home").ensure(), config, model=model, secrets={}), model


def _session_ids(report: str) -> list[str]:
    return re.findall(r"session (\S+),", report)


def _child_requests(model: ScriptedModel) -> list[dict]:
    return [r for r in model.requests if _is_child(r["messages"])]


async def test_three_children_run_in_parallel_and_the_parent_gets_their_reports(tmp_path):
    h, model = make(tmp_path, {"tasks": ["alpha facts", "beta facts", "gamma facts"],
                               "context": "shared background"})
    conv = h.open()
    assert "delegate" in conv.agent.tools.names()
    started = time.perf_counter()
    final = await conv.ask("research three things")
    elapsed = time.perf_counter() - started
    assert DELAY <= elapsed < 2 * DELAY, elapsed  # one after another they would take 3 delays
    text = final.text
    assert text.startswith("Summary of sub-agents:")
    assert "3 done" in text
    for i, goal in enumerate(["alpha", "beta", "gamma"], 1):
        assert re.search(rf"\[{i}\] done .*\nGoal: {goal} facts\nReport:\nreport for {goal} facts", text)
    # Each child saw only a fresh context: its own goal and the given context, not the parent's talk.
    for r in _child_requests(model):
        users = [m.content for m in r["messages"] if m.role == "user"]
        assert len(users) == 1 and "shared background" in users[0]
        assert "research three things" not in users[0]


async def test_children_get_neither_delegation_nor_memory_writing_by_default(tmp_path):
    h, model = make(tmp_path, {"tasks": ["alpha facts"]})
    await h.open().ask("go")
    names = {s["function"]["name"] for s in _child_requests(model)[0]["tools"]}
    assert "terminal" in names
    assert "delegate" not in names and "memory" not in names
    # Asked for explicitly, delegation is still refused; memory only with allow_memory.
    assert "delegation" not in child_toolsets(h, ["core", "delegation", "memory"], True)
    assert "memory" in child_toolsets(h, ["core", "memory"], True)
    assert child_toolsets(h, ["all"], False) and "delegation" not in child_toolsets(h, ["all"], False)


async def test_allow_memory_gives_children_the_memory_tool(tmp_path):
    h, model = make(tmp_path, {"tasks": ["alpha facts"], "allow_memory": True})
    await h.open().ask("go")
    names = {s["function"]["name"] for s in _child_requests(model)[0]["tools"]}
    assert "memory" in names and "delegate" not in names


async def test_a_child_out_of_turns_is_reported_as_such(tmp_path):
    h, _ = make(tmp_path, {"tasks": ["loop forever", "alpha facts"], "max_turns": 2})
    final = await h.open().ask("go")
    assert re.search(r"\[1\] out of budget \(turns\) .*\nGoal: loop forever\nReport:\n"
                     r"partial report for loop forever", final.text)
    assert "[2] done" in final.text


async def test_a_child_over_its_token_budget_is_stopped(tmp_path):
    h, _ = make(tmp_path, {"tasks": ["greedy worker"], "max_tokens": 1_000})
    final = await h.open().ask("go")
    assert "[1] out of budget (tokens)" in final.text
    sid = _session_ids(final.text)[0]
    # Stopped right after its first model call: the tool it asked for never ran.
    assert not [m for m in h.store.get_messages(sid) if m.role == "tool" and "more" in (m.content or "")]


async def test_parent_stop_stops_children_promptly(tmp_path):
    h, model = make(tmp_path, {"tasks": ["slow one", "slow two", "slow three", "slow four", "slow five"]})
    conv = h.open()
    stop = asyncio.Event()
    task = asyncio.create_task(conv.ask("go", cancel=stop))
    for _ in range(200):  # wait until the first children are talking to the model
        if len(_child_requests(model)) >= 4:
            break
        await asyncio.sleep(0.01)
    assert len(_child_requests(model)) == 4  # the concurrency cap holds the fifth back
    started = time.perf_counter()
    stop.set()
    final = await asyncio.wait_for(task, 5)
    assert time.perf_counter() - started < 1.5
    assert final.cancelled
    result = next(m.content for m in h.store.get_messages(conv.id) if m.role == "tool")
    assert "5 stopped" in result and result.count(" stopped (") == 5
    assert "not started" in result


async def test_child_sessions_are_stored_and_linked_to_the_parent(tmp_path):
    h, _ = make(tmp_path, {"tasks": ["alpha facts", "beta facts"]})
    conv = h.open()
    final = await conv.ask("go")
    ids = _session_ids(final.text)
    assert len(ids) == 2
    for sid in ids:
        info = h.store.get_session(sid)
        assert info.source == "subagent" and info.parent_id == conv.id and info.scope == conv.state.scope
        assert [m.role for m in h.store.get_messages(sid)] == ["user", "assistant"]
    assert {s.id for s in h.store.list_sessions(source="subagent")} == set(ids)


async def test_a_dangerous_command_in_a_child_is_denied(tmp_path):
    h, _ = make(tmp_path, {"tasks": ["danger zone"]})
    final = await h.open().ask("go")
    assert "[1] done" in final.text
    assert "terminal said: " in final.text and "Command denied" in final.text


async def test_bad_calls_come_back_as_errors(tmp_path):
    h, _ = make(tmp_path, {"tasks": [f"t{i}" for i in range(9)]})
    final = await h.open().ask("go")
    assert "at most 8 tasks" in final.text


@pytest.mark.parametrize("tasks", [[{"goal": "alpha facts", "context": "extra"}], ["alpha facts"]])
async def test_tasks_may_be_objects_or_strings(tmp_path, tasks):
    h, _ = make(tmp_path, {"tasks": tasks})
    final = await h.open().ask("go")
    assert "[1] done" in final.text and "report for alpha facts" in final.text
