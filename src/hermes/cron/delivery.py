"""Where a run's result goes besides its output file (always written by the runner).

A target is `scheme` or `scheme:rest`: `notify` (HERMES_HOME/cron/notifications.log, one JSON line
per delivery, for the owner's terminal), `webhook:<http(s) URL>` (POST JSON), and
`channel:<platform>:<chat>` for the chat gateway. Handlers live in a registry by scheme so the
gateway can `register_delivery("channel", handler)` when it starts; a target whose scheme has no
handler in this process becomes a recorded delivery error, never a crash. Delivery never raises:
`deliver()` returns the errors, which the runner stores on the run.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import json
import os
from dataclasses import dataclass
from typing import Any, Awaitable, Protocol
from urllib.parse import urlsplit

WEBHOOK_TIMEOUT = 10.0
HANDLER_TIMEOUT = 30.0
NOTIFY_TEXT_MAX = 4_000


@dataclass
class DeliveryReport:
    job_id: str
    name: str
    status: str  # ok | failed
    text: str  # the answer, or what went wrong
    run_at: float
    output_path: str | None = None
    scope: str = "owner"

    def payload(self) -> dict[str, Any]:
        run_at = _dt.datetime.fromtimestamp(self.run_at, _dt.timezone.utc).isoformat(timespec="seconds")
        return {"job_id": self.job_id, "name": self.name, "status": self.status, "text": self.text,
                "run_at": run_at.replace("+00:00", "Z")}


class Delivery(Protocol):
    """Deliver one report to one target; raise DeliveryError (or anything) on failure."""

    def __call__(self, target: str, report: DeliveryReport, *, home: Any,
                 config: Any) -> Awaitable[None]: ...


class DeliveryError(Exception):
    pass


_HANDLERS: dict[str, Delivery] = {}


def register_delivery(scheme: str, handler: Delivery) -> Delivery | None:
    """Make `scheme:...` targets deliverable in this process; returns the handler it replaced."""
    old = _HANDLERS.get(scheme.lower())
    _HANDLERS[scheme.lower()] = handler
    return old


def unregister_delivery(scheme: str) -> None:
    _HANDLERS.pop(scheme.lower(), None)


def scheme_of(target: str) -> str:
    return target.split(":", 1)[0].strip().lower()


def label(target: str) -> str:
    """A target as shown in errors and lists: webhook paths and queries may hold tokens, so hide them."""
    if scheme_of(target) == "webhook":
        parts = urlsplit(target.split(":", 1)[1])
        tail = "/…" if (parts.path not in ("", "/") or parts.query) else ""
        return f"webhook:{parts.scheme}://{parts.hostname or '?'}{f':{parts.port}' if parts.port else ''}{tail}"
    return target


# -- validation -------------------------------------------------------------------------------------

TARGET_HELP = ("notify, webhook:https://host/path, channel:<platform>:<chat> or home[:<platform>] "
               "(the output file is always written)")


def normalize_targets(value: Any) -> list[str]:
    """Check targets when a job is created or edited. The file target is implied, so it is dropped."""
    if value is None:
        return []
    if isinstance(value, str):
        value = [p.strip() for p in value.split(",")]
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"deliver must be a list of targets: {TARGET_HELP}")
    out: list[str] = []
    for raw in value:
        t = str(raw).strip()
        if not t:
            continue
        scheme = scheme_of(t)
        if scheme in ("file", "local"):
            continue
        if scheme == "notify":
            t = "notify"
        elif scheme == "webhook":
            url = t.split(":", 1)[1].strip() if ":" in t else ""
            parts = urlsplit(url)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise ValueError(f"bad webhook target {t!r}: use webhook:https://host/path")
            t = "webhook:" + url
        elif scheme == "channel":
            bits = t.split(":", 2)
            if len(bits) != 3 or not bits[1].strip() or not bits[2].strip():
                raise ValueError(f"bad channel target {t!r}: use channel:<platform>:<chat>")
        elif scheme == "home":
            t = "home" if t.lower() == "home" else "home:" + t.split(":", 1)[1].strip().lower()
        elif scheme not in _HANDLERS:
            raise ValueError(f"unknown delivery target {t!r}: use {TARGET_HELP}")
        if t not in out:
            out.append(t)
    return out


# -- delivering -------------------------------------------------------------------------------------

async def deliver(targets: list[str], report: DeliveryReport, *, home: Any, config: Any) -> list[str]:
    """Send to every target concurrently; return one error line per failed target."""
    todo = [t for t in targets if scheme_of(t) not in ("file", "local")]
    if not todo:
        return []
    results = await asyncio.gather(*(_one(t, report, home, config) for t in todo))
    return [r for r in results if r]


async def _one(target: str, report: DeliveryReport, home: Any, config: Any) -> str | None:
    handler = _HANDLERS.get(scheme_of(target))
    if handler is None:
        why = "no handler for this kind of target"
        return f"{label(target)}: not delivered ({why})"
    try:
        await asyncio.wait_for(handler(target, report, home=home, config=config), HANDLER_TIMEOUT)
    except asyncio.CancelledError:
        raise
    except asyncio.TimeoutError:
        return f"{label(target)}: timed out after {HANDLER_TIMEOUT:.0f} s"
    except Exception as e:  # a broken target is recorded on the run, never crashes the scheduler
        return f"{label(target)}: {str(e) or type(e).__name__}"[:500]
    return None


async def _file(target: str, report: DeliveryReport, *, home: Any, config: Any) -> None:
    return None  # the runner writes the output file before delivery


async def _notify(target: str, report: DeliveryReport, *, home: Any, config: Any) -> None:
    line = dict(report.payload(), output_path=report.output_path)
    if len(report.text) > NOTIFY_TEXT_MAX:
        line["text"] = report.text[:NOTIFY_TEXT_MAX] + "…"
    data = (json.dumps(line, ensure_ascii=False) + "\n").encode("utf-8")
    path = home.cron_dir / "notifications.log"
    path.parent.mkdir(parents=True, exist_ok=True)
    # one write() on an O_APPEND descriptor: concurrent writers never interleave within a line
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


_ssl_context: Any = None


def _tls() -> Any:
    """One TLS context for every webhook client: building one costs ~30 ms, reusing it nothing."""
    global _ssl_context
    if _ssl_context is None:
        import httpx

        _ssl_context = httpx.create_ssl_context()
    return _ssl_context


async def _webhook(target: str, report: DeliveryReport, *, home: Any, config: Any) -> None:
    import httpx

    url = target.split(":", 1)[1]
    try:
        async with httpx.AsyncClient(timeout=WEBHOOK_TIMEOUT, follow_redirects=False, verify=_tls()) as client:
            resp = await client.post(url, json=report.payload(),
                                     headers={"user-agent": "hermes-cron", "x-hermes-job-id": report.job_id})
    except httpx.TimeoutException:
        raise DeliveryError(f"no answer within {WEBHOOK_TIMEOUT:.0f} s") from None
    except httpx.HTTPError as e:
        raise DeliveryError(f"request failed ({type(e).__name__})") from None
    if resp.status_code >= 300:
        raise DeliveryError(f"HTTP {resp.status_code}")


async def _chat(target: str, report: DeliveryReport, *, home: Any, config: Any) -> None:
    """Chat targets are queued for the gateway (which may run in another process)."""
    from hermes.gateway.notices import NoticeError, cron_delivery

    try:
        await cron_delivery(target, report, home=home, config=config)
    except NoticeError as e:
        raise DeliveryError(str(e)) from None


register_delivery("file", _file)
register_delivery("channel", _chat)
register_delivery("home", _chat)
register_delivery("notify", _notify)
register_delivery("webhook", _webhook)
