"""The batch runner's output directory: append-only JSONL that survives kill -9, and the summary.

    DIR/trajectories.jsonl   one line per completed sample (ShareGPT or OpenAI record + metadata)
    DIR/failed.jsonl         one line per failed sample (what it did so far + the error)
    DIR/summary.json         totals over both files, rewritten atomically at the end of a run

Only the parent process writes, one whole line per write() followed by a flush, so a killed run
leaves at most one torn last line; opening the directory again cuts that line off and rebuilds the
set of finished ids from the files, which is what makes a rerun skip exactly the finished samples.
fsync runs at most once a second (and at close): kill -9 cannot lose flushed data, only a power cut
can, and an fsync per line would cost more than the whole of a scripted sample.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

TRAJECTORIES = "trajectories.jsonl"
FAILED = "failed.jsonl"
SUMMARY = "summary.json"


def _repair(path: Path) -> None:
    """Cut a torn last line (no newline, or not JSON) so new lines start clean."""
    if not path.exists():
        return
    with open(path, "rb+") as f:
        data = f.read()
        keep = len(data)
        if data and not data.endswith(b"\n"):
            keep = data.rfind(b"\n") + 1
        else:
            last_start = data.rfind(b"\n", 0, max(len(data) - 1, 0)) + 1
            if data and not _parses(data[last_start:]):
                keep = last_start
        if keep != len(data):
            f.truncate(keep)


def _parses(line: bytes) -> bool:
    try:
        json.loads(line)
        return True
    except ValueError:
        return False


def read_records(path: Path) -> Iterator[dict[str, Any]]:
    if not path.exists():
        return
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                try:
                    yield json.loads(line)
                except ValueError:
                    continue  # a torn line left by a killed run is not a record


class BatchOutput:
    def __init__(self, out_dir: str | Path, *, retry_failed: bool = True):
        self.dir = Path(out_dir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.ok_path, self.failed_path = self.dir / TRAJECTORIES, self.dir / FAILED
        _repair(self.ok_path)
        _repair(self.failed_path)
        self.completed = {str(r.get("id")) for r in read_records(self.ok_path)}
        failed = [r for r in read_records(self.failed_path) if str(r.get("id")) not in self.completed]
        if retry_failed and failed:
            # failures get another chance: the file keeps only what will not run again
            self._rewrite(self.failed_path, [])
            failed = []
        elif len(failed) != sum(1 for _ in read_records(self.failed_path)):
            self._rewrite(self.failed_path, failed)
        self.failed = {str(r.get("id")) for r in failed}
        self._ok = open(self.ok_path, "a", encoding="utf-8")
        self._bad = open(self.failed_path, "a", encoding="utf-8")
        self._synced = time.monotonic()

    @property
    def done(self) -> set[str]:
        return self.completed | self.failed

    def _rewrite(self, path: Path, records: list[dict[str, Any]]) -> None:
        tmp = path.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            for r in records:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)

    def write(self, rec: dict[str, Any]) -> None:
        sid = str(rec.get("id"))
        if sid in self.completed or sid in self.failed:
            return  # a duplicate (e.g. a Ray task retried after a lost node) is not written twice
        f = self._ok if rec.get("completed") else self._bad
        f.write(json.dumps(rec, ensure_ascii=False) + "\n")
        f.flush()
        (self.completed if rec.get("completed") else self.failed).add(sid)
        if time.monotonic() - self._synced > 1.0:
            self.sync()

    def sync(self) -> None:
        for f in (self._ok, self._bad):
            os.fsync(f.fileno())
        self._synced = time.monotonic()

    def close(self) -> None:
        if not self._ok.closed:
            self.sync()
            self._ok.close()
            self._bad.close()


def summarize(out_dir: str | Path, *, total: int | None = None, run: dict[str, Any] | None = None
              ) -> dict[str, Any]:
    """Totals over everything in DIR (all runs of it), plus figures of the last run."""
    d = Path(out_dir)
    completed = failed = 0
    tokens = Counter()
    tools: dict[str, Counter] = {}
    turns: list[int] = []
    errors = Counter()
    for path in (d / TRAJECTORIES, d / FAILED):
        for r in read_records(path):
            if r.get("completed"):
                completed += 1
                turns.append(int(r.get("turns", 0)))
            else:
                failed += 1
                errors[(r.get("error") or "unknown").split(":")[0][:80]] += 1
            for k, v in (r.get("tokens") or {}).items():
                tokens[k] += int(v)
            for name, st in (r.get("tool_stats") or {}).items():
                tools.setdefault(name, Counter()).update(st)
    calls = sum(c["count"] for c in tools.values()) or 1
    out = {
        "total": total if total is not None else completed + failed,
        "completed": completed,
        "failed": failed,
        "tokens": dict(tokens),
        "median_turns": statistics.median(turns) if turns else 0,
        "mean_turns": round(statistics.fmean(turns), 3) if turns else 0,
        "tool_calls": sum(c["count"] for c in tools.values()),
        "tool_distribution": {n: {"count": c["count"], "success": c["success"], "failure": c["failure"],
                                  "share": round(c["count"] / calls, 4)}
                              for n, c in sorted(tools.items(), key=lambda kv: -kv[1]["count"])},
        "errors": dict(errors.most_common(20)),
    }
    if run:
        out["last_run"] = run
    tmp = d / (SUMMARY + ".tmp")
    tmp.write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, d / SUMMARY)
    return out


def format_summary(s: dict[str, Any]) -> str:
    lines = [f"completed {s['completed']}, failed {s['failed']} of {s['total']}; "
             f"median turns {s['median_turns']}; tokens {s['tokens'].get('total', 0):,} "
             f"(in {s['tokens'].get('input', 0):,}, out {s['tokens'].get('output', 0):,})"]
    run = s.get("last_run")
    if run:
        lines.append(f"this run: {run['ran']} samples in {run['seconds']:.1f}s "
                     f"({run['rate']:.1f}/s), {run['skipped']} already done")
    if s["tool_distribution"]:
        lines.append("tool calls: " + ", ".join(f"{n} {v['count']} ({v['share']:.0%})"
                                                for n, v in s["tool_distribution"].items()))
    for err, n in s["errors"].items():
        lines.append(f"  failed x{n}: {err}")
    return "\n".join(lines)
