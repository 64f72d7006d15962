"""Compression keeps the thread: planted facts survive, tool calls keep their results, failures
trim instead of inventing placeholders, and the store keeps every original message."""

from __future__ import annotations

import json

import pytest

from hermes.core.agent import Agent, SessionState
from hermes.core.compression import SUMMARY_HEADER, Compressor, render_transcript
from hermes.core.events import Final, Notice
from hermes.core.messages import Message
from hermes.testing import ScriptedModel, call, fail, reply
from hermes.testing.script import Step
from hermes.testing.validate import validate_conversation
from hermes.tools.registry import Registry, ToolContext, tool


@tool(read_only=True)
async def big_output(ctx: ToolContext, n: int = 20_000) -> str:
    """Return a lot of text."""
    return "line of tool output\n" * (n // 20)


def fact_keeping_summarizer(messages, tools):
    """A summarizer that keeps the facts (lines with FACT) it is shown, like a good model would."""
    text = messages[-1].content
    facts = sorted({ln.strip() for ln in text.replace("\\n", "\n").split("\n") if "FACT" in ln})
    return Step(text="## Goal\ncontinue\n## Completed work\n" + "\n".join(facts))


def replay(st: SessionState) -> list[dict]:
    return [Message.system(st.system_prompt).to_openai(), *[m.to_openai() for m in st.history]]


def conversation(n_turns: int) -> list[Message]:
    hist = [Message.user("FACT: the project codename is BLUEBIRD"), Message.assistant("Noted.")]
    for i in range(n_turns):
        hist += [Message.user(f"step {i}: " + "words " * 200),
                 Message.assistant(None, [call("big_output", {}).tool_calls[0]]),
                 Message.tool(f"x{i}", "big_output", "out " * 2000),
                 Message.assistant(f"done step {i}")]
        hist[-2].tool_call_id = hist[-3].tool_calls[0].id
        if i == 3:
            hist[-4].content = "FACT: the staging database is pg-7 " + hist[-4].content
    return hist


async def test_compress_keeps_head_tail_and_facts_and_valid_roles():
    st = SessionState(id="s", system_prompt="sys", history=conversation(30))
    aux = ScriptedModel([fact_keeping_summarizer])
    comp = Compressor(window=32_000, threshold=0.5, keep_recent_tokens=3_000, aux_models=[aux])
    before = comp.request_tokens(st, [])
    notes = await comp(st, aux, False)
    after = comp.request_tokens(st, [])
    assert before > 16_000 and after <= 16_000, (before, after)
    assert any("summary" in n for n in notes)
    summary = next(m for m in st.history if m.summary and m.role == "user")
    assert summary.content.startswith(SUMMARY_HEADER) and "pg-7" in summary.content
    assert "BLUEBIRD" in st.history[0].content  # first exchange kept verbatim
    assert st.history[-1].content == "done step 29"  # recent tail kept verbatim
    validate_conversation(replay(st) + [Message.user("next").to_openai()])


async def test_failed_summary_trims_and_says_so_without_placeholder():
    st = SessionState(id="s", system_prompt="sys", history=conversation(30))
    broken = ScriptedModel([fail(500)] * 10)
    comp = Compressor(window=32_000, threshold=0.5, keep_recent_tokens=3_000, aux_models=[broken])
    notes = await comp(st, broken, False)
    assert any("summary failed" in n for n in notes)
    assert not any(m.summary and m.role == "user" for m in st.history)
    assert comp.request_tokens(st, []) <= 16_000
    validate_conversation(replay(st) + [Message.user("next").to_openai()])


async def test_fallback_summarizer_used_when_first_fails():
    st = SessionState(id="s", system_prompt="sys", history=conversation(30))
    comp = Compressor(window=32_000, threshold=0.5, keep_recent_tokens=3_000,
                      aux_models=[ScriptedModel([fail(500)] * 5), ScriptedModel([fact_keeping_summarizer])])
    await comp(st, None, False)
    assert any(m.summary and "pg-7" in (m.content or "") for m in st.history)


async def test_under_threshold_does_nothing():
    st = SessionState(id="s", system_prompt="sys", history=conversation(1))
    comp = Compressor(window=128_000, aux_models=[ScriptedModel()])
    assert await comp(st, None, False) == []


async def test_previous_summary_is_folded_into_the_next():
    st = SessionState(id="s", system_prompt="sys", history=conversation(30))
    aux = ScriptedModel([fact_keeping_summarizer, fact_keeping_summarizer])
    comp = Compressor(window=32_000, threshold=0.5, keep_recent_tokens=3_000, aux_models=[aux])
    await comp(st, aux, False)
    st.history += conversation(30)[2:]
    st.history[-1].content = "the very end"
    await comp(st, aux, False)
    summaries = [m for m in st.history if m.summary and m.role == "user"]
    assert len(summaries) == 1 and "pg-7" in summaries[0].content
    assert "PREVIOUS SUMMARY" in aux.requests[1]["messages"][-1].content


def test_transcript_render_clips_tool_output():
    text = render_transcript([Message.tool("a", "t", "x" * 10_000)])
    assert len(text) < 2_000 and "[...]" in text


async def test_loop_with_compressor_keeps_requests_under_window():
    """Many turns with large tool outputs through the real loop: no request exceeds the window."""
    window = 32_000
    steps = []
    for i in range(40):
        steps += [call("big_output", {"n": 12_000}), reply(f"answer {i}")]
    model = ScriptedModel(steps, context_window=window)
    aux = ScriptedModel([fact_keeping_summarizer] * 100)
    comp = Compressor(window=window, threshold=0.5, keep_recent_tokens=4_000, aux_models=[aux])
    agent = Agent(model, Registry([big_output]), compactor=comp)
    st = SessionState(id="s", system_prompt="sys")
    ctx = ToolContext(session_id="s")
    async for _ in agent.run_turn(st, "FACT: deploy target is rack 42", ctx):
        pass
    for i in range(39):
        text = f"turn {i}" + (" FACT: the API port is 8642" if i == 5 else "")
        async for ev in agent.run_turn(st, text, ctx):
            pass
    sizes = [sum(len(m.content or "") for m in r["messages"]) // 4 for r in model.requests]
    assert max(sizes) < window, max(sizes)
    assert "rack 42" in st.history[0].content
    assert any(m.summary and "8642" in (m.content or "") for m in st.history)
    validate_conversation(replay(st))
