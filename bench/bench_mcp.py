"""MCP client costs: what a tool call through Hermes adds over the SDK's own call, and what configured
servers add to `hermes chat -q`.

  calls    200 calls of a trivial tool (`echo`) on the SDK-written fixture server over stdio: through
           Hermes (registry -> manager -> the MCP thread -> the SDK) and straight through the SDK's
           ClientSession in the same process; the difference is Hermes's overhead
  startup  `hermes chat -q` (demo model) wall time with no MCP server, and with 3 servers configured:
           a healthy one, a slow one (takes 3 s to start) and a broken one (its command is missing)

    python bench/bench_mcp.py                  # ~1 min
    python bench/bench_mcp.py --calls 500 --runs 15 --json out.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FIXTURE = [sys.executable, "-m", "hermes.testing.mcp_server"]


async def sdk_calls(n: int) -> list[float]:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=FIXTURE[0], args=FIXTURE[1:], env=dict(os.environ))
    async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
        await s.initialize()
        for _ in range(20):
            await s.call_tool("echo", {"text": "warm"})
        out = []
        for i in range(n):
            t0 = time.perf_counter()
            await s.call_tool("echo", {"text": f"ping {i}"})
            out.append((time.perf_counter() - t0) * 1000)
        return out


async def hermes_calls(n: int, home: Path) -> list[float]:
    from hermes.config import Config
    from hermes.core.messages import ToolCall
    from hermes.home import Home
    from hermes.runtime import Hermes
    from hermes.testing import ScriptedModel

    h = Hermes(Home(home).ensure(), Config(mcp_servers={"fx": {"command": FIXTURE[0], "args": FIXTURE[1:]}}),
               model=ScriptedModel())
    conv = h.open()
    try:
        while h.mcp.status()[0]["state"] != "connected":
            await asyncio.sleep(0.02)
        tools = conv.agent.tools
        for _ in range(20):
            await tools.execute(ToolCall(id="w", name="mcp_fx_echo", arguments='{"text": "warm"}'), conv.ctx)
        out = []
        for i in range(n):
            call = ToolCall(id=str(i), name="mcp_fx_echo", arguments=json.dumps({"text": f"ping {i}"}))
            t0 = time.perf_counter()
            r = await tools.execute(call, conv.ctx)
            out.append((time.perf_counter() - t0) * 1000)
            assert r.ok and r.text == f"ping {i}", r.text
        return out
    finally:
        h.mcp.stop()


def chat_q(home: Path, runs: int) -> list[float]:
    env = dict(os.environ, HERMES_HOME=str(home))
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "hermes", "chat", "-q", "hello"], env=env, capture_output=True,
                           text=True, timeout=120)
        out.append((time.perf_counter() - t0) * 1000)
        assert r.returncode == 0, r.stderr[-500:]
    return out


def summary(ms: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(ms), 2), "p90": round(sorted(ms)[int(len(ms) * 0.9)], 2),
            "samples": len(ms)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--runs", type=int, default=9, help="hermes chat -q runs per configuration")
    ap.add_argument("--json", help="write the figures here")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="hermes-bench-mcp-"))
    out: dict = {}

    sdk = asyncio.run(sdk_calls(args.calls))
    via = asyncio.run(hermes_calls(args.calls, tmp / "calls"))
    out["sdk_ms"], out["hermes_ms"] = summary(sdk), summary(via)
    out["overhead_ms"] = round(out["hermes_ms"]["median"] - out["sdk_ms"]["median"], 2)
    print(f"calls: SDK alone median {out['sdk_ms']['median']} ms, through Hermes {out['hermes_ms']['median']} ms: "
          f"overhead {out['overhead_ms']} ms ({args.calls} calls)", flush=True)

    plain, with3 = tmp / "plain", tmp / "three"
    for home in (plain, with3):
        home.mkdir()
        (home / "config.yaml").write_text("model:\n  provider: demo\n  default: demo\nmemory:\n  review_interval: 0\n")
    servers = {"ok": {"command": FIXTURE[0], "args": FIXTURE[1:]},
               "slow": {"command": FIXTURE[0], "args": FIXTURE[1:] + ["--start-delay", "3"]},
               "broken": {"command": "/nonexistent/mcp-server"}}
    import yaml

    cfg = yaml.safe_load((with3 / "config.yaml").read_text())
    cfg["mcp_servers"] = servers
    (with3 / "config.yaml").write_text(yaml.safe_dump(cfg))
    chat_q(plain, 1), chat_q(with3, 1)  # first runs write caches
    a, b = [], []
    for _ in range(args.runs):  # interleaved, so machine noise hits both alike
        a += chat_q(plain, 1)
        b += chat_q(with3, 1)
    out["chat_q_ms"] = {"no_servers": summary(a), "three_servers": summary(b)}
    out["startup_cost_ms"] = round(out["chat_q_ms"]["three_servers"]["median"] - out["chat_q_ms"]["no_servers"]["median"], 1)
    print(f"hermes chat -q: no servers median {summary(a)['median']:.0f} ms, 3 servers (ok, slow, broken) "
          f"{summary(b)['median']:.0f} ms: added {out['startup_cost_ms']} ms", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
