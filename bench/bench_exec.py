"""Execution backends: the round trip of one `echo` through each backend's persistent shell session
(cwd and exported variables restored, marker parsed, output returned), warm, median of N.

  local    bash on this machine                                     goal <=   5 ms
  sandbox  bubblewrap: host read-only, no network, own PID namespace goal <=  20 ms
  ssh      asyncssh to a private OpenSSH sshd on 127.0.0.1          goal <=  15 ms
  docker   `docker exec` into a container of a private dockerd       goal <= 100 ms
  podman   `podman exec` (rootful, private storage)                  (no goal)
  raw      the same without Hermes: `bash -c true`, `docker exec C true` (what the engine costs)

Backends whose parts are missing are reported as skipped with the reason.

    python bench/bench_exec.py               # ~1-2 min
    python bench/bench_exec.py -n 200 --only local,ssh --json out.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any


async def _echo_times(backend: Any, n: int) -> list[float]:
    for _ in range(5):
        await backend.run("echo warm")
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        res = await backend.run("echo hermes")
        out.append((time.perf_counter() - t0) * 1000)
        assert "hermes" in res.output, res.output
    return out


def _raw_times(argv: list[str], n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def _stats(times: list[float]) -> dict[str, float]:
    q = statistics.quantiles(times, n=10)
    return {"median_ms": round(statistics.median(times), 2), "p90_ms": round(q[-1], 2),
            "min_ms": round(min(times), 2), "n": len(times)}


async def bench(names: list[str], n: int) -> dict[str, Any]:
    from hermes.exec.factory import BackendContext, open_backend
    from hermes.exec.specs import DockerSpec, LocalSpec, SandboxSpec, SSHSpec

    results: dict[str, Any] = {}
    work = Path(tempfile.mkdtemp(prefix="hermes-bench-exec-"))
    ctx = BackendContext(start_dir=str(work), session_id="bench", home=work / "home")
    with ExitStack() as stack:
        specs: dict[str, Any] = {}
        for name in names:
            try:
                if name == "local":
                    specs[name] = LocalSpec()
                elif name == "sandbox":
                    specs[name] = SandboxSpec()
                elif name == "ssh":
                    from hermes.testing.sshd import running_sshd

                    server = stack.enter_context(running_sshd())
                    specs[name] = SSHSpec(**server.spec())
                elif name in ("docker", "podman"):
                    from hermes.testing.containers import IMAGE, DockerDaemon, PodmanStore

                    eng = stack.enter_context(DockerDaemon() if name == "docker" else PodmanStore())
                    args = (["--host", eng.env["DOCKER_HOST"]] if name == "docker" else eng.engine_args)
                    run_args = ([] if name == "docker" else
                                ["--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1024:1024"])
                    specs[name] = DockerSpec(image=IMAGE, shell="sh", engine=name, engine_args=args,
                                             run_args=run_args)
                    specs[name + "_engine"] = eng
            except Exception as e:  # a part that cannot start here is reported, not fatal
                results[name] = {"skipped": f"{type(e).__name__}: {e}"}
        for name in names:
            if name not in specs:
                continue
            try:
                t0 = time.perf_counter()
                backend = await open_backend(specs[name], ctx)
                opened = (time.perf_counter() - t0) * 1000
            except Exception as e:
                results[name] = {"skipped": f"{type(e).__name__}: {e}"}
                continue
            try:
                results[name] = {**_stats(await _echo_times(backend, n)), "open_ms": round(opened, 1)}
                if name == "local":
                    results["raw bash -c true"] = _stats(_raw_times(["bash", "-c", "true"], n))
                if name in ("docker", "podman"):
                    cid = getattr(backend, "container", None)
                    if cid:
                        results[f"raw {name} exec true"] = _stats(_raw_times(
                            [name, *specs[name].engine_args, "exec", cid, "true"], min(n, 50)))
            finally:
                await backend.close()
                print(f"  {name}: {results[name]}", file=sys.stderr)
    shutil.rmtree(work, ignore_errors=True)
    return results


GOALS = {"local": 5, "sandbox": 20, "ssh": 15, "docker": 100}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=100, help="echo round trips per backend (default 100)")
    ap.add_argument("--only", default="local,sandbox,ssh,docker,podman", help="comma-separated backends")
    ap.add_argument("--json", help="write the results here too")
    args = ap.parse_args()
    res = asyncio.run(bench([s.strip() for s in args.only.split(",") if s.strip()], args.n))
    print(f"{'backend':<22} {'median':>9} {'p90':>9} {'min':>9}  goal")
    for name, r in res.items():
        if "skipped" in r:
            print(f"{name:<22} skipped: {r['skipped']}")
            continue
        goal = GOALS.get(name)
        verdict = "" if goal is None else f"<= {goal} ms {'met' if r['median_ms'] <= goal else 'MISSED'}"
        print(f"{name:<22} {r['median_ms']:>7.2f}ms {r['p90_ms']:>7.2f}ms {r['min_ms']:>7.2f}ms  {verdict}")
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=2))


if __name__ == "__main__":
    main()
