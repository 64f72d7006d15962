"""The scripted OpenAI-compatible server, driven by the official openai client and raw HTTP."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time

import httpx
import openai
import pytest

from hermes.testing import call, calls, fail, reply
from hermes.testing.fake_openai import FakeServer, start_server

MSGS = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hello there"}]


@pytest.fixture
def fake():
    handle, _ = start_server()
    yield handle
    handle.close()


def client(fake, **kw) -> openai.OpenAI:
    return openai.OpenAI(base_url=fake.base_url, api_key="test-key", max_retries=0, **kw)


def test_sync_stream_text_tool_calls_and_usage(fake):
    fake.add({"text": "hello world", "chunks": 3},
             calls(("terminal", {"command": "ls"}), ("read_file", {"path": "a.txt"})))
    c = client(fake)
    chunks = list(c.chat.completions.create(model="m1", messages=MSGS, stream=True,
                                            stream_options={"include_usage": True}))
    pieces = [ch.choices[0].delta.content for ch in chunks if ch.choices and ch.choices[0].delta.content]
    assert pieces == ["hell", "o wo", "rld"]
    assert chunks[0].choices[0].delta.role == "assistant"
    assert [ch.choices[0].finish_reason for ch in chunks if ch.choices][-1] == "stop"
    assert chunks[-1].choices == [] and chunks[-1].usage.completion_tokens > 0
    assert all(ch.model == "m1" for ch in chunks)

    chunks = list(c.chat.completions.create(model="m1", messages=MSGS, stream=True))
    assert all(ch.usage is None for ch in chunks)  # no usage chunk unless asked for
    deltas = [tc for ch in chunks if ch.choices for tc in ch.choices[0].delta.tool_calls or []]
    first = [d for d in deltas if d.id]
    assert [(d.index, d.function.name) for d in first] == [(0, "terminal"), (1, "read_file")]
    args = {0: "", 1: ""}
    for d in deltas:
        args[d.index] += d.function.arguments or ""
    assert json.loads(args[0]) == {"command": "ls"} and json.loads(args[1]) == {"path": "a.txt"}
    assert sum(1 for d in deltas if d.index == 0 and d.function.arguments) >= 2  # arguments come in pieces
    assert chunks[-1].choices[0].finish_reason == "tool_calls"


def test_sync_non_stream_and_echo_when_script_runs_out(fake):
    fake.add(call("web_search", {"q": "x"}, id="call_fixed", text="searching"))
    c = client(fake)
    r = c.chat.completions.create(model="m", messages=MSGS)
    msg = r.choices[0].message
    assert msg.content == "searching" and r.choices[0].finish_reason == "tool_calls"
    assert msg.tool_calls[0].id == "call_fixed" and json.loads(msg.tool_calls[0].function.arguments) == {"q": "x"}
    assert r.usage.prompt_tokens > 0 and r.usage.total_tokens == r.usage.prompt_tokens + r.usage.completion_tokens
    r = c.chat.completions.create(model="m", messages=MSGS)
    assert r.choices[0].message.content == "hello there" and r.choices[0].finish_reason == "stop"


async def test_async_client_stream_and_non_stream(fake):
    fake.add(reply("one two three", chunks=2), {"text": "done", "reasoning": "thinking hard",
                                               "usage": {"prompt_tokens": 90, "cached_tokens": 64}})
    c = openai.AsyncOpenAI(base_url=fake.base_url, api_key="k", max_retries=0)
    stream = await c.chat.completions.create(model="m", messages=MSGS, stream=True)
    text = "".join([ch.choices[0].delta.content or "" async for ch in stream if ch.choices])
    assert text == "one two three"
    r = await c.chat.completions.create(model="m", messages=MSGS)
    assert r.choices[0].message.content == "done"
    assert r.choices[0].message.model_extra.get("reasoning_content") == "thinking hard"
    assert r.usage.prompt_tokens == 90 and r.usage.prompt_tokens_details.cached_tokens == 64
    await c.close()


def test_raw_sse_wire_format(fake):
    fake.add({"text": "hi", "usage": {"prompt_tokens": 7, "completion_tokens": 1}})
    body = {"model": "m", "messages": MSGS, "stream": True, "stream_options": {"include_usage": True}}
    with httpx.stream("POST", fake.base_url + "/chat/completions", json=body) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        raw = r.read().decode()
    events = raw.split("\n\n")
    assert events[-1] == "" and events[-2] == "data: [DONE]"
    payloads = [json.loads(e.removeprefix("data: ")) for e in events[:-2]]
    assert all(e.startswith("data: ") for e in events[:-1])
    assert payloads[0]["object"] == "chat.completion.chunk" and payloads[0]["choices"][0]["delta"]["role"] == "assistant"
    assert payloads[-2]["choices"][0]["finish_reason"] == "stop"
    assert payloads[-1]["choices"] == [] and payloads[-1]["usage"]["prompt_tokens"] == 7
    assert len({p["id"] for p in payloads}) == 1


def test_errors_are_openai_shaped(fake):
    fake.add(fail(429, "slow down"), {"error": {"status": 503, "message": "overloaded", "retry_after": 2}},
             {"error": {"kind": "context_length"}}, fail(401, "bad key"))
    c = client(fake)
    with pytest.raises(openai.RateLimitError) as e:
        c.chat.completions.create(model="m", messages=MSGS)
    assert e.value.status_code == 429 and "slow down" in str(e.value)
    with pytest.raises(openai.InternalServerError) as e:
        c.chat.completions.create(model="m", messages=MSGS)
    assert e.value.status_code == 503 and e.value.response.headers["retry-after"] == "2"
    with pytest.raises(openai.BadRequestError) as e:
        c.chat.completions.create(model="m", messages=MSGS)
    assert "maximum context length" in str(e.value)
    r = httpx.post(fake.base_url + "/chat/completions", json={"model": "m", "messages": MSGS})
    assert r.status_code == 401
    err = r.json()["error"]
    assert err["message"] == "bad key" and err["type"] and err["code"] == "invalid_api_key"


def test_models_health_and_unknown_routes(fake):
    models = client(fake).models.list()
    assert [m.id for m in models.data] == ["scripted"]
    assert models.data[0].model_extra["context_length"] == 128_000
    root = fake.base_url.removesuffix("/v1")
    assert httpx.get(root + "/health").json() == {"status": "ok"}
    r = httpx.get(root + "/nope")
    assert r.status_code == 404 and "error" in r.json()
    r = httpx.post(fake.base_url + "/chat/completions", content=b"{not json")
    assert r.status_code == 400 and "invalid request body" in r.json()["error"]["message"]


def test_script_and_request_control_endpoints(fake):
    root = fake.base_url.removesuffix("/v1")
    r = httpx.post(root + "/_script", json=[{"text": "first"}, {"text": "second"}])
    assert r.json() == {"queued": 2, "remaining": 2}
    assert httpx.delete(root + "/_script").json() == {"cleared": 2}
    httpx.post(root + "/_script", json={"text": "only"})
    c = client(fake)
    assert c.chat.completions.create(model="m", messages=MSGS).choices[0].message.content == "only"
    c.chat.completions.create(model="m", messages=MSGS, temperature=0.2)
    recorded = httpx.get(root + "/_requests").json()
    assert len(recorded) == 2 and recorded[1]["temperature"] == 0.2 and recorded[0]["messages"] == MSGS
    full = httpx.get(root + "/_requests?full=1").json()
    assert full[0]["headers"]["authorization"] == "Bearer test-key" and full[0]["path"] == "/v1/chat/completions"
    assert httpx.delete(root + "/_requests").json() == {"cleared": 2}
    assert httpx.get(root + "/_requests").json() == []
    assert httpx.post(root + "/_script", content=b"[{]").status_code == 400


def test_recorded_requests_are_bounded():
    from hermes.testing import fake_openai

    handle, url = start_server()
    try:
        with httpx.Client() as c:
            for i in range(fake_openai.MAX_RECORDED + 20):
                c.post(url + "/chat/completions", json={"model": "m", "messages": [{"role": "user", "content": str(i)}]})
        reqs = handle.requests
        assert len(reqs) == fake_openai.MAX_RECORDED
        assert reqs[-1]["messages"][0]["content"] == str(fake_openai.MAX_RECORDED + 19)
    finally:
        handle.close()


def test_stall_times_out_the_client(fake):
    fake.add({"stall": True}, {"text": "after"})
    c = client(fake, timeout=0.3)
    with pytest.raises(openai.APITimeoutError):
        list(c.chat.completions.create(model="m", messages=MSGS, stream=True))
    assert c.chat.completions.create(model="m", messages=MSGS).choices[0].message.content == "after"


def test_delay_and_required_api_key():
    handle, url = start_server(steps=[reply("slow", delay=0.2)], api_key="sekrit")
    try:
        ok = openai.OpenAI(base_url=url, api_key="sekrit", max_retries=0)
        t = time.perf_counter()
        assert ok.chat.completions.create(model="m", messages=MSGS).choices[0].message.content == "slow"
        assert time.perf_counter() - t >= 0.2
        bad = openai.OpenAI(base_url=url, api_key="wrong", max_retries=0)
        with pytest.raises(openai.AuthenticationError):
            bad.chat.completions.create(model="m", messages=MSGS)
    finally:
        handle.close()


def test_chunked_request_body_and_connection_close(fake):
    body = json.dumps({"model": "m", "messages": [{"role": "user", "content": "chunky"}]}).encode()
    half = len(body) // 2
    req = (b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
           b"Connection: close\r\n\r\n" + b"%x\r\n%s\r\n%x\r\n%s\r\n0\r\n\r\n"
           % (half, body[:half], len(body) - half, body[half:]))
    with socket.create_connection(("127.0.0.1", fake.port), timeout=5) as s:
        s.sendall(req)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, payload = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200") and json.loads(payload)["choices"][0]["message"]["content"] == "chunky"


async def test_async_context_manager_in_the_same_loop():
    async with FakeServer(steps=[reply("in loop")]) as srv:
        c = openai.AsyncOpenAI(base_url=srv.base_url, api_key="k", max_retries=0)
        r = await c.chat.completions.create(model="m", messages=MSGS)
        assert r.choices[0].message.content == "in loop"
        await c.close()


def test_subprocess_with_script_file(tmp_path):
    script = tmp_path / "steps.json"
    script.write_text(json.dumps([{"text": "from file", "chunks": 2},
                                  {"tool_calls": [{"name": "terminal", "arguments": {"command": "pwd"}}]}]))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    p = subprocess.Popen([sys.executable, "-m", "hermes.testing.fake_openai", "--port", str(port),
                          "--script", str(script), "--model", "alpha", "--model", "beta"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert "listening on" in p.stdout.readline()
        c = openai.OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key="k", max_retries=0)
        assert [m.id for m in c.models.list().data] == ["alpha", "beta"]
        text = "".join(ch.choices[0].delta.content or "" for ch in
                       c.chat.completions.create(model="alpha", messages=MSGS, stream=True) if ch.choices)
        assert text == "from file"
        r = c.chat.completions.create(model="alpha", messages=MSGS)
        assert r.choices[0].message.tool_calls[0].function.name == "terminal"
    finally:
        p.terminate()
        p.wait(5)
        p.stdout.close()


def test_keep_alive_throughput(fake):
    """Prints requests/s for a raw httpx keep-alive loop and the openai client (no timing asserts)."""
    body = {"model": "m", "messages": [{"role": "user", "content": "ping"}]}
    with httpx.Client() as c:
        n, t = 500, time.perf_counter()
        for _ in range(n):
            r = c.post(fake.base_url + "/chat/completions", json=body)
        rate = n / (time.perf_counter() - t)
        assert r.json()["choices"][0]["message"]["content"] == "ping"
    oc = client(fake)
    n2, t = 200, time.perf_counter()
    for _ in range(n2):
        oc.chat.completions.create(**body)
    rate2 = n2 / (time.perf_counter() - t)
    print(f"\nfake_openai: httpx keep-alive {rate:,.0f} req/s; openai client {rate2:,.0f} req/s")


def test_python_steps_with_error_kinds(fake):
    fake.add(fail(kind="rate_limit"), fail(kind="context_length"), fail(kind="connection"), fail(kind="timeout"))
    c = client(fake, timeout=0.3)
    with pytest.raises(openai.RateLimitError):
        c.chat.completions.create(model="m", messages=MSGS)
    with pytest.raises(openai.BadRequestError, match="maximum context length"):
        c.chat.completions.create(model="m", messages=MSGS)
    with pytest.raises(openai.APIConnectionError):
        c.chat.completions.create(model="m", messages=MSGS)
    with pytest.raises(openai.APITimeoutError):
        c.chat.completions.create(model="m", messages=MSGS)
    # Steps computed from the request see it as hermes Messages.
    fake.add(lambda messages, tools: reply(f"{len(messages)} messages, last from {messages[-1].role}"))
    assert c.chat.completions.create(model="m", messages=MSGS).choices[0].message.content == "2 messages, last from user"
