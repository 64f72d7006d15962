"""Wiring: one `Hermes` per process builds the model, tools, store and approval gate, and opens
conversations (new or resumed) that every front end (CLI, API server, cron, gateway) drives.

`Hermes` is assembled in layers: `runtime_models` (the main, fallback and side-task models, context
window, prices), `runtime_tools` (toolsets, tool context, MCP); the live session, `Conversation`, is
in `runtime_conversation`. Building, prompts, opening sessions and `run_prompt` are here.
"""

from __future__ import annotations

import collections
import datetime as _dt
import json
from dataclasses import dataclass
from typing import Any

from hermes.config import Config, secrets as load_secrets
from hermes.core.agent import Agent, SessionState
from hermes.tools import profile as tool_profile
from hermes.core.context import PromptParts, environment_block
from hermes.core.events import ErrorEvent, Final
from hermes.core.messages import Usage, estimate_tokens
from hermes.home import OWNER_SCOPE, Home
from hermes.models.base import ChatModel
from hermes.runtime_conversation import Conversation
# Re-exported: callers import these from here.
from hermes.runtime_models import DEMO_NOTICE, TINY_LOCAL_NOTICE, _set_vision, build_main_model  # noqa: F401
from hermes.runtime_tools import AskApproval, AskUser, HermesTools
from hermes.tools.registry import Registry


class Hermes(HermesTools):
    def __init__(self, home: Home, config: Config, *, model: ChatModel | None = None,
                 store: Any = None, secrets: dict[str, str] | None = None,
                 provider: str | None = None, model_name: str | None = None,
                 registry: Registry | None = None, mcp_start: str = "background"):
        self.home = home
        self.config = config
        self.secrets = secrets if secrets is not None else load_secrets(home)
        self.model = model or build_main_model(config, self.secrets, provider=provider, model=model_name)
        if config.model.vision is not None:
            _set_vision(self.model, config.model.vision)
        if getattr(self.model, "cache_dir", False) is None:  # a local model: its prompt states go here
            self.model.cache_dir = str(home.root / "cache" / "local")  # type: ignore[attr-defined]
        if store is None:
            from hermes.state import open_store

            store = open_store(home, config)
        self.store = store
        if registry is None:
            from hermes.tools.builtin import default_registry

            registry = default_registry(config)
        self.registry = registry
        self.mcp = None
        if any(s.enabled for s in config.mcp_servers.values()):
            # Long-lived front ends connect now, in the background. One-shot runs ("on_demand")
            # connect only when a tool is called or a server's tools are not known yet: loading
            # the SDK costs about a second of CPU that a quick answer should not pay.
            self._attach_mcp(config, start=mcp_start == "background")
        self.fallbacks: list[ChatModel] | None = None
        # One-line notices from background work for the front end; bounded because cron and
        # other front ends that never drain them live for weeks.
        self.notices: collections.deque[str] = collections.deque(maxlen=200)
        self.learner = None
        if config.memory.enabled and config.memory.review_interval > 0:
            from hermes.learning import Learner

            self.learner = Learner(config.memory.review_interval, config.memory.review_max_iterations,
                                   notify=self.notices.append)
        self.memory_provider = None  # the one external memory service, wrapped (provider_runtime)
        if config.memory.provider:
            from hermes.memory.provider_runtime import load_provider

            self.memory_provider = load_provider(home, config, notify=self.notices.append)

    async def close_memory(self) -> None:
        """Deliver or queue what the memory provider still holds, then release it."""
        if self.memory_provider is not None:
            await self.memory_provider.close()

    def build_prompt(self, scope: str, cwd: str, tool_names: list[str]) -> PromptParts:
        parts = PromptParts()
        try:
            from hermes.memory.snapshot import build_memory_block, load_soul

            parts.identity = load_soul(self.home)
            if self.config.memory.enabled:
                parts.memory = build_memory_block(self.home, scope, self.config)
        except ImportError:
            pass
        if self.config.skills.enabled:
            try:
                from hermes.skills.index import build_index

                parts.skills = build_index(self.home, self.config, tool_names)
            except ImportError:
                pass
        if tool_profile.compact(self.model, self.config):
            parts.guidance = f"{parts.guidance}\n{tool_profile.SMALL_MODEL_RULES}"
        day = _dt.date.today().isoformat()
        parts.environment = environment_block(cwd, self.model.name, self.model.provider, day)
        return parts

    def open(self, session_id: str | None = None, *, source: str = "cli", scope: str = OWNER_SCOPE,
             interactive: bool = False, ask_approval: AskApproval | None = None,
             ask_user: AskUser | None = None, user_id: str | None = None,
             chat_id: str | None = None, toolsets: list[str] | None = None,
             create: bool = True, prompt_extra: dict[str, str] | None = None) -> Conversation:
        """Open a stored session (frozen prompt and history restored) or start a new one."""
        info = self.store.get_session(session_id) if session_id else None
        if info is None:
            if session_id and not create:
                raise KeyError(f"no session {session_id}")
            info = self.store.create_session(source=source, scope=scope, model=self.model.name,
                                             user_id=user_id, chat_id=chat_id, session_id=session_id)
        scope = info.scope
        ctx = self.tool_context(info.id, scope, interactive=interactive,
                                ask_approval=ask_approval, ask_user=ask_user)
        sets = toolsets if toolsets is not None else self.default_toolsets()
        registry = self._session_tools(sets, ctx)
        prompt = self.store.get_system_prompt(info.id)
        parts = None
        if prompt is None:
            parts = self.build_prompt(scope, ctx.cwd, registry.names())
            parts.extra.update(prompt_extra or {})
            prompt = parts.render()
            self.store.set_system_prompt(info.id, prompt)
        history = self.store.get_messages(info.id)
        state = SessionState(id=info.id, system_prompt=prompt, history=history, scope=scope,
                             source=info.source, usage=info.usage)
        agent = Agent(self.model, registry, store=self.store, max_turns=self.config.agent.max_turns,
                      parallel_tools=self.config.agent.parallel_tools,
                      fallbacks=self.fallback_models(), price=self._price,
                      text_tool_calls=self.config.model.text_tool_calls,
                      coach=tool_profile.compact(self.model, self.config))
        conv = Conversation(self, state, ctx, agent, parts)
        if self.memory_provider is not None:
            from hermes.memory.provider import ProviderScope

            conv.memory_scope = ProviderScope(scope, info.id, user_id or info.user_id)
        if self.config.compression.enabled:
            agent.compactor = comp = self.compressor()
            state.meta["schema_tokens"] = estimate_tokens(json.dumps(registry.schemas()))
            if self.learner is not None:
                async def flush(_session: Any) -> None:
                    await self.learner.review(conv, "the context is about to be compressed")
                comp.before_compress = flush
        return conv


@dataclass
class PromptResult:
    text: str
    session_id: str
    usage: Usage
    error: str | None = None


async def run_prompt(home: Home, config: Config, prompt: str, *, source: str = "cron",
                     scope: str = OWNER_SCOPE, model: str | None = None,
                     toolsets: list[str] | None = None, interactive: bool = False,
                     store: Any = None, chat_model: ChatModel | None = None) -> PromptResult:
    """Run one prompt in a fresh session with nobody to ask (cron, batch)."""
    provider = None
    if model and ":" in model:
        provider, model = model.split(":", 1)
    h = Hermes(home, config, model=chat_model, store=store, provider=provider, model_name=model,
               mcp_start="on_demand")
    conv = h.open(source=source, scope=scope, interactive=interactive, toolsets=toolsets)
    text, error, usage = "", None, Usage()
    try:
        async for ev in conv.send(prompt):
            if isinstance(ev, Final):
                text, usage = ev.text, ev.usage
            elif isinstance(ev, ErrorEvent):
                error = ev.message
    finally:
        await conv.close()
    return PromptResult(text, conv.id, usage, error)
