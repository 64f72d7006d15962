"""What every exec backend must do, as checks any backend's test file runs against an opened backend.

Each check takes an opened ExecBackend (its session cwd is a writable workspace) and asserts the
behaviour the terminal and file tools rely on: cwd and exported variables persist, files persist
and move both ways, timeouts and /stop kill the whole process group, output is capped with head and
tail kept, background processes start/poll/kill, and a missing workdir is an error.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any


def _long_sleep() -> str:
    """A sleep no other test on the machine runs, so "is it still running?" sees only ours."""
    return f"sleep {random.randint(3000, 99999)}"


async def check_persistent_shell(b: Any) -> None:
    r = await b.run("mkdir -p sub/deeper && cd sub && export HERMES_T1='a b' && echo ok")
    assert r.exit_code == 0 and "ok" in r.output, r
    r = await b.run("pwd; echo \"[$HERMES_T1]\"; cd deeper")
    assert r.output.splitlines()[0].endswith("/sub"), r.output
    assert "[a b]" in r.output
    assert b.cwd.endswith("/sub/deeper")
    r = await b.run("cd ../..; unset HERMES_T1; export HERMES_T2=x; false")
    assert r.exit_code == 1
    r = await b.run("echo \"[$HERMES_T2]\"; exit 7")
    assert r.exit_code == 7 and "[x]" in r.output


async def check_files(b: Any) -> None:
    await b.run("echo hello > made-by-shell.txt")
    assert (await b.read_bytes("made-by-shell.txt")).strip() == b"hello"
    blob = bytes(range(256)) * 700  # binary, more than one upload chunk
    await b.write_bytes("nested/dir/blob.bin", blob)
    assert await b.read_bytes("nested/dir/blob.bin") == blob
    r = await b.run("wc -c < nested/dir/blob.bin")
    assert r.output.strip() == str(len(blob)), r.output
    await b.write_bytes("empty.txt", b"")
    assert await b.read_bytes("empty.txt") == b""
    try:
        await b.read_bytes("does-not-exist.txt")
        raise AssertionError("reading a missing file must fail")
    except FileNotFoundError:
        pass
    try:
        await b.read_bytes("nested")
        raise AssertionError("reading a directory must fail")
    except IsADirectoryError:
        pass


async def check_timeout_kills_group(b: Any) -> None:
    t0 = time.monotonic()
    sleep = _long_sleep()
    r = await b.run(f"echo start; ({sleep}; echo late) & {sleep}", timeout=1.5)
    assert r.timed_out and r.exit_code != 0
    assert "start" in r.output and "late" not in r.output
    assert time.monotonic() - t0 < 15
    # Nothing of that command survives: no such sleep is left on the target.
    await asyncio.sleep(0.3)
    r = await b.run("ps -eo args 2>/dev/null || ps")
    assert sleep not in r.output.replace("ps -eo args", ""), r.output


async def check_cap(b: Any) -> None:
    r = await b.run("i=0; while [ $i -lt 20000 ]; do echo line$i; i=$((i+1)); done",
                    max_output_chars=2_000)
    assert r.truncated and len(r.output) < 2_600
    assert r.output.startswith("line0\n") and r.output.rstrip().endswith("line19999")
    assert "omitted" in r.output


async def check_cancel(b: Any) -> None:
    cancel = asyncio.Event()

    async def stop_soon() -> None:
        await asyncio.sleep(0.8)
        cancel.set()

    task = asyncio.ensure_future(stop_soon())
    t0 = time.monotonic()
    r = await b.run(f"echo begun; {_long_sleep()}", timeout=120, cancel=cancel)
    await task
    assert r.cancelled and not r.timed_out and "begun" in r.output
    assert time.monotonic() - t0 < 15


async def check_background(b: Any) -> None:
    pid = await b.start_background(f"echo bg-start; {_long_sleep()}")
    table = b.processes
    for _ in range(100):
        if "bg-start" in table.log(pid):
            break
        await asyncio.sleep(0.05)
    assert "bg-start" in table.poll(pid)
    assert table.get(pid).running
    await table.kill(pid)
    assert not table.get(pid).running and "killed" in table.get(pid).status
    pid2 = await b.start_background("echo quick; exit 4")
    assert await table.wait(pid2, 20)
    assert "exited 4" in table.get(pid2).status, table.get(pid2).status
    # the output is kept; on a loaded machine its reader may finish a moment after the exit
    for _ in range(200):
        if "quick" in table.log(pid2):
            break
        await asyncio.sleep(0.1)
    assert "quick" in table.log(pid2), table.log(pid2)


async def check_workdir(b: Any) -> None:
    await b.run("mkdir -p only-once")
    before = b.cwd
    r = await b.run("pwd", cwd="only-once")
    assert r.output.strip().endswith("/only-once") and b.cwd == before
    try:
        await b.run("pwd", cwd="no-such-dir")
        raise AssertionError("a missing workdir must be an error")
    except FileNotFoundError:
        pass


ALL = [check_persistent_shell, check_files, check_timeout_kills_group, check_cap, check_cancel,
       check_background, check_workdir]


async def check_all(b: Any) -> None:
    for check in ALL:
        await check(b)
