"""The external memory services, each behind hermes.memory.provider.MemoryProvider.

One module per service (honcho, mem0, supermemory), each exposing
`create(settings: dict, home, config) -> MemoryProvider` and importing its official SDK only when
created, so a missing SDK is a clear install hint rather than an import error at startup. What they
share lives here: the settings every service takes, reading the key from .env or the environment,
failure messages that never carry the key, and the recalled block's format and size.
"""

from __future__ import annotations

import importlib
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

NAMES = ("honcho", "mem0", "supermemory")


class ServiceSettings(BaseModel):
    """Settings every hosted service takes (config.memory.providers[name])."""

    model_config = ConfigDict(extra="forbid")

    base_url: str | None = None  # None: the SDK's default (the hosted service)
    api_key_env: str | None = None  # which .env / environment variable holds the key
    timeout: float = Field(10.0, gt=0, le=300)  # per HTTP call; the runtime adds its own per-turn limit
    # The SDK's own retries stay off by default: the runtime queues failed syncs on disk and a
    # prefetch has a budget of a second or two, so retrying inside the SDK only adds latency.
    max_retries: int = Field(0, ge=0, le=5)
    max_chars: int | None = Field(None, ge=100)  # None: from memory.provider_tokens


def parse_settings(model: type[BaseModel], settings: dict[str, Any] | None, name: str) -> Any:
    from pydantic import ValidationError

    try:
        return model.model_validate(settings or {})
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(str(p) for p in err['loc']) or '(settings)'}: {err['msg']}"
                             for err in e.errors())
        raise ValueError(f"memory.providers.{name}: {problems}") from None


def api_key(home: Any, env_name: str | None, default_env: str, *, required: bool = True) -> str | None:
    """The key from the process environment or HERMES_HOME/.env, named by api_key_env."""
    from hermes.config import secrets

    name = env_name or default_env
    value = secrets(home).get(name) if home is not None else None
    if value is None:
        import os

        value = os.environ.get(name) or None
    if value is None and required:
        raise ValueError(f"no API key: set {name} in the environment or in .env")
    return value


def max_chars(explicit: int | None, config: Any) -> int:
    """The recalled block's size: explicit, else memory.provider_tokens at ~4 characters a token."""
    if explicit:
        return explicit
    tokens = getattr(getattr(config, "memory", None), "provider_tokens", 600) or 600
    return max(200, tokens * 4)


def bullets(items: list[str], limit: int) -> str:
    """A bullet list of distinct, non-empty items, cut at a whole item to fit `limit` characters."""
    out: list[str] = []
    seen: set[str] = set()
    used = 0
    for item in items:
        text = " ".join(str(item).split())
        if not text or text in seen:
            continue
        line = f"- {text}"
        if used + len(line) + 1 > limit:
            if not out:  # one long item: keep its start rather than nothing
                out.append(line[: limit - 1] + "…")
            break
        seen.add(text)
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)


class ServiceError(RuntimeError):
    """A failed call, phrased for people; `status_code` and `transient` tell the runtime whether
    to retry the queued turn later (reachability) or count it against the record (refusal)."""

    def __init__(self, message: str, status_code: int | None, transient: bool):
        super().__init__(message)
        self.status_code, self.transient = status_code, transient


_TRANSIENT_TYPES = ("Timeout", "Connect", "Connection", "Network", "RemoteProtocol", "ReadError")


def _status(exc: BaseException | None, depth: int = 0) -> int | None:
    """The HTTP status behind an SDK error: on it, its response, its debug info, or what it wraps
    (several SDKs re-raise their own error type from inside the except of the HTTP one)."""
    if exc is None or depth > 3:
        return None
    for status in (getattr(exc, "status_code", None), getattr(exc, "status", None),
                   getattr(getattr(exc, "response", None), "status_code", None),
                   (getattr(exc, "debug_info", None) or {}).get("status_code")):
        if isinstance(status, int) and 100 <= status < 600:
            return status
    return _status(exc.__cause__ or exc.__context__, depth + 1)


def failure(service: str, action: str, exc: BaseException, secret: str | None) -> ServiceError:
    """One-line reason for a failed call, with the key scrubbed from whatever the SDK said."""
    status = _status(exc)
    text = str(exc) or type(exc).__name__
    if secret:
        text = text.replace(secret, "****")
    text = " ".join(text.split())[:300]
    if status in (401, 403):
        reason = f"the API key was rejected (HTTP {status})"
    elif status is not None:
        reason = f"HTTP {status}: {text}"
    else:
        reason = f"{type(exc).__name__}: {text}"
    chain = [type(exc).__name__, type(exc.__cause__).__name__ if exc.__cause__ else ""]
    transient = (status is None and any(t in n for n in chain for t in _TRANSIENT_TYPES)) or \
        isinstance(exc, (TimeoutError, ConnectionError, OSError)) or \
        (status is not None and (status >= 500 or status in (408, 425, 429)))
    return ServiceError(f"{service} {action} failed: {reason}", status, transient)


def create(name: str, settings: dict[str, Any] | None, home: Any, config: Any) -> Any:
    """The provider called `name`, built from its settings."""
    if name not in NAMES:
        raise ValueError(f"unknown memory provider {name!r} (one of {', '.join(NAMES)})")
    module = importlib.import_module(f"hermes.memory.providers.{name}")
    return module.create(settings or {}, home, config)
