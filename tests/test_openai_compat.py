"""OpenAICompatModel against the scripted HTTP server: streaming, tool calls, usage, errors, retries."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time

import pytest

from hermes.core.messages import Message
from hermes.models.base import ChatModel, ModelDone, ModelError, TextChunk, complete
from hermes.models.openai_compat import OpenAICompatModel, kind_for_status
from hermes.models.retry import backoff_delay, parse_retry_after, with_retries
from hermes.testing import calls, fail, reply
from hermes.testing.fake_openai import start_server

KEY = "sk-test-0123456789abcdef"
CONVO = [Message.system("be brief"), Message.user("hello there")]


OPEN: list[OpenAICompatModel] = []
CLIENT = {"name": "httpx"}


@pytest.fixture(autouse=True, params=["httpx", "openai-sdk"])
def http_client(request):
    """Every test runs over both transports: they must be indistinguishable on the wire."""
    CLIENT["name"] = request.param
    yield request.param


def make(*args, **kw) -> OpenAICompatModel:
    return OpenAICompatModel(*args, http_client=CLIENT["name"], **kw)


@pytest.fixture
def fake():
    handle, _ = start_server()
    yield handle
    handle.close()


@pytest.fixture(autouse=True)
async def close_models():
    yield
    while OPEN:
        await OPEN.pop().aclose()


def model(fake, **kw) -> OpenAICompatModel:
    kw.setdefault("retry_base", 0.01)
    return track(make("scripted", fake.base_url, kw.pop("api_key", KEY),
                                   kw.pop("provider", "openrouter"), key_env="OPENROUTER_API_KEY", **kw))


def track(m: OpenAICompatModel) -> OpenAICompatModel:
    OPEN.append(m)
    return m


async def run(m, messages=CONVO, tools=None, **opts):
    chunks = []
    async for c in m.stream(messages, tools, **opts):
        chunks.append(c)
    return [c.text for c in chunks if isinstance(c, TextChunk)], chunks[-1]


async def failure(m, **opts) -> ModelError:
    with pytest.raises(ModelError) as e:
        await run(m, **opts)
    return e.value


async def test_streamed_text_arrives_in_chunks(fake):
    fake.add(reply("The quick brown fox jumps", chunks=4))
    m = model(fake)
    assert isinstance(m, ChatModel)
    texts, done = await run(m)
    assert len(texts) == 4 and "".join(texts) == "The quick brown fox jumps"
    assert isinstance(done, ModelDone) and done.message.content == "The quick brown fox jumps"
    assert done.message.role == "assistant" and done.message.tool_calls == []
    assert done.finish_reason == "stop" and done.model == "scripted"
    req = fake.requests[0]
    assert req["stream"] is True and req["stream_options"] == {"include_usage": True}
    assert req["messages"] == [m.to_openai() for m in CONVO] and "tools" not in req


async def test_parallel_tool_calls_reassemble(fake):
    fake.add(calls(("terminal", {"command": "ls -la"}), ("read_file", {"path": "notes/a.md", "limit": 20})))
    tools = [{"type": "function", "function": {"name": "terminal", "parameters": {"type": "object"}}}]
    texts, done = await run(model(fake), tools=tools, temperature=0.1, custom_flag=True)
    assert texts == []
    msg = done.message
    assert msg.content is None and done.finish_reason == "tool_calls"
    assert [tc.name for tc in msg.tool_calls] == ["terminal", "read_file"]
    assert json.loads(msg.tool_calls[0].arguments) == {"command": "ls -la"}
    assert json.loads(msg.tool_calls[1].arguments) == {"path": "notes/a.md", "limit": 20}
    assert all(tc.id.startswith("call_") for tc in msg.tool_calls)
    assert len({tc.id for tc in msg.tool_calls}) == 2
    req = fake.requests[0]
    assert req["tools"] == tools and req["temperature"] == 0.1 and req["custom_flag"] is True  # extra_body


async def test_usage_cached_tokens_and_reasoning(fake):
    fake.add({"text": "ok", "reasoning": "let me think", "chunks": 2,
              "usage": {"prompt_tokens": 1200, "completion_tokens": 9, "cached_tokens": 1024}})
    _, done = await run(model(fake))
    assert (done.usage.input_tokens, done.usage.output_tokens, done.usage.cache_read_tokens) == (1200, 9, 1024)
    assert done.message.reasoning == "let me think" and done.message.content == "ok"


async def test_missing_usage_is_estimated(fake):
    fake.add({"text": "an answer of some length", "no_usage": True})
    _, done = await run(model(fake))
    assert done.usage.input_tokens > 0 and done.usage.output_tokens > 0


async def test_server_without_stream_options_is_asked_again_without_them(fake):
    fake.add(fail(400, "Unrecognized request argument supplied: stream_options"), reply("fine"), reply("again"))
    m = model(fake, max_retries=0)
    texts, done = await run(m)
    assert texts == ["fine"] and done.usage.input_tokens > 0
    await run(m)
    reqs = fake.requests
    assert len(reqs) == 3 and "stream_options" in reqs[0]
    assert "stream_options" not in reqs[1] and "stream_options" not in reqs[2]  # remembered


async def test_429_then_success_is_retried(fake):
    fake.add(fail(429, "slow down"), fail(429, "slow down"), reply("made it"))
    seen = []
    m = model(fake, max_retries=3)
    m._log_retry = lambda e, n, d: seen.append((e.kind, n, d))
    texts, done = await run(m)
    assert texts == ["made it"] and len(fake.requests) == 3
    assert [s[:2] for s in seen] == [("rate_limit", 1), ("rate_limit", 2)]
    assert all(0 <= d <= 0.01 * 2 ** i for i, (_, _, d) in enumerate(seen))  # full jitter under the cap


async def test_retry_after_is_honoured(fake):
    fake.add({"error": {"status": 429, "message": "later", "retry_after": 0.3}}, reply("ok"))
    t = time.perf_counter()
    texts, _ = await run(model(fake))
    assert texts == ["ok"] and time.perf_counter() - t >= 0.3


async def test_5xx_exhausts_retries(fake):
    fake.add(*[fail(500, "boom")] * 3, reply("never"))
    e = await failure(model(fake, max_retries=2))
    assert e.kind == "server" and e.status == 500 and e.retryable and "boom" in str(e)
    assert len(fake.requests) == 3


async def test_401_is_auth_not_retried_and_never_shows_the_key(fake):
    fake.add(fail(401, f"Incorrect API key provided: {KEY}"))
    e = await failure(model(fake, max_retries=3))
    assert e.kind == "auth" and not e.retryable and e.provider == "openrouter"
    assert "authentication failed for provider 'openrouter'" in str(e) and "OPENROUTER_API_KEY" in str(e)
    assert KEY not in str(e) and KEY not in repr(e.args)
    assert len(fake.requests) == 1


async def test_real_auth_failure_from_a_key_checking_server():
    handle, url = start_server(api_key="the-right-key")
    try:
        m = track(make("scripted", url, KEY, "nous", key_env="NOUS_API_KEY", retry_base=0.01))
        e = await failure(m)
        assert e.kind == "auth" and "NOUS_API_KEY" in str(e) and KEY not in str(e)
        ok = track(make("scripted", url, "the-right-key", "nous"))
        assert (await run(ok))[0] == ["hello there"]
    finally:
        handle.close()


async def test_context_length_and_other_client_errors(fake):
    fake.add({"error": {"kind": "context_length"}}, fail(400, "messages: too many tokens"),
             fail(400, "unknown parameter: foo"), fail(404, "The model `nope` does not exist"),
             fail(422, "This model's maximum context length is 8192 tokens"))
    m = model(fake, max_retries=3)
    kinds = [(await failure(m)).kind for _ in range(5)]
    assert kinds == ["context_length", "context_length", "bad_request", "not_found", "context_length"]
    assert len(fake.requests) == 5  # none retried


async def test_not_found_names_model_and_endpoint(fake):
    fake.add(fail(404, "no such model"))
    e = await failure(model(fake))
    assert "model 'scripted'" in str(e) and fake.base_url + "/chat/completions" in str(e)


async def test_connection_refused():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    m = track(make("x", f"http://127.0.0.1:{port}/v1", KEY, "vllm", max_retries=1, retry_base=0.01))
    e = await failure(m)
    assert e.kind == "connection" and e.retryable and f"127.0.0.1:{port}" in str(e) and KEY not in str(e)


async def test_timeout(fake):
    fake.add({"stall": True})
    e = await failure(model(fake, timeout=0.3, max_retries=0))
    assert e.kind == "timeout" and KEY not in str(e)


async def test_failure_mid_stream_is_not_retried(fake):
    fake.add({"text": "partial answer here", "chunks": 3, "disconnect": True}, reply("duplicate"))
    m = model(fake, max_retries=3)
    got = []
    with pytest.raises(ModelError) as e:
        async for c in m.stream(CONVO):
            got.append(c)
    assert "".join(c.text for c in got) == "partial answer here"
    assert e.value.kind == "connection" and getattr(e.value, "partial", False)
    assert len(fake.requests) == 1 and KEY not in str(e.value)


async def test_disconnect_before_any_text_is_retried(fake):
    fake.add({"tool_calls": [{"name": "terminal", "arguments": {"command": "ls"}}], "disconnect": True},
             reply("second try"))
    texts, done = await run(model(fake))
    assert texts == ["second try"] and len(fake.requests) == 2


async def test_headers_and_no_key_means_no_authorization(fake):
    m = track(make("scripted", fake.base_url, None, "ollama", headers={"X-Title": "Hermes"}))
    await run(m)
    with_key = model(fake)
    await run(with_key)
    first, second = fake.records
    assert "authorization" not in first["headers"] and first["headers"]["x-title"] == "Hermes"
    assert second["headers"]["authorization"] == f"Bearer {KEY}"


async def test_environment_cannot_inject_credentials(fake, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-the-environment")
    monkeypatch.setenv("OPENAI_ORG_ID", "org-private")
    await run(track(make("scripted", fake.base_url, None, "lmstudio")))
    headers = fake.records[0]["headers"]
    assert "authorization" not in headers and "openai-organization" not in headers


async def test_complete_helper_and_model_reuse_across_event_loops(fake):
    import asyncio

    m = model(fake)
    done = await complete(m, [Message.user("first")])
    assert done.message.content == "first"

    async def in_other_loop() -> str:
        try:
            return (await complete(m, [Message.user("second")])).message.content
        finally:
            await m.aclose()

    def other_loop() -> str:
        return asyncio.run(in_other_loop())

    assert await asyncio.to_thread(other_loop) == "second"


def test_importing_the_module_does_not_import_openai():
    code = ("import sys, hermes.models.openai_compat, hermes.models.providers, hermes.models.retry; "
            "print('openai' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- retry policy ------------------------------------------------------------------------------------

async def test_with_retries_only_retries_retryable_kinds():
    tries = []

    async def flaky():
        tries.append(1)
        raise ModelError("nope", kind="bad_request")

    with pytest.raises(ModelError):
        await with_retries(flaky, max_retries=5, base=0.001)
    assert len(tries) == 1

    results = iter([ModelError("t", kind="timeout"), ModelError("c", kind="connection"), "ok"])

    async def recovering():
        r = next(results)
        if isinstance(r, Exception):
            raise r
        return r

    delays = []
    assert await with_retries(recovering, max_retries=2, base=0.001,
                              on_retry=lambda e, n, d: delays.append((e.kind, n))) == "ok"
    assert delays == [("timeout", 1), ("connection", 2)]


async def test_long_retry_after_is_not_waited_for():
    async def limited():
        raise ModelError("wait an hour", kind="rate_limit", retry_after=3600)

    t = time.perf_counter()
    with pytest.raises(ModelError):
        await with_retries(limited, max_retries=3, base=0.001)
    assert time.perf_counter() - t < 1


def test_backoff_and_retry_after_parsing():
    assert backoff_delay(0, 0.5, 20, rng=lambda: 1.0) == 0.5
    assert backoff_delay(3, 0.5, 20, rng=lambda: 1.0) == 4.0
    assert backoff_delay(10, 0.5, 20, rng=lambda: 1.0) == 20.0
    assert backoff_delay(5, 0.5, 20, rng=lambda: 0.0) == 0.0
    assert parse_retry_after({"retry-after": "3"}) == 3.0
    assert parse_retry_after({"retry-after-ms": "250"}) == 0.25
    assert parse_retry_after({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}) == 0.0
    assert parse_retry_after({"retry-after": "soon"}) is None and parse_retry_after({}) is None


def test_status_classification():
    assert kind_for_status(429) == "rate_limit" and kind_for_status(503) == "server"
    assert kind_for_status(401) == kind_for_status(403) == "auth" and kind_for_status(404) == "not_found"
    assert kind_for_status(413, "prompt is too long: 210000 tokens") == "context_length"
    assert kind_for_status(400, "Please reduce the length of the messages") == "context_length"
    assert kind_for_status(400, "invalid tool schema") == kind_for_status(409) == "bad_request"


def test_tool_call_deltas_from_quirky_servers():
    from hermes.models.openai_compat import _Assembly

    def chunk(*tool_calls):  # the server's JSON as sent: absent fields are absent
        return {"model": "m", "usage": None,
                "choices": [{"finish_reason": None, "delta": {"content": None, "tool_calls": list(tool_calls)}}]}

    a = _Assembly()  # two calls both sent with index 0, told apart by their ids
    a.feed(chunk({"index": 0, "id": "call_a", "function": {"name": "one", "arguments": '{"x"'}}))
    a.feed(chunk({"index": 0, "function": {"arguments": ": 1}"}}))
    a.feed(chunk({"index": 0, "id": "call_b", "function": {"name": "two", "arguments": "{}"}}))
    assert [(c.id, c.name, c.arguments) for c in a.tool_calls()] == [
        ("call_a", "one", '{"x": 1}'), ("call_b", "two", "{}")]

    b = _Assembly()  # no index at all, and no id: one call, with a generated id and "{}" arguments
    b.feed(chunk({"function": {"name": "ping"}}))
    [only] = b.tool_calls()
    assert only.name == "ping" and only.arguments == "{}" and only.id.startswith("call_")


async def _raw_sse_server(payload: bytes):
    """A server that answers any request with `payload` as an SSE body, then closes."""
    import asyncio

    async def handle(reader, writer):
        head = await reader.readuntil(b"\r\n\r\n")
        length = next((int(l.split(b":")[1]) for l in head.split(b"\r\n") if l.lower().startswith(b"content-length")), 0)
        await reader.readexactly(length)
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n" + payload)
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    return server, f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/v1"


def _chunk(**delta) -> str:
    return json.dumps({"model": "raw", "choices": [{"index": 0, "delta": delta, "finish_reason": None}]})


async def test_sse_comments_unspaced_fields_and_multiline_data():
    two = _chunk(content="two")
    cut = two.index(' "choices"')
    payload = (": keep-alive\n\n"
               f"data:{_chunk(content='one ')}\n\n"  # no space after the colon is valid SSE
               "event: message\n"
               f"data: {two[:cut]}\n"  # one event's data split over two lines (joined by a newline)
               f"data: {two[cut:]}\n\n"
               "data: [DONE]\n\n").encode()
    server, url = await _raw_sse_server(payload)
    async with server:
        texts, done = await run(track(make("raw", url, KEY, "custom")))
    assert "".join(texts) == "one two" and done.message.content == "one two" and done.model == "raw"


async def test_error_event_inside_the_stream_is_a_model_error():
    payload = (f"data: {_chunk(content='partial')}\n\n"
               'event: error\ndata: {"error": {"message": "the upstream model crashed"}}\n\n').encode()
    server, url = await _raw_sse_server(payload)
    async with server:
        m = track(make("raw", url, KEY, "custom", max_retries=0))
        with pytest.raises(ModelError) as e:
            await run(m)
    assert "the upstream model crashed" in str(e.value) and getattr(e.value, "partial", False)
