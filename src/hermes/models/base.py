"""The ChatModel protocol: every provider streams the same two kinds of chunk.

A model call yields any number of `TextChunk`s followed by exactly one `ModelDone` carrying the
complete assistant message (text + tool calls), usage and finish reason. Failures raise
`ModelError` with a `kind` the loop and the fallback chain can act on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Protocol, Union, runtime_checkable

from hermes.core.messages import Message, Usage


@dataclass(slots=True)
class TextChunk:
    text: str


@dataclass(slots=True)
class ModelDone:
    message: Message
    usage: Usage = field(default_factory=Usage)
    finish_reason: str = "stop"
    model: str = ""


StreamChunk = Union[TextChunk, ModelDone]

# kinds: rate_limit, server, timeout, connection -> retryable; auth, not_found, bad_request,
# context_length -> not retried (context_length triggers compression instead).
RETRYABLE = frozenset({"rate_limit", "server", "timeout", "connection"})


class ModelError(Exception):
    def __init__(self, message: str, kind: str = "server", status: int | None = None,
                 provider: str = "", retry_after: float | None = None):
        super().__init__(message)
        self.kind = kind
        self.status = status
        self.provider = provider
        self.retry_after = retry_after

    @property
    def retryable(self) -> bool:
        return self.kind in RETRYABLE


@runtime_checkable
class ChatModel(Protocol):
    """A streaming chat model. `name` is the model id sent to the provider."""

    name: str
    provider: str

    def stream(self, messages: list[Message], tools: list[dict[str, Any]] | None = None,
               **options: Any) -> AsyncIterator[StreamChunk]: ...


async def complete(model: ChatModel, messages: list[Message],
                   tools: list[dict[str, Any]] | None = None, **options: Any) -> ModelDone:
    """Consume a stream and return its final chunk (for auxiliary, non-streamed calls)."""
    done: ModelDone | None = None
    async for chunk in model.stream(messages, tools, **options):
        if isinstance(chunk, ModelDone):
            done = chunk
    if done is None:
        raise ModelError("model stream ended without a final message", kind="server")
    return done
