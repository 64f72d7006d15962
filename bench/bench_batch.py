"""`hermes batch run` on N scripted samples: samples/s and peak memory, locally and through Ray.

    python bench/bench_batch.py [--samples 1000] [--workers 2] [--concurrency 8] [--engines inproc,procs,ray]
                                [--terminal-share 0.0] [--tmp-dir /dev/shm]

Each sample runs the real agent loop in its own throwaway home: read_file (missing file), then
write_file + memory add, then an answer; 3 model calls and 3 tool calls. --terminal-share makes that
fraction of samples also run `ls` through the terminal tool (a real subprocess per call). The model
is the in-process scripted one, so the figures are Hermes's own cost per sample. Each engine runs the
CLI as a subprocess on a fresh output directory; peak RSS is sampled from /proc over the runner and
all its descendants (workers, Ray's raylet and workers). Rate = samples / seconds of the run proper
(from summary.json; start-up shown separately as the wall-clock figure).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path


def make_dataset(path: Path, n: int, terminal_share: float) -> None:
    every = int(round(1 / terminal_share)) if terminal_share > 0 else 0
    with open(path, "w") as f:
        for i in range(n):
            second = [{"name": "write_file", "arguments": {"path": "note.txt", "content": f"sample {i}"}},
                      {"name": "memory", "arguments": {"target": "memory", "action": "add", "content": f"fact {i}"}}]
            if every and i % every == 0:
                second.append({"name": "terminal", "arguments": {"command": "ls"}})
            script = [{"tool_calls": [{"name": "read_file", "arguments": {"path": "note.txt"}}]},
                      {"tool_calls": second}, {"text": f"done {i}"}]
            f.write(json.dumps({"id": f"b{i}", "prompt": f"note {i}", "script": script,
                                "toolsets": ["core", "memory"]}) + "\n")


def tree_rss(pid: int) -> tuple[int, int]:
    """(sum of RSS over the process tree, largest single RSS), in kB."""
    total = biggest = 0
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    kb = int(line.split()[1])
                    total += kb
                    biggest = max(biggest, kb)
            for t in os.listdir(f"/proc/{p}/task"):
                stack += [int(c) for c in Path(f"/proc/{p}/task/{t}/children").read_text().split()]
        except (OSError, ValueError):
            continue
    return total, biggest


def run(engine: str, ds: Path, n: int, args: argparse.Namespace) -> dict:
    out = Path(tempfile.mkdtemp(prefix=f"bench-batch-{engine}-"))
    home = Path(tempfile.mkdtemp(prefix="bench-batch-home-"))
    cmd = [sys.executable, "-m", "hermes", "batch", "run", str(ds), "--out", str(out / "o"), "--provider",
           "scripted", "--yolo", "-q", "--concurrency", str(args.concurrency)]
    if args.tmp_dir:
        cmd += ["--tmp-dir", args.tmp_dir]
    if engine == "inproc":
        cmd += ["--workers", "1"]
    elif engine == "procs":
        cmd += ["--workers", str(args.workers)]
    else:
        cmd += ["--ray", "local", "--workers", str(args.workers)]
    env = {**os.environ, "HERMES_HOME": str(home)}
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    peak = [0, 0]

    def sample() -> None:
        while proc.poll() is None:
            total, big = tree_rss(proc.pid)
            peak[0], peak[1] = max(peak[0], total), max(peak[1], big)
            time.sleep(0.1)

    th = threading.Thread(target=sample, daemon=True)
    th.start()
    stdout, stderr = proc.communicate()
    wall = time.perf_counter() - t0
    th.join()
    if proc.returncode != 0:
        raise SystemExit(f"{engine} failed ({proc.returncode}):\n{stderr[-2000:]}")
    s = json.loads((out / "o" / "summary.json").read_text())
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(home, ignore_errors=True)
    run = s["last_run"]
    return {"engine": engine, "samples": n, "completed": s["completed"], "failed": s["failed"],
            "rate": run["rate"], "run_s": run["seconds"], "wall_s": round(wall, 2),
            "peak_rss_mb": round(peak[0] / 1024, 1), "peak_proc_rss_mb": round(peak[1] / 1024, 1),
            "median_turns": s["median_turns"], "tool_calls": s["tool_calls"]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--concurrency", type=int, default=8)
    ap.add_argument("--engines", default="inproc,procs,ray")
    ap.add_argument("--terminal-share", type=float, default=0.0)
    ap.add_argument("--tmp-dir", default=None, help="where sample homes go (default: the system temp dir)")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-batch-ds-"))
    ds = work / "ds.jsonl"
    make_dataset(ds, args.samples, args.terminal_share)
    print(f"{args.samples} samples, 3 model calls + {3 + (args.terminal_share > 0)} tool calls max each, "
          f"workers {args.workers}, concurrency {args.concurrency}, tmp {args.tmp_dir or tempfile.gettempdir()}, "
          f"load avg {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'engine':8} {'done':>5} {'fail':>4} {'samples/s':>10} {'run s':>7} {'wall s':>7} "
          f"{'peak RSS MB (tree)':>19} {'largest proc MB':>16}")
    for engine in args.engines.split(","):
        if engine == "ray":
            try:
                import ray  # noqa: F401 - only whether it is there
            except ImportError:
                print("ray      skipped: pip install 'hermes-recall[ray]'")
                continue
        r = run(engine, ds, args.samples, args)
        print(f"{r['engine']:8} {r['completed']:5} {r['failed']:4} {r['rate']:10.1f} {r['run_s']:7.1f} "
              f"{r['wall_s']:7.1f} {r['peak_rss_mb']:19.1f} {r['peak_proc_rss_mb']:16.1f}", flush=True)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
