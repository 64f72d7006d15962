"""The batch runner: a dataset of prompts through the agent loop, resumable, parallel, or on Ray.

    run_batch(dataset, out_dir, opts, workers=2)  ->  summary dict (also DIR/summary.json)

What has a line in DIR/trajectories.jsonl (or DIR/failed.jsonl, unless failures are retried) is
skipped, so an interrupted run (Ctrl-C, kill -9, a lost machine) continues where it stopped. Each
sample runs in its own throwaway home and working directory (`batch_sample`); where it runs is the
engine's business: this process, local worker processes (`batch_local`), or Ray tasks (`batch_ray`).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, TextIO

from hermes.research.batch_dataset import Sample, ToolsetDistribution, load_dataset
from hermes.research.batch_output import BatchOutput, format_summary, summarize
from hermes.research.batch_sample import BatchOptions

__all__ = ["BatchOptions", "run_batch", "Progress", "plan", "format_summary"]


class Progress:
    """One status line: done/total, rate, ETA, failures. Redrawn in place on a terminal; on a pipe or
    log, a line every 10% or 30 s so logs stay readable."""

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool = True):
        self.total, self.done, self.failed = total, 0, 0
        self.stream = stream or sys.stderr
        self.enabled = enabled and total > 0
        self.tty = self.enabled and getattr(self.stream, "isatty", lambda: False)()
        self.t0 = time.monotonic()
        self._drawn = 0.0
        self._logged_pct = -1

    def update(self, rec: dict[str, Any]) -> None:
        self.done += 1
        self.failed += 0 if rec.get("completed") else 1
        if not self.enabled:
            return
        now = time.monotonic()
        if self.tty:
            if now - self._drawn > 0.1 or self.done == self.total:
                self._drawn = now
                self.stream.write("\r" + self.line() + "\x1b[K")
                self.stream.flush()
        else:
            pct = self.done * 10 // self.total
            if pct > self._logged_pct or now - self._drawn > 30:
                self._logged_pct, self._drawn = pct, now
                self.stream.write(self.line() + "\n")
                self.stream.flush()

    def line(self) -> str:
        elapsed = max(time.monotonic() - self.t0, 1e-9)
        rate = self.done / elapsed
        left = (self.total - self.done) / rate if rate > 0 else 0
        width = 24
        fill = width * self.done // self.total
        eta = time.strftime("%H:%M:%S", time.gmtime(left)) if rate > 0 else "--:--:--"
        return (f"[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} "
                f"{100 * self.done / self.total:3.0f}%  {rate:.1f}/s  ETA {eta}  failed {self.failed}")

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def plan(samples: list[Sample], opts: BatchOptions, distribution: ToolsetDistribution | None,
         seed: int) -> list[tuple[Sample, list[str] | None]]:
    """Each sample with its toolsets: its own line beats the distribution beats --toolsets."""
    out = []
    for s in samples:
        if s.toolsets is not None:
            ts = s.toolsets
        elif distribution is not None:
            ts = distribution.draw(s.id, seed)
        else:
            ts = opts.toolsets  # None: the configured default toolsets
        out.append((s, ts))
    return out


def run_batch(dataset: str | Path | list[Sample], out_dir: str | Path, opts: BatchOptions, *,
              workers: int = 1, distribution: ToolsetDistribution | None = None, seed: int = 0,
              retry_failed: bool = True, ray_address: str | None = None, limit: int | None = None,
              progress: bool = True, stream: TextIO | None = None) -> dict[str, Any]:
    samples = dataset if isinstance(dataset, list) else load_dataset(dataset, limit)
    out = BatchOutput(out_dir, retry_failed=retry_failed)
    todo = [s for s in samples if s.id not in out.done]
    items = plan(todo, opts, distribution, seed)
    bar = Progress(len(items), stream, progress)

    def on_result(rec: dict[str, Any]) -> None:
        out.write(rec)
        bar.update(rec)

    t0 = time.perf_counter()
    lost = 0
    try:
        if not items:
            pass
        elif ray_address is not None:
            from hermes.research.batch_ray import run_on_ray

            lost = run_on_ray(items, opts, ray_address, on_result, local_cpus=workers)
        elif workers <= 1:
            from hermes.research.batch_local import run_in_process

            lost = run_in_process(items, opts, on_result)
        else:
            from hermes.research.batch_local import run_in_workers

            lost = run_in_workers(items, len(items), opts, workers, on_result)
    finally:
        out.close()
        bar.close()
    seconds = time.perf_counter() - t0
    ran = bar.done
    run = {"ran": ran, "skipped": len(samples) - len(todo), "lost": lost, "seconds": round(seconds, 3),
           "rate": round(ran / seconds, 2) if seconds > 0 else 0.0,
           "engine": "ray" if ray_address is not None else ("processes" if workers > 1 else "in-process"),
           "workers": workers, "concurrency": opts.concurrency, "seed": seed,
           "format": opts.fmt, "distribution": distribution.as_dict() if distribution else None}
    return summarize(out_dir, total=len(samples), run=run)
