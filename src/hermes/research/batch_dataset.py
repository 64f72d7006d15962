"""The batch runner's inputs: dataset lines and toolset distributions.

A dataset is JSONL, one sample a line:
  {"id": "q1", "prompt": "...", "toolsets": ["core"], "system": "...", "metadata": {...}}
Only "prompt" is required; a missing id becomes the line's index. "script" (steps in the format of
`hermes.testing.script`) is read only with the scripted model, so tests and benchmarks can make a
sample call tools without a real LLM.

A toolset distribution (JSON or YAML) says which toolsets a prompt gets when its line names none:
  {"sets": [{"toolsets": ["core"], "weight": 3}, {"toolsets": ["core", "web"], "weight": 1}]}
picks one weighted set per prompt, and the reference system's form
  {"toolsets": {"core": 100, "web": 30}}
includes each toolset independently with that percentage (at least one is always kept). The draw is
seeded by (seed, sample id), so it does not depend on worker count, order, or resuming.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


class DatasetError(ValueError):
    pass


@dataclass
class Sample:
    id: str
    prompt: str
    index: int
    toolsets: list[str] | None = None
    system: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    script: list[dict[str, Any]] | None = None


def parse_sample(d: Any, index: int) -> Sample:
    if not isinstance(d, dict):
        raise DatasetError(f"line {index + 1}: expected a JSON object")
    prompt = d.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        raise DatasetError(f"line {index + 1}: 'prompt' must be a non-empty string")
    toolsets = d.get("toolsets")
    if isinstance(toolsets, str):
        toolsets = [t.strip() for t in toolsets.split(",") if t.strip()]
    if toolsets is not None and not (isinstance(toolsets, list) and all(isinstance(t, str) for t in toolsets)):
        raise DatasetError(f"line {index + 1}: 'toolsets' must be a list of names")
    meta = d.get("metadata") or {}
    if not isinstance(meta, dict):
        raise DatasetError(f"line {index + 1}: 'metadata' must be an object")
    sid = d.get("id", index)
    return Sample(id=str(sid), prompt=prompt, index=index, toolsets=toolsets,
                  system=d.get("system") or None, metadata=meta, script=d.get("script"))


def load_dataset(path: str | Path, limit: int | None = None) -> list[Sample]:
    """All samples of a JSONL file; blank lines are skipped, a duplicate id is an error."""
    out: list[Sample] = []
    seen: set[str] = set()
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f):
            if not line.strip():
                continue
            try:
                d = json.loads(line)
            except ValueError as e:
                raise DatasetError(f"line {i + 1}: not JSON ({e})") from None
            s = parse_sample(d, i)
            if s.id in seen:
                raise DatasetError(f"line {i + 1}: duplicate id {s.id!r} (ids decide what a resumed run skips)")
            seen.add(s.id)
            out.append(s)
            if limit is not None and len(out) >= limit:
                break
    return out


@dataclass
class ToolsetDistribution:
    sets: list[tuple[list[str], float]] = field(default_factory=list)
    independent: dict[str, float] = field(default_factory=dict)  # toolset -> percent

    @classmethod
    def from_dict(cls, d: Any) -> "ToolsetDistribution":
        if not isinstance(d, dict):
            raise DatasetError("a toolset distribution is an object with 'sets' or 'toolsets'")
        if "sets" in d:
            sets = []
            for item in d["sets"]:
                names = item.get("toolsets") if isinstance(item, dict) else None
                weight = float(item.get("weight", 1)) if isinstance(item, dict) else 0
                if not isinstance(names, list) or weight < 0:
                    raise DatasetError(f"bad entry in 'sets': {item!r}")
                sets.append(([str(n) for n in names], weight))
            if not sets or sum(w for _, w in sets) <= 0:
                raise DatasetError("'sets' needs at least one entry with a positive weight")
            return cls(sets=sets)
        if isinstance(d.get("toolsets"), dict):
            probs = {str(k): float(v) for k, v in d["toolsets"].items()}
            if not probs or any(not 0 <= v <= 100 for v in probs.values()):
                raise DatasetError("'toolsets' maps each name to a percentage 0-100")
            return cls(independent=probs)
        raise DatasetError("a toolset distribution needs 'sets' (weighted) or 'toolsets' (percentages)")

    @classmethod
    def load(cls, path: str | Path, name: str | None = None) -> "ToolsetDistribution":
        text = Path(path).read_text(encoding="utf-8")
        try:
            data = json.loads(text)
        except ValueError:
            import yaml

            data = yaml.safe_load(text)
        if name is not None:  # a file of several named distributions
            if not isinstance(data, dict) or name not in data:
                raise DatasetError(f"no distribution named {name!r} in {path}")
            data = data[name]
        return cls.from_dict(data)

    def draw(self, sample_id: str, seed: int) -> list[str]:
        rng = random.Random(f"{seed}:{sample_id}")  # str seeds hash stably (sha512), unlike hash()
        if self.sets:
            names = [n for n, _ in self.sets]
            return list(rng.choices(names, weights=[w for _, w in self.sets])[0])
        chosen = [t for t, p in self.independent.items() if rng.random() * 100 < p]
        if not chosen:  # a prompt with no tools at all is not what a distribution asks for
            best = max(self.independent.values())
            chosen = [rng.choice([t for t, p in self.independent.items() if p == best])]
        return chosen

    def as_dict(self) -> dict[str, Any]:
        if self.sets:
            return {"sets": [{"toolsets": n, "weight": w} for n, w in self.sets]}
        return {"toolsets": dict(self.independent)}
