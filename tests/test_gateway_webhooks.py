"""Platforms that deliver by webhook, inside the real gateway: generic signed webhooks and SMS through
Twilio (the official SDK against the Twilio emulator; signatures computed by the SDK's own validator)."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
import pytest

from gateway_support import Rig, api  # noqa: F401  (fixture)
from hermes.config import PlatformSection
from hermes.gateway.platforms import create
from hermes.testing.mail_servers import free_port
from hermes.testing.script import call, reply

SECRET = "webhook-secret-0123456789"


def signed(body: dict, secret: str = SECRET, ts: float | None = None) -> tuple[bytes, dict]:
    from hermes.gateway.platforms.webhook import sign

    raw = json.dumps(body).encode()
    stamp = str(int(ts if ts is not None else time.time()))
    return raw, {"X-Hermes-Timestamp": stamp, "X-Hermes-Signature": sign(secret, raw, stamp),
                 "Content-Type": "application/json"}


async def test_signed_webhooks_get_answers_synchronously_or_by_callback(api, tmp_path):
    port, cb_port = free_port(), free_port()
    sec = PlatformSection(allowed_users=["ci", "alerts"], options={
        "listen": f"127.0.0.1:{port}", "callback_prefixes": [f"http://127.0.0.1:{cb_port}/"]})
    rig = Rig(tmp_path, api)
    rig.config.gateway.platforms["webhook"] = sec
    hook = create("webhook", sec, {"WEBHOOK_SECRET": SECRET}, tmp_path)
    await rig.start(extra={"webhook": hook})
    url = f"http://127.0.0.1:{port}/hooks/hermes"
    try:
        async with httpx.AsyncClient(timeout=30) as c:
            raw, headers = signed({"id": "evt-1", "sender": "ci", "text": "build 41 failed: summarize"})
            r = await c.post(url, content=raw, headers=headers)
            assert r.status_code == 200 and r.json() == {"reply": "build 41 failed: summarize"}
            # the same event again (a replay with a fresh signature): not answered twice
            raw2, headers2 = signed({"id": "evt-1", "sender": "ci", "text": "build 41 failed: summarize"})
            r2 = await c.post(url, content=raw2, headers=headers2, timeout=3)
            assert r2.status_code in (202, 200) and r2.json().get("reply") is None
            # forged, missing, stale signatures: 401
            bad_raw, bad = signed({"id": "evt-2", "sender": "ci", "text": "x"}, secret="not-the-secret-at-all")
            assert (await c.post(url, content=bad_raw, headers=bad)).status_code == 401
            assert (await c.post(url, content=bad_raw)).status_code == 401
            old_raw, old = signed({"id": "evt-3", "sender": "ci", "text": "x"}, ts=time.time() - 3600)
            assert (await c.post(url, content=old_raw, headers=old)).status_code == 401
            # callbacks only to allowed prefixes, answered signed
            got = asyncio.Queue()

            async def catcher(request):
                from starlette.responses import Response

                await got.put((await request.body(), dict(request.headers)))
                return Response(status_code=204)
            from starlette.routing import Route

            from hermes.gateway.platforms._http import Listener

            listener = Listener("cb", f"127.0.0.1:{cb_port}", [Route("/done", catcher, methods=["POST"])])
            await listener.start()
            try:
                raw, headers = signed({"id": "evt-4", "sender": "alerts", "text": "disk 91% on db1",
                                       "callback_url": f"http://127.0.0.1:{cb_port}/done"})
                r = await c.post(url, content=raw, headers=headers)
                assert r.status_code == 202
                body, h = await asyncio.wait_for(got.get(), 10)
                assert json.loads(body) == {"chat": "alerts", "text": "disk 91% on db1"}
                from hermes.gateway.platforms.webhook import sign

                assert h["x-hermes-signature"] == sign(SECRET, body, h["x-hermes-timestamp"])
            finally:
                await listener.stop()
            raw, headers = signed({"id": "evt-5", "sender": "ci", "text": "x", "callback_url": "http://10.0.0.1/"})
            assert (await c.post(url, content=raw, headers=headers)).status_code == 400
            raw, headers = signed({"id": "evt-6", "sender": "stranger", "text": "let me in"})
            r = await c.post(url, content=raw, headers=headers)
            assert "pairing code" in r.json()["reply"]  # deny by default, like every platform
    finally:
        await rig.stop()


async def test_sms_through_twilio_with_signatures_checked(api, tmp_path):
    pytest.importorskip("twilio", reason="the twilio SDK is not installed (pip install -e '.[dev]')")
    from hermes.testing.twilio_api import SID, TOKEN, TwilioAPI

    port = free_port()
    alice = "+15551230001"
    with TwilioAPI() as tw:
        public = f"http://127.0.0.1:{port}/sms"
        sec = PlatformSection(allowed_users=[alice], options={
            "listen": f"127.0.0.1:{port}", "public_url": public, "from_number": "+15550000000",
            "base_url": tw.base_url})
        secrets = {"TWILIO_ACCOUNT_SID": SID, "TWILIO_AUTH_TOKEN": TOKEN}
        assert "Hermes test account" in await create("sms", sec, secrets, tmp_path).validate()
        from hermes.gateway.base import PlatformError

        with pytest.raises(PlatformError, match="refused the credentials"):
            await create("sms", sec, dict(secrets, TWILIO_AUTH_TOKEN="wrong"), tmp_path).validate()
        rig = Rig(tmp_path, api)
        rig.config.gateway.platforms["sms"] = sec
        long = "word " * 500  # 2,500 characters: more than one SMS can carry
        photo = tmp_path / "work" / "graph.png"
        photo.parent.mkdir(parents=True, exist_ok=True)
        photo.write_bytes(b"\x89PNG the graph")
        await rig.start([reply("Server is up."), reply(long.strip()), reply("Nice photo."),
                         reply(f"The graph.\nMEDIA: {photo}")],
                        extra={"sms": create("sms", sec, secrets, rig.home.root)})
        try:
            r = await asyncio.to_thread(tw.text_in, public, alice, "is the server up?", sid="SM1")
            assert r.status_code == 200 and "<Response>" in r.text
            [out] = await asyncio.to_thread(tw.wait_sent, alice, 1)
            assert out["body"] == "Server is up." and out["from"] == "+15550000000"
            again = await asyncio.to_thread(tw.text_in, public, alice, "is the server up?", sid="SM1")
            assert again.status_code == 200  # a replayed delivery: accepted, not answered twice
            forged = await asyncio.to_thread(tw.text_in, public, alice, "rm -rf /", signature="bm90LXZhbGlk")
            assert forged.status_code == 403
            tw.fail_next(429)
            await asyncio.to_thread(tw.text_in, public, alice, "tell me everything", sid="SM2")
            sent = await asyncio.to_thread(tw.wait_sent, alice, 3, 20)
            assert [len(m["body"]) <= 1600 for m in sent] == [True] * 3
            assert " ".join(m["body"] for m in sent[1:]).split() == long.split()
            # MMS in: the picture is fetched with the account's credentials and shown to the model
            await asyncio.to_thread(tw.text_in, public, alice, "look", sid="MM3", media=[("image/jpeg", b"JPEG cat")])
            await asyncio.to_thread(tw.wait_sent, alice, 4)
            assert "[attached file: MM3-0.jpg" in rig.model.requests[-1]["messages"][-1].content
            saved = rig.home.root / "gateway" / "files" / "sms" / "MM3-0.jpg"
            assert saved.read_bytes() == b"JPEG cat"
            # MMS out: Twilio fetches the file from an unguessable URL under the public one
            await asyncio.to_thread(tw.text_in, public, alice, "send the graph", sid="SM4")
            sent = await asyncio.to_thread(tw.wait_sent, alice, 6)
            [mms] = [m for m in sent if m["media"]]
            assert mms["media"][0]["data"] == b"\x89PNG the graph" and mms["media"][0]["url"].startswith(public)
            async with httpx.AsyncClient() as c:
                assert (await c.get(f"{public}/media/guess/graph.png")).status_code == 404
        finally:
            await rig.stop()


async def test_whatsapp_cloud_api_handshake_signatures_media_and_the_24_hour_window(api, tmp_path):
    from hermes.gateway.base import PlatformError
    from hermes.testing.whatsapp_api import APP_SECRET, PHONE_ID, TOKEN, VERIFY, WhatsAppAPI

    port = free_port()
    alice, bob = "15551230001", "15551230002"
    with WhatsAppAPI() as wa:
        sec = PlatformSection(allowed_users=[alice, bob], options={
            "listen": f"127.0.0.1:{port}", "phone_number_id": PHONE_ID, "graph_url": wa.graph_url})
        secrets = {"WHATSAPP_TOKEN": TOKEN, "WHATSAPP_APP_SECRET": APP_SECRET, "WHATSAPP_VERIFY_TOKEN": VERIFY}
        assert await create("whatsapp", sec, secrets, tmp_path).validate() == "+1 555 000 0000"
        with pytest.raises(PlatformError, match="refused the token"):
            await create("whatsapp", sec, dict(secrets, WHATSAPP_TOKEN="bad"), tmp_path).validate()
        rig = Rig(tmp_path, api)
        rig.config.gateway.platforms["whatsapp"] = sec
        adapter = create("whatsapp", sec, secrets, tmp_path)
        chart = tmp_path / "work" / "chart.png"
        chart.parent.mkdir(parents=True, exist_ok=True)
        chart.write_bytes(b"\x89PNG fake chart")
        await rig.start([reply("Morning, Alice."), reply("Got the file."), reply(f"Your chart.\nMEDIA: {chart}")],
                        extra={"whatsapp": adapter})
        url = f"http://127.0.0.1:{port}/whatsapp"
        try:
            ok = await asyncio.to_thread(wa.verify, url, VERIFY)
            assert ok.status_code == 200 and ok.text == "1158201444"
            assert (await asyncio.to_thread(wa.verify, url, "guess")).status_code == 403
            r = await asyncio.to_thread(wa.message_in, url, alice, "good morning", msg_id="wamid.A1")
            assert r.status_code == 200
            [out] = await asyncio.to_thread(wa.wait_sent, alice, 1)
            assert out["text"]["body"] == "Morning, Alice." and out["messaging_product"] == "whatsapp"
            assert (await asyncio.to_thread(wa.message_in, url, alice, "x", signature="sha256=00")).status_code == 401
            assert (await asyncio.to_thread(wa.message_in, url, alice, "x", signature="")).status_code == 401
            await asyncio.to_thread(wa.message_in, url, alice, "good morning", msg_id="wamid.A1")  # Meta retries
            await asyncio.to_thread(wa.message_in, url, alice, "here", document=("notes.txt", b"my notes"))
            sent = await asyncio.to_thread(wa.wait_sent, alice, 2)
            assert sent[1]["text"]["body"] == "Got the file." and len(wa.sent(alice)) == 2
            prompt = rig.model.requests[-1]["messages"][-1].content
            assert "[attached file: notes.txt" in prompt
            # a file the agent made goes up to the media store, then out as an image message
            await asyncio.to_thread(wa.message_in, url, alice, "chart please")
            sent = await asyncio.to_thread(wa.wait_sent, alice, 4)
            image = next(m for m in sent if m["type"] == "image")
            assert wa.media[image["image"]["id"]] == ("chart.png", b"\x89PNG fake chart")
            assert any(m["type"] == "text" and m["text"]["body"] == "Your chart." for m in sent)
            # bob wrote two days ago: a reply now would be outside the 24-hour window
            adapter.last_seen[bob] = time.time() - 2 * 86400
            with pytest.raises(PlatformError, match="24 hours") as e:
                await adapter.send(bob, "late answer")
            assert e.value.permanent and wa.sent(bob) == []
            with pytest.raises(PlatformError, match="24 hours"):
                await adapter.send_file(bob, str(chart))
            assert wa.sent(bob) == [] and len(wa.media) == 2  # nothing uploaded for a send that cannot happen
        finally:
            await rig.stop()


async def test_slack_events_signed_threads_streamed_updates_and_button_approvals(api, tmp_path):
    pytest.importorskip("slack_sdk", reason="slack_sdk is not installed (pip install -e '.[dev]')")
    pytest.importorskip("aiohttp", reason="aiohttp is not installed (pip install -e '.[dev]')")
    from hermes.gateway.base import PlatformError
    from hermes.testing.slack_api import SIGNING_SECRET, TOKEN, SlackAPI

    port = free_port()
    alice = "UALICE"
    with SlackAPI() as sl:
        sec = PlatformSection(allowed_users=[alice], allow_groups=True,
                              options={"listen": f"127.0.0.1:{port}", "base_url": sl.base_url})
        secrets = {"SLACK_BOT_TOKEN": TOKEN, "SLACK_SIGNING_SECRET": SIGNING_SECRET}
        assert await create("slack", sec, secrets, tmp_path).validate() == "hermes in Test Team"
        with pytest.raises(PlatformError, match="refused"):
            await create("slack", sec, dict(secrets, SLACK_BOT_TOKEN="xoxb-bad"), tmp_path).validate()
        victim = tmp_path / "work" / "old-build"
        rig = Rig(tmp_path, api)
        victim.mkdir(parents=True)
        rig.config.gateway.platforms["slack"] = sec
        steps = [reply("A streamed answer in many small pieces. " * 6, chunks=12, chunk_delay=0.15),
                 call("terminal", {"command": f"rm -rf {victim}"}), reply("Cleaned.")]
        await rig.start(steps, extra={"slack": create("slack", sec, secrets, tmp_path)})
        rig.gateways[0].adapters["slack"].capabilities.edit_interval = 0.3
        events = f"http://127.0.0.1:{port}/slack/events"
        actions = f"http://127.0.0.1:{port}/slack/actions"
        try:
            r = await asyncio.to_thread(sl.url_verification, events, "chal-123")
            assert r.json() == {"challenge": "chal-123"}
            forged = await asyncio.to_thread(sl.event_in, events, "D1", alice, "hi", secret="wrong-secret-000")
            stale = await asyncio.to_thread(sl.event_in, events, "D1", alice, "hi", ts=time.time() - 600)
            assert forged.status_code == 401 and stale.status_code == 401
            r = await asyncio.to_thread(sl.event_in, events, "D1", alice, "explain", event_id="Ev1")
            assert r.status_code == 200

            def done():
                posts = sl.sent("D1")
                return posts and posts[0]["text"].strip().endswith("pieces.") and posts[0]["updates"]
            async with asyncio.timeout(20):
                while not done():
                    await asyncio.sleep(0.1)
            assert len(sl.sent("D1")) == 1  # one message, updated as the answer streamed
            thread = "1700000000.000100"
            await asyncio.to_thread(sl.event_in, events, "C1", alice, "<@UHERMES> clean the old build",
                                    channel_type="channel", thread_ts=thread)
            [ask] = await asyncio.to_thread(sl.wait_sent, "C1", 1)
            assert ask["thread_ts"] == thread and ask["blocks"][1]["elements"][0]["value"] == "/approve"
            assert victim.exists()
            r = await asyncio.to_thread(sl.click, actions, "C1", alice, "/approve", thread_ts=thread)
            assert r.status_code == 200
            posts = await asyncio.to_thread(sl.wait_sent, "C1", 3)
            assert [p["text"] for p in posts[1:]] == ["Approved.", "Cleaned."] and not victim.exists()
            assert all(p["thread_ts"] == thread for p in posts)
        finally:
            await rig.stop()
