"""`hermes memory provider list|set|test|flush|off` and the doctor's check, through typer's
CliRunner on a temp HERMES_HOME with an in-test provider module standing in for a service."""

from __future__ import annotations

import json
import time

import pytest
import yaml
from typer.testing import CliRunner

from hermes.cli import memory_provider
from hermes.cli.common import Runtime, set_runtime
from hermes.cli.memory import app
from hermes.home import Home
from hermes.memory.provider import ProviderScope, TurnRecord
from hermes.memory.provider_runtime import queue_for

from memory_provider_support import install

runner = CliRunner()
KEY = "sk-live-0123456789abcdefghijklmnop"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "home"))
    set_runtime(Runtime())
    yield Home(tmp_path / "home").ensure()
    set_runtime(Runtime())


def run(*args: str):
    set_runtime(Runtime())  # each command reads config.yaml afresh, as a new process would
    return runner.invoke(app, ["provider", *args])


def config(home: Home) -> dict:
    return yaml.safe_load(home.config_file.read_text(encoding="utf-8"))


def test_set_list_off(home, monkeypatch):
    r = run("set", "mem0", "-o", "base_url=http://user:hunter2@localhost:8000", "-o", "top_k=5",
            "-o", f"MEM0_API_KEY={KEY}", "-o", "auth_token=tok-abcdefghijklmnopqrstuv")
    assert r.exit_code == 0, r.output
    assert "Memory provider: mem0" in r.output and KEY not in r.output
    mem = config(home)["memory"]
    assert mem["provider"] == "mem0"
    assert mem["providers"]["mem0"] == {"base_url": "http://user:hunter2@localhost:8000", "top_k": 5,
                                        "auth_token": "tok-abcdefghijklmnopqrstuv"}
    assert f"MEM0_API_KEY={KEY}" in home.env_file.read_text(encoding="utf-8")

    r = run("list")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert any(line.startswith("* mem0") for line in lines)
    assert any(line.startswith("  honcho") for line in lines) and any("supermemory" in line for line in lines)
    assert "hunter2" not in r.output and "tok-abcdefghijklmnopqrstuv" not in r.output
    assert "top_k: 5" in r.output and "active: mem0" in r.output

    data = json.loads(run("list", "--json").output)
    assert data["active"] == "mem0" and [p["name"] for p in data["providers"]] == ["honcho", "mem0", "supermemory"]

    r = run("off")
    assert r.exit_code == 0 and "off (was mem0)" in r.output
    mem = config(home)["memory"]
    assert mem["provider"] is None and mem["providers"]["mem0"]["top_k"] == 5  # settings kept


def test_set_rejects_unknown_and_says_how_to_install(home, monkeypatch):
    r = run("set", "zep")
    assert r.exit_code == 1 and "one of: honcho, mem0, supermemory" in r.output
    monkeypatch.setitem(memory_provider.SDK_MODULES, "honcho", "no_such_sdk_for_hermes_tests")
    r = run("set", "honcho")
    assert r.exit_code == 0
    assert "pip install 'hermes-recall[honcho]'" in r.output
    assert "not installed (pip install 'hermes-recall[honcho]')" in run("list").output


def test_test_command_round_trip(home, monkeypatch):
    fake = install(monkeypatch)
    run("set", "mem0")
    r = run("test")
    assert r.exit_code == 0, r.output
    assert "✓ check: fake service" in r.output and "✓ sync" in r.output and "✓ prefetch" in r.output
    # the round trip used a throwaway scope, never the owner's
    keys = {k for _, k in fake.calls}
    assert len(keys) == 1 and ProviderScope("owner").key not in keys
    assert fake.closed
    data = json.loads(run("test", "--json").output)
    assert data["ok"] and [s["step"] for s in data["steps"]] == ["check", "sync", "prefetch"]


def test_test_command_fails_with_reason(home, monkeypatch):
    fake = install(monkeypatch)
    fake.down = True
    run("set", "mem0")
    r = run("test")
    assert r.exit_code == 1
    assert "✗ check: ConnectionError: connection refused" in r.output and "failed" in r.output
    fake.down = False
    fake.delay = 0.3
    run("set", "mem0", "-o", "x=1")
    from hermes.config import set_value

    set_value(home, "memory.provider_timeout", "0.1")
    r = run("test")
    assert r.exit_code == 0 and "over memory.provider_timeout (0.1 s)" in r.output


def test_test_command_missing_sdk(home, monkeypatch):
    install(monkeypatch, missing="mem0ai")
    run("set", "mem0")
    r = run("test")
    assert r.exit_code == 1 and "pip install 'hermes-recall[mem0]'" in r.output


def test_flush_delivers_queue_and_requeues_failed(home, monkeypatch):
    fake = install(monkeypatch)
    run("set", "mem0")
    q = queue_for(home, "mem0")
    for text in ("one", "two"):
        q.append(TurnRecord(ProviderScope("owner"), text, "ok", time.time()))
    r = run("flush")
    assert r.exit_code == 0 and "Delivered 2; 0 waiting, 0 failed." in r.output
    assert fake.stored[ProviderScope("owner").key] == ["one", "two"]
    # a record moved aside earlier comes back with --failed
    rec = q.append(TurnRecord(ProviderScope("owner"), "three", "ok", time.time()))
    q.settle(set(), {rec.id: (5, "HTTP 422")}, {rec.id})
    assert len(q) == 0 and len(q.failed()) == 1
    r = run("flush", "--failed")
    assert r.exit_code == 0 and "1 failed turn(s) put back" in r.output
    assert fake.stored[ProviderScope("owner").key] == ["one", "two", "three"]


def test_doctor_checks_the_active_provider(home, monkeypatch):
    from hermes.cli.main import _register, app as main_app

    fake = install(monkeypatch)
    run("set", "mem0")
    _register()
    set_runtime(Runtime())
    r = runner.invoke(main_app, ["doctor", "--json"])
    checks = {c["check"]: c for c in json.loads(r.output)["checks"]}
    assert checks["memory provider mem0"]["ok"] and "fake service" in checks["memory provider mem0"]["detail"]
    assert checks["memory provider mem0 queue"]["ok"]

    fake.down = True
    q = queue_for(home, "mem0")
    rec = q.append(TurnRecord(ProviderScope("owner"), "bad", "x", time.time()))
    q.settle(set(), {rec.id: (5, "HTTP 422")}, {rec.id})
    set_runtime(Runtime())
    r = runner.invoke(main_app, ["doctor", "--json"])
    assert r.exit_code == 1
    checks = {c["check"]: c for c in json.loads(r.output)["checks"]}
    prov = checks["memory provider mem0"]
    assert not prov["ok"] and "connection refused" in prov["detail"] and "MEM0_API_KEY" in prov["fix"]
    assert not checks["memory provider mem0 queue"]["ok"]
    assert "1 refused" in checks["memory provider mem0 queue"]["detail"]
