"""The bubblewrap sandbox backend, with the real /usr/bin/bwrap."""

from __future__ import annotations

import asyncio
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import pytest

from exec_conformance import check_all
from hermes.exec.base import BackendUnavailable
from hermes.exec.factory import BackendContext, open_backend
from hermes.exec.sandbox import SandboxBackend, mount_plan
from hermes.exec.specs import SandboxSpec
from hermes.testing.sandboxes import host_processes, loopback_listener

pytestmark = [pytest.mark.timeout(60),
              pytest.mark.skipif(shutil.which("bwrap") is None,
                                 reason="bubblewrap is not installed (apt-get install bubblewrap)")]


@pytest.fixture
def outside():
    """A directory outside /tmp (which is a fresh tmpfs inside), so hiding is really tested."""
    d = Path(tempfile.mkdtemp(prefix="hermes-sbx-test-", dir="/var/tmp"))
    yield d
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
def workspace(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    return ws


async def opened(spec: SandboxSpec, ws: Path, **ctx) -> SandboxBackend:
    return await open_backend(spec, BackendContext(start_dir=str(ws), **ctx))


@pytest.fixture
async def sandbox(workspace):
    b = await opened(SandboxSpec(), workspace)
    yield b
    await b.close()


async def test_conformance(sandbox):
    assert isinstance(sandbox, SandboxBackend) and sandbox.kind == "sandbox"
    assert sandbox.cwd == str(sandbox.start_dir)
    await check_all(sandbox)


async def test_host_is_read_only_workspace_writable(sandbox, workspace):
    r = await sandbox.run("touch /etc/hermes-sbx-x; touch \"$HOME/hermes-sbx-x\"; "
                          "echo in > inside.txt && echo wrote")
    assert r.output.count("Read-only file system") == 2, r.output
    assert not Path("/etc/hermes-sbx-x").exists()
    assert not (Path.home() / "hermes-sbx-x").exists()
    assert "wrote" in r.output and (workspace / "inside.txt").read_text() == "in\n"
    # Root inside must not be able to undo the read-only mounts.
    r = await sandbox.run("mount -o remount,rw / && echo REMOUNTED; grep CapEff /proc/self/status")
    assert "REMOUNTED" not in r.output and "0000000000000000" in r.output, r.output


async def test_extra_writable_dir(workspace, tmp_path):
    extra = tmp_path / "extra"
    extra.mkdir()
    b = await opened(SandboxSpec(writable=[str(extra)]), workspace)
    try:
        r = await b.run(f"echo x > {extra}/made && cat {extra}/made")
        assert r.exit_code == 0 and (extra / "made").read_text() == "x\n"
        await b.write_bytes(str(extra / "via-api"), b"ok")
        assert (extra / "via-api").read_bytes() == b"ok"
    finally:
        await b.close()


async def test_network_off_by_default_and_on_when_asked(workspace):
    probe = ("python3 -c \"import socket,sys; s=socket.socket(); s.settimeout(2); "
             "r=s.connect_ex(('127.0.0.1', {port})); print('connect', r); sys.exit(r != 0)\"")
    with loopback_listener() as port:
        off = await opened(SandboxSpec(), workspace)
        on = await opened(SandboxSpec(network=True), workspace)
        try:
            r = await off.run(probe.format(port=port))
            assert r.exit_code == 1 and "connect 0" not in r.output, r.output
            r = await on.run(probe.format(port=port))
            assert r.exit_code == 0 and "connect 0" in r.output, r.output
        finally:
            await off.close()
            await on.close()


async def test_own_pid_namespace(sandbox):
    r = await sandbox.run("echo pid=$$; ls /proc | grep -c '^[0-9]'")
    lines = r.output.split()
    assert int(lines[0].removeprefix("pid=")) < 10 and int(lines[1]) < 10, r.output


async def test_kill_reaches_everything_on_the_host(sandbox):
    """Checked on the host: a `ps` in a fresh sandbox sees only its own PID namespace."""
    r = await sandbox.run("(sleep 317; echo late) & setsid sleep 318 & sleep 319", timeout=1.0)
    assert r.timed_out
    # A command that exits normally takes its `&` children with it (the namespace ends).
    r = await sandbox.run("sleep 321 & echo done")
    assert "done" in r.output
    pid = await sandbox.start_background("setsid sleep 322 & sleep 323")
    await asyncio.sleep(0.3)
    assert host_processes("sleep 323")
    await sandbox.processes.kill(pid)
    await asyncio.sleep(0.3)
    for n in (317, 318, 319, 321, 322, 323):
        assert not host_processes(f"sleep {n}"), n


async def test_hidden_dirs(workspace, outside):
    secret_dir = outside / "creds"
    secret_dir.mkdir()
    (secret_dir / "id_rsa").write_text("PRIVATE KEY")
    home = outside / "hermes-home"
    home.mkdir()
    (home / ".env").write_text("OPENAI_API_KEY=sk-test\n")
    inner = workspace / ".secrets"  # a hidden dir inside the writable workspace stays hidden
    inner.mkdir()
    (inner / "token").write_text("t0k3n")
    (workspace / "link").symlink_to(secret_dir / "id_rsa")
    b = await opened(SandboxSpec(hide=[str(secret_dir), str(inner)]), workspace, home=home)
    try:
        r = await b.run(f"ls -A {secret_dir} {home} {inner}; cat {secret_dir}/id_rsa link; "
                        f"cat {home}/.env; echo end")
        assert "PRIVATE" not in r.output and "sk-test" not in r.output and "t0k3n" not in r.output
        assert "id_rsa" not in r.output.split("cat")[0] and "end" in r.output, r.output
        for p in (secret_dir / "id_rsa", home / ".env", inner / "token", "link", ".secrets/token"):
            with pytest.raises(PermissionError):
                await b.read_bytes(str(p))
        with pytest.raises(PermissionError):
            await b.write_bytes(str(inner / "new"), b"x")
        assert not (inner / "new").exists()
    finally:
        await b.close()


async def test_file_transfer_follows_sandbox_rules(sandbox, workspace):
    with pytest.raises(PermissionError):
        await sandbox.write_bytes("/etc/hermes-sbx-x", b"x")
    with pytest.raises(PermissionError):
        await sandbox.write_bytes("../escape.txt", b"x")
    assert not (workspace.parent / "escape.txt").exists()
    (workspace / "out").symlink_to("/etc")
    with pytest.raises(PermissionError):
        await sandbox.write_bytes("out/hermes-sbx-x", b"x")
    with pytest.raises(PermissionError):  # the host's /proc is not the sandbox's
        await sandbox.read_bytes("/proc/1/environ")
    assert b"root" in await sandbox.read_bytes("/etc/passwd")  # the host is readable
    (workspace / "script.sh").write_text("echo hi\n")
    (workspace / "script.sh").chmod(0o755)
    await sandbox.write_bytes("script.sh", b"echo replaced\n")
    assert (workspace / "script.sh").stat().st_mode & 0o777 == 0o755
    r = await sandbox.run("./script.sh")
    assert r.output.strip() == "replaced"


async def test_secrets_scrubbed(workspace, monkeypatch):
    monkeypatch.setenv("HERMES_SBX_API_KEY", "sk-should-not-leak")
    monkeypatch.setenv("CUSTOM_DOTENV_NAME", "also-secret")
    monkeypatch.setenv("HERMES_SBX_PLAIN", "visible")
    b = await opened(SandboxSpec(), workspace, secret_names=frozenset({"CUSTOM_DOTENV_NAME"}))
    try:
        r = await b.run("env")
        assert "HERMES_SBX_PLAIN=visible" in r.output
        assert "sk-should-not-leak" not in r.output and "also-secret" not in r.output
    finally:
        await b.close()


async def test_missing_bwrap(workspace, tmp_path, monkeypatch):
    with pytest.raises(BackendUnavailable, match="bwrap"):
        await opened(SandboxSpec(bwrap=str(tmp_path / "no-such-bwrap")), workspace)
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    with pytest.raises(BackendUnavailable, match="bubblewrap.*bwrap.*not found"):
        await opened(SandboxSpec(), workspace)


async def test_no_user_namespaces_is_explained(workspace, tmp_path):
    fake = tmp_path / "bwrap"
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to creating new namespace, likely "
                    "because the kernel does not allow non-privileged user namespaces.' >&2\n"
                    "exit 1\n")
    fake.chmod(0o755)
    before = set(Path(tempfile.gettempdir()).glob("hermes-sandbox-*"))
    with pytest.raises(BackendUnavailable, match="user namespaces are unavailable"):
        await opened(SandboxSpec(bwrap=str(fake)), workspace)
    assert set(Path(tempfile.gettempdir()).glob("hermes-sandbox-*")) <= before  # nothing left


def test_mount_order():
    plan = mount_plan(["/home/u", "/home/u/.hermes/workspaces/s"], ["/home/u/.ssh", "/home/u/.hermes"])
    assert plan == [("/home/u", "rw"), ("/home/u/.hermes", "hide"), ("/home/u/.ssh", "hide"),
                    ("/home/u/.hermes/workspaces/s", "rw")]
    assert mount_plan(["/a"], ["/a"]) == [("/a", "rw"), ("/a", "hide")]  # hide wins


async def test_echo_latency(sandbox):
    for _ in range(3):
        await sandbox.run("echo warm")
    times = []
    for _ in range(20):
        t = time.perf_counter()
        r = await sandbox.run("echo hi")
        times.append(time.perf_counter() - t)
        assert r.output == "hi\n"
    # Generous bound for loaded CI machines; typically ~20 ms here.
    assert statistics.median(times) < 0.25
