"""ScriptedModel: the in-process stand-in LLM used by tests, benchmarks and the offline demo."""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any, AsyncIterator, Iterable

from hermes.core.messages import Message, Usage, messages_tokens, estimate_tokens
from hermes.models.base import ModelDone, ModelError, StreamChunk, TextChunk
from hermes.testing.script import Step, StepLike, last_user_text, split_chunks

_STATUS_KIND = {401: "auth", 403: "auth", 404: "not_found", 400: "bad_request", 408: "timeout",
                413: "context_length", 429: "rate_limit"}


class ScriptedModel:
    """Answers from a script of steps; once the script is used up it echoes the user."""

    def __init__(self, steps: Iterable[StepLike] = (), name: str = "scripted",
                 provider: str = "scripted", context_window: int = 128_000, echo_prefix: str = ""):
        self.steps: deque[StepLike] = deque(steps)
        self.name = name
        self.provider = provider
        self.context_window = context_window
        self.echo_prefix = echo_prefix
        self.requests: list[dict[str, Any]] = []

    def add(self, *steps: StepLike) -> None:
        self.steps.extend(steps)

    async def stream(self, messages: list[Message], tools: list[dict[str, Any]] | None = None,
                     **options: Any) -> AsyncIterator[StreamChunk]:
        self.requests.append({"messages": list(messages), "tools": tools, "options": options})
        step = self.steps.popleft() if self.steps else Step(echo=True)
        if callable(step):
            step = step(messages, tools)
        if step.delay:
            await asyncio.sleep(step.delay)
        if step.error_status is not None or step.error_kind:
            status = step.error_status or 500
            kind = step.error_kind or _STATUS_KIND.get(status, "server" if status >= 500 else "bad_request")
            raise ModelError(step.error_message or f"scripted error {status}", kind=kind,
                             status=status, provider=self.provider)
        text = (self.echo_prefix + last_user_text(messages)) if step.echo else step.text
        for piece in split_chunks(text, step.chunks):
            yield TextChunk(piece)
            if step.chunks > 1:
                await asyncio.sleep(step.chunk_delay)
        u = step.usage or {}
        usage = Usage(u.get("input_tokens", messages_tokens(messages)),
                      u.get("output_tokens", estimate_tokens(text) + sum(
                          estimate_tokens(tc.arguments) for tc in step.tool_calls)),
                      u.get("cache_read_tokens", 0), u.get("cache_write_tokens", 0))
        msg = Message.assistant(text or None, step.tool_calls)
        msg.reasoning = step.reasoning
        yield ModelDone(msg, usage, step.finish_reason or ("tool_calls" if step.tool_calls else "stop"),
                        self.name)
