"""Everyday agent tasks with a real model: success per task, model calls, tokens and time.

Each task runs in a fresh HERMES_HOME and working directory, through the same runtime the CLI
uses, with nobody to approve commands (dangerous ones are denied, as for the API and cron).

    python bench/bench_tasks.py                                   # the embedded model (SmolLM2)
    python bench/bench_tasks.py --model-path /work/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf
    python bench/bench_tasks.py --base-url http://localhost:11434/v1 --model qwen2.5-coder:1.5b
    python bench/bench_tasks.py --tasks write_file,no_tools --repeat 3 --json out.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from task_catalog import Run, Task, by_name  # noqa: E402


def model_config(args: argparse.Namespace) -> dict[str, Any]:
    if args.base_url:
        return {"provider": "custom", "base_url": args.base_url, "default": args.model or "default"}
    cfg: dict[str, Any] = {"provider": "local"}
    if args.model_path:
        cfg["path"] = os.path.abspath(args.model_path)
    if args.context:
        cfg["context_window"] = args.context
    return cfg


async def run_task(task: Task, model_cfg: dict[str, Any], *, model: Any = None,
                   toolsets: list[str] | None = None, timeout: float | None = None) -> dict[str, Any]:
    """One task in a fresh home; `model` (a ChatModel) replaces the configured one (tests).
    Past `timeout` seconds the running turn is stopped (as /stop does) and the task fails."""
    import yaml

    from hermes.config import load_config
    from hermes.core.events import Final, ToolStarted, UsageEvent
    from hermes.home import Home
    from hermes.runtime import Hermes

    root = Path(tempfile.mkdtemp(prefix=f"hermes-task-{task.name}-"))
    work, home = root / "work", Home(root / "home").ensure()
    work.mkdir()
    cfg = {"model": model_cfg, "terminal": {"cwd": str(work)}, "memory": {"review_interval": 0},
           "toolsets": toolsets or ["core", "memory", "skills", "cron"]}
    home.config_file.write_text(yaml.safe_dump(cfg))
    task.setup(work, home)
    run = Run(work, home)
    calls = tokens_in = tokens_out = 0
    t0 = time.perf_counter()
    error = None
    try:
        sessions = task.sessions(run) if callable(task.sessions) else task.sessions
        for i in range(len(sessions)):
            prompt = (task.sessions(run) if callable(task.sessions) else sessions)[i]  # may read the home
            h = Hermes(home, load_config(home), model=model)
            conv = h.open(source="cli", interactive=False)
            group: list[str] = []
            answer = ""
            cancel = asyncio.Event()
            left = None if timeout is None else timeout - (time.perf_counter() - t0)
            timer = asyncio.get_running_loop().call_later(max(left, 0.0), cancel.set) if left is not None else None
            async for ev in conv.send(prompt, cancel):
                if isinstance(ev, ToolStarted):
                    group.append(ev.name)
                elif isinstance(ev, UsageEvent):
                    calls += 1
                    tokens_in += ev.usage.input_tokens
                    tokens_out += ev.usage.output_tokens
                    run.tools.append(group)
                    group = []
                elif isinstance(ev, Final):
                    answer = ev.text
            if timer is not None:
                timer.cancel()
            if cancel.is_set():
                error = f"stopped after the {timeout:.0f} s task limit"
            run.tools = [g for g in run.tools if g] + ([group] if group else [])
            run.answers.append(answer)
            await conv.close()
            h.store.close()
        ok = bool(task.check(run)) and error is None
    except Exception as e:  # a crash is a failed task, reported, not a dead benchmark
        ok, error = False, f"{type(e).__name__}: {e}"
    return {"task": task.name, "ok": ok, "model_calls": calls, "tokens_in": tokens_in, "tokens_out": tokens_out,
            "seconds": round(time.perf_counter() - t0, 2), "answer": run.last[:300], "tools": run.tools,
            "error": error}


def summary(results: list[dict[str, Any]]) -> dict[str, Any]:
    times = [r["seconds"] for r in results]
    return {"passed": sum(r["ok"] for r in results), "total": len(results),
            "median_seconds": round(statistics.median(times), 1) if times else 0.0,
            "median_model_calls": statistics.median([r["model_calls"] for r in results]) if results else 0,
            "tokens_in": sum(r["tokens_in"] for r in results), "tokens_out": sum(r["tokens_out"] for r in results)}


async def main_async(args: argparse.Namespace) -> int:
    cfg = model_config(args)
    results = []
    for task in by_name(args.tasks):
        for _ in range(args.repeat):
            r = await run_task(task, cfg, timeout=args.task_timeout or None)
            results.append(r)
            mark = "ok  " if r["ok"] else "FAIL"
            print(f"{mark} {r['task']:22s} {r['seconds']:7.1f}s  calls {r['model_calls']:2d}  "
                  f"tokens {r['tokens_in']:6d}/{r['tokens_out']:<5d} tools {r['tools']}"
                  + (f"  error: {r['error']}" if r["error"] else ""), flush=True)
            if not r["ok"] and args.verbose:
                print(f"     answer: {r['answer']!r}")
    s = summary(results)
    print(f"\n{s['passed']}/{s['total']} tasks passed; median {s['median_seconds']} s per task, "
          f"median {s['median_model_calls']} model calls; tokens {s['tokens_in']} in / {s['tokens_out']} out")
    if args.json:
        Path(args.json).write_text(json.dumps({"config": cfg, "summary": s, "results": results}, indent=1))
    return 0


def main() -> None:
    ap = argparse.ArgumentParser(description="Everyday agent tasks against a real model.")
    ap.add_argument("--model-path", help="A GGUF file to run in process (default: the embedded model).")
    ap.add_argument("--base-url", help="An OpenAI-compatible endpoint instead of a local model.")
    ap.add_argument("--model", help="Model id at --base-url.")
    ap.add_argument("--context", type=int, help="Context window for a local model.")
    ap.add_argument("--tasks", help="Comma-separated task names (default: all twelve).")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--task-timeout", type=float, default=600.0,
                    help="Stop a task's running turn after this many seconds (default 600; 0: no limit).")
    ap.add_argument("--json", help="Write all results to this file.")
    ap.add_argument("-v", "--verbose", action="store_true", help="Show the answer of failed tasks.")
    raise SystemExit(asyncio.run(main_async(ap.parse_args())))


if __name__ == "__main__":
    main()
