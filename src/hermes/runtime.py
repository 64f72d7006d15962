"""Wiring: one `Hermes` per process builds the model, tools, store and approval gate, and opens
conversations (new or resumed) that every front end (CLI, API server, cron, gateway) drives.
"""

from __future__ import annotations

import asyncio
import collections
import datetime as _dt
import json
import os
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Awaitable, Callable

from hermes.config import Config, secrets as load_secrets
from hermes.core.agent import Agent, SessionState
from hermes.tools import profile as tool_profile
from hermes.core.context import PromptParts, environment_block
from hermes.core.events import ErrorEvent, Event, Final, TextDelta
from hermes.core.messages import Usage, estimate_tokens
from hermes.home import OWNER_SCOPE, Home
from hermes.models.base import ChatModel
from hermes.tools.registry import Registry, ToolContext

AskApproval = Callable[[str, Any], Awaitable[str]]
AskUser = Callable[[str, "list[str] | None"], Awaitable[str]]

TINY_LOCAL_NOTICE = ("tiny offline model (SmolLM2-135M, runs in process, tools off): good for trying Hermes, "
                     "not for real work. Configure a real model with `hermes model`.")
DEMO_NOTICE = ("offline demo model (scripted echo): no provider is configured. Run `hermes model` "
               "or set OPENAI_BASE_URL / OPENAI_API_KEY to use a real model.")


def build_main_model(config: Config, secret_values: dict[str, str], *, provider: str | None = None,
                     model: str | None = None) -> ChatModel:
    from hermes.models.providers import build_model, resolve_provider

    if provider is None and resolve_provider(config, secret_values) is None:
        provider = "local" if _local_available(config) else "demo"
    return build_model(config, secret_values, provider=provider, model=model)


def _local_available(config: Config) -> bool:
    """llama-cpp-python is installed and there is a model file to run (the bundled one or model.path)."""
    import importlib.util

    if importlib.util.find_spec("llama_cpp") is None:
        return False
    from hermes.models.local import default_model_path

    return bool(config.model.path or default_model_path())


@dataclass
class Conversation:
    """A live session: its frozen prompt, history, tool context and the loop that drives it."""
    hermes: "Hermes"
    state: SessionState
    ctx: ToolContext
    agent: Agent
    parts: PromptParts | None = None
    busy: asyncio.Lock = field(default_factory=asyncio.Lock)
    memory_scope: Any = None  # hermes.memory.provider.ProviderScope when a provider is active

    @property
    def id(self) -> str:
        return self.state.id

    async def send(self, text: str, cancel: asyncio.Event | None = None) -> AsyncIterator[Event]:
        """Run one turn; turns on one conversation run one at a time, in order."""
        async with self.busy:
            self.ctx.cancel = cancel or asyncio.Event()
            events: list[Event] = []
            await self._recall(text)
            self._point_out(text)
            try:
                async for ev in self.agent.run_turn(self.state, text, self.ctx, self.ctx.cancel):
                    if not isinstance(ev, TextDelta):
                        events.append(ev)
                    yield ev
            finally:
                self.state.meta.pop("recall", None)  # this turn's only
                self.state.meta.pop("memory_note", None)
                self.state.meta.pop("memory_answers", None)
            final = events[-1] if events else None
            active = self.hermes.memory_provider
            if active is not None and isinstance(final, Final) and not final.cancelled:
                from hermes.memory.provider import TurnRecord

                active.schedule_sync(TurnRecord(self.memory_scope, text, final.text, time.time(),
                                                {"session_id": self.id, "source": self.state.source,
                                                 "turn_id": uuid.uuid4().hex}))  # for a service to dedupe
            viewed = self.ctx.state.pop("skills_viewed", None)
            if viewed:
                from hermes.skills.store import record_outcome

                ok = isinstance(final, Final) and not final.cancelled
                record_outcome(self.hermes.home, viewed, ok)
            if self.hermes.learner is not None and isinstance(final, Final):
                self.hermes.learner.observe(self, events)

    async def _recall(self, text: str) -> None:
        """The active memory provider's block for this turn (never a reason for the turn to fail)."""
        active = self.hermes.memory_provider
        if active is None:
            return
        try:
            block, status = await active.prefetch(text, self.memory_scope)
        except Exception as e:
            self.hermes.notices.append(f"memory provider skipped: {type(e).__name__}")
            return
        self.state.meta["provider_status"] = status
        if block:
            self.state.meta["recall"] = block

    def _point_out(self, text: str) -> None:
        """For a small model, the memory entries this message is about, repeated next to it."""
        config = self.hermes.config
        if not self.agent.coach or not config.memory.enabled:
            return
        from hermes.core.coach import question
        from hermes.memory.relevant import answers, note, relevant_entries

        if not question(text):  # a task, not a question: given the note, the model answered with it
            return

        try:
            entries = relevant_entries(self.hermes.home, self.state.scope, config, text)
        except OSError as e:  # an unreadable document must not fail the turn
            self.hermes.notices.append(f"memory note skipped: {e}")
            return
        if entries:
            self.state.meta["memory_note"] = note(entries)
            self.state.meta["memory_answers"] = answers(text, entries)

    async def ask(self, text: str, cancel: asyncio.Event | None = None) -> Final:
        final: Final | None = None
        async for ev in self.send(text, cancel):
            if isinstance(ev, Final):
                final = ev
            elif isinstance(ev, ErrorEvent):
                raise RuntimeError(ev.message)
        assert final is not None
        return final

    def set_model(self, model: ChatModel) -> None:
        self.agent.model = model

    async def close(self) -> None:
        active = self.hermes.memory_provider
        if active is not None:  # syncs still running are delivered or queued before we go
            await active.drain()
            if "provider_status" in self.state.meta:  # it took part in this session (not a subagent's)
                await active.on_session_end(self.memory_scope)
        if self.hermes.config.trajectories.enabled:  # a finished session becomes one training line
            try:
                from hermes.research.trajectories import record_conversation

                record_conversation(self)
            except Exception as e:  # a full disk must not keep the session from closing
                self.hermes.notices.append(f"trajectory not saved: {type(e).__name__}: {e}")
        for key in ("exec", "browser"):  # the session's backend and its browser context
            res = self.ctx.state.get(key)
            if res is not None:
                closing = res.close()
                if asyncio.iscoroutine(closing):
                    await closing


class Hermes:
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

    def reload_mcp(self) -> str:
        """Re-read mcp_servers from config.yaml and apply it: changed servers restart, new ones start."""
        from hermes.config import load_config

        cfg = load_config(self.home)
        if self.mcp is None:
            if not any(s.enabled for s in cfg.mcp_servers.values()):
                return "No MCP servers are configured (mcp_servers in config.yaml; see hermes mcp add)."
            self._attach_mcp(cfg, start=True)
            return f"MCP: started {len(cfg.mcp_servers)} server(s); their tools come with the next session."
        return self.mcp.reload(cfg)

    def _attach_mcp(self, config: Config, *, start: bool) -> None:
        from hermes.mcp.manager import MCPManager

        self.mcp = MCPManager(self.home, config, self.secrets, self.model)
        self.registry.add_provider(self.mcp)
        if start:
            self.mcp.start()

    @property
    def is_tiny_local(self) -> bool:
        """The bundled 135M model: it cannot drive tools (it loops on malformed calls)."""
        if self.model.provider != "local" or self.config.model.path:
            return False
        from hermes.models.local import DEFAULT_MODEL_NAME

        return self.model.name == DEFAULT_MODEL_NAME

    def default_toolsets(self) -> list[str]:
        if self.is_tiny_local and "toolsets" not in self.config.model_fields_set:
            return []  # tools stay off for the tiny model unless config.yaml names toolsets
        if "vision" in self.config.auxiliary and "vision" not in self.config.toolsets:
            # a configured vision model is what vision_analyze is for: its ~90 tokens are then worth it
            return [*self.config.toolsets, "vision"]
        return self.config.toolsets

    @property
    def is_demo(self) -> bool:
        return self.model.provider in ("demo", "scripted") and self.model.name == "demo"

    def fallback_models(self) -> list[ChatModel]:
        if self.fallbacks is None:
            from hermes.models.providers import build_model

            out = []
            for ref in self.config.fallback_providers:
                try:
                    out.append(build_model(self.config, self.secrets, provider=ref.provider,
                                           model=ref.model, base_url=ref.base_url,
                                           api_key_env=ref.api_key_env))
                except Exception:
                    continue  # a misconfigured fallback is reported by `hermes doctor`
            self.fallbacks = out
        return self.fallbacks

    def tool_context(self, session_id: str, scope: str, *, interactive: bool,
                     ask_approval: AskApproval | None, ask_user: AskUser | None) -> ToolContext:
        from hermes.tools.approval import ApprovalGate

        gate = ApprovalGate(self.config.approvals.mode, allowlist=self.config.approvals.command_allowlist,
                            home=self.home.root, ask=ask_approval if interactive else None,
                            persist_always=self._persist_allow)
        cwd = self.config.terminal.cwd or os.getcwd()
        return ToolContext(session_id=session_id, scope=scope, home=self.home, config=self.config,
                           store=self.store, cwd=os.path.expanduser(cwd), interactive=interactive,
                           approve=gate.check, confirm=gate.confirm, ask_user=ask_user if interactive else None,
                           services={"aux_model": self.model, "hermes": self})

    def _persist_allow(self, pattern: str) -> None:
        from hermes.config import set_value

        allow = list(self.config.approvals.command_allowlist)
        if pattern not in allow:
            allow.append(pattern)
            import json

            self.config = set_value(self.home, "approvals.command_allowlist", json.dumps(allow))

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
        registry = self.registry.subset(sets, ctx)
        tool_profile.apply(registry, self.model, self.config)  # fewer tools for small local models
        if self.memory_provider is not None and ("memory" in sets or "all" in sets):
            for t in self.memory_provider.tools():
                if registry.get(t.name) is None:  # never shadows a built-in tool
                    registry.add(t)
        ctx.services["registry"] = registry  # tools that run other tools (execute_code) use this one
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

    def context_window(self) -> int:
        from hermes.models.providers import context_window_for

        own = getattr(self.model, "context_window", None)
        return self.config.model.context_window or own or context_window_for(self.model.name, self.config)

    def aux_model(self, task: str) -> ChatModel:
        """The model for a side task (compression, review, title...): configured or the main one."""
        ref = self.config.auxiliary.get(task)
        if ref is None:
            return self.model
        from hermes.models.providers import build_model

        try:
            model = build_model(self.config, self.secrets, provider=ref.provider, model=ref.model,
                                base_url=ref.base_url, api_key_env=ref.api_key_env)
        except Exception:
            return self.model
        if task == "vision":
            _set_vision(model, True)  # configured as the vision model: it takes images by definition
        return model

    def compressor(self):
        from hermes.core.compression import Compressor

        c = self.config.compression
        aux = self.aux_model("compression")
        chain = [aux] + [m for m in [self.model, *self.fallback_models()] if m is not aux]
        return Compressor(window=self.context_window(), threshold=c.threshold,
                          keep_recent_tokens=c.keep_recent_tokens,
                          tool_keep_chars=c.tool_output_keep_chars, store=self.store,
                          aux_models=chain)

    def _price(self, model: str, usage: Usage) -> float:
        p = self.config.prices.get(model)
        if not p:
            return 0.0
        # input_tokens already includes the cached part (OpenAI's convention)
        fresh = max(usage.input_tokens - usage.cache_read_tokens, 0)
        return (fresh * p.get("input", 0) + usage.output_tokens * p.get("output", 0)
                + usage.cache_read_tokens * p.get("cache_read", p.get("input", 0))
                + usage.cache_write_tokens * p.get("cache_write", 0)) / 1e6


def _set_vision(model: ChatModel, value: bool) -> None:
    try:
        model.vision = value  # type: ignore[attr-defined]
    except AttributeError:
        pass  # a model class without the attribute keeps its own answer


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
