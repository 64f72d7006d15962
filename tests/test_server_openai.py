"""The OpenAI-compatible surface against a real uvicorn server, driven by the official `openai` client
(sync and async, streaming and not). The LLM is the only stand-in (ScriptedModel)."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import httpx
import openai
import pytest
from openai import AsyncOpenAI, OpenAI

from hermes.core.messages import Message
from hermes.testing import ScriptedModel, call, fail, reply
from hermes.testing.validate import validate_conversation
from server_support import KEY, make_hermes, make_home, serve

SID = "X-Hermes-Session-Id"


def client(s, key: str = KEY) -> OpenAI:
    return OpenAI(base_url=s.url + "/v1", api_key=key, max_retries=0, timeout=20)


def roles(msgs: list[Message]) -> list[tuple[str, str]]:
    return [(m.role, m.content or "") for m in msgs]


@pytest.fixture
def env(tmp_path):
    home = make_home(tmp_path, {"server": {"model_aliases": ["gpt-4o-mini"]}},
                     env="OPENAI_API_KEY=sk-test-supersecret-123456\n")
    model = ScriptedModel()
    h = make_hermes(home, model)
    with serve(h, api_key=KEY) as s:
        yield s, h, model


def test_tutorial_as_written(env):
    s, h, model = env
    model.add(reply("Nice to meet you, Ada."), reply("Your name is Ada."))
    c = client(s)
    headers = {SID: "my-first-agent"}
    r1 = c.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "Hi, I'm Ada."}],
                                   extra_headers=headers)
    assert r1.choices[0].message.content == "Nice to meet you, Ada."
    r2 = c.chat.completions.with_raw_response.create(
        model="hermes", messages=[{"role": "user", "content": "What's my name?"}], extra_headers=headers)
    assert r2.headers["x-hermes-session-id"] == "my-first-agent"
    assert r2.parse().choices[0].message.content == "Your name is Ada."
    # The second model request carries the first exchange: the server owns the history.
    sent = model.requests[-1]["messages"]
    assert roles(sent[1:]) == [("user", "Hi, I'm Ada."), ("assistant", "Nice to meet you, Ada."),
                               ("user", "What's my name?")]
    assert httpx.get(s.url + "/health").json() == {"status": "ok"}
    if s.server.config.app.state.jobs is not None:  # the cron package is installed
        job = httpx.post(s.url + "/api/jobs", headers={"Authorization": "Bearer hermes"},
                         json={"name": "briefing", "schedule": "every 1h", "prompt": "Summarize my day"})
        assert job.status_code == 201 and job.json()["name"] == "briefing" and job.json()["enabled"]
    stored = h.store.get_messages("my-first-agent")
    assert [m.role for m in stored] == ["user", "assistant", "user", "assistant"]
    assert h.store.get_session("my-first-agent").scope == "my-first-agent"


def test_full_history_resent_is_not_duplicated(env):
    s, h, model = env
    c = client(s)
    hdr = {SID: "resender"}
    c.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "one"}], extra_headers=hdr)
    full = [{"role": "user", "content": "one"}, {"role": "assistant", "content": "one"},
            {"role": "user", "content": "two"}]
    r = c.chat.completions.create(model="hermes", messages=full, extra_headers=hdr)
    assert r.choices[0].message.content == "two"  # echo
    assert roles(h.store.get_messages("resender")) == [("user", "one"), ("assistant", "one"),
                                                       ("user", "two"), ("assistant", "two")]


def test_no_header_gives_fresh_sessions_and_seeds_stateless_history(env):
    s, h, model = env
    c = client(s)
    a = c.chat.completions.with_raw_response.create(model="hermes", messages=[{"role": "user", "content": "x"}])
    b = c.chat.completions.with_raw_response.create(model="hermes", messages=[
        {"role": "system", "content": "Always answer in French."},
        {"role": "user", "content": "earlier"}, {"role": "assistant", "content": "earlier answer"},
        {"role": "user", "content": "now"}])
    sa, sb = a.headers["x-hermes-session-id"], b.headers["x-hermes-session-id"]
    assert sa and sb and sa != sb
    assert h.store.get_session(sa).scope == sa  # two ids, two brains
    # A stateless client's history seeds the new session; its system message is layered in.
    assert roles(h.store.get_messages(sb)) == [("user", "earlier"), ("assistant", "earlier answer"),
                                               ("user", "now"), ("assistant", "now")]
    sent = model.requests[-1]["messages"]
    assert "Always answer in French." in sent[0].content and "Hermes" in sent[0].content
    assert h.store.get_system_prompt(sb) == sent[0].content


def test_streaming_wire_format(env):
    s, h, model = env
    model.add(reply("Hello streaming world", chunks=3))
    body = {"model": "hermes", "stream": True, "stream_options": {"include_usage": True},
            "messages": [{"role": "user", "content": "hi"}]}
    with httpx.stream("POST", s.url + "/v1/chat/completions", json=body,
                      headers={"Authorization": f"Bearer {KEY}"}) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        assert r.headers["x-hermes-session-id"]
        lines = [ln for ln in r.iter_lines() if ln.startswith("data: ")]
    assert lines[-1] == "data: [DONE]"
    chunks = [json.loads(ln[6:]) for ln in lines[:-1]]
    assert all(c["object"] == "chat.completion.chunk" for c in chunks)
    assert len({c["id"] for c in chunks}) == 1
    assert chunks[0]["choices"][0]["delta"]["role"] == "assistant"
    text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])
    assert text == "Hello streaming world"
    finish = [c for c in chunks if c["choices"] and c["choices"][0]["finish_reason"]]
    assert len(finish) == 1 and finish[0]["choices"][0]["finish_reason"] == "stop"
    assert chunks[-1]["choices"] == [] and chunks[-1]["usage"]["total_tokens"] > 0
    assert all(c["usage"] is None for c in chunks[:-1])


def test_sync_stream_and_async_clients(env):
    s, h, model = env
    model.add(reply("abc def ghi", chunks=3))
    c = client(s)
    stream = c.chat.completions.create(model="gpt-4o-mini", stream=True, extra_headers={SID: "st"},
                                       messages=[{"role": "user", "content": "go"}])
    assert "".join(ch.choices[0].delta.content or "" for ch in stream if ch.choices) == "abc def ghi"

    async def go():
        ac = AsyncOpenAI(base_url=s.url + "/v1", api_key=KEY, max_retries=0)
        r = await ac.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "async one"}],
                                             extra_headers={SID: "st"})
        st = await ac.chat.completions.create(model="hermes", stream=True, extra_headers={SID: "st"},
                                              messages=[{"role": "user", "content": "async two"}])
        parts = [ch.choices[0].delta.content or "" async for ch in st if ch.choices]
        await ac.close()
        return r.choices[0].message.content, "".join(parts)

    assert asyncio.run(go()) == ("async one", "async two")
    assert [m.content for m in h.store.get_messages("st")] == ["go", "abc def ghi", "async one", "async one",
                                                              "async two", "async two"]


def test_streamed_text_around_a_tool_round_is_separated(env):
    s, h, model = env
    model.add(call("memory", {"target": "user", "action": "add", "content": "Likes jazz."},
                   text="Let me note that."), reply("Done."))
    c = client(s)
    events = c.chat.completions.create(model="hermes", stream=True,
                                       messages=[{"role": "user", "content": "I like jazz"}])
    assert "".join(ch.choices[0].delta.content or "" for ch in events if ch.choices) == "Let me note that.\n\nDone."


def test_models_and_unknown_model(env):
    s, h, model = env
    c = client(s)
    assert [m.id for m in c.models.list().data] == ["hermes", "gpt-4o-mini"]
    assert c.models.retrieve("gpt-4o-mini").id == "gpt-4o-mini"
    with pytest.raises(openai.NotFoundError) as e:
        c.chat.completions.create(model="gpt-9", messages=[{"role": "user", "content": "x"}])
    assert e.value.body["code"] == "model_not_found"
    assert model.requests == []


def test_model_failure_is_502_or_503_without_secrets(env):
    s, h, model = env
    model.add(fail(500, "upstream broke; key sk-test-supersecret-123456 rejected"), fail(429, "slow down"))
    c = client(s)
    with pytest.raises(openai.APIStatusError) as e:
        c.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "x"}],
                                  extra_headers={SID: "failing"})
    assert e.value.status_code == 502
    assert "supersecret" not in e.value.response.text and "[redacted]" in e.value.message
    assert e.value.response.headers["x-hermes-session-id"] == "failing"
    with pytest.raises(openai.APIStatusError) as e:  # streaming, failing before any output
        list(c.chat.completions.create(model="hermes", stream=True,
                                       messages=[{"role": "user", "content": "x"}]))
    assert e.value.status_code == 503
    # The store stays valid and the session usable.
    r = c.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "again"}],
                                  extra_headers={SID: "failing"})
    assert r.choices[0].message.content == "again"


def test_answers_never_leak_env_secrets(env):
    s, h, model = env
    model.add(reply("the key is sk-test-supersecret-123456, enjoy", chunks=7),
              reply("again sk-test-supersecret-123456"))
    c = client(s)
    text = "".join(ch.choices[0].delta.content or "" for ch in c.chat.completions.create(
        model="hermes", stream=True, messages=[{"role": "user", "content": "leak"}]) if ch.choices)
    assert text == "the key is [redacted], enjoy"
    r = c.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "leak"}])
    assert r.choices[0].message.content == "again [redacted]"


def test_agent_tools_run_server_side_and_dangerous_ones_are_denied(env):
    s, h, model = env
    model.add(call("memory", {"target": "user", "action": "add", "content": "Prefers tea."}),
              reply("Noted."))
    c = client(s)
    r = c.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "I prefer tea"}],
                                  tools=[{"type": "function", "function": {"name": "client_tool",
                                                                           "parameters": {"type": "object"}}}],
                                  extra_headers={SID: "tooluser"})
    assert r.choices[0].message.content == "Noted."
    assert model.requests[0]["tools"] and "client_tool" not in json.dumps(model.requests[0]["tools"])
    validate_conversation([m.to_openai() for m in h.store.get_messages("tooluser")])


def test_dangerous_commands_are_denied_with_nobody_to_approve(env, tmp_path):
    s, h, model = env
    if h.registry.get("terminal") is None:
        pytest.skip("terminal tool not installed")
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("precious")
    model.add(call("terminal", {"command": f"rm -rf {victim}"}), reply("I could not do that."))
    r = client(s).chat.completions.create(model="hermes", extra_headers={SID: "danger"},
                                          messages=[{"role": "user", "content": "wipe it"}])
    assert r.choices[0].message.content == "I could not do that."
    assert (victim / "keep.txt").read_text() == "precious"
    result = [m for m in h.store.get_messages("danger") if m.role == "tool"][0].content
    assert "denied" in result.lower()


def test_session_ids_isolate_memory_scopes(env):
    s, h, model = env
    if h.registry.get("memory") is None:
        pytest.skip("memory tool not installed")
    model.add(call("memory", {"target": "user", "action": "add", "content": "Secret hobby: origami."}),
              reply("Saved."))
    c = client(s)
    c.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "remember origami"}],
                              extra_headers={SID: "alice-1"})
    assert "origami" in (h.home.memory_dir("alice-1") / "USER.md").read_text()
    # Another session id is another brain: its prompt holds nothing of alice's memory.
    c.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "hello"}],
                              extra_headers={SID: "bob-1"})
    assert "origami" not in model.requests[-1]["messages"][0].content
    # An explicit session key shares a scope across session ids.
    c.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "hi again"}],
                              extra_headers={SID: "alice-2", "X-Hermes-Session-Key": "alice-1"})
    assert "origami" in model.requests[-1]["messages"][0].content
    mem = httpx.get(s.url + "/api/memory/alice-1", headers={"Authorization": f"Bearer {KEY}"}).json()
    assert mem["documents"]["user"]["entries"] == ["Secret hobby: origami."]
    # A session's scope is fixed at creation.
    with pytest.raises(openai.ConflictError):
        c.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "x"}],
                                  extra_headers={SID: "bob-1", "X-Hermes-Session-Key": "alice-1"})


def test_turns_on_one_session_run_in_arrival_order(env):
    s, h, model = env
    model.add(reply("first answer", delay=1.0))
    results: dict[int, str] = {}
    clients = [client(s) for _ in range(6)]
    for c in clients:  # connected and warm, so sending order is arrival order
        c.models.list()

    def send(i: int) -> None:
        r = clients[i].chat.completions.create(model="hermes", extra_headers={SID: "fifo"},
                                               messages=[{"role": "user", "content": f"msg {i}"}])
        results[i] = r.choices[0].message.content

    pool = s.server.config.app.state.pool
    threads = []
    for i in range(6):
        t = threading.Thread(target=send, args=(i,))
        t.start()
        threads.append(t)
        deadline = time.monotonic() + 5
        # the next one is sent once this one has taken its place in line (turn 0 is still running)
        while (pool.get("fifo") is None or pool.get("fifo").inflight < i + 1) and time.monotonic() < deadline:
            time.sleep(0.002)
    for t in threads:
        t.join(10)
    assert results[0] == "first answer"
    msgs = h.store.get_messages("fifo")
    assert [m.content for m in msgs if m.role == "user"] == [f"msg {i}" for i in range(6)]
    validate_conversation([m.to_openai() for m in msgs])


def test_client_disconnect_cancels_the_turn(env):
    s, h, model = env
    model.add(reply("too late", delay=30))
    srv = s.server.config.app.state
    body = {"model": "hermes", "messages": [{"role": "user", "content": "slow one"}]}
    with pytest.raises(httpx.ReadTimeout):
        httpx.post(s.url + "/v1/chat/completions", json=body, timeout=0.5,
                   headers={"Authorization": f"Bearer {KEY}", SID: "gone"})
    deadline = time.monotonic() + 5
    while srv.pool.busy and time.monotonic() < deadline:
        time.sleep(0.02)
    assert srv.pool.busy == 0, "the turn kept running after the client left"
    assert h.store.get_messages("gone") == []  # nothing half-written
    # Streaming too: the client closes mid-turn.
    model.add(reply("also too late", delay=30))
    with pytest.raises(httpx.ReadTimeout):
        with httpx.stream("POST", s.url + "/v1/chat/completions", json={**body, "stream": True},
                          timeout=0.5, headers={"Authorization": f"Bearer {KEY}", SID: "gone"}) as r:
            r.read()
    deadline = time.monotonic() + 5
    while srv.pool.busy and time.monotonic() < deadline:
        time.sleep(0.02)
    assert srv.pool.busy == 0
    r = client(s).chat.completions.create(model="hermes", messages=[{"role": "user", "content": "still ok"}],
                                          extra_headers={SID: "gone"})
    assert r.choices[0].message.content == "still ok"
    validate_conversation([m.to_openai() for m in h.store.get_messages("gone")])


def test_client_leaving_while_waiting_in_line_gives_up_its_turn(env):
    s, h, model = env
    model.add(reply("slow answer", delay=1.0))
    srv = s.server.config.app.state
    first = threading.Thread(target=lambda: client(s).chat.completions.create(
        model="hermes", messages=[{"role": "user", "content": "first"}], extra_headers={SID: "queue"}))
    first.start()
    deadline = time.monotonic() + 5
    while (srv.pool.get("queue") is None or not srv.pool.get("queue").inflight) and time.monotonic() < deadline:
        time.sleep(0.002)
    with pytest.raises(httpx.ReadTimeout):
        httpx.post(s.url + "/v1/chat/completions", timeout=0.3,
                   json={"model": "hermes", "messages": [{"role": "user", "content": "impatient"}]},
                   headers={"Authorization": f"Bearer {KEY}", SID: "queue"})
    first.join(10)
    deadline = time.monotonic() + 5
    while srv.pool.busy and time.monotonic() < deadline:
        time.sleep(0.02)
    assert srv.pool.busy == 0
    assert [m.content for m in h.store.get_messages("queue")] == ["first", "slow answer"]
    assert len(model.requests) == 1  # the impatient turn never reached the model


def test_responses_api(env):
    s, h, model = env
    model.add(reply("A1"), reply("A2"), reply("B2"))
    c = client(s)
    r1 = c.responses.create(model="hermes", input="first", instructions="Be brief.")
    assert r1.output_text == "A1" and r1.status == "completed"
    assert "Be brief." in model.requests[-1]["messages"][0].content
    r2 = c.responses.create(model="hermes", input=[{"role": "user", "content": "second"}],
                            previous_response_id=r1.id)
    assert r2.output_text == "A2"
    assert roles(model.requests[-1]["messages"][1:]) == [("user", "first"), ("assistant", "A1"),
                                                         ("user", "second")]
    # Answering an older response branches off at that point.
    r3 = c.responses.create(model="hermes", input="second, differently", previous_response_id=r1.id)
    assert r3.output_text == "B2"
    assert roles(model.requests[-1]["messages"][1:]) == [("user", "first"), ("assistant", "A1"),
                                                         ("user", "second, differently")]
    got = c.responses.retrieve(r2.id)
    assert got.id == r2.id and got.output_text == "A2"
    c.responses.delete(r2.id)
    with pytest.raises(openai.NotFoundError):
        c.responses.retrieve(r2.id)
    with pytest.raises(openai.NotFoundError):
        c.responses.create(model="hermes", input="x", previous_response_id="resp_missing")
    r4 = c.responses.create(model="hermes", input="not kept", store=False)
    with pytest.raises(openai.NotFoundError):
        c.responses.retrieve(r4.id)


def test_responses_streaming(env):
    s, h, model = env
    model.add(reply("warm up"), reply("streamed answer", chunks=3), reply("next"))
    c = client(s)
    first = c.responses.create(model="hermes", input="prepare")
    events = list(c.responses.create(model="hermes", input="go", stream=True, previous_response_id=first.id))
    kinds = [e.type for e in events]
    assert kinds[:2] == ["response.created", "response.in_progress"] and kinds[-1] == "response.completed"
    assert [e.sequence_number for e in events] == list(range(len(events)))
    assert "".join(e.delta for e in events if e.type == "response.output_text.delta") == "streamed answer"
    done = events[-1].response
    assert done.output_text == "streamed answer" and done.usage.total_tokens > 0
    # The streamed response is stored and chains like any other.
    again = c.responses.create(model="hermes", input="more", previous_response_id=done.id)
    assert again.output_text == "next"
    assert roles(model.requests[-1]["messages"][1:])[-3:] == [("user", "go"), ("assistant", "streamed answer"),
                                                              ("user", "more")]
