"""Hermes's MCP client against third-party reference servers: @modelcontextprotocol/server-everything
and server-filesystem (Node.js) and mcp-server-time (Python), installed by .ci/install_mcp.sh."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import time
from pathlib import Path

import pytest

pytest.importorskip("mcp", reason="the mcp SDK is not installed (pip install -e '.[dev]')")

from hermes.config import Config  # noqa: E402
from hermes.core.messages import ToolCall  # noqa: E402
from hermes.home import Home  # noqa: E402
from hermes.runtime import Hermes  # noqa: E402
from hermes.testing import ScriptedModel  # noqa: E402

REF = Path(os.environ.get("HERMES_MCP_REF_DIR", Path.home() / ".cache" / "hermes-ci" / "mcp-ref"))
BIN = REF / "node_modules" / ".bin"


def need(path: Path, what: str) -> str:
    if not path.exists():
        pytest.skip(f"{what} is not installed ({path} missing; run .ci/install_mcp.sh)")
    if path.parent == BIN and shutil.which("node") is None:
        pytest.skip("node is not installed")
    return str(path)


async def start(tmp_path, servers, ask=None) -> tuple[Hermes, object]:
    config = Config(mcp_servers=servers)
    config.terminal.cwd = str(tmp_path)
    h = Hermes(Home(tmp_path / "home").ensure(), config, model=ScriptedModel())
    conv = h.open(interactive=ask is not None, ask_approval=ask)
    deadline = time.monotonic() + 30
    while not all(s["state"] == "connected" for s in h.mcp.status()):
        if time.monotonic() > deadline or any(s["state"] == "failed" for s in h.mcp.status()):
            h.mcp.stop()
            raise AssertionError(h.mcp.status())
        await asyncio.sleep(0.05)
    return h, conv


async def run(conv, name, args=None):
    return await conv.agent.tools.execute(ToolCall(id="c", name=name, arguments=json.dumps(args or {})), conv.ctx)


async def test_server_everything(tmp_path):
    h, conv = await start(tmp_path, {"ev": {"command": need(BIN / "mcp-server-everything", "server-everything")}})
    try:
        assert (await run(conv, "mcp_ev_echo", {"message": "hi there"})).text.endswith("hi there")
        assert "42" in (await run(conv, "mcp_ev_get-sum", {"a": 40, "b": 2})).text
        img = await run(conv, "mcp_ev_get-tiny-image")
        assert img.ok and "image saved to" in img.text and ";base64," not in img.text
        ref = await run(conv, "mcp_ev_get-resource-reference", {"resourceType": "Text", "resourceId": 1})
        assert ref.ok and "[resource " in ref.text
        blob = await run(conv, "mcp_ev_get-resource-reference", {"resourceType": "Blob", "resourceId": 2})
        assert blob.ok and "saved to" in blob.text
        seen = []
        conv.ctx.services["progress"] = lambda what, p, total, msg: seen.append(p)
        long = await run(conv, "mcp_ev_trigger-long-running-operation", {"duration": 1, "steps": 2})
        assert long.ok and "completed" in long.text.lower()
        await asyncio.sleep(0.05)
        assert seen, "no progress notifications arrived"
        structured = await run(conv, "mcp_ev_get-structured-content", {"location": "Chicago"})
        assert structured.ok and "temperature" in structured.text.lower()
        listed = await run(conv, "mcp_ev_list_resources")
        assert listed.ok and "://" in listed.text
        first_uri = listed.text.splitlines()[0].split()[1]
        assert (await run(conv, "mcp_ev_read_resource", {"uri": first_uri})).ok
        assert (await run(conv, "mcp_ev_list_prompts")).ok
        assert not conv.agent.tools.get("mcp_ev_toggle-simulated-logging").read_only
    finally:
        h.mcp.stop()


async def test_server_filesystem_with_approval(tmp_path):
    root = tmp_path / "shared"
    root.mkdir()
    (root / "a.txt").write_text("alpha")
    asked = []

    async def ask(command, verdict):
        asked.append(verdict.rule)
        return "once"
    h, conv = await start(tmp_path, {"fs": {"command": need(BIN / "mcp-server-filesystem", "server-filesystem"),
                                            "args": [str(root)]}}, ask=ask)
    try:
        first = await run(conv, "mcp_fs_read_text_file", {"path": str(root / "a.txt")})
        assert first.text == "alpha", first.text
        wrote = await run(conv, "mcp_fs_write_file", {"path": str(root / "b.txt"), "content": "beta"})
        assert wrote.ok and asked == ["mcp:fs:write_file"] and (root / "b.txt").read_text() == "beta"
        outside = await run(conv, "mcp_fs_read_text_file", {"path": "/etc/hostname"})
        assert not outside.ok and "denied" in outside.text.lower()
        tree = await run(conv, "mcp_fs_list_directory", {"path": str(root)})
        assert "a.txt" in tree.text and "b.txt" in tree.text
    finally:
        h.mcp.stop()


async def test_mcp_server_time(tmp_path):
    h, conv = await start(tmp_path, {"time": {"command": need(REF / "time-venv" / "bin" / "mcp-server-time",
                                                              "mcp-server-time")}})
    try:
        now = json.loads((await run(conv, "mcp_time_get_current_time", {"timezone": "Europe/Paris"})).text)
        assert now["timezone"] == "Europe/Paris" and now["datetime"][:4].isdigit()
        conv_t = json.loads((await run(conv, "mcp_time_convert_time", {
            "source_timezone": "Etc/UTC", "time": "12:00", "target_timezone": "Asia/Tokyo"})).text)
        assert conv_t["target"]["datetime"][11:16] == "21:00"
        bad = await run(conv, "mcp_time_get_current_time", {"timezone": "Mars/Olympus"})
        assert not bad.ok
    finally:
        h.mcp.stop()
