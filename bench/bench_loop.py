"""Loop overhead per turn, in process: scripted model answering at once, real SQLite store writes.

    python bench/bench_loop.py [--turns 2000]

Prints JSON: median and p95 milliseconds per turn (no tools) for the whole `Conversation.send`,
which includes building the request, streaming the scripted reply and the store transaction.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path


async def main(turns: int) -> dict:
    from hermes.config import Config
    from hermes.core.events import Final
    from hermes.home import Home
    from hermes.runtime import Hermes
    from hermes.testing import ScriptedModel

    with tempfile.TemporaryDirectory() as d:
        home = Home(Path(d)).ensure()
        h = Hermes(home, Config(), model=ScriptedModel(), secrets={})
        conv = h.open(source="bench")
        samples = []
        for i in range(turns):
            t0 = time.perf_counter()
            async for ev in conv.send(f"message number {i}"):
                if isinstance(ev, Final):
                    assert ev.text == f"message number {i}"
            samples.append((time.perf_counter() - t0) * 1000)
        await conv.close()
        stored = len(h.store.get_messages(conv.id))
        h.store.close()
    samples.sort()
    return {"turns": turns, "stored_messages": stored,
            "median_ms": round(statistics.median(samples), 3),
            "p95_ms": round(samples[int(len(samples) * 0.95)], 3),
            "target_median_ms": 3.0}


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--turns", type=int, default=2000)
    print(json.dumps(asyncio.run(main(ap.parse_args().turns)), indent=2))
