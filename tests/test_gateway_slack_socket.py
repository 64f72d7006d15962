"""Slack over Socket Mode inside the real gateway: slack_sdk's own SocketModeClient (aiohttp) against
the Slack emulator's socket, with acks, reconnects, redelivery, slash commands and file uploads."""

from __future__ import annotations

import asyncio

import pytest

from gateway_support import Rig, api  # noqa: F401  (fixture)
from hermes.config import PlatformSection
from hermes.gateway.platforms import create
from hermes.testing.script import call, reply

pytest.importorskip("slack_sdk", reason="slack_sdk is not installed (pip install -e '.[dev]')")
pytest.importorskip("aiohttp", reason="aiohttp is not installed (pip install -e '.[dev]')")
pytest.importorskip("websockets", reason="the emulator's websocket needs websockets (pip install -e '.[dev]')")

from hermes.testing.slack_api import APP_TOKEN, TOKEN, SlackAPI  # noqa: E402

ALICE = "UALICE"


async def until(pred, timeout: float = 15.0):
    async with asyncio.timeout(timeout):
        while not pred():
            await asyncio.sleep(0.05)


async def test_socket_mode_acks_reconnects_redelivers_and_uploads_files(api, tmp_path):
    from hermes.gateway.base import PlatformError

    report = tmp_path / "work" / "report.csv"
    report.parent.mkdir(parents=True)
    report.write_text("a,b\n1,2\n")
    victim = tmp_path / "work" / "old-build"
    victim.mkdir()
    with SlackAPI() as sl:
        sec = PlatformSection(allowed_users=[ALICE], allow_groups=True, options={"base_url": sl.base_url})
        secrets = {"SLACK_BOT_TOKEN": TOKEN, "SLACK_APP_TOKEN": APP_TOKEN}
        with pytest.raises(PlatformError, match="app-level token was refused"):
            await create("slack", sec, dict(secrets, SLACK_APP_TOKEN="xapp-wrong"), tmp_path).connect(lambda m: None)
        with pytest.raises(ValueError, match="SLACK_APP_TOKEN"):
            create("slack", sec, {"SLACK_BOT_TOKEN": TOKEN}, tmp_path)
        rig = Rig(tmp_path, api)
        rig.config.gateway.platforms["slack"] = sec
        steps = [reply("Hi Alice."), reply(f"Here is the table.\nMEDIA: {report}"), reply("After the refresh."),
                 reply("After the drop."), call("terminal", {"command": f"rm -rf {victim}"}), reply("Removed.")]
        await rig.start(steps, extra={"slack": create("slack", sec, secrets, rig.home.root)})
        try:
            await asyncio.to_thread(sl.wait_socket, 1)
            env = sl.socket_event("D1", ALICE, "hello")
            await asyncio.to_thread(sl.wait_acked, env)
            [hi] = await asyncio.to_thread(sl.wait_sent, "D1", 1)
            assert hi["text"] == "Hi Alice."
            # a file the agent made is uploaded (getUploadURLExternal, upload, completeUploadExternal)
            sl.socket_event("D1", ALICE, "send me the table")
            await until(lambda: any(p.get("file") for p in sl.sent("D1")))
            [up] = [p for p in sl.sent("D1") if p.get("file")]
            assert up["file"] == {"name": "report.csv", "data": b"a,b\n1,2\n"}
            # Slack asks for a reconnect: the SDK opens a new socket and nothing is lost
            sl.socket_refresh()
            await asyncio.to_thread(sl.wait_socket, 2)
            sl.socket_event("D1", ALICE, "still there?")
            await until(lambda: any(p["text"] == "After the refresh." for p in sl.sent("D1")))
            # the socket is cut while an envelope is in flight: sent again on the next socket, answered once
            sl.socket_drop()
            eid = sl.socket_event("D1", ALICE, "and now?")
            await asyncio.to_thread(sl.wait_socket, 3, 30)
            await asyncio.to_thread(sl.wait_acked, eid, 30)
            await until(lambda: any(p["text"] == "After the drop." for p in sl.sent("D1")))
            # `/hermes status` is the chat command; a click on an approval button arrives as `interactive`
            sl.socket_slash("D1", ALICE, "/hermes", "status")
            await until(lambda: any(p["text"].startswith("Session ") for p in sl.sent("D1")))
            sl.socket_event("C1", ALICE, "<@UHERMES> clean the old build", channel_type="channel", thread_ts="171.1")
            [ask] = await asyncio.to_thread(sl.wait_sent, "C1", 1)
            assert ask["blocks"][1]["elements"][0]["value"] == "/approve" and victim.exists()
            sl.socket_click("C1", ALICE, "/approve", thread_ts="171.1")
            posts = await asyncio.to_thread(sl.wait_sent, "C1", 3)
            assert [p["text"] for p in posts[1:]] == ["Approved.", "Removed."] and not victim.exists()
            await asyncio.sleep(0.5)
            texts = [p["text"] for p in sl.sent("D1")]
            assert texts.count("After the drop.") == 1 and len(rig.model.requests) == 6
            assert not sl.envelopes  # everything acked
        finally:
            await rig.stop()
