"""The Matrix adapter (matrix-nio) against a real Synapse homeserver started here, alone and inside the
gateway; people are played over the client-server API."""

from __future__ import annotations

import asyncio

import pytest

from hermes.config import PlatformSection
from hermes.testing.synapse import Synapse, synapse_python

pytestmark = pytest.mark.skipif(synapse_python() is None,
                                reason="Synapse is not installed (.ci/install_matrix.sh builds its venv)")
pytest.importorskip("nio", reason="matrix-nio is not installed (pip install -e '.[dev]')")

from hermes.gateway.base import PlatformError  # noqa: E402
from hermes.gateway.platforms import create  # noqa: E402


@pytest.fixture(scope="module")
def hs(tmp_path_factory):
    with Synapse(tmp_path_factory.mktemp("matrix")) as server:
        server.bot = server.register("hermes")
        server.alice = server.register("alice")
        server.bob = server.register("bob")
        server.carol = server.register("carol")
        yield server


def section(hs, **kw):
    return PlatformSection(allowed_users=[hs.alice.user_id, hs.bob.user_id], allow_groups=True,
                           options={"homeserver": hs.url, "user_id": hs.bot.user_id, **kw})


class Inbox:
    def __init__(self):
        self.got = []

    async def __call__(self, msg):
        self.got.append(msg)

    async def wait(self, n, timeout=15.0):
        async with asyncio.timeout(timeout):
            while len(self.got) < n:
                await asyncio.sleep(0.05)
        return self.got


async def adapter_for(hs, tmp_path, token=None):
    a = create("matrix", section(hs), {"MATRIX_ACCESS_TOKEN": token or hs.bot.access_token}, tmp_path)
    inbox = Inbox()
    await a.connect(inbox)
    return a, inbox


async def until(pred, timeout=15.0):
    async with asyncio.timeout(timeout):
        while not pred():
            await asyncio.sleep(0.1)


async def test_validate_and_a_bad_token(hs, tmp_path):
    good = create("matrix", section(hs), {"MATRIX_ACCESS_TOKEN": hs.bot.access_token}, tmp_path)
    assert await good.validate() == hs.bot.user_id
    bad = create("matrix", section(hs), {"MATRIX_ACCESS_TOKEN": "syt_wrong"}, tmp_path)
    with pytest.raises(PlatformError, match="refused"):
        await bad.validate()
    by_password = create("matrix", section(hs), {"MATRIX_PASSWORD": hs.bot.password}, tmp_path)
    assert await by_password.validate() == hs.bot.user_id


async def test_invites_dms_groups_threads_edits_and_files(hs, tmp_path):
    alice, carol = hs.client(hs.alice), hs.client(hs.carol)
    adapter, inbox = await adapter_for(hs, tmp_path)
    try:
        dm = alice.create_room(invite=[hs.bot.user_id], is_direct=True)
        stranger = carol.create_room(invite=[hs.bot.user_id], is_direct=True)
        await until(lambda: hs.bot.user_id in alice.members(dm))
        await asyncio.sleep(1.0)
        assert hs.bot.user_id not in carol.members(stranger)  # invites only from allowed people
        alice.send(dm, "hello bot")
        [m] = await inbox.wait(1)
        assert (m.platform, m.chat_id, m.user_id, m.chat_type, m.text) == ("matrix", dm, hs.alice.user_id, "dm",
                                                                          "hello bot")
        assert m.user_name == "alice"
        sent = await adapter.send(dm, "<b>Hi</b> Alice &amp; co")
        await adapter.edit(sent, "<b>Hi</b> Alice, edited")
        events = await asyncio.to_thread(alice.wait_messages, dm, hs.bot.user_id, 2)
        assert events[0]["content"]["formatted_body"] == "<b>Hi</b> Alice &amp; co"
        assert events[0]["content"]["body"] == "Hi Alice & co"
        edit = events[1]["content"]
        assert edit["m.relates_to"] == {"rel_type": "m.replace", "event_id": sent.message_id}
        assert edit["m.new_content"]["body"] == "Hi Alice, edited"

        group = alice.create_room(invite=[hs.bot.user_id, hs.bob.user_id], name="ops")
        hs.client(hs.bob).join(group)
        await until(lambda: hs.bot.user_id in alice.members(group))
        root = hs.client(hs.bob).send(group, "deploy status?")
        alice.send(group, "and the logs", thread_root=root)
        got = await inbox.wait(3)
        assert got[1].chat_type == "group" and got[1].user_id == hs.bob.user_id and got[1].thread_id == ""
        assert got[2].thread_id == root and got[2].user_id == hs.alice.user_id

        report = tmp_path / "report.txt"
        report.write_text("all green")
        await adapter.send_file(dm, str(report))
        ev = (await asyncio.to_thread(alice.wait_messages, dm, hs.bot.user_id, 3))[2]["content"]
        assert ev["msgtype"] == "m.file" and ev["body"] == "report.txt"
        assert alice.download(ev["url"]) == b"all green"
        mxc = alice.upload(b"my data", "data.csv", "text/csv")
        alice.send(dm, "data.csv", msgtype="m.file", extra={"url": mxc, "info": {"size": 7, "mimetype": "text/csv"}})
        f = (await inbox.wait(4))[3]
        assert f.attachments[0].name == "data.csv" and open(f.attachments[0].path, "rb").read() == b"my data"
    finally:
        await adapter.disconnect()


async def test_a_restart_resumes_from_the_saved_position(hs, tmp_path):
    alice = hs.client(hs.alice)
    dm = alice.create_room(invite=[hs.bot.user_id], is_direct=True)
    first, inbox = await adapter_for(hs, tmp_path)
    await until(lambda: hs.bot.user_id in alice.members(dm))
    alice.send(dm, "one")
    await inbox.wait(1)
    await first.disconnect()
    alice.send(dm, "sent while Hermes was down")
    again, inbox2 = await adapter_for(hs, tmp_path)
    try:
        got = await inbox2.wait(1)
        await asyncio.sleep(1.0)
        assert [m.text for m in inbox2.got] == ["sent while Hermes was down"]
        del got
    finally:
        await again.disconnect()
    fresh, inbox3 = await adapter_for(hs, tmp_path / "elsewhere")  # no saved position: history is not answered
    try:
        await asyncio.sleep(1.5)
        assert inbox3.got == []
    finally:
        await fresh.disconnect()


async def test_the_gateway_answers_in_a_matrix_room_with_a_streamed_edit(hs, tmp_path):
    pytest.importorskip("telegram")
    from gateway_support import Rig

    from hermes.testing.script import reply
    from hermes.testing.telegram_api import TelegramAPI

    alice = hs.client(hs.alice)
    with TelegramAPI() as api:
        rig = Rig(tmp_path, api)
        rig.config.gateway.platforms["matrix"] = section(hs)
        matrix = create("matrix", rig.config.gateway.platforms["matrix"],
                        {"MATRIX_ACCESS_TOKEN": hs.bot.access_token}, rig.home.root)
        await rig.start([reply("Here is a longer answer, streamed word by word. " * 4, chunks=12, chunk_delay=0.15)],
                        extra={"matrix": matrix})
        try:
            dm = alice.create_room(invite=[hs.bot.user_id], is_direct=True)
            await until(lambda: hs.bot.user_id in alice.members(dm))
            alice.send(dm, "tell me something")

            def final_seen():
                evs = alice.messages(dm)
                return any(e["content"].get("m.new_content", {}).get("body", "").endswith("word by word.")
                           or e["content"].get("body", "").endswith("word by word.") for e in evs
                           if e["sender"] == hs.bot.user_id)
            await until(final_seen, 20)
            mine = [e for e in alice.messages(dm) if e["sender"] == hs.bot.user_id]
            assert mine[0]["content"]["body"].endswith("…")  # the preview, later replaced
            assert any(e["content"].get("m.relates_to", {}).get("rel_type") == "m.replace" for e in mine)
        finally:
            await rig.stop()
