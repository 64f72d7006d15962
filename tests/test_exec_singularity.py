"""The singularity (Apptainer / SingularityCE) backend.

Neither CLI can be installed here (not in Debian 12, not on PyPI or npm), so most tests run the
backend through a FAKE `apptainer` written into a temp PATH dir (hermes.testing.sandboxes): it
records its argv and runs the trailing `SHELL -c SCRIPT` locally in the --pwd dir. That exercises
everything up to the CLI boundary: the exact argv, the persistent shell, timeouts and kills of the
local process group, file transfer, background processes. The live test runs only where a real
`apptainer` or `singularity` is on PATH (image: $HERMES_TEST_APPTAINER_IMAGE, default
docker://python:3.11-slim).
"""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import pytest

from exec_conformance import check_all
from hermes.exec.base import BackendUnavailable
from hermes.exec.factory import BackendContext, open_backend
from hermes.exec.singularity import SingularityBackend, exec_prefix
from hermes.exec.specs import SingularitySpec
from hermes.testing.sandboxes import fake_calls, host_processes, write_fake_apptainer

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def fake_bin(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    write_fake_apptainer(bin_dir)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    return bin_dir


@pytest.fixture
def image(tmp_path):
    sif = tmp_path / "tools.sif"
    sif.write_bytes(b"not really an image: the fake CLI never reads it")
    return sif


@pytest.fixture
def ctx(tmp_path):
    return BackendContext(start_dir=str(tmp_path), session_id="s1", home=tmp_path / "home")


async def close_and_clean(b: SingularityBackend) -> None:
    await b.close()
    # The fake has no contained /tmp: the shell's state dir landed on the host's.
    shutil.rmtree(b.state_dir, ignore_errors=True)


def test_exact_argv():
    argv = exec_prefix("/usr/bin/apptainer", image="/img/t.sif", workspace="/h/ws",
                       workdir="/workspace", private="/tmp/p", network=False)
    assert argv == ["/usr/bin/apptainer", "exec", "--containall", "--cleanenv", "--no-home",
                    "--no-privs", "--workdir", "/tmp/p", "--bind", "/h/ws:/workspace", "--pwd",
                    "/workspace", "--net", "--network", "none", "/img/t.sif"]
    argv = exec_prefix("singularity", image="docker://alpine", workspace="/h/ws",
                       workdir="/w", private="/tmp/p", network=True)
    assert "--net" not in argv and "--network" not in argv and argv[-1] == "docker://alpine"


async def test_conformance_through_fake_cli(fake_bin, image, tmp_path, ctx):
    ws = tmp_path / "ws"
    ws.mkdir()
    # The fake runs on the host, so the workspace is "bound" at its own path.
    spec = SingularitySpec(image=str(image), workspace=str(ws), workdir=str(ws))
    b = await open_backend(spec, ctx)
    try:
        assert isinstance(b, SingularityBackend) and b.kind == "singularity" and b.cwd == str(ws)
        await check_all(b)
        r = await b.run("echo hi")
        assert r.output == "hi\n" and r.exit_code == 0
        # Checked on the host, with sleeps no other test uses: the kill reaches the whole tree.
        r = await b.run("(sleep 331; echo late) & setsid sleep 332 & sleep 333", timeout=1.0)
        assert r.timed_out
        await asyncio.sleep(0.3)
        assert not any(host_processes(f"sleep {n}") for n in (331, 332, 333))
    finally:
        await close_and_clean(b)
    calls = fake_calls(fake_bin)
    assert len(calls) > 20
    for call in calls:
        assert call[:4] == ["exec", "--containall", "--cleanenv", "--no-home"]
        assert call[call.index("--bind") + 1] == f"{ws}:{ws}"
        assert call[call.index("--network") + 1] == "none"
        assert call[-4] == str(image) and call[-3:-1] == ["bash", "-c"]
    assert ws.is_dir()  # a configured workspace is the user's: never removed
    assert not os.path.exists(b.private)


async def test_fresh_workspace_removed_unless_kept(fake_bin, image, ctx, tmp_path):
    for keep in (False, True):
        spec = SingularitySpec(image=str(image), keep_workspace=keep)
        b = await open_backend(spec, ctx)
        ws = Path(b.workspace)
        assert ws.parent == ctx.home / "workspaces" and ws.is_dir()
        assert b.cwd == "/workspace"  # the default workdir inside
        await close_and_clean(b)
        assert ws.exists() is keep


async def test_network_flag_and_binary_choice(tmp_path, image, ctx, monkeypatch):
    bin_dir = tmp_path / "bin"
    write_fake_apptainer(bin_dir, name="singularity")
    monkeypatch.setenv("PATH", str(bin_dir) + ":/usr/bin:/bin")
    ws = tmp_path / "ws"
    ws.mkdir()
    # auto finds singularity when apptainer is absent
    b = await open_backend(SingularitySpec(image=str(image), workspace=str(ws), workdir=str(ws),
                                           network=True), ctx)
    try:
        assert b.prefix[0] == str(bin_dir / "singularity")
        await b.run("true")
    finally:
        await close_and_clean(b)
    assert all("--net" not in c for c in fake_calls(bin_dir, "singularity"))
    with pytest.raises(BackendUnavailable, match="`apptainer` command"):
        await open_backend(SingularitySpec(image=str(image), binary="apptainer"), ctx)


async def test_env_is_scrubbed_for_the_cli(fake_bin, image, tmp_path, ctx, monkeypatch):
    monkeypatch.setenv("HERMES_SING_API_KEY", "sk-not-for-the-cli")
    monkeypatch.setenv("APPTAINER_BIND", "/:/host")  # would widen the container
    monkeypatch.setenv("APPTAINERENV_LEAK", "injected")
    monkeypatch.setenv("APPTAINER_CACHEDIR", str(tmp_path / "cache"))
    ws = tmp_path / "ws"
    ws.mkdir()
    b = await open_backend(SingularitySpec(image=str(image), workspace=str(ws), workdir=str(ws)), ctx)
    try:
        r = await b.run("env")
        assert "sk-not-for-the-cli" not in r.output and "PAGER=cat" in r.output
        assert "APPTAINER_BIND" not in r.output and "injected" not in r.output
        assert f"APPTAINER_CACHEDIR={tmp_path / 'cache'}" in r.output
    finally:
        await close_and_clean(b)


async def test_missing_cli_names_both(tmp_path, image, ctx, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-here"))
    with pytest.raises(BackendUnavailable) as e:
        await open_backend(SingularitySpec(image=str(image)), ctx)
    msg = str(e.value)
    assert "apptainer" in msg and "singularity" in msg and "https://" in msg


async def test_missing_image_and_failing_probe(fake_bin, tmp_path, ctx):
    with pytest.raises(BackendUnavailable, match="does not exist"):
        await open_backend(SingularitySpec(image=str(tmp_path / "nope.sif")), ctx)
    # A CLI that refuses to run fails the open with its own words, leaving nothing behind.
    (fake_bin / "apptainer").write_text("#!/bin/sh\necho 'FATAL: image is corrupt' >&2\nexit 255\n")
    before = set(os.listdir(ctx.workspace_root()))
    with pytest.raises(BackendUnavailable, match="image is corrupt"):
        await open_backend(SingularitySpec(image="docker://alpine"), ctx)
    assert set(os.listdir(ctx.workspace_root())) == before


@pytest.mark.skipif(not (shutil.which("apptainer") or shutil.which("singularity")),
                    reason="neither apptainer nor singularity is installed (they cannot be "
                           "installed on this Debian 12 machine)")
async def test_live(tmp_path):
    image = os.environ.get("HERMES_TEST_APPTAINER_IMAGE", "docker://python:3.11-slim")
    ctx = BackendContext(start_dir=str(tmp_path), home=tmp_path / "home")
    b = await open_backend(SingularitySpec(image=image), ctx)
    try:
        await check_all(b)
        r = await b.run("python3 -c \"import socket; socket.create_connection(('1.1.1.1', 53), 2)\"")
        assert r.exit_code != 0  # no network by default
    finally:
        await b.close()
