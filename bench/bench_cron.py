"""Scheduler benchmark: many jobs due in the same minute, and the cost of an idle tick.

In a temp HERMES_HOME with the real SQLite store and real jobs.json:
  burst       N jobs (default 1,000) all due in the same minute, a trivial runner (sleeps 10 ms, like
              an instant scripted model) and cron.max_concurrent (default 4): one tick claims them
              all, then the runs drain. Checks every job ran exactly once, every run record says
              ok, and every job's next_run_at moved on. Target: all done within 60 s.
  claim       how long that tick took (open N run records, advance N jobs, one jobs.json write)
  idle_tick   median / p95 of a tick when nothing is due, with the N jobs loaded. Target <= 5 ms.
Prints one JSON object.

    python bench/bench_cron.py [--jobs N] [--concurrency C] [--run-seconds S]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path


async def bench(n_jobs: int, concurrency: int, run_seconds: float) -> dict:
    from hermes.config import Config
    from hermes.cron.jobs import Job, JobStore
    from hermes.cron.runner import RunOutcome
    from hermes.cron.scheduler import Scheduler
    from hermes.home import Home
    from hermes.state.sqlite import SQLiteStore

    tmp = tempfile.TemporaryDirectory(prefix="hermes-bench-cron-")
    home = Home(Path(tmp.name) / "home").ensure()
    config = Config()
    config.cron.timezone = "UTC"
    config.cron.max_concurrent = concurrency
    store = SQLiteStore(home.state_db)
    jobs = JobStore(home, tz="UTC")

    minute = (time.time() // 60) * 60  # every job is due at the start of this minute
    with jobs.edit() as lst:
        for i in range(n_jobs):
            lst.append(Job(id=f"{i:08x}", name=f"job {i}", schedule="every 1h", prompt=f"task {i}",
                           created_at=minute - 3600, anchor_at=minute - 3600, next_run_at=minute))

    calls: collections.Counter[str] = collections.Counter()

    async def runner(job, *, home, config, store):
        calls[job.id] += 1
        await asyncio.sleep(run_seconds)
        return RunOutcome(text=f"done {job.id}", tokens=10)

    sched = Scheduler(home, config, store, runner)
    try:
        t0 = time.perf_counter()
        report = await sched.tick()
        claim = time.perf_counter() - t0
        await sched.drain()
        elapsed = time.perf_counter() - t0

        runs = store.list_runs(limit=n_jobs * 2)
        after = jobs.list()
        exactly_once = (len(calls) == n_jobs and set(calls.values()) == {1}
                        and len(runs) == n_jobs and all(r.status == "ok" for r in runs))
        advanced = all(j.next_run_at and j.next_run_at > minute and j.last_status == "ok" for j in after)

        idle = []
        for _ in range(2000):
            t = time.perf_counter()
            r = await sched.tick()
            idle.append(time.perf_counter() - t)
            assert not r.started
        idle.sort()
    finally:
        sched.close()
        store.close()
        tmp.cleanup()

    return {
        "jobs": n_jobs,
        "max_concurrent": concurrency,
        "run_seconds": run_seconds,
        "burst_elapsed_s": round(elapsed, 3),
        "burst_ideal_s": round(n_jobs * run_seconds / concurrency, 3),
        "claim_tick_ms": round(claim * 1000, 1),
        "started_by_tick": len(report.started),
        "ran_exactly_once": exactly_once,
        "all_rescheduled": advanced,
        "within_60s": elapsed <= 60.0,
        "idle_tick_median_ms": round(statistics.median(idle) * 1000, 4),
        "idle_tick_p95_ms": round(idle[int(len(idle) * 0.95)] * 1000, 4),
        "idle_tick_within_5ms": statistics.median(idle) <= 0.005,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=1000)
    ap.add_argument("--concurrency", type=int, default=None, help="default: config cron.max_concurrent (4)")
    ap.add_argument("--run-seconds", type=float, default=0.01)
    args = ap.parse_args()
    if args.concurrency is None:
        from hermes.config import Config

        args.concurrency = Config().cron.max_concurrent
    result = asyncio.run(bench(args.jobs, args.concurrency, args.run_seconds))
    print(json.dumps(result, indent=2))
    ok = result["ran_exactly_once"] and result["within_60s"] and result["idle_tick_within_5ms"]
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
