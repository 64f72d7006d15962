"""The curator: keeps the skill library small and relevant.

- Skills not used (viewed or used in a turn, created, installed) for N days are archived to
  `skills/.archive/` (recoverable with `hermes skills restore`, never deleted). Bundled and
  user-pinned skills are never archived.
- Overlapping skills (token overlap of names and descriptions) are reported with a merge
  suggestion: keep the more used one, fold the other in. With a ChatModel and `apply`, the model
  writes the merged SKILL.md (validated, threat-scanned, versioned) and the other is archived.

`curate()` runs synchronously (CLI); `acurate()` is the same for an event loop (scheduler).
"""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hermes.skills.model import SKILL_FILE, Skill, check_content
from hermes.skills.store import (USAGE_FILE, Catalog, SkillError, SkillStore, skills_root, update_json,
                                 usage)

DEFAULT_DAYS = 90
OVERLAP = 0.5
_STOP = {"the", "and", "for", "with", "from", "into", "that", "this", "when", "how", "use", "using",
         "your", "you", "its", "are", "skill", "skills", "via", "new", "all", "any", "can", "one"}

MERGE_PROMPT = """Merge these two overlapping skills into one SKILL.md.
Keep the front matter name exactly "{keep}". Write a description of at most 200 characters.
Keep every concrete step, pitfall and verification that still applies; drop duplicates and anything
that records a one-off environment failure. Answer with the complete SKILL.md only.

=== {keep} ===
{keep_text}

=== {other} ===
{other_text}
"""


@dataclass
class Overlap:
    keep: str
    merge: str
    score: float

    @property
    def suggestion(self) -> str:
        return f"merge '{self.merge}' into '{self.keep}', then archive '{self.merge}'"


@dataclass
class CurateReport:
    days: int
    stale: list[tuple[str, int]] = field(default_factory=list)  # (name, idle days)
    overlaps: list[Overlap] = field(default_factory=list)
    archived: list[str] = field(default_factory=list)
    merged: list[str] = field(default_factory=list)  # "other -> keep"
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"days": self.days, "stale": [{"name": n, "idle_days": d} for n, d in self.stale],
                "overlaps": [{"keep": o.keep, "merge": o.merge, "score": round(o.score, 2),
                              "suggestion": o.suggestion} for o in self.overlaps],
                "archived": self.archived, "merged": self.merged, "notes": self.notes}


def tokens(text: str) -> set[str]:
    out = set()
    for w in re.findall(r"[a-z0-9]+", text.lower()):
        if len(w) < 3 or w in _STOP:
            continue
        for suf in ("ing", "es", "ed", "s"):  # crude stemming: "deploying" ~ "deploy"
            if w.endswith(suf) and len(w) - len(suf) >= 4:
                w = w[: -len(suf)]
                break
        out.add(w)
    return out


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def similarity(a: Skill, b: Skill) -> float:
    whole = _jaccard(tokens(f"{a.name} {a.description}"), tokens(f"{b.name} {b.description}"))
    na, nb = tokens(a.name.replace("-", " ")), tokens(b.name.replace("-", " "))
    named = _jaccard(na, nb) if min(len(na), len(nb)) >= 2 else 0.0
    return max(whole, named)


def similar_to(cat: Catalog, name: str, description: str = "") -> list[str]:
    """Existing skills that look like the same task class as `name` (for a create-time hint)."""
    probe = Skill(name, description or name.replace("-", " "), Path(name) / SKILL_FILE)
    return [s.name for s in cat.skills.values() if s.name != name and similarity(probe, s) >= OVERLAP][:3]


def _last_activity(skill: Skill, use: dict[str, Any], pin: dict[str, Any]) -> float:
    row = use.get(skill.name, {})
    stamps = [row.get("last_used"), row.get("last_viewed"), row.get("created"), pin.get("pinned_at")]
    known = [float(t) for t in stamps if t]
    if known:
        return max(known)
    try:
        return skill.path.stat().st_mtime
    except OSError:
        return time.time()


def _rank(skill: Skill, use: dict[str, Any]) -> tuple:
    row = use.get(skill.name, {})
    return (skill.source == "bundled", int(row.get("uses", 0)), int(row.get("views", 0)),
            len(skill.description))


def find_overlaps(cat: Catalog, use: dict[str, Any]) -> list[Overlap]:
    skills = sorted(cat.skills.values(), key=lambda s: s.name)
    toks = [(s, tokens(f"{s.name} {s.description}")) for s in skills]
    out = []
    for i, (a, ta) in enumerate(toks):
        for b, tb in toks[i + 1:]:
            if not (ta & tb) and a.name.split("-")[0] != b.name.split("-")[0]:
                continue  # cheap reject keeps 500 skills fast
            score = similarity(a, b)
            if score >= OVERLAP:
                keep, other = (a, b) if _rank(a, use) >= _rank(b, use) else (b, a)
                if other.source != "bundled":
                    out.append(Overlap(keep.name, other.name, score))
    return sorted(out, key=lambda o: -o.score)


def _strip_fences(text: str) -> str:
    m = re.match(r"^\s*```[\w-]*\n(.*)\n```\s*$", text, re.S)
    return (m.group(1) if m else text).strip() + "\n"


async def _merge(store: SkillStore, keep: Skill, other: Skill, model: Any) -> str:
    from hermes.core.messages import Message
    from hermes.models.base import complete
    from hermes.skills.security import agent_write_problems

    prompt = MERGE_PROMPT.format(keep=keep.name, other=other.name, keep_text=keep.read_text(),
                                 other_text=other.read_text())
    done = await complete(model, [Message.system("You maintain a library of agent skills."),
                                  Message.user(prompt)])
    text = _strip_fences(done.message.content or "")
    check_content(keep.dir.name, text)
    problems = agent_write_problems(SKILL_FILE, text)
    if problems:
        raise SkillError(f"merged text refused by the security scan: {problems[0]}")
    store.write(keep, SKILL_FILE, text, f"merge {other.name}")
    store.archive(other, f"merged into {keep.name}")

    def fold(data: dict[str, Any]) -> None:
        src, dst = data.pop(other.name, {}), data.setdefault(keep.name, {})
        for k in ("views", "uses", "failures"):
            dst[k] = int(dst.get(k, 0)) + int(src.get(k, 0))
    update_json(skills_root(store.home) / USAGE_FILE, fold)
    return f"{other.name} -> {keep.name}"


async def acurate(home: Any, config: Any = None, *, days: int | None = None, apply: bool = False,
                  model: Any = None, now: float | None = None) -> CurateReport:
    cfg_days = getattr(getattr(config, "skills", None), "archive_after_days", None)
    report = CurateReport(days=int(days or cfg_days or DEFAULT_DAYS))
    store = SkillStore(home)
    cat = store.catalog()
    use, pins = usage(home), store.pins()
    now = now or time.time()
    for s in sorted(cat.skills.values(), key=lambda s: s.name):
        pin = pins.get(s.name, {})
        if s.source == "bundled" or pin.get("kind") == "user":
            continue
        idle = int((now - _last_activity(s, use, pin)) // 86400)
        if idle >= report.days:
            report.stale.append((s.name, idle))
    stale = {n for n, _ in report.stale}
    report.overlaps = [o for o in find_overlaps(cat, use) if o.keep not in stale and o.merge not in stale]
    if not apply:
        return report
    for name, _ in report.stale:
        try:
            store.archive(cat.skills[name], f"unused for {report.days}+ days")
            report.archived.append(name)
        except SkillError as e:
            report.notes.append(f"{name}: {e}")
    if model is None:
        return report
    touched: set[str] = set()
    for o in report.overlaps:
        if o.keep in touched or o.merge in touched:
            continue
        keep, other = cat.skills[o.keep], cat.skills[o.merge]
        if store.protection(keep) or store.protection(other):
            report.notes.append(f"{o.merge} / {o.keep}: protected; merge by hand")
            continue
        try:
            report.merged.append(await _merge(store, keep, other, model))
            touched |= {o.keep, o.merge}
        except Exception as e:  # a bad merge leaves both skills as they were
            report.notes.append(f"merge {o.merge} -> {o.keep} skipped: {e}")
    return report


def curate(home: Any, config: Any = None, **kw: Any) -> CurateReport:
    return asyncio.run(acurate(home, config, **kw))
