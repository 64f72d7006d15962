"""Messages Hermes sends on its own (cron results, alerts) to a chat, from any process.

`post()` writes the message into gateway.db's notices table; the running gateway picks notices up
within seconds, resolves `home` to the platform's home channel (set with /sethome or
`gateway.platforms.<p>.home_channel`) and sends them through its outbox. So a cron job run by
`hermes serve` or `hermes cron run` reaches Telegram through the gateway process, and a notice
posted while the gateway is down is sent when it starts: nothing is lost in between.

Targets: `channel:<platform>:<chat>[#<thread>]` (chat ids may hold colons: Matrix rooms), `home` (every platform with a home channel; the
first configured one if several) and `home:<platform>`.
"""

from __future__ import annotations

import time
from typing import Any

SCHEMA = ("CREATE TABLE IF NOT EXISTS notices (id INTEGER PRIMARY KEY AUTOINCREMENT, target TEXT, text TEXT, "
          "created_at REAL)")


class NoticeError(ValueError):
    pass


def check_target(target: str, config: Any) -> None:
    """Refuse targets that can never be delivered (unknown or disabled platform, bad shape)."""
    parts = target.split(":", 2)
    platforms = {n for n, p in config.gateway.platforms.items() if p.enabled}
    if parts[0] == "channel":
        if len(parts) < 3 or not parts[1] or not parts[2]:
            raise NoticeError(f"bad channel target {target!r}: use channel:<platform>:<chat>")
        name = parts[1]
    elif parts[0] == "home":
        name = parts[1] if len(parts) > 1 and parts[1] else None
        if name is None and not platforms:
            raise NoticeError("no chat platform is configured: run `hermes gateway setup PLATFORM` first")
    else:
        raise NoticeError(f"not a chat target: {target!r}")
    if name is not None and name not in platforms:
        raise NoticeError(f"{name} is not configured in gateway.platforms (run `hermes gateway setup {name}`)")


def post(home: Any, config: Any, target: str, text: str) -> None:
    """Queue `text` for `target` (checked first); the gateway sends it."""
    from hermes.gateway.store import GatewayStore

    check_target(target, config)
    store = GatewayStore(home)
    try:
        store.q(SCHEMA)
        store.q("INSERT INTO notices (target, text, created_at) VALUES (?, ?, ?)", (target, text, time.time()))
    finally:
        store.close()


def take(store: Any) -> list[tuple[int, str, str]]:
    store.q(SCHEMA)
    return store.q("SELECT id, target, text FROM notices ORDER BY id LIMIT 100")


def resolve(target: str, gw: Any) -> list[tuple[str, str, str]]:
    """(platform, chat, thread) places a target means for this gateway; empty when it has none yet."""
    parts = target.split(":", 2)
    if parts[0] == "channel":
        chat, _, thread = parts[2].partition("#")
        return [(parts[1], chat, thread)] if parts[1] in gw.adapters else []
    names = [parts[1]] if len(parts) > 1 and parts[1] else list(gw.adapters)
    for name in names:
        where = gw.people.home_channel(name) if name in gw.adapters else None
        if where:
            return [(name, where[0], where[1])]
    return []


async def pump(gw: Any, every: float = 2.0) -> None:
    """Move posted notices into the outbox; a notice whose place is not known yet (no home channel,
    platform not running here) waits, and the owner is told once in the log."""
    import asyncio
    import logging

    log = logging.getLogger("hermes.gateway")
    warned: set[int] = set()
    while True:
        for nid, target, text in take(gw.store):
            places = resolve(target, gw)
            if not places:
                if nid not in warned:
                    warned.add(nid)
                    log.warning("a notice for %s waits: no home channel yet (send /sethome in a chat)", target)
                continue
            for platform, chat, thread in places:
                gw.say(platform, chat, thread, text)
            gw.store.q("DELETE FROM notices WHERE id = ?", (nid,))
        await asyncio.sleep(every)


async def cron_delivery(target: str, report: Any, *, home: Any, config: Any) -> None:
    """The cron delivery handler for `channel:` and `home` targets."""
    head = f"⏰ {report.name}" + ("" if report.status == "ok" else f" ({report.status})")
    post(home, config, target, f"{head}\n\n{report.text}")
