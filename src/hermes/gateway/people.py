"""Who may talk to Hermes, and who is who across platforms.

Access is denied by default: a user is allowed when config lists them for the platform
(`gateway.platforms.<p>.allowed_users`) or when the owner approved their pairing code. An unknown
user in a direct chat gets a pairing code (8 characters from an unambiguous alphabet, expiring,
one request per user per 10 minutes, at most 3 pending per platform); in groups unknown users
are ignored silently. Repeated wrong approvals lock pairing for an hour.

Identity: every (platform, user id) belongs to a person; the person is the memory scope, so one
person's memory never reaches another's prompt. `/link` on one platform gives a code; sending
`/link CODE` on another joins the two identities into one person.
"""

from __future__ import annotations

import secrets
import time
import uuid
from dataclasses import dataclass
from typing import Any

from hermes.gateway.base import Inbound
from hermes.gateway.store import GatewayStore

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I
CODE_LEN = 8
REQUEST_INTERVAL = 600.0
MAX_PENDING = 3
MAX_FAILURES = 5
LOCKOUT = 3600.0
LINK_TTL = 600.0


@dataclass
class Verdict:
    allowed: bool
    reply: str | None = None  # what to tell the sender (pairing instructions); None: stay silent
    is_admin: bool = False


def _code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LEN))


class People:
    def __init__(self, store: GatewayStore, gateway_config: Any, *, clock=time.time):
        self.store, self.cfg, self.clock = store, gateway_config, clock

    # -- access ---------------------------------------------------------------------------------

    def _section(self, platform: str) -> Any:
        return self.cfg.platforms.get(platform)

    def is_allowed(self, platform: str, user_id: str) -> bool:
        sec = self._section(platform)
        if sec is not None and (user_id in sec.allowed_users or "*" in sec.allowed_users):
            return True
        return bool(self.store.q("SELECT 1 FROM allowed WHERE platform = ? AND user_id = ?", (platform, user_id)))

    def is_admin(self, platform: str, user_id: str) -> bool:
        sec = self._section(platform)
        if sec is None:
            return False
        return user_id in sec.admins or (not sec.admins and user_id in sec.allowed_users)

    def check(self, msg: Inbound) -> Verdict:
        sec = self._section(msg.platform)
        if sec is None or not sec.enabled:
            return Verdict(False)
        if msg.is_group and (not sec.allow_groups or (sec.allowed_chats and msg.chat_id not in sec.allowed_chats)):
            return Verdict(False)
        if self.is_allowed(msg.platform, msg.user_id):
            return Verdict(True, is_admin=self.is_admin(msg.platform, msg.user_id))
        if msg.is_group:
            return Verdict(False)
        return Verdict(False, self._pairing_reply(msg))

    def _pairing_reply(self, msg: Inbound) -> str | None:
        now = self.clock()
        self.store.q("DELETE FROM pairing WHERE expires_at < ?", (now,))
        row = self.store.q("SELECT code FROM pairing WHERE platform = ? AND user_id = ?", (msg.platform, msg.user_id))
        if row:
            return _pairing_text(row[0][0])
        last = self.store.q("SELECT at FROM pair_requests WHERE platform = ? AND user_id = ?",
                            (msg.platform, msg.user_id))
        if last and now - last[0][0] < REQUEST_INTERVAL:
            return None  # asked recently: no new code, no reply (rate limit)
        pending = self.store.q("SELECT count(*) FROM pairing WHERE platform = ?", (msg.platform,))[0][0]
        if pending >= MAX_PENDING:
            return None
        code = _code()
        self.store.q("INSERT INTO pairing VALUES (?, ?, ?, ?, ?, ?)", (code, msg.platform, msg.user_id, msg.user_name,
                                                                     now, now + self.cfg.pairing_ttl))
        self.store.q("INSERT OR REPLACE INTO pair_requests VALUES (?, ?, ?)", (msg.platform, msg.user_id, now))
        return _pairing_text(code)

    def locked_out(self) -> bool:
        now = self.clock()
        n = self.store.q("SELECT count(*) FROM pair_failures WHERE at > ?", (now - LOCKOUT,))[0][0]
        return n >= MAX_FAILURES

    def approve(self, code: str) -> tuple[str, str] | None:
        """The owner approves a pairing code: (platform, user id) now allowed, or None."""
        if self.locked_out():
            raise PermissionError("too many wrong codes: pairing is locked for an hour")
        code = code.strip().upper()
        now = self.clock()
        row = self.store.q("SELECT platform, user_id FROM pairing WHERE code = ? AND expires_at >= ?", (code, now))
        if not row:
            self.store.q("INSERT INTO pair_failures VALUES (?)", (now,))
            return None
        platform, user_id = row[0]
        self.store.q("INSERT OR REPLACE INTO allowed VALUES (?, ?, ?)", (platform, user_id, now))
        self.store.q("DELETE FROM pairing WHERE code = ?", (code,))
        return platform, user_id

    def revoke(self, platform: str, user_id: str) -> bool:
        with self.store.lock:
            return bool(self.store.db.execute("DELETE FROM allowed WHERE platform = ? AND user_id = ?",
                                              (platform, user_id)).rowcount)

    def pending_codes(self) -> list[tuple[str, str, str, str, float]]:
        self.store.q("DELETE FROM pairing WHERE expires_at < ?", (self.clock(),))
        return self.store.q("SELECT code, platform, user_id, name, expires_at FROM pairing ORDER BY created_at")

    # -- identity -------------------------------------------------------------------------------

    def person(self, platform: str, user_id: str, name: str = "") -> str:
        row = self.store.q("SELECT person FROM identities WHERE platform = ? AND user_id = ?", (platform, user_id))
        if row:
            return row[0][0]
        person = uuid.uuid4().hex[:12]
        self.store.q("INSERT OR IGNORE INTO identities VALUES (?, ?, ?, ?)", (platform, user_id, person, name))
        return self.person(platform, user_id)

    def scope(self, platform: str, user_id: str) -> str:
        """The memory scope of whoever this is: one per person, whatever platform they use."""
        return f"person:{self.person(platform, user_id)}"

    def start_link(self, platform: str, user_id: str) -> str:
        code = _code()
        self.store.q("INSERT INTO links VALUES (?, ?, ?)", (code, self.person(platform, user_id),
                                                            self.clock() + LINK_TTL))
        return code

    def complete_link(self, platform: str, user_id: str, code: str) -> str | None:
        """Join this identity to the person who made `code`; their scope, or None."""
        row = self.store.q("SELECT person FROM links WHERE code = ? AND expires_at >= ?",
                           (code.strip().upper(), self.clock()))
        if not row:
            return None
        target, mine = row[0][0], self.person(platform, user_id)
        self.store.q("UPDATE identities SET person = ? WHERE person = ?", (target, mine))  # all of mine join
        self.store.q("DELETE FROM links WHERE code = ?", (code.strip().upper(),))
        return f"person:{target}"

    def identities_of(self, platform: str, user_id: str) -> list[tuple[str, str]]:
        person = self.person(platform, user_id)
        return self.store.q("SELECT platform, user_id FROM identities WHERE person = ? ORDER BY platform", (person,))

    # -- home channels --------------------------------------------------------------------------

    def home_channel(self, platform: str) -> tuple[str, str] | None:
        row = self.store.q("SELECT chat_id, thread_id FROM homes WHERE platform = ?", (platform,))
        if row:
            return row[0][0], row[0][1] or ""
        sec = self._section(platform)
        return (sec.home_channel, "") if sec is not None and sec.home_channel else None

    def set_home_channel(self, platform: str, chat_id: str, thread_id: str = "") -> None:
        self.store.q("INSERT OR REPLACE INTO homes VALUES (?, ?, ?)", (platform, chat_id, thread_id))


def _pairing_text(code: str) -> str:
    return (f"Hi! I only talk to people my owner has approved. Your pairing code is {code}. "
            f"Ask the owner to run: hermes gateway pair approve {code}")
