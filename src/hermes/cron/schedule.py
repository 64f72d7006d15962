"""Schedule strings: parse what the user wrote into something that answers "when next?".

Grammar (case-insensitive, minute resolution; times without a zone are in the configured zone,
config `cron.timezone`, default the machine's local zone):

    every <N><unit>           repeat every N units, counted from when the schedule was set
                              (units: m/min/minute(s), h/hr/hour(s), d/day(s)); every 30m, every 2h,
                              every 1d. "every minute|hour|day" means N = 1. Elapsed time, so
                              "every 1d" ignores daylight-saving shifts: use "at" for a wall-clock time.
    every <days> at <time>    wall-clock time on the given days: day, weekday, weekend, a weekday
                              name (mon..sun, monday..sunday) or a comma list (mon,wed,fri);
                              time is H:MM (24 h) or H[:MM]am/pm: every day at 09:00,
                              every weekday at 9:00, every mon,thu at 6:30pm
    <N><unit> | in <N><unit>  once, N units after the schedule was set: 30m, 2h, 1d, in 45m
    <ISO timestamp>           once: 2026-12-01T09:00, 2026-12-01 09:00:30, 2026-12-01T09:00+01:00, ...Z
    <cron expression>         five fields, minute hour day-of-month month day-of-week (croniter),
                              or an @alias (@hourly, @daily, @weekly, @monthly, @yearly)

`parse_schedule(text, now, tz)` returns a `Schedule`; `.next_after(dt)` gives the first fire time
strictly after dt, or None when a one-shot has no more.
"""

from __future__ import annotations

import datetime as _dt
import math
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

EXAMPLES = ("every 30m", "every weekday at 09:00", "0 9 * * 1-5", "2h (once, in two hours)",
            "2026-12-01T09:00 (once)")

_UNITS = {"m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
          "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
          "d": 86400, "day": 86400, "days": 86400}
_DAY_SPELLINGS = ("sun sunday", "mon monday", "tue tues tuesday", "wed weds wednesday",
                  "thu thur thurs thursday", "fri friday", "sat saturday")
_DAY_NAMES = {w: n for n, words in enumerate(_DAY_SPELLINGS) for v in words.split() for w in (v, v + "s")}
_DAY_GROUPS = {"day": "*", "days": "*", "weekday": "1-5", "weekdays": "1-5", "weekend": "0,6",
               "weekends": "0,6"}

_DURATION = re.compile(r"^(\d+)\s*([a-z]+)$")
_EVERY = re.compile(r"^every\s+(?:(\d+)\s*)?([a-z]+)$")
_EVERY_AT = re.compile(r"^every\s+([a-z,\s]+?)\s+at\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$")
_ISO_HINT = re.compile(r"^\d{4}-\d{2}-\d{2}")
_CRON_FIELD = re.compile(r"^[\d*/,\-]+$")

MAX_INTERVAL = 366 * 86400


class ScheduleError(ValueError):
    """A schedule the user wrote that we cannot use; the message says why and shows valid ones."""


def _error(text: str, why: str) -> ScheduleError:
    return ScheduleError(f"invalid schedule {text!r}: {why}. Examples: " + ", ".join(EXAMPLES) + ".")


# -- time zones ---------------------------------------------------------------------------------

def local_zone() -> _dt.tzinfo:
    """The machine's zone as an IANA zone when it can be named (so DST rules apply), else a fixed offset."""
    from zoneinfo import ZoneInfo

    name = os.environ.get("TZ", "").lstrip(":")
    candidates = [name] if name else []
    try:
        target = os.path.realpath("/etc/localtime")
        if "zoneinfo/" in target:
            candidates.append(target.split("zoneinfo/", 1)[1])
    except OSError:
        pass
    try:
        candidates.append(Path("/etc/timezone").read_text().strip())
    except OSError:
        pass
    for c in candidates:
        try:
            return ZoneInfo(c)
        except Exception:
            continue
    return _dt.datetime.now().astimezone().tzinfo or _dt.timezone.utc


def resolve_tz(name: str | _dt.tzinfo | None) -> _dt.tzinfo:
    """config `cron.timezone` (an IANA name such as Europe/Paris) -> tzinfo; None -> local zone."""
    if isinstance(name, _dt.tzinfo):
        return name
    if not name:
        return local_zone()
    from zoneinfo import ZoneInfo

    try:
        return ZoneInfo(name)
    except Exception:
        raise ScheduleError(f"cron.timezone {name!r} is not a known IANA time zone "
                            "(examples: UTC, Europe/Paris, America/New_York)") from None


def _aware(value: _dt.datetime | float | None, tz: _dt.tzinfo) -> _dt.datetime:
    if value is None:
        return _dt.datetime.now(tz)
    if isinstance(value, (int, float)):
        return _dt.datetime.fromtimestamp(value, tz)
    return value.replace(tzinfo=tz) if value.tzinfo is None else value.astimezone(tz)


def _localize(naive: _dt.datetime, tz: _dt.tzinfo) -> _dt.datetime:
    """Wall-clock time -> aware (PEP 495 fold=0): a time skipped by a spring-forward jump lands just
    after the jump (02:30 -> 03:30), and a time repeated by a fall-back jump means its first occurrence."""
    return naive.replace(tzinfo=tz, fold=0)


# -- the schedule ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Schedule:
    text: str  # as the user wrote it
    kind: Literal["interval", "cron", "once"]
    tz: _dt.tzinfo
    interval: float = 0.0  # seconds (interval)
    anchor: float = 0.0  # UNIX time the interval counts from (interval)
    expr: str = ""  # cron expression (cron; "every ... at" compiles to one)
    run_at: float | None = None  # UNIX time (once)

    @property
    def one_shot(self) -> bool:
        return self.kind == "once"

    def next_after(self, dt: _dt.datetime | float) -> _dt.datetime | None:
        """The first fire time strictly after dt (aware, in the schedule's zone), or None."""
        ts = dt if isinstance(dt, (int, float)) else _aware(dt, self.tz).timestamp()
        nxt = self.next_ts(ts)
        return None if nxt is None else _dt.datetime.fromtimestamp(nxt, self.tz)

    def next_ts(self, ts: float) -> float | None:
        if self.kind == "once":
            return self.run_at if self.run_at is not None and self.run_at > ts else None
        if self.kind == "interval":
            k = max(math.floor((ts - self.anchor) / self.interval) + 1, 1)
            return self.anchor + k * self.interval
        return self._cron_next(ts)

    def _cron_next(self, ts: float) -> float:
        from croniter import croniter

        # Iterate in naive wall-clock time so DST never shifts a "09:00"; the loop skips the
        # repeated hour after a fall-back jump.
        start = _dt.datetime.fromtimestamp(ts, self.tz).replace(tzinfo=None)
        it = croniter(self.expr, start)
        for _ in range(4):
            cand = _localize(it.get_next(_dt.datetime), self.tz).timestamp()
            if cand > ts:
                return cand
        return cand

    def count_between(self, start: float, end: float, cap: int = 1000) -> int:
        """How many fire times fall in [start, end] (capped): used to say how many runs were missed."""
        n, t = 0, start - 0.001
        while n < cap:
            nxt = self.next_ts(t)
            if nxt is None or nxt > end:
                break
            n, t = n + 1, nxt
        return n

    def describe(self) -> str:
        if self.kind == "once" and self.run_at is not None:
            return "once at " + format_local(self.run_at, self.tz)
        return self.text


def parse_schedule(text: str, now: _dt.datetime | float | None = None,
                   tz: _dt.tzinfo | str | None = None) -> Schedule:
    """Parse a schedule string. `now` anchors intervals and delays (when the schedule was set)."""
    zone = resolve_tz(tz)
    raw = (text or "").strip()
    if not raw:
        raise _error(text, "it is empty")
    if len(raw) > 200:
        raise _error(raw[:40] + "...", "it is too long")
    low = re.sub(r"\s+", " ", raw.lower())
    anchor = _aware(now, zone).replace(second=0, microsecond=0).timestamp()

    if low.startswith("every "):
        return _parse_every(raw, low, zone, anchor)
    m = _DURATION.match(low.removeprefix("in ").strip())
    if m:
        return Schedule(raw, "once", zone, run_at=anchor + _duration(raw, m.group(1), m.group(2)))
    if _ISO_HINT.match(low):
        return _parse_iso(raw, zone)
    fields = low.split()
    if low.startswith("@") or (len(fields) >= 3 and _CRON_FIELD.match(fields[0])):
        return _parse_cron(raw, low, zone)
    raise _error(raw, "not a recognised form")


def _duration(raw: str, number: str, unit: str) -> float:
    if unit not in _UNITS:
        raise _error(raw, f"unknown unit {unit!r} (use m, h or d)")
    seconds = int(number) * _UNITS[unit]
    if seconds <= 0:
        raise _error(raw, "the duration must be at least 1 minute")
    if seconds > MAX_INTERVAL:
        raise _error(raw, "the duration must be at most 366 days")
    return float(seconds)


def _parse_every(raw: str, low: str, zone: _dt.tzinfo, anchor: float) -> Schedule:
    m = _EVERY_AT.match(low)
    if m:
        return _parse_every_at(raw, m, zone)
    m = _EVERY.match(low)
    if m:
        number, unit = m.group(1) or "1", m.group(2)
        if unit in ("weekday", "weekdays", "weekend", "weekends") or unit in _DAY_NAMES:
            raise _error(raw, f"say at what time, e.g. 'every {unit} at 09:00'")
        return Schedule(raw, "interval", zone, interval=_duration(raw, number, unit), anchor=anchor)
    m = re.match(r"^every (\d+) ?([a-z]+) at ", low)
    if m:
        raise _error(raw, "'at' works with days (every day at 09:00), not with a count")
    raise _error(raw, "after 'every' give an interval (every 30m) or days and a time (every day at 09:00)")


def _parse_every_at(raw: str, m: re.Match[str], zone: _dt.tzinfo) -> Schedule:
    days_text, hour_s, minute_s, ampm = m.groups()
    hour, minute = int(hour_s), int(minute_s or 0)
    if ampm:
        if not 1 <= hour <= 12:
            raise _error(raw, "with am/pm the hour must be 1-12")
        hour = hour % 12 + (12 if ampm == "pm" else 0)
    if hour > 23 or minute > 59:
        raise _error(raw, "the time must be between 00:00 and 23:59")
    dow = _days_field(raw, days_text)
    return Schedule(raw, "cron", zone, expr=f"{minute} {hour} * * {dow}")


def _days_field(raw: str, text: str) -> str:
    parts = [p for p in re.split(r"[,\s]+", text) if p and p != "and"]
    if len(parts) == 1 and parts[0] in _DAY_GROUPS:
        return _DAY_GROUPS[parts[0]]
    nums = set()
    for p in parts:
        if p not in _DAY_NAMES:
            raise _error(raw, f"unknown day {p!r} (use day, weekday, weekend or mon..sun)")
        nums.add(_DAY_NAMES[p])
    return ",".join(str(n) for n in sorted(nums))


def _parse_iso(raw: str, zone: _dt.tzinfo) -> Schedule:
    try:
        when = _dt.datetime.fromisoformat(raw.strip().replace(" ", "T", 1).replace("z", "Z"))
    except ValueError:
        raise _error(raw, "not a valid date and time (YYYY-MM-DDTHH:MM, optionally with a zone)") from None
    if when.tzinfo is None:
        when = _localize(when, zone)
    return Schedule(raw, "once", zone, run_at=when.timestamp())


def _parse_cron(raw: str, low: str, zone: _dt.tzinfo) -> Schedule:
    fields = low.split()
    if not low.startswith("@") and len(fields) != 5:
        raise _error(raw, f"a cron expression has 5 fields (minute hour day month weekday), "
                          f"this one has {len(fields)}")
    if low.startswith("@") and low not in ("@hourly", "@daily", "@midnight", "@weekly", "@monthly",
                                           "@yearly", "@annually"):
        raise _error(raw, "unknown @alias (use @hourly, @daily, @weekly, @monthly or @yearly)")
    from croniter import croniter

    expr = " ".join(fields)
    try:
        ok = croniter.is_valid(expr)
    except Exception:
        ok = False
    if not ok:
        raise _error(raw, "not a valid cron expression")
    return Schedule(raw, "cron", zone, expr=expr)


# -- display --------------------------------------------------------------------------------------

def format_local(ts: float, tz: _dt.tzinfo) -> str:
    """'Mon 2026-11-23 09:00 CET'."""
    d = _dt.datetime.fromtimestamp(ts, tz)
    name = d.strftime("%Z") or d.strftime("%z")
    return d.strftime("%a %Y-%m-%d %H:%M") + (f" {name}" if name else "")


def humanize_delta(seconds: float) -> str:
    """'in 10h', 'in 2h 5m', 'in 3d 4h', '5m ago'."""
    future = seconds >= 0
    s = abs(int(round(seconds)))
    if s < 60:
        text = f"{s}s"
    elif s < 3600:
        text = f"{s // 60}m"
    elif s < 86400:
        h, m = divmod(s // 60, 60)
        text = f"{h}h" + (f" {m}m" if m else "")
    else:
        d, h = divmod(s // 3600, 24)
        text = f"{d}d" + (f" {h}h" if h else "")
    return f"in {text}" if future else f"{text} ago"


def describe_next(ts: float | None, now: float, tz: _dt.tzinfo) -> str:
    if ts is None:
        return "never (no future run)"
    return f"{format_local(ts, tz)} ({humanize_delta(ts - now)})"
