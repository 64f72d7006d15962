"""A scheduled job's record: the Job fields, its retry policy, its JSON form (what jobs.json and
the PostgreSQL store hold) and the checks on the fields a user sets.

Times are floats (epoch seconds) in memory and ISO-8601 UTC strings in the JSON form; keys Hermes
does not know are kept in `extra` so a rewrite does not drop them.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field, fields
from typing import Any

from hermes.cron.schedule import Schedule, parse_schedule
from hermes.home import OWNER_SCOPE

MAX_PROMPT = 100_000
MAX_NAME = 200


@dataclass
class RetryPolicy:
    max_retries: int | None = None  # None: config cron.max_retries
    backoff_seconds: float = 30.0  # first wait; doubles on each further attempt

    def to_dict(self) -> dict[str, Any]:
        return {"max_retries": self.max_retries, "backoff_seconds": self.backoff_seconds}

    @classmethod
    def from_value(cls, value: Any) -> "RetryPolicy":
        if value is None:
            return cls()
        if isinstance(value, RetryPolicy):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            value = {"max_retries": value}
        if isinstance(value, dict):
            mr = value.get("max_retries")
            if mr is not None and (not isinstance(mr, int) or isinstance(mr, bool) or mr < 0):
                raise ValueError("retries.max_retries must be a whole number >= 0")
            backoff = value.get("backoff_seconds", 30.0)
            if not isinstance(backoff, (int, float)) or isinstance(backoff, bool) or backoff < 0:
                raise ValueError("retries.backoff_seconds must be a number >= 0")
            return cls(mr, float(backoff))
        raise ValueError("retries must be a number or {max_retries, backoff_seconds}")


@dataclass
class Job:
    id: str
    name: str
    schedule: str  # as written
    prompt: str
    scope: str = OWNER_SCOPE
    model: str | None = None  # "provider:model" or a model id
    toolsets: list[str] | None = None
    skills: list[str] = field(default_factory=list)  # loaded, in order, into each run's prompt
    deliver: list[str] = field(default_factory=list)  # besides the output file, always written
    enabled: bool = True
    created_at: float = 0.0
    updated_at: float = 0.0
    anchor_at: float = 0.0  # when the schedule was set: intervals and delays count from here
    next_run_at: float | None = None
    last_run_at: float | None = None
    last_status: str | None = None
    last_error: str | None = None
    last_delivery_error: str | None = None
    retries: RetryPolicy = field(default_factory=RetryPolicy)
    extra: dict[str, Any] = field(default_factory=dict)  # keys we do not know, kept on rewrite

    @property
    def state(self) -> str:
        if not self.enabled:
            return "paused"
        return "scheduled" if self.next_run_at is not None else "completed"

    def schedule_obj(self, tz: Any = None) -> Schedule:
        return parse_schedule(self.schedule, now=self.anchor_at or self.created_at, tz=tz)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in _FIELD_NAMES:
            v = getattr(self, name)
            if name.endswith("_at"):
                v = _iso(v)
            elif name == "retries":
                v = v.to_dict()
            out[name] = v
        out.update({k: v for k, v in self.extra.items() if k not in out})
        return out

    def public(self) -> dict[str, Any]:
        """What --json and the API show: the stored record plus its state."""
        d = self.to_dict()
        d["state"] = self.state
        return d

    @classmethod
    def from_dict(cls, d: Any, where: str = "job") -> "Job":
        if not isinstance(d, dict):
            raise ValueError(f"{where} is not an object")
        known = set(_FIELD_NAMES)
        for key in ("id", "prompt", "schedule"):
            if key not in d:
                raise ValueError(f"{where}: '{key}' is missing")
        sched = d["schedule"]
        if isinstance(sched, dict):  # the reference system's {"kind", "expr", "display"} form
            sched = _schedule_from_dict(sched)
        if not isinstance(d["id"], str) or not d["id"]:
            raise ValueError(f"{where}: 'id' must be a non-empty string")
        if not isinstance(d["prompt"], str) or not isinstance(sched, str):
            raise ValueError(f"{where}: 'prompt' and 'schedule' must be strings")
        deliver = d.get("deliver") or []
        if isinstance(deliver, str):
            deliver = [t for t in (p.strip() for p in deliver.split(",")) if t]
        toolsets = d.get("toolsets")
        if toolsets is not None and (not isinstance(toolsets, list)
                                     or not all(isinstance(t, str) for t in toolsets)):
            raise ValueError(f"{where}: 'toolsets' must be a list of names")
        skills = d.get("skills")
        if skills is None and isinstance(d.get("skill"), str):  # the older single-skill form
            skills = [d["skill"]]
        try:
            skills = check_skills(skills)
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
        try:
            times = {k: _from_iso(d.get(k), k) for k in ("created_at", "updated_at", "anchor_at",
                                                          "next_run_at", "last_run_at")}
            retries = RetryPolicy.from_value(d.get("retries"))
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
        job = cls(id=d["id"], name=str(d.get("name") or d["id"]), schedule=sched, prompt=d["prompt"],
                  scope=str(d.get("scope") or OWNER_SCOPE), model=d.get("model") or None,
                  toolsets=toolsets, skills=skills, deliver=[str(t) for t in deliver], enabled=d.get("enabled", True) is not False,
                  retries=retries, last_status=d.get("last_status"), last_error=d.get("last_error"),
                  last_delivery_error=d.get("last_delivery_error"),
                  extra={k: v for k, v in d.items() if k not in known and k != "skill"})
        job.created_at = times["created_at"] or 0.0
        job.updated_at = times["updated_at"] or job.created_at
        job.anchor_at = times["anchor_at"] or job.created_at
        job.next_run_at, job.last_run_at = times["next_run_at"], times["last_run_at"]
        return job


_FIELD_NAMES = tuple(f.name for f in fields(Job) if f.name != "extra")


def _schedule_from_dict(s: dict[str, Any]) -> str:
    kind = s.get("kind")
    if kind == "cron" and s.get("expr"):
        return str(s["expr"])
    if kind == "interval" and s.get("minutes"):
        return f"every {int(s['minutes'])}m"
    if kind == "once" and s.get("run_at"):
        return str(s["run_at"])
    return str(s.get("display") or s.get("expr") or "")


def _iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    d = _dt.datetime.fromtimestamp(ts, _dt.timezone.utc)
    return d.isoformat(timespec="seconds" if d.microsecond == 0 else "milliseconds").replace("+00:00", "Z")


def _from_iso(v: Any, key: str) -> float | None:
    if v is None or v == "":
        return None
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    if isinstance(v, str):
        try:
            d = _dt.datetime.fromisoformat(v.replace("z", "Z"))
        except ValueError:
            raise ValueError(f"'{key}' is not an ISO time: {v!r}") from None
        return (d if d.tzinfo else d.replace(tzinfo=_dt.timezone.utc)).timestamp()
    raise ValueError(f"'{key}' must be an ISO time string")


def default_name(prompt: str) -> str:
    words = " ".join(prompt.split())
    return words if len(words) <= 40 else words[:39].rsplit(" ", 1)[0] + "…"


# -- checks on what a user sets ----------------------------------------------------------------------

def check_prompt(prompt: Any) -> str:
    if not isinstance(prompt, str) or not prompt.strip():
        raise ValueError("the prompt is empty: say what the job should do")
    if len(prompt) > MAX_PROMPT:
        raise ValueError(f"the prompt is too long ({len(prompt):,} characters, at most {MAX_PROMPT:,})")
    return prompt.strip()


def check_name(name: Any) -> str | None:
    if name is None:
        return None
    name = " ".join(str(name).split())
    if len(name) > MAX_NAME:
        raise ValueError(f"the name is too long (at most {MAX_NAME} characters)")
    return name or None


def check_skills(skills: Any) -> list[str]:
    if skills is None:
        return []
    if isinstance(skills, str):
        skills = [t for t in (p.strip() for p in skills.split(",")) if t]
    if not isinstance(skills, list) or not all(isinstance(t, str) and t.strip() for t in skills):
        raise ValueError("skills must be a list of skill names")
    return [t.strip() for t in skills]


def check_toolsets(toolsets: Any) -> list[str] | None:
    if toolsets is None:
        return None
    if isinstance(toolsets, str):
        toolsets = [t for t in (p.strip() for p in toolsets.split(",")) if t]
    if not isinstance(toolsets, list) or not all(isinstance(t, str) and t for t in toolsets):
        raise ValueError("toolsets must be a list of toolset names")
    return toolsets or None


def check_deliver(deliver: Any) -> list[str]:
    from hermes.cron.delivery import normalize_targets

    return normalize_targets(deliver)
