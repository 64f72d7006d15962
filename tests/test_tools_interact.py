"""clarify and send_message through the real agent loop, store and (for messages) the real gateway
on the Telegram emulator; the scripted model is the only stand-in."""

from __future__ import annotations

import asyncio

import pytest

from gateway_support import api, rig  # noqa: F401  (fixtures)

from hermes.config import Config, PlatformSection
from hermes.home import Home
from hermes.runtime import Hermes
from hermes.testing import ScriptedModel
from hermes.testing.script import call, reply

DM, OTHER = 7, 8


def make(tmp_path, steps) -> Hermes:
    config = Config()
    config.terminal.cwd = str(tmp_path)
    return Hermes(Home(tmp_path / "home").ensure(), config, model=ScriptedModel(list(steps)))


def tool_results(h: Hermes) -> list[str]:
    return [m.content for m in h.model.requests[-1]["messages"] if m.role == "tool"]


def running(home: Home):
    """What `hermes gateway run` adds around the Gateway: the home lock and status.json."""
    from hermes.gateway.process import take_locks, write_status

    locks = take_locks(home, {}, {})
    write_status(home, {"platforms": {"telegram": {"connected": True}}})
    return locks


# -- clarify ----------------------------------------------------------------------------------------

async def test_the_users_answer_reaches_the_model(tmp_path):
    asked = []

    async def ask_user(question, choices):
        asked.append((question, choices))
        return "Postgres, please"

    h = make(tmp_path, [call("clarify", {"question": "Which database?"}), reply("Using Postgres.")])
    conv = h.open(interactive=True, ask_user=ask_user)
    final = await conv.ask("set up the app")
    assert final.text == "Using Postgres."
    assert asked == [("Which database?", None)]
    assert tool_results(h) == ["The user answered: Postgres, please"]


async def test_choices_are_offered_and_an_answer_outside_them_is_still_the_users(tmp_path):
    answers = iter(["2", "neither, use MySQL"])
    offered = []

    async def ask_user(question, choices):
        offered.append(choices)
        return next(answers)

    q = {"question": "Which one?", "choices": [" sqlite ", "postgres"]}
    h = make(tmp_path, [call("clarify", q), call("clarify", q), reply("ok")])
    conv = h.open(interactive=True, ask_user=ask_user)
    await conv.ask("go")
    assert offered == [["sqlite", "postgres"]] * 2
    assert tool_results(h) == ["The user chose: postgres",
                               "The user answered (in their own words, not one of the choices): neither, use MySQL"]


@pytest.mark.parametrize("choices, why", [(["only one"], "2 to 10"), (["a", " "], "empty"),
                                          ([str(i) for i in range(11)], "2 to 10")])
async def test_bad_choices_are_refused_before_asking(tmp_path, choices, why):
    async def ask_user(question, choices):
        raise AssertionError("must not be asked")

    h = make(tmp_path, [call("clarify", {"question": "Which?", "choices": choices}), reply("ok")])
    await h.open(interactive=True, ask_user=ask_user).ask("go")
    assert why in tool_results(h)[0] and tool_results(h)[0].startswith("Error:")


async def test_no_answer_in_time_and_a_cancelled_turn_give_clear_results(tmp_path, monkeypatch):
    from hermes.tools import interact

    monkeypatch.setattr(interact, "ANSWER_TIMEOUT", 0.2)

    async def never(question, choices):
        await asyncio.sleep(60)

    h = make(tmp_path, [call("clarify", {"question": "Still there?"}), reply("moving on")])
    await h.open(interactive=True, ask_user=never).ask("go")
    assert "did not answer" in tool_results(h)[0]

    h2 = make(tmp_path / "b", [call("clarify", {"question": "Still there?"}), reply("never")])
    conv = h2.open(interactive=True, ask_user=never)
    monkeypatch.setattr(interact, "ANSWER_TIMEOUT", 30)
    cancel = asyncio.Event()
    asyncio.get_running_loop().call_later(0.2, cancel.set)
    final = await asyncio.wait_for(conv.ask("go", cancel), 10)
    assert final.cancelled


async def test_unattended_sessions_are_told_to_decide_themselves(tmp_path):
    h = make(tmp_path, [call("clarify", {"question": "Which DB?", "choices": ["a", "b"]}), reply("chose a")])
    conv = h.open(source="cron", interactive=False)
    assert "clarify" in conv.agent.tools.names()
    await conv.ask("nightly job")
    [result] = tool_results(h)
    assert "Nobody is there to answer" in result and "Decide yourself" in result and "a / b" in result


async def test_api_callers_get_the_question_as_the_final_answer(tmp_path):
    # the tool cannot stop the loop; its result tells the model to end the turn with the question
    h = make(tmp_path, [call("clarify", {"question": "Which region?"}), reply("Which region should I use?")])
    conv = h.open(source="api", interactive=False)
    final = await conv.ask("deploy it")
    assert "end your turn with the question as your final answer" in tool_results(h)[0]
    assert final.text == "Which region should I use?"


async def test_in_a_chat_the_turn_waits_for_the_next_message(rig):
    await rig.start([call("clarify", {"question": "Red or blue?", "choices": ["red", "blue"]}),
                     reply("Painting it blue."), call("clarify", {"question": "Which wall?"}),
                     reply("The north wall, then.")])
    rig.api.user_says(DM, DM, "paint the door")
    [asked] = await rig.texts(DM, 1)
    assert asked.startswith("❓ Red or blue?") and "1. red" in asked and "2. blue" in asked
    rig.api.user_says(DM, DM, "2")  # a number picks the choice (what a button sends)
    assert (await rig.texts(DM, 2))[1] == "Painting it blue."
    assert tool_results(rig.gateways[0].hermes)[0] == "The user chose: blue"
    # A command while a question waits is still a command; the next plain message is the answer.
    rig.api.user_says(DM, DM, "and the wall")
    assert (await rig.texts(DM, 3))[2].startswith("❓ Which wall?")
    rig.api.user_says(DM, DM, "/usage")
    assert "Tokens" in (await rig.texts(DM, 4))[3] or "usage" in (await rig.texts(DM, 4))[3].lower()
    rig.api.user_says(DM, DM, "the north one")
    assert (await rig.texts(DM, 5))[4] == "The north wall, then."
    assert tool_results(rig.gateways[0].hermes)[1] == "The user answered: the north one"


# -- send_message -----------------------------------------------------------------------------------

async def test_home_gets_the_message_without_approval(rig):
    locks = running(rig.home)
    try:
        await rig.start([reply("ok"), call("send_message", {"target": "home", "text": "build finished ✅"}),
                         reply("sent")])
        rig.api.user_says(DM, DM, "/sethome")
        await rig.texts(DM, 1)
        rig.api.user_says(DM, DM, "hi")
        assert (await rig.texts(DM, 2))[1] == "ok"
        rig.api.user_says(DM, DM, "tell me when done")
        texts = await rig.texts(DM, 4)
        assert sorted(texts[2:]) == sorted(["build finished ✅", "sent"])
        assert "Queued for telegram:7" in tool_results(rig.gateways[0].hermes)[0]
    finally:
        locks.release()


async def test_a_configured_home_channel_works_from_another_session(rig, tmp_path):
    locks = running(rig.home)
    try:
        rig.config.gateway.platforms["telegram"].home_channel = str(DM)
        await rig.start()
        secret = "sk-abcdef1234567890abcdef1234567890"
        h = Hermes(rig.home, rig.config, model=ScriptedModel([
            call("send_message", {"target": "home", "text": f"token {secret} leaked"}), reply("done")]))
        conv = h.open(interactive=False)  # nobody could approve: home needs no approval
        await conv.ask("report")
        assert "Queued for telegram:7" in tool_results(h)[0]
        [msg] = await rig.wait_sent(DM, 1)
        assert "leaked" in msg.text and secret not in msg.text
    finally:
        locks.release()


@pytest.mark.parametrize("press, delivered", [("/approve", True), ("/deny", False)])
async def test_another_chat_needs_the_users_approval(rig, press, delivered):
    locks = running(rig.home)
    try:
        await rig.start([call("send_message", {"target": f"telegram:{OTHER}", "text": "hello from Hermes"}),
                         reply("finished")], approval_timeout=30)
        rig.api.user_says(DM, DM, "say hello to 8")
        ask = (await rig.wait_sent(DM, 1))[0]
        assert "approval" in ask.text and f"telegram:{OTHER}" in ask.text and "hello from Hermes" in ask.text
        rig.api.press_button(DM, DM, ask.message_id, press)
        assert (await rig.texts(DM, 3))[2] == "finished"
        result = tool_results(rig.gateways[0].hermes)[0]
        if delivered:
            assert [m.text for m in await rig.wait_sent(OTHER, 1)] == ["hello from Hermes"]
            assert "Queued" in result
        else:
            await asyncio.sleep(2.5)  # longer than one notice pump round
            assert rig.api.sent(OTHER) == [] and "denied" in result.lower()
    finally:
        locks.release()


async def test_without_a_gateway_the_model_gets_a_clear_error(tmp_path):
    h = make(tmp_path, [call("send_message", {"target": "telegram:5", "text": "hi"}), reply("could not")])
    await h.open(interactive=False).ask("notify me")
    assert "no chat platform is configured" in tool_results(h)[0]

    h2 = make(tmp_path / "b", [call("send_message", {"target": "discord:5", "text": "hi"}),
                               call("send_message", {"target": "home", "text": "hi"}), reply("could not")])
    h2.config.gateway.platforms["telegram"] = PlatformSection(home_channel="5")
    await h2.open(interactive=False).ask("notify me")
    unknown, not_running = tool_results(h2)
    assert "discord is not a configured chat platform" in unknown
    assert "no gateway is running" in not_running
