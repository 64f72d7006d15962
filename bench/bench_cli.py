"""Start-up and one-shot answer cost of the `hermes` command, as a user runs it.

    python bench/bench_cli.py [--runs 15]

Starts the scripted OpenAI-compatible server (answers at once), points a temp HERMES_HOME at it
and times `hermes --help` and `hermes chat -Q -q hello` end to end (median wall time, peak RSS).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_measured(cmd: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """Run via /usr/bin/env python wrapper that reports its child's max RSS."""
    probe = ("import resource,subprocess,sys,time;t=time.perf_counter();"
             "p=subprocess.run(sys.argv[1:],capture_output=True);"
             "w=time.perf_counter()-t;"
             "r=resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss;"
             "sys.stdout.write(f'{w} {r} {p.returncode}\\n'+p.stdout.decode());"
             "sys.stderr.write(p.stderr.decode())")
    p = subprocess.run([sys.executable, "-c", probe, *cmd], env=env, capture_output=True)
    first, _, rest = p.stdout.decode().partition("\n")
    wall, rss, code = first.split()
    if code != "0":
        raise SystemExit(f"{cmd} failed ({code}): {p.stderr.decode()[-800:]}")
    return float(wall), int(rss) / 1024, rest


def main(runs: int) -> dict:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "hermes.testing.fake_openai", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.05)
        home = tempfile.mkdtemp()
        env = {**os.environ, "HERMES_HOME": home, "OPENAI_BASE_URL": f"http://127.0.0.1:{port}/v1",
               "OPENAI_API_KEY": "bench", "HERMES_MODEL": "scripted"}
        hermes = [sys.executable, "-m", "hermes.cli.main"]
        exe = Path(sys.executable).with_name("hermes")
        if exe.exists():
            hermes = [str(exe)]
        run_measured([*hermes, "chat", "-Q", "-q", "warm up"], env)
        help_w, help_rss, chat_w, chat_rss = [], [], [], []
        for _ in range(runs):
            w, r, _ = run_measured([*hermes, "--help"], env)
            help_w.append(w)
            help_rss.append(r)
            w, r, out = run_measured([*hermes, "chat", "-Q", "-q", "hello"], env)
            assert out.strip() == "hello", out
            chat_w.append(w)
            chat_rss.append(r)
    finally:
        server.terminate()
        server.wait()
    return {"runs": runs,
            "help_median_s": round(statistics.median(help_w), 3), "help_target_s": 0.25,
            "chat_q_median_s": round(statistics.median(chat_w), 3), "chat_q_target_s": 0.5,
            "chat_q_peak_rss_mib": round(max(chat_rss), 1), "chat_q_rss_target_mib": 80,
            "reference_chat_q_s": 4.4, "reference_peak_rss_mib": 123}


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=15)
    print(json.dumps(main(ap.parse_args().runs), indent=2))
