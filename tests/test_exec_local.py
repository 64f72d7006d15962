"""The local exec backend with real bash subprocesses in temp dirs."""

from __future__ import annotations

import asyncio
import os
import time
import tracemalloc
from pathlib import Path

import pytest

from hermes.exec.base import CappedOutput, ExecBackend, scrub_env
from hermes.exec.local import LocalBackend

pytestmark = pytest.mark.timeout(60)


def alive(pid: int) -> bool:
    """Running and not a zombie (a container's init may be slow to reap orphans)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


async def gone(pids: list[int], within: float = 3.0) -> bool:
    end = time.monotonic() + within
    while time.monotonic() < end:
        if not any(alive(p) for p in pids):
            return True
        await asyncio.sleep(0.05)
    return False


@pytest.fixture
async def backend(tmp_path):
    b = LocalBackend(tmp_path)
    yield b
    await b.close()


async def test_is_an_exec_backend(backend):
    assert isinstance(backend, ExecBackend)


async def test_cwd_persists_between_calls(backend, tmp_path):
    res = await backend.run("mkdir -p sub/deeper && cd sub")
    assert res.exit_code == 0 and res.cwd_after == str(tmp_path / "sub")
    res = await backend.run("pwd; cd deeper; exit 4")  # `exit` still records the directory
    assert res.output.strip() == str(tmp_path / "sub") and res.exit_code == 4
    assert (await backend.run("pwd")).output.strip() == str(tmp_path / "sub" / "deeper")


async def test_explicit_cwd_is_one_off(backend, tmp_path):
    (tmp_path / "other").mkdir()
    res = await backend.run("pwd", cwd="other")
    assert res.output.strip() == str(tmp_path / "other")
    assert backend.cwd == str(tmp_path)
    with pytest.raises(FileNotFoundError):
        await backend.run("pwd", cwd="missing")


async def test_vanished_cwd_falls_back_to_start_dir(backend, tmp_path):
    await backend.run("mkdir doomed && cd doomed")
    os.rmdir(tmp_path / "doomed")
    res = await backend.run("pwd")
    assert "no longer exists" in res.output
    assert res.output.strip().endswith(str(tmp_path)) and res.cwd_after == str(tmp_path)


async def test_exit_codes_and_signals(backend):
    assert (await backend.run("true")).exit_code == 0
    assert (await backend.run("exit 7")).exit_code == 7
    assert (await backend.run("ls /definitely/not/here")).exit_code == 2
    assert (await backend.run("kill -9 $$")).exit_code == 137


async def test_stderr_merged_and_stdin_is_devnull(backend):
    res = await backend.run("echo out; echo err >&2; cat", timeout=5)
    assert res.output == "out\nerr\n" and res.duration < 2 and not res.timed_out


async def test_non_utf8_output_is_replaced(backend):
    res = await backend.run(r"printf 'caf\xe9 \xff\xfe ok\n'")
    assert res.output == "caf\ufffd \ufffd\ufffd ok\n"


async def test_timeout_kills_the_whole_tree(backend, tmp_path):
    started = time.monotonic()
    res = await backend.run("sleep 30 & echo $! > bg.pid; sleep 30 & echo $! > fg.pid; wait",
                            timeout=0.5)
    assert res.timed_out and not res.cancelled
    assert time.monotonic() - started < 4
    pids = [int((tmp_path / n).read_text()) for n in ("bg.pid", "fg.pid")]
    assert await gone(pids), "children of a timed-out command must be killed"


async def test_cancel_returns_promptly(backend):
    cancel = asyncio.Event()
    asyncio.get_running_loop().call_later(0.3, cancel.set)
    started = time.monotonic()
    res = await backend.run("echo begun; sleep 30", cancel=cancel, timeout=60)
    assert res.cancelled and not res.timed_out
    assert time.monotonic() - started < 2
    assert "begun" in res.output and res.exit_code == 143  # SIGTERM


async def test_cancelling_the_caller_leaves_nothing_running(backend, tmp_path):
    task = asyncio.ensure_future(backend.run("sleep 30 & echo $! > c.pid; sleep 30"))
    while not (tmp_path / "c.pid").exists():
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.05)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await gone([int((tmp_path / "c.pid").read_text())])


async def test_leftover_background_children_do_not_block(backend, tmp_path):
    started = time.monotonic()
    res = await backend.run("sleep 30 & echo $! > left.pid; echo done")
    assert res.output == "done\n" and time.monotonic() - started < 3
    assert await gone([int((tmp_path / "left.pid").read_text())])


async def test_huge_output_is_capped_while_reading(backend):
    tracemalloc.start()
    try:
        res = await backend.run("head -c 100000000 /dev/zero | tr '\\0' a; echo; echo THE-END",
                                max_output_chars=10_000)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert res.exit_code == 0 and res.truncated
    total = 100_000_000 + len("\nTHE-END\n")
    assert f"[... {total - 10_000:,} bytes of output omitted ...]" in res.output
    assert res.output.startswith("aaaa") and res.output.endswith("THE-END\n")
    assert len(res.output) < 10_200
    assert peak < 20_000_000, f"peak Python memory {peak:,} bytes"


async def test_env_is_inherited_without_secrets(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-should-not-leak")
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", "tg-should-not-leak")
    monkeypatch.setenv("MY_SECRET", "also-hidden")
    monkeypatch.setenv("CUSTOM_CRED", "named-in-dotenv")
    monkeypatch.setenv("HERMES_TEST_PLAIN", "visible")
    b = LocalBackend(tmp_path, secret_names=["CUSTOM_CRED"])
    try:
        res = await b.run("env", env={"EXTRA_VAR": "given"})
    finally:
        await b.close()
    assert "HERMES_TEST_PLAIN=visible" in res.output and "EXTRA_VAR=given" in res.output
    for leaked in ("should-not-leak", "also-hidden", "named-in-dotenv"):
        assert leaked not in res.output
    assert "PAGER=cat" in res.output


def test_scrub_env_names():
    env = scrub_env({"PATH": "/bin", "ANTHROPIC_API_KEY": "x", "GITHUB_TOKEN": "x",
                     "DB_PASSWORD": "x", "AWS_SECRET_ACCESS_KEY": "x", "TOKENIZERS_PARALLELISM": "x"})
    assert set(env) >= {"PATH", "TOKENIZERS_PARALLELISM"}
    assert not {"ANTHROPIC_API_KEY", "GITHUB_TOKEN", "DB_PASSWORD", "AWS_SECRET_ACCESS_KEY"} & set(env)


def test_capped_output_keeps_head_and_tail():
    out = CappedOutput(10)
    for chunk in (b"0123", b"456789", b"abcdefghij", b"KLM"):
        out.feed(chunk)
    assert out.total == 23 and out.dropped == 13
    assert out.text() == "0123\n[... 13 bytes of output omitted ...]\nhijKLM"
    whole = CappedOutput(100)
    euro = "€".encode()
    whole.feed(b"x" * 39 + euro[:1])
    whole.feed(euro[1:])  # a character split across head and tail survives
    assert whole.text() == "x" * 39 + "€"


async def test_background_start_poll_wait(backend):
    pid = await backend.start_background("for i in 1 2 3; do echo line$i; sleep 0.2; done; exit 3")
    table = backend.processes
    await asyncio.sleep(0.1)
    assert table.get(pid).running
    first = table.poll(pid)
    assert first.startswith("line1")
    assert await table.wait(pid, 5)
    rest = table.poll(pid)
    assert "line3" in rest and "line1" not in rest  # poll returns only what is new
    assert table.get(pid).status == "exited 3"
    assert table.log(pid) == "line1\nline2\nline3\n"
    assert table.poll(pid) == ""


async def test_background_kill_takes_the_tree(backend, tmp_path):
    pid = await backend.start_background("sleep 30 & echo $! > child.pid; sleep 30")
    await asyncio.sleep(0.2)
    child = int((tmp_path / "child.pid").read_text())
    proc = backend.processes.get(pid)
    assert not await backend.processes.wait(pid, 0.2)
    await backend.processes.kill(pid)
    assert proc.status == "exited 143 (killed)"
    assert await gone([child, proc.child.pid])


async def test_background_output_is_bounded(backend):
    pid = await backend.start_background("head -c 3000000 /dev/zero | tr '\\0' b; echo; echo tail-mark")
    assert await backend.processes.wait(pid, 10)
    log = backend.processes.log(pid)
    assert len(log) < 300_000 and "earlier bytes not kept" in log and log.endswith("tail-mark\n")


async def test_close_kills_background_processes(tmp_path):
    b = LocalBackend(tmp_path)
    ids = [await b.start_background("sleep 30") for _ in range(2)]
    pids = [b.processes.get(i).child.pid for i in ids]
    await b.close()
    assert await gone(pids)
    with pytest.raises(RuntimeError):
        await b.run("true")
