"""execute_code: real python3 subprocesses on the session's backend, calling tools back over a socket."""

from __future__ import annotations

import json
import os

import pytest

from gate_support import Gate

from hermes.core.messages import ToolCall
from hermes.tools.code_exec import TOOLS as CODE_TOOLS, _ToolChannel
from hermes.tools.files import TOOLS as FILE_TOOLS
from hermes.tools.registry import Registry, ToolContext
from hermes.tools.terminal import TOOLS as TERMINAL_TOOLS

pytestmark = pytest.mark.timeout(60)




@pytest.fixture
async def env(tmp_path):
    gate = Gate(deny="rm -rf /")
    ctx = ToolContext(cwd=str(tmp_path), approve=gate)
    reg = Registry(TERMINAL_TOOLS + FILE_TOOLS + CODE_TOOLS)
    ctx.services["registry"] = reg
    yield reg, ctx, gate
    if ctx.state.get("exec") is not None:
        await ctx.state["exec"].close()


async def run(reg, ctx, code, **kw):
    return await reg.execute(ToolCall(id="c", name="execute_code",
                                      arguments=json.dumps({"code": code, **kw})), ctx)


async def test_a_loop_over_files_is_one_call(env, tmp_path):
    reg, ctx, gate = env
    for i in range(12):
        (tmp_path / f"note{i}.txt").write_text(f"line a\nTODO item {i}\n")
    code = (
        "import os\n"
        "from hermes_tools import read_file, write_file, search_files\n"
        "hits = search_files(pattern='TODO', path='.')\n"
        "n = 0\n"
        "for name in sorted(os.listdir('.')):\n"
        "    if name.endswith('.txt'):\n"
        "        text = read_file(path=name)\n"
        "        n += 'TODO' in text\n"
        "write_file(path='summary.md', content=f'{n} files with TODO\\n')\n"
        "print('pid', os.getpid(), 'files', n, 'hits', len(hits.splitlines()))\n")
    out = await run(reg, ctx, code)
    assert out.ok, out.text
    assert "files 12 hits 12" in out.text and "14 tool calls" in out.text
    assert f"pid {os.getpid()} " not in out.text  # never inside Hermes's own process
    assert (tmp_path / "summary.md").read_text() == "12 files with TODO\n"
    # The gate judged the script and, separately, each write the script made.
    assert gate.seen[0].startswith("python3 <script> (execute_code)\nimport os")
    assert any(s.startswith("cat > ") and s.endswith("summary.md") for s in gate.seen)


async def test_tool_errors_and_gate_denials_reach_the_script(env):
    reg, ctx, _ = env
    code = ("from hermes_tools import read_file, terminal, execute_code, ToolFailed\n"
            "for f, kw in [(read_file, {'path': 'missing.txt'}), (terminal, {'command': 'rm -rf' + ' /'}),\n"
            "              (execute_code, {'code': 'print(1)'})]:\n"
            "    try:\n"
            "        f(**kw)\n"
            "    except ToolFailed as e:\n"
            "        print('failed:', str(e)[:160])\n")
    out = await run(reg, ctx, code)
    assert out.ok, out.text
    lines = [ln for ln in out.text.splitlines() if ln.startswith("failed:")]
    assert len(lines) == 3
    assert "does not exist" in lines[0] and "denied" in lines[1] and "no tool 'execute_code'" in lines[2]


async def test_timeout_cap_exit_code_and_denial(env):
    reg, ctx, gate = env
    out = await run(reg, ctx, "import time\nprint('start', flush=True)\ntime.sleep(60)", timeout=1)
    assert out.ok and "start" in out.text and "timed out after 1s" in out.text
    out = await run(reg, ctx, "print('x' * 200_000)")
    assert "omitted" in out.text and len(out.text) < 60_000
    out = await run(reg, ctx, "import sys\nprint('bye')\nsys.exit(3)")
    assert "bye" in out.text and "exit 3" in out.text
    out = await run(reg, ctx, "raise ValueError('boom')")
    assert "ValueError: boom" in out.text and "exit 1" in out.text
    out = await run(reg, ctx, "import os\nos.system('rm -rf / --no-preserve-root')")
    assert not out.ok and "denied" in out.text
    out = await run(reg, ctx, "  ")
    assert not out.ok and "empty" in out.text


async def test_the_channel_refuses_a_wrong_token(env, tmp_path):
    reg, ctx, _ = env
    chan = _ToolChannel(ctx, reg, str(tmp_path))
    bad = await chan._handle(json.dumps({"token": "guess", "tool": "read_file", "args": {"path": "x"}}).encode())
    assert bad == {"ok": False, "text": "bad token"}
    good = await chan._handle(json.dumps({"token": chan.token, "tool": "nope", "args": {}}).encode())
    assert not good["ok"] and "available: " in good["text"] and "execute_code" not in good["text"]
    assert (await chan._handle(b"{not json"))["text"] == "malformed request"


async def test_on_a_backend_without_a_tool_channel_plain_code_still_runs(tmp_path):
    from hermes.exec.processes import spawn
    from hermes.exec.shell import ShellSession

    async def transport(argv, feed):
        return await spawn(argv, cwd="/", env={"PATH": os.environ["PATH"]}, feed=feed)

    ctx = ToolContext(cwd=str(tmp_path), approve=Gate())
    ctx.state["exec"] = ShellSession(transport, start_dir=str(tmp_path))
    reg = Registry(TERMINAL_TOOLS + FILE_TOOLS + CODE_TOOLS)
    ctx.services["registry"] = reg
    try:
        out = await run(reg, ctx, "print(sum(range(10)))\nfrom hermes_tools import read_file\n"
                                  "try:\n    read_file(path='x')\nexcept RuntimeError as e:\n    print(e)")
        assert out.ok and "45" in out.text and "not available on this execution backend" in out.text
    finally:
        await ctx.state["exec"].close()


async def test_in_the_sandbox_the_script_still_reaches_the_tools(tmp_path):
    """bubblewrap: no network inside, yet the tool socket in the bound state dir works."""
    import shutil

    from hermes.config import Config

    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (Debian package bubblewrap)")
    ctx = ToolContext(cwd=str(tmp_path), approve=Gate(),
                      config=Config.model_validate({"terminal": {"backend": "sandbox"}}))
    reg = Registry(TERMINAL_TOOLS + FILE_TOOLS + CODE_TOOLS)
    ctx.services["registry"] = reg
    try:
        out = await run(reg, ctx, "import socket\nfrom hermes_tools import write_file\n"
                                  "write_file(path='from-sandbox.txt', content='hi')\n"
                                  "try:\n    socket.create_connection(('1.1.1.1', 53), timeout=2)\n"
                                  "except OSError as e:\n    print('no network:', type(e).__name__)\n"
                                  "open('/etc/hermes-test', 'w')\n")
        assert out.ok and "no network" in out.text and "1 tool call" in out.text, out.text
        assert "Read-only file system" in out.text
        assert (tmp_path / "from-sandbox.txt").read_text() == "hi"
    finally:
        if ctx.state.get("exec") is not None:
            await ctx.state["exec"].close()


async def test_a_socket_path_longer_than_an_address_still_works(env, tmp_path):
    """Workspaces under HERMES_HOME can be deeper than the 108 bytes a socket address holds."""
    import asyncio
    import sys

    reg, ctx, _ = env
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    deep.mkdir(parents=True)
    (tmp_path / "x.txt").write_text("deep ok\n")
    async with _ToolChannel(ctx, reg, str(deep)) as chan:
        assert len(chan.path) > 110
        import hermes.tools.code_exec as code_exec

        client = os.path.dirname(code_exec.__file__)  # code_client.py sits next to it
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", "from code_client import call; print(call('read_file', path='x.txt'))",
            cwd=str(tmp_path), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
            env={**os.environ, "PYTHONPATH": client, "HERMES_TOOLS_SOCKET": chan.path,
                 "HERMES_TOOLS_TOKEN": chan.token})
        out, _ = await proc.communicate()
    assert b"1|deep ok" in out, out
    assert not os.path.exists(chan.path)
