"""Streaming with tool calls recovered from text.

Prose streams as it comes. From the point where a line starts like a call (`{`, `[`, a ```json
fence, `<tool_call>`, `[TOOL_CALLS]`, `<|python_tag|>`, `<function=`) the text is held back until
the reply ends; then the held part either becomes tool calls (and is not shown) or is released as
text. A fence in another language (```python) is released at once, so code answers still stream.
"""

from __future__ import annotations

from typing import Any, AsyncIterator

from hermes.core.messages import Message
from hermes.models.base import ModelDone, TextChunk
from hermes.models.text_calls import recover, tool_index

_MARKERS = ("<tool_call>", "[TOOL_CALLS]", "<|python_tag|>", "<function=", "{", "[")
_CALL_FENCES = ("", "json", "jsonc", "json5", "tool_call", "tool_code", "tool")


def _verdict(tail: str) -> str:
    """For text from a line start on: 'hold' (may be a call), 'text', or 'wait' (too early to say)."""
    s = tail.lstrip(" \t")
    if not s:
        return "wait"
    if s.startswith("```"):
        head, nl, body = s[3:].partition("\n")
        if not nl:
            return "wait"
        if head.strip().lower() not in _CALL_FENCES:
            return "text"
        body = body.lstrip()
        return "wait" if not body else ("hold" if body[0] in "{[" else "text")
    if "```".startswith(s):
        return "wait"
    for m in _MARKERS:
        if s.startswith(m):
            return "hold"
        if m.startswith(s):
            return "wait"
    return "text"


class _Holder:
    def __init__(self) -> None:
        self.text = ""  # everything received
        self.shown = 0  # how much of it went out
        self.holding = False

    def feed(self, chunk: str) -> str:
        """Take a chunk; return what may be shown now."""
        self.text += chunk
        out = []
        while not self.holding and self.shown < len(self.text):
            if self.shown == 0 or self.text[self.shown - 1] == "\n":  # a line starts here
                verdict = _verdict(self.text[self.shown:])
                if verdict == "hold":
                    self.holding = True
                    break
                if verdict == "wait":
                    break
            nl = self.text.find("\n", self.shown)
            end = len(self.text) if nl < 0 else nl + 1
            out.append(self.text[self.shown:end])
            self.shown = end
        return "".join(out)

    def rest(self) -> str:
        out = self.text[self.shown:]
        self.shown = len(self.text)
        return out


async def recovering(stream: AsyncIterator[Any], tools: list[dict[str, Any]] | None) -> AsyncIterator[Any]:
    """Pass a model stream through, turning tool calls written as text into real ones."""
    index = tool_index(tools)
    holder = _Holder()
    async for chunk in stream:
        if isinstance(chunk, TextChunk):
            shown = holder.feed(chunk.text)
            if shown:
                yield TextChunk(shown)
            continue
        if isinstance(chunk, ModelDone) and not chunk.message.tool_calls and index:
            found = recover(chunk.message.content or "", index)
            if found is not None:
                held = holder.text[holder.shown:]
                leftover = recover(held, index) if held.strip() else None
                if leftover is not None and leftover.text:
                    yield TextChunk(("\n" if holder.shown else "") + leftover.text)
                msg = Message.assistant(found.text or None, found.calls)
                yield ModelDone(msg, chunk.usage, "tool_calls", chunk.model)
                return
        rest = holder.rest()
        if rest:
            yield TextChunk(rest)
        yield chunk
