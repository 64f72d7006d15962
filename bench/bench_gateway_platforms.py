"""Every platform at once: one `hermes gateway run` (a real subprocess, the demo model, which echoes)
serving Telegram, Discord, Slack (Socket Mode), WhatsApp, SMS, Signal and signed webhooks, each
against its emulator on loopback through the platform's own SDK.

Phases:
  latency  per platform, one message at a time: receive-to-send time (the model takes ~0 s, so this
           is the platform's overhead: its SDK, the transport, the core, the agent loop, the outbox)
  mixed    all platforms at once, U people per platform each sending M messages: every message
           answered exactly once? and the receive-to-send median per platform under that load

    python bench/bench_gateway_platforms.py                       # 40 people x 5 messages per platform
    python bench/bench_gateway_platforms.py --people 10 --messages 2 --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).parent))
from bench_gateway import start_gateway, stop_gateway  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Platform:
    """One platform's emulator and how a person on it writes and reads."""
    name = ""
    section: dict[str, Any] = {}
    secrets: dict[str, str] = {}

    def start(self) -> None: ...
    def stop(self) -> None: ...
    def chat(self, i: int) -> str: ...
    def say(self, i: int, text: str) -> None: ...
    def texts(self, i: int) -> list[str]: ...

    def wait(self, i: int, n: int, timeout: float) -> None:
        deadline = time.time() + timeout
        while len(self.texts(i)) < n:
            if time.time() > deadline:
                raise TimeoutError(f"{self.name} person {i}: {len(self.texts(i))} of {n} replies")
            time.sleep(0.0005)


class Telegram(Platform):
    name = "telegram"

    def start(self) -> None:
        from hermes.testing.telegram_api import TelegramAPI

        self.api = TelegramAPI().start()
        self.section = {"options": {"base_url": self.api.base_url, "base_file_url": self.api.base_file_url,
                                    "poll_timeout": 10}}
        self.secrets = {"TELEGRAM_BOT_TOKEN": self.api.token}

    def say(self, i: int, text: str) -> None:
        self.api.user_says(10_000 + i, 10_000 + i, text)

    def texts(self, i: int) -> list[str]:
        return [m.text for m in self.api.sent(10_000 + i)]

    def wait(self, i: int, n: int, timeout: float) -> None:
        self.api.wait_sent(10_000 + i, n, timeout)

    def stop(self) -> None:
        self.api.stop()


class Discord(Platform):
    name = "discord"

    def start(self) -> None:
        from hermes.testing.discord_api import DiscordAPI

        self.api = DiscordAPI().start()
        self.section = {"options": {"api_url": f"http://127.0.0.1:{self.api.port}/api/v10",
                                    "gateway_url": f"ws://127.0.0.1:{self.api.port}/gateway",
                                    "register_commands": False}}
        self.secrets = {"DISCORD_BOT_TOKEN": self.api.token}

    def say(self, i: int, text: str) -> None:
        self.api.message_in(f"5{i:015d}", f"6{i:015d}", text)

    def texts(self, i: int) -> list[str]:
        return [p["content"] for p in self.api.sent(f"5{i:015d}")]

    def wait(self, i: int, n: int, timeout: float) -> None:
        self.api.wait_sent(f"5{i:015d}", n, timeout)

    def stop(self) -> None:
        self.api.stop()


class Slack(Platform):
    name = "slack"

    def start(self) -> None:
        from hermes.testing.slack_api import APP_TOKEN, TOKEN, SlackAPI

        self.api = SlackAPI().start()
        self.section = {"options": {"base_url": self.api.base_url}}
        self.secrets = {"SLACK_BOT_TOKEN": TOKEN, "SLACK_APP_TOKEN": APP_TOKEN}

    def say(self, i: int, text: str) -> None:
        self.api.socket_event(f"D{i}", f"U{i}", text)

    def texts(self, i: int) -> list[str]:
        return [p["text"] for p in self.api.sent(f"D{i}")]

    def wait(self, i: int, n: int, timeout: float) -> None:
        self.api.wait_sent(f"D{i}", n, timeout)

    def stop(self) -> None:
        self.api.stop()


class WhatsApp(Platform):
    name = "whatsapp"

    def start(self) -> None:
        import httpx

        from hermes.testing.whatsapp_api import APP_SECRET, PHONE_ID, TOKEN, VERIFY, WhatsAppAPI

        self.api = WhatsAppAPI().start()
        port = free_port()
        self.url = f"http://127.0.0.1:{port}/whatsapp"
        self.section = {"options": {"listen": f"127.0.0.1:{port}", "phone_number_id": PHONE_ID,
                                    "graph_url": self.api.graph_url}}
        self.secrets = {"WHATSAPP_TOKEN": TOKEN, "WHATSAPP_APP_SECRET": APP_SECRET, "WHATSAPP_VERIFY_TOKEN": VERIFY}
        self.http = httpx.Client(timeout=30)

    def say(self, i: int, text: str) -> None:
        r = self.api.message_in(self.url, f"1555{i:07d}", text)
        assert r.status_code == 200, r.status_code

    def texts(self, i: int) -> list[str]:
        return [m["text"]["body"] for m in self.api.sent(f"1555{i:07d}")]

    def wait(self, i: int, n: int, timeout: float) -> None:
        self.api.wait_sent(f"1555{i:07d}", n, timeout)

    def stop(self) -> None:
        self.api.stop()


class Sms(Platform):
    name = "sms"

    def start(self) -> None:
        from hermes.testing.twilio_api import SID, TOKEN, TwilioAPI

        self.api = TwilioAPI().start()
        port = free_port()
        self.public = f"http://127.0.0.1:{port}/sms"
        self.section = {"options": {"listen": f"127.0.0.1:{port}", "public_url": self.public,
                                    "from_number": "+15550000000", "base_url": self.api.base_url}}
        self.secrets = {"TWILIO_ACCOUNT_SID": SID, "TWILIO_AUTH_TOKEN": TOKEN}

    def say(self, i: int, text: str) -> None:
        r = self.api.text_in(self.public, f"+1666{i:07d}", text)
        assert r.status_code == 200, r.status_code

    def texts(self, i: int) -> list[str]:
        return [m["body"] for m in self.api.sent(f"+1666{i:07d}")]

    def wait(self, i: int, n: int, timeout: float) -> None:
        self.api.wait_sent(f"+1666{i:07d}", n, timeout)

    def stop(self) -> None:
        self.api.stop()


class Signal(Platform):
    name = "signal"

    def start(self) -> None:
        from hermes.testing.signal_api import ACCOUNT, SignalAPI

        self.api = SignalAPI().start()
        self.section = {"options": {"url": f"http://127.0.0.1:{self.api.port}",
                                    "attachments_dir": str(self.api.data_dir / "attachments")}}
        self.secrets = {"SIGNAL_ACCOUNT": ACCOUNT}

    def say(self, i: int, text: str) -> None:
        self.api.deliver(f"+1777{i:07d}", text)

    def texts(self, i: int) -> list[str]:
        return [c.params.get("message", "") for c in self.api.sent(f"+1777{i:07d}")]

    def wait(self, i: int, n: int, timeout: float) -> None:
        self.api.wait_sent(f"+1777{i:07d}", n, timeout)

    def stop(self) -> None:
        self.api.stop()


class Webhook(Platform):
    """Synchronous: the answer comes back in the HTTP response."""
    name = "webhook"
    SECRET = "bench-webhook-secret-0123456789"

    def start(self) -> None:
        import httpx

        port = free_port()
        self.url = f"http://127.0.0.1:{port}/hooks/hermes"
        self.section = {"options": {"listen": f"127.0.0.1:{port}"}}
        self.secrets = {"WEBHOOK_SECRET": self.SECRET}
        self.got: dict[int, list[str]] = {}
        self.lock = threading.Lock()
        self.http = httpx.Client(timeout=120)

    def say(self, i: int, text: str) -> None:
        from hermes.gateway.platforms.webhook import sign

        raw = json.dumps({"id": f"evt-{time.time_ns()}-{i}", "sender": f"hook{i}", "text": text}).encode()
        stamp = str(int(time.time()))
        r = self.http.post(self.url, content=raw, headers={
            "X-Hermes-Timestamp": stamp, "X-Hermes-Signature": sign(self.SECRET, raw, stamp),
            "Content-Type": "application/json"})
        if r.status_code != 200:
            raise RuntimeError(f"webhook answered {r.status_code}: {r.text[:200]}")
        with self.lock:
            self.got.setdefault(i, []).append((r.json() or {}).get("reply") or "")

    def texts(self, i: int) -> list[str]:
        with self.lock:
            return list(self.got.get(i, []))


KINDS = [Telegram, Discord, Slack, WhatsApp, Sms, Signal, Webhook]


def timed(p: Platform, i: int, text: str, n_before: int) -> float:
    t0 = time.perf_counter()
    p.say(i, text)
    p.wait(i, n_before + 1, 60)
    return (time.perf_counter() - t0) * 1000


def summary(ms: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(ms), 1), "p90": round(sorted(ms)[int(len(ms) * 0.9)], 1),
            "samples": len(ms)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--people", type=int, default=40, help="people per platform in the mixed phase")
    ap.add_argument("--messages", type=int, default=5, help="messages per person in the mixed phase")
    ap.add_argument("--latency-samples", type=int, default=60)
    ap.add_argument("--only", nargs="*", help="platform names (default: all)")
    ap.add_argument("--json", help="write the figures here")
    args = ap.parse_args()

    plats = [k() for k in KINDS if not args.only or k.name in args.only]
    tmp = Path(tempfile.mkdtemp(prefix="hermes-bench-plat-"))
    home = tmp / "home"
    home.mkdir()
    for p in plats:
        p.start()
    cfg = {"model": {"provider": "demo", "default": "demo"}, "memory": {"review_interval": 0},
           "gateway": {"platforms": {p.name: dict(p.section, allowed_users=["*"]) for p in plats}}}
    (home / "config.yaml").write_text(yaml.safe_dump(cfg))
    (home / ".env").write_text("".join(f"{k}={v}\n" for p in plats for k, v in p.secrets.items()))
    env = dict(os.environ, HERMES_HOME=str(home), XDG_STATE_HOME=str(tmp / "state"))
    out: dict[str, Any] = {"platforms": [p.name for p in plats], "people": args.people, "messages": args.messages}
    proc = start_gateway(env, tuple(p.name for p in plats))
    try:
        out["latency_ms"] = {}
        for p in plats:
            ms = [timed(p, 100_000 + n // 10, f"ping {p.name} {n}", n % 10) for n in range(args.latency_samples)]
            out["latency_ms"][p.name] = summary(ms)
            print(f"latency {p.name:9s} median {out['latency_ms'][p.name]['median']:6.1f} ms, "
                  f"p90 {out['latency_ms'][p.name]['p90']:6.1f} ms", flush=True)

        lat: dict[str, list[float]] = {p.name: [] for p in plats}
        lock = threading.Lock()

        def person(p: Platform, i: int) -> None:
            for j in range(args.messages):
                ms = timed(p, i, f"mixed {p.name} {i} {j}", j)
                with lock:
                    lat[p.name].append(ms)

        t0 = time.time()
        threads = [threading.Thread(target=person, args=(p, i)) for p in plats for i in range(args.people)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        took = time.time() - t0
        time.sleep(1.5)
        counts = {"messages": 0, "answered_once": 0, "twice_or_more": 0, "lost": 0}
        for p in plats:
            for i in range(args.people):
                got = Counter(p.texts(i))
                for j in range(args.messages):
                    want = f"mixed {p.name} {i} {j}"
                    n = sum(c for t, c in got.items() if want in t)
                    counts["messages"] += 1
                    counts["answered_once" if n == 1 else "twice_or_more" if n > 1 else "lost"] += 1
        out["mixed"] = dict(counts, seconds=round(took, 2), per_second=round(counts["messages"] / took, 1),
                            latency_ms={n: summary(v) for n, v in lat.items()})
        print(f"mixed: {counts} in {took:.1f} s ({out['mixed']['per_second']}/s)", flush=True)
        for n, v in out["mixed"]["latency_ms"].items():
            print(f"  under load {n:9s} median {v['median']:6.1f} ms, p90 {v['p90']:6.1f} ms", flush=True)
    finally:
        stop_gateway(proc)
        for p in plats:
            p.stop()
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
