"""The ssh backend against a real OpenSSH server on 127.0.0.1 (started by the fixture)."""

from __future__ import annotations

import asyncio
import hashlib
import os
import socket
import statistics
import subprocess
import time
from pathlib import Path

import pytest

from hermes.exec.base import BackendUnavailable
from hermes.exec.factory import BackendContext, open_backend
from hermes.exec.specs import SSHSpec
from hermes.testing import sshd as sshd_mod

import exec_conformance

pytestmark = pytest.mark.timeout(60)

pytest.importorskip("asyncssh", reason="the ssh backend needs asyncssh (extra `ssh`)")
if sshd_mod.available():
    pytest.skip(sshd_mod.available(), allow_module_level=True)


@pytest.fixture(scope="module")
def server():
    with sshd_mod.running_sshd() as s:
        yield s


def ctx(tmp_path: Path, sid: str = "t") -> BackendContext:
    return BackendContext(start_dir=str(tmp_path), session_id=sid)


async def opened(server, tmp_path, **overrides):
    return await open_backend(SSHSpec(**server.spec(**overrides)), ctx(tmp_path))


@pytest.fixture
async def backend(server, tmp_path):
    b = await opened(server, tmp_path)
    yield b
    await b.close()


def fingerprint(pub: Path) -> str:
    out = subprocess.run(["ssh-keygen", "-lf", str(pub)], capture_output=True, text=True,
                         check=True).stdout
    return out.split()[1]  # SHA256:...


async def test_conformance(backend):
    assert backend.kind == "ssh" and backend.host_fs is False
    await exec_conformance.check_all(backend)


# -- host keys ----------------------------------------------------------------------------------

async def test_unknown_host_key_is_refused_with_fingerprint(server, tmp_path):
    empty = tmp_path / "known_hosts"
    empty.write_text("")
    with pytest.raises(BackendUnavailable) as e:
        await opened(server, tmp_path, known_hosts=str(empty))
    msg = str(e.value)
    assert fingerprint(server.dir / "host_ed25519.pub") in msg
    assert "unknown" in msg and f"ssh-keyscan -p {server.port} 127.0.0.1 >> {empty}" in msg
    assert empty.read_text() == ""  # never accepted on its own


async def test_missing_known_hosts_file_trusts_nothing(server, tmp_path):
    with pytest.raises(BackendUnavailable, match="unknown"):
        await opened(server, tmp_path, known_hosts=str(tmp_path / "absent"))
    assert not (tmp_path / "absent").exists()


async def test_changed_host_key_is_refused(server, tmp_path):
    other = sshd_mod.keygen(tmp_path / "other_host")
    kh = tmp_path / "known_hosts"
    kh.write_text(server.known_hosts_line(" ".join(other.split()[:2])))
    with pytest.raises(BackendUnavailable) as e:
        await opened(server, tmp_path, known_hosts=str(kh))
    msg = str(e.value)
    assert "CHANGED" in msg and fingerprint(server.dir / "host_ed25519.pub") in msg
    assert f"ssh-keygen -R '[127.0.0.1]:{server.port}'" in msg


# -- authentication and reachability ------------------------------------------------------------

async def test_missing_key_file(server, tmp_path):
    with pytest.raises(BackendUnavailable, match="does not exist"):
        await opened(server, tmp_path, key_path=str(tmp_path / "no_such_key"))


async def test_unreadable_key_file(server, tmp_path):
    bad = tmp_path / "garbage_key"
    bad.write_text("not a key\n")
    with pytest.raises(BackendUnavailable, match="cannot use ssh key"):
        await opened(server, tmp_path, key_path=str(bad))


async def test_refused_key(server, tmp_path):
    sshd_mod.keygen(tmp_path / "stranger")
    t0 = time.monotonic()
    with pytest.raises(BackendUnavailable, match="refused authentication"):
        await opened(server, tmp_path, key_path=str(tmp_path / "stranger"))
    assert time.monotonic() - t0 < 5


async def test_unreachable_port_fails_fast(server, tmp_path):
    t0 = time.monotonic()
    with pytest.raises(BackendUnavailable, match="unreachable"):
        await opened(server, tmp_path, port=sshd_mod.free_port())
    assert time.monotonic() - t0 < 2


async def test_silent_server_times_out(server, tmp_path):
    # Accepts TCP but never speaks SSH: connect_timeout must bound the wait.
    with socket.socket() as mute:
        mute.bind(("127.0.0.1", 0))
        mute.listen(1)
        t0 = time.monotonic()
        with pytest.raises(BackendUnavailable) as e:
            await opened(server, tmp_path, port=mute.getsockname()[1], connect_timeout=0.5)
        assert time.monotonic() - t0 < 4
        assert "127.0.0.1" in str(e.value)


# -- one connection, reconnect ------------------------------------------------------------------

async def test_one_connection_for_commands_background_and_files(backend):
    # Every session of one connection is a child of that connection's sshd process.
    conn = backend._conn
    seen = set()
    for _ in range(10):
        r = await backend.run('echo "$PPID"')
        seen.add(r.output.strip())
    pid = await backend.start_background('echo "bg $PPID"; sleep 30')
    await backend.write_bytes("f.txt", b"x")
    assert await backend.read_bytes("f.txt") == b"x"
    for _ in range(100):
        if "bg " in backend.processes.log(pid):
            break
        await asyncio.sleep(0.02)
    seen.add(backend.processes.log(pid).split("bg ", 1)[1].strip())
    await backend.processes.kill(pid)
    assert len(seen) == 1 and backend._conn is conn


async def test_reconnects_after_server_drops_connection(backend):
    before = (await backend.run('echo "$PPID"')).output.strip()
    conn = backend._conn
    # Kill this connection's sshd process: the command running over it sees the failure.
    r = await backend.run("sleep 0.1; kill -9 $PPID; sleep 30", timeout=20)
    assert r.exit_code == 255 and "connection lost" in r.output, r
    r = await backend.run('echo "$PPID"; pwd')
    after, cwd = r.output.splitlines()
    assert r.exit_code == 0 and after != before and cwd == backend.start_dir
    assert backend._conn is not conn and conn.is_closed()
    await asyncio.sleep(0.3)  # the cut-off command's group is killed after reconnecting
    assert "sleep 30" not in (await backend.run("ps -eo args")).output
    await backend.write_bytes("after.txt", b"ok")  # SFTP reopened on the new connection too
    assert await backend.read_bytes("after.txt") == b"ok"


async def test_reconnects_after_client_side_drop(backend):
    await backend.run("export KEEP=1")
    old = (await backend.run('echo "$SSH_CONNECTION"')).output.strip()
    backend._conn.abort()
    await asyncio.sleep(0.05)
    r = await backend.run('echo "[$KEEP]"; echo "$SSH_CONNECTION"')
    assert r.exit_code == 0 and "[1]" in r.output  # session state lives on the host
    # Exported variables carry over, but not the ones that describe the old connection.
    new = r.output.splitlines()[1]
    assert old and new and new != old


# -- files --------------------------------------------------------------------------------------

async def test_files_over_sftp(backend, server):
    calls = []
    real_raw = backend._raw

    async def counting_raw(script, **kw):
        calls.append(script)
        return await real_raw(script, **kw)

    backend._raw = counting_raw
    blob = os.urandom(300_000)
    await backend.write_bytes("deep/er/blob.bin", blob)
    assert await backend.read_bytes(f"{backend.cwd}/deep/er/blob.bin") == blob
    assert calls == []  # no shell commands: SFTP only
    backend._raw = real_raw
    r = await backend.run("sha256sum deep/er/blob.bin; ls -a deep/er")
    assert hashlib.sha256(blob).hexdigest() in r.output
    assert ".hermes-" not in r.output  # the temp file was renamed over the target
    await backend.run("printf 'from shell' > s.txt; chmod 750 s.txt")
    assert await backend.read_bytes("s.txt") == b"from shell"
    await backend.write_bytes("s.txt", b"replaced")
    r = await backend.run("cat s.txt; echo; stat -c %a s.txt")
    assert r.output.split() == ["replaced", "750"]  # replaced atomically, mode kept
    with pytest.raises(ValueError):
        await backend.read_bytes("deep/er/blob.bin", max_bytes=1000)
    with pytest.raises(FileNotFoundError):
        await backend.read_bytes("nope")
    with pytest.raises(IsADirectoryError):
        await backend.read_bytes("deep")


# -- workspace ----------------------------------------------------------------------------------

async def test_close_removes_fresh_workdir_unless_kept(server, tmp_path):
    b = await opened(server, tmp_path)
    wd = b.start_dir
    assert wd.startswith(str(server.dir / "home" / "hermes-workspaces")) and os.path.isdir(wd)
    await b.run("echo data > kept.txt")
    await b.close()
    assert not os.path.exists(wd)
    with pytest.raises(RuntimeError):
        await b.run("true")

    b = await opened(server, tmp_path, keep_workspace=True)
    wd = b.start_dir
    await b.run("echo data > kept.txt")
    await b.close()
    assert (Path(wd) / "kept.txt").read_text() == "data\n"


async def test_configured_workdir_is_used_and_kept(server, tmp_path):
    b = await opened(server, tmp_path, workdir="~/project")
    assert b.start_dir == str(server.dir / "home" / "project")
    assert (await b.run("pwd")).output.strip() == b.start_dir
    await b.close()
    assert os.path.isdir(server.dir / "home" / "project")


async def test_warm_echo_latency(backend):
    for _ in range(5):
        await backend.run("echo warm")
    times = []
    for _ in range(50):
        t0 = time.perf_counter()
        r = await backend.run("echo hi")
        times.append(time.perf_counter() - t0)
        assert r.output == "hi\n"
    median = statistics.median(times) * 1000
    print(f"ssh warm echo round trip: median {median:.1f} ms")
    assert median < 100  # goal <= 15 ms on an idle machine; generous for loaded CI
