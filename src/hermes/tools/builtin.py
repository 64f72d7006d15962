"""The built-in tool set: every module that ships tools exports `TOOLS`; this collects them."""

from __future__ import annotations

import importlib
from typing import Any

from hermes.tools.registry import Registry, Tool

# Module -> its tools. Order is the order the model sees them in.
TOOL_MODULES = (
    "hermes.tools.terminal",
    "hermes.tools.files",
    "hermes.tools.todo",
    "hermes.tools.interact",
    "hermes.tools.memory_tool",
    "hermes.tools.session_search",
    "hermes.tools.skills_tools",
    "hermes.tools.cronjob_tool",
    "hermes.tools.web",
    "hermes.tools.browser",
    "hermes.tools.vision",
    "hermes.tools.delegate",
    "hermes.tools.code_exec",
)

_cache: list[Tool] | None = None


def all_tools() -> list[Tool]:
    global _cache
    if _cache is None:
        tools: list[Tool] = []
        for name in TOOL_MODULES:
            try:
                mod = importlib.import_module(name)
            except ModuleNotFoundError as e:
                if e.name != name:  # a real import error inside the module must surface
                    raise
                continue
            tools.extend(getattr(mod, "TOOLS", []))
        _cache = tools
    return _cache


def default_registry(config: Any = None) -> Registry:
    max_chars = config.agent.tool_result_max_chars if config is not None else 50_000
    return Registry(all_tools(), default_max_chars=max_chars)
