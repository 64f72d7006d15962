"""OpenAICompatModel: any OpenAI-compatible chat endpoint (plain httpx, or the official `openai` SDK).

The transports live in `openai_wire`; this module builds the request, assembles the streamed answer
and turns failures into ModelErrors.

Retries are ours (the SDK's are switched off) and happen only before the caller has seen any text:
the request is opened and read up to its first visible text inside the retry, so a failure there is
retried transparently, while a failure after text went out surfaces as a `connection` error instead
of a duplicated answer.
"""

from __future__ import annotations

import itertools
import json
import logging
import sys
from dataclasses import dataclass, field
from typing import Any, AsyncIterator

from hermes.core.messages import Message, ToolCall, Usage, estimate_tokens, messages_tokens
from hermes.models.base import ModelDone, ModelError, StreamChunk, TextChunk
from hermes.models.errors import (cause, error_message, is_context_error, is_timeout, is_transport_error,
                                  kind_for_status, safe_url, scrub, server_message)
from hermes.models.openai_wire import HttpxTransport, SdkTransport, StatusFailure, StreamFailure, sdk_stream_failure
from hermes.models.retry import parse_retry_after
from hermes.models.streaming import ProviderStream

log = logging.getLogger("hermes.models")

_ids = itertools.count(1)


@dataclass
class _Assembly:
    """Accumulates a streamed response (chunks as the server's dicts) into one assistant message."""
    text: list[str] = field(default_factory=list)
    reasoning: list[str] = field(default_factory=list)
    calls: dict[int, list[Any]] = field(default_factory=dict)  # index -> [id, name, [argument pieces]]
    finish: str | None = None
    model: str = ""
    usage: dict[str, Any] | None = None
    _slot_of: dict[int, int] = field(default_factory=dict)  # the server's index -> our slot

    def feed(self, chunk: dict[str, Any]) -> str:
        if chunk.get("model"):
            self.model = chunk["model"]
        if chunk.get("usage"):
            self.usage = chunk["usage"]
        out = []
        for choice in chunk.get("choices") or ():
            if choice.get("finish_reason"):
                self.finish = choice["finish_reason"]
            delta = choice.get("delta")
            if not delta:
                continue
            r = delta.get("reasoning_content") or delta.get("reasoning")
            if isinstance(r, str) and r:
                self.reasoning.append(r)
            content = delta.get("content")
            if content and isinstance(content, str):
                out.append(content)
            for tc in delta.get("tool_calls") or ():
                if isinstance(tc, dict):
                    self._call_delta(tc)
        piece = "".join(out)
        if piece:
            self.text.append(piece)
        return piece

    def _call_delta(self, tc: dict[str, Any]) -> None:
        idx = tc.get("index")
        tc_id = tc.get("id")
        if idx is None:  # some servers omit the index: a new id starts a new call
            idx = len(self.calls) if tc_id and all(c[0] != tc_id for c in self.calls.values()) \
                else max(self.calls, default=0)
        key = self._slot_of.get(idx, idx)
        slot = self.calls.get(key)
        if slot is not None and tc_id and slot[0] and tc_id != slot[0]:
            key = max(self.calls) + 1  # another call reusing an index (seen from some servers)
        self._slot_of[idx] = key
        slot = self.calls.setdefault(key, ["", "", []])
        if tc_id and not slot[0]:
            slot[0] = tc_id
        fn = tc.get("function")
        if isinstance(fn, dict):
            name, args = fn.get("name"), fn.get("arguments")
            if name and not slot[1]:
                slot[1] = name
            if args:
                slot[2].append(args if isinstance(args, str) else json.dumps(args))

    def tool_calls(self) -> list[ToolCall]:
        return [ToolCall(id=c[0] or f"call_{next(_ids):06d}", name=c[1], arguments="".join(c[2]) or "{}")
                for _, c in sorted(self.calls.items())]


def _usage(u: dict[str, Any] | None, messages: list[Message], text: str, calls: list[ToolCall]) -> Usage:
    if not isinstance(u, dict):  # the server reports none: estimate so budgets and compression still work
        return Usage(messages_tokens(messages), estimate_tokens(text) + sum(
            estimate_tokens(c.name) + estimate_tokens(c.arguments) for c in calls))
    details = u.get("prompt_tokens_details") or {}
    cached = details.get("cached_tokens") or u.get("prompt_cache_hit_tokens") or 0
    written = details.get("cache_write_tokens") or details.get("cache_creation_tokens") or 0
    return Usage(u.get("prompt_tokens") or 0, u.get("completion_tokens") or 0, int(cached), int(written))


class OpenAICompatModel:
    """A ChatModel speaking OpenAI's chat-completions protocol to `base_url`."""

    def __init__(self, name: str, base_url: str, api_key: str | None = None, provider: str = "openai", *,
                 timeout: float = 120.0, max_retries: int = 3, headers: dict[str, str] | None = None,
                 context_window: int | None = None, key_env: str | None = None, key_hint: str = "",
                 retry_base: float = 0.5, retry_cap: float = 20.0, http_client: str = "httpx"):
        self.name = name
        self.provider = provider
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max_retries
        self.headers = dict(headers or {})
        self.context_window = context_window
        self.key_env = key_env  # named in auth errors; the key itself is never put in a message
        self.key_hint = key_hint  # extra advice for auth errors (e.g. why no key was sent)
        self.retry_base, self.retry_cap = retry_base, retry_cap
        self._key = api_key or None
        self._stream_options = True
        sent = dict(self.headers)
        if self._key:  # explicit, so no ambient Authorization from the environment can replace it
            sent["Authorization"] = f"Bearer {self._key}"
        if http_client == "openai-sdk":
            self._transport: HttpxTransport | SdkTransport = SdkTransport(self.base_url, sent, timeout, self._key)
        elif http_client == "httpx":
            self._transport = HttpxTransport(self.base_url, sent, timeout)
        else:
            raise ValueError(f"unknown http_client {http_client!r}: use 'httpx' or 'openai-sdk'")
        self.http_client = http_client
        self.vision: bool | None = None  # model.vision from config; None: decided by the model's name

    def __repr__(self) -> str:
        return f"OpenAICompatModel({self.name!r}, provider={self.provider!r}, base_url={safe_url(self.base_url)!r})"

    async def aclose(self) -> None:
        await self._transport.aclose()

    def _request(self, messages: list[Message], tools: list[dict[str, Any]] | None,
                 options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The JSON body (named parameters and any extra options side by side) and per-call headers."""
        from hermes.models.vision import accepts_images

        images = accepts_images(self) is not False  # unknown models get them; a refusal is mapped
        body: dict[str, Any] = {"model": self.name, "messages": [m.to_openai(images) for m in messages],
                                "stream": True}
        if self._stream_options:
            body["stream_options"] = {"include_usage": True}
        if tools:
            body["tools"] = tools
        headers: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        for k, v in options.items():
            if v is None or k in ("timeout", "extra_query"):
                continue
            if k == "extra_body":
                extra.update(v)
            elif k == "extra_headers":
                headers.update(v)
            else:  # named chat-completion parameters and anything else the server may understand
                body[k] = v
        body.update(extra)
        if not self._key and not any(h.lower() == "authorization" for h in self.headers):
            headers["Authorization"] = None  # no key: send no Authorization at all (not a dummy one)
        return body, headers

    async def _open(self, messages: list[Message], tools: list[dict[str, Any]] | None,
                    options: dict[str, Any]) -> Any:
        try:
            return await self._transport.open(*self._request(messages, tools, options))
        except StatusFailure as e:
            text = json.dumps(e.body) if not isinstance(e.body, str) else e.body
            if self._stream_options and e.status_code in (400, 422) and (
                    "stream_options" in text or "include_usage" in text):
                self._stream_options = False  # an older server: ask once more, without usage
                return await self._transport.open(*self._request(messages, tools, options))
            raise

    # -- streaming ---------------------------------------------------------------------------------

    async def stream(self, messages: list[Message], tools: list[dict[str, Any]] | None = None,
                     **options: Any) -> AsyncIterator[StreamChunk]:
        ps = ProviderStream(self, lambda: self._open(messages, tools, options), _Assembly,
                            detail=lambda e, c: server_message(e) if c.status else cause(e))
        async for piece in ps:
            yield TextChunk(piece)
        state = ps.state
        text = "".join(state.text)
        calls = state.tool_calls()
        msg = Message.assistant(text or None, calls)
        msg.reasoning = "".join(state.reasoning) or None
        finish = state.finish or ("tool_calls" if calls else "stop")
        yield ModelDone(msg, _usage(state.usage, messages, text, calls), finish, state.model or self.name)

    def _log_retry(self, e: ModelError, attempt: int, delay: float) -> None:
        log.info("retrying %s (%s) in %.2fs, attempt %d/%d: %s", self.provider, e.kind, delay, attempt,
                 self.max_retries, e)

    # -- errors ------------------------------------------------------------------------------------

    def classify(self, e: BaseException) -> ModelError | None:
        """A ModelError for a failed call, or None for errors that are bugs (they propagate as they are)."""
        if isinstance(e, ModelError):
            return e
        p, url = self.provider, safe_url(self.base_url)
        status, retry_after = None, None
        sdk = sys.modules.get("openai")  # only the SDK transport raises its types; never import it here
        stream_failure = e if isinstance(e, StreamFailure) else sdk_stream_failure(e)
        if isinstance(e, StatusFailure):
            status = e.status_code
            detail = server_message(e)
            retry_after = parse_retry_after(e.headers)
            kind = kind_for_status(status, detail)
            if status == 429 and "insufficient_quota" in (json.dumps(e.body) + detail):
                kind, detail = "auth", f"quota or credit exhausted: {detail}"
        elif stream_failure is not None:  # an error event inside the stream
            detail = server_message(stream_failure)
            kind = "context_length" if is_context_error(detail) else "server"
        elif is_timeout(e) or (sdk is not None and isinstance(e, sdk.APITimeoutError)):
            kind, detail = "timeout", f"no answer within {self.timeout:g}s"
        elif sdk is not None and isinstance(e, sdk.APIConnectionError):
            kind, detail = "connection", cause(e)
        elif is_transport_error(e):
            kind, detail = "connection", f"{type(e).__name__}: {e}"
        else:
            return None
        text = error_message(kind, status, detail, provider=p, model=self.name, url=url, endpoint="/chat/completions",
                             key_env=self.key_env, key_hint=self.key_hint)
        return ModelError(self._scrub(text), kind=kind, status=status, provider=p, retry_after=retry_after)

    def _scrub(self, text: str) -> str:
        return scrub(text, self._key)
