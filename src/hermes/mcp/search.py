"""`tool_search`: how a model finds MCP tools whose schemas were not sent (too many to list).

The tools it finds are recorded in the session's state and offered from the next model call on.
"""

from __future__ import annotations

import re
from typing import Callable

from hermes.mcp.tools import TOOLSET
from hermes.tools.registry import Tool, ToolContext


def search_tool(catalogue: Callable[[], list[Tool]]) -> Tool:
    """`tool_search` over whatever `catalogue()` returns at the time of the call."""
    async def tool_search(ctx: ToolContext, query: str, limit: int = 5) -> str:
        found = search(catalogue(), query, max(1, min(int(limit), 20)))
        if not found:
            return f"No MCP tool matches {query!r}. Try other words (what the tool acts on, or its server)."
        loaded = ctx.state.setdefault("mcp_loaded", [])
        for t in found:
            if t.name not in loaded:
                loaded.append(t.name)
        rows = [f"- {t.name}: {t.description[:200]}" for t in found]
        return "These tools are now available; call them directly:\n" + "\n".join(rows)

    return Tool("tool_search", "Find tools from the connected MCP servers by what they do (their schemas are "
                "not listed up front). The tools found become callable for the rest of the session.",
                {"type": "object", "properties": {
                    "query": {"type": "string", "description": "what the tool should do, or its name/server"},
                    "limit": {"type": "integer", "description": "how many to load (default 5)", "default": 5}},
                 "required": ["query"]}, tool_search, TOOLSET, True)


def search(tools: list[Tool], query: str, limit: int) -> list[Tool]:
    """Rank by query words found in the name (weighted) and description; prefixes count (`issue`/`issues`)."""
    words = [w for w in re.findall(r"[a-z0-9]+", query.lower()) if len(w) > 1]
    if not words:
        return []
    scored = []
    for t in tools:
        name = set(re.findall(r"[a-z0-9]+", t.name.lower()))
        desc = set(re.findall(r"[a-z0-9]+", t.description.lower()))
        score = 0.0
        for w in words:
            if w in name:
                score += 3
            elif any(n.startswith(w[:5]) for n in name if len(w) >= 4):
                score += 2
            if w in desc:
                score += 1
            elif any(d.startswith(w[:5]) for d in desc if len(w) >= 4):
                score += 0.5
        if score:
            scored.append((score, t.name, t))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [t for _, _, t in scored[:limit]]
