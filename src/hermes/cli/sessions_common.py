"""What the `hermes sessions` commands share: the --json option, the message roles, store errors
turned into CLI failures, and reading times as people give them (`30d`, ISO 8601, "27 March, 2023")."""

from __future__ import annotations

import re
import time
from contextlib import contextmanager
from typing import Any, Iterator

import typer

from hermes.cli.common import fail

JSON_OPT = typer.Option(False, "--json", help="Machine-readable output.")
ROLES = ("system", "user", "assistant", "tool")
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


@contextmanager
def store_errors() -> Iterator[None]:
    from hermes.state.base import StoreError

    try:
        yield
    except StoreError as e:
        fail(str(e))


def parse_when(text: str) -> float:
    """`30d`/`12h`/`2w`/`90m`/`45s` ago, or an ISO date/time, as a UNIX time."""
    m = _DURATION.match(text)
    if m:
        return time.time() - float(m.group(1)) * _UNITS[m.group(2)]
    return parse_timestamp(text)


def parse_timestamp(value: Any) -> float:
    import datetime as dt

    if isinstance(value, bool):
        raise ValueError("timestamp must be a number or an ISO 8601 string")
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            pass
        try:
            return dt.datetime.fromisoformat(value.strip()).timestamp()
        except ValueError:
            pass
        when = _human_date(value)
        if when is not None:
            return when.timestamp()
    raise ValueError(f"cannot read {value!r} as a time (use 30d, 12h, 2026-11-01, 2026-11-01T14:30 "
                     "or a full date such as '1:10 pm on 27 March, 2023')")


def _human_date(text: str):
    """Dates as people write them ("1:10 pm on 27 March, 2023", "Mon, 27 Mar 2023 13:10 +0000").
    Only complete dates count: "March" or "10:00" alone would silently take today's year or day,
    so a text whose year, month or day depends on the parser's defaults is refused. A date
    without a zone is local time; 03/04/2023 reads month first."""
    import datetime as dt

    from dateutil import parser

    try:
        a = parser.parse(text, default=dt.datetime(2000, 1, 1))
        b = parser.parse(text, default=dt.datetime(2001, 2, 2))
    except (ValueError, OverflowError):
        return None
    return a if a == b else None
