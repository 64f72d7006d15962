"""web_fetch benchmark: a generated ~1 MB article page fetched over loopback and turned into Markdown.

Serves the page from a local Starlette server (tools.web.allow_private on, since it is 127.0.0.1),
calls the web_fetch tool the way the agent loop does, and prints the median and p90 wall time of
the whole call (request, streaming read, HTML -> Markdown) and of the conversion alone. Goal: a
median of 150 ms or less.

    python bench/bench_web_fetch.py [--runs N] [--kb SIZE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time

from hermes.config import Config
from hermes.testing.http_emulator import LoopbackServer
from hermes.tools import web
from hermes.tools.registry import ToolContext

WORDS = ("bridge harbour council engineers cable deck repair traffic steel survey budget euros "
         "commuters lane cyclists buses route weekend ferry tunnel corrosion segment inspection").split()


def article_page(target_bytes: int, seed: int = 7) -> str:
    """A news-like page: nav, ads and footer around an article of paragraphs, headings and lists."""
    rnd = random.Random(seed)
    nav = "<header><nav>" + "".join(f'<a href="/s{i}">Section {i}</a>' for i in range(30)) + "</nav></header>"
    ad = '<div class="ad-banner"><a href="https://ads.example.net/c">BUY NOW</a></div>'
    parts, size, i = [], 0, 0
    while size < target_bytes:
        i += 1
        sentence = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(25, 60)))
        block = f'<p>{sentence.capitalize()}, see <a href="/ref/{i}">note {i}</a>.</p>'
        if i % 12 == 0:
            block = f"<h2>Part {i // 12}</h2>" + block
        if i % 30 == 0:
            block += "<ul>" + "".join(f"<li>{rnd.choice(WORDS)} item {j}</li>" for j in range(5)) + "</ul>"
        parts.append(block)
        size += len(block)
    return (f"<!doctype html><html><head><title>Benchmark article</title></head><body>{nav}{ad}"
            f"<main><article><h1>Benchmark article</h1>{''.join(parts)}</article></main>"
            f"<footer>Copyright</footer></body></html>")


class PageServer(LoopbackServer):
    def __init__(self, html: str):
        self.html = html

    def _app(self):
        from starlette.applications import Starlette
        from starlette.responses import HTMLResponse
        from starlette.routing import Route

        return Starlette(routes=[Route("/article", lambda r: HTMLResponse(self.html))])


def summary(times: list[float]) -> dict[str, float]:
    ms = sorted(t * 1000 for t in times)
    return {"median_ms": round(statistics.median(ms), 1), "p90_ms": round(ms[int(len(ms) * 0.9) - 1], 1)}


async def measure(url: str, html: str, runs: int) -> dict[str, dict[str, float]]:
    ctx = ToolContext(config=Config(tools={"web": {"allow_private": True}}))
    out = await web.web_fetch.func(ctx, url)  # warm-up: imports, first connection
    assert "Benchmark article" in out, out[:500]
    fetch, convert = [], []
    for _ in range(runs):
        t = time.perf_counter()
        await web.web_fetch.func(ctx, url)
        fetch.append(time.perf_counter() - t)
        t = time.perf_counter()
        web.html_to_markdown(html, url)
        convert.append(time.perf_counter() - t)
    return {"web_fetch": summary(fetch), "html_to_markdown": summary(convert)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--kb", type=int, default=1000)
    args = ap.parse_args()
    html = article_page(args.kb * 1000)
    with PageServer(html) as server:
        result = asyncio.run(measure(f"http://127.0.0.1:{server.port}/article", html, args.runs))
    result["page_bytes"] = len(html.encode())
    print(json.dumps(result, indent=2))
    print(f"median web_fetch of a {len(html) / 1e6:.2f} MB page: {result['web_fetch']['median_ms']} ms "
          "(goal <= 150 ms)")


if __name__ == "__main__":
    main()
