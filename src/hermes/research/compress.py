"""Trajectory compression: fit long agent trajectories under a training length without breaking them.

Per sample: the system prompt, the first exchange (human, gpt and its tool responses) and the last N
turns stay verbatim; one contiguous span of the middle becomes a single human turn holding a summary
written by the auxiliary model through the same summariser as context compression
(`hermes.core.compression.Compressor`). The span is only as long as needed to fit. It always starts
after the first exchange and ends just before a gpt turn, so a tool call never loses its response
and no two gpt turns meet. Samples already under the target are written unchanged (byte for byte);
a sample whose summary fails is kept as it was and counted, never dropped silently.
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Iterable

from hermes.core.messages import Message
from hermes.research.formats import from_openai, from_sharegpt
from hermes.research.tokens import ESTIMATE, TokenCounter

SUMMARY_HEADER = "[Summary of the earlier part of this conversation]"
Summarize = Callable[[list[Message]], Awaitable[str | None]]
_ROLE = {"system": "system", "human": "user", "gpt": "assistant", "tool": "tool"}
_CALL = re.compile(r"<tool_call>")


@dataclass
class Unit:
    """One turn as the record holds it, with what compression needs to know about it."""
    raw: dict[str, Any]
    role: str
    calls: bool
    tokens: int


def units_of(rec: dict[str, Any], count: TokenCounter) -> tuple[str, list[Unit]]:
    if "conversations" in rec:
        out = []
        for t in rec["conversations"]:
            v = t.get("value") or ""
            out.append(Unit(t, _ROLE.get(t.get("from", ""), "?"), bool(_CALL.search(v)), count(v)))
        return "sharegpt", out
    if "messages" in rec:
        out = []
        for m in rec["messages"]:
            calls = m.get("tool_calls") or []
            content = m.get("content")
            text = content if isinstance(content, str) else json.dumps(content) if content else ""
            out.append(Unit(m, m.get("role", "?"), bool(calls),
                            count(text) + (count(json.dumps(calls, ensure_ascii=False)) if calls else 0)))
        return "openai", out
    raise ValueError("not a trajectory record: no 'conversations' or 'messages'")


def problems(roles_calls: Iterable[tuple[str, bool]]) -> list[str]:
    """What makes a conversation unusable for training: a tool call with no response after it, a
    tool response with no call before it, two assistant turns in a row."""
    out: list[str] = []
    prev: tuple[str, bool] | None = None
    seq = list(roles_calls)
    for i, (role, calls) in enumerate(seq):
        if role == "assistant" and prev is not None and prev[0] == "assistant":
            out.append(f"turn {i}: two assistant turns in a row")
        if role == "tool" and (prev is None or not (prev[0] == "tool" or (prev[0] == "assistant" and prev[1]))):
            out.append(f"turn {i}: tool response without a call")
        if role == "assistant" and calls and (i + 1 >= len(seq) or seq[i + 1][0] != "tool"):
            out.append(f"turn {i}: tool call without a response")
        prev = (role, calls)
    return out


def _head_end(units: list[Unit]) -> int:
    i = 0
    while i < len(units) and units[i].role == "system":
        i += 1
    if i < len(units) and units[i].role == "user":
        i += 1
    if i < len(units) and units[i].role == "assistant":
        i += 1
        while i < len(units) and units[i].role == "tool":
            i += 1
    return i


def _tail_start(units: list[Unit], head_end: int, keep_last: int) -> int:
    t = max(head_end, len(units) - keep_last)
    while head_end < t < len(units) and units[t].role == "tool":
        t -= 1  # never keep responses without the call that asked for them
    return t


def _summary_unit(fmt: str, text: str, count: TokenCounter) -> Unit:
    value = f"{SUMMARY_HEADER}\n\n{text}"
    raw = {"from": "human", "value": value} if fmt == "sharegpt" else {"role": "user", "content": value}
    return Unit(raw, "user", False, count(value))


def _messages(fmt: str, units: list[Unit]) -> list[Message]:
    raws = [u.raw for u in units]
    return from_sharegpt(raws) if fmt == "sharegpt" else from_openai(raws)


@dataclass
class Outcome:
    status: str  # under_target | compressed | over_target | failed
    before: int
    after: int
    line: str
    replaced: int = 0


async def compress_record(rec: dict[str, Any], line: str, *, target: int, summarize: Summarize,
                          count: TokenCounter = ESTIMATE, keep_last: int = 4,
                          summary_guess: int = 600, attempts: int = 3) -> Outcome:
    fmt, units = units_of(rec, count)
    before = sum(u.tokens for u in units)
    if before <= target:
        return Outcome("under_target", before, before, line)
    a = _head_end(units)
    t = _tail_start(units, a, keep_last)
    if a == 0 or units[a - 1].role == "user":
        return Outcome("failed", before, before, line)  # no first answer to anchor the summary after
    # candidate span ends: just before an assistant turn (the summary is a human turn)
    ends = [j for j in range(a + 1, t + 1) if j < len(units) and units[j].role == "assistant"]
    if not ends:
        return Outcome("over_target", before, before, line)
    prefix = [0]
    for u in units:
        prefix.append(prefix[-1] + u.tokens)
    guess = summary_guess
    best: tuple[int, list[Unit], int] | None = None
    tried: set[int] = set()
    for _ in range(attempts):
        need = before - target + guess
        b = next((j for j in ends if prefix[j] - prefix[a] >= need), ends[-1])
        if b in tried:
            break
        tried.add(b)
        text = await summarize(_messages(fmt, units[a:b]))
        if not text:
            break
        summary = _summary_unit(fmt, text, count)
        out = units[:a] + [summary] + units[b:]
        after = sum(u.tokens for u in out)
        if best is None or after < best[0]:
            best = (after, out, b - a)
        if after <= target or b == ends[-1]:
            break
        guess = summary.tokens  # the summary came out longer than guessed: cut a longer span
    if best is None:
        return Outcome("failed", before, before, line)
    after, out, replaced = best
    if problems((u.role, u.calls) for u in out) and not problems((u.role, u.calls) for u in units):
        return Outcome("failed", before, before, line)  # never emit a conversation we broke
    new = dict(rec)
    new["conversations" if fmt == "sharegpt" else "messages"] = [u.raw for u in out]
    new["compression"] = {"original_tokens": before, "compressed_tokens": after,
                          "ratio": round(after / before, 4), "turns_replaced": replaced,
                          "tokenizer": count.name}
    status = "compressed" if after <= target else "over_target"
    return Outcome(status, before, after, json.dumps(new, ensure_ascii=False) + "\n", replaced)


@dataclass
class Report:
    tokenizer: str
    target: int
    counts: dict[str, int] = field(default_factory=lambda: {
        "total": 0, "under_target": 0, "compressed": 0, "over_target": 0, "failed": 0, "unreadable": 0})
    tokens_before: int = 0
    tokens_after: int = 0
    ratios: list[float] = field(default_factory=list)  # after/before of each compressed sample

    def as_dict(self) -> dict[str, Any]:
        r = self.ratios
        return {"tokenizer": self.tokenizer, "target_tokens": self.target, **self.counts,
                "tokens_before": self.tokens_before, "tokens_after": self.tokens_after,
                "overall_ratio": round(self.tokens_after / self.tokens_before, 4) if self.tokens_before else 1.0,
                "mean_ratio_compressed": round(sum(r) / len(r), 4) if r else None}


async def compress_file(src: str, dst: str, *, target: int, summarize: Summarize,
                        count: TokenCounter = ESTIMATE, keep_last: int = 4, workers: int = 4,
                        window: int = 64) -> Report:
    """Compress every line of `src` into `dst` (same order); unreadable lines are left out and counted."""
    import os

    rep = Report(count.name, target)
    sem = asyncio.Semaphore(max(1, workers))

    async def one(line: str) -> Outcome | None:
        try:
            rec = json.loads(line)
            units_of(rec, count)
        except ValueError:
            return None
        async with sem:
            return await compress_record(rec, line if line.endswith("\n") else line + "\n", target=target,
                                         summarize=summarize, count=count, keep_last=keep_last)

    tmp = f"{dst}.part"
    with open(src, encoding="utf-8") as fin, open(tmp, "w", encoding="utf-8") as fout:
        batch: list[str] = []

        async def flush() -> None:
            for res in await asyncio.gather(*(one(ln) for ln in batch)):
                rep.counts["total"] += 1
                if res is None:
                    rep.counts["unreadable"] += 1
                    continue
                rep.counts[res.status] += 1
                rep.tokens_before += res.before
                rep.tokens_after += res.after
                if res.status in ("compressed", "over_target") and res.after < res.before:
                    rep.ratios.append(res.after / res.before)
                fout.write(res.line)
            batch.clear()

        for line in fin:
            if line.strip():
                batch.append(line)
            if len(batch) >= window:
                await flush()
        await flush()
    os.replace(tmp, dst)  # a crash leaves no half-written output under the real name
    return rep


def compressor_summarize(comp: Any) -> Summarize:
    """The summariser contract of context compression (prompt, retries, fallback chain) as a callable."""
    async def run(messages: list[Message]) -> str | None:
        return await comp._summarize(messages, "")
    return run
