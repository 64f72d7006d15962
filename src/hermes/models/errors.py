"""What the provider clients share about failures: the kind an HTTP status means, the text a user
reads, and keeping the API key and URL credentials out of both.

Each client (OpenAI-compatible, Anthropic) maps its SDK's exceptions to a kind; the wording of the
message for a kind is the same for every provider, so a user learns one set of hints.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

CONTEXT_PHRASES = ("maximum context length", "context length", "context_length_exceeded", "context window",
                   "too many tokens", "prompt is too long", "reduce the length")
# Transport libraries whose exceptions, raised mid-stream, reach a client unwrapped by its SDK.
_TRANSPORT_MODULES = ("httpx", "httpx2", "httpcore", "httpcore2", "h11")


def kind_for_status(status: int, message: str = "") -> str:
    """The ModelError kind for an HTTP status (and the provider's message, for context errors)."""
    low = message.lower()
    if status == 429:
        return "rate_limit"
    if status == 408:
        return "timeout"
    if status >= 500:
        return "server"
    if status in (401, 403):
        return "auth"
    if status == 404:
        return "not_found"
    if status in (400, 413, 422) and any(p in low for p in CONTEXT_PHRASES):
        return "context_length"
    return "bad_request"


def is_context_error(detail: str) -> bool:
    low = detail.lower()
    return any(p in low for p in CONTEXT_PHRASES)


def safe_url(url: str) -> str:
    """The URL without any user:password part, for messages."""
    return re.sub(r"//[^/@]*@", "//", url)


def is_timeout(e: BaseException) -> bool:
    return isinstance(e, (asyncio.TimeoutError, TimeoutError)) or "Timeout" in type(e).__name__


def is_transport_error(e: BaseException) -> bool:
    """A socket or HTTP-library failure that no SDK type wrapped (read errors mid-stream)."""
    return isinstance(e, OSError) or type(e).__module__.split(".")[0] in _TRANSPORT_MODULES


def server_message(e: Any) -> str:
    """The provider's own words from an SDK error: the body's error message, else the exception's."""
    body = getattr(e, "body", None)
    if isinstance(body, str) and body.strip():
        return body.strip()[:500]
    if isinstance(body, dict):
        inner = body.get("error", body)
        msg = inner.get("message") if isinstance(inner, dict) else inner
        if msg:
            return str(msg)[:500]
    return str(getattr(e, "message", "") or e)[:500]


def cause(e: BaseException) -> str:
    """The underlying failure of a connection error (the SDK's own text says only 'Connection error')."""
    c = e.__cause__ or e.__context__ or e
    return f"{type(c).__name__}: {c}"[:300]


def scrub(text: str, key: str | None) -> str:
    """`text` with the API key replaced; a key shorter than 4 characters would mangle ordinary words."""
    return text.replace(key, "***") if key and len(key) >= 4 else text


def error_message(kind: str, status: int | None, detail: str, *, provider: str, model: str, url: str,
                  endpoint: str, key_env: str | None = None, key_hint: str | None = None) -> str:
    """The message a user reads for a failed call, with the fix where there is one to suggest."""
    p, code = provider, f" ({status})" if status else ""
    if kind == "auth":
        fix = f"check {key_env}" if key_env else "check the API key for this endpoint"
        return (f"authentication failed for provider '{p}'{code}: {fix} (in .env, or run `hermes model`)"
                f"{'; ' + key_hint if key_hint else ''}. The server said: {detail}")
    if kind == "not_found":
        return f"model '{model}' or endpoint {url}{endpoint} not found at provider '{p}'{code}: {detail}"
    if kind == "context_length":
        return f"the conversation is too long for model '{model}' at provider '{p}'{code}: {detail}"
    if kind == "rate_limit":
        return f"rate limited by provider '{p}'{code}: {detail}"
    if kind == "server":
        return f"provider '{p}' failed{code}: {detail}"
    if kind == "timeout":
        return f"provider '{p}' at {url} timed out{code}: {detail}"
    if kind == "connection":
        return f"cannot reach provider '{p}' at {url}: {detail}"
    return f"provider '{p}' rejected the request{code}: {detail}"
