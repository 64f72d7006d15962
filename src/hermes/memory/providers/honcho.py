"""Honcho as Hermes's external memory, through the official `honcho-ai` SDK (its async surface).

Mapping: one Honcho workspace (settings.workspace); one peer per Hermes scope (`ProviderScope.key`,
the user side) plus one assistant peer for Hermes itself; one Honcho session per Hermes session and scope.
sync adds the user's and the assistant's messages to that session; prefetch asks for the user
peer's context (Honcho's representation of that peer, narrowed by the query) and returns it as a
bullet list. The extra tool `honcho_ask_about_user` is Honcho's dialectic: a natural-language
question answered about this scope's peer only.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from pydantic import Field

from hermes.memory.provider import ProviderScope, TurnRecord
from hermes.memory.providers import (ServiceSettings, api_key, bullets, failure, max_chars,
                                     parse_settings)


class HonchoSettings(ServiceSettings):
    workspace: str = Field("hermes", min_length=1, max_length=100)
    assistant_peer: str = Field("hermes-assistant", min_length=1, max_length=100)
    top_k: int = Field(8, ge=1, le=100)  # conclusions asked for per prefetch
    api_key_optional: bool = False  # a self-hosted Honcho may run without auth


def _sdk() -> Any:
    try:
        import honcho
    except ImportError:
        raise ImportError("the Honcho provider needs its SDK: pip install 'hermes-recall[honcho]'") from None
    return honcho


_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")


def session_name(scope: ProviderScope) -> str:
    """The Honcho session for this scope's part of a Hermes session. The scope's key comes first:
    in a group chat several scopes share one Hermes session, and Honcho lets peers in one session
    learn from each other's messages, so each scope gets a session of its own. Honcho ids allow
    letters, digits, '_' and '-': anything else gets a stable hashed form."""
    sid = scope.session_id or "default"
    if _UNSAFE.search(sid) or len(sid) > 60:
        digest = hashlib.sha256(sid.encode()).hexdigest()[:12]
        sid = f"{_UNSAFE.sub('-', sid)[:40].strip('-') or 'session'}-{digest}"
    return f"{scope.key}--{sid}"


class HonchoProvider:
    name = "honcho"

    def __init__(self, settings: HonchoSettings, key: str | None, limit_chars: int):
        honcho = _sdk()
        self.settings, self._key, self._limit = settings, key, limit_chars
        kw: dict[str, Any] = {"api_key": key, "workspace_id": settings.workspace, "timeout": settings.timeout,
                              "max_retries": settings.max_retries}
        if settings.base_url:
            kw["base_url"] = settings.base_url.rstrip("/")
        self.client = honcho.Honcho(**kw)
        self._peers: dict[str, Any] = {}
        self._sessions: dict[str, Any] = {}

    async def _peer(self, pid: str) -> Any:
        if pid not in self._peers:
            self._peers[pid] = await self.client.aio.peer(pid)
        return self._peers[pid]

    async def _session(self, scope: ProviderScope) -> Any:
        sid = session_name(scope)
        if sid not in self._sessions:
            self._sessions[sid] = await self.client.aio.session(
                sid, peers=[scope.key, self.settings.assistant_peer])
        return self._sessions[sid]

    async def prefetch(self, query: str, scope: ProviderScope) -> str:
        try:
            peer = await self._peer(scope.key)
            ctx = await peer.aio.context(search_query=query[:1000] or None, search_top_k=self.settings.top_k)
        except Exception as e:
            raise failure("Honcho", "context", e, self._key) from None
        lines = [ln.strip().removeprefix("- ").removeprefix("* ") for ln in (ctx.representation or "").splitlines()]
        return bullets([*(ctx.peer_card or []), *lines], self._limit)

    async def sync(self, turn: TurnRecord) -> None:
        try:
            user = await self._peer(turn.scope.key)
            assistant = await self._peer(self.settings.assistant_peer)
            session = await self._session(turn.scope)
            msgs = []
            if turn.user_text.strip():
                msgs.append(user.message(turn.user_text))
            if turn.assistant_text.strip():
                msgs.append(assistant.message(turn.assistant_text))
            if msgs:
                await session.aio.add_messages(msgs)
        except Exception as e:
            raise failure("Honcho", "add messages", e, self._key) from None

    async def on_session_end(self, scope: ProviderScope) -> None:
        # Honcho summarises and derives on its own queue; just forget the cached handle
        self._sessions.pop(session_name(scope), None)

    async def ask(self, question: str, scope: ProviderScope) -> str:
        """The dialectic: what Honcho can say about this scope's peer."""
        try:
            peer = await self._peer(scope.key)
            answer = await peer.aio.chat(question)
        except Exception as e:
            raise failure("Honcho", "chat", e, self._key) from None
        return str(answer) if answer else "Honcho has nothing about this user that answers that yet."

    def tools(self) -> list[Any]:
        from hermes.tools.registry import build_tool

        provider = self

        async def honcho_ask_about_user(ctx: Any, question: str) -> str:
            """Ask Honcho, the long-term memory service, a question about the person you are talking
            with (preferences, history, habits). Answers come only from what this person shared.

            Args:
                question: A natural-language question about the user.
            """
            try:
                return await provider.ask(question, ProviderScope(ctx.scope, ctx.session_id))
            except RuntimeError as e:
                return f"Error: {e}"

        return [build_tool(honcho_ask_about_user, toolset="memory", read_only=True)]

    async def check(self) -> str:
        try:
            await self.client.aio.get_configuration()
        except Exception as e:
            raise failure("Honcho", "check", e, self._key) from None
        return f"Honcho at {self.client.base_url}: workspace {self.settings.workspace!r} reachable"

    async def close(self) -> None:
        built = getattr(self.client, "_async_http_built", None)
        if built is not None:
            await built[1].close()
        self.client._http.close()


def create(settings: dict[str, Any], home: Any, config: Any) -> HonchoProvider:
    s = parse_settings(HonchoSettings, settings, "honcho")
    _sdk()
    key = api_key(home, s.api_key_env, "HONCHO_API_KEY", required=not s.api_key_optional)
    return HonchoProvider(s, key, max_chars(s.max_chars, config))
