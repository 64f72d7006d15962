"""Context compression: keep long conversations inside the model's window without losing the thread.

Before each model call (and at once after a context-length error) the compressor:
1. shrinks old tool outputs to a head and a tail with a note of what was cut;
2. if still over the threshold, keeps the first exchange and a recent tail (by token budget, never
   splitting a tool call from its result) and replaces the middle with a structured summary from
   the auxiliary model, folding in any previous summary;
3. if the summary cannot be made (after retries and fallbacks), trims the oldest middle turns and
   says so. Nothing is replaced by a placeholder, and the store keeps every original message.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Callable

from hermes.core.messages import Message, estimate_tokens
from hermes.models.base import ChatModel, ModelError, complete

SUMMARY_HEADER = ("[Summary of earlier conversation — reference only. Your memory in the system "
                  "prompt stays authoritative; the full transcript is in session search.]")

SUMMARY_PROMPT = """You compress the middle of a long conversation between a user and an AI agent \
so the agent can continue the work without it. Write a faithful, dense summary in Markdown with \
exactly these sections: Goal, Constraints, Decisions, Completed work, Current state, Open \
questions, Blockers, Files and resources, Next steps. Keep exact names, numbers, paths, commands, \
identifiers and facts the user stated; drop chit-chat. If a previous summary is given, fold it in \
(keep every fact it holds that is still true). {focus}"""


def msg_tokens(m: Message) -> int:
    return 4 + estimate_tokens(m.content) + sum(
        estimate_tokens(tc.arguments) + estimate_tokens(tc.name) + 4 for tc in m.tool_calls)


@dataclass
class CompressionResult:
    before: int
    after: int
    notes: list[str] = field(default_factory=list)


class Compressor:
    """A compactor for `Agent`: called before each model call with (session, model, forced)."""

    def __init__(self, *, window: int, threshold: float = 0.5, keep_recent_tokens: int = 6_000,
                 tool_keep_chars: int = 2_000, store: Any = None,
                 aux_models: list[ChatModel] | None = None, attempts: int = 2,
                 before_compress: Callable[[Any], Any] | None = None, focus: str = ""):
        self.window = window
        self.threshold = threshold
        self.keep_recent_tokens = min(keep_recent_tokens, int(window * threshold * 0.5))
        self.tool_keep_chars = tool_keep_chars
        self.store = store
        self.aux_models = list(aux_models or [])
        self.attempts = attempts
        self.before_compress = before_compress
        self.focus = focus

    @property
    def limit(self) -> int:
        return int(self.window * self.threshold)

    def request_tokens(self, session: Any, pending: list[Message]) -> int:
        return int(self._raw_tokens(session, pending) * session.meta.get("token_ratio", 1.0))

    def _raw_tokens(self, session: Any, pending: list[Message]) -> int:
        return (estimate_tokens(session.system_prompt) + sum(map(msg_tokens, session.history))
                + sum(map(msg_tokens, pending)) + session.meta.get("schema_tokens", 0))

    def _calibrate(self, session: Any, raw: int) -> None:
        """Correct the 4-characters-a-token estimate with what the provider reported last time."""
        last_raw = session.meta.get("last_raw_estimate")
        if last_raw and session.last_input_tokens:
            session.meta["token_ratio"] = max(0.5, min(2.5, session.last_input_tokens / last_raw))
        session.meta["last_raw_estimate"] = raw

    async def __call__(self, session: Any, model: ChatModel, forced: bool) -> list[str]:
        pending = session.meta.get("pending", [])
        self._calibrate(session, self._raw_tokens(session, pending))
        try:
            return await self._maybe(session, pending, forced)
        finally:  # what this request will really carry, for the next calibration
            session.meta["last_raw_estimate"] = self._raw_tokens(session, pending)

    async def _maybe(self, session: Any, pending: list[Message], forced: bool) -> list[str]:
        tokens = self.request_tokens(session, pending)
        if not forced and tokens <= self.limit:
            return []
        # Thrash guard: if the last compression could not get below the limit (a huge tail),
        # wait until the context grew by a turn's worth before trying again — never switch off.
        floor = session.meta.get("compress_floor")
        if not forced and floor is not None and tokens < floor + self.keep_recent_tokens // 4:
            return []
        if self.before_compress is not None:
            try:
                await self.before_compress(session)
            except Exception:
                pass  # a failed memory flush must not block compression
        res = await self.compress(session, pending, aggressive=forced)
        session.meta["compress_floor"] = res.after if res.after > self.limit else None
        return res.notes

    async def compress(self, session: Any, pending: list[Message], *, aggressive: bool = False,
                       focus: str | None = None) -> CompressionResult:
        before = self.request_tokens(session, pending)
        notes: list[str] = []
        history: list[Message] = session.history
        head_end = _first_exchange_end(history)
        tail_start = self._tail_start(history, head_end, aggressive)
        shrunk = self._shrink_tool_outputs(session, history, tail_start)
        if shrunk:
            notes.append(f"shortened {shrunk} old tool outputs")
        if self.request_tokens(session, pending) <= self.limit and not aggressive:
            return CompressionResult(before, self.request_tokens(session, pending), notes)
        middle = history[head_end:tail_start]
        if not middle:
            return CompressionResult(before, self.request_tokens(session, pending), notes)
        summary_text = await self._summarize(middle, focus if focus is not None else self.focus)
        head = history[:head_end]
        replaced = list(middle)
        if summary_text is not None:
            if head and head[-1].role == "user":  # keep roles alternating: fold it in
                replaced.insert(0, head.pop())
                summary_text = f"First request: {replaced[0].content}\n\n{summary_text}"
            summary = Message.user(f"{SUMMARY_HEADER}\n\n{summary_text}")
            summary.summary = True
            self._record(session, replaced, summary)
            session.history = head + [summary] + history[tail_start:]
            notes.append(f"compressed {len(replaced)} messages into a summary "
                         f"({before:,} → {self.request_tokens(session, pending):,} tokens)")
        else:
            # Could not summarize: trim the oldest turns so the request fits; they stay stored.
            self._record(session, replaced, None)
            session.history = head + history[tail_start:]
            notes.append(f"summary failed: {len(replaced)} older messages are out of the model's "
                         f"view (still stored and searchable)")
        return CompressionResult(before, self.request_tokens(session, pending), notes)

    # -- pieces ----------------------------------------------------------------------------------

    def _tail_start(self, history: list[Message], head_end: int, aggressive: bool) -> int:
        """First index of the recent tail kept verbatim. The tail starts at an assistant message,
        so no tool result loses its call and the summary (a user message) alternates roles."""
        budget = self.keep_recent_tokens // (2 if aggressive else 1)
        i, used = len(history), 0
        while i > head_end:
            t = msg_tokens(history[i - 1])
            if used + t > budget:
                break
            used += t
            i -= 1
        for j in range(i, len(history)):
            if history[j].role == "assistant":
                return j
        for j in range(i - 1, head_end - 1, -1):  # none after: keep a slightly bigger tail
            if history[j].role == "assistant":
                return j
        return len(history)

    def _shrink_tool_outputs(self, session: Any, history: list[Message], tail_start: int) -> int:
        n = 0
        keep = self.tool_keep_chars
        for idx in range(tail_start):
            m = history[idx]
            if m.role != "tool" or not m.content or len(m.content) <= keep * 2 or m.summary:
                continue
            head, tail = m.content[:keep], m.content[-keep // 2:]
            cut = len(m.content) - len(head) - len(tail)
            short = Message.tool(m.tool_call_id or "", m.name or "",
                                 f"{head}\n[... {cut:,} characters of this old tool output cut to "
                                 f"save context ...]\n{tail}")
            short.summary = True
            self._record(session, [m], short)
            history[idx] = short
            n += 1
        return n

    def _record(self, session: Any, replaced: list[Message], summary: Message | None) -> None:
        if self.store is None:
            return
        ids = [m.id for m in replaced if m.id is not None]
        if ids:
            self.store.compact(session.id, ids, summary)

    async def _summarize(self, middle: list[Message], focus: str) -> str | None:
        transcript = render_transcript(middle)
        prompt = SUMMARY_PROMPT.format(focus=f"Focus especially on: {focus}" if focus else "")
        request = [Message.system(prompt), Message.user(transcript)]
        for model in self.aux_models:
            for attempt in range(self.attempts):
                try:
                    done = await complete(model, request)
                    text = (done.message.content or "").strip()
                    if len(text) >= 20:
                        return text
                except ModelError:
                    pass
                except Exception:
                    pass
                await asyncio.sleep(0.05 * (attempt + 1))
        return None


def _first_exchange_end(history: list[Message]) -> int:
    """Index after the first exchange: the first user message and the first final answer."""
    for i, m in enumerate(history):
        if m.summary and m.role == "user":
            return i  # an earlier summary: it is part of the middle and gets folded in
        if m.role == "assistant" and not m.tool_calls:
            return i + 1
        if i >= 8:
            break
    return 1 if history and history[0].role == "user" else 0


def render_transcript(messages: list[Message], tool_chars: int = 1_500) -> str:
    out = []
    for m in messages:
        if m.summary and m.role == "user":
            out.append(f"PREVIOUS SUMMARY:\n{m.content}")
        elif m.role == "tool":
            c = m.content or ""
            if len(c) > tool_chars:
                c = c[:tool_chars // 2] + " [...] " + c[-tool_chars // 2:]
            out.append(f"[tool {m.name}]: {c}")
        elif m.role == "assistant":
            calls = ", ".join(f"{tc.name}({tc.arguments[:200]})" for tc in m.tool_calls)
            out.append(f"ASSISTANT: {m.content or ''}" + (f" [calls: {calls}]" if calls else ""))
        else:
            out.append(f"{m.role.upper()}: {m.content or ''}")
    return "\n\n".join(out)
