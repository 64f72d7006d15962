"""The modal and daytona backends, through fakes of their SDKs that run commands as local processes.

The fakes (hermes.testing.cloud_sandboxes) replace each backend's `_sdk()` seam and check call
arguments against the real SDK signatures. Live runs need the user's own token (MODAL_TOKEN_ID /
MODAL_TOKEN_SECRET or ~/.modal.toml; DAYTONA_API_KEY) and are checked with `hermes exec test modal`
/ `hermes exec test daytona`; no account is reachable from here.
"""

from __future__ import annotations

import os
import statistics
import time

import pytest

import exec_conformance
from hermes.exec import daytona_sandbox, modal_sandbox
from hermes.exec.base import BackendUnavailable
from hermes.exec.factory import BackendContext, open_backend
from hermes.exec.specs import DaytonaSpec, ModalSpec
from hermes.testing.cloud_sandboxes import FakeDaytona, FakeModal

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def fake_modal(tmp_path, monkeypatch):
    fake = FakeModal(tmp_path)
    monkeypatch.setattr(modal_sandbox, "_sdk", lambda: fake)
    yield fake
    fake.shutdown()


@pytest.fixture
def fake_daytona(tmp_path, monkeypatch):
    fake = FakeDaytona(tmp_path)
    monkeypatch.setattr(daytona_sandbox, "_sdk", lambda: fake)
    yield fake
    fake.shutdown()


def ctx_for(tmp_path, **secrets: str) -> BackendContext:
    return BackendContext(start_dir=str(tmp_path), secrets=secrets)


def modal_spec(tmp_path, **kw) -> ModalSpec:
    return ModalSpec(workdir=str(tmp_path / "ws"), **kw)


async def test_modal_conformance(fake_modal, tmp_path):
    b = await open_backend(modal_spec(tmp_path), ctx_for(tmp_path))
    try:
        await exec_conformance.check_all(b)
        assert len(fake_modal.sandboxes) == 1  # one sandbox for the whole session
        # The timeout was enforced on the sandbox, by signalling the command's process group.
        assert any("kill -15" in " ".join(argv) for argv in fake_modal.sandboxes[0].execs)
        assert ("write", str(tmp_path / "ws/nested/dir/blob.bin")) in fake_modal.sandboxes[0].fs_calls
    finally:
        await b.close()


async def test_daytona_conformance(fake_daytona, tmp_path):
    ctx = ctx_for(tmp_path, DAYTONA_API_KEY="dtn-test")
    b = await open_backend(DaytonaSpec(), ctx)
    try:
        await exec_conformance.check_all(b)
        assert len(fake_daytona.sandboxes) == 1
        sb = fake_daytona.sandboxes[0]
        assert b.start_dir == str(sb.machine.root)  # the sandbox's own work dir
        # Sessions are reused once their command ends, not one per command.
        assert len(sb.process.sessions) < 6
    finally:
        await b.close()


async def test_modal_lazy_create_and_reuse(fake_modal, tmp_path):
    b = await open_backend(modal_spec(tmp_path), ctx_for(tmp_path))
    assert fake_modal.sandboxes == [] and b.sandbox is None  # nothing created at open
    r = await b.run("echo one")
    assert r.output.strip() == "one" and len(fake_modal.sandboxes) == 1
    await b.run("echo two")
    await b.write_bytes("f.txt", b"x")
    assert len(fake_modal.sandboxes) == 1
    assert fake_modal.apps == [("hermes-agent", {"create_if_missing": True})]
    await b.close()


async def test_modal_resources_and_secrets_reach_create(fake_modal, tmp_path, monkeypatch):
    monkeypatch.setenv("HERMES_T_FROM_ENV", "env-value")
    spec = modal_spec(tmp_path, gpu="A10G", cpu=2.0, memory=4096, timeout=900, idle_timeout=120,
                      secrets=["HF_TOKEN", "HERMES_T_FROM_ENV"], image="python:3.12-slim")
    b = await open_backend(spec, ctx_for(tmp_path, HF_TOKEN="hf-secret"))
    r = await b.run("echo \"$HF_TOKEN/$HERMES_T_FROM_ENV\"")
    assert r.output.strip() == "hf-secret/env-value"
    kw = fake_modal.sandboxes[0].kwargs
    assert (kw["gpu"], kw["cpu"], kw["memory"], kw["timeout"], kw["idle_timeout"]) == \
        ("A10G", 2.0, 4096, 900, 120)
    assert kw["image"].tag == "python:3.12-slim" and kw["workdir"] == spec.workdir
    assert [s.env_dict for s in kw["secrets"]] == [{"HF_TOKEN": "hf-secret",
                                                   "HERMES_T_FROM_ENV": "env-value"}]
    await b.close()


async def test_daytona_resources_and_secrets_reach_create(fake_daytona, tmp_path):
    spec = DaytonaSpec(image="python:3.12", cpu=2, memory=4, disk=10, gpu=1, auto_stop_interval=30,
                       secrets=["HF_TOKEN"], target="eu", api_url="http://127.0.0.1:9/api")
    b = await open_backend(spec, ctx_for(tmp_path, DAYTONA_API_KEY="dtn-key", HF_TOKEN="hf-secret"))
    assert fake_daytona.sandboxes == []  # lazy
    r = await b.run("echo \"[$HF_TOKEN]\"")
    assert r.output.strip() == "[hf-secret]"
    params = fake_daytona.sandboxes[0].params
    assert params.image == "python:3.12" and params.auto_stop_interval == 30
    assert params.env_vars == {"HF_TOKEN": "hf-secret"}
    res = params.resources
    assert (res.cpu, res.memory, res.disk, res.gpu) == (2, 4, 10, 1)
    config = fake_daytona.configs[0]
    assert (config.api_key, config.target, config.api_url) == ("dtn-key", "eu", spec.api_url)
    await b.run("true")
    assert len(fake_daytona.sandboxes) == 1
    await b.close()


async def test_daytona_snapshot(fake_daytona, tmp_path):
    ctx = ctx_for(tmp_path, DAYTONA_API_KEY="k")
    for spec, snapshot in ((DaytonaSpec(snapshot="my-snap"), "my-snap"), (DaytonaSpec(), None)):
        b = await open_backend(spec, ctx)
        await b.run("true")
        params = fake_daytona.sandboxes[-1].params
        assert params.snapshot == snapshot and not hasattr(params, "image")
        await b.close()
    # Resources size image-built sandboxes only: refused up front, not silently dropped.
    with pytest.raises(BackendUnavailable, match="cpu.*image"):
        await open_backend(DaytonaSpec(snapshot="my-snap", cpu=4), ctx)


@pytest.mark.parametrize("kind", ["modal", "daytona"])
async def test_missing_secret_is_named_without_values(kind, fake_modal, fake_daytona, tmp_path):
    spec = modal_spec(tmp_path, secrets=["HF_TOKEN", "HERMES_T_ABSENT"]) if kind == "modal" \
        else DaytonaSpec(secrets=["HF_TOKEN", "HERMES_T_ABSENT"])
    ctx = ctx_for(tmp_path, DAYTONA_API_KEY="dtn-key-value", HF_TOKEN="hf-secret-value")
    with pytest.raises(BackendUnavailable) as err:
        await open_backend(spec, ctx)
    msg = str(err.value)
    assert "HERMES_T_ABSENT" in msg and "HF_TOKEN" not in msg
    assert "secret-value" not in msg and "key-value" not in msg


async def test_modal_no_token(tmp_path, monkeypatch):
    fake = FakeModal(tmp_path, token=False)
    monkeypatch.setattr(modal_sandbox, "_sdk", lambda: fake)
    for name in ("MODAL_TOKEN_ID", "MODAL_TOKEN_SECRET"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(BackendUnavailable, match="MODAL_TOKEN_ID.*MODAL_TOKEN_SECRET.*modal.toml"):
        await open_backend(modal_spec(tmp_path), ctx_for(tmp_path))
    assert fake.sandboxes == [] and fake.apps == []  # decided without the network
    # A token kept in HERMES_HOME/.env is enough: it reaches the SDK as an explicit client.
    b = await open_backend(modal_spec(tmp_path),
                           ctx_for(tmp_path, MODAL_TOKEN_ID="ak-x", MODAL_TOKEN_SECRET="as-x"))
    try:
        await b.run("true")
        assert fake.sandboxes[0].kwargs["client"].token_id == "ak-x"
    finally:
        await b.close()
        fake.shutdown()


async def test_modal_no_token_with_the_real_sdk(tmp_path, monkeypatch):
    from modal.config import config, user_config_path

    if os.path.exists(user_config_path):
        pytest.skip(f"{user_config_path} exists on this machine (a real token may be configured)")
    for name in ("MODAL_TOKEN_ID", "MODAL_TOKEN_SECRET", "MODAL_PROFILE"):
        monkeypatch.delenv(name, raising=False)
    assert config.get("token_id") is None
    with pytest.raises(BackendUnavailable, match="MODAL_TOKEN_ID"):
        await open_backend(modal_spec(tmp_path), ctx_for(tmp_path))


async def test_daytona_no_key(tmp_path, monkeypatch):
    monkeypatch.delenv("DAYTONA_API_KEY", raising=False)  # the real SDK: nothing is contacted
    with pytest.raises(BackendUnavailable, match="DAYTONA_API_KEY"):
        await open_backend(DaytonaSpec(), ctx_for(tmp_path))


async def test_modal_close_terminates_and_keep_keeps(fake_modal, tmp_path):
    b = await open_backend(modal_spec(tmp_path), ctx_for(tmp_path))
    await b.start_background("sleep 300")
    await b.run("true")
    await b.close()
    sb = fake_modal.sandboxes[0]
    assert sb.terminated and all(p.returncode is not None for p in sb.machine.procs)

    kept = await open_backend(modal_spec(tmp_path, keep_workspace=True), ctx_for(tmp_path))
    await kept.run("echo keep > k.txt")
    await kept.close()
    assert not fake_modal.sandboxes[1].terminated
    assert (tmp_path / "ws/k.txt").read_text() == "keep\n"
    with pytest.raises(RuntimeError):
        await kept.run("true")


async def test_modal_idle_stopped_sandbox_is_replaced(fake_modal, tmp_path):
    b = await open_backend(modal_spec(tmp_path), ctx_for(tmp_path))
    await b.run("mkdir -p sub && cd sub")
    fake_modal.sandboxes[0].machine.kill_all()  # what idle_timeout does on Modal
    r = await b.run("echo again; pwd")
    assert "again" in r.output and "this is a new one" in r.output and r.exit_code == 0
    assert len(fake_modal.sandboxes) == 2
    await b.close()
    assert fake_modal.sandboxes[1].terminated


async def test_daytona_auto_stopped_sandbox_restarts(fake_daytona, tmp_path):
    b = await open_backend(DaytonaSpec(), ctx_for(tmp_path, DAYTONA_API_KEY="k"))
    await b.run("mkdir -p sub && cd sub && echo kept > f.txt")
    sb = fake_daytona.sandboxes[0]
    await sb.stop()  # what auto_stop_interval does on Daytona
    r = await b.run("cat f.txt")
    assert r.output.strip() == "kept" and sb.starts == 1  # the same sandbox, files intact
    assert len(fake_daytona.sandboxes) == 1
    await b.close()


async def test_unused_backends_close_without_creating(fake_modal, fake_daytona, tmp_path):
    m = await open_backend(modal_spec(tmp_path), ctx_for(tmp_path))
    d = await open_backend(DaytonaSpec(), ctx_for(tmp_path, DAYTONA_API_KEY="k"))
    await m.close()
    await d.close()
    assert fake_modal.sandboxes == [] and fake_daytona.sandboxes == []


async def test_daytona_close_deletes_and_keep_keeps(fake_daytona, tmp_path):
    ctx = ctx_for(tmp_path, DAYTONA_API_KEY="k")
    b = await open_backend(DaytonaSpec(), ctx)
    await b.run("true")
    await b.close()
    assert fake_daytona.deleted == [fake_daytona.sandboxes[0]]
    assert fake_daytona.clients_closed == 1

    kept = await open_backend(DaytonaSpec(keep_workspace=True), ctx)
    await kept.run("echo keep > k.txt")
    await kept.close()
    sb = fake_daytona.sandboxes[1]
    assert sb not in fake_daytona.deleted and (sb.machine.root / "k.txt").exists()
    assert sb.process.sessions == set()  # its idle shells are closed


@pytest.mark.parametrize("kind", ["modal", "daytona"])
async def test_echo_latency(kind, fake_modal, fake_daytona, tmp_path):
    spec = modal_spec(tmp_path) if kind == "modal" else DaytonaSpec()
    b = await open_backend(spec, ctx_for(tmp_path, DAYTONA_API_KEY="k"))
    try:
        await b.run("echo warm")
        times = []
        for _ in range(30):
            t0 = time.perf_counter()
            r = await b.run("echo hi")
            times.append(time.perf_counter() - t0)
            assert r.output.strip() == "hi"
        median = statistics.median(times)
        print(f"{kind} (fake SDK) echo round trip: median {median * 1000:.1f} ms")
        assert median < 1.0
    finally:
        await b.close()
