"""The tool registry: typed async functions become JSON-schema tools the model can call.

A tool is `async def name(ctx: ToolContext, arg: type = default, ...) -> str`. The schema comes from
the signature (types, defaults, `Literal` enums) and the docstring (first paragraph = description,
`Args:` lines = parameter descriptions). Bad calls never raise into the loop: unknown names,
malformed JSON, missing arguments and tool exceptions all come back as results the model can read.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Literal, Protocol, get_args, get_origin

from hermes.core.messages import ToolCall

ToolFunc = Callable[..., Awaitable[str]]


@dataclass
class ToolContext:
    """What a tool may touch during one session. Tools keep per-session state in `state`."""

    session_id: str = ""
    scope: str = "owner"
    home: Any = None  # hermes.home.Home
    config: Any = None  # hermes.config.Config
    store: Any = None  # hermes.state.base.SessionStore
    cwd: str = "."
    interactive: bool = False
    # async (command) -> (allowed, reason); None means no gate (tests of pure tools only).
    approve: Callable[[str], Awaitable[tuple[bool, str]]] | None = None
    # async (action, rule, description) -> (allowed, reason): the gate's ask path for non-commands.
    confirm: Callable[[str, str, str], Awaitable[tuple[bool, str]]] | None = None
    # async (question, choices) -> answer; None when nobody is there to ask.
    ask_user: Callable[[str, list[str] | None], Awaitable[str]] | None = None
    cancel: asyncio.Event = field(default_factory=asyncio.Event)
    state: dict[str, Any] = field(default_factory=dict)
    services: dict[str, Any] = field(default_factory=dict)  # memory, skills, cron... set by the runtime


@dataclass
class Tool:
    name: str
    description: str
    parameters: dict[str, Any]
    func: ToolFunc
    toolset: str = "core"
    read_only: bool = False
    max_result_chars: int | None = None
    available: Callable[[ToolContext], bool] | None = None

    def schema(self) -> dict[str, Any]:
        return {"type": "function",
                "function": {"name": self.name, "description": self.description,
                             "parameters": self.parameters}}


@dataclass(slots=True)
class ToolOutcome:
    text: str
    ok: bool = True


_PY_JSON = {str: "string", int: "integer", float: "number", bool: "boolean"}


def _json_type(tp: Any) -> dict[str, Any]:
    origin = get_origin(tp)
    if origin is Literal:
        vals = list(get_args(tp))
        return {"type": _PY_JSON.get(type(vals[0]), "string"), "enum": vals}
    if origin in (typing.Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        return _json_type(args[0]) if len(args) == 1 else {}
    if origin in (list, tuple, set) or tp in (list, tuple, set):
        args = get_args(tp)
        return {"type": "array", "items": _json_type(args[0]) if args else {}}
    if origin is dict or tp is dict:
        return {"type": "object"}
    return {"type": _PY_JSON[tp]} if tp in _PY_JSON else {}


def _parse_docstring(doc: str) -> tuple[str, dict[str, str]]:
    doc = inspect.cleandoc(doc or "")
    desc, _, rest = doc.partition("\nArgs:")
    params: dict[str, str] = {}
    current = None
    for line in rest.splitlines():
        m = re.match(r"\s+(\w+)\s*(?:\([^)]*\))?:\s*(.*)", line)
        if m and (line.startswith("    ") and not line.startswith("        ")):
            current = m.group(1)
            params[current] = m.group(2).strip()
        elif current and line.strip():
            params[current] += " " + line.strip()
    return " ".join(desc.split()), params


def build_tool(func: ToolFunc, *, name: str | None = None, toolset: str = "core",
               read_only: bool = False, max_result_chars: int | None = None,
               available: Callable[[ToolContext], bool] | None = None) -> Tool:
    if not inspect.iscoroutinefunction(func):
        raise TypeError(f"tool {func.__name__} must be an async function")
    hints = typing.get_type_hints(func, include_extras=False)
    desc, pdocs = _parse_docstring(func.__doc__ or "")
    props: dict[str, Any] = {}
    required: list[str] = []
    params = list(inspect.signature(func).parameters.values())
    if not params or params[0].name != "ctx":
        raise TypeError(f"tool {func.__name__}: first parameter must be ctx: ToolContext")
    for p in params[1:]:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        schema = _json_type(hints.get(p.name, str))
        if p.name in pdocs:
            schema["description"] = pdocs[p.name]
        if p.default is p.empty:
            required.append(p.name)
        elif p.default is not None:
            schema["default"] = p.default
        props[p.name] = schema
    parameters: dict[str, Any] = {"type": "object", "properties": props}
    if required:
        parameters["required"] = required
    return Tool(name or func.__name__, desc, parameters, func, toolset, read_only,
                max_result_chars, available)


def tool(name: str | None = None, *, toolset: str = "core", read_only: bool = False,
         max_result_chars: int | None = None,
         available: Callable[[ToolContext], bool] | None = None) -> Callable[[ToolFunc], Tool]:
    """Decorator: turn an async function into a `Tool` (register it with `Registry.add`)."""
    def wrap(func: ToolFunc) -> Tool:
        return build_tool(func, name=name, toolset=toolset, read_only=read_only,
                          max_result_chars=max_result_chars, available=available)
    return wrap


def truncate(text: str, limit: int) -> str:
    """Keep head and tail of an oversized result, with a marker saying what was cut."""
    if len(text) <= limit:
        return text
    head = int(limit * 0.7)
    tail = max(limit - head - 200, 0)
    cut = len(text) - head - tail
    marker = f"\n\n[... truncated: {cut:,} of {len(text):,} characters cut ...]\n\n"
    return text[:head] + marker + (text[-tail:] if tail else "")


class ToolProvider(Protocol):
    """Tools that come and go while a session runs (MCP servers connecting, tools loaded on demand)."""

    toolset: str  # a session gets this provider's tools when its toolsets name this one

    def version(self, ctx: ToolContext | None) -> Any:
        """Changes whenever `tools(ctx)` would return something different."""

    def tools(self, ctx: ToolContext | None) -> list[Tool]:
        """The tools whose schemas the model sees now."""

    def lookup(self, name: str, ctx: ToolContext | None) -> Tool | None:
        """Any tool this provider can run by that name, offered to the model or not."""


class Registry:
    def __init__(self, tools: list[Tool] | None = None, default_max_chars: int = 50_000, *,
                 providers: list[ToolProvider] | None = None, ctx: ToolContext | None = None):
        self._tools: dict[str, Tool] = {}
        self.default_max_chars = default_max_chars
        self.providers: list[ToolProvider] = list(providers or [])
        self._ctx = ctx  # the session whose provider tools this registry shows
        self._cache: tuple[Any, list[Tool]] | None = None
        self._schema_cache: tuple[Any, list[dict[str, Any]]] | None = None
        for t in tools or []:
            self.add(t)

    def add(self, t: Tool) -> Tool:
        self._tools[t.name] = t
        self._cache = self._schema_cache = None
        return t

    def remove(self, name: str) -> None:
        if self._tools.pop(name, None) is not None:
            self._cache = self._schema_cache = None

    def add_provider(self, p: ToolProvider) -> None:
        self.providers.append(p)
        self._cache = self._schema_cache = None

    def _version(self) -> Any:
        return tuple(p.version(self._ctx) for p in self.providers)

    def _offered(self) -> list[Tool]:
        """Static tools then provider tools, recomputed only when a provider changed."""
        if not self.providers:
            return list(self._tools.values())
        v = self._version()
        if self._cache is None or self._cache[0] != v:
            extra = [t for p in self.providers for t in p.tools(self._ctx) if t.name not in self._tools]
            self._cache = (v, list(self._tools.values()) + extra)
        return self._cache[1]

    def get(self, name: str) -> Tool | None:
        t = self._tools.get(name)
        if t is None:
            for p in self.providers:
                t = p.lookup(name, self._ctx)
                if t is not None:
                    break
        return t

    def names(self) -> list[str]:
        return [t.name for t in self._offered()]

    def toolsets(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for t in self._offered():
            out.setdefault(t.toolset, []).append(t.name)
        return out

    def enabled(self, toolsets: list[str] | None, ctx: ToolContext | None = None) -> list[Tool]:
        wanted = None if toolsets is None or "all" in toolsets else set(toolsets)
        return [t for t in self._tools.values()
                if (wanted is None or t.toolset in wanted or t.name in wanted)
                and (t.available is None or ctx is None or t.available(ctx))]

    def subset(self, toolsets: list[str] | None, ctx: ToolContext | None = None) -> "Registry":
        """The tools of these toolsets for one session; providers of a named toolset come along
        (they decide per session what to offer)."""
        providers = [p for p in self.providers if toolsets is None or "all" in toolsets
                     or getattr(p, "toolset", None) in toolsets]
        return Registry(self.enabled(toolsets, ctx), self.default_max_chars, providers=providers, ctx=ctx)

    def schemas(self) -> list[dict[str, Any]]:
        """Asked for at every model call: built once per change of the tool list."""
        v = self._version()
        if self._schema_cache is None or self._schema_cache[0] != v:
            self._schema_cache = (v, [t.schema() for t in self._offered()])
        return self._schema_cache[1]

    async def execute(self, call: ToolCall, ctx: ToolContext) -> ToolOutcome:
        t = self.get(call.name)
        if t is None:
            known = ", ".join(sorted(self.names())) or "none"
            return ToolOutcome(f"Error: unknown tool '{call.name}'. Available tools: {known}.", False)
        raw = (call.arguments or "").strip() or "{}"
        try:
            args = json.loads(raw)
        except json.JSONDecodeError as e:
            return ToolOutcome(f"Error: arguments for '{call.name}' are not valid JSON ({e.msg} at "
                               f"position {e.pos}). Send a JSON object matching the tool's schema.", False)
        if not isinstance(args, dict):
            return ToolOutcome(f"Error: arguments for '{call.name}' must be a JSON object.", False)
        props = t.parameters.get("properties", {})
        unknown = [k for k in args if k not in props]
        missing = [k for k in t.parameters.get("required", []) if k not in args]
        if unknown or missing:
            parts = []
            if missing:
                parts.append("missing required argument(s): " + ", ".join(missing))
            if unknown:
                parts.append("unknown argument(s): " + ", ".join(unknown))
            return ToolOutcome(f"Error: {call.name}: {'; '.join(parts)}. "
                               f"Expected: {', '.join(props) or 'no arguments'}.", False)
        try:
            result = await t.func(ctx, **_coerce_args(args, props))
        except asyncio.CancelledError:
            raise
        except ToolError as e:
            return ToolOutcome(f"Error: {e}", False)
        except Exception as e:  # a tool bug becomes an observation, not a crashed turn
            return ToolOutcome(f"Error: {call.name} failed: {type(e).__name__}: {str(e)[:2000]}", False)
        text = result if isinstance(result, str) else json.dumps(result, default=str)
        return ToolOutcome(truncate(text, t.max_result_chars or self.default_max_chars), True)


class ToolError(Exception):
    """Raised by a tool for an expected failure; the message goes to the model as is."""


def _coerce_args(args: dict[str, Any], props: dict[str, Any]) -> dict[str, Any]:
    """Forgive the common model slips: numbers and booleans sent as strings."""
    out = {}
    for k, v in args.items():
        typ = props.get(k, {}).get("type")
        if isinstance(v, str):
            try:
                if typ == "integer":
                    v = int(v)
                elif typ == "number":
                    v = float(v)
                elif typ == "boolean" and v.lower() in ("true", "false"):
                    v = v.lower() == "true"
            except ValueError:
                pass
        out[k] = v
    return out
