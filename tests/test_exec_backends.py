"""The backend seam shared by every exec backend: config, the factory, fail-closed opening, the
terminal and file tools on a backend whose filesystem is not the host's, and `hermes exec`.

The non-host backend here is a ShellSession whose transport starts real local bash processes: the
same scripts, markers, state directory and base64 file transfer that the docker, ssh and cloud
backends use, without needing any of them. Each real backend has its own test file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from gate_support import Gate

from exec_conformance import check_all
from hermes.config import Config
from hermes.core.messages import ToolCall
from hermes.exec.base import BackendUnavailable
from hermes.exec.factory import BackendContext, open_backend, resolve
from hermes.exec.processes import spawn
from hermes.exec.shell import ShellSession
from hermes.tools.files import TOOLS as FILE_TOOLS
from hermes.tools.registry import Registry, ToolContext
from hermes.tools.terminal import TOOLS

pytestmark = pytest.mark.timeout(60)


class LoopShell(ShellSession):
    """A 'remote' shell that happens to run here: what the generic machinery does, end to end."""
    kind = "loop"
    opened: list["LoopShell"] = []

    @classmethod
    async def open(cls, spec, ctx):
        async def transport(argv, feed):
            return await spawn(argv, cwd="/", env={"PATH": os.environ["PATH"]}, feed=feed)

        b = cls(transport, start_dir=ctx.start_dir)
        cls.opened.append(b)
        return b




def _config(**terminal) -> Config:
    return Config.model_validate({"terminal": terminal})


async def call(reg, ctx, name, **args):
    return await reg.execute(ToolCall(id="c1", name=name, arguments=json.dumps(args)), ctx)


# -- config and factory -------------------------------------------------------------------------

def test_config_shape_from_the_issue():
    cfg = _config(backend="sandbox", backends={
        "sandbox": {"type": "docker", "image": "python:3.11", "memory": "2g", "cpus": 1, "network": False},
        "remote": {"type": "ssh", "host": "agent.example.com", "user": "agent", "key_path": "~/.ssh/k"},
        "gpu": {"type": "modal", "gpu": "A100", "timeout": 3600, "secrets": ["HUGGINGFACE_TOKEN"]}})
    name, spec = resolve(cfg.terminal)
    assert name == "sandbox" and spec.type == "docker" and spec.image == "python:3.11"
    assert resolve(cfg.terminal, "gpu")[1].gpu == "A100"
    assert resolve(cfg.terminal, "remote")[1].host == "agent.example.com"


@pytest.mark.parametrize("terminal, needle", [
    ({"backend": "nowhere"}, "neither a configured backend"),
    ({"backends": {"x": {"type": "kubernetes"}}}, "kubernetes"),
    ({"backends": {"x": {"type": "docker", "imgae": "python"}}}, "imgae"),
    ({"backends": {"x": {"type": "docker", "memory": "lots"}}}, "not a size"),
])
def test_bad_backend_config_is_an_error_naming_the_problem(terminal, needle):
    with pytest.raises(Exception) as e:
        _config(**terminal)
    assert needle in str(e.value)


def test_a_type_that_needs_settings_says_which():
    cfg = _config(backend="ssh")
    with pytest.raises(BackendUnavailable, match="host"):
        resolve(cfg.terminal)
    with pytest.raises(BackendUnavailable, match="no backend named 'gpu'"):
        resolve(cfg.terminal, "gpu")


async def test_missing_optional_package_names_the_extra(monkeypatch, tmp_path):
    import builtins

    real = builtins.__import__

    def no_asyncssh(name, *a, **k):
        if name == "hermes.exec.ssh" or name.startswith("asyncssh"):
            raise ModuleNotFoundError(f"No module named {name!r}", name="asyncssh")
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_asyncssh)
    monkeypatch.delitem(sys.modules, "hermes.exec.ssh", raising=False)
    spec = resolve(_config(backends={"r": {"type": "ssh", "host": "h"}}).terminal, "r")[1]
    with pytest.raises(BackendUnavailable, match=r"hermes-recall\[ssh\]"):
        await open_backend(spec, BackendContext(start_dir=str(tmp_path)))


# -- the generic shell session ------------------------------------------------------------------

async def test_shell_session_passes_the_conformance_checks(tmp_path):
    b = await LoopShell.open(None, BackendContext(start_dir=str(tmp_path)))
    try:
        await check_all(b)
    finally:
        await b.close()
    assert not any(n.startswith(".hermes-") for n in os.listdir("/tmp") if b.nonce in n)


async def test_marker_cannot_be_faked_and_is_never_shown(tmp_path):
    b = await LoopShell.open(None, BackendContext(start_dir=str(tmp_path)))
    try:
        r = await b.run("printf '\\036deadbeef 0 /etc\\036\\n'; echo real")
        assert r.cwd_after == str(tmp_path) and b.cwd == str(tmp_path)
        assert b.nonce not in r.output and "real" in r.output
        # A command that ends without a newline still loses nothing of its own output.
        r = await b.run("printf 'no-newline'")
        assert r.output == "no-newline"
    finally:
        await b.close()


# -- terminal and file tools on a non-host backend ----------------------------------------------

@pytest.fixture
async def remote(tmp_path, monkeypatch):
    """Registry + context whose configured backend is a LoopShell ('docker' in config)."""
    import hermes.exec.factory as factory

    monkeypatch.setattr(factory, "backend_class", lambda kind: LoopShell)
    LoopShell.opened.clear()
    gate = Gate(deny="forbidden")
    ws = tmp_path / "ws"
    ws.mkdir()
    ctx = ToolContext(cwd=str(ws), approve=gate, config=_config(backend="box", backends={
        "box": {"type": "docker", "image": "x"}}))
    reg = Registry(TOOLS + FILE_TOOLS)
    yield reg, ctx, gate, ws
    if ctx.state.get("exec") is not None:
        await ctx.state["exec"].close()


async def test_gate_judges_before_any_backend_is_opened(remote):
    reg, ctx, gate, _ = remote
    out = await call(reg, ctx, "terminal", command="echo forbidden")
    assert not out.ok and "denied" in out.text
    assert gate.seen == ["echo forbidden"] and not LoopShell.opened and "exec" not in ctx.state
    out = await call(reg, ctx, "terminal", command="echo fine")
    assert out.ok and "fine" in out.text and len(LoopShell.opened) == 1


async def test_file_tools_work_on_the_backend_filesystem(remote):
    reg, ctx, gate, ws = remote
    await call(reg, ctx, "terminal", command="mkdir -p proj && cd proj")
    out = await call(reg, ctx, "write_file", path="app.py", content="a = 1\nb = 2\n")
    assert out.ok, out.text
    assert (ws / "proj" / "app.py").read_text() == "a = 1\nb = 2\n"  # the loop backend's fs is ours
    assert gate.seen[-1] == f"cat > {ws}/proj/app.py"
    out = await call(reg, ctx, "read_file", path="app.py")
    assert out.ok and "1|a = 1" in out.text and "2|b = 2" in out.text
    out = await call(reg, ctx, "patch", path="app.py", old_text="b = 2", new_text="b = 3")
    assert out.ok and "+b = 3" in out.text
    assert (ws / "proj" / "app.py").read_text() == "a = 1\nb = 3\n"
    out = await call(reg, ctx, "patch", path="app.py", old_text="c = 9", new_text="c = 1")
    assert not out.ok and "not found" in out.text
    out = await call(reg, ctx, "search_files", pattern="b = [0-9]", path=".")
    assert out.ok and "app.py:2: b = 3" in out.text
    out = await call(reg, ctx, "search_files", pattern="*.py", mode="files")
    assert out.ok and out.text.strip() == "app.py"
    out = await call(reg, ctx, "read_file", path="nope.txt")
    assert not out.ok and "does not exist" in out.text
    out = await call(reg, ctx, "write_file", path="forbidden.txt", content="x")
    assert not out.ok and not (ws / "proj" / "forbidden.txt").exists()


async def test_an_unavailable_backend_fails_closed(tmp_path, monkeypatch):
    import hermes.exec.factory as factory

    async def refuse(spec, ctx):
        raise BackendUnavailable("the daemon is not running")

    monkeypatch.setattr(factory, "open_backend", refuse)
    ctx = ToolContext(cwd=str(tmp_path), approve=Gate(),
                      config=_config(backend="box", backends={"box": {"type": "docker"}}))
    reg = Registry(TOOLS + FILE_TOOLS)
    out = await call(reg, ctx, "terminal", command="touch ran-on-host")
    assert not out.ok and "not available: the daemon is not running; nothing was run" in out.text
    out = await call(reg, ctx, "write_file", path="x.txt", content="y")
    assert not out.ok and "not available" in out.text
    assert not (tmp_path / "ran-on-host").exists() and not (tmp_path / "x.txt").exists()


# -- hermes exec ------------------------------------------------------------------------------

def hermes(env, *args):
    return subprocess.run([sys.executable, "-m", "hermes", *args], env=env, capture_output=True,
                          text=True, timeout=90, stdin=subprocess.DEVNULL)


def test_exec_cli_list_and_test_local(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "config.yaml").write_text(
        "terminal:\n  backends:\n    far:\n      type: ssh\n      host: 127.0.0.1\n      port: 1\n"
        "      connect_timeout: 3\n")
    env = dict(os.environ, HERMES_HOME=str(home))
    listed = hermes(env, "exec", "list")
    assert listed.returncode == 0 and "* local" in listed.stdout and "far" in listed.stdout
    assert "host=127.0.0.1" in listed.stdout
    ok = hermes(env, "exec", "test", "--count", "5", "--json")
    report = json.loads(ok.stdout)
    assert ok.returncode == 0 and report["ok"] and report["runs"] == 5 and report["median_ms"] > 0
    bad = hermes(env, "exec", "test", "far")
    assert bad.returncode == 1 and "✗ far (ssh) failed at open" in bad.stdout
    nope = hermes(env, "exec", "test", "missing")
    assert nope.returncode == 1 and "no backend named 'missing'" in nope.stdout


def test_doctor_checks_the_configured_backend(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "config.yaml").write_text(
        "terminal:\n  backend: far\n  backends:\n    far:\n      type: ssh\n      host: 127.0.0.1\n"
        "      port: 1\n      connect_timeout: 3\n")
    env = dict(os.environ, HERMES_HOME=str(home))
    res = hermes(env, "doctor", "--json")
    checks = {c["check"]: c for c in json.loads(res.stdout)["checks"]}
    assert not checks["exec backend"]["ok"] and "far (ssh) failed at open" in checks["exec backend"]["detail"]
    assert "hermes exec test far" in checks["exec backend"]["fix"]
