"""Running batch samples as Ray tasks: Ray schedules, retries and spreads them over its cluster.

A task is a chunk of samples run in one event loop, `concurrency` at a time, so a worker overlaps
model calls the way a local worker does, and the per-task overhead is paid once per chunk. The parent keeps a bounded number of chunks in flight and writes each chunk's records as it
comes back, so a run stopped at any point resumes with only the unfinished chunks. Workers read
config and secrets from `user_home` on their own machine: no key travels with a task.

Address: "local" starts a Ray instance for this run; "auto" joins the one `ray start` runs here;
anything else is a cluster address (ray://host:10001 or host:6379). An already initialised Ray
(a notebook, a test) is used as it is.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from hermes.research.batch_dataset import Sample
from hermes.research.batch_sample import BatchOptions

EXTRA_HINT = "Ray is not installed: pip install 'hermes-recall[ray]' (or pip install ray)"


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RuntimeError(EXTRA_HINT) from None
    return ray


def _run_chunk(items: list[tuple[Sample, list[str] | None]], opts_json: str) -> list[dict[str, Any]]:
    from hermes.research.batch_sample import run_samples

    opts = BatchOptions.model_validate_json(opts_json)
    return asyncio.run(run_samples(items, opts))


def _failed(sample: Sample, toolsets: list[str] | None, error: str) -> dict[str, Any]:
    return {"id": sample.id, "prompt_index": sample.index, "completed": False, "partial": False,
            "error": error, "toolsets": toolsets, "turns": 0, "tokens": {}, "tool_stats": {},
            "metadata": sample.metadata}


def run_on_ray(items: list[tuple[Sample, list[str] | None]], opts: BatchOptions, address: str,
               on_result: Callable[[dict[str, Any]], None], local_cpus: int | None = None) -> int:
    ray = _import_ray()
    started_here = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"ignore_reinit_error": True, "log_to_driver": False,
                                  "include_dashboard": False}
        if address not in ("", "local"):
            kwargs["address"] = address
        elif local_cpus:
            kwargs["num_cpus"] = local_cpus  # a Ray started for this run gets --workers CPUs
        ray.init(**kwargs)
        started_here = True
    try:
        task = ray.remote(num_cpus=1, max_retries=2)(_run_chunk)
        opts_json = opts.model_dump_json()
        cpus = int(ray.cluster_resources().get("CPU", 1))
        # About four chunks per CPU, each at least `concurrency` samples and at most 16 rounds of them:
        # fewer, larger tasks measured faster (a task start costs far more than a scripted sample),
        # and a stopped run loses at most the chunks in flight.
        size = min(max(len(items) // (4 * cpus), opts.concurrency), 16 * opts.concurrency)
        chunks = [items[i:i + size] for i in range(0, len(items), size)]
        window = max(2, 2 * cpus)  # keep every CPU busy, and no more in the object store than that
        pending: dict[Any, list[tuple[Sample, list[str] | None]]] = {}
        nxt = 0
        while nxt < len(chunks) or pending:
            while nxt < len(chunks) and len(pending) < window:
                pending[task.remote(chunks[nxt], opts_json)] = chunks[nxt]
                nxt += 1
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                chunk = pending.pop(ref)
                try:
                    recs = ray.get(ref)
                except Exception as e:  # the task failed past Ray's retries: its samples failed
                    recs = [_failed(s, ts, f"ray: {type(e).__name__}: {str(e)[:300]}") for s, ts in chunk]
                for rec in recs:
                    on_result(rec)
    finally:
        if started_here:
            ray.shutdown()
    return 0
