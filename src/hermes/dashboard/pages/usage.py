"""Usage: tokens and cost per day and per model, drawn as SVG bar charts on the server (no chart
library, no script), and the sessions that cost the most.

The store keeps usage per session (its totals), not per call, so a session counts on the UTC day of
its last activity. Two aggregate queries (`usage_by_day`, `costliest_sessions`) do the work, so the
page stays fast however many sessions the store holds.
"""

from __future__ import annotations

import time
from typing import Any

from hermes.dashboard.app import Page, render

PERIODS = (7, 30, 90, 365)
DAY = 86400


def _days(request: Any) -> int:
    try:
        d = int(request.query_params.get("days", "30"))
    except ValueError:
        return 30
    return d if d in PERIODS else 30


def _num(n: float) -> str:
    """Compact axis labels: 950, 12k, 3.4M."""
    for unit, div in (("M", 1e6), ("k", 1e3)):
        if abs(n) >= div:
            v = n / div
            return f"{v:.1f}{unit}".replace(".0" + unit, unit) if v < 10 else f"{v:.0f}{unit}"
    return f"{n:.0f}"


def _nice_max(v: float) -> float:
    """The axis top: the next of 1, 2, 2.5, 5 x 10^k at or above v."""
    if v <= 0:
        return 1.0
    import math

    base = 10 ** math.floor(math.log10(v))
    for m in (1, 2, 2.5, 5, 10):
        if v <= m * base:
            return m * base
    return 10 * base


def bar_chart(labels: list[str], series: list[tuple[str, list[float]]], *, title: str, money: bool = False,
              width: int = 720, height: int = 220) -> Any:
    """Stacked vertical bars as SVG markup; every bar has a <title> with its exact values."""
    from markupsafe import Markup, escape

    left, bottom, top = 48, 22, 8
    n = max(len(labels), 1)
    plot_w, plot_h = width - left - 4, height - bottom - top
    totals = [sum(s[1][i] for s in series) for i in range(len(labels))]
    ymax = _nice_max(max(totals, default=0))
    fmt = (lambda v: f"${v:,.4f}") if money else (lambda v: f"{v:,.0f}")
    axis = (lambda v: "$" + (f"{v:.2f}" if v < 10 else _num(v))) if money else _num
    out = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}" '
           f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>']
    for k in range(5):  # horizontal grid lines with their values
        v = ymax * k / 4
        y = top + plot_h - plot_h * k / 4
        out.append(f'<line class="axis" x1="{left}" x2="{width - 4}" y1="{y:.1f}" y2="{y:.1f}"/>'
                   f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{escape(axis(v))}</text>')
    slot = plot_w / n
    bar_w = max(slot * 0.75, 1.0)
    every = max(1, round(n / 8))  # at most ~8 x labels, so they never overlap
    for i, label in enumerate(labels):
        x = left + i * slot + (slot - bar_w) / 2
        y = top + plot_h
        tip = "; ".join(f"{name} {fmt(vals[i])}" for name, vals in series)
        for j, (name, vals) in enumerate(series):
            h = plot_h * vals[i] / ymax
            if h <= 0:
                continue
            y -= h
            cls = "bar out" if j else "bar"
            out.append(f'<rect class="{cls}" x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" height="{h:.1f}">'
                       f'<title>{escape(label)}: {escape(tip)}</title></rect>')
        if i % every == 0:
            out.append(f'<text x="{x + bar_w / 2:.1f}" y="{height - 6}" text-anchor="middle">{escape(label)}</text>')
    out.append("</svg>")
    return Markup("".join(out))


def summarize(rows: list[Any], days: int, today: int) -> dict[str, Any]:
    """Per-day series (every day of the period, zeros included; weeks past 90 days, so a year stays
    readable and small) and per-model totals."""
    first = today - days + 1
    step = 7 if days > 90 else 1
    per_day = {d: [0, 0, 0.0] for d in range(first, today + 1, step)}
    models: dict[str, dict[str, Any]] = {}
    for r in rows:
        bucket = first + (r.day - first) // step * step
        if bucket in per_day:
            acc = per_day[bucket]
            acc[0] += r.input_tokens; acc[1] += r.output_tokens; acc[2] += r.cost_usd
        m = models.setdefault(r.model or "(unknown)", {"model": r.model or "(unknown)", "sessions": 0,
                                                      "input": 0, "output": 0, "cost": 0.0})
        m["sessions"] += r.sessions; m["input"] += r.input_tokens; m["output"] += r.output_tokens
        m["cost"] += r.cost_usd
    day_keys = sorted(per_day)
    labels = [time.strftime("%b %d", time.gmtime(d * DAY)) for d in day_keys]
    by_model = sorted(models.values(), key=lambda m: (-m["cost"], -(m["input"] + m["output"])))
    totals = {"sessions": sum(m["sessions"] for m in by_model), "input": sum(m["input"] for m in by_model),
              "output": sum(m["output"] for m in by_model), "cost": sum(m["cost"] for m in by_model)}
    return {"labels": labels, "input": [per_day[d][0] for d in day_keys],
            "output": [per_day[d][1] for d in day_keys], "cost": [per_day[d][2] for d in day_keys],
            "models": by_model, "totals": totals}


async def index(request: Any) -> Any:
    from starlette.concurrency import run_in_threadpool

    srv = request.app.state.srv
    store = srv.hermes.store
    days = _days(request)
    today = int(time.time() // DAY)
    since = float((today - days + 1) * DAY)
    rows = await run_in_threadpool(store.usage_by_day, since=since)
    top = await run_in_threadpool(store.costliest_sessions, since=since, limit=10)
    s = summarize(rows, days, today)
    per = "week" if days > 90 else "day"
    tokens_chart = bar_chart(s["labels"], [("input", s["input"]), ("output", s["output"])],
                             title=f"Tokens per {per}, last {days} days (input and output)")
    cost_chart = bar_chart(s["labels"], [("cost", s["cost"])], title=f"Cost per {per}, last {days} days", money=True)
    models = s["models"][:12]
    model_tokens = bar_chart([m["model"] for m in models],
                             [("input", [m["input"] for m in models]), ("output", [m["output"] for m in models])],
                             title="Tokens per model", height=200)
    model_cost = bar_chart([m["model"] for m in models], [("cost", [m["cost"] for m in models])],
                           title="Cost per model", money=True, height=200)
    top_rows = [{"info": t, "title": srv.scrub(t.title) if t.title else ""} for t in top]
    return render(request, "usage.html", current="usage", title="Usage", days=days, periods=PERIODS,
                  tokens_chart=tokens_chart, cost_chart=cost_chart, model_tokens=model_tokens,
                  model_cost=model_cost, per=per, models=s["models"], totals=s["totals"], top=top_rows,
                  when=lambda ts: time.strftime("%Y-%m-%d %H:%M", time.localtime(ts)))


def _routes() -> list[Any]:
    from starlette.routing import Route

    return [Route("/ui/usage", index)]


PAGE = Page("usage", "Usage", _routes())
