"""Command checks: traffic floods aimed at another machine.

A load generator or a ping run at a size no test needs is a denial of service for whoever owns the
target: `ab -n 1000000 -c 1000`, `wrk -c10000 -d24h`, `hey -z 2h`, `siege` with no end, `locust
--headless` with no run time, `ping -f`, `ping -i 0.01`. Aimed at this machine (localhost, 127.x,
::1) it is a benchmark of one's own server, and a small run anywhere (`hey -n 200`, `wrk -d30s -c50`)
is an ordinary check; both stay allowed.
"""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import RULES, Ctx, Rule, _on, option_values

RULES["traffic_flood"] = Rule("traffic_flood", "dangerous", "floods another machine with traffic (ping floods, "
                                                            "load generators at huge counts or for hours)")

_MANY_REQUESTS = 100_000
_MANY_CLIENTS = 500
_LONG = 3600  # seconds
_FAST = 1000  # requests a second
_LOOPBACK = re.compile(r"^(?:[a-z][\w+.-]*://)?(?:[^@/\s]*@)?(?:localhost|[\w.-]+\.localhost|127(?:\.\d+){3}|"
                       r"\[::1\]|::1|0\.0\.0\.0)(?::\d+)?(?:[/?#]|$)", re.I)

# program -> (requests, clients, duration, rate) options; None where the tool has no such option
_OPTS: dict[str, tuple[tuple[str, ...], ...]] = {
    "ab": (("-n",), ("-c",), ("-t",), ()),
    "wrk": ((), ("-c", "--connections"), ("-d", "--duration"), ("-R", "--rate")),
    "wrk2": ((), ("-c", "--connections"), ("-d", "--duration"), ("-R", "--rate")),
    "hey": (("-n",), ("-c",), ("-z",), ()),
    "oha": (("-n",), ("-c",), ("-z",), ("-q",)),
    "bombardier": (("-n", "--requests"), ("-c", "--connections"), ("-d", "--duration"), ("-r", "--rate")),
    "autocannon": (("-a", "--amount"), ("-c", "--connections"), ("-d", "--duration"), ("-R", "--overallRate")),
    "h2load": (("-n", "--requests"), ("-c", "--clients"), ("-D", "--duration"), ("-r", "--rate")),
    "siege": (("-r", "--reps"), ("-c", "--concurrent"), ("-t", "--time"), ()),
    "locust": ((), ("-u", "--users"), ("-t", "--run-time"), ()),
    "k6": (("-i", "--iterations"), ("-u", "--vus"), ("-d", "--duration"), ()),
    "artillery": (("-n", "--num"), ("-c", "--count"), (), ("-r", "--rate")),
    "vegeta": ((), ("-workers", "--workers"), ("-duration", "--duration"), ("-rate", "--rate")),
    "iperf3": ((), ("-P", "--parallel"), ("-t", "--time"), ()),
    "iperf": ((), ("-P", "--parallel"), ("-t", "--time"), ()),
}
_UNITS = {"ms": 0.001, "s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hr": 3600, "d": 86400}


def _value(args: list[str], names: tuple[str, ...]) -> str | None:
    """The last value given: -n 100, -n100, --requests=100, -rate=50 (a glued-on value only if a number)."""
    return next(reversed(list(option_values(args, names, glued=lambda rest: rest[:1].isdigit()))), None)


def _number(text: str | None) -> float | None:
    """100000, 1e6, 10k, 2M, 5000/s (a rate's per-second value)."""
    m = re.fullmatch(r"(\d+(?:\.\d+)?(?:e\d+)?)([km]?)(?:/\d*s)?", (text or "").strip().lower())
    return float(m.group(1)) * {"": 1, "k": 1e3, "m": 1e6}[m.group(2)] if m else None


def _seconds(text: str | None) -> float | None:
    """30s, 24h, 90m, 1H (siege), 2h30m, 600 (seconds)."""
    parts = re.findall(r"(\d+(?:\.\d+)?)([a-z]*)", (text or "").strip().lower())
    if not parts or not re.fullmatch(r"(?:\d+(?:\.\d+)?[a-z]*)+", (text or "").strip().lower()):
        return None
    return sum(float(n) * _UNITS.get(u or "s", 1) for n, u in parts)


def _targets(name: str, args: list[str]) -> list[str]:
    """URLs (or, without one, bare host names) the tool is aimed at; a script file is not one."""
    hosts = [a.split("=", 1)[-1] for a in args if "://" in a]
    if name in ("locust", "iperf", "iperf3"):  # --host URL, iperf3 -c HOST
        hosts += [v for v in (_value(args, ("-H", "--host")), _value(args, ("-c", "--client"))) if v]
    return hosts or [a for a in args if re.match(r"^[\w.-]+\.[a-z]{2,}(?::\d+)?(?:/|$)", a, re.I) and not re.search(
        r"\.(?:js|ts|lua|py|ya?ml|json|txt|jmx|cfg|conf)$", a, re.I)]


@_on(*_OPTS)
def _load(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if not args or any(a in ("-h", "--help", "-V", "--version") for a in args):
        return
    if name == "vegeta" and args[:1] != ["attack"] or name == "k6" and args[:1] != ["run"]:
        return
    if name in ("iperf", "iperf3") and _value(args, ("-c", "--client")) is None:
        return  # the server side only answers
    targets = _targets(name, args)
    if targets and all(_LOOPBACK.match(t) for t in targets):
        return  # a benchmark of this machine's own server
    requests, clients, duration, rate = (_value(args, o) if o else None for o in _OPTS[name])
    big = (_number(requests) or 0) >= _MANY_REQUESTS or (_number(clients) or 0) >= _MANY_CLIENTS or (
        _seconds(duration) or 0) >= _LONG or (_number(rate) or 0) >= _FAST
    endless = (name == "siege" and requests is None and duration is None and (bool(targets) or any(
        a.startswith(("-f", "--file")) for a in args)) and not any(
        a in ("-g", "--get", "-C", "--config") for a in args)) or (
        name == "locust" and "--headless" in args and duration is None) or (
        name == "vegeta" and (duration is None or _seconds(duration) == 0))
    if big or endless:
        yield "traffic_flood"


@_on("ping", "ping6", "fping")
def _ping_flood(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """ping -f, an interval under 0.2 s (what only root may ask for) or a preload of packets sent
    without waiting: a flood, unless it is aimed at this machine."""
    ops = [a for k, a in enumerate(args) if not a.startswith("-") and (k == 0 or args[k - 1] not in (
        "-i", "-s", "-l", "-c", "-w", "-W", "-I", "-p", "-t", "-Q", "-M", "-m", "-S", "-b", "-B", "-C"))]
    if ops and all(_LOOPBACK.match(o) for o in ops):
        return
    flags = [a for a in args if re.fullmatch(r"-[a-zA-Z]+", a)]
    interval = _number(_value(args, ("-i", "-p")))  # fping -p is in milliseconds
    if name == "fping":
        flood = interval is not None and interval < 10 and any("l" in f or "c" in f for f in flags)
    else:
        flood = any("f" in f[1:] for f in flags) or (interval is not None and interval < 0.2) or (
            (_number(_value(args, ("-l",))) or 0) >= 4)
    if flood:
        yield "traffic_flood"
