"""Running batch samples on this machine: in this process, or in N worker processes.

Each worker process runs its own event loop with up to `concurrency` samples in flight (a real
model call is mostly waiting; the scripted model is CPU, so processes are what scale it). The parent
hands out samples a few at a time through a queue (memory stays bounded for any dataset size) and is
the only writer of the output, so records never interleave. Workers use the 'forkserver' start
method: no inherited threads or locks from the parent, cheaper than 'spawn' after the first.
"""

from __future__ import annotations

import asyncio
import os
import queue
import threading
from typing import Any, Callable, Iterable

from hermes.research.batch_dataset import Sample
from hermes.research.batch_sample import BatchOptions, run_samples

Item = tuple[Sample, "list[str] | None"]
OnResult = Callable[[dict[str, Any]], None]


def run_in_process(items: list[Item], opts: BatchOptions, on_result: OnResult) -> int:
    asyncio.run(run_samples(items, opts, on_result))
    return 0


def _orphan_guard(parent: int) -> None:
    # A parent killed with -9 cannot stop its workers; they stop themselves instead. (getppid()
    # would name the forkserver, not the runner: the parent's sentinel pipe is what tells.)
    import multiprocessing as mp

    handle = mp.parent_process()
    while True:
        if handle is not None:
            handle.join(0.5)
            if not handle.is_alive():
                os._exit(1)
        else:
            import time

            time.sleep(0.5)
            try:
                os.kill(parent, 0)
            except ProcessLookupError:
                os._exit(1)


def _worker_main(tasks: Any, results: Any, opts_json: str, parent: int) -> None:
    threading.Thread(target=_orphan_guard, args=(parent,), daemon=True).start()
    opts = BatchOptions.model_validate_json(opts_json)
    asyncio.run(_worker_loop(tasks, results, opts))


async def _worker_loop(tasks: Any, results: Any, opts: BatchOptions) -> None:
    from hermes.research.batch_sample import run_sample

    loop = asyncio.get_running_loop()
    sem = asyncio.Semaphore(opts.concurrency)
    running: set[asyncio.Task[None]] = set()

    async def one(sample: Sample, toolsets: list[str] | None) -> None:
        try:
            results.put(await run_sample(sample, opts, toolsets))
        finally:
            sem.release()

    while True:
        await sem.acquire()  # take a sample only when there is room to run it
        item = await loop.run_in_executor(None, tasks.get)
        if item is None:
            sem.release()
            break
        t = asyncio.create_task(one(*item))
        running.add(t)
        t.add_done_callback(running.discard)
    if running:
        await asyncio.gather(*running)


def run_in_workers(items: Iterable[Item], total: int, opts: BatchOptions, workers: int,
                   on_result: OnResult) -> int:
    """Run everything in `workers` processes; returns how many samples were lost to dead workers."""
    import multiprocessing as mp

    ctx = mp.get_context("forkserver")
    # workers fork from a server that has already imported the agent: start-up paid once
    ctx.set_forkserver_preload(["hermes.research.batch_sample", "hermes.runtime", "hermes.tools.builtin"])
    tasks, results = ctx.Queue(), ctx.Queue()
    procs = [ctx.Process(target=_worker_main, args=(tasks, results, opts.model_dump_json(), os.getpid()),
                         daemon=True, name=f"hermes-batch-{i}") for i in range(workers)]
    for p in procs:
        p.start()
    feed = iter(items)
    window = workers * (opts.concurrency + 1)  # enough queued that no worker waits for the parent
    sent = got = 0
    exhausted = False

    def top_up() -> None:
        nonlocal sent, exhausted
        while not exhausted and sent - got < window:
            nxt = next(feed, None)
            if nxt is None:
                exhausted = True
                for _ in procs:
                    tasks.put(None)
                return
            tasks.put(nxt)
            sent += 1

    try:
        top_up()
        while got < sent or not exhausted:
            try:
                rec = results.get(timeout=0.5)
            except queue.Empty:
                if not any(p.is_alive() for p in procs):
                    break  # every worker is gone: what is still out will not come back
                continue
            got += 1
            on_result(rec)
            top_up()
    finally:
        for p in procs:
            p.join(timeout=5)
            if p.is_alive():
                p.kill()
    return max(sent - got, 0) + (total - sent if not exhausted else 0)
