"""The `hermes` command as a user runs it: real subprocesses, a temp HERMES_HOME, and the scripted
OpenAI-compatible HTTP server as the model."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hermes.testing.fake_openai import start_server


@pytest.fixture
def server():
    handle, url = start_server()
    yield url
    handle.stop() if hasattr(handle, "stop") else handle.close()


def hermes(home: Path, *args: str, env_extra: dict | None = None, input: str | None = None,
           timeout: float = 60):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("OPENAI_", "HERMES_", "ANTHROPIC_", "OPENROUTER_"))}
    env.update({"HERMES_HOME": str(home), **(env_extra or {})})
    return subprocess.run([sys.executable, "-m", "hermes.cli.main", *args], env=env, input=input,
                          capture_output=True, text=True, timeout=timeout)


def post_script(url: str, steps: list[dict]) -> None:
    import httpx

    httpx.post(url.rsplit("/v1", 1)[0] + "/_script", json=steps).raise_for_status()


def test_chat_q_demo_model_says_so(tmp_path):
    r = hermes(tmp_path, "chat", "--provider", "demo", "-q", "hello there")
    assert r.returncode == 0, r.stderr
    assert "hello there" in r.stdout
    assert "demo model" in r.stderr and "hermes model" in r.stderr


def _local_model_installed() -> bool:
    import importlib.util

    if importlib.util.find_spec("llama_cpp") is None:
        return False
    from hermes.models.local import default_model_path

    return default_model_path() is not None


def test_chat_q_with_nothing_configured_uses_the_offline_model_and_says_so(tmp_path):
    """No key, no config, no network: the embedded model answers if installed, else the demo model."""
    r = hermes(tmp_path, "chat", "-q", "Say hello in one short sentence.", timeout=240)
    assert r.returncode == 0, r.stderr
    assert "hermes model" in r.stderr  # how to configure a real model
    if _local_model_installed():
        assert "tiny offline model" in r.stderr
        assert r.stdout.strip() and "Say hello in one short sentence." not in r.stdout  # a model, not an echo
        listed = json.loads(hermes(tmp_path, "sessions", "list", "--json").stdout)
        assert listed[0]["model"] == "smollm2-135m-instruct"
    else:
        assert "demo model" in r.stderr and "Say hello in one short sentence." in r.stdout


def test_model_list_in_a_fresh_home_lists_the_offline_models(tmp_path):
    """Nothing configured: `model list` shows what runs offline and how to add a provider."""
    r = hermes(tmp_path, "model", "list")
    assert r.returncode == 0, r.stderr
    assert "hermes model set PROVIDER MODEL" in r.stdout
    rows = json.loads(hermes(tmp_path, "model", "list", "--json").stdout)
    ids = [row["id"] for row in rows]
    assert "demo" in ids
    if _local_model_installed():
        assert rows[0] == {**rows[0], "id": "smollm2-135m-instruct", "provider": "local"}
        assert rows[0]["path"].endswith(".gguf")
    else:
        assert "hermes-recall[local]" in r.stdout


def test_model_list_names_the_configured_gguf(tmp_path):
    gguf = tmp_path / "My-Model.Q4.gguf"
    gguf.write_bytes(b"GGUF")
    (tmp_path / "config.yaml").write_text(f"model: {{provider: local, path: {gguf}}}\n")
    rows = json.loads(hermes(tmp_path, "model", "list", "--json").stdout)
    if _local_model_installed():
        assert rows[0]["id"] == "my-model.q4" and rows[0]["path"] == str(gguf)
    assert rows[-1]["id"] == "demo"


def test_chat_q_with_tool_call_against_http_model(tmp_path, server):
    post_script(server, [
        {"tool_calls": [{"name": "terminal", "arguments": {"command": "echo cli-shell-ok"}}]},
        {"text": "All done.", "chunks": 2}])
    env = {"OPENAI_BASE_URL": server, "HERMES_MODEL": "scripted"}
    r = hermes(tmp_path, "chat", "-Q", "-q", "run it", env_extra=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "All done."  # -Q prints only the answer
    out = hermes(tmp_path, "sessions", "list", "--json", env_extra=env)
    sid = json.loads(out.stdout)[0]["id"]
    show = hermes(tmp_path, "sessions", "show", sid, env_extra=env)
    assert "cli-shell-ok" in show.stdout
    # --resume continues the same session
    r = hermes(tmp_path, "chat", "-Q", "-q", "and again", "--resume", sid, env_extra=env)
    assert r.returncode == 0 and r.stdout.strip() == "and again"
    found = hermes(tmp_path, "sessions", "search", "cli-shell-ok", "--json", env_extra=env)
    assert sid in found.stdout


def test_failure_exit_code_and_clear_error(tmp_path, server):
    post_script(server, [{"error": {"status": 401, "message": "bad key"}}])
    env = {"OPENAI_BASE_URL": server, "HERMES_MODEL": "scripted", "OPENAI_API_KEY": "sk-secret-value-123"}
    r = hermes(tmp_path, "chat", "-Q", "-q", "hi", env_extra=env)
    assert r.returncode == 1
    assert "auth" in r.stderr and "Traceback" not in r.stderr
    assert "sk-secret-value-123" not in r.stderr + r.stdout


def test_unreachable_endpoint_is_one_clear_line(tmp_path):
    env = {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "HERMES_MODEL": "m"}
    (tmp_path / "config.yaml").write_text("model:\n  max_retries: 0\n")
    r = hermes(tmp_path, "chat", "-Q", "-q", "hi", env_extra=env)
    assert r.returncode == 1 and "connection" in r.stderr and "Traceback" not in r.stderr


def test_broken_config_names_key_and_line(tmp_path):
    (tmp_path / "config.yaml").write_text("model:\n  provder: x\nagent:\n  max_turns: lots\n")
    r = hermes(tmp_path, "chat", "-q", "hi")
    assert r.returncode == 1
    assert "line 2: model.provder: unknown key" in r.stderr
    assert "line 4: agent.max_turns" in r.stderr and "Traceback" not in r.stderr
    (tmp_path / "config.yaml").write_text("model: [unclosed\n")
    r = hermes(tmp_path, "config", "show")
    assert r.returncode == 1 and "not valid YAML" in r.stderr


def test_config_set_get_and_secrets_masked(tmp_path):
    assert hermes(tmp_path, "config", "set", "agent.max_turns", "12").returncode == 0
    assert hermes(tmp_path, "config", "get", "agent.max_turns").stdout.strip() == "12"
    bad = hermes(tmp_path, "config", "set", "--", "agent.max_turns", "-3")
    assert bad.returncode == 1 and "max_turns" in bad.stderr
    assert hermes(tmp_path, "config", "get", "agent.max_turns").stdout.strip() == "12"  # unchanged
    hermes(tmp_path, "config", "set", "OPENROUTER_API_KEY", "sk-or-very-secret-1234567")
    shown = hermes(tmp_path, "config", "show")
    assert "OPENROUTER_API_KEY" in shown.stdout and "sk-or-very-secret-1234567" not in shown.stdout
    assert oct((tmp_path / ".env").stat().st_mode & 0o777) == "0o600"


def test_model_set_switches_without_restart(tmp_path, server):
    r = hermes(tmp_path, "model", "set", "custom", "scripted", "--base-url", server)
    assert r.returncode == 0, r.stderr
    r = hermes(tmp_path, "chat", "-Q", "-q", "switched")
    assert r.returncode == 0 and r.stdout.strip() == "switched"
    assert hermes(tmp_path, "model", "set", "nope", "x").returncode == 1


def test_profiles_are_separate_homes(tmp_path):
    hermes(tmp_path, "-p", "work", "config", "set", "agent.max_turns", "7")
    assert (tmp_path / "profiles" / "work" / "config.yaml").exists()
    assert hermes(tmp_path, "config", "get", "agent.max_turns").stdout.strip() == "90"
    assert hermes(tmp_path, "-p", "work", "config", "get", "agent.max_turns").stdout.strip() == "7"
    assert hermes(tmp_path, "-p", "../x", "config", "show").returncode == 1


def test_doctor_reports_problems_with_fixes(tmp_path):
    env = {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "HERMES_MODEL": "m"}
    r = hermes(tmp_path, "doctor", "--json", env_extra=env)
    report = json.loads(r.stdout)
    assert r.returncode == 1 and not report["ok"]
    endpoint = next(c for c in report["checks"] if c["check"] == "endpoint")
    assert not endpoint["ok"] and endpoint["fix"]


def test_setup_non_interactive(tmp_path, server):
    r = hermes(tmp_path, "setup", "-y", "--provider", "custom", "--model", "scripted",
               "--base-url", server, "--threshold", "0.7")
    assert r.returncode == 0, r.stdout + r.stderr
    assert hermes(tmp_path, "config", "get", "compression.threshold").stdout.strip() == "0.7"


def test_approvals_check_runs_nothing(tmp_path):
    marker = tmp_path / "m"
    r = hermes(tmp_path, "approvals", "check", f"rm -rf {marker} && touch {marker}", "--json")
    verdict = json.loads(r.stdout)
    assert verdict["level"] == "dangerous" and not marker.exists()
