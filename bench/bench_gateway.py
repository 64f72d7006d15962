"""The chat gateway under load: `hermes gateway run` (a real subprocess, the demo model, which echoes)
against the Telegram Bot API emulator on loopback.

Phases:
  latency  one message at a time: receive-to-send time per message (the demo model takes ~0 s, so
           this is the gateway's overhead: long poll wake-up, python-telegram-bot, the core, the agent
           loop, the store, the outbox, sendMessage)
  load     N chats at once, each sending M messages: every message answered exactly once?
  sessions K distinct chats, one message each: the gateway's RSS (current and peak) after it
  restart  the load phase again, the gateway stopped (SIGTERM, or kill -9 with --kill) when about half
           the replies are out and started again: still every message answered exactly once?

    python bench/bench_gateway.py                  # 200 chats x 5, 1,000 sessions
    python bench/bench_gateway.py --chats 50 --messages 2 --sessions 200 --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from hermes.testing.telegram_api import TelegramAPI


def start_gateway(env: dict[str, str], platforms: tuple[str, ...] = ("telegram",)) -> subprocess.Popen:
    """`hermes gateway run` as a subprocess, once every named platform reports itself connected."""
    err = open(Path(env["HERMES_HOME"]).parent / "gateway.stderr", "a")  # a pipe nobody reads would fill up
    proc = subprocess.Popen([sys.executable, "-m", "hermes", "gateway", "run", "--no-cron"], env=env,
                            stdout=subprocess.DEVNULL, stderr=err, text=True)
    status = Path(env["HERMES_HOME"]) / "gateway" / "status.json"
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            data = json.loads(status.read_text())
            if data.get("pid") == proc.pid and all(data["platforms"][n]["connected"] for n in platforms):
                return proc
        except (OSError, ValueError, KeyError):
            pass
        if proc.poll() is not None:
            raise SystemExit(f"gateway exited: {Path(err.name).read_text()[-1500:]}")
        time.sleep(0.05)
    raise SystemExit("the gateway did not connect within 90 s")


def stop_gateway(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(60)
    except subprocess.TimeoutExpired:
        proc.kill()


def rss(pid: int) -> tuple[float, float]:
    """(current, peak) resident memory of a process, MiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        k, _, v = line.partition(":")
        fields[k] = v
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def replies(api: TelegramAPI, chats: list[int]) -> Counter:
    c: Counter = Counter()
    for chat in chats:
        for m in api.sent(chat):
            c[(chat, m.text)] += 1
    return c


def wait_all(api: TelegramAPI, want: dict[tuple[int, str], int], timeout: float) -> float:
    t0 = time.time()
    chats = sorted({c for c, _ in want})
    while time.time() - t0 < timeout:
        got = replies(api, chats)
        if all(got[k] >= 1 for k in want):
            return time.time() - t0
        time.sleep(0.1)
    missing = [k for k in want if replies(api, chats)[k] < 1]
    raise SystemExit(f"{len(missing)} messages never answered, e.g. {missing[:3]}")


def load(api: TelegramAPI, base: int, chats: int, messages: int, tag: str) -> dict[tuple[int, str], int]:
    want = {}
    for j in range(messages):  # round-robin: all chats are active at once
        for i in range(chats):
            chat = base + i
            text = f"{tag} chat {chat} message {j}"
            api.user_says(chat, chat, text)
            want[(chat, text)] = 1
    return want


def exactly_once(api: TelegramAPI, want: dict[tuple[int, str], int]) -> dict[str, int]:
    got = replies(api, sorted({c for c, _ in want}))
    return {"messages": len(want), "answered": sum(1 for k in want if got[k] >= 1),
            "twice_or_more": sum(1 for k in want if got[k] > 1), "lost": sum(1 for k in want if got[k] == 0)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--chats", type=int, default=200)
    ap.add_argument("--messages", type=int, default=5)
    ap.add_argument("--latency-samples", type=int, default=200)
    ap.add_argument("--sessions", type=int, default=1000)
    ap.add_argument("--kill", action="store_true", help="restart with kill -9 instead of SIGTERM")
    ap.add_argument("--json", help="write the figures here")
    args = ap.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="hermes-bench-gw-"))
    home = tmp / "home"
    home.mkdir()
    api = TelegramAPI().start()
    (home / "config.yaml").write_text(
        "model:\n  provider: demo\n  default: demo\nmemory:\n  review_interval: 0\n"
        "gateway:\n  platforms:\n    telegram:\n      allowed_users: ['*']\n      options:\n"
        f"        base_url: {api.base_url}\n        base_file_url: {api.base_file_url}\n        poll_timeout: 10\n")
    (home / ".env").write_text(f"TELEGRAM_BOT_TOKEN={api.token}\n")
    env = dict(os.environ, HERMES_HOME=str(home), XDG_STATE_HOME=str(tmp / "state"))
    out: dict = {"chats": args.chats, "messages_per_chat": args.messages}
    proc = start_gateway(env)
    try:
        # latency: one at a time, a fresh chat every 10 messages
        lat = []
        for n in range(args.latency_samples):
            chat = 1_000_000 + n // 10
            before = len(api.sent(chat))
            t0 = time.perf_counter()
            api.user_says(chat, chat, f"ping {n}")
            api.wait_sent(chat, before + 1, 30)
            lat.append((time.perf_counter() - t0) * 1000)
        out["latency_ms"] = {"median": round(statistics.median(lat), 1),
                             "p90": round(sorted(lat)[int(len(lat) * 0.9)], 1), "samples": len(lat)}
        print(f"latency: median {out['latency_ms']['median']} ms, p90 {out['latency_ms']['p90']} ms "
              f"over {len(lat)} messages (receive to send, model ~0 s)", flush=True)

        want = load(api, 1, args.chats, args.messages, "load")
        took = wait_all(api, want, 600)
        time.sleep(1.0)
        out["load"] = dict(exactly_once(api, want), seconds=round(took, 2),
                           per_second=round(len(want) / took, 1))
        print(f"load: {out['load']}", flush=True)

        for i in range(args.sessions):
            api.user_says(2_000_000 + i, 2_000_000 + i, f"hello {i}")
        wait_all(api, {(2_000_000 + i, f"hello {i}"): 1 for i in range(args.sessions)}, 600)
        cur, peak = rss(proc.pid)
        out["rss_mib"] = {"sessions_seen": args.sessions + args.chats + args.latency_samples // 10,
                          "current": round(cur, 1), "peak": round(peak, 1)}
        print(f"memory: {out['rss_mib']}", flush=True)

        want = load(api, 3_000_000, args.chats, args.messages, "restart")
        half = len(want) // 2
        while sum(replies(api, sorted({c for c, _ in want})).values()) < half:
            time.sleep(0.02)
        t0 = time.time()
        if args.kill:
            proc.kill()
        else:
            proc.send_signal(signal.SIGTERM)
        proc.wait(120)
        proc = start_gateway(env)
        out["restart_seconds"] = round(time.time() - t0, 2)
        wait_all(api, want, 600)
        time.sleep(2.0)
        out["restart"] = dict(exactly_once(api, want), how="kill -9" if args.kill else "SIGTERM")
        print(f"restart ({out['restart']['how']}, back in {out['restart_seconds']} s): {out['restart']}", flush=True)
    finally:
        stop_gateway(proc)
        api.stop()
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
