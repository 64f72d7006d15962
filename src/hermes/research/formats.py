"""Trajectory formats: a session's messages as one JSON line for people who train agent models.

ShareGPT (`{"conversations": [{"from": "system|human|gpt|tool", "value": ...}], ...metadata}`) in the
layout of the Hermes function-calling datasets: an assistant's tool calls are
`<tool_call>{"name": ..., "arguments": {...}}</tool_call>` blocks after its text, and consecutive tool
results form one `tool` turn of `<tool_response>{"tool_call_id", "name", "content"}</tool_response>`
blocks. OpenAI (`{"messages": [...]}`) is the chat format as the store keeps it. Both convert back to
messages, so an export can be loaded and checked.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable

from hermes.core.messages import Message, ToolCall

FORMATS = ("sharegpt", "openai")
_ROLE_TO = {"system": "system", "user": "human", "assistant": "gpt", "tool": "tool"}
_CALL = re.compile(r"<tool_call>\s*(.*?)\s*</tool_call>", re.S)
_RESPONSE = re.compile(r"<tool_response>\s*(.*?)\s*</tool_response>", re.S)


def _arguments(raw: str) -> Any:
    try:
        return json.loads(raw or "{}")
    except ValueError:
        return raw  # kept as the model wrote it: a broken call is data too


def to_sharegpt(messages: Iterable[Message]) -> list[dict[str, str]]:
    turns: list[dict[str, str]] = []
    for m in messages:
        if m.role == "tool":
            block = json.dumps({"tool_call_id": m.tool_call_id or "", "name": m.name or "",
                                "content": m.content or ""}, ensure_ascii=False)
            piece = f"<tool_response>\n{block}\n</tool_response>"
            if turns and turns[-1]["from"] == "tool":
                turns[-1]["value"] += "\n" + piece
            else:
                turns.append({"from": "tool", "value": piece})
            continue
        value = m.content or ""
        if m.role == "assistant" and m.tool_calls:
            calls = [f"<tool_call>\n{json.dumps({'name': c.name, 'arguments': _arguments(c.arguments)}, ensure_ascii=False)}\n</tool_call>"
                     for c in m.tool_calls]
            value = "\n".join([value, *calls]) if value else "\n".join(calls)
        turns.append({"from": _ROLE_TO[m.role], "value": value})
    return turns


def from_sharegpt(turns: list[dict[str, str]]) -> list[Message]:
    """Messages back from ShareGPT turns; call ids are kept where the tool responses carry them."""
    out: list[Message] = []
    pending: list[ToolCall] = []
    n = 0
    for t in turns:
        who, value = t.get("from"), t.get("value") or ""
        if who == "gpt":
            calls = []
            for raw in _CALL.findall(value):
                d = json.loads(raw)
                n += 1
                args = d.get("arguments", {})
                calls.append(ToolCall(f"call_{n}", d.get("name", ""),
                                      args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)))
            text = _CALL.sub("", value).strip() or None
            out.append(Message.assistant(text, calls))
            pending = calls
        elif who == "tool":
            for i, raw in enumerate(_RESPONSE.findall(value)):
                d = json.loads(raw)
                call_id = d.get("tool_call_id") or (pending[i].id if i < len(pending) else "")
                if i < len(pending) and call_id:
                    pending[i].id = call_id  # the response names the call: restore its id
                out.append(Message.tool(call_id, d.get("name", ""), str(d.get("content", ""))))
        elif who in ("system", "human"):
            out.append(Message("system" if who == "system" else "user", value))
        else:
            raise ValueError(f"unknown ShareGPT speaker {who!r}")
    return out


def to_openai(messages: Iterable[Message]) -> list[dict[str, Any]]:
    out = []
    for m in messages:
        d = m.to_openai()
        if m.role == "tool" and m.name:
            d["name"] = m.name  # which tool answered: training data wants it, the wire form omits it
        out.append(d)
    return out


def from_openai(items: list[dict[str, Any]]) -> list[Message]:
    return [Message.from_openai(d) for d in items]


def record(messages: list[Message], fmt: str, meta: dict[str, Any]) -> dict[str, Any]:
    """One JSONL record: the conversation in `fmt` plus its metadata."""
    if fmt == "sharegpt":
        return {"conversations": to_sharegpt(messages), **meta}
    if fmt == "openai":
        return {"messages": to_openai(messages), **meta}
    raise ValueError(f"unknown trajectory format {fmt!r} (known: {', '.join(FORMATS)})")


def load(rec: dict[str, Any]) -> list[Message]:
    """The messages of a record in either format."""
    if "conversations" in rec:
        return from_sharegpt(rec["conversations"])
    if "messages" in rec:
        return from_openai(rec["messages"])
    raise ValueError("not a trajectory record: no 'conversations' or 'messages'")
