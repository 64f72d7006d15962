"""Skills index cost: build_index over many skills in a temp HERMES_HOME.

    python bench/bench_skills.py [--skills 500] [--runs 50]

Prints JSON: cold (first call in a fresh process state: every SKILL.md parsed, cache written),
restart (in-process memo dropped, on-disk front-matter cache used, as a new CLI process would) and
warm (median of repeated calls) milliseconds; tokens per skill line in the index and the index
total against the configured budget (with and without a budget large enough for every skill).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

WORDS = ("deploy build test migrate review summarize rotate backup restore profile debug monitor "
         "index search render convert schedule audit package release bisect benchmark").split()
OBJECTS = ("django app, postgres database, tls certificates, docker image, git history, api client, "
           "nginx config, python package, cron jobs, log files, s3 bucket, react frontend").split(", ")


def make_skill(root: Path, i: int) -> None:
    verb, obj = WORDS[i % len(WORDS)], OBJECTS[(i // len(WORDS)) % len(OBJECTS)]
    name = f"{verb}-{obj.replace(' ', '-')}-{i}"
    desc = (f"{verb.capitalize()} a {obj} safely, with checks before, the exact commands, common failures "
            f"and how to verify the result (variant {i}).")
    extra = "requires_tools: [terminal]\n" if i % 3 == 0 else ""
    d = root / name
    d.mkdir(parents=True)
    (d / "SKILL.md").write_text(f"---\nname: {name}\ndescription: {desc}\nversion: 1.0.0\n"
                                f"tags: [{verb}, bench]\n{extra}metadata:\n  hermes:\n    category: bench\n---\n"
                                f"# {name}\n## Procedure\n1. step one\n2. step two\n## Verification\n- check\n")


def main(n: int, runs: int) -> dict:
    from hermes.config import Config
    from hermes.core.messages import estimate_tokens
    from hermes.home import Home
    from hermes.skills import store
    from hermes.skills.index import build_index

    tools = ["terminal", "skill_view", "skill_manage", "skills_list"]
    with tempfile.TemporaryDirectory() as tmp:
        home = Home(Path(tmp)).ensure()
        for i in range(n):
            make_skill(home.skills_dir, i)
        (home.skills_dir / store.NO_BUNDLED_MARKER).touch()
        big = Config()
        big.skills.index_token_budget = 100_000

        t0 = time.perf_counter()
        full = build_index(home, big, tools)
        cold = (time.perf_counter() - t0) * 1000
        store._memo.clear()
        store._disk_merged.clear()
        t0 = time.perf_counter()
        build_index(home, big, tools)
        restart = (time.perf_counter() - t0) * 1000
        warm = []
        for _ in range(runs):
            t0 = time.perf_counter()
            build_index(home, Config(), tools)
            warm.append((time.perf_counter() - t0) * 1000)
        budgeted = build_index(home, Config(), tools)

    lines = [ln for ln in full.splitlines() if ln.startswith("- ")]
    per_line = [estimate_tokens(ln + "\n") for ln in lines]
    return {
        "skills": n,
        "cold_ms": round(cold, 2),
        "restart_ms": round(restart, 2),
        "warm_median_ms": round(statistics.median(warm), 2),
        "target_median_ms": 50,
        "indexed_skills_full_budget": len(lines),
        "tokens_per_skill_mean": round(statistics.mean(per_line), 1),
        "tokens_per_skill_max": max(per_line),
        "target_tokens_per_skill_max": 40,
        "index_tokens_full": estimate_tokens(full),
        "index_tokens_default_budget": estimate_tokens(budgeted),
        "default_budget": Config().skills.index_token_budget,
        "listed_under_default_budget": sum(1 for ln in budgeted.splitlines() if ln.startswith("- ")),
    }


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--skills", type=int, default=500)
    ap.add_argument("--runs", type=int, default=50)
    a = ap.parse_args()
    print(json.dumps(main(a.skills, a.runs), indent=2))
