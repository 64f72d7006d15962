"""`hermes serve --workers N` on one PostgreSQL store: 1, 2 and 4 workers x 16 and 64 concurrent sessions.

    python bench/bench_workers.py [--seconds 10] [--workers 1,2,4] [--sessions 16,64] [--dsn DSN]

Each configuration gets a fresh database and its own server subprocess (the `serve` command via
bench_server's launcher, with the in-process ScriptedModel answering at once, so the figures are
Hermes's own cost: HTTP, the loop, the turn lock, the store). The load generator is one asyncio
process with one keep-alive connection per session, each sending turns back to back; it competes
for the same 2 cores as the workers, and its CPU share is reported so the scaling can be read
honestly. Every answer is checked; an error is any non-200 or a wrong answer.

PostgreSQL: --dsn (an admin DSN; a database is created per run), else HERMES_TEST_POSTGRES_DSN,
else a private throwaway cluster started with the tests' helper.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "tests"))

from bench_server import KEY, LAUNCHER, Conn, cpu_seconds, free_port, pct, wait_port  # noqa: E402


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


async def load(port: int, sessions: int, seconds: float, tag: str) -> tuple[int, int, float, list[float]]:
    conns = [await Conn(port).open() for _ in range(sessions)]
    stop = time.perf_counter() + seconds
    lat: list[float] = []
    errors = 0
    seen: list[str] = []

    async def run(i: int, c: Conn) -> int:
        nonlocal errors
        n = 0
        while time.perf_counter() < stop:
            t = time.perf_counter()
            try:
                out = await c.chat(f"{tag}-{i}", f"s{i} n{n}")
                if not out.endswith(f"s{i} n{n}"):
                    errors += 1
                    seen.append(f"wrong answer {out[:80]!r}")
            except Exception as e:
                errors += 1
                seen.append(f"{type(e).__name__}: {str(e)[:200]}")
                c.close()
                c = await Conn(port).open()
            lat.append(time.perf_counter() - t)
            n += 1
        c.close()
        return n

    t0 = time.perf_counter()
    counts = await asyncio.gather(*(run(i, c) for i, c in enumerate(conns)))
    for line in sorted(set(seen))[:5]:
        sys.stderr.write(f"error ({tag}): {line}\n")
    return sum(counts), errors, time.perf_counter() - t0, lat


def one(admin_dsn: str, workers: int, sessions: int, seconds: float) -> dict:
    import psycopg
    from psycopg.conninfo import make_conninfo

    db = "hermes_bench_" + secrets.token_hex(4)
    with psycopg.connect(admin_dsn, autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{db}" ENCODING \'UTF8\' TEMPLATE template0')
    home = Path(tempfile.mkdtemp(prefix="hermes-bench-workers-"))
    proc = None
    try:
        cfg = {"server": {"rate_limit_per_minute": 0},
               "store": {"backend": "postgres", "dsn": make_conninfo(admin_dsn, dbname=db), "pool_size": 8}}
        (home / "config.yaml").write_text(yaml.safe_dump(cfg))
        script = home / "launch.py"
        script.write_text(LAUNCHER.format(tests=str(ROOT / "tests")))
        port = free_port()
        env = {**os.environ, "HERMES_HOME": str(home), "PYTHONUNBUFFERED": "1"}
        env.pop("HERMES_API_KEY", None)
        proc = subprocess.Popen([sys.executable, str(script), "--scripted", "--port", str(port), "--api-key", KEY,
                                 "--log-level", "error", "--no-scheduler", "--workers", str(workers)],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wait_port(port, proc, timeout=60)
        deadline = time.monotonic() + 30
        while workers > 1 and len(children(proc.pid)) < workers and time.monotonic() < deadline:
            time.sleep(0.05)
        asyncio.run(load(port, sessions, 2.0, "warm"))  # every worker opens its connections
        pids = [proc.pid] + children(proc.pid)
        with psycopg.connect(admin_dsn, autocommit=True) as c:  # this database's backends (pools keep them)
            backends = [r[0] for r in c.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (db,))]
        pg0 = {p: cpu_seconds(p) for p in backends if Path(f"/proc/{p}").exists()}
        cpu0 = {p: cpu_seconds(p) for p in pids}
        me0 = resource.getrusage(resource.RUSAGE_SELF)
        total, errors, elapsed, lat = asyncio.run(load(port, sessions, seconds, "run"))
        me1 = resource.getrusage(resource.RUSAGE_SELF)
        server_cpu = sum(cpu_seconds(p) - cpu0[p] for p in pids if Path(f"/proc/{p}").exists())
        client_cpu = (me1.ru_utime - me0.ru_utime) + (me1.ru_stime - me0.ru_stime)
        pg_cpu = sum(cpu_seconds(p) - t for p, t in pg0.items() if Path(f"/proc/{p}").exists())
        return {"workers": workers, "sessions": sessions, "requests": total, "errors": errors,
                "rps": round(total / elapsed, 1), "p50_ms": round(statistics.median(lat) * 1000, 2),
                "p95_ms": round(pct(lat, 0.95) * 1000, 2), "server_cpu_s": round(server_cpu, 1),
                "postgres_cpu_s": round(pg_cpu, 1), "client_cpu_s": round(client_cpu, 1), "seconds": round(elapsed, 1)}
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(home, ignore_errors=True)
        with psycopg.connect(admin_dsn, autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')


def postgres(dsn: str | None) -> tuple[str, object]:
    dsn = dsn or os.environ.get("HERMES_TEST_POSTGRES_DSN")
    if dsn:
        return dsn, None
    import test_store_postgres

    server, stop = test_store_postgres._private_cluster()
    return server.admin_dsn, stop


def main(workers: list[int], sessions: list[int], seconds: float, dsn: str | None) -> dict:
    admin, stop = postgres(dsn)
    try:
        rows = [one(admin, w, s, seconds) for s in sessions for w in workers]
    finally:
        if callable(stop):
            stop()
    return {"machine": f"{os.cpu_count()} cores", "model": "in-process ScriptedModel (echo)",
            "store": "PostgreSQL", "client": "one asyncio process, one keep-alive connection per session",
            "results": rows}


def table(out: dict) -> str:
    lines = ["| workers | sessions | req/s | p50 ms | p95 ms | errors | CPU s: hermes / postgres / client |",
             "|---|---|---|---|---|---|---|"]
    for r in out["results"]:
        lines.append(f"| {r['workers']} | {r['sessions']} | {r['rps']} | {r['p50_ms']} | {r['p95_ms']} | "
                     f"{r['errors']} | {r['server_cpu_s']} / {r['postgres_cpu_s']} / {r['client_cpu_s']} |")
    return "\n".join(lines)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--workers", default="1,2,4")
    ap.add_argument("--sessions", default="16,64")
    ap.add_argument("--dsn", default=None, help="admin DSN of a PostgreSQL server (a database is created per run)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    result = main([int(x) for x in a.workers.split(",")], [int(x) for x in a.sessions.split(",")], a.seconds, a.dsn)
    print(json.dumps(result, indent=2) if a.json else table(result))
