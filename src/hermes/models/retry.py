"""Retrying model calls: full-jitter exponential backoff, only for retryable ModelError kinds.

Full jitter (sleep a uniform random time in [0, min(cap, base * 2**attempt)]) spreads the retries
of many concurrent sessions hitting the same rate limit, instead of having them retry in lockstep.
A server's Retry-After wins over the computed delay; one asking for more than `max_wait` seconds
is not waited for inline (the caller's fallback chain is the better answer to a long outage).
"""

from __future__ import annotations

import asyncio
import email.utils
import random
import time
from typing import Awaitable, Callable, TypeVar

from hermes.models.base import ModelError

T = TypeVar("T")

OnRetry = Callable[[ModelError, int, float], None]  # (error, attempt number from 1, delay seconds)


def backoff_delay(attempt: int, base: float = 0.5, cap: float = 20.0,
                  rng: Callable[[], float] = random.random) -> float:
    """Full-jitter delay before retry number `attempt` (0-based)."""
    return rng() * min(cap, base * (2 ** attempt))


def parse_retry_after(headers: object) -> float | None:
    """Seconds to wait from `retry-after-ms` / `retry-after` (seconds or an HTTP date), if any."""
    get = getattr(headers, "get", None)
    if get is None:
        return None
    ms = get("retry-after-ms")
    if ms:
        try:
            return max(0.0, float(ms) / 1000)
        except ValueError:
            pass
    value = get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


async def with_retries(fn: Callable[[], Awaitable[T]], *, max_retries: int, base: float = 0.5,
                       cap: float = 20.0, on_retry: OnRetry | None = None,
                       max_wait: float = 60.0) -> T:
    """Call `fn` until it succeeds, retrying retryable ModelErrors up to `max_retries` times."""
    attempt = 0
    while True:
        try:
            return await fn()
        except ModelError as e:
            if not e.retryable or attempt >= max_retries:
                raise
            delay = backoff_delay(attempt, base, cap)
            if e.retry_after is not None:
                if e.retry_after > max_wait:
                    raise
                delay = max(delay, e.retry_after)
            attempt += 1
            if on_retry is not None:
                on_retry(e, attempt, delay)
            await asyncio.sleep(delay)
