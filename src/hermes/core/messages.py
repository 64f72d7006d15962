"""Messages exchanged between the loop, the models and the store.

The wire shape is OpenAI's chat format; every provider adapter converts to and from it, and
the store keeps exactly these fields, so a stored session replays as a valid request.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Literal

IMAGE_TOKENS = 1_000  # a rough cost of one image in a request, for compression thresholds

Role = Literal["system", "user", "assistant", "tool"]


@dataclass(slots=True)
class ToolCall:
    id: str
    name: str
    arguments: str = "{}"  # raw JSON text, as the model produced it

    def to_openai(self) -> dict[str, Any]:
        return {"id": self.id, "type": "function",
                "function": {"name": self.name, "arguments": self.arguments}}

    @classmethod
    def from_openai(cls, d: dict[str, Any]) -> "ToolCall":
        fn = d.get("function") or {}
        return cls(id=d.get("id") or "", name=fn.get("name") or "", arguments=fn.get("arguments") or "{}")


@dataclass(slots=True)
class Usage:
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0

    def __add__(self, other: "Usage") -> "Usage":
        return Usage(self.input_tokens + other.input_tokens,
                     self.output_tokens + other.output_tokens,
                     self.cache_read_tokens + other.cache_read_tokens,
                     self.cache_write_tokens + other.cache_write_tokens)

    @property
    def total(self) -> int:
        return self.input_tokens + self.output_tokens


@dataclass(slots=True)
class Message:
    role: Role
    content: str | None = None
    tool_calls: list[ToolCall] = field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None  # tool name, for role == "tool"
    timestamp: float = field(default_factory=time.time)
    tokens: int | None = None
    reasoning: str | None = None
    id: int | None = None  # row id once stored
    summary: bool = False  # a compression summary standing in for older turns

    @classmethod
    def system(cls, text: str) -> "Message":
        return cls("system", text)

    @classmethod
    def user(cls, text: str) -> "Message":
        return cls("user", text)

    @classmethod
    def assistant(cls, text: str | None, tool_calls: list[ToolCall] | None = None) -> "Message":
        return cls("assistant", text, list(tool_calls or []))

    @classmethod
    def tool(cls, call_id: str, name: str, text: str) -> "Message":
        return cls("tool", text, tool_call_id=call_id, name=name)

    @property
    def images(self) -> list[Any]:
        """Images this user message carries (references kept in its text; see core/images.py)."""
        if self.role != "user":
            return []
        from hermes.core.images import images_in

        return images_in(self.content)

    def to_openai(self, images: bool = False) -> dict[str, Any]:
        """The OpenAI wire form; with `images`, a user message's images go as image_url parts."""
        d: dict[str, Any] = {"role": self.role}
        if self.role == "assistant":
            d["content"] = self.content if self.content else None
            if self.tool_calls:
                d["tool_calls"] = [tc.to_openai() for tc in self.tool_calls]
            elif d["content"] is None:
                d["content"] = ""
        else:
            d["content"] = self.content or ""
            if images and self.role == "user":
                parts = [{"type": "image_url", "image_url": {"url": url}}
                         for url in (i.data_url() for i in self.images) if url]
                if parts:  # the text keeps the reference lines: they say which file each image is
                    d["content"] = [{"type": "text", "text": self.content or ""}, *parts]
        if self.role == "tool":
            d["tool_call_id"] = self.tool_call_id
        return d

    @classmethod
    def from_openai(cls, d: dict[str, Any]) -> "Message":
        content = d.get("content")
        if isinstance(content, list):  # content parts: keep the text ones
            content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
        return cls(role=d["role"], content=content,
                   tool_calls=[ToolCall.from_openai(t) for t in d.get("tool_calls") or []],
                   tool_call_id=d.get("tool_call_id"), name=d.get("name"))

    def tool_calls_json(self) -> str | None:
        return json.dumps([tc.to_openai() for tc in self.tool_calls]) if self.tool_calls else None


def estimate_tokens(text: str | None) -> int:
    """Rough count used before a provider reports real usage (4 characters a token)."""
    return (len(text) + 3) // 4 if text else 0


def messages_tokens(messages: list[Message]) -> int:
    n = 0
    for m in messages:
        n += 4 + estimate_tokens(m.content)
        if m.role == "user" and m.content and "[image: " in m.content:
            n += IMAGE_TOKENS * len(m.images)
        for tc in m.tool_calls:
            n += estimate_tokens(tc.name) + estimate_tokens(tc.arguments) + 4
    return n
