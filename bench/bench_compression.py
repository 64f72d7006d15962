"""Compression over a long scripted session: requests stay inside the window, planted facts survive.

    python bench/bench_compression.py [--turns 1000] [--window 32000] [--plot bench/compression.png]

A scripted model with a 32k window plays 1,000 user turns; every turn calls a tool returning a large
output. Facts are planted early; the scripted summarizer keeps only facts it is actually shown, so a
summary that dropped context would lose them. The run reports the largest request, how far requests
go past the threshold, whether every planted fact is still visible (verbatim or in a summary), that
the store kept every original message, and compression's own overhead on a 100k-token history.
A second run with a failing summarizer checks that trimming leaves no gap in the store.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

from hermes.core.agent import Agent, SessionState
from hermes.core.compression import Compressor, msg_tokens
from hermes.core.messages import Message
from hermes.state.sqlite import SQLiteStore
from hermes.testing import ScriptedModel, call, fail, reply
from hermes.testing.script import Step
from hermes.tools.registry import Registry, ToolContext, tool

FACTS = {3: "FACT: the release codename is KESTREL",
         40: "FACT: the staging database host is pg-stage-7",
         200: "FACT: the on-call engineer is Dana Whitfield"}


@tool(read_only=True)
async def fetch_logs(ctx: ToolContext, service: str) -> str:
    """Return recent logs of a service."""
    return "\n".join(f"{service} 2026-11-22T10:{i % 60:02d}:00 INFO request served in {i % 97} ms"
                     for i in range(180))


def summarizer(messages, tools):
    text = messages[-1].content
    kept = sorted({f"FACT:{part.split('FACT:', 1)[1].split(chr(10))[0]}".strip()
                   for part in text.split("\n") if "FACT:" in part})
    return Step(text="## Goal\nkeep the services healthy\n## Completed work\n" + "\n".join(kept))


async def run(turns: int, window: int, failing: bool, home: Path) -> dict:
    store = SQLiteStore(home / "state.db")
    info = store.create_session(source="bench")
    steps = []
    for i in range(turns):
        steps += [call("fetch_logs", {"service": f"svc{i % 7}"}), reply(f"turn {i} looks fine")]
    model = ScriptedModel(steps, context_window=window)
    aux = ScriptedModel([fail(500)] * 100_000) if failing else ScriptedModel([summarizer] * 100_000)
    comp = Compressor(window=window, threshold=0.5, keep_recent_tokens=6_000, store=store,
                      aux_models=[aux])
    agent = Agent(model, Registry([fetch_logs]), store=store, compactor=comp)
    st = SessionState(id=info.id, system_prompt="You watch services.")
    ctx = ToolContext(session_id=info.id)
    sizes: list[int] = []
    for i in range(turns):
        text = FACTS.get(i, f"check service {i % 7}")
        async for _ in agent.run_turn(st, text, ctx):
            pass
    for r in model.requests:
        sizes.append(sum(msg_tokens(m) for m in r["messages"]))
    visible = "\n".join(m.content or "" for m in st.history)
    originals = store.get_messages(info.id, include_compacted=True)
    user_originals = [m for m in originals if m.role == "user" and not m.summary]
    turn_tokens = (sizes[3] - sizes[1]) // 2 if len(sizes) > 3 else 0  # growth per turn
    return {"turns": turns, "requests": len(sizes), "window": window,
            "max_request_tokens": max(sizes), "threshold_tokens": comp.limit,
            "max_over_threshold": max(sizes) - comp.limit, "one_turn_tokens": turn_tokens,
            "within_threshold_plus_one_turn": max(sizes) <= comp.limit + turn_tokens,
            "never_exceeds_window": max(sizes) < window,
            "facts_kept": {f: f.split("FACT: ")[1] in visible for f in FACTS.values()},
            "store_kept_every_user_message": len(user_originals) == turns,
            "sizes": sizes}


def overhead(history_tokens: int = 100_000) -> float:
    """Median ms for deciding + shrinking + choosing the cut on a 100k-token history, with an
    instant summarizer (the summary call itself is excluded by making it free)."""
    times = []
    for _ in range(7):
        hist = [Message.user("FACT: x"), Message.assistant("ok")]
        while sum(map(msg_tokens, hist)) < history_tokens:
            c = call("fetch_logs", {"service": "a"}).tool_calls[0]
            hist += [Message.user("check"), Message.assistant(None, [c]),
                     Message.tool(c.id, "fetch_logs", "log line " * 600), Message.assistant("fine")]
        st = SessionState(id="x", system_prompt="s", history=hist)
        comp = Compressor(window=128_000, threshold=0.5, aux_models=[ScriptedModel([reply("## Goal\nx")])])
        t0 = time.perf_counter()
        asyncio.run(comp(st, None, False))
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def plot(sizes: list[int], baseline: list[int], window: int, threshold: int, path: Path) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    fig, ax = plt.subplots(figsize=(9, 4.5))
    ax.plot(baseline, label="keep everything (baseline)", color="#bbbbbb")
    ax.plot(sizes, label="Hermes with compression", color="#1f77b4")
    ax.axhline(window, color="red", linestyle="--", label=f"window {window:,}")
    ax.axhline(threshold, color="orange", linestyle=":", label=f"threshold {threshold:,}")
    ax.set_ylim(0, window * 1.6)
    ax.set_xlabel("model request")
    ax.set_ylabel("request tokens")
    ax.legend(loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--turns", type=int, default=1000)
    ap.add_argument("--window", type=int, default=32_000)
    ap.add_argument("--plot", default="bench/compression.png")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d1, tempfile.TemporaryDirectory() as d2:
        good = asyncio.run(run(a.turns, a.window, False, Path(d1)))
        bad = asyncio.run(run(min(a.turns, 300), a.window, True, Path(d2)))
    # Baseline: the same session keeping everything grows by one turn's tokens per request;
    # measure that growth before the first compression and extrapolate.
    sizes = good["sizes"]
    grow = (sizes[3] - sizes[1]) / 2 if len(sizes) > 3 else 0
    base = [int(sizes[0] + grow * i) for i in range(len(sizes))]
    drawn = plot(sizes, base, a.window, good["threshold_tokens"], Path(a.plot))
    out = {"with_summarizer": {k: v for k, v in good.items() if k != "sizes"},
           "failing_summarizer": {k: v for k, v in bad.items() if k != "sizes"},
           "overhead_ms_100k_history": round(overhead(), 2), "overhead_target_ms": 20,
           "plot": a.plot if drawn else "matplotlib not installed: no plot"}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
