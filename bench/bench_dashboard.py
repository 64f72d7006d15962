"""Dashboard benchmark: server time of every page against the 10,000-session / 1,000,000-message store.

Reuses the store `bench_store.py` builds and caches under bench/out/home (first run builds it, ~100 s),
serves it with the real app in process (httpx ASGITransport, no sockets), logs in once, then times each
page: every registered page's main route (hermes.dashboard.app.PAGES, pages not built yet are skipped)
plus the Sessions page's heavier views (a deep page, a filter, a search, a transcript, an export) and
Usage over a year. Median and max over --runs requests after two warm-ups; prints a table and JSON.

    python bench/bench_dashboard.py [--runs 20] [--budget-ms 50]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

KEY = "bench-dashboard-key-0123456789abcdef"


def hermes_for(home_dir: Path):
    from hermes.config import load_config
    from hermes.home import Home
    from hermes.runtime import Hermes
    from hermes.testing import ScriptedModel

    home = Home(home_dir).ensure()
    return Hermes(home, load_config(home), model=ScriptedModel())


async def measure(app, targets: list[tuple[str, list[str]]], runs: int) -> list[dict]:
    """Each target's URLs are requested in turn (a search cycles through different queries)."""
    import httpx

    out = []
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench") as c:
        r = await c.post("/ui/login", data={"key": KEY})
        assert r.status_code == 303, r.text
        for name, urls in targets:
            times, status, size = [], 0, 0
            for i in range(runs + 2):
                url = urls[i % len(urls)]
                t0 = time.perf_counter()
                r = await c.get(url)
                el = time.perf_counter() - t0
                status, size = r.status_code, len(r.content)
                if i >= 2:  # the first two warm caches and lazy imports
                    times.append(el)
            out.append({"page": name, "url": urls[0], "status": status, "bytes": size,
                        "median_ms": round(statistics.median(times) * 1000, 2),
                        "max_ms": round(max(times) * 1000, 2)})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--budget-ms", type=float, default=50.0)
    ap.add_argument("--sessions", type=int, default=10_000)
    ap.add_argument("--per-session", type=int, default=100)
    args = ap.parse_args()

    import bench_store

    home_dir = bench_store.ensure_db(args.sessions, args.per_session, False)
    from hermes.dashboard.app import loaded_pages
    from hermes.server.app import create_app

    hermes = hermes_for(home_dir)
    app = create_app(hermes, api_key=KEY)
    store = hermes.store
    some = store.list_sessions(limit=1, offset=args.sessions // 2)[0]
    queries = bench_store.queries(args.runs + 2)  # the store bench's plain-language queries
    targets = [(p.title, [f"/ui/{p.slug}"]) for p in loaded_pages()]
    slugs = {p.slug for p in loaded_pages()}
    if "sessions" in slugs:
        from urllib.parse import quote_plus

        targets += [("Sessions, page 150", ["/ui/sessions?page=150"]),
                    ("Sessions, source filter", ["/ui/sessions?source=telegram"]),
                    ("Sessions, search", [f"/ui/sessions?q={quote_plus(q)}" for q in queries]),
                    ("Sessions, transcript", [f"/ui/sessions/{some.id}"]),
                    ("Sessions, export md", [f"/ui/sessions/{some.id}/export?format=md"])]
    if "usage" in slugs:
        targets += [("Usage, 365 days", ["/ui/usage?days=365"])]
    rows = asyncio.run(measure(app, targets, args.runs))
    # The same queries on the store alone, right after: what of the search page's time is the search.
    alone = []
    for q in queries[2:]:
        t0 = time.perf_counter()
        store.search(q, limit=20, context=0)
        alone.append(time.perf_counter() - t0)
    store_search_ms = round(statistics.median(alone) * 1000, 2)
    store.close()

    print(f"{'page':28} {'status':>6} {'KB':>7} {'median ms':>10} {'max ms':>8}")
    for r in rows:
        flag = "" if r["median_ms"] <= args.budget_ms and r["status"] == 200 else "  <-- over budget or failed"
        print(f"{r['page']:28} {r['status']:>6} {r['bytes'] / 1024:>7.1f} {r['median_ms']:>10.2f} "
              f"{r['max_ms']:>8.2f}{flag}")
    print(f"{'(store.search alone)':28} {'':>6} {'':>7} {store_search_ms:>10.2f}")
    print(json.dumps({"sessions": args.sessions, "messages": args.sessions * args.per_session, "runs": args.runs,
                      "budget_ms": args.budget_ms, "store_search_alone_median_ms": store_search_ms, "pages": rows}, indent=2))
    if any(r["median_ms"] > args.budget_ms or r["status"] != 200 for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
