"""`hermes gateway setup|run|status|install|pair` as a user runs them: real subprocesses, a temp home,
the Telegram emulator on loopback, the demo model (it echoes)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
import yaml

pytest.importorskip("telegram", reason="python-telegram-bot is not installed (pip install -e '.[dev]')")

from hermes.testing.telegram_api import TelegramAPI  # noqa: E402


@pytest.fixture
def api():
    with TelegramAPI() as emulator:
        yield emulator


@pytest.fixture
def env(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "config.yaml").write_text("model:\n  provider: demo\n  default: demo\n")
    return dict(os.environ, HERMES_HOME=str(home), XDG_STATE_HOME=str(tmp_path / "state"),
                XDG_CONFIG_HOME=str(tmp_path / "xdg"))


def hermes(env, *args, timeout=60):
    return subprocess.run([sys.executable, "-m", "hermes", *args], env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def setup_args(api, token):
    return ["gateway", "setup", "telegram", "--secret", f"TELEGRAM_BOT_TOKEN={token}", "--allow", "7",
            "--option", f"base_url={api.base_url}", "--option", f"base_file_url={api.base_file_url}",
            "--option", "poll_timeout=1"]


def test_setup_checks_the_token_before_saving_anything(api, env):
    home = env["HERMES_HOME"]
    bad = hermes(env, *setup_args(api, "123456:wrong"))
    assert bad.returncode == 1 and "nothing was saved" in bad.stderr and "wrong" not in bad.stderr
    assert not os.path.exists(f"{home}/.env")
    good = hermes(env, *setup_args(api, api.token))
    assert good.returncode == 0, good.stderr
    assert "credentials ok (@hermes_test_bot)" in good.stdout
    assert f"TELEGRAM_BOT_TOKEN={api.token}" in open(f"{home}/.env").read()
    assert oct(os.stat(f"{home}/.env").st_mode & 0o777) == "0o600"
    cfg = yaml.safe_load(open(f"{home}/config.yaml"))["gateway"]["platforms"]["telegram"]
    assert cfg["allowed_users"] == ["7"] and cfg["options"]["base_url"] == api.base_url
    assert api.token not in open(f"{home}/config.yaml").read()
    status = hermes(env, "gateway", "status")
    assert "not running" in status.stdout and "telegram" in status.stdout


def _wait(pred, timeout=30.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if pred():
            return True
        time.sleep(0.1)
    return False


def test_run_answers_holds_the_token_lock_reports_status_and_stops_gracefully(api, env):
    assert hermes(env, *setup_args(api, api.token)).returncode == 0
    proc = subprocess.Popen([sys.executable, "-m", "hermes", "gateway", "run"], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        status_file = os.path.join(env["HERMES_HOME"], "gateway", "status.json")
        assert _wait(lambda: os.path.exists(status_file)
                     and json.load(open(status_file))["platforms"]["telegram"]["connected"]), proc.stderr
        api.user_says(7, 7, "hello from the phone")
        assert "hello from the phone" in api.wait_sent(7, 1, 20)[0].text
        second = hermes(env, "gateway", "run")  # same home and token: refused, never two answers
        assert second.returncode == 1 and "already served by another gateway" in second.stderr
        other_home = dict(env, HERMES_HOME=env["HERMES_HOME"] + "-2")
        os.makedirs(other_home["HERMES_HOME"])
        import shutil

        shutil.copy(os.path.join(env["HERMES_HOME"], "config.yaml"), other_home["HERMES_HOME"])
        shutil.copy(os.path.join(env["HERMES_HOME"], ".env"), other_home["HERMES_HOME"])
        third = hermes(other_home, "gateway", "run")  # another home, the same bot token: refused too
        assert third.returncode == 1 and "telegram account is already served" in third.stderr
        status = hermes(env, "gateway", "status")
        assert "Gateway: running" in status.stdout and "connected" in status.stdout
        log = os.path.join(env["HERMES_HOME"], "logs", "gateway.log")
        assert _wait(lambda: os.path.exists(log) and "telegram connected" in open(log).read())
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "gateway stopped" in err and api.token not in err + out
    assert "not running" in hermes(env, "gateway", "status").stdout


def test_install_writes_a_systemd_user_unit(env, tmp_path):
    printed = hermes(env, "gateway", "install", "--print")
    assert "ExecStart=" in printed.stdout and f"HERMES_HOME={env['HERMES_HOME']}" in printed.stdout
    done = hermes(env, "gateway", "install")
    unit = tmp_path / "xdg" / "systemd" / "user" / "hermes-gateway.service"
    assert done.returncode == 0 and unit.exists() and str(unit) in done.stdout
    assert "systemctl --user enable --now hermes-gateway.service" in done.stdout
    assert unit.read_text() == printed.stdout


def test_pair_commands_explain_themselves(env):
    assert "No pairing requests" in hermes(env, "gateway", "pair", "list").stdout
    bad = hermes(env, "gateway", "pair", "approve", "NOPE1234")
    assert bad.returncode == 1 and "no pending pairing code NOPE1234" in bad.stderr
    missing = hermes(env, "gateway", "run")
    assert missing.returncode == 1 and "hermes gateway setup telegram" in missing.stderr


def test_discord_setup_and_run_from_the_command_line(env):
    pytest.importorskip("discord", reason="discord.py is not installed (pip install -e '.[dev]')")
    pytest.importorskip("websockets", reason="the emulator's websocket needs websockets (pip install -e '.[dev]')")
    from hermes.testing.discord_api import DiscordAPI

    with DiscordAPI() as dc:
        args = ["gateway", "setup", "discord", "--allow", "6001", "--option",
                f"api_url=http://127.0.0.1:{dc.port}/api/v10", "--option", f"gateway_url=ws://127.0.0.1:{dc.port}/gateway"]
        bad = hermes(env, *args, "--secret", "DISCORD_BOT_TOKEN=wrong-token")
        assert bad.returncode == 1 and "token was refused" in bad.stderr and "wrong-token" not in bad.stderr
        good = hermes(env, *args, "--secret", f"DISCORD_BOT_TOKEN={dc.token}")
        assert good.returncode == 0 and "credentials ok (hermes" in good.stdout, good.stderr
        proc = subprocess.Popen([sys.executable, "-m", "hermes", "gateway", "run"], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        try:
            status_file = os.path.join(env["HERMES_HOME"], "gateway", "status.json")
            assert _wait(lambda: os.path.exists(status_file)
                         and json.load(open(status_file))["platforms"]["discord"]["connected"]), proc.stderr
            dc.message_in("5000000000000001", "6001", "hello from discord")
            assert "hello from discord" in dc.wait_sent("5000000000000001", 1, 20)[0]["content"]
            assert "discord" in hermes(env, "gateway", "status").stdout
        finally:
            proc.send_signal(signal.SIGTERM)
            out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        assert dc.token not in err + out
