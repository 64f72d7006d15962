"""MCP tools as Hermes tools: names, schemas, the approval rule, and results turned into text.

A server's tool `create_issue` on server `github` becomes `mcp_github_create_issue` with the server's
own JSON schema. Tools the server marks read-only run freely (and in parallel); any other may change
something and goes through the approval gate's ask path. Images, audio and binary resources in a
result are saved under the home's cache and referenced by path, never pasted as base64.
"""

from __future__ import annotations

import base64
import hashlib
import json
import mimetypes
import re
from pathlib import Path
from typing import Any, Awaitable, Callable

from hermes.tools.registry import Tool, ToolContext, ToolError

TOOLSET = "mcp"
MAX_NAME = 64  # the longest tool name providers accept


def tool_name(server: str, tool: str) -> str:
    name = re.sub(r"[^A-Za-z0-9_-]", "_", f"mcp_{server}_{tool}")
    if len(name) > MAX_NAME:
        digest = hashlib.sha1(name.encode()).hexdigest()[:8]
        name = f"{name[:MAX_NAME - 9]}_{digest}"
    return name


def is_read_only(t: Any) -> bool:
    ann = getattr(t, "annotations", None)
    return bool(ann is not None and ann.readOnlyHint is True and ann.destructiveHint is not True)


def schema_of(t: Any) -> dict[str, Any]:
    schema = dict(t.inputSchema or {})
    schema.setdefault("type", "object")
    schema.setdefault("properties", {})
    return schema


Call = Callable[[str, dict[str, Any], ToolContext], Awaitable[Any]]


def make_tool(server: str, t: Any, call: Call) -> Tool:
    """A registry tool that runs `t` on `server` through `call(tool, args, ctx)`."""
    name, read_only = tool_name(server, t.name), is_read_only(t)
    title = getattr(getattr(t, "annotations", None), "title", None) or getattr(t, "title", None)
    desc = (t.description or title or t.name).strip()
    destructive = getattr(getattr(t, "annotations", None), "destructiveHint", None) is True

    async def run(ctx: ToolContext, **args: Any) -> str:
        if not read_only:
            await _approve(ctx, server, t.name, args, destructive)
        result = await call(t.name, args, ctx)
        return render(result, server, ctx)

    return Tool(name, f"{desc} (MCP server {server})", schema_of(t), run, TOOLSET, read_only)


async def _approve(ctx: ToolContext, server: str, tool: str, args: dict[str, Any], destructive: bool) -> None:
    if ctx.confirm is None:  # no gate at all: refuse rather than run unchecked
        raise ToolError(f"{tool_name(server, tool)} needs approval and nobody can give it here.")
    kind = "marked destructive" if destructive else "not marked read-only (it may change things)"
    shown = f"MCP {server}.{tool} {json.dumps(args, ensure_ascii=False)[:500]}"
    ok, why = await ctx.confirm(shown, f"mcp:{server}:{tool}", f"the MCP tool {server}.{tool} is {kind}")
    if not ok:
        raise ToolError(why)


def render(result: Any, server: str, ctx: ToolContext) -> str:
    """A CallToolResult as text; an error result becomes a ToolError the model reads."""
    parts: list[str] = []
    for item in getattr(result, "content", None) or []:
        parts.append(render_content(item, server, ctx))
    structured = getattr(result, "structuredContent", None)
    if structured is not None and not any(p.strip() for p in parts):
        parts.append(json.dumps(structured, ensure_ascii=False, default=str))
    text = "\n".join(p for p in parts if p) or "(no output)"
    if getattr(result, "isError", False):
        raise ToolError(text)
    return text


def render_content(item: Any, server: str, ctx: ToolContext) -> str:
    kind = getattr(item, "type", "")
    if kind == "text":
        return item.text
    if kind in ("image", "audio"):
        path = save(ctx, server, base64.b64decode(item.data), item.mimeType)
        return f"[{kind} saved to {path} ({item.mimeType}, {path.stat().st_size:,} bytes)]"
    if kind == "resource":
        res = item.resource
        if getattr(res, "text", None) is not None:
            return f"[resource {res.uri}]\n{res.text}"
        path = save(ctx, server, base64.b64decode(res.blob), res.mimeType or "application/octet-stream")
        return f"[resource {res.uri} saved to {path}]"
    if kind == "resource_link":
        return f"[resource link {item.uri}" + (f": {item.name}" if getattr(item, "name", None) else "") + "]"
    return f"[{kind or 'unknown'} content]"


def save(ctx: ToolContext, server: str, data: bytes, mime: str | None) -> Path:
    root = Path(ctx.home.root) if ctx.home is not None else Path(ctx.cwd)
    folder = root / "cache" / "mcp" / re.sub(r"[^A-Za-z0-9_-]", "_", server)
    folder.mkdir(parents=True, exist_ok=True)
    ext = mimetypes.guess_extension(mime or "") or ".bin"
    path = folder / f"{hashlib.sha256(data).hexdigest()[:16]}{ext}"
    if not path.exists():
        path.write_bytes(data)
    return path


def resource_tools(server: str, call: Callable[[str, dict[str, Any], ToolContext], Awaitable[str]],
                   resources: bool, prompts: bool) -> list[Tool]:
    """Resources and prompts reached through tools: list and read/get, read-only."""
    out: list[Tool] = []

    def mk(op: str, desc: str, params: dict[str, Any], required: list[str]) -> Tool:
        async def run(ctx: ToolContext, **args: Any) -> str:
            return await call(op, args, ctx)
        schema: dict[str, Any] = {"type": "object", "properties": params}
        if required:
            schema["required"] = required
        return Tool(tool_name(server, op), f"{desc} (MCP server {server})", schema, run, TOOLSET, True)

    if resources:
        out.append(mk("list_resources", "List the resources (documents, files, records) this server offers.",
                      {}, []))
        out.append(mk("read_resource", "Read one resource by its URI (from list_resources).",
                      {"uri": {"type": "string", "description": "the resource URI"}}, ["uri"]))
    if prompts:
        out.append(mk("list_prompts", "List the prompt templates this server offers.", {}, []))
        out.append(mk("get_prompt", "Fill in one prompt template and return its messages.",
                      {"name": {"type": "string"},
                       "arguments": {"type": "object", "description": "template arguments (strings)"}}, ["name"]))
    return out
