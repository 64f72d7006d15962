"""The embedded `local` provider (SmolLM2-135M-Instruct through llama-cpp-python), in process.

    python bench/bench_local.py [--runs 5] [--max-tokens 128]

Uses the real Hermes request: the system prompt a new session gets in a fresh home, plus the
default tool schemas (13 tools, decoded under the JSON grammar). Two modes:

- `text`: the system prompt alone, answers streamed token by token;
- `tools`: the system prompt + the default tools; the reply appears once its JSON is parsed, so its
  "first token" is the whole reply.

Reports the load time, the cold first turn (nothing cached), and over --runs fresh sessions sharing
the loaded model: turn 1 (the system prompt already cached by an earlier session) and turn 2 (the
whole first turn cached), median seconds to the first visible text. Generation speed is measured on
one longer streamed answer. Then the README's main job as a user runs it, `hermes chat -Q -q` in a
fresh home (a new process each time): the first run evaluates the prompt and saves its state under
HERMES_HOME/cache/local, later runs load it. Prints JSON, then a short table. Target: turn 2 first
token <= 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

QUESTIONS = ["What is the capital of France?", "Name three primary colours.", "What is 12 times 7?",
             "Suggest a name for a cat.", "What day comes after Monday?", "Is the sun a star?",
             "Give me a synonym for happy.", "How many legs does a spider have?"]
FOLLOW_UPS = ["Thanks. And why?", "Tell me a bit more.", "Can you say that in fewer words?"]


async def turn(model, messages, tools, max_tokens):
    from hermes.models.base import ModelDone, TextChunk

    start = time.perf_counter()
    first = None
    async for c in model.stream(messages, tools, max_tokens=max_tokens, seed=1):
        if first is None and isinstance(c, (TextChunk, ModelDone)):
            first = time.perf_counter() - start
        if isinstance(c, ModelDone):
            return first, time.perf_counter() - start, c
    raise RuntimeError("no ModelDone")


async def session(model, system, tools, q, f, max_tokens):
    from hermes.core.messages import Message

    msgs = [Message.system(system), Message.user(q)]
    t1, _, done = await turn(model, msgs, tools, max_tokens)
    msgs += [done.message]
    if done.message.tool_calls:  # answer the call so the history stays a valid conversation
        c = done.message.tool_calls[0]
        msgs.append(Message.tool(c.id, c.name, "(not run in this benchmark)"))
    msgs.append(Message.user(f))
    t2, _, done2 = await turn(model, msgs, tools, max_tokens)
    content = (done2.message.content or "").lstrip()
    kind = "tool call" if done2.message.tool_calls else "cut JSON" if content.startswith("{") else "answer"
    return t1, t2, kind


def hermes_request() -> tuple[str, list[dict]]:
    from hermes.config import Config
    from hermes.home import Home
    from hermes.runtime import Hermes
    from hermes.testing import ScriptedModel

    with tempfile.TemporaryDirectory() as d:
        home = Home(Path(d)).ensure()
        h = Hermes(home, Config(), model=ScriptedModel(), secrets={})
        conv = h.open(source="bench")
        system, schemas = conv.state.system_prompt, conv.agent._schemas
        h.store.close()
    return system, schemas


async def main(runs: int, max_tokens: int) -> dict:
    from hermes.core.messages import Message
    from hermes.models.local import DEFAULT_MODEL_NAME, LocalModel, default_model_path
    from hermes.models.local_tools import tools_block

    system, schemas = hermes_request()
    model = LocalModel(default_model_path(), DEFAULT_MODEL_NAME)
    t0 = time.perf_counter()
    await model.load()
    load_s = time.perf_counter() - t0
    from hermes.models.local_engine import _ENGINES

    llm = next(iter(_ENGINES.values())).llm
    tokens = {"system_prompt": len(llm.tokenize(system.encode())),
              "tools_block": len(llm.tokenize(tools_block(schemas, False).encode()))}
    out: dict = {"model": DEFAULT_MODEL_NAME, "path": default_model_path(), "load_s": round(load_s, 2),
                 "prompt_tokens": tokens, "runs": runs, "max_tokens": max_tokens, "modes": {}}
    qi = iter(QUESTIONS * 4)
    for mode, tools in (("text", None), ("tools", schemas)):
        cold_first, _, cold = await turn(model, [Message.system(system), Message.user(next(qi))], tools,
                                         max_tokens)
        t1s, t2s, kinds = [], [], []
        for i in range(runs):
            t1, t2, kind = await session(model, system, tools, next(qi), FOLLOW_UPS[i % len(FOLLOW_UPS)],
                                         max_tokens)
            t1s.append(t1)
            t2s.append(t2)
            kinds.append(kind)
        answers = [t for t, k in zip(t2s, kinds) if k == "answer"]
        out["modes"][mode] = {
            "cold_turn1_first_s": round(cold_first, 2), "cold_prompt_tokens": cold.usage.input_tokens,
            "warm_turn1_first_s_median": round(statistics.median(t1s), 3),
            "turn2_first_s_median": round(statistics.median(t2s), 3),
            "turn2_first_s_all": [round(x, 3) for x in t2s], "turn2_replies": kinds,
            # an answer streams from its first character; a tool call shows up whole, once parsed
            "turn2_answer_first_s_median": round(statistics.median(answers), 3) if answers else None}
    # Generation speed: one longer streamed answer, counted from its first token.
    first, total, done = await turn(model, [Message.system(system), Message.user(
        "Write a short story about a lighthouse keeper and a storm.")], None, 200)
    n = done.usage.output_tokens
    out["generation_tokens_per_s"] = round((n - 1) / (total - first), 1) if n > 1 else None
    out["generation_tokens"] = n
    out["target_turn2_first_s"] = 1.0
    out["chat_q_process"] = process_starts(runs)
    return out


def process_starts(runs: int) -> dict:
    """Wall time of `hermes chat -Q -q` with the embedded model: the first run in a fresh home, then
    the median of later runs (each a new process, the prompt state loaded from disk)."""
    exe = shutil.which("hermes")
    if exe is None:
        return {}
    home = tempfile.mkdtemp(prefix="hermes-bench-local-")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "HERMES_", "ANTHROPIC_"))}
    env["HERMES_HOME"] = home

    def once(q: str) -> float:
        t = time.perf_counter()
        subprocess.run([exe, "chat", "-Q", "-q", q], env=env, check=True, capture_output=True, timeout=600)
        return time.perf_counter() - t

    try:
        first = once(QUESTIONS[0])
        later = [once(q) for q in QUESTIONS[1:1 + runs]]
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return {"first_run_s": round(first, 2), "later_runs_s_median": round(statistics.median(later), 2),
            "later_runs_s_all": [round(x, 2) for x in later]}


def table(r: dict) -> str:
    rows = [("load", f"{r['load_s']:.2f} s")]
    for mode, m in r["modes"].items():
        rows += [(f"{mode}: turn 1, cold ({m['cold_prompt_tokens']} prompt tokens)",
                  f"{m['cold_turn1_first_s']:.2f} s"),
                 (f"{mode}: turn 1, system prompt cached (median)", f"{m['warm_turn1_first_s_median']:.2f} s"),
                 (f"{mode}: turn 2 first token (median of {r['runs']})", f"{m['turn2_first_s_median']:.2f} s")]
        if mode != "text":
            n = m["turn2_replies"].count("answer")
            rows.append((f"{mode}: turn 2, answers only ({n} of {r['runs']})",
                         f"{m['turn2_answer_first_s_median']:.2f} s" if n else "-"))
    rows.append(("generation", f"{r['generation_tokens_per_s']} tokens/s"))
    p = r.get("chat_q_process") or {}
    if p:
        rows += [("`hermes chat -Q -q`, first run in a fresh home", f"{p['first_run_s']:.2f} s"),
                 ("`hermes chat -Q -q`, later runs (state from disk), median", f"{p['later_runs_s_median']:.2f} s")]
    w = max(len(a) for a, _ in rows)
    return "\n".join(f"{a:<{w}}  {b}" for a, b in rows)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--max-tokens", type=int, default=128)
    a = ap.parse_args()
    result = asyncio.run(main(a.runs, a.max_tokens))
    print(json.dumps(result, indent=2))
    print()
    print(table(result))
