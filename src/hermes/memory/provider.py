"""The external memory provider seam: one service (Honcho, Mem0, Supermemory) beside the documents.

A provider recalls a short block of context before a turn (`prefetch`), learns from the finished
turn afterwards (`sync`), hears when a session ends, and may offer extra tools. Each Hermes memory
scope maps to its own id in the service (`ProviderScope.key`), so one person's memories are never
read or written under another person's id. The runtime wraps every call in a timeout and a disk
queue (hermes.memory.provider_runtime): a provider itself may simply raise on failure.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class ProviderScope:
    """Who a call is about: the Hermes scope (owner, or one chat user) and the session."""

    scope: str
    session_id: str = ""
    user_id: str | None = None

    @property
    def key(self) -> str:
        """The scope's id in the service: stable, one per Hermes scope, safe in URLs and tags."""
        import hashlib
        import re

        clean = re.sub(r"[^A-Za-z0-9_-]", "-", self.scope)[:40].strip("-") or "scope"
        digest = hashlib.sha256(self.scope.encode()).hexdigest()[:10]
        return f"hermes-{clean}-{digest}"


@dataclass
class TurnRecord:
    """One finished exchange, as the provider learns it."""

    scope: ProviderScope
    user_text: str
    assistant_text: str
    created_at: float
    meta: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class MemoryProvider(Protocol):
    name: str

    async def prefetch(self, query: str, scope: ProviderScope) -> str:
        """Context recalled for this query in this scope ('' when nothing fits)."""

    async def sync(self, turn: TurnRecord) -> None:
        """Store the finished turn; raise on failure (the caller queues it for retry)."""

    async def on_session_end(self, scope: ProviderScope) -> None:
        """The session closed; a provider may summarise or flush."""

    def tools(self) -> list[Any]:
        """Extra hermes.tools.registry.Tool objects the provider offers (may be empty)."""

    async def check(self) -> str:
        """Reach the service once; return a one-line description, raise with the reason if down."""

    async def close(self) -> None:
        """Release clients and connections."""
