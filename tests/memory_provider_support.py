"""An in-test external memory provider: real asyncio, remembers per scope key, can be made slow,
down, or refusing, and records every call with the scope key it carried."""

from __future__ import annotations

import asyncio
import sys
import types
from typing import Any

from hermes.memory.provider import ProviderScope, TurnRecord
from hermes.memory import provider_runtime


class Refused(Exception):
    """A request the service rejects whatever the moment (a 400): not worth retrying soon."""
    status_code = 400


class FakeProvider:
    name = "fake"

    def __init__(self, settings: dict[str, Any] | None = None):
        self.settings = dict(settings or {})
        self.stored: dict[str, list[str]] = {}  # scope key -> user texts, in delivery order
        self.calls: list[tuple[str, str]] = []  # (op, scope key)
        self.delay = 0.0
        self.down = False
        self.refuse: set[str] = set()  # user texts the service refuses
        self.recall: dict[str, str] = {}  # scope key -> text returned by prefetch
        self.fail_on: set[str] = set()  # ops that raise a plain error
        self.closed = False

    async def _gate(self, op: str) -> None:
        if self.delay:
            await asyncio.sleep(self.delay)
        if self.down:
            raise ConnectionError("connection refused")
        if op in self.fail_on:
            raise RuntimeError(f"{op} exploded (api_key=sk-test-abcdefghijklmnopqrstuvwxyz123456)")

    async def prefetch(self, query: str, scope: ProviderScope) -> str:
        self.calls.append(("prefetch", scope.key))
        await self._gate("prefetch")
        return self.recall.get(scope.key, "")

    async def sync(self, turn: TurnRecord) -> None:
        self.calls.append(("sync", turn.scope.key))
        await self._gate("sync")
        if turn.user_text in self.refuse:
            raise Refused("bad request: payload rejected")
        self.stored.setdefault(turn.scope.key, []).append(turn.user_text)

    async def on_session_end(self, scope: ProviderScope) -> None:
        self.calls.append(("session_end", scope.key))
        await self._gate("session_end")

    def tools(self) -> list[Any]:
        from hermes.tools.registry import build_tool

        async def fake_recall(ctx, query: str) -> str:
            """Search the fake memory service.

            query: what to look for
            """
            key = ProviderScope(ctx.scope).key
            return "\n".join(t for t in self.stored.get(key, []) if query in t) or "nothing"

        return [build_tool(fake_recall, name="fake_recall")]

    async def check(self) -> str:
        await self._gate("check")
        return f"fake service ({len(self.stored)} scopes)"

    async def close(self) -> None:
        self.closed = True


MODULE = "hermes_test_fake_memory_provider"


def install(monkeypatch, name: str = "mem0", provider: FakeProvider | None = None,
            missing: str | None = None) -> FakeProvider:
    """Point provider NAME at a module whose create() returns `provider` (or raises as if the SDK
    `missing` were not installed)."""
    fake = provider or FakeProvider()
    mod = types.ModuleType(MODULE)

    def create(settings: dict, home: Any, config: Any) -> FakeProvider:
        if missing:
            raise ModuleNotFoundError(f"No module named '{missing}'", name=missing)
        fake.settings = dict(settings)
        return fake

    mod.create = create  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, MODULE, mod)
    monkeypatch.setitem(provider_runtime.MODULES, name, MODULE)
    return fake
