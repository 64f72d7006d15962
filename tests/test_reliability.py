"""Many writers on one home, and a server killed mid-load: nothing acknowledged is ever lost.

Real processes throughout: `hermes chat -q` subprocesses, `hermes serve` as a user starts it, the
official openai client over loopback, SQLite on disk. The model is the in-package demo (scripted
echo), so the figures are about Hermes, not about a model.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from server_support import KEY, free_port, make_home

pytestmark = pytest.mark.timeout(600)

CLI_PROCS, CLI_TURNS = 4, 12  # each CLI turn is a whole process start (~0.8 s here)
API_SESSIONS, API_TURNS = 8, 50


def _hermes_exe() -> list[str]:
    exe = shutil.which("hermes")
    return [exe] if exe else [sys.executable, "-m", "hermes.cli.main"]


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("OPENAI_", "HERMES_", "ANTHROPIC_", "OPENROUTER_"))}
    env["HERMES_HOME"] = str(home)
    return env


def _demo_home(tmp_path: Path):
    return make_home(tmp_path, {"model": {"provider": "demo"}, "server": {"rate_limit_per_minute": 0}})


class Serve:
    """`hermes serve` in its own process group, so kill -9 takes nothing else with it."""

    def __init__(self, home: Path, port: int):
        self.port = port
        self.log = open(home / "serve.log", "ab")
        self.proc = subprocess.Popen([*_hermes_exe(), "serve", "--port", str(port), "--api-key", KEY],
                                     env=_env(home), stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"hermes serve did not start: {(home / 'serve.log').read_text()[-2000:]}")
            time.sleep(0.1)

    def kill9(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill9()
        self.log.close()


def _client(port: int):
    from openai import OpenAI

    return OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key=KEY, max_retries=0, timeout=60)


def _api_turns(port: int, sid: str, turns: int, stop: threading.Event | None = None,
               tag: str = "turn") -> list[str]:
    """Send turns in one session; return the texts whose answer came back (acknowledged)."""
    client, acked = _client(port), []
    for i in range(turns):
        if stop is not None and stop.is_set():
            break
        text = f"{sid} {tag} {i}"
        try:
            r = client.chat.completions.create(model="hermes", messages=[{"role": "user", "content": text}],
                                               extra_headers={"X-Hermes-Session-Id": sid})
        except Exception:
            if stop is not None:
                break  # the server died under us: what was not answered was not acknowledged
            raise
        assert text in (r.choices[0].message.content or "")  # the echo answered this very turn
        acked.append(text)
    return acked


def _cli_worker(home: Path, worker: int) -> list[str]:
    errors = []
    for i in range(CLI_TURNS):
        r = subprocess.run([*_hermes_exe(), "chat", "-Q", "-q", f"cli {worker} turn {i}"], env=_env(home),
                           capture_output=True, text=True, timeout=120)
        if r.returncode != 0 or f"cli {worker} turn {i}" not in r.stdout:
            errors.append(f"worker {worker} turn {i}: rc={r.returncode} {r.stderr[-300:]}")
    return errors


def _db(home: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{home / 'state.db'}?mode=ro", uri=True, timeout=30)


def test_cli_processes_and_the_api_server_share_one_home_and_lose_nothing(tmp_path):
    home = _demo_home(tmp_path).root
    serve = Serve(home, free_port())
    try:
        with ThreadPoolExecutor(CLI_PROCS + API_SESSIONS) as pool:
            cli = [pool.submit(_cli_worker, home, w) for w in range(CLI_PROCS)]
            api = [pool.submit(_api_turns, serve.port, f"api-{s}", API_TURNS) for s in range(API_SESSIONS)]
            errors = [e for f in cli for e in f.result()]
            acked = [t for f in api for t in f.result()]
    finally:
        serve.stop()
    assert errors == []
    assert len(acked) == API_SESSIONS * API_TURNS
    with _db(home) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        sessions = db.execute("SELECT source, count(*) FROM sessions GROUP BY source").fetchall()
        assert dict(sessions) == {"cli": CLI_PROCS * CLI_TURNS, "api": API_SESSIONS}
        # every turn stored whole: its user message and its answer
        assert db.execute("SELECT count(*) FROM messages").fetchone()[0] == \
            2 * (CLI_PROCS * CLI_TURNS + API_SESSIONS * API_TURNS)
        users = {r[0] for r in db.execute("SELECT content FROM messages WHERE role = 'user'")}
    assert {f"cli {w} turn {i}" for w in range(CLI_PROCS) for i in range(CLI_TURNS)} <= users
    assert set(acked) <= users


def test_kill_9_under_load_then_restart_keeps_every_acknowledged_turn(tmp_path):
    home = _demo_home(tmp_path).root
    port = free_port()
    serve = Serve(home, port)
    stop = threading.Event()
    try:
        with ThreadPoolExecutor(API_SESSIONS) as pool:
            futures = [pool.submit(_api_turns, port, f"load-{s}", 10_000, stop) for s in range(API_SESSIONS)]
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:  # let real load build up before the kill
                with _db(home) as db:
                    try:
                        if db.execute("SELECT count(*) FROM messages").fetchone()[0] >= 200:
                            break
                    except sqlite3.OperationalError:
                        pass
                time.sleep(0.2)
            serve.kill9()
            stop.set()
            acked = [t for f in futures for t in f.result()]
        assert len(acked) >= 50
        serve = Serve(home, port)  # same home, same port: a restart as systemd would do it
        with _db(home) as db:
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            users = {r[0] for r in db.execute("SELECT content FROM messages WHERE role = 'user'")}
            # no turn is half-stored: every stored user message has its answer after it
            orphans = db.execute("""SELECT count(*) FROM messages m WHERE role = 'user' AND NOT EXISTS
                                    (SELECT 1 FROM messages a WHERE a.session_id = m.session_id
                                     AND a.role = 'assistant' AND a.id > m.id)""").fetchone()[0]
        missing = [t for t in acked if t not in users]
        assert missing == [] and orphans == 0
        # the restarted server continues an interrupted session with its whole history
        sid = "load-0"
        more = _api_turns(port, sid, 1, tag="after-restart")
        r = httpx.get(f"http://127.0.0.1:{port}/api/sessions/{sid}/messages",
                      headers={"Authorization": f"Bearer {KEY}"}, timeout=30)
        assert r.status_code == 200, r.text
        assert more[0] in r.text and all(t in r.text for t in acked if t.startswith(f"{sid} "))
    finally:
        serve.stop()
