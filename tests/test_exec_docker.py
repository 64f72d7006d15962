"""The docker backend against a private dockerd and a private podman store (real engines, started by
the fixtures), with a busybox image imported from a local rootfs."""

from __future__ import annotations

import json
import shutil
import statistics
import time

import pytest

from exec_conformance import check_all
from hermes.exec.base import BackendUnavailable
from hermes.exec.docker import LABEL, DockerBackend
from hermes.exec.factory import BackendContext, open_backend
from hermes.exec.specs import DockerSpec
from hermes.testing.containers import IMAGE, PODMAN_RUN_ARGS, DockerDaemon, PodmanStore, Unavailable

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def dockerd():
    try:
        with DockerDaemon() as d:
            yield d
    except Unavailable as e:
        pytest.skip(f"dockerd cannot start here: {e}")


@pytest.fixture(scope="module")
def podman():
    try:
        with PodmanStore() as p:
            yield p
    except Unavailable as e:
        pytest.skip(f"podman cannot run here: {e}")


@pytest.fixture
def ctx(tmp_path):
    return BackendContext(start_dir=str(tmp_path), session_id="t1", home=tmp_path / "home")


def docker_spec(d: DockerDaemon, **kw) -> DockerSpec:
    base = dict(image=IMAGE, shell="sh", engine="docker", memory="256m", cpus=0.5, pids=64,
                engine_args=["--host", d.env["DOCKER_HOST"]])
    return DockerSpec(**{**base, **kw})


def podman_spec(p: PodmanStore, **kw) -> DockerSpec:
    base = dict(image=IMAGE, shell="sh", engine="podman", memory="256m", cpus=0.5, pids=64,
                engine_args=p.engine_args, run_args=PODMAN_RUN_ARGS)
    return DockerSpec(**{**base, **kw})


def inspect(engine, name: str) -> dict:
    r = engine.cli("inspect", name, check=False)
    return json.loads(r.stdout)[0] if r.returncode == 0 else {}


async def test_conformance_docker(dockerd, ctx):
    b = await open_backend(docker_spec(dockerd), ctx)
    try:
        assert isinstance(b, DockerBackend) and b.kind == "docker" and not b.host_fs
        assert b._api is not None  # commands go straight to the daemon's socket, not the CLI
        await check_all(b)
    finally:
        await b.close()


async def test_conformance_docker_through_the_cli(dockerd, ctx):
    """Where the daemon is not on a local socket (a remote DOCKER_HOST), the CLI carries exec."""
    from exec_conformance import check_background, check_persistent_shell, check_timeout_kills_group

    b = await open_backend(docker_spec(dockerd), ctx)
    b._api = None
    try:
        for check in (check_persistent_shell, check_timeout_kills_group, check_background):
            await check(b)
    finally:
        await b.close()


def test_socket_path_from_host_option_or_environment(tmp_path):
    from hermes.exec.docker_api import socket_path

    sock = tmp_path / "d.sock"
    sock.touch()
    assert socket_path(["--host", f"unix://{sock}"], {}) == str(sock)
    assert socket_path([], {"DOCKER_HOST": f"unix://{sock}"}) == str(sock)
    assert socket_path([], {"DOCKER_HOST": "tcp://10.0.0.5:2376"}) is None
    assert socket_path(["--context", "remote"], {}) is None
    assert socket_path(["--host", f"unix://{tmp_path}/missing.sock"], {}) is None


async def test_conformance_podman(podman, ctx):
    b = await open_backend(podman_spec(podman), ctx)
    try:
        assert b.engine.name == "podman"
        await check_all(b)
        r = await b.run("id -u; cat /proc/net/dev")
        assert r.output.split()[0] == "1000" and "eth0" not in r.output
    finally:
        await b.close()
    assert inspect(podman, b.container) == {}


async def test_locked_down(dockerd, ctx, tmp_path):
    secret = tmp_path / "host-only.txt"
    secret.write_text("host secret")
    b = await DockerBackend.open(docker_spec(dockerd), ctx)
    try:
        info = inspect(dockerd, b.container)
        host = info["HostConfig"]
        assert host["Memory"] == 256 * 1024 * 1024 and host["MemorySwap"] == host["Memory"]
        assert host["NanoCpus"] == 500_000_000 and host["PidsLimit"] == 64
        assert host["NetworkMode"] == "none" and host["CapDrop"] == ["ALL"]
        assert "no-new-privileges" in host["SecurityOpt"]
        assert info["Config"]["Labels"][LABEL] == "1"
        assert [m["Destination"] for m in info["Mounts"]] == ["/workspace"]
        # ...and applied: the cgroup inside says the same.
        r = await b.run("cat /sys/fs/cgroup/memory/memory.limit_in_bytes "
                        "/sys/fs/cgroup/pids/pids.max 2>/dev/null "
                        "|| cat /sys/fs/cgroup/memory.max /sys/fs/cgroup/pids.max")
        assert r.output.split() == [str(256 * 1024 * 1024), "64"], r.output
        r = await b.run("id -u; id -g")
        assert r.output.split() == ["1000", "1000"]
        r = await b.run("ls /sys/class/net; cat /proc/net/dev")
        assert r.output.split()[0] == "lo" and "eth0" not in r.output, r.output
        r = await b.run(f"cat {secret} 2>&1; ls /; grep -c ' /workspace ' /proc/mounts")
        assert "host secret" not in r.output and "No such file" in r.output
        # Files written through the backend land in the host workspace.
        await b.write_bytes("out/report.txt", b"from hermes\n")
        assert (b.workspace / "out" / "report.txt").read_bytes() == b"from hermes\n"
        (b.workspace / "from-host.txt").write_text("hi")
        assert await b.read_bytes("/workspace/from-host.txt") == b"hi"
        # One warm round trip.
        times = []
        for _ in range(7):
            t0 = time.perf_counter()
            assert (await b.run("echo x")).output.strip() == "x"
            times.append(time.perf_counter() - t0)
        print(f"docker echo round trip median {statistics.median(times) * 1000:.0f} ms")
    finally:
        await b.close()
    assert inspect(dockerd, b.container) == {}
    assert not b.workspace.exists()


async def test_keep_workspace_and_host_dir(dockerd, ctx, tmp_path):
    b = await DockerBackend.open(docker_spec(dockerd, keep_workspace=True), ctx)
    await b.run("echo kept > k.txt")
    await b.close()
    assert (b.workspace / "k.txt").read_text() == "kept\n"
    assert inspect(dockerd, b.container) == {}
    # A host directory given as workspace is the user's: mounted, never removed.
    mine = tmp_path / "mine"
    mine.mkdir()
    mine.chmod(0o777)
    b = await DockerBackend.open(docker_spec(dockerd, workspace=str(mine), workdir="/w"), ctx)
    r = await b.run("pwd; echo there > t.txt")
    assert r.output.strip() == "/w"
    await b.close()
    assert (mine / "t.txt").read_text() == "there\n"


async def test_shared_container(dockerd, tmp_path):
    spec = docker_spec(dockerd, shared=True)
    c1 = BackendContext(start_dir=str(tmp_path), session_id="s1", home=tmp_path / "home")
    c2 = BackendContext(start_dir=str(tmp_path), session_id="s2", home=tmp_path / "home")
    a = await DockerBackend.open(spec, c1)
    b = await DockerBackend.open(spec, c2)
    try:
        assert a.container == b.container
        await a.run("echo shared > s.txt; export ONLY_A=1")
        r = await b.run("cat s.txt; echo \"[$ONLY_A]\"")
        assert "shared" in r.output and "[]" in r.output  # one container, separate sessions
        await a.close()
        assert inspect(dockerd, b.container)["State"]["Running"]
        assert (await b.run("echo still")).output.strip() == "still"
    finally:
        await b.close()
        dockerd.cli("rm", "-f", a.container, check=False)


async def test_dead_daemon_is_unavailable(ctx, tmp_path, monkeypatch):
    if shutil.which("docker") is None:
        pytest.skip("docker CLI not installed")
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/nothing.sock")
    t0 = time.monotonic()
    with pytest.raises(BackendUnavailable, match="docker info"):
        await open_backend(DockerSpec(image=IMAGE, engine="docker"), ctx)
    assert time.monotonic() - t0 < 10


async def test_missing_image_is_unavailable(dockerd, ctx):
    t0 = time.monotonic()
    with pytest.raises(BackendUnavailable, match="hermes-no-such-image"):
        await DockerBackend.open(docker_spec(dockerd, image="hermes-no-such-image:0"), ctx)
    with pytest.raises(BackendUnavailable, match="pull is off"):
        await DockerBackend.open(docker_spec(dockerd, image="hermes-no-such-image:0", pull=False),
                                 ctx)
    assert time.monotonic() - t0 < 20
    left = dockerd.cli("ps", "-aq", "--filter", "label=hermes.session=t1").stdout.split()
    assert left == []


async def test_missing_shell_is_unavailable(dockerd, ctx):
    with pytest.raises(BackendUnavailable, match="no `bash`"):
        await DockerBackend.open(docker_spec(dockerd, shell="bash"), ctx)
    ws = ctx.workspace_root()
    assert list(ws.iterdir()) == []  # nothing left behind
    assert dockerd.cli("ps", "-aq", "--filter", "label=hermes.session=t1").stdout.split() == []


async def test_auto_falls_back_to_podman(podman, ctx, tmp_path, monkeypatch):
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/nothing.sock")
    b = await open_backend(podman_spec(podman, engine="auto"), ctx)
    try:
        assert b.engine.name == "podman"
        assert (await b.run("echo via-podman")).output.strip() == "via-podman"
    finally:
        await b.close()
    assert not b.workspace.exists()


async def test_execute_code_in_a_container_calls_tools_back(dockerd, tmp_path):
    """The script runs in the container (no network), yet reaches the agent's tools through a socket
    in the mounted workspace. The image carries the host's python3 and the stdlib it needs."""
    import asyncio
    import json as _json

    from hermes.core.messages import ToolCall
    from hermes.tools.code_exec import TOOLS as CODE_TOOLS
    from hermes.tools.files import TOOLS as FILE_TOOLS
    from hermes.tools.registry import Registry, ToolContext

    try:
        await asyncio.to_thread(dockerd.import_image, "hermes-test-python:1", python=True)
    except (Unavailable, OSError) as e:
        pytest.skip(f"no python test image: {e}")
    bctx = BackendContext(start_dir=str(tmp_path), session_id="code", home=tmp_path / "home")
    backend = await DockerBackend.open(docker_spec(dockerd, image="hermes-test-python:1"), bctx)

    async def allow(command):
        return True, ""

    ctx = ToolContext(cwd=str(tmp_path), approve=allow)
    ctx.state["exec"] = backend
    reg = Registry(FILE_TOOLS + CODE_TOOLS)
    ctx.services["registry"] = reg
    code = ("import os, socket\nfrom hermes_tools import write_file, read_file\n"
            "write_file(path='made.txt', content='in a container')\n"
            "print(read_file(path='made.txt').splitlines()[-1], 'uid', os.getuid())\n"
            "print('interfaces', sorted(n for _, n in socket.if_nameindex()))\n")
    try:
        out = await reg.execute(ToolCall(id="c", name="execute_code",
                                         arguments=_json.dumps({"code": code})), ctx)
        assert out.ok, out.text
        assert "1|in a container uid 1000" in out.text and "interfaces ['lo']" in out.text
        assert "2 tool calls" in out.text
        assert (backend.workspace / "made.txt").read_text() == "in a container"
        assert not list(backend.workspace.glob(".hermes-tools-*"))  # the socket is gone after
    finally:
        await backend.close()
