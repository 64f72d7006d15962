"""External memory provider figures: what the runtime adds to a turn, and the disk queue's speed.

    python bench/bench_memory_provider.py [--turns 200] [--queued 500]

turn:  median/p95 turn time through the real runtime (scripted model, SQLite store) without a
       provider, with an instant in-process provider, and with the Mem0 SDK against the local
       Mem0 emulator over loopback (skipped when mem0ai is not installed).
queue: fsync'd append per record, then delivery of the whole backlog oldest first.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


async def turns(home_dir: Path, n: int, memory: dict, setup=None) -> list[float]:
    from hermes.config import Config
    from hermes.home import Home
    from hermes.runtime import Hermes
    from hermes.testing import ScriptedModel

    home = Home(home_dir).ensure()
    cfg = Config.model_validate({"memory": {"review_interval": 0, **memory}})
    h = Hermes(home, cfg, model=ScriptedModel([]), secrets={})
    if setup:
        setup(h)
    conv = h.open()
    out = []
    for i in range(n):
        t = time.perf_counter()
        await conv.ask(f"question number {i} about the garden")
        out.append((time.perf_counter() - t) * 1000)
    await conv.close()
    await h.close_memory()
    h.store.close()
    return out


def report(label: str, xs: list[float]) -> None:
    print(f"{label:<34} median {statistics.median(xs):6.2f} ms   p95 {pct(xs, 0.95):6.2f} ms   (n={len(xs)})")


async def main(args: argparse.Namespace) -> None:
    import memory_provider_support as sup
    from hermes.memory import provider_runtime
    from hermes.memory.provider import ProviderScope, TurnRecord

    with tempfile.TemporaryDirectory() as tmp:
        tmp_p = Path(tmp)
        report("turn, no provider", await turns(tmp_p / "a", args.turns, {}))
        fake = sup.FakeProvider()

        class _MP:  # what monkeypatch does in the tests
            def setitem(self, d, k, v):
                d[k] = v
        sup.install(_MP(), provider=fake)
        report("turn, instant provider", await turns(tmp_p / "b", args.turns, {"provider": "mem0"}))
        provider_runtime.MODULES["mem0"] = "hermes.memory.providers.mem0"
        try:
            import importlib.util

            if importlib.util.find_spec("mem0") is None:
                raise ImportError
            os.environ.setdefault("MEM0_TELEMETRY", "False")
            from hermes.testing.mem0_api import API_KEY, Mem0API

            os.environ["MEM0_API_KEY"] = API_KEY
            with Mem0API() as api:
                report("turn, Mem0 SDK + emulator", await turns(
                    tmp_p / "c", args.turns, {"provider": "mem0", "providers": {"mem0": {"base_url": api.base_url}}}))
        except ImportError:
            print("turn, Mem0 SDK + emulator: skipped (mem0ai not installed)")

        q = provider_runtime.queue_for(type("H", (), {"root": tmp_p / "q"})(), "fake")
        t = time.perf_counter()
        for i in range(args.queued):
            q.append(TurnRecord(ProviderScope("owner"), f"turn {i}", "ok", time.time()))
        per = (time.perf_counter() - t) * 1000 / args.queued
        print(f"{'queue append (fsync)':<34} {per:6.3f} ms per record (n={args.queued})")
        active = provider_runtime.ActiveProvider(sup.FakeProvider(), q, timeout=2.0)
        t = time.perf_counter()
        sent = await active.flush()
        took = time.perf_counter() - t
        print(f"{'queue flush, instant provider':<34} {sent} records in {took:.2f} s "
              f"({sent / took:,.0f}/s; an fsync'd id per delivery, a rewrite per 200)")
        await active.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=200)
    ap.add_argument("--queued", type=int, default=500)
    asyncio.run(main(ap.parse_args()))
