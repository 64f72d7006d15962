"""Hermes as an MCP client: servers written with the official SDK (hermes.testing.mcp_server) run as
real subprocesses (stdio) and over streamable HTTP; the scripted model is the only stand-in."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import time

import pytest

pytest.importorskip("mcp", reason="the mcp SDK is not installed (pip install -e '.[dev]')")

from hermes.config import Config  # noqa: E402
from hermes.core.messages import ToolCall, estimate_tokens  # noqa: E402
from hermes.home import Home  # noqa: E402
from hermes.runtime import Hermes  # noqa: E402
from hermes.testing import ScriptedModel  # noqa: E402
from hermes.testing.script import call, reply  # noqa: E402

FIXTURE = [sys.executable, "-m", "hermes.testing.mcp_server"]


def server(*extra: str, **kw) -> dict:
    return {"command": FIXTURE[0], "args": FIXTURE[1:] + list(extra), **kw}


def make(tmp_path, servers: dict, steps=(), **cfg) -> Hermes:
    config = Config(mcp_servers=servers, **cfg)
    config.terminal.cwd = str(tmp_path)
    return Hermes(Home(tmp_path / "home").ensure(), config, model=ScriptedModel(list(steps)))


async def connected(h: Hermes, timeout: float = 20.0) -> None:
    await asyncio.to_thread(lambda: None)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(s["state"] == "connected" for s in h.mcp.status() if s["enabled"]):
            return
        await asyncio.sleep(0.05)
    raise TimeoutError(h.mcp.status())


async def run(conv, name: str, args: dict | None = None):
    return await conv.agent.tools.execute(ToolCall(id="c1", name=name, arguments=json.dumps(args or {})), conv.ctx)


@pytest.fixture
def hermes_fx(tmp_path):
    made = []

    def build(servers, steps=(), **cfg):
        h = make(tmp_path, servers, steps, **cfg)
        made.append(h)
        return h
    yield build
    for h in made:
        if h.mcp is not None:
            h.mcp.stop()


async def test_tools_join_the_registry_and_results_become_text_files_or_errors(hermes_fx, tmp_path):
    h = hermes_fx({"fx": server()}, [call("mcp_fx_add", {"a": 2, "b": 40}), reply("It is 42.")])
    conv = h.open(interactive=False)
    await connected(h)
    names = conv.agent.tools.names()
    assert {"mcp_fx_echo", "mcp_fx_add", "mcp_fx_write_note", "mcp_fx_list_resources", "mcp_fx_read_resource",
            "mcp_fx_list_prompts", "mcp_fx_get_prompt"} <= set(names)
    schema = next(s for s in conv.agent.tools.schemas() if s["function"]["name"] == "mcp_fx_add")
    assert schema["function"]["parameters"]["properties"]["a"]["type"] == "integer"
    assert conv.agent.tools.get("mcp_fx_echo").read_only and not conv.agent.tools.get("mcp_fx_write_note").read_only
    final = await conv.ask("what is 2 + 40?")  # the model calls the MCP tool through the agent loop
    assert final.text == "It is 42."
    tool_msgs = [m for m in h.store.get_messages(conv.id) if m.role == "tool"]
    assert tool_msgs[0].content == "42"
    img = await run(conv, "mcp_fx_image")
    assert img.ok and "image saved to" in img.text and "base64" not in img.text
    path = img.text.split("saved to ")[1].split(" (")[0]
    assert open(path, "rb").read().startswith(b"\x89PNG")
    emb = await run(conv, "mcp_fx_embedded")
    assert "see the attached document" in emb.text and "attached body text" in emb.text
    bad = await run(conv, "mcp_fx_fail", {"reason": "disk full"})
    assert not bad.ok and "disk full" in bad.text
    assert (await run(conv, "mcp_fx_read_resource", {"uri": "note://hello"})).text.endswith("hello from a resource")
    assert "note://hello" in (await run(conv, "mcp_fx_list_resources")).text
    assert "greet(name)" in (await run(conv, "mcp_fx_list_prompts")).text
    prompt = await run(conv, "mcp_fx_get_prompt", {"name": "greet", "arguments": {"name": "Ada"}})
    assert "Please greet Ada warmly." in prompt.text
    big = await run(conv, "mcp_fx_echo", {"text": "x" * 80_000})
    assert len(big.text) < 60_000 and "truncated" in big.text  # capped like every tool result


async def test_tools_that_may_change_things_ask_first(hermes_fx, tmp_path):
    asked = []

    async def ask(command, verdict):
        asked.append((command, verdict.rule))
        return answers.pop(0)
    answers = ["deny", "session"]
    h = hermes_fx({"fx": server()})
    conv = h.open(interactive=True, ask_approval=ask)
    await connected(h)
    denied = await run(conv, "mcp_fx_write_note", {"text": "one"})
    assert not denied.ok and "denied by the user" in denied.text
    assert asked[0][1] == "mcp:fx:write_note" and '"text": "one"' in asked[0][0]
    assert (await run(conv, "mcp_fx_write_note", {"text": "two"})).text == "stored note 1"
    assert (await run(conv, "mcp_fx_write_note", {"text": "three"})).text == "stored note 2"  # approved for the session
    assert len(asked) == 2
    assert (await run(conv, "mcp_fx_echo", {"text": "read-only"})).text == "read-only" and len(asked) == 2
    # nobody to ask (cron, API): refused, unless the allowlist names the server's tools
    quiet = h.open(interactive=False)
    assert "no one is present" in (await run(quiet, "mcp_fx_write_note", {"text": "x"})).text
    h2 = hermes_fx({"fx": server()}, approvals={"command_allowlist": ["mcp:fx:*"]})
    conv2 = h2.open(interactive=False)
    await connected(h2)
    assert (await run(conv2, "mcp_fx_write_note", {"text": "ok"})).text == "stored note 1"


async def test_timeouts_cancel_progress_and_a_crash_mid_call_restarts_the_server(hermes_fx):
    h = hermes_fx({"fx": server(timeout=1.5)})
    conv = h.open()
    seen = []
    conv.ctx.services["progress"] = lambda what, p, total, msg: seen.append((what, p, total, msg))
    await connected(h)
    slow = await run(conv, "mcp_fx_slow", {"seconds": 0.4})
    assert slow.text == "slept 0.4"
    await asyncio.sleep(0.05)
    assert [s[1] for s in seen] == [1, 2, 3, 4] and seen[0][0] == "fx.slow" and seen[-1][3] == "step 4 of 4"
    t0 = time.monotonic()
    hung = await run(conv, "mcp_fx_hang")
    assert not hung.ok and "did not answer within 1.5 s" in hung.text and time.monotonic() - t0 < 4
    assert (await run(conv, "mcp_fx_echo", {"text": "still alive"})).text == "still alive"
    # /stop while a call runs: the call is abandoned at once
    conv.ctx.cancel = asyncio.Event()
    task = asyncio.create_task(run(conv, "mcp_fx_slow", {"seconds": 5}))
    await asyncio.sleep(0.3)
    conv.ctx.cancel.set()
    stopped = await asyncio.wait_for(task, 2)
    assert "Stopped by the user" in stopped.text
    conv.ctx.cancel = asyncio.Event()
    # the server dies mid-call: a clear error now, and it is back for the next call
    crashed = await run(conv, "mcp_fx_crash")
    assert not crashed.ok and "fx" in crashed.text and ("restart" in crashed.text or "closed" in crashed.text)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        st = h.mcp.status()[0]
        if st["state"] == "connected" and st["connects"] >= 2:
            break
        await asyncio.sleep(0.1)
    assert h.mcp.status()[0]["connects"] >= 2
    assert (await run(conv, "mcp_fx_echo", {"text": "back"})).text == "back"


async def test_a_slow_or_broken_server_delays_nothing_and_says_why(hermes_fx, tmp_path):
    t0 = time.perf_counter()
    h = hermes_fx({"slow": server("--start-delay", "3"), "broken": {"command": "/nonexistent/mcp-server"}})
    conv = h.open()
    assert time.perf_counter() - t0 < 1.0  # neither server is waited for
    deadline = time.monotonic() + 10
    while h.mcp.status()[1]["state"] == "starting" and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    broken = h.mcp.status()[1]
    assert broken["state"] == "failed" and "not found" in broken["error"]
    assert not any(n.startswith("mcp_broken_") for n in conv.agent.tools.names())
    # the slow server's tools were listed last time (the catalogue cache): known before it is up
    first = hermes_fx({"slow": server("--start-delay", "1.5")})
    await connected(first)
    first.mcp.stop()
    h3 = hermes_fx({"slow": server("--start-delay", "1.5")})
    conv3 = h3.open()
    assert "mcp_slow_echo" in conv3.agent.tools.names() and h3.mcp.status()[0]["state"] == "starting"
    out = await run(conv3, "mcp_slow_echo", {"text": "waited for"})  # waits for the connection
    assert out.text == "waited for"


async def test_with_a_hundred_tools_the_model_searches_and_the_prompt_stays_small(hermes_fx):
    steps = [call("tool_search", {"query": "refund an invoice"}),
             lambda messages, tools: call("mcp_big_op_26", {"value": "A-17"}) if any(
                 t["function"]["name"] == "mcp_big_op_26" for t in tools) else reply("not loaded"),
             reply("Refund handled.")]
    h = hermes_fx({"big": server("--tools", "100")}, steps)
    await connected(h)
    conv = h.open()
    schemas = conv.agent.tools.schemas()
    assert len(h.mcp.all_tools()) >= 100
    names = [s["function"]["name"] for s in schemas]
    assert "tool_search" in names and not any(n.startswith("mcp_big_op_") for n in names)
    fixed = estimate_tokens(conv.state.system_prompt) + estimate_tokens(json.dumps(schemas))
    assert fixed <= 4000, fixed
    final = await conv.ask("refund invoice A-17")
    assert final.text == "Refund handled."
    tool_msgs = [m.content for m in h.store.get_messages(conv.id) if m.role == "tool"]
    assert "mcp_big_op_26" in tool_msgs[0] and tool_msgs[1] == "op_26 done with 'A-17'"
    # a tool called by its exact name without searching still runs
    assert (await run(conv, "mcp_big_op_3", {"value": "x"})).text == "op_3 done with 'x'"
    # filters: include/exclude by name
    h2 = hermes_fx({"big": server("--tools", "100", tools={"include": ["op_1*"], "exclude": ["op_11"]})})
    await connected(h2)
    got = sorted(t.name for t in h2.mcp.all_tools())
    assert "mcp_big_op_1" in got and "mcp_big_op_19" in got and "mcp_big_op_11" not in got and "mcp_big_echo" not in got


@contextlib.contextmanager
def served(transport: str):
    """The fixture server over HTTP (`--http` streamable, `--sse` legacy) on a free port, until done."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen(FIXTURE + [transport, str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield port
    finally:
        proc.terminate()
        proc.wait(10)


async def test_streamable_http_servers_headers_from_env_and_sampling(hermes_fx, tmp_path):
    with served("--http") as port:
        (tmp_path / "home").mkdir(exist_ok=True)
        (tmp_path / "home" / ".env").write_text("FX_TOKEN=very-secret-value\n")
        url = f"http://127.0.0.1:{port}/mcp"
        h = hermes_fx({"web": {"url": url, "headers": {"Authorization": "Bearer ${FX_TOKEN}"},
                               "sampling": {"enabled": True, "max_requests": 1}}},
                      [reply("a scripted completion")])
        conv = h.open()
        await connected(h)
        assert (await run(conv, "mcp_web_add", {"a": 1, "b": 2})).text == "3"
        sampled = await run(conv, "mcp_web_ask_model", {"question": "say something"})
        assert sampled.text == "the model said: a scripted completion"
        again = await run(conv, "mcp_web_ask_model", {"question": "more"})
        assert not again.ok and "budget" in again.text  # one request allowed
        # sampling off (the default): the server's request is refused
        h2 = hermes_fx({"web": {"url": url}})
        conv2 = h2.open()
        await connected(h2)
        assert not (await run(conv2, "mcp_web_ask_model", {"question": "x"})).ok
        # a header naming a secret that is not set: a clear error naming it, never a value
        h3 = hermes_fx({"web": {"url": url, "headers": {"X-Key": "${NOPE_MISSING}"}}})
        deadline = time.monotonic() + 10
        while h3.mcp.status()[0]["state"] == "starting" and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert "${NOPE_MISSING} is not set" in h3.mcp.status()[0]["error"]


async def test_reload_adds_and_removes_servers(hermes_fx, tmp_path):
    h = hermes_fx({"fx": server()})
    conv = h.open()
    await connected(h)
    cfg = h.config.model_copy(deep=True)
    cfg.mcp_servers = {"other": Config(mcp_servers={"o": server()}).mcp_servers["o"]}
    note = await asyncio.to_thread(h.mcp.reload, cfg)
    assert "started 1" in note
    await connected(h)
    names = conv.agent.tools.names()  # the open session sees the change
    assert "mcp_other_echo" in names and "mcp_fx_echo" not in names


async def test_legacy_sse_transport(hermes_fx):
    with served("--sse") as port:
        h = hermes_fx({"old": {"url": f"http://127.0.0.1:{port}/sse"}})  # .../sse: the SSE transport
        conv = h.open()
        await connected(h)
        assert (await run(conv, "mcp_old_echo", {"text": "over sse"})).text == "over sse"
