"""Throughput, latency and memory of `hermes serve` with a model that answers at once.

    python bench/bench_server.py [--turns 300] [--seconds 10] [--growth-turns 1000]

Two model stand-ins, each measured with its own server subprocess running the `serve` command:
"http": the scripted OpenAI-compatible HTTP server (`python -m hermes.testing.fake_openai`, echo
mode) with `model.provider: custom` pointed at it (end to end, including the provider client);
"inprocess": the in-process ScriptedModel (echo), which isolates the server's own cost. Without
fake_openai or the provider package only "inprocess" runs.

The load generator is a small keep-alive HTTP/1.1 client on asyncio streams, so the figures are
the server's and not an SDK's. Measured: median/p90 latency of sequential turns on one session,
requests/s with 16 sessions in parallel (one connection each), idle RSS of the server process,
and RSS growth over 1,000 turns in one session. Rate limiting is off (server.rate_limit_per_minute
0); everything else is the default configuration (learning pass included).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

KEY = "bench-key-Zq8vN3xL5pT2wR7k"
ROOT = Path(__file__).resolve().parent.parent

# Runs `serve` exactly as the CLI registers it; with --scripted the model is built in process.
LAUNCHER = """
import sys
scripted = sys.argv[1] == "--scripted"
args = sys.argv[2:]
if scripted:
    sys.path.insert(0, {tests!r})
    import server_support
    from hermes.testing import ScriptedModel
    import hermes.cli.chat as chat
    from hermes.cli.common import get_runtime
    from collections import deque
    model = ScriptedModel()
    model.requests = deque(maxlen=1)  # a real provider keeps no log of requests
    chat.make_hermes = lambda *a, **k: server_support.make_hermes(get_runtime().home, model)
import typer
from hermes.cli.common import Runtime, set_runtime
from hermes.cli.serve import serve
set_runtime(Runtime())
app = typer.Typer()
app.command("serve")(serve)
app.command("version")(lambda: None)
app(["serve", *args])
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_port(port: int, proc: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited: {proc.stderr.read().decode()[-2000:] if proc.stderr else ''}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("server did not start")


class Conn:
    """One keep-alive HTTP/1.1 connection; POSTs a chat completion and returns the answer."""

    def __init__(self, port: int):
        self.port = port
        self.r: asyncio.StreamReader | None = None
        self.w: asyncio.StreamWriter | None = None

    async def open(self) -> "Conn":
        self.r, self.w = await asyncio.open_connection("127.0.0.1", self.port)
        return self

    async def chat(self, session: str, text: str) -> str:
        body = json.dumps({"model": "hermes", "messages": [{"role": "user", "content": text}]}).encode()
        head = (f"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {KEY}\r\n"
                f"Content-Type: application/json\r\nX-Hermes-Session-Id: {session}\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        assert self.w and self.r
        self.w.write(head + body)
        await self.w.drain()
        raw = await self.r.readuntil(b"\r\n\r\n")
        status = int(raw.split(b" ", 2)[1])
        length = 0
        for line in raw.split(b"\r\n"):
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        data = await self.r.readexactly(length)
        if status != 200:
            raise RuntimeError(f"HTTP {status}: {data[:300]!r}")
        return json.loads(data)["choices"][0]["message"]["content"]

    def close(self) -> None:
        if self.w:
            self.w.close()


async def sequential(port: int, session: str, turns: int) -> list[float]:
    c = await Conn(port).open()
    lat = []
    for i in range(turns):
        t = time.perf_counter()
        out = await c.chat(session, f"turn {i}")
        lat.append(time.perf_counter() - t)
        assert out.endswith(f"turn {i}"), out
    c.close()
    return lat


async def parallel(port: int, sessions: int, seconds: float) -> tuple[int, float, list[float]]:
    conns = [await Conn(port).open() for _ in range(sessions)]
    stop = time.perf_counter() + seconds
    lat: list[float] = []

    async def run(i: int, c: Conn) -> int:
        n = 0
        while time.perf_counter() < stop:
            t = time.perf_counter()
            out = await c.chat(f"par-{i}", f"p{i} n{n}")
            lat.append(time.perf_counter() - t)
            assert out.endswith(f"p{i} n{n}"), out
            n += 1
        return n

    t0 = time.perf_counter()
    counts = await asyncio.gather(*(run(i, c) for i, c in enumerate(conns)))
    elapsed = time.perf_counter() - t0
    for c in conns:
        c.close()
    return sum(counts), elapsed, lat


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def http_model_available() -> bool:
    return (importlib.util.find_spec("hermes.testing.fake_openai") is not None
            and importlib.util.find_spec("hermes.models.providers") is not None)


def run(mode: str, turns: int, seconds: float, growth_turns: int, http_client: str = "httpx") -> dict:
    """One server, one model stand-in: "http" (fake_openai + provider custom) or "inprocess"."""
    home = Path(tempfile.mkdtemp(prefix="hermes-bench-"))
    http = mode == "http"
    cfg: dict = {"server": {"rate_limit_per_minute": 0}, **json.loads(os.environ.get("BENCH_CFG", "{}"))}
    procs: list[subprocess.Popen] = []
    env = {**os.environ, "HERMES_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    env.pop("HERMES_API_KEY", None)
    try:
        if http:
            fport = free_port()
            fake = subprocess.Popen([sys.executable, "-m", "hermes.testing.fake_openai", "--port", str(fport)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            procs.append(fake)
            wait_port(fport, fake)
            cfg["model"] = {"provider": "custom", "base_url": f"http://127.0.0.1:{fport}/v1",
                            "default": "scripted", "http_client": http_client}
            env["OPENAI_API_KEY"] = "bench"
        (home / "config.yaml").write_text(yaml.safe_dump(cfg))
        script = home / "launch.py"
        script.write_text(LAUNCHER.format(tests=str(ROOT / "tests")))
        port = free_port()
        exe = shutil.which("hermes")
        if http and exe:
            cmd = [exe, "serve"]  # exactly as a user runs it
        else:
            cmd = [sys.executable, str(script), "--custom" if http else "--scripted"]
        server = subprocess.Popen(cmd + ["--port", str(port), "--api-key", KEY, "--log-level", "error"],
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        procs.append(server)
        wait_port(port, server)
        time.sleep(0.3)
        rss_start = rss_mib(server.pid)
        asyncio.run(sequential(port, "warmup", 20))
        rss_idle = rss_mib(server.pid)

        lat = asyncio.run(sequential(port, "sequential", turns))
        cpu0 = {p.pid: cpu_seconds(p.pid) for p in procs}
        total, elapsed, plat = asyncio.run(parallel(port, 16, seconds))
        cpu = {p.pid: (cpu_seconds(p.pid) - cpu0[p.pid]) * 1000 / max(total, 1) for p in procs}
        # Growth over 1,000 turns in one session (after the pool and caches are warm).
        rss_before = rss_mib(server.pid)
        asyncio.run(sequential(port, "growth", growth_turns))
        rss_after = rss_mib(server.pid)
    finally:
        for p in reversed(procs):
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
    return {
        "model": f"fake_openai over HTTP (provider custom, {http_client})" if http else "in-process ScriptedModel (echo)",
        "server": "hermes serve" if cmd[0] == exe else "serve() via a launcher (in-process model)",
        "sequential_turns": turns,
        "sequential_median_ms": round(statistics.median(lat) * 1000, 2),
        "sequential_first50_median_ms": round(statistics.median(lat[:50]) * 1000, 2),
        "sequential_last50_median_ms": round(statistics.median(lat[-50:]) * 1000, 2),
        "sequential_p90_ms": round(pct(lat, 0.9) * 1000, 2),
        "parallel_sessions": 16,
        "parallel_requests": total,
        "parallel_rps": round(total / elapsed, 1),
        "parallel_median_ms": round(statistics.median(plat) * 1000, 2),
        "parallel_p99_ms": round(pct(plat, 0.99) * 1000, 2),
        "cpu_ms_per_request": {"server": round(cpu[server.pid], 2),
                               **({"fake_model": round(cpu[procs[0].pid], 2)} if http else {})},
        "rss_at_start_mib": round(rss_start, 1),
        "idle_rss_mib": round(rss_idle, 1),
        "growth_turns": growth_turns,
        "rss_growth_mib": round(rss_after - rss_before, 1),
    }


def main(mode: str, turns: int, seconds: float, growth_turns: int, http_client: str = "httpx") -> dict:
    modes = {"both": ["inprocess", "http"], "http": ["http"], "inprocess": ["inprocess"]}[mode]
    if not http_model_available():
        modes = ["inprocess"]
    out: dict = {"client": "keep-alive HTTP/1.1 on asyncio streams, 16 connections for the parallel run",
                 "targets": {"sequential_median_ms": 15, "parallel_rps": 250, "idle_rss_mib": 70,
                             "rss_growth_mib": 10},
                 "reference_rps": 4}
    for m in modes:
        out[m] = run(m, turns, seconds, growth_turns, http_client)
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", choices=["both", "http", "inprocess"], default="both",
                    help="the model stand-in(s) to measure with (http needs fake_openai + providers)")
    ap.add_argument("--turns", type=int, default=300)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--growth-turns", type=int, default=1000)
    ap.add_argument("--http-client", choices=["httpx", "openai-sdk"], default="httpx",
                    help="model.http_client for the http stand-in (the default config uses httpx)")
    a = ap.parse_args()
    print(json.dumps(main(a.model, a.turns, a.seconds, a.growth_turns, a.http_client), indent=2))
