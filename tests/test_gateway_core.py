"""The gateway end to end: the real Telegram adapter (python-telegram-bot) against the Bot API
emulator, the real gateway core, store and agent loop; the scripted model is the only stand-in."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest

from gateway_support import Rig, api, rig  # noqa: F401  (fixtures)

from hermes.core.agent import STEER_NOTE
from hermes.testing.script import call, reply

DM, OTHER, GROUP = 7, 8, -100500


async def test_a_message_is_answered_once_even_when_telegram_sends_it_again(rig):
    await rig.start()
    mid = rig.api.user_says(DM, DM, "hello there")
    assert await rig.texts(DM, 1) == ["hello there"]  # the scripted model echoes
    rig.api.redeliver(DM, mid)
    rig.api.user_says(DM, DM, "second")
    texts = await rig.texts(DM, 2)
    await asyncio.sleep(0.3)
    assert [m.text for m in rig.api.sent(DM)] == texts == ["hello there", "second"]


async def test_unknown_people_get_a_pairing_code_the_owner_approves_from_the_cli(rig):
    await rig.start()
    stranger = 99
    rig.api.user_says(stranger, stranger, "let me in")
    [msg] = await rig.wait_sent(stranger, 1)
    code = msg.text.split("pairing code is ")[1].split(".")[0]
    rig.api.user_says(stranger, stranger, "please?")  # asking again: the same code, no answer from the agent
    await asyncio.sleep(0.5)
    assert all("pairing code" in m.text for m in rig.api.sent(stranger))
    env = dict(os.environ, HERMES_HOME=str(rig.home.root))
    out = subprocess.run([sys.executable, "-m", "hermes", "gateway", "pair", "approve", code.lower()], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "Approved telegram:99" in out.stdout
    n = len(rig.api.sent(stranger))
    rig.api.user_says(stranger, stranger, "thanks")
    assert (await rig.texts(stranger, n + 1))[-1] == "thanks"


async def test_group_members_never_see_each_others_memory(rig):
    fact = "favourite editor is Helix"
    await rig.start([call("memory", {"action": "add", "target": "user", "content": fact}), reply("noted")],
                    group_sessions_per_user=True)
    rig.api.user_says(GROUP, DM, f"remember: my {fact}")
    assert (await rig.texts(GROUP, 1))[0] == "noted"
    rig.api.user_says(GROUP, OTHER, "what is my favourite editor?")
    await rig.wait_sent(GROUP, 2)
    other_prompt = rig.model.requests[-1]["messages"][0].content
    assert "Helix" not in other_prompt
    rig.api.user_says(DM, DM, "/new")  # the first member's next conversation, in a DM: the memory follows
    await rig.wait_sent(DM, 1)
    rig.api.user_says(DM, DM, "what is my editor?")
    await rig.wait_sent(DM, 2)
    assert "Helix" in rig.model.requests[-1]["messages"][0].content


async def test_busy_sessions_queue_then_steer_and_stop(rig, tmp_path):
    await rig.start([reply("first done", delay=1.0)])
    rig.api.user_says(DM, DM, "one")
    await asyncio.sleep(0.3)
    rig.api.user_says(DM, DM, "two")  # arrives while the turn runs: queued, answered after
    assert await rig.texts(DM, 2) == ["first done", "two"]
    rig.model.add(call("terminal", {"command": "sleep 1"}), reply("steered"))
    rig.api.user_says(DM, DM, "do the slow thing")
    await asyncio.sleep(0.4)
    rig.api.user_says(DM, DM, "/steer use the fast path instead")
    texts = await rig.texts(DM, 4)
    assert texts[-1] == "steered" and "running turn" in texts[2]
    steer = [m for m in rig.model.requests[-1]["messages"] if m.role == "user" and m.content.startswith(STEER_NOTE)]
    assert steer and "fast path" in steer[0].content
    rig.model.add(call("terminal", {"command": "sleep 30 && touch " + str(tmp_path / "late")}), reply("never"))
    rig.api.user_says(DM, DM, "take forever")
    await asyncio.sleep(0.5)
    rig.api.user_says(DM, DM, "/sto")  # prefix of /stop
    texts = await rig.texts(DM, 6, timeout=10)
    assert texts[4] == "Stopping." and texts[5].startswith("Stopped.")
    assert not (tmp_path / "late").exists()


async def test_dangerous_commands_ask_in_the_chat_and_buttons_answer(rig, tmp_path):
    victim = tmp_path / "work" / "build"
    victim.mkdir()
    await rig.start([call("terminal", {"command": f"rm -rf {victim}"}), reply("removed")], approval_timeout=30)
    rig.api.user_says(DM, DM, "clean the build dir")
    ask = (await rig.wait_sent(DM, 1))[0]
    assert "approval" in ask.text and f"rm -rf {victim}" in ask.text and ask.buttons
    assert victim.exists()
    data = [b["callback_data"] for row in ask.buttons for b in row]
    assert data == ["/approve", "/approve session", "/deny"]
    rig.api.press_button(DM, DM, ask.message_id, "/approve")
    texts = await rig.texts(DM, 3)
    assert texts[1:] == ["Approved.", "removed"] and not victim.exists()
    assert rig.api.answered_callbacks


async def test_no_answer_to_an_approval_means_no(rig, tmp_path):
    victim = tmp_path / "work" / "keep"
    victim.mkdir()
    await rig.start([call("terminal", {"command": f"rm -rf {victim}"}), reply("could not")], approval_timeout=0.5)
    rig.api.user_says(DM, DM, "clean up")
    texts = await rig.texts(DM, 3)
    assert "not run" in texts[1] and texts[2] == "could not" and victim.exists()
    tool_result = [m for m in rig.model.requests[-1]["messages"] if m.role == "tool"][0].content
    assert "did not answer" in tool_result


async def test_long_replies_stream_by_edits_and_split_into_valid_html(rig):
    long = "\n\n".join(f"**Part {i}**: " + "word & <tag> " * 60 for i in range(20))
    await rig.start([reply(long, chunks=40, chunk_delay=0.05)])
    rig.config.gateway.platforms["telegram"]  # noqa: B018
    rig.gateways[0].adapters["telegram"].capabilities.edit_interval = 0.2
    rig.api.user_says(DM, DM, "write a lot")
    msgs = await rig.wait_sent(DM, 4, timeout=15)
    await asyncio.sleep(0.5)
    msgs = rig.api.sent(DM)
    assert len(msgs) >= 4 and msgs[0].edits  # the first message was a streamed preview, edited
    assert all(len(m.text) <= 4096 * 1.3 for m in msgs) and all(m.parse_mode == "HTML" for m in msgs)
    assert "<b>Part 0</b>" in msgs[0].text and "&lt;tag&gt;" in msgs[0].text
    shown = " ".join(m.text for m in msgs)
    assert all(f"Part {i}</b>" in shown for i in range(20))


async def test_a_refused_send_is_retried_and_survives_a_restart(rig):
    await rig.start()
    rig.api.fail_next("sendMessage", 1, retry_after=1)
    rig.api.user_says(DM, DM, "retry me")
    assert await rig.texts(DM, 1, timeout=10) == ["retry me"]
    rig.api.fail_next("sendMessage", 1, retry_after=60)
    rig.api.user_says(DM, DM, "after restart")
    gw = rig.gateways[0]
    await asyncio.to_thread(rig.api.wait_for, lambda: rig.api.calls.get("sendMessage", 0) >= 3)
    await asyncio.sleep(0.2)
    assert gw.store.pending("telegram") == 1
    await rig.stop(grace=1)
    await rig.start()
    assert (await rig.texts(DM, 2))[-1] == "after restart"


async def test_a_message_taken_before_a_stop_is_answered_after_the_restart(rig):
    await rig.start([reply("too slow", delay=30)])
    rig.api.user_says(DM, DM, "answer me")
    await asyncio.sleep(0.5)
    await rig.stop(grace=0.2)  # the turn is cut: the chat is told, the message stays open
    assert "restarting" in (await rig.texts(DM, 1))[0]
    await rig.start()
    texts = await rig.texts(DM, 2)
    await asyncio.sleep(0.5)
    assert [m.text for m in rig.api.sent(DM)] == texts and texts[1] == "answer me"


async def test_files_go_both_ways_and_private_files_never_leave(rig, tmp_path):
    report = tmp_path / "work" / "report.csv"
    report.write_text("a,b\n1,2\n")
    key = tmp_path / "work" / ".ssh" / "id_ed25519"
    key.parent.mkdir()
    key.write_text("PRIVATE")
    await rig.start([reply(f"Here it is.\nMEDIA:{report}\nMEDIA:{key}"), reply("got it")])
    rig.api.user_says(DM, DM, "send me the report")
    msgs = await rig.wait_sent(DM, 2)
    assert msgs[0].text == "Here it is." and msgs[1].document == ("report.csv", b"a,b\n1,2\n")
    await asyncio.sleep(0.3)
    assert all(m.document is None or m.document[1] != b"PRIVATE" for m in rig.api.sent(DM))
    rig.api.user_says(DM, DM, "here is mine", document=("notes.txt", b"my notes"))
    await rig.wait_sent(DM, 3)
    prompt = rig.model.requests[-1]["messages"][-1].content
    assert "[attached file: notes.txt" in prompt
    saved = prompt.split("saved at ")[1].rstrip("]")
    assert open(saved, "rb").read() == b"my notes"


async def test_home_channel_receives_notices_posted_by_another_process(rig):
    from hermes.gateway.notices import post

    await rig.start()
    rig.api.user_says(DM, DM, "/sethome")
    assert "home channel" in (await rig.texts(DM, 1))[0]
    post(rig.home, rig.config, "home", "⏰ nightly report: all green")  # what a cron run in `hermes serve` does
    assert (await rig.texts(DM, 2, timeout=10))[1] == "⏰ nightly report: all green"


async def test_commands_come_from_the_shared_table(rig):
    await rig.start()
    rig.api.user_says(DM, DM, "/hlep")
    assert "did you mean /help" in (await rig.texts(DM, 1))[0]
    rig.api.user_says(DM, DM, "/whoami")
    assert "telegram:7" in (await rig.texts(DM, 2))[1]
    rig.api.user_says(DM, DM, "/help")
    texts = await rig.texts(DM, 3)
    assert "/approve" in texts[2] and "/link" in texts[2] and "/resume" not in texts[2]
    rig.api.user_says(DM, DM, "/context")
    ctx = (await rig.texts(DM, 4))[3]
    assert "tool schemas" in ctx and "by toolset: " in ctx and "window: " in ctx


async def test_webhook_mode_receives_pushed_updates_and_refuses_a_wrong_secret(api, tmp_path):
    import httpx

    from gateway_support import telegram_section
    from hermes.gateway.platforms import create
    from hermes.testing.mail_servers import free_port

    port = free_port()
    sec = telegram_section(api, options={"webhook_url": f"http://127.0.0.1:{port}/hook",
                                         "webhook_listen": f"127.0.0.1:{port}"})
    adapter = create("telegram", sec, {"TELEGRAM_BOT_TOKEN": api.token, "TELEGRAM_WEBHOOK_SECRET": "s3cret"}, tmp_path)
    got = []

    async def on(msg):
        got.append(msg)
    await adapter.connect(on)
    try:
        assert api.webhook["url"].endswith("/hook") and api.webhook["secret_token"] == "s3cret"
        api.user_says(DM, DM, "pushed to me")
        async with asyncio.timeout(10):
            while not got:
                await asyncio.sleep(0.05)
        assert got[0].text == "pushed to me" and got[0].chat_type == "dm"
        async with httpx.AsyncClient() as c:
            forged = await c.post(f"http://127.0.0.1:{port}/hook", json={"update_id": 999},
                                  headers={"X-Telegram-Bot-Api-Secret-Token": "guess"})
        assert forged.status_code == 403 and len(got) == 1
        r = httpx.get(f"{api.base_url}{api.token}/getUpdates")
        assert r.status_code == 409 and "webhook is active" in r.json()["description"]
    finally:
        await adapter.disconnect()


async def test_a_wrong_token_is_a_clear_error(api, tmp_path):
    from gateway_support import telegram_section
    from hermes.gateway.base import PlatformError
    from hermes.gateway.platforms import create

    adapter = create("telegram", telegram_section(api), {"TELEGRAM_BOT_TOKEN": "42:nope"}, tmp_path)
    with pytest.raises(PlatformError, match="token was refused"):
        await adapter.validate()
    with pytest.raises(PlatformError, match="token was refused"):
        await adapter.connect(lambda m: None)


async def test_a_job_scheduled_from_a_chat_reports_back_to_that_chat(rig):
    from hermes.cron.jobs import JobStore

    await rig.start([call("cronjob", {"action": "create", "schedule": "every 1h", "prompt": "Check the build."}),
                     reply("Scheduled.")])
    rig.api.user_says(DM, DM, "check the build every hour")
    assert (await rig.texts(DM, 1))[0] == "Scheduled."
    [job] = JobStore(rig.home).list()
    assert job.deliver == [f"channel:telegram:{DM}"]
    from hermes.cron.delivery import DeliveryReport, deliver

    errors = await deliver(job.deliver, DeliveryReport(job.id, job.name, "ok", "Build is green.", 0.0),
                           home=rig.home, config=rig.config)
    assert errors == []
    assert "Build is green." in (await rig.texts(DM, 2, timeout=10))[1]


async def test_telegram_outage_the_adapter_reconnects_and_nothing_is_lost(rig):
    await rig.start()
    rig.api.user_says(DM, DM, "before")
    assert await rig.texts(DM, 1) == ["before"]
    port = rig.api.port
    await asyncio.to_thread(rig.api.stop)
    await asyncio.sleep(1.5)  # polls fail meanwhile: the adapter backs off
    await asyncio.to_thread(rig.api.start, port)
    rig.api.user_says(DM, DM, "after the outage")
    assert await rig.texts(DM, 2, timeout=20) == ["before", "after the outage"]


async def test_a_new_person_is_answered_when_every_live_session_is_busy(rig, monkeypatch):
    from hermes.gateway import runner

    monkeypatch.setattr(runner, "MAX_LIVE_SESSIONS", 2)
    rig.config.gateway.platforms["telegram"].allowed_users = ["*"]
    await rig.start([reply("slow one", delay=1.5), reply("slow two", delay=1.5)])
    rig.api.user_says(101, 101, "a")
    rig.api.user_says(102, 102, "b")
    await asyncio.sleep(0.3)  # both turns are running: neither session may be closed
    rig.api.user_says(103, 103, "c")  # the third session is over the limit and idle until its turn starts
    assert await rig.texts(103, 1) == ["c"]
    assert {(await rig.texts(101, 1))[0], (await rig.texts(102, 1))[0]} == {"slow one", "slow two"}
