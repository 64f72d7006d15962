"""Built-in tools against real subprocesses and files in tmp dirs. Every command here is harmless:
denial is proven with marker files under tmp_path, never by running anything destructive."""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
import tracemalloc
from pathlib import Path

import pytest

from hermes.core.messages import ToolCall
from hermes.tools.approval import ApprovalGate
from hermes.tools.files import TOOLS as FILE_TOOLS
from hermes.tools.registry import Registry, ToolContext
from hermes.tools.terminal import TOOLS as TERM_TOOLS
from hermes.tools.todo import TOOLS as TODO_TOOLS

REG = Registry([*TERM_TOOLS, *FILE_TOOLS, *TODO_TOOLS])


def allow_all():
    async def approve(cmd: str):
        return True, ""
    return approve


@pytest.fixture
def ctx(tmp_path: Path):
    return ToolContext(session_id="t", cwd=str(tmp_path), approve=allow_all())


async def run(ctx: ToolContext, name: str, **args):
    out = await REG.execute(ToolCall("c1", name, json.dumps(args)), ctx)
    return out


async def close(ctx):
    ex = ctx.state.get("exec")
    if ex is not None:
        await ex.close()


async def test_cwd_persists_and_exit_code(ctx, tmp_path):
    r = await run(ctx, "terminal", command="mkdir -p a/b && cd a/b && echo here")
    assert r.ok and "here" in r.text and f"cwd {tmp_path}/a/b" in r.text
    r = await run(ctx, "terminal", command="pwd; exit 7")
    assert f"{tmp_path}/a/b" in r.text and "[exit 7" in r.text
    await close(ctx)


async def test_timeout_kills_the_tree(ctx, tmp_path):
    t0 = time.perf_counter()
    # durations no other test uses: a parallel worker's "sleep 317" matched the old "sleep 3[12]"
    r = await run(ctx, "terminal", command="sleep 31.41 & sleep 31.42; echo never", timeout=0.5)
    assert time.perf_counter() - t0 < 8 and "timed out" in r.text and "never" not in r.text
    await asyncio.sleep(0.3)
    left = subprocess.run(["pgrep", "-f", r"^sleep 31\.4[12]$"], capture_output=True, text=True).stdout
    assert left.strip() == ""
    await close(ctx)


async def test_cancel_stops_a_running_command(ctx):
    asyncio.get_running_loop().call_later(0.3, ctx.cancel.set)
    t0 = time.perf_counter()
    r = await run(ctx, "terminal", command="sleep 20")
    assert time.perf_counter() - t0 < 2 and "cancelled" in r.text
    await close(ctx)


async def test_huge_output_is_capped_in_memory(ctx):
    tracemalloc.start()
    r = await run(ctx, "terminal", command="head -c 100000000 /dev/zero | tr '\\0' a")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert "bytes of output omitted" in r.text and len(r.text) < 60_000
    assert peak < 30_000_000, peak
    await close(ctx)


async def test_non_utf8_output(ctx):
    r = await run(ctx, "terminal", command="printf 'ok \\xff\\xfe end'")
    assert r.ok and "ok" in r.text and "end" in r.text
    await close(ctx)


async def test_background_start_poll_kill(ctx):
    r = await run(ctx, "terminal", command="for i in 1 2 3; do echo tick$i; sleep 0.1; done; sleep 30",
                  background=True)
    pid = r.text.split()[1]
    await asyncio.sleep(0.6)
    polled = await run(ctx, "process", action="poll", id=pid)
    assert "tick1" in polled.text and "running" in polled.text
    killed = await run(ctx, "process", action="kill", id=pid)
    assert "killed" in killed.text
    listed = await run(ctx, "process", action="list")
    assert pid in listed.text and "exited" in listed.text
    await close(ctx)


async def test_denied_command_never_runs(tmp_path):
    marker = tmp_path / "marker"

    async def deny(cmd):
        return False, "Command denied: test says no"

    c = ToolContext(cwd=str(tmp_path), approve=deny)
    r = await run(c, "terminal", command=f"touch {marker}")
    assert not r.ok and "test says no" in r.text and not marker.exists()
    r = await run(c, "terminal", command=f"touch {marker}", background=True)
    assert not r.ok and not marker.exists()
    c2 = ToolContext(cwd=str(tmp_path), approve=None)
    r = await run(c2, "terminal", command=f"touch {marker}")
    assert not r.ok and "no approval gate" in r.text and not marker.exists()


async def test_real_gate_denies_dangerous_without_anyone_to_ask(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("x")
    gate = ApprovalGate("manual", home=tmp_path / ".hermes", ask=None)
    c = ToolContext(cwd=str(tmp_path), approve=gate.check)
    r = await run(c, "terminal", command=f"rm -rf {victim}")
    assert not r.ok and (victim / "keep.txt").exists()
    r = await run(c, "terminal", command="echo fine")
    assert r.ok and "fine" in r.text
    await close(c)


async def test_write_to_ssh_goes_through_the_gate(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    seen = []

    async def approve(cmd):
        seen.append(cmd)
        return False, "needs approval"

    c = ToolContext(cwd=str(tmp_path), approve=approve)
    target = tmp_path / ".ssh" / "authorized_keys"
    r = await run(c, "write_file", path=str(target), content="ssh-rsa AAA")
    assert not r.ok and not target.exists() and seen == [f"cat > {target}"]
    gate = ApprovalGate("manual", home=tmp_path / ".hermes", ask=None)
    allowed, _ = await gate.check(seen[0])
    assert not allowed  # the real gate classifies that write as dangerous


async def test_read_file_numbers_offsets_binary_and_bad_utf8(ctx, tmp_path):
    (tmp_path / "f.txt").write_text("\n".join(f"line {i}" for i in range(1, 21)))
    r = await run(ctx, "read_file", path="f.txt", offset=5, limit=3)
    assert "\n5|line 5" in r.text and "\n7|line 7" in r.text and "line 8" not in r.text
    assert "more with offset=8" in r.text
    (tmp_path / "b.bin").write_bytes(b"\x00\x01\x02" * 10)
    assert "binary" in (await run(ctx, "read_file", path="b.bin")).text
    (tmp_path / "latin.txt").write_bytes("café".encode("latin-1"))
    r = await run(ctx, "read_file", path="latin.txt")
    assert r.ok and "not valid UTF-8" in r.text
    r = await run(ctx, "read_file", path="f.tx")
    assert not r.ok and "f.txt" in r.text  # suggests the similar name


async def test_write_and_patch(ctx, tmp_path):
    r = await run(ctx, "write_file", path="src/app.py", content="a = 1\nb = 2\nb = 2\n")
    assert r.ok and (tmp_path / "src/app.py").exists()
    r = await run(ctx, "patch", path="src/app.py", old_text="a = 1", new_text="a = 10")
    assert r.ok and "-a = 1" in r.text and "+a = 10" in r.text
    r = await run(ctx, "patch", path="src/app.py", old_text="b = 2", new_text="b = 3")
    assert not r.ok and "2 times" in r.text and "lines 2, 3" in r.text
    r = await run(ctx, "patch", path="src/app.py", old_text="a = 11", new_text="x")
    assert not r.ok and "Closest match near line 1" in r.text
    r = await run(ctx, "patch", path="src/app.py", old_text="b = 2", new_text="b = 3", replace_all=True)
    assert r.ok and (tmp_path / "src/app.py").read_text() == "a = 10\nb = 3\nb = 3\n"


async def test_search_files_respects_gitignore(ctx, tmp_path):
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    (tmp_path / ".gitignore").write_text("build/\n")
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "gen.py").write_text("TODO ignored\n")
    (tmp_path / "main.py").write_text("x = 1\n# TODO real\n")
    r = await run(ctx, "search_files", pattern="TODO")
    assert "main.py:2:" in r.text and "gen.py" not in r.text
    r = await run(ctx, "search_files", pattern="*.py", mode="files")
    assert r.text.strip() == "main.py"
    r = await run(ctx, "search_files", pattern="(unclosed")
    assert not r.ok and "invalid regex" in r.text


async def test_todo_round_trip(ctx):
    r = await run(ctx, "todo", todos=[{"id": "1", "content": "write tests", "status": "in_progress"},
                                      {"id": "2", "content": "ship"}])
    assert "[~] 1. write tests" in r.text and "[ ] 2. ship" in r.text
    r = await run(ctx, "todo", todos=[{"id": "1", "status": "completed"}], merge=True)
    assert "[x] 1. write tests" in r.text
    assert (await run(ctx, "todo")).text == r.text
