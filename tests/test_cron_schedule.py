"""Schedule strings: every accepted form, the refusals (with examples), zones and DST."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from hermes.cron.schedule import (ScheduleError, describe_next, format_local, humanize_delta, parse_schedule,
                                  resolve_tz)

UTC = dt.timezone.utc
PARIS = ZoneInfo("Europe/Paris")
# Sunday 2026-11-22 22:10:20 in Paris (21:10:20 UTC)
NOW = dt.datetime(2026, 11, 22, 22, 10, 20, tzinfo=PARIS)


def nxt(text: str, now: dt.datetime = NOW, tz: str = "Europe/Paris", after: dt.datetime | None = None):
    s = parse_schedule(text, now, tz)
    return s, s.next_after(after or now)


@pytest.mark.parametrize("text,expected", [
    ("every 30m", dt.datetime(2026, 11, 22, 22, 40, tzinfo=PARIS)),  # counted from the minute it was set
    ("every 2h", dt.datetime(2026, 11, 23, 0, 10, tzinfo=PARIS)),
    ("every 1d", dt.datetime(2026, 11, 23, 22, 10, tzinfo=PARIS)),
    ("every 90 minutes", dt.datetime(2026, 11, 22, 23, 40, tzinfo=PARIS)),
    ("Every 3 Hours", dt.datetime(2026, 11, 23, 1, 10, tzinfo=PARIS)),
    ("every minute", dt.datetime(2026, 11, 22, 22, 11, tzinfo=PARIS)),
    ("every hour", dt.datetime(2026, 11, 22, 23, 10, tzinfo=PARIS)),
    ("every day", dt.datetime(2026, 11, 23, 22, 10, tzinfo=PARIS)),
    ("every 45min", dt.datetime(2026, 11, 22, 22, 55, tzinfo=PARIS)),
])
def test_intervals(text, expected):
    s, first = nxt(text)
    assert s.kind == "interval"
    assert first == expected
    # and then every interval after that, strictly after the moment asked about
    assert s.next_after(first) == first + dt.timedelta(seconds=s.interval)
    assert s.next_after(first - dt.timedelta(seconds=1)) == first


@pytest.mark.parametrize("text,expected", [
    ("every day at 09:00", dt.datetime(2026, 11, 23, 9, 0, tzinfo=PARIS)),
    ("every day at 23:30", dt.datetime(2026, 11, 22, 23, 30, tzinfo=PARIS)),  # still today
    ("every weekday at 9:00", dt.datetime(2026, 11, 23, 9, 0, tzinfo=PARIS)),  # Monday
    ("every weekend at 10:15", dt.datetime(2026, 11, 28, 10, 15, tzinfo=PARIS)),  # Saturday
    ("every friday at 18:00", dt.datetime(2026, 11, 27, 18, 0, tzinfo=PARIS)),
    ("every Fridays at 6pm", dt.datetime(2026, 11, 27, 18, 0, tzinfo=PARIS)),
    ("every mon,wed at 7:05am", dt.datetime(2026, 11, 23, 7, 5, tzinfo=PARIS)),
    ("every tue, thu at 12am", dt.datetime(2026, 11, 24, 0, 0, tzinfo=PARIS)),
    ("every sunday at 12pm", dt.datetime(2026, 11, 29, 12, 0, tzinfo=PARIS)),
    ("every day at 9", dt.datetime(2026, 11, 23, 9, 0, tzinfo=PARIS)),
])
def test_every_at_is_wall_clock(text, expected):
    s, first = nxt(text)
    assert s.kind == "cron"
    assert first == expected


def test_weekday_skips_the_weekend():
    s = parse_schedule("every weekday at 09:00", NOW, "Europe/Paris")
    fri = dt.datetime(2026, 11, 27, 9, 0, tzinfo=PARIS)
    assert s.next_after(fri) == dt.datetime(2026, 11, 30, 9, 0, tzinfo=PARIS)


@pytest.mark.parametrize("text,expected", [
    ("0 9 * * 1-5", dt.datetime(2026, 11, 23, 9, 0, tzinfo=PARIS)),
    ("*/15 * * * *", dt.datetime(2026, 11, 22, 22, 15, tzinfo=PARIS)),
    ("30 22 * * *", dt.datetime(2026, 11, 22, 22, 30, tzinfo=PARIS)),
    ("0 0 1 * *", dt.datetime(2026, 12, 1, 0, 0, tzinfo=PARIS)),
    ("0  9  *  *  MON", dt.datetime(2026, 11, 23, 9, 0, tzinfo=PARIS)),
    ("@daily", dt.datetime(2026, 11, 23, 0, 0, tzinfo=PARIS)),
    ("@hourly", dt.datetime(2026, 11, 22, 23, 0, tzinfo=PARIS)),
])
def test_cron_expressions_in_the_configured_zone(text, expected):
    s, first = nxt(text)
    assert s.kind == "cron"
    assert first == expected


@pytest.mark.parametrize("text,expected", [
    ("30m", dt.datetime(2026, 11, 22, 22, 40, tzinfo=PARIS)),
    ("2h", dt.datetime(2026, 11, 23, 0, 10, tzinfo=PARIS)),
    ("1d", dt.datetime(2026, 11, 23, 22, 10, tzinfo=PARIS)),
    ("in 45 minutes", dt.datetime(2026, 11, 22, 22, 55, tzinfo=PARIS)),
    ("2026-12-01T09:00", dt.datetime(2026, 12, 1, 9, 0, tzinfo=PARIS)),  # naive: configured zone
    ("2026-12-01 09:00", dt.datetime(2026, 12, 1, 9, 0, tzinfo=PARIS)),
    ("2026-12-01T09:00:30", dt.datetime(2026, 12, 1, 9, 0, 30, tzinfo=PARIS)),
    ("2026-12-01T09:00Z", dt.datetime(2026, 12, 1, 9, 0, tzinfo=UTC)),
    ("2026-12-01T09:00+05:30", dt.datetime(2026, 12, 1, 3, 30, tzinfo=UTC)),
])
def test_one_shots_fire_once(text, expected):
    s, first = nxt(text)
    assert s.kind == "once" and s.one_shot
    assert first == expected
    assert s.next_after(first) is None  # no next after firing
    assert s.next_after(first + dt.timedelta(days=400)) is None


def test_one_shot_delay_counts_from_when_it_was_set_not_from_later():
    s = parse_schedule("2h", NOW, "UTC")
    later = NOW + dt.timedelta(minutes=50)
    assert s.next_after(later) == s.next_after(NOW)


@pytest.mark.parametrize("text,fragment", [
    ("", "empty"),
    ("   ", "empty"),
    ("every", "not a recognised form"),
    ("every 5x", "unknown unit"),
    ("every 0m", "at least 1 minute"),
    ("every 400d", "at most 366 days"),
    ("every weekday", "say at what time"),
    ("every monday", "say at what time"),
    ("every 2 days at 9:00", "'at' works with days"),
    ("every day at 25:00", "between 00:00 and 23:59"),
    ("every day at 9:75", "between 00:00 and 23:59"),
    ("every day at 13pm", "1-12"),
    ("every funday at 9:00", "unknown day"),
    ("0 9 * *", "5 fields"),
    ("0 9 * * * *", "5 fields"),
    ("61 * * * *", "not a valid cron expression"),
    ("@sometimes", "unknown @alias"),
    ("2026-13-01T09:00", "not a valid date"),
    ("tomorrow morning", "not a recognised form"),
    ("5", "not a recognised form"),
    ("5 parsecs", "unknown unit"),
    ("x" * 300, "too long"),
])
def test_invalid_schedules_are_refused_with_examples(text, fragment):
    with pytest.raises(ScheduleError) as e:
        parse_schedule(text, NOW, "UTC")
    msg = str(e.value)
    assert fragment in msg
    assert "every weekday at 09:00" in msg and "0 9 * * 1-5" in msg  # shows what would work


def test_schedule_error_is_a_value_error():
    assert issubclass(ScheduleError, ValueError)


def test_daily_time_survives_dst_changes():
    s = parse_schedule("every day at 09:00", dt.datetime(2026, 3, 27, 12, 0, tzinfo=PARIS), "Europe/Paris")
    fires = []
    t = dt.datetime(2026, 3, 27, 12, 0, tzinfo=PARIS)
    for _ in range(4):  # across the spring-forward night of 28-29 March
        t = s.next_after(t)
        fires.append(t)
    assert [f.hour for f in fires] == [9, 9, 9, 9]
    assert [f.day for f in fires] == [28, 29, 30, 31]
    assert [f.utcoffset() for f in fires] == [dt.timedelta(hours=1)] + [dt.timedelta(hours=2)] * 3


def test_time_skipped_by_spring_forward_fires_right_after_the_jump():
    s = parse_schedule("30 2 * * *", dt.datetime(2026, 3, 28, 12, 0, tzinfo=PARIS), "Europe/Paris")
    fire = s.next_after(dt.datetime(2026, 3, 28, 12, 0, tzinfo=PARIS))
    assert fire.astimezone(UTC) == dt.datetime(2026, 3, 29, 1, 30, tzinfo=UTC)  # 03:30 CEST
    assert s.next_after(fire).date() == dt.date(2026, 3, 30)


def test_repeated_fall_back_hour_fires_once():
    s = parse_schedule("30 2 * * *", dt.datetime(2026, 10, 24, 12, 0, tzinfo=PARIS), "Europe/Paris")
    first = s.next_after(dt.datetime(2026, 10, 24, 12, 0, tzinfo=PARIS))
    assert first.date() == dt.date(2026, 10, 25)  # the night clocks go back: 02:30 happens twice
    assert first.utcoffset() == dt.timedelta(hours=2)  # the first 02:30 (CEST)
    second = s.next_after(first)
    assert second.date() == dt.date(2026, 10, 26)
    # asked from inside the repeated hour (02:10 CET, after the first 02:30), it does not fire again
    inside = dt.datetime(2026, 10, 25, 1, 10, tzinfo=UTC)
    assert s.next_after(inside).date() == dt.date(2026, 10, 26)


def test_intervals_are_elapsed_time_across_dst():
    start = dt.datetime(2026, 3, 28, 12, 0, tzinfo=PARIS)
    s = parse_schedule("every 1d", start, "Europe/Paris")
    assert s.next_after(start).hour == 13  # 24 h later by the clock on the wall is 13:00 CEST
    assert s.next_after(start).astimezone(UTC) - start.astimezone(UTC) == dt.timedelta(hours=24)


def test_float_times_and_naive_datetimes_are_accepted():
    ts = NOW.timestamp()
    s = parse_schedule("every 30m", ts, "Europe/Paris")
    assert s.next_ts(ts) == parse_schedule("every 30m", NOW, "Europe/Paris").next_ts(ts)
    naive = NOW.replace(tzinfo=None)
    assert parse_schedule("every 30m", naive, "Europe/Paris").next_after(naive) == s.next_after(NOW)


def test_count_between_counts_missed_slots():
    s = parse_schedule("every 15m", dt.datetime(2026, 1, 1, 0, 0, tzinfo=UTC), "UTC")
    start = dt.datetime(2026, 1, 1, 0, 15, tzinfo=UTC).timestamp()
    assert s.count_between(start, start + 3600) == 5
    assert s.count_between(start, start + 10 ** 9, cap=50) == 50
    once = parse_schedule("30m", dt.datetime(2026, 1, 1, tzinfo=UTC), "UTC")
    assert once.count_between(once.run_at, once.run_at + 3600) == 1


def test_timezones():
    assert str(resolve_tz("America/New_York")) == "America/New_York"
    assert resolve_tz(None) is not None
    with pytest.raises(ScheduleError, match="not a known IANA time zone"):
        resolve_tz("Mars/Olympus_Mons")


def test_local_zone_follows_tz_environment(monkeypatch):
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    assert str(resolve_tz(None)) == "Asia/Tokyo"


def test_display_helpers():
    ts = dt.datetime(2026, 11, 23, 9, 0, tzinfo=PARIS).timestamp()
    assert format_local(ts, PARIS) == "Mon 2026-11-23 09:00 CET"
    assert humanize_delta(36000) == "in 10h"
    assert humanize_delta(3600 * 2 + 300) == "in 2h 5m"
    assert humanize_delta(86400 * 3 + 3600) == "in 3d 1h"
    assert humanize_delta(-300) == "5m ago"
    assert humanize_delta(20) == "in 20s"
    assert describe_next(ts, ts - 36000, PARIS) == "Mon 2026-11-23 09:00 CET (in 10h)"
    assert describe_next(None, ts, PARIS).startswith("never")
    once = parse_schedule("2026-12-01T09:00", NOW, "Europe/Paris")
    assert once.describe() == "once at Tue 2026-12-01 09:00 CET"
