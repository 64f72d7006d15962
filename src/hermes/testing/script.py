"""Scripts for the stand-in LLM: what the scripted model (in process or over HTTP) answers.

A script is a list of steps, consumed one per model call. As JSON (for the HTTP server):
  {"text": "hello", "chunks": 3, "delay": 0.1}            stream text in 3 pieces after 0.1 s
  {"tool_calls": [{"name": "terminal", "arguments": {"command": "ls"}}], "text": ""}
  {"error": {"status": 429, "message": "slow down"}}        fail this call
  {"echo": true}                                            answer with the last user message
When the script runs out, every further call echoes the last user message ("echo" mode), so
benchmarks can send unlimited traffic to an instant model.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from hermes.core.messages import Message, ToolCall


@dataclass
class Step:
    text: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    chunks: int = 1
    delay: float = 0.0
    chunk_delay: float = 0.0  # seconds between chunks, for what watches a stream (previews, cancels)
    error_status: int | None = None
    error_message: str = ""
    error_kind: str | None = None
    echo: bool = False
    reasoning: str | None = None
    usage: dict[str, int] | None = None
    finish_reason: str | None = None


# A step may also be computed from the request: fn(messages, tools) -> Step
StepLike = Step | Callable[[list[Message], list[dict[str, Any]] | None], Step]


def reply(text: str, chunks: int = 1, delay: float = 0.0, chunk_delay: float = 0.0) -> Step:
    return Step(text=text, chunks=chunks, delay=delay, chunk_delay=chunk_delay)


_call_counter = [0]


def call(name: str, arguments: dict[str, Any] | str | None = None, *, id: str | None = None,
         text: str = "") -> Step:
    return Step(text=text, tool_calls=[make_call(name, arguments, id)])


def calls(*items: tuple[str, dict[str, Any] | str | None], text: str = "") -> Step:
    return Step(text=text, tool_calls=[make_call(n, a) for n, a in items])


def make_call(name: str, arguments: dict[str, Any] | str | None = None, id: str | None = None) -> ToolCall:
    _call_counter[0] += 1
    args = arguments if isinstance(arguments, str) else json.dumps(arguments or {})
    return ToolCall(id=id or f"call_{_call_counter[0]:06d}", name=name, arguments=args)


def fail(status: int = 500, message: str = "scripted failure", kind: str | None = None) -> Step:
    return Step(error_status=status, error_message=message, error_kind=kind)


def step_from_json(d: dict[str, Any]) -> Step:
    err = d.get("error") or {}
    return Step(
        text=d.get("text", ""),
        tool_calls=[make_call(c["name"], c.get("arguments"), c.get("id")) for c in d.get("tool_calls", [])],
        chunks=int(d.get("chunks", 1)), delay=float(d.get("delay", 0.0)),
        chunk_delay=float(d.get("chunk_delay", 0.0)),
        error_status=err.get("status"), error_message=err.get("message", ""),
        error_kind=err.get("kind"), echo=bool(d.get("echo", False)),
        usage=d.get("usage"), finish_reason=d.get("finish_reason"), reasoning=d.get("reasoning"),
    )


def last_user_text(messages: list[Message]) -> str:
    for m in reversed(messages):
        if m.role == "user":
            return m.content or ""
    return ""


def split_chunks(text: str, n: int) -> list[str]:
    if n <= 1 or len(text) <= 1:
        return [text] if text else []
    size = max(1, -(-len(text) // n))
    return [text[i:i + size] for i in range(0, len(text), size)]
