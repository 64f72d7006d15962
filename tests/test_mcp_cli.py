"""`hermes mcp add|list|test|remove`, `hermes doctor` and /reload-mcp as a user runs them: real
subprocesses, a temp home, the SDK-written fixture server."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("mcp", reason="the mcp SDK is not installed (pip install -e '.[dev]')")


@pytest.fixture
def env(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "config.yaml").write_text("model:\n  provider: demo\n  default: demo\n")
    (home / ".env").write_text("FX_SECRET=hunter2-very-secret\n")
    os.chmod(home / ".env", 0o600)
    return dict(os.environ, HERMES_HOME=str(home))


def hermes(env, *args, timeout=90):
    return subprocess.run([sys.executable, "-m", "hermes", *args], env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


FX = ["--command", sys.executable, "--arg", "-m", "--arg", "hermes.testing.mcp_server"]


def test_add_list_test_remove_and_doctor(env):
    empty = hermes(env, "mcp", "list")
    assert "No MCP servers configured" in empty.stdout
    added = hermes(env, "mcp", "add", "fx", *FX, "--env", "API_KEY=${FX_SECRET}", "--exclude", "crash")
    assert added.returncode == 0, added.stderr
    assert "fx: connected" in added.stdout and "tools" in added.stdout
    listed = hermes(env, "mcp", "list")
    assert "fx: stdio" in listed.stdout and "env: API_KEY" in listed.stdout and "exclude: crash" in listed.stdout
    assert "hunter2" not in listed.stdout + listed.stderr  # values are never shown
    rows = json.loads(hermes(env, "mcp", "list", "--json").stdout)
    assert rows[0]["name"] == "fx" and rows[0]["tools_last_seen"] >= 10
    tested = hermes(env, "mcp", "test", "fx")
    assert tested.returncode == 0 and "mcp_fx_write_note  (asks for approval)" in tested.stdout
    assert "mcp_fx_crash" not in tested.stdout
    bad = hermes(env, "mcp", "add", "down", "--url", "http://127.0.0.1:9/mcp")
    assert bad.returncode == 1 and "did not connect" in bad.stderr and "hermes mcp remove down" in bad.stderr
    doctor = hermes(env, "doctor")
    assert "✓ mcp fx: connected" in doctor.stdout and "✗ mcp down: failed" in doctor.stdout
    assert doctor.returncode == 1
    assert hermes(env, "mcp", "remove", "down").returncode == 0
    assert "down" not in hermes(env, "mcp", "list").stdout
    missing = hermes(env, "mcp", "test", "nope")
    assert missing.returncode == 1 and "no MCP server named 'nope'" in missing.stderr
    neither = hermes(env, "mcp", "add", "x")
    assert neither.returncode == 1 and "either command" in neither.stderr


async def test_reload_mcp_picks_up_servers_added_while_running(tmp_path):
    from hermes.commands.table import dispatch
    from hermes.config import Config, set_value
    from hermes.home import Home
    from hermes.runtime import Hermes
    from hermes.testing import ScriptedModel

    home = Home(tmp_path / "home").ensure()
    h = Hermes(home, Config(), model=ScriptedModel())
    assert h.mcp is None

    class Host:
        surface, is_admin, replies = "cli", True, []

        async def reply(self, text):
            self.replies.append(text)

        async def skill_command(self, name, arg):
            return False

        async def cmd_reload_mcp(self, arg):
            import asyncio

            await self.reply(await asyncio.to_thread(h.reload_mcp))
    host = Host()
    await dispatch("/reload-mcp", host)
    assert "No MCP servers are configured" in host.replies[-1]
    set_value(home, "mcp_servers.fx", json.dumps({"command": sys.executable, "args": ["-m", "hermes.testing.mcp_server"]}))
    await dispatch("/reload", host)  # a prefix works like every command
    assert "started 1 server" in host.replies[-1]
    try:
        conv = h.open()
        import asyncio

        for _ in range(200):
            if h.mcp.status()[0]["state"] == "connected":
                break
            await asyncio.sleep(0.05)
        assert "mcp_fx_echo" in conv.agent.tools.names()
    finally:
        h.mcp.stop()
