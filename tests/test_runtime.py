"""The wired runtime: sessions persist and resume with a frozen prompt, the learning pass saves to
memory in the background without touching the transcript, scopes stay isolated."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from hermes.config import Config
from hermes.core.events import Final
from hermes.home import Home
from hermes.runtime import Hermes, run_prompt
from hermes.testing import ScriptedModel, call, reply
from hermes.testing.validate import validate_conversation


@pytest.fixture
def home(tmp_path: Path) -> Home:
    return Home(tmp_path / "home").ensure()


def make(home: Home, model: ScriptedModel, **cfg) -> Hermes:
    config = Config.model_validate(cfg)
    return Hermes(home, config, model=model, secrets={})


async def test_session_persists_and_resumes_with_frozen_prompt(home):
    model = ScriptedModel([reply("first answer"), reply("second answer")])
    h = make(home, model, memory={"review_interval": 0})
    conv = h.open(source="cli")
    assert (await conv.ask("hello")).text == "first answer"
    prompt = conv.state.system_prompt
    # A memory write after the session started must not change this session's prompt.
    (home.memory_dir("owner")).mkdir(parents=True, exist_ok=True)
    (home.memory_dir("owner") / "USER.md").write_text("User likes brevity", encoding="utf-8")
    h2 = make(home, model, memory={"review_interval": 0})
    resumed = h2.open(conv.id)
    assert resumed.state.system_prompt == prompt
    assert [m.content for m in resumed.state.history] == ["hello", "first answer"]
    assert (await resumed.ask("again")).text == "second answer"
    sent = model.requests[-1]["messages"]
    assert [m.content for m in sent[1:]] == ["hello", "first answer", "again"]
    validate_conversation([m.to_openai() for m in sent])
    # A new session picks the memory up.
    fresh = h2.open()
    assert "User likes brevity" in fresh.state.system_prompt


async def test_learning_pass_writes_memory_not_transcript(home):
    review = call("memory", {"action": "add", "target": "user", "content": "User drinks green tea"})
    model = ScriptedModel([reply("Nice to meet you."), review, reply("saved")])
    h = make(home, model, memory={"review_interval": 1})
    conv = h.open()
    final = await conv.ask("I always drink green tea in the morning")
    assert final.text == "Nice to meet you."
    await h.learner.drain(10)
    user_md = (home.memory_dir("owner") / "USER.md").read_text(encoding="utf-8")
    assert "green tea" in user_md
    assert any("green tea" in n for n in h.notices)
    stored = h.store.get_messages(conv.id)
    assert [m.role for m in stored] == ["user", "assistant"]  # the review left no trace there
    # The review saw the conversation and had only learning tools.
    review_req = model.requests[1]
    assert "green tea" in review_req["messages"][-1].content
    assert {t["function"]["name"] for t in review_req["tools"]} <= {
        "memory", "skill_manage", "skill_view", "skills_list"}


async def test_scopes_are_isolated(home):
    write = call("memory", {"action": "add", "target": "user", "content": "Alice owns the cat"})
    model = ScriptedModel([write, reply("ok"), reply("ok")])
    h = make(home, model, memory={"review_interval": 0})
    alice = h.open(scope="alice", source="api")
    await alice.ask("remember my cat")
    bob = h.open(scope="bob", source="api")
    assert "Alice owns the cat" not in bob.state.system_prompt
    await bob.ask("what do you know?")
    hits = h.store.search("cat", scope="bob")
    assert hits == []
    assert h.store.search("cat", scope="alice")


async def test_run_prompt_for_cron(home):
    res = await run_prompt(home, Config(), "status report please", chat_model=ScriptedModel())
    assert res.error is None and res.text == "status report please"
    from hermes.state import open_store

    info = open_store(home).get_session(res.session_id)
    assert info.source == "cron"
