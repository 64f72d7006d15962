"""The email adapter against a real Dovecot (IMAP, started here) and a real aiosmtpd SMTP server, alone
and inside the gateway next to Telegram (one person linked across both)."""

from __future__ import annotations

import asyncio
import email.utils

import pytest

from hermes.config import PlatformSection
from hermes.testing.mail_servers import PASSWORD, USER, Dovecot, SmtpSink, dovecot_binary

pytestmark = pytest.mark.skipif(dovecot_binary() is None,
                                reason="dovecot is not installed (apt-get install dovecot-imapd; .ci/install_email.sh)")
pytest.importorskip("aiosmtpd", reason="aiosmtpd is not installed (pip install -e '.[dev]')")

from hermes.gateway.platforms import create  # noqa: E402

ALICE = "alice@example.org"


@pytest.fixture(scope="module")
def imap():
    with Dovecot() as server:
        yield server


@pytest.fixture
def smtp():
    with SmtpSink() as sink:
        yield sink


def section(imap, smtp, **opts):
    o = {"address": USER, "imap_host": "127.0.0.1", "imap_port": imap.port, "imap_ssl": False,
         "smtp_host": "127.0.0.1", "smtp_port": smtp.port, "smtp_starttls": False, "poll_interval": 0.2,
         "idle_seconds": 0.5}
    o.update(opts)
    return PlatformSection(allowed_users=[ALICE], options=o)


def mail(subject="Hello", body="Can you check the backups?", sender=ALICE, msgid=None, extra="", html=None):
    msgid = msgid or email.utils.make_msgid(domain="example.org")
    head = (f"From: Alice <{sender}>\r\nTo: {USER}\r\nSubject: {subject}\r\nMessage-ID: {msgid}\r\n"
            f"Date: {email.utils.formatdate()}\r\n{extra}")
    if html is not None:
        return msgid, head + f"MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n{html}\r\n"
    return msgid, head + f"Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"


class Inbox:
    def __init__(self):
        self.got = []
        self.event = asyncio.Event()

    async def __call__(self, msg):
        self.got.append(msg)
        self.event.set()

    async def wait(self, n, timeout=10.0):
        async with asyncio.timeout(timeout):
            while len(self.got) < n:
                self.event.clear()
                await self.event.wait()
        return self.got


async def connected(imap, smtp, tmp_path, **opts):
    adapter = create("email", section(imap, smtp, **opts), {"EMAIL_PASSWORD": PASSWORD}, tmp_path)
    inbox = Inbox()
    await adapter.connect(inbox)
    return adapter, inbox


async def test_old_mail_is_history_new_mail_arrives_with_its_thread(imap, smtp, tmp_path):
    imap.append(mail(subject="Old news")[1])
    adapter, inbox = await connected(imap, smtp, tmp_path)
    try:
        first_id, raw = mail()
        imap.append(raw)
        [m] = await inbox.wait(1)
        assert (m.platform, m.user_id, m.chat_id, m.message_id) == ("email", ALICE, ALICE, first_id)
        assert m.thread_id == first_id and m.user_name == "Alice"
        assert m.text == "Hello\n\nCan you check the backups?"
        sent = await adapter.send(ALICE, "Backups are fine.", thread_id=m.thread_id)
        [out] = await asyncio.to_thread(smtp.wait, 1)
        assert out["To"] == ALICE and out["From"] == USER and out["Subject"] == "Re: Hello"
        assert out["In-Reply-To"] == first_id and out["References"] == first_id
        assert out["Message-ID"] == sent.message_id and out["Auto-Submitted"] == "auto-replied"
        assert out.get_body(("plain",)).get_content().strip() == "Backups are fine."
        assert "<p>Backups are fine.</p>" in out.get_body(("html",)).get_content()
        # Alice answers in the thread, quoting the bot: only her new words arrive, same thread
        quoted = "Thanks! And the logs?\r\n\r\nOn Mon, 1 Jan 2026, Hermes wrote:\r\n> Backups are fine.\r\n"
        _, raw = mail(subject="Re: Hello", body=quoted,
                      extra=f"In-Reply-To: {sent.message_id}\r\nReferences: {first_id} {sent.message_id}\r\n")
        imap.append(raw)
        second = (await inbox.wait(2))[1]
        assert second.text == "Thanks! And the logs?" and second.thread_id == first_id
        assert second.reply_to == sent.message_id
        await adapter.send(ALICE, "Logs too.", thread_id=second.thread_id)
        out2 = (await asyncio.to_thread(smtp.wait, 2))[1]
        assert out2["In-Reply-To"] == second.message_id
        assert out2["References"].split() == [first_id, sent.message_id, second.message_id]
    finally:
        await adapter.disconnect()


async def test_html_attachments_and_loops(imap, smtp, tmp_path):
    adapter, inbox = await connected(imap, smtp, tmp_path)
    try:
        imap.append(mail(subject="Out of office", extra="Auto-Submitted: auto-replied\r\n")[1])
        imap.append(mail(sender="MAILER-DAEMON@example.org", subject="Undelivered")[1])
        imap.append(mail(html="<html><head><style>p{}</style></head><body><p>Line <b>one</b></p>"
                              "<p>Line two</p></body></html>")[1])
        from email.message import EmailMessage

        att = EmailMessage()
        att["From"], att["To"], att["Subject"] = ALICE, USER, "Data"
        att["Message-ID"] = email.utils.make_msgid(domain="example.org")
        att.set_content("see attached")
        att.add_attachment(b"x,y\n1,2\n", maintype="text", subtype="csv", filename="../../data.csv")
        imap.append(att.as_bytes())
        got = await inbox.wait(2)
        await asyncio.sleep(0.5)
        assert len(inbox.got) == 2  # the auto-reply and the bounce were dropped
        assert got[0].text == "Hello\n\nLine one\n\nLine two"
        [a] = got[1].attachments
        assert a.name == ".._.._data.csv" or "/" not in a.name
        assert open(a.path, "rb").read() == b"x,y\n1,2\n" and str(tmp_path) in a.path
        report = tmp_path / "report.txt"
        report.write_text("all good")
        await adapter.send_file(ALICE, str(report), thread_id=got[1].thread_id)
        [out] = await asyncio.to_thread(smtp.wait, 1)
        [part] = list(out.iter_attachments())
        assert part.get_filename() == "report.txt" and part.get_content() == "all good"
    finally:
        await adapter.disconnect()


async def test_reconnects_after_the_server_restarts_without_losing_or_repeating_mail(imap, smtp, tmp_path):
    adapter, inbox = await connected(imap, smtp, tmp_path)
    try:
        imap.append(mail(body="before")[1])
        await inbox.wait(1)
        imap.stop()
        await asyncio.sleep(0.5)
        imap.start()
        imap.append(mail(body="after")[1])
        got = await inbox.wait(2, timeout=20)
        await asyncio.sleep(1.0)
        assert [m.text.split("\n\n")[-1] for m in inbox.got] == ["before", "after"]
        assert adapter.connected
        assert all(b"\\Seen" in f for f in imap.flags()[-2:])
        del got
    finally:
        await adapter.disconnect()


async def test_smtp_refusals_map_to_retry_or_permanent(imap, smtp, tmp_path):
    from hermes.gateway.base import PlatformError

    adapter = create("email", section(imap, smtp), {"EMAIL_PASSWORD": PASSWORD}, tmp_path)
    smtp.refuse = 451
    with pytest.raises(PlatformError) as e:
        await adapter.send(ALICE, "hi")
    assert e.value.retry_after and not e.value.permanent
    smtp.refuse = 550
    with pytest.raises(PlatformError) as e:
        await adapter.send(ALICE, "hi")
    assert e.value.permanent


async def test_validate_checks_both_servers(imap, smtp, tmp_path):
    from hermes.gateway.base import PlatformError

    good = create("email", section(imap, smtp), {"EMAIL_PASSWORD": PASSWORD}, tmp_path)
    assert await good.validate() == USER
    bad = create("email", section(imap, smtp), {"EMAIL_PASSWORD": "wrong"}, tmp_path)
    with pytest.raises(PlatformError, match="login refused") as e:
        await bad.validate()
    assert "wrong" not in str(e.value)


async def test_one_person_on_telegram_and_email_after_link(imap, smtp, tmp_path):
    """/link on Telegram gives a code; sending it by email joins the two: the email turn continues the
    Telegram conversation and sees the memory saved from Telegram."""
    pytest.importorskip("telegram")
    from gateway_support import Rig

    from hermes.testing.script import call, reply
    from hermes.testing.telegram_api import TelegramAPI

    with TelegramAPI() as api:
        rig = Rig(tmp_path, api)
        rig.config.gateway.platforms["email"] = section(imap, smtp)
        steps = [call("memory", {"action": "add", "target": "user", "content": "deploys on Fridays"}), reply("noted")]
        mail_adapter = create("email", rig.config.gateway.platforms["email"], {"EMAIL_PASSWORD": PASSWORD},
                              rig.home.root)
        await rig.start(steps, extra={"email": mail_adapter})
        try:
            api.user_says(7, 7, "remember that I deploy on Fridays")
            assert (await rig.texts(7, 1))[0] == "noted"
            api.user_says(7, 7, "/link")
            code = (await rig.texts(7, 2))[1].split("/link ")[1].split(" ")[0]
            imap.append(mail(subject=f"/link {code}", body="")[1])
            [linked] = await asyncio.to_thread(smtp.wait, 1)
            assert "Linked" in linked.get_body(("plain",)).get_content()
            imap.append(mail(subject="question", body="what day do I deploy?")[1])
            await asyncio.to_thread(smtp.wait, 2, 15)
            history = rig.model.requests[-1]["messages"]
            assert any(m.role == "user" and "remember that I deploy" in (m.content or "") for m in history)
            imap.append(mail(subject="/new", body="")[1])
            await asyncio.to_thread(smtp.wait, 3, 15)
            imap.append(mail(subject="again", body="what day?")[1])
            await asyncio.to_thread(smtp.wait, 4, 15)
            assert "deploys on Fridays" in rig.model.requests[-1]["messages"][0].content  # the person's memory
        finally:
            await rig.stop()
