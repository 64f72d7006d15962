"""Discord inside the real gateway: discord.py itself (its Gateway client, heartbeats, RESUME and HTTP
client) against the Discord emulator over loopback, with the scripted model."""

from __future__ import annotations

import asyncio

import pytest

from gateway_support import Rig, api  # noqa: F401  (fixture)
from hermes.config import PlatformSection
from hermes.gateway.platforms import create
from hermes.testing.script import call, reply

pytest.importorskip("discord", reason="discord.py is not installed (pip install -e '.[dev]')")
pytest.importorskip("websockets", reason="the emulator's websocket needs websockets (pip install -e '.[dev]')")

from hermes.testing.discord_api import BOT_ID, DiscordAPI  # noqa: E402

ALICE, BOB, MALLORY = "6000000000000001", "6000000000000002", "6000000000000666"
DM, GENERAL = "5000000000000001", "4300000000000001"


def section(dc: DiscordAPI, **kw) -> PlatformSection:
    opts = {"api_url": f"http://127.0.0.1:{dc.port}/api/v10", "gateway_url": f"ws://127.0.0.1:{dc.port}/gateway"}
    opts.update(kw.pop("options", {}))
    return PlatformSection(allowed_users=[ALICE, BOB], allow_groups=True, options=opts, **kw)


@pytest.fixture
def dc():
    with DiscordAPI() as emulator:
        yield emulator


async def start(rig: Rig, dc: DiscordAPI, steps, **kw):
    sec = section(dc, **kw)
    rig.config.gateway.platforms["discord"] = sec
    gw = await rig.start(steps, extra={"discord": create("discord", sec, {"DISCORD_BOT_TOKEN": dc.token}, rig.home.root)})
    gw.adapters["discord"].capabilities.edit_interval = 0.3
    return gw


async def sent(dc: DiscordAPI, channel: str, n: int, timeout: float = 15.0):
    return await asyncio.to_thread(dc.wait_sent, channel, n, timeout)


async def until(pred, timeout: float = 15.0):
    async with asyncio.timeout(timeout):
        while not pred():
            await asyncio.sleep(0.05)


async def test_credentials_are_checked_and_a_wrong_token_fails_clearly(dc, tmp_path):
    from hermes.gateway.base import PlatformError

    sec = section(dc)
    assert await create("discord", sec, {"DISCORD_BOT_TOKEN": dc.token}, tmp_path).validate() \
        == "hermes (application 4100000000000001)"
    bad = create("discord", sec, {"DISCORD_BOT_TOKEN": "not-the-token"}, tmp_path)
    with pytest.raises(PlatformError, match="token was refused") as e:
        await bad.validate()
    assert e.value.permanent
    with pytest.raises(PlatformError, match="token was refused"):
        await bad.connect(lambda m: None)
    with pytest.raises(ValueError, match="DISCORD_BOT_TOKEN"):
        create("discord", sec, {}, tmp_path)


async def test_dms_stream_by_editing_and_each_message_is_answered_once(api, dc, tmp_path):
    rig = Rig(tmp_path, api)
    await start(rig, dc, [reply("A streamed answer in many small pieces. " * 6, chunks=12, chunk_delay=0.15),
                          reply("Second answer.")])
    try:
        assert dc.identifies == 1 and dc.intents & (1 << 15)  # the message-content intent was asked for
        assert dc.heartbeats >= 1  # discord.py beats at once after HELLO, then every interval
        first = dc.message_in(DM, ALICE, "explain streaming")
        await until(lambda: dc.sent(DM) and dc.sent(DM)[0]["content"].strip().endswith("pieces."))
        [post] = dc.sent(DM)
        assert len(post["edits"]) >= 2  # one message, edited as the answer grew
        dc.dispatch("MESSAGE_CREATE", first)  # the same message delivered again
        dc.message_in(DM, ALICE, "and again")
        posts = await sent(dc, DM, 2)
        await asyncio.sleep(0.5)
        assert [p["content"] for p in dc.sent(DM)][1:] == ["Second answer."]
        assert len(rig.model.requests) == 2
        # strangers are not answered by the model (pairing/refusal happens in the core)
        dc.message_in("5000000000000009", MALLORY, "let me in")
        refusal = await sent(dc, "5000000000000009", 1)
        assert "Second answer." not in refusal[0]["content"] and len(rig.model.requests) == 2
        assert DM in dc.typing
    finally:
        await rig.stop()


async def test_server_channels_answer_mentions_in_a_thread_and_the_thread_is_one_conversation(api, dc, tmp_path):
    rig = Rig(tmp_path, api)
    await start(rig, dc, [reply("Thread answer one."), reply("Thread answer two."), reply("Loud room answer.")])
    try:
        dc.message_in(GENERAL, ALICE, "people chatting, not for the bot")
        m = dc.message_in(GENERAL, ALICE, "what is a snowflake id?", mention=True)
        [post] = await sent(dc, m["id"], 1)  # a thread started on the message carries its id
        assert post["content"] == "Thread answer one." and dc.channels[m["id"]]["parent_id"] == GENERAL
        assert dc.sent(GENERAL) == []
        # inside the bot's thread no mention is needed, and the person's conversation continues
        dc.message_in(m["id"], ALICE, "and who issues them?")
        posts = await sent(dc, m["id"], 2)
        assert posts[1]["content"] == "Thread answer two."
        history = [msg.content for msg in rig.model.requests[-1]["messages"]]
        assert any("snowflake" in str(c) for c in history)
        assert len(rig.model.requests) == 2  # the unmentioned message never reached the model
    finally:
        await rig.stop()
    # answering without a mention and in the channel itself, when configured so
    rig2 = Rig(tmp_path / "b", api)
    await start(rig2, dc, [reply("Loud room answer.")], options={"require_mention": False, "threads": False})
    try:
        dc.message_in(GENERAL, BOB, "anyone?")
        [post] = await sent(dc, GENERAL, 1)
        assert post["content"] == "Loud room answer."
    finally:
        await rig2.stop()


async def test_slash_commands_are_registered_and_work_typed_too(api, dc, tmp_path):
    rig = Rig(tmp_path, api)
    await start(rig, dc, [reply("Hello.")])
    try:
        names = {c["name"] for c in dc.commands}
        assert {"help", "new", "status", "stop", "queue", "steer", "approve", "deny"} <= names
        assert "quit" not in names and "resume" not in names  # terminal-only commands are not offered
        queue = next(c for c in dc.commands if c["name"] == "queue")
        assert queue["options"][0]["name"] == "text" and len(queue["description"]) <= 100
        dc.message_in(DM, ALICE, "hi")
        await sent(dc, DM, 1)
        dc.slash(DM, ALICE, "status")
        await until(lambda: len(dc.sent(DM)) >= 2)
        assert dc.callbacks and dc.callbacks[0]["type"] == 4 and dc.callbacks[0]["data"]["content"] == "/status"
        assert dc.sent(DM)[1]["content"].startswith("Session ")
        dc.message_in(DM, ALICE, "/help")
        posts = await sent(dc, DM, 3)
        assert "/status" in posts[2]["content"] and len(rig.model.requests) == 1
    finally:
        await rig.stop()


async def test_approvals_use_buttons_and_a_click_runs_the_command(api, dc, tmp_path):
    victim = tmp_path / "work" / "old-build"
    victim.mkdir(parents=True)
    rig = Rig(tmp_path, api)
    await start(rig, dc, [call("terminal", {"command": f"rm -rf {victim}"}), reply("Cleaned.")])
    try:
        dc.message_in(DM, ALICE, "clean the old build")
        [ask] = await sent(dc, DM, 1)
        buttons = ask["components"][0]["components"]
        assert [b["custom_id"] for b in buttons][:1] == ["/approve"] and victim.exists()
        dc.click(ask["id"], ALICE, "/approve")
        posts = await sent(dc, DM, 3)
        assert "Cleaned." in [p["content"] for p in posts] and not victim.exists()
        assert any(cb["type"] == 7 for cb in dc.callbacks)  # the click was acknowledged by removing buttons
    finally:
        await rig.stop()


async def test_files_both_ways(api, dc, tmp_path):
    rig = Rig(tmp_path, api)
    out = tmp_path / "work" / "report.txt"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("the report")
    await start(rig, dc, [reply("Read it."), reply(f"Here it is.\nMEDIA: {out}")])
    try:
        dc.message_in(DM, ALICE, "look at this", files={"notes.txt": b"my notes"})
        await sent(dc, DM, 1)
        prompt = rig.model.requests[-1]["messages"][-1].content
        assert "[attached file: notes.txt" in prompt
        saved = list((rig.home.root / "gateway" / "files" / "discord").glob("*notes.txt"))
        assert saved and saved[0].read_bytes() == b"my notes"
        dc.message_in(DM, ALICE, "send me the report")
        await until(lambda: any(p["files"] for p in dc.sent(DM)))
        [with_file] = [p for p in dc.sent(DM) if p["files"]]
        assert with_file["files"] == {"report.txt": b"the report"}
    finally:
        await rig.stop()


async def test_a_dropped_connection_resumes_and_missed_messages_are_answered_once(api, dc, tmp_path):
    rig = Rig(tmp_path, api)
    await start(rig, dc, [reply("one"), reply("two"), reply("three")])
    try:
        dc.message_in(DM, ALICE, "first")
        await sent(dc, DM, 1)
        dc.drop()  # Discord closes the socket (4000): discord.py resumes the session
        dc.message_in(DM, ALICE, "while away")
        await asyncio.to_thread(dc.wait_resumed, 1)
        await sent(dc, DM, 2)
        dc.stop()  # the whole service goes away for a moment, then comes back on the same port
        await asyncio.sleep(0.5)
        dc.message_in(DM, ALICE, "during the outage")
        dc.start()
        await asyncio.to_thread(dc.wait_resumed, 2, 30)
        posts = await sent(dc, DM, 3, timeout=30)
        await asyncio.sleep(0.5)
        assert [p["content"] for p in dc.sent(DM)] == ["one", "two", "three"]
        assert dc.identifies == 1  # resumed each time, never a fresh session that would lose events
    finally:
        await rig.stop()


async def test_rate_limits_are_waited_out_and_refusals_are_not_retried_forever(api, dc, tmp_path):
    rig = Rig(tmp_path, api)
    gw = await start(rig, dc, [reply("after the limit"), reply("to nobody")])
    try:
        dc.fail_next(2)  # 429 twice: discord.py waits `retry_after` and sends again
        dc.message_in(DM, ALICE, "hello")
        [post] = await sent(dc, DM, 1)
        assert post["content"] == "after the limit"
        dc.fail_next(1, status=403, code=50007, message="Cannot send messages to this user")
        dc.message_in(DM, ALICE, "again")
        await until(lambda: len(rig.model.requests) == 2)
        await asyncio.sleep(1.5)
        assert len(dc.sent(DM)) == 1  # refused for good: logged, not resent in a loop
        adapter = gw.adapters["discord"]
        from hermes.gateway.base import PlatformError

        with pytest.raises(PlatformError) as e:
            await adapter.send("5999999999999999", "to a channel that does not exist")
        assert e.value.permanent
    finally:
        await rig.stop()
