"""AnthropicModel: Claude through Anthropic's native Messages API and the official `anthropic` SDK.

Same shape as OpenAICompatModel: the SDK is imported on first use, one client per event loop, the
SDK's own retries are off and ours run only before the caller has seen text, a failure after text
went out is a `connection` error marked partial.

Our messages are OpenAI-shaped; they are converted here. Prompt caching uses explicit breakpoints:
one on the last system block (tools + system prompt, stable for the whole session) and one on the
last block of each of the last two messages, so each call reads the prefix the previous call
wrote. Anthropic allows at most four breakpoints per request; this uses three.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any, AsyncIterator

from hermes.core.messages import Message, ToolCall, Usage, estimate_tokens, messages_tokens
from hermes.models.base import ModelDone, ModelError, StreamChunk, TextChunk
from hermes.models.errors import (cause, error_message, is_context_error, is_timeout, is_transport_error,
                                  kind_for_status, safe_url, scrub, server_message)
from hermes.models.streaming import ProviderStream
from hermes.models.retry import parse_retry_after

log = logging.getLogger("hermes.models")

DEFAULT_MAX_TOKENS = 4096
MAX_BREAKPOINTS = 4  # Anthropic rejects requests with more cache_control blocks
EPHEMERAL = {"type": "ephemeral"}
_FINISH = {"end_turn": "stop", "stop_sequence": "stop", "tool_use": "tool_calls", "max_tokens": "length",
           "refusal": "content_filter", "pause_turn": "stop"}
# Error types of in-stream `error` events, as the HTTP status the same error would have had.
_TYPE_STATUS = {"invalid_request_error": 400, "authentication_error": 401, "permission_error": 403,
                "not_found_error": 404, "request_too_large": 413, "rate_limit_error": 429,
                "api_error": 500, "overloaded_error": 529, "timeout_error": 504}
_EMPTY = "(empty)"  # Anthropic rejects empty text blocks


# -- request conversion ----------------------------------------------------------------------------

def convert_tools(tools: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """OpenAI function schemas -> Anthropic tools (ones already in Anthropic's shape pass through)."""
    out = []
    for t in tools or ():
        fn = t.get("function") if t.get("type") == "function" else None
        if fn is None:
            out.append(t)
            continue
        tool = {"name": fn["name"], "input_schema": fn.get("parameters") or {"type": "object", "properties": {}}}
        if fn.get("description"):
            tool["description"] = fn["description"]
        out.append(tool)
    return out


def _tool_input(arguments: str) -> dict[str, Any]:
    try:
        value = json.loads(arguments or "{}")
    except ValueError:
        value = None
    # tool_use input must be an object; malformed arguments stay visible to the model this way
    return value if isinstance(value, dict) else {"_raw_arguments": arguments}


def _blocks(m: Message, images: bool = False) -> list[dict[str, Any]]:
    if m.role == "tool":
        block: dict[str, Any] = {"type": "tool_result", "tool_use_id": m.tool_call_id or ""}
        if m.content:
            block["content"] = m.content
        return [block]
    out: list[dict[str, Any]] = []
    if m.content:
        out.append({"type": "text", "text": m.content})
    if images and m.role == "user":
        for img in m.images:
            data = img.base64()
            if data is not None:  # a vanished file leaves its reference line in the text
                out.append({"type": "image", "source": {"type": "base64", "media_type": img.mime, "data": data}})
    if m.role == "assistant":
        out.extend({"type": "tool_use", "id": tc.id, "name": tc.name, "input": _tool_input(tc.arguments)}
                   for tc in m.tool_calls)
    return out


def to_anthropic(messages: list[Message], cache: bool = True,
                 images: bool = True) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Our messages -> (system blocks, alternating user/assistant messages), with cache breakpoints."""
    system = [{"type": "text", "text": m.content} for m in messages if m.role == "system" and m.content]
    out: list[dict[str, Any]] = []
    for m in messages:
        if m.role == "system":
            continue
        role = "assistant" if m.role == "assistant" else "user"  # tool results ride in user turns
        blocks = _blocks(m, images)
        if not blocks:
            if role == "assistant":
                continue  # an empty assistant turn carries nothing; merging keeps roles alternating
            blocks = [{"type": "text", "text": _EMPTY}]
        if out and out[-1]["role"] == role:
            out[-1]["content"].extend(blocks)
        else:
            out.append({"role": role, "content": blocks})
    if out and out[0]["role"] != "user":
        out.insert(0, {"role": "user", "content": [{"type": "text", "text": "(conversation continues)"}]})
    for msg in out:
        # Within a user turn tool results must come before any text.
        msg["content"].sort(key=lambda b: b.get("type") != "tool_result")
    if cache:
        marks = 0
        if system:
            system[-1]["cache_control"] = dict(EPHEMERAL)
            marks += 1
        for msg in out[-2:][::-1]:
            if marks >= MAX_BREAKPOINTS:
                break
            msg["content"][-1]["cache_control"] = dict(EPHEMERAL)
            marks += 1
    return system, out


def _tool_choice(value: Any) -> Any:
    if isinstance(value, str):
        return {"auto": {"type": "auto"}, "required": {"type": "any"}, "any": {"type": "any"},
                "none": {"type": "none"}}.get(value, {"type": "auto"})
    if isinstance(value, dict) and value.get("type") == "function":
        return {"type": "tool", "name": (value.get("function") or {}).get("name", "")}
    return value


# -- response assembly -----------------------------------------------------------------------------

@dataclass
class _Assembly:
    text: list[str] = field(default_factory=list)
    reasoning: list[str] = field(default_factory=list)
    blocks: dict[int, list[Any]] = field(default_factory=dict)  # index -> [id, name, [json pieces], input]
    usage: dict[str, int] = field(default_factory=dict)
    stop_reason: str | None = None
    model: str = ""
    stopped: bool = False

    def feed(self, ev: Any) -> str:
        """Take one stream event; returns the visible text it adds."""
        kind = getattr(ev, "type", None)
        if kind == "content_block_delta":
            d = ev.delta
            dt = getattr(d, "type", None)
            if dt == "text_delta":
                self.text.append(d.text)
                return d.text
            if dt == "input_json_delta" and ev.index in self.blocks:
                self.blocks[ev.index][2].append(d.partial_json or "")
            elif dt == "thinking_delta":
                self.reasoning.append(d.thinking or "")
        elif kind == "content_block_start":
            b = ev.content_block
            bt = getattr(b, "type", None)
            if bt == "text" and getattr(b, "text", ""):
                self.text.append(b.text)
                return b.text
            if bt == "tool_use":
                self.blocks[ev.index] = [b.id, b.name, [], getattr(b, "input", None)]
            elif bt == "thinking" and getattr(b, "thinking", ""):
                self.reasoning.append(b.thinking)
        elif kind == "message_start":
            self.model = getattr(ev.message, "model", "") or self.model
            self._usage(getattr(ev.message, "usage", None))
        elif kind == "message_delta":
            self.stop_reason = getattr(ev.delta, "stop_reason", None) or self.stop_reason
            self._usage(getattr(ev, "usage", None))
        elif kind == "message_stop":
            self.stopped = True
        return ""

    def _usage(self, u: Any) -> None:
        # message_delta's counts are cumulative: the latest non-null value of each wins
        for k in ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"):
            v = getattr(u, k, None)
            if isinstance(v, int):
                self.usage[k] = v

    def tool_calls(self) -> list[ToolCall]:
        out = []
        for _, (cid, name, pieces, start) in sorted(self.blocks.items()):
            args = "".join(pieces) or (json.dumps(start) if start else "{}")
            out.append(ToolCall(id=cid, name=name, arguments=args))
        return out

    def usage_for(self, messages: list[Message], text: str, calls: list[ToolCall]) -> Usage:
        u = self.usage
        if not u:  # none reported: estimate so budgets and compression still work
            return Usage(messages_tokens(messages), estimate_tokens(text) + sum(
                estimate_tokens(c.name) + estimate_tokens(c.arguments) for c in calls))
        read, written = u.get("cache_read_input_tokens", 0), u.get("cache_creation_input_tokens", 0)
        # Anthropic's input_tokens leaves out the cached parts; ours counts the whole prompt
        # (OpenAI's convention, which pricing and the compression threshold rely on).
        return Usage(u.get("input_tokens", 0) + read + written, u.get("output_tokens", 0), read, written)


# -- the model -------------------------------------------------------------------------------------

class AnthropicModel:
    """A ChatModel speaking Anthropic's Messages API at `base_url` (the root, without /v1)."""

    def __init__(self, name: str, base_url: str = "https://api.anthropic.com", api_key: str | None = None,
                 provider: str = "anthropic", *, timeout: float = 120.0, max_retries: int = 3,
                 max_tokens: int = DEFAULT_MAX_TOKENS, headers: dict[str, str] | None = None,
                 context_window: int | None = None, key_env: str | None = "ANTHROPIC_API_KEY",
                 key_hint: str = "", prompt_cache: bool = True, retry_base: float = 0.5, retry_cap: float = 20.0):
        self.name = name
        self.provider = provider
        base = base_url.rstrip("/")
        self.base_url = base.removesuffix("/v1")  # the SDK adds /v1/messages itself
        self.timeout, self.max_retries, self.max_tokens = timeout, max_retries, max_tokens
        self.headers = dict(headers or {})
        self.context_window = context_window
        self.key_env, self.key_hint = key_env, key_hint
        self.prompt_cache = prompt_cache
        self.retry_base, self.retry_cap = retry_base, retry_cap
        self._key = api_key or None
        self._clients: dict[int, Any] = {}  # per event loop: the SDK's HTTP pool is bound to one loop
        self.vision: bool | None = None  # model.vision from config; None: decided by the model's name

    def __repr__(self) -> str:
        return f"AnthropicModel({self.name!r}, provider={self.provider!r}, base_url={safe_url(self.base_url)!r})"

    def _client(self) -> Any:
        loop = asyncio.get_running_loop()
        client = self._clients.get(id(loop))
        if client is None or client._hermes_loop is not loop:
            import anthropic

            headers: dict[str, Any] = dict(self.headers)
            if not self._key:
                # A placeholder key keeps the SDK from reading ANTHROPIC_API_KEY or a credentials
                # profile from the environment; the omitted headers keep the placeholder off the wire.
                headers.update({"Authorization": anthropic.Omit(), "X-Api-Key": anthropic.Omit()})
            client = anthropic.AsyncAnthropic(api_key=self._key or "unused", base_url=self.base_url,
                                              max_retries=0, default_headers=headers,
                                              timeout=anthropic.Timeout(self.timeout,
                                                                        connect=min(10.0, self.timeout)))
            self._clients = {k: v for k, v in self._clients.items() if not v._hermes_loop.is_closed()}
            self._clients[id(loop)] = client
            client._hermes_loop = loop
        return client

    async def aclose(self) -> None:
        client = self._clients.pop(id(asyncio.get_running_loop()), None)
        if client is not None:
            await client.close()

    def request(self, messages: list[Message], tools: list[dict[str, Any]] | None,
                options: dict[str, Any]) -> dict[str, Any]:
        """The keyword arguments for `messages.create` (body fields the SDK may not name go in extra_body)."""
        opts = {k: v for k, v in options.items() if v is not None}
        from hermes.models.vision import accepts_images

        system, msgs = to_anthropic(messages, cache=opts.pop("prompt_cache", self.prompt_cache),
                                    images=accepts_images(self) is not False)
        limits = (opts.pop("max_tokens", None), opts.pop("max_completion_tokens", None), self.max_tokens)
        max_tokens = next((v for v in limits if v), DEFAULT_MAX_TOKENS)
        kw: dict[str, Any] = {"model": self.name, "max_tokens": int(max_tokens), "messages": msgs, "stream": True}
        if system:
            kw["system"] = system
        if tools:
            kw["tools"] = convert_tools(tools)
        for k in ("extra_headers", "extra_query", "timeout"):
            if k in opts:
                kw[k] = opts.pop(k)
        extra = dict(opts.pop("extra_body", None) or {})
        if "stop" in opts:
            stop = opts.pop("stop")
            extra["stop_sequences"] = [stop] if isinstance(stop, str) else list(stop)
        if "tool_choice" in opts:
            extra["tool_choice"] = _tool_choice(opts.pop("tool_choice"))
        for k in ("parallel_tool_calls", "reasoning_effort", "n", "seed", "response_format"):
            opts.pop(k, None)  # OpenAI-only knobs Anthropic would reject
        extra.update(opts)
        if extra:
            kw["extra_body"] = extra
        return kw

    async def stream(self, messages: list[Message], tools: list[dict[str, Any]] | None = None,
                     **options: Any) -> AsyncIterator[StreamChunk]:
        def open_stream() -> Any:
            return self._client().messages.create(**self.request(messages, tools, options))

        ps = ProviderStream(self, open_stream,
                            _Assembly, detail=lambda e, c: server_message(e) if c.status else str(c),
                            check=self._check_complete)
        async for piece in ps:
            yield TextChunk(piece)
        state = ps.state
        text = "".join(state.text)
        calls = state.tool_calls()
        msg = Message.assistant(text or None, calls)
        msg.reasoning = "".join(state.reasoning) or None
        finish = _FINISH.get(state.stop_reason or "", state.stop_reason) or ("tool_calls" if calls else "stop")
        yield ModelDone(msg, state.usage_for(messages, text, calls), finish, state.model or self.name)

    def _check_complete(self, state: _Assembly) -> None:
        if not state.stopped:  # the body ended cleanly but without message_stop: the answer is cut short
            raise ModelError(f"cannot reach provider '{self.provider}' at {safe_url(self.base_url)}: the stream "
                             f"ended before message_stop", kind="connection", provider=self.provider)

    def _log_retry(self, e: ModelError, attempt: int, delay: float) -> None:
        log.info("retrying %s (%s) in %.2fs, attempt %d/%d: %s", self.provider, e.kind, delay, attempt,
                 self.max_retries, e)

    # -- errors ------------------------------------------------------------------------------------

    def classify(self, e: BaseException) -> ModelError | None:
        """A ModelError for a failed call, or None for errors that are bugs (they propagate as they are)."""
        if isinstance(e, ModelError):
            return e
        import anthropic

        status, retry_after = None, None
        if isinstance(e, anthropic.APIStatusError):
            detail, etype = server_message(e), _error_type(e)
            status = e.status_code
            if status < 400:  # an `error` event inside a 200 stream: its type says what happened
                status = _TYPE_STATUS.get(etype or "", 500)
            else:
                retry_after = parse_retry_after(e.response.headers)
            kind = kind_for_status(status, detail)
            if status == 529 or etype == "overloaded_error":
                kind = "server"
            if kind == "bad_request" and "credit balance" in detail.lower():
                kind, detail = "auth", f"credit exhausted: {detail}"
        elif isinstance(e, anthropic.APITimeoutError):
            kind, detail = "timeout", f"no answer within {self.timeout:g}s"
        elif isinstance(e, anthropic.APIConnectionError):
            kind, detail = "connection", cause(e)
        elif isinstance(e, anthropic.APIError):
            detail = server_message(e)
            kind = "context_length" if is_context_error(detail) else "server"
        elif is_timeout(e):
            # read timeouts mid-stream reach us as the HTTP library's own exception, unwrapped
            kind, detail = "timeout", f"no answer within {self.timeout:g}s"
        elif is_transport_error(e):
            kind, detail = "connection", f"{type(e).__name__}: {e}"
        else:
            return None
        text = error_message(kind, status, detail, provider=self.provider, model=self.name,
                             url=safe_url(self.base_url), endpoint="/v1/messages", key_env=self.key_env,
                             key_hint=self.key_hint)
        return ModelError(self._scrub(text), kind=kind, status=status, provider=self.provider,
                          retry_after=retry_after)

    def _scrub(self, text: str) -> str:
        return scrub(text, self._key)


def _error_type(e: Any) -> str | None:
    body = getattr(e, "body", None)
    inner = body.get("error") if isinstance(body, dict) else None
    return inner.get("type") if isinstance(inner, dict) else getattr(e, "type", None)


def build(config: Any, secrets: dict[str, str], model_name: str | None, *,
          base_url: str | None = None) -> AnthropicModel:
    """The factory `hermes.models.providers.build_model` calls for provider 'anthropic'."""
    import importlib.util

    from hermes.models.providers import context_window_for, resolve_endpoint

    if importlib.util.find_spec("anthropic") is None:  # checked here so the error comes before a turn starts
        raise ValueError("provider 'anthropic' needs the Anthropic SDK: pip install 'hermes-recall[anthropic]'")
    ep = resolve_endpoint(config, secrets, "anthropic", model=model_name, base_url=base_url)
    ms = config.model
    own = ms.context_window if ms.provider == "anthropic" else None
    return AnthropicModel(ep.model or "", ep.base_url, ep.key, "anthropic", timeout=ms.timeout,
                          max_retries=ms.max_retries, headers=ep.headers,
                          context_window=own or context_window_for(ep.model or "", config),
                          key_env=ep.key_env, key_hint=ep.hint)
