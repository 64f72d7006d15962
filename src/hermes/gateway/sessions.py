"""One live chat session of the gateway: its routing key, memory scope, the running turn, the
messages queued behind it, and the approval it is waiting for."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from hermes.gateway.base import Inbound


def session_key(msg: Inbound, person: str, per_user_in_groups: bool) -> str:
    """Which conversation a message continues. A person's direct chats are one conversation on
    every platform they linked; a group is one per member (or one shared) per thread."""
    if not msg.is_group:
        return f"dm:{person}"
    base = f"{msg.platform}:{msg.chat_id}:{msg.thread_id or '-'}"
    return f"{base}:{person}" if per_user_in_groups else base


def memory_scope(msg: Inbound, person_scope: str, per_user_in_groups: bool) -> str:
    """The person's own scope, except in a group session everyone shares: that one gets the
    group's scope, so nobody's personal memory enters a prompt others read."""
    if msg.is_group and not per_user_in_groups:
        return f"group:{msg.platform}:{msg.chat_id}"
    return person_scope


@dataclass
class ChatSession:
    key: str
    scope: str
    platform: str  # where it was last spoken to: replies go there
    chat_id: str
    thread_id: str = ""
    session_id: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    queue: list[str] = field(default_factory=list)
    task: asyncio.Task | None = None
    cancel: asyncio.Event | None = None
    conv: Any = None
    approval: asyncio.Future | None = None  # an answer the running turn waits for
    approval_command: str = ""
    question: asyncio.Future | None = None  # clarify: the next plain message answers it
    allow_session: set[str] = field(default_factory=set)  # rules approved "for the session"
    last_used: float = 0.0

    @property
    def busy(self) -> bool:
        return self.task is not None and not self.task.done()

    def where(self, msg: Inbound) -> None:
        self.platform, self.chat_id, self.thread_id = msg.platform, msg.chat_id, msg.thread_id
