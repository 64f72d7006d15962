"""AnthropicModel through the official `anthropic` SDK against the scripted Anthropic server over loopback:
streaming, tool round trips, prompt-cache breakpoints, usage, errors and retries, the provider factory
and a whole agent turn."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from hermes.config import Config
from hermes.core.messages import Message, ToolCall
from hermes.home import Home
from hermes.models.anthropic import MAX_BREAKPOINTS, AnthropicModel, to_anthropic
from hermes.models.base import ChatModel, ModelDone, ModelError, TextChunk, complete
from hermes.models.providers import build_model
from hermes.runtime import Hermes
from hermes.testing import call, calls, reply
from hermes.testing.fake_anthropic import start_server
from hermes.testing.validate import validate_conversation

KEY = "sk-ant-test-0123456789abcdef"
CONVO = [Message.system("be brief"), Message.user("hello there")]
READ_FILE = {"type": "function", "function": {
    "name": "read_file", "description": "Read a text file.",
    "parameters": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}}
OPEN: list[Any] = []


@pytest.fixture
def fake():
    handle, _ = start_server(api_key=KEY)
    yield handle
    handle.close()


@pytest.fixture(autouse=True)
async def close_models(monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_BASE_URL", raising=False)
    yield
    while OPEN:
        await OPEN.pop().aclose()


def model(fake, **kw) -> AnthropicModel:
    kw.setdefault("retry_base", 0.01)
    m = AnthropicModel("claude-test", fake.base_url, kw.pop("api_key", KEY), **kw)
    OPEN.append(m)
    return m


async def run(m, messages=CONVO, tools=None, **opts) -> tuple[list[str], Any]:
    chunks = [c async for c in m.stream(messages, tools, **opts)]
    assert sum(isinstance(c, ModelDone) for c in chunks) == 1 and isinstance(chunks[-1], ModelDone)
    return [c.text for c in chunks if isinstance(c, TextChunk)], chunks[-1]


def recorded(fake) -> list[dict[str, Any]]:
    """The requests as the control endpoint reports them (bodies plus headers)."""
    return httpx.get(fake.base_url.removesuffix("/v1") + "/_requests?full=1", timeout=5).json()


def breakpoints(obj: Any) -> int:
    if isinstance(obj, dict):
        return ("cache_control" in obj) + sum(breakpoints(v) for v in obj.values())
    if isinstance(obj, list):
        return sum(breakpoints(v) for v in obj)
    return 0


def sent_key(headers: dict[str, str]) -> str | None:
    return headers.get("x-api-key") or (headers.get("authorization") or "").removeprefix("Bearer ") or None


# -- streaming -------------------------------------------------------------------------------------

async def test_streamed_text_arrives_in_chunks(fake):
    fake.add(reply("The quick brown fox jumps", chunks=4))
    m = model(fake)
    assert isinstance(m, ChatModel) and m.base_url == fake.base_url.removesuffix("/v1")
    texts, done = await run(m)
    assert len(texts) == 4 and "".join(texts) == "The quick brown fox jumps"
    assert done.message.role == "assistant" and done.message.content == "The quick brown fox jumps"
    assert done.message.tool_calls == [] and done.finish_reason == "stop" and done.model == "claude-test"
    [rec] = recorded(fake)
    assert rec["path"] == "/v1/messages"
    assert sent_key(rec["headers"]) == KEY and rec["headers"]["anthropic-version"]
    body = rec["body"]
    assert body["stream"] is True and body["model"] == "claude-test" and body["max_tokens"] == 4096
    assert body["system"] == [{"type": "text", "text": "be brief", "cache_control": {"type": "ephemeral"}}]
    assert body["messages"] == [{"role": "user", "content": [
        {"type": "text", "text": "hello there", "cache_control": {"type": "ephemeral"}}]}]
    assert "tools" not in body


async def test_max_tokens_and_options_are_passed(fake):
    fake.add(reply("ok"))
    await run(model(fake, max_tokens=1000), temperature=0.2, stop="END", tool_choice="required")
    body = fake.requests[0]
    assert body["max_tokens"] == 1000 and body["temperature"] == 0.2
    assert body["stop_sequences"] == ["END"] and body["tool_choice"] == {"type": "any"}
    fake.add(reply("ok"))
    await run(model(fake), max_tokens=77)
    assert fake.requests[1]["max_tokens"] == 77


async def test_thinking_goes_to_reasoning(fake):
    fake.add({"text": "42", "reasoning": "six times seven", "chunks": 2})
    texts, done = await run(model(fake))
    assert "".join(texts) == "42" and done.message.content == "42"
    assert done.message.reasoning == "six times seven"


# -- tools -----------------------------------------------------------------------------------------

async def test_tool_call_round_trip(fake):
    fake.add(call("read_file", {"path": "notes/a.md"}, id="toolu_01", text="Let me look."), reply("It says hi."))
    m = model(fake)
    texts, done = await run(m, tools=[READ_FILE])
    assert "".join(texts) == "Let me look." and done.finish_reason == "tool_calls"
    [tc] = done.message.tool_calls
    assert (tc.id, tc.name) == ("toolu_01", "read_file") and json.loads(tc.arguments) == {"path": "notes/a.md"}
    assert fake.requests[0]["tools"] == [{"name": "read_file", "description": "Read a text file.",
                                          "input_schema": READ_FILE["function"]["parameters"]}]
    history = [*CONVO, done.message, Message.tool("toolu_01", "read_file", "1\thi")]
    _, second = await run(m, history, tools=[READ_FILE])
    assert second.message.content == "It says hi." and second.finish_reason == "stop"
    msgs = recorded(fake)[1]["body"]["messages"]
    assert [x["role"] for x in msgs] == ["user", "assistant", "user"]
    assert msgs[1]["content"][0] == {"type": "text", "text": "Let me look."}
    assert {k: v for k, v in msgs[1]["content"][1].items() if k != "cache_control"} == {
        "type": "tool_use", "id": "toolu_01", "name": "read_file", "input": {"path": "notes/a.md"}}
    assert msgs[2]["content"] == [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "1\thi",
                                   "cache_control": {"type": "ephemeral"}}]


async def test_parallel_tool_results_merge_into_one_user_turn(fake):
    fake.add(calls(("read_file", {"path": "a"}), ("read_file", {"path": "b"})), reply("both read"))
    m = model(fake)
    _, done = await run(m, tools=[READ_FILE])
    a, b = done.message.tool_calls
    assert [json.loads(a.arguments), json.loads(b.arguments)] == [{"path": "a"}, {"path": "b"}] and a.id != b.id
    history = [*CONVO, done.message, Message.tool(a.id, "read_file", "A"), Message.tool(b.id, "read_file", "B")]
    await run(m, history, tools=[READ_FILE])
    msgs = fake.requests[1]["messages"]
    assert [x["role"] for x in msgs] == ["user", "assistant", "user"]
    assert [(blk["type"], blk["tool_use_id"], blk["content"]) for blk in msgs[2]["content"]] == [
        ("tool_result", a.id, "A"), ("tool_result", b.id, "B")]
    assert [blk["id"] for blk in msgs[1]["content"]] == [a.id, b.id]


# -- prompt caching --------------------------------------------------------------------------------

async def test_cache_breakpoints_on_system_and_last_two_messages(fake):
    fake.add(reply("fine"))
    convo = [Message.system("identity"), Message.system("memory snapshot"), Message.user("first"),
             Message.assistant("answer one"), Message.user("second"), Message.user("and a third"),
             Message.assistant(None, [ToolCall("toolu_9", "read_file", '{"path": "x"}')]),
             Message.tool("toolu_9", "read_file", "contents"), Message.user("go on")]
    await run(model(fake), convo, tools=[READ_FILE])
    body = fake.requests[0]
    assert [b["text"] for b in body["system"]] == ["identity", "memory snapshot"]
    assert "cache_control" not in body["system"][0] and body["system"][1]["cache_control"] == {"type": "ephemeral"}
    msgs = body["messages"]
    roles = [x["role"] for x in msgs]
    assert roles == ["user", "assistant", "user", "assistant", "user"]
    assert [blk["text"] for blk in msgs[2]["content"]] == ["second", "and a third"]  # merged
    assert [blk["type"] for blk in msgs[4]["content"]] == ["tool_result", "text"]
    assert msgs[3]["content"][-1]["cache_control"] == {"type": "ephemeral"}
    assert msgs[4]["content"][-1]["cache_control"] == {"type": "ephemeral"}
    assert breakpoints(msgs[:3]) == 0 and breakpoints(body) == 3 <= MAX_BREAKPOINTS


def test_conversion_never_exceeds_breakpoint_limit():
    for n in range(12):
        convo = [Message.system(f"s{i}") for i in range(3)] + [
            Message.user(f"u{i}") if i % 2 == 0 else Message.assistant(f"a{i}") for i in range(n)]
        system, msgs = to_anthropic(convo)
        assert breakpoints([system, msgs]) == 1 + min(n, 2) <= MAX_BREAKPOINTS
    system, msgs = to_anthropic([Message.system("s"), Message.user("u")], cache=False)
    assert breakpoints([system, msgs]) == 0


async def test_usage_with_cache_tokens(fake):
    fake.add({"text": "cached", "usage": {"input_tokens": 12, "output_tokens": 7, "cache_read_input_tokens": 900,
                                          "cache_creation_input_tokens": 100}})
    _, done = await run(model(fake))
    # input_tokens counts the whole prompt, cached parts included (the convention pricing relies on)
    assert (done.usage.input_tokens, done.usage.output_tokens) == (1012, 7)
    assert (done.usage.cache_read_tokens, done.usage.cache_write_tokens) == (900, 100)


# -- errors and retries ----------------------------------------------------------------------------

async def test_rate_limit_and_overload_are_retried(fake, caplog):
    fake.add({"error": {"status": 429, "message": "slow down", "retry_after": 0}},
             {"error": {"status": 529, "message": "Overloaded"}}, reply("finally"))
    caplog.set_level("INFO", logger="hermes.models")
    texts, done = await run(model(fake, max_retries=3))
    assert texts == ["finally"] and done.message.content == "finally"
    assert len(fake.requests) == 3
    retries = [r.getMessage() for r in caplog.records if r.getMessage().startswith("retrying")]
    assert len(retries) == 2 and "(rate_limit)" in retries[0] and "(server)" in retries[1]


async def test_rate_limit_surfaces_after_retries(fake):
    fake.add(*[{"error": {"status": 429, "message": "slow down", "retry_after": 0}}] * 2)
    with pytest.raises(ModelError) as e:
        await run(model(fake, max_retries=1))
    assert e.value.kind == "rate_limit" and e.value.status == 429 and e.value.retry_after == 0
    assert "slow down" in str(e.value) and len(fake.requests) == 2


async def test_bad_key_is_auth_error_naming_the_variable(fake):
    wrong = "sk-ant-wrong-key-987654321"
    with pytest.raises(ModelError) as e:
        await run(model(fake, api_key=wrong))
    err = e.value
    assert err.kind == "auth" and err.status == 401 and not err.retryable and err.provider == "anthropic"
    assert "ANTHROPIC_API_KEY" in str(err) and "invalid x-api-key" in str(err)
    assert wrong not in str(err) and len(fake.requests) == 1


async def test_key_echoed_by_server_is_scrubbed(fake):
    fake.add({"error": {"status": 403, "message": f"key {KEY} may not use this model"}})
    with pytest.raises(ModelError) as e:
        await run(model(fake, key_env="MY_CLAUDE_KEY"))
    assert e.value.kind == "auth" and "MY_CLAUDE_KEY" in str(e.value)
    assert KEY not in str(e.value) and "***" in str(e.value)


async def test_prompt_too_long_is_context_length(fake):
    fake.add({"error": {"kind": "context_length"}})
    with pytest.raises(ModelError) as e:
        await run(model(fake))
    assert e.value.kind == "context_length" and e.value.status == 400
    assert "prompt is too long" in str(e.value) and len(fake.requests) == 1


async def test_unknown_model_is_not_found(fake):
    fake.add({"error": {"status": 404, "message": "model: claude-nope"}})
    with pytest.raises(ModelError) as e:
        await run(model(fake))
    assert e.value.kind == "not_found" and "claude-test" in str(e.value) and len(fake.requests) == 1


async def test_stream_error_after_partial_text_is_partial_connection_error(fake):
    fake.add({"text": "Partial answer here", "chunks": 3,
              "stream_error": {"type": "overloaded_error", "message": "Overloaded"}})
    seen: list[str] = []
    with pytest.raises(ModelError) as e:
        async for c in model(fake).stream(CONVO):
            seen.append(c.text)
    assert "".join(seen) == "Partial answer here" and len(seen) == 3
    assert e.value.kind == "connection" and getattr(e.value, "partial", False) is True
    assert "Overloaded" in str(e.value) and len(fake.requests) == 1  # never retried after visible text


async def test_stream_error_before_text_is_retried(fake):
    fake.add({"text": "", "stream_error": {"type": "overloaded_error", "message": "Overloaded"}}, reply("back"))
    texts, _ = await run(model(fake))
    assert texts == ["back"] and len(fake.requests) == 2


async def test_disconnect_before_text_is_retried_then_surfaces(fake):
    fake.add({"text": "", "disconnect": True}, {"text": "", "disconnect": True})
    with pytest.raises(ModelError) as e:
        await run(model(fake, max_retries=1))
    assert e.value.kind == "connection" and len(fake.requests) == 2


async def test_stall_times_out(fake):
    fake.add({"stall": True})
    t0 = time.monotonic()
    with pytest.raises(ModelError) as e:
        await run(model(fake, timeout=0.3, max_retries=0))
    assert e.value.kind == "timeout" and time.monotonic() - t0 < 5


# -- the provider factory --------------------------------------------------------------------------

async def test_build_model_with_configured_key_env(fake):
    config = Config.model_validate({"model": {
        "provider": "anthropic", "base_url": fake.base_url, "api_key_env": "ANTHROPIC_API_KEY",
        "default": "claude-opus-4-1", "timeout": 30, "max_retries": 2}})
    m = build_model(config, {"ANTHROPIC_API_KEY": KEY})
    OPEN.append(m)
    assert isinstance(m, AnthropicModel) and (m.name, m.provider) == ("claude-opus-4-1", "anthropic")
    assert m.base_url == fake.base_url.removesuffix("/v1") and m.timeout == 30 and m.max_retries == 2
    assert m.context_window == 200_000 and m.key_env == "ANTHROPIC_API_KEY" and KEY not in repr(m)
    fake.add(reply("built"))
    done = await complete(m, CONVO)
    assert done.message.content == "built" and done.model == "claude-opus-4-1"
    rec = recorded(fake)[-1]
    assert sent_key(rec["headers"]) == KEY and rec["body"]["model"] == "claude-opus-4-1"


async def test_build_model_keeps_key_off_an_overridden_url(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-ambient-environment-key")
    handle, _ = start_server()  # no key required
    try:
        config = Config.model_validate({"model": {"provider": "anthropic", "base_url": handle.base_url}})
        m = build_model(config, {"ANTHROPIC_API_KEY": KEY})
        OPEN.append(m)
        assert m.name == "claude-sonnet-4-6" and m.key_hint  # the provider's default model
        done = await complete(m, CONVO)
        assert done.message.content == "hello there"  # the echo
        headers = handle.records[-1]["headers"]
        assert "x-api-key" not in headers and "authorization" not in headers
    finally:
        handle.close()


def test_build_model_default_endpoint_strips_v1():
    config = Config.model_validate({"model": {"provider": "anthropic", "context_window": 100_000}})
    m = build_model(config, {"ANTHROPIC_API_KEY": KEY}, model="claude-opus-4-1")
    assert m.base_url == "https://api.anthropic.com" and m.name == "claude-opus-4-1"
    assert m.context_window == 100_000
    with pytest.raises(ModelError) as e:
        build_model(config, {})
    assert e.value.kind == "auth" and "ANTHROPIC_API_KEY" in str(e.value)


# -- the server on its own -------------------------------------------------------------------------

def test_server_runs_as_a_module_and_answers_without_streaming():
    import anthropic

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "hermes.testing.fake_anthropic", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert "listening" in proc.stdout.readline()
        root = f"http://127.0.0.1:{port}"
        steps = [{"tool_calls": [{"name": "read_file", "arguments": {"path": "z"}, "id": "toolu_z"}], "text": "hm"},
                 {"error": {"status": 429, "message": "slow"}}]
        assert httpx.post(f"{root}/_script", json=steps).json()["queued"] == 2
        client = anthropic.Anthropic(api_key=KEY, base_url=root, max_retries=0)
        msg = client.messages.create(model="claude-x", max_tokens=50, messages=[{"role": "user", "content": "hi"}])
        assert [b.type for b in msg.content] == ["text", "tool_use"] and msg.stop_reason == "tool_use"
        assert msg.content[1].input == {"path": "z"} and msg.content[1].id == "toolu_z"
        with pytest.raises(anthropic.RateLimitError) as e:
            client.messages.create(model="claude-x", max_tokens=50, messages=[{"role": "user", "content": "hi"}])
        assert e.value.body == {"type": "error", "error": {"type": "rate_limit_error", "message": "slow"}}
        echoed = client.messages.create(model="claude-x", max_tokens=50,
                                        messages=[{"role": "user", "content": "echo me"}])
        assert echoed.content[0].text == "echo me" and echoed.stop_reason == "end_turn"
        reqs = httpx.get(f"{root}/_requests?full=1").json()
        assert len(reqs) == 3 and sent_key(reqs[0]["headers"]) == KEY
        client.close()
    finally:
        proc.terminate()
        proc.wait(5)


# -- a whole agent turn ----------------------------------------------------------------------------

async def test_agent_turn_with_tool_call_through_runtime(fake, tmp_path: Path):
    home = Home(tmp_path / "home").ensure()
    notes = tmp_path / "notes.txt"
    notes.write_text("the launch code is 4242\n", encoding="utf-8")
    config = Config.model_validate({
        "model": {"provider": "anthropic", "base_url": fake.base_url, "api_key_env": "ANTHROPIC_API_KEY",
                  "default": "claude-test-model", "max_retries": 1},
        "memory": {"review_interval": 0}})
    h = Hermes(home, config, secrets={"ANTHROPIC_API_KEY": KEY})
    assert isinstance(h.model, AnthropicModel)
    OPEN.append(h.model)
    fake.add(call("read_file", {"path": str(notes)}, id="toolu_read1", text="Checking the notes."),
             reply("The code is 4242.", chunks=3))
    conv = h.open()
    final = await conv.ask("what is the launch code?")
    assert final.text == "The code is 4242."
    first, second = recorded(fake)
    assert all(sent_key(r["headers"]) == KEY for r in (first, second))
    assert first["body"]["system"][-1]["cache_control"] == {"type": "ephemeral"}
    assert "read_file" in {t["name"] for t in first["body"]["tools"]}
    msgs = second["body"]["messages"]
    assert [m["role"] for m in msgs] == ["user", "assistant", "user"]
    assert msgs[1]["content"][1]["type"] == "tool_use" and msgs[1]["content"][1]["id"] == "toolu_read1"
    result = msgs[2]["content"][0]
    assert result["type"] == "tool_result" and result["tool_use_id"] == "toolu_read1"
    assert "4242" in result["content"]
    assert breakpoints(second["body"]) <= MAX_BREAKPOINTS
    stored = h.store.get_messages(conv.id)
    assert [m.role for m in stored] == ["user", "assistant", "tool", "assistant"]
    assert stored[1].tool_calls[0].id == "toolu_read1" and json.loads(stored[1].tool_calls[0].arguments) == {
        "path": str(notes)}
    validate_conversation([Message.system(conv.state.system_prompt).to_openai(), *[m.to_openai() for m in stored]])
    await conv.close()
