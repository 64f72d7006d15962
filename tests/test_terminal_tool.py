"""`terminal` and `process` through the registry: schema, approval gate, real subprocesses."""

from __future__ import annotations

import asyncio
import json
import re
import time

import pytest

from gate_support import Gate

from hermes.config import Config
from hermes.core.messages import ToolCall
from hermes.home import Home
from hermes.tools.files import TOOLS as FILE_TOOLS
from hermes.tools.registry import Registry, ToolContext
from hermes.tools.terminal import TOOLS

pytestmark = pytest.mark.timeout(60)




@pytest.fixture
async def env(tmp_path):
    gate = Gate(reason="Command denied: test policy.")
    ctx = ToolContext(cwd=str(tmp_path), approve=gate)
    reg = Registry(TOOLS + FILE_TOOLS)
    yield reg, ctx, gate
    backend = ctx.state.get("exec")
    if backend is not None:
        await backend.close()


async def call(reg: Registry, ctx: ToolContext, name: str, **args):
    return await reg.execute(ToolCall(id="c1", name=name, arguments=json.dumps(args)), ctx)


async def test_runs_and_reports_exit_and_cwd(env, tmp_path):
    reg, ctx, gate = env
    out = await call(reg, ctx, "terminal", command="echo hello; exit 3")
    assert out.ok
    assert re.fullmatch(rf"hello\n\[exit 3 · \d+\.\d\ds · cwd {re.escape(str(tmp_path))}\]", out.text)
    assert gate.seen == ["echo hello; exit 3"]


async def test_cd_persists_and_file_tools_follow(env, tmp_path):
    reg, ctx, _ = env
    await call(reg, ctx, "terminal", command="mkdir -p proj && cd proj && echo x > f.txt")
    out = await call(reg, ctx, "terminal", command="pwd")
    assert out.text.startswith(str(tmp_path / "proj") + "\n")
    read = await call(reg, ctx, "read_file", path="f.txt")  # relative to the terminal's cwd
    assert read.ok and "1|x" in read.text


async def test_workdir_is_for_one_call(env, tmp_path):
    reg, ctx, _ = env
    (tmp_path / "w").mkdir()
    out = await call(reg, ctx, "terminal", command="pwd", workdir="w")
    assert out.text.startswith(str(tmp_path / "w"))
    assert (await call(reg, ctx, "terminal", command="pwd")).text.startswith(f"{tmp_path}\n")
    bad = await call(reg, ctx, "terminal", command="pwd", workdir="nope")
    assert not bad.ok and "does not exist" in bad.text


async def test_denied_command_is_not_run(env, tmp_path):
    reg, ctx, gate = env
    gate.deny = "marker"
    out = await call(reg, ctx, "terminal", command="touch marker")
    assert not out.ok and "Command denied: test policy." in out.text
    bg = await call(reg, ctx, "terminal", command="touch marker", background=True)
    assert not bg.ok
    await asyncio.sleep(0.2)
    assert not (tmp_path / "marker").exists()
    assert gate.seen == ["touch marker", "touch marker"]


async def test_no_gate_fails_closed(tmp_path):
    ctx = ToolContext(cwd=str(tmp_path), approve=None)
    out = await call(Registry(TOOLS), ctx, "terminal", command="touch marker")
    assert not out.ok and "no approval gate configured" in out.text
    assert not (tmp_path / "marker").exists() and "exec" not in ctx.state


async def test_unavailable_backend_fails_closed(tmp_path):
    cfg = Config(terminal={"backend": "docker"})
    ctx = ToolContext(cwd=str(tmp_path), approve=Gate(reason="Command denied: test policy."), config=cfg)
    out = await call(Registry(TOOLS), ctx, "terminal", command="touch marker")
    assert not out.ok and "not available" in out.text and not (tmp_path / "marker").exists()


async def test_cancel_mid_command(env):
    reg, ctx, _ = env
    asyncio.get_running_loop().call_later(0.3, ctx.cancel.set)
    started = time.monotonic()
    out = await call(reg, ctx, "terminal", command="sleep 30")
    assert time.monotonic() - started < 2
    assert "cancelled, killed" in out.text


async def test_timeout_argument_and_config(tmp_path):
    cfg = Config(terminal={"timeout": 0.5, "max_output_chars": 2_000})
    ctx = ToolContext(cwd=str(tmp_path), approve=Gate(reason="Command denied: test policy."), config=cfg)
    reg = Registry(TOOLS)
    try:
        started = time.monotonic()
        out = await call(reg, ctx, "terminal", command="sleep 30")
        assert "timed out after 0.5s, killed" in out.text and time.monotonic() - started < 3
        out = await call(reg, ctx, "terminal", command="sleep 30", timeout="0.3")  # string coerced
        assert "timed out after 0.3s" in out.text
        big = await call(reg, ctx, "terminal", command="seq 1 100000")
        assert "bytes of output omitted" in big.text and len(big.text) < 2_300
        assert big.text.rstrip().endswith("]") and "100000\n[exit 0" in big.text
    finally:
        await ctx.state["exec"].close()


async def test_dotenv_names_are_hidden(tmp_path, monkeypatch):
    home = Home(tmp_path / "home")
    home.root.mkdir()
    home.env_file.write_text("WEIRDLY_NAMED=abc\n")
    monkeypatch.setenv("WEIRDLY_NAMED", "value-from-shell")
    ctx = ToolContext(cwd=str(tmp_path), approve=Gate(reason="Command denied: test policy."), home=home)
    try:
        out = await call(Registry(TOOLS), ctx, "terminal", command="echo \"[$WEIRDLY_NAMED]\"")
        assert out.text.startswith("[]\n")
    finally:
        await ctx.state["exec"].close()


async def test_commands_see_the_sessions_home(tmp_path, monkeypatch):
    """A home chosen in process (the bench, the server, tests) reaches the commands the agent runs,
    so a `hermes ...` among them reads that home and not the one in the process environment."""
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "elsewhere"))
    home = Home(tmp_path / "home")
    home.root.mkdir()
    ctx = ToolContext(cwd=str(tmp_path), approve=Gate(reason="Command denied: test policy."), home=home)
    try:
        out = await call(Registry(TOOLS), ctx, "terminal", command='echo "[$HERMES_HOME]"')
        assert out.text.startswith(f"[{home.root}]\n")
        # the command's own export still wins for the commands after it
        out = await call(Registry(TOOLS), ctx, "terminal", command='export HERMES_HOME=/tmp/x; echo ok')
        out = await call(Registry(TOOLS), ctx, "terminal", command='echo "[$HERMES_HOME]"')
        assert out.text.startswith("[/tmp/x]\n")
    finally:
        await ctx.state["exec"].close()


async def test_background_process_lifecycle(env):
    reg, ctx, gate = env
    started = await call(reg, ctx, "terminal", command="echo one; sleep 0.3; echo two; sleep 30",
                         background=True)
    assert started.ok and gate.seen[-1].startswith("echo one")
    pid = re.search(r"started (\S+)", started.text).group(1)
    await asyncio.sleep(0.15)
    listed = await call(reg, ctx, "process", action="list")
    assert pid in listed.text and "running" in listed.text
    poll = await call(reg, ctx, "process", action="poll", id=pid)
    assert poll.text.split("\n", 1)[1] == "one"  # after the status line: only what is new
    wait = await call(reg, ctx, "process", action="wait", id=pid, timeout=0.6)
    assert wait.text == f"{pid} still running after 0.6s\ntwo"
    assert "(no new output)" in (await call(reg, ctx, "process", action="poll", id=pid)).text
    killed = await call(reg, ctx, "process", action="kill", id=pid)
    assert f"{pid} killed" in killed.text
    log = await call(reg, ctx, "process", action="log", id=pid)
    assert "killed" in log.text and "one\ntwo" in log.text


async def test_background_wait_to_completion(env):
    reg, ctx, _ = env
    started = await call(reg, ctx, "terminal", command="sleep 0.2; echo finished; exit 5",
                         background=True)
    pid = re.search(r"started (\S+)", started.text).group(1)
    out = await call(reg, ctx, "process", action="wait", id=pid, timeout=10)
    assert out.text == f"{pid} exited 5\nfinished"


async def test_process_errors(env):
    reg, ctx, _ = env
    assert (await call(reg, ctx, "process", action="list")).text == "no background processes"
    out = await call(reg, ctx, "process", action="poll", id="proc_9")
    assert not out.ok and "proc_9" in out.text
    out = await call(reg, ctx, "process", action="kill")
    assert not out.ok and "needs the id" in out.text
    out = await call(reg, ctx, "process", action="explode", id="x")
    assert not out.ok


def test_schemas_are_small():
    for t in TOOLS:
        assert len(json.dumps(t.schema())) < 800
    assert TOOLS[0].parameters["required"] == ["command"]
    assert TOOLS[1].parameters["properties"]["action"]["enum"] == ["list", "poll", "wait", "kill", "log"]
