"""Streaming with retries, shared by the providers that speak HTTP.

A provider's stream is opened and read up to its first visible text inside the retry loop, so a
failure there (429, 5xx, a dropped connection) is retried transparently. Once text has gone out to
the user, a failure is reported as a `connection` error marked `partial` instead: retrying then
would show the same text twice.
"""

from __future__ import annotations

from typing import Any, AsyncIterator, Awaitable, Callable, Generic, TypeVar

from hermes.models.base import ModelError
from hermes.models.retry import with_retries

S = TypeVar("S")


class ProviderStream(Generic[S]):
    """Iterate for text pieces; afterwards `state` holds the assembled response.

    `model` supplies classify / _scrub / _log_retry / provider / max_retries / retry_base /
    retry_cap; `new_state()` makes an assembler with `feed(event) -> str`; `detail(e, cause)`
    phrases a failure after partial output; `check(state)` may raise when a stream that ended
    cleanly is nonetheless incomplete.
    """

    def __init__(self, model: Any, open_stream: Callable[[], Awaitable[Any]], new_state: Callable[[], S],
                 detail: Callable[[BaseException, ModelError], str],
                 check: Callable[[S], None] | None = None):
        self.model, self.open_stream, self.new_state = model, open_stream, new_state
        self.detail, self.check = detail, check
        self.state: S = new_state()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._pieces()

    async def _attempt(self) -> tuple[Any, Any, str]:
        self.state = self.new_state()
        resp = None
        try:
            resp = await self.open_stream()
            it = resp.__aiter__()
            async for event in it:
                piece = self.state.feed(event)  # type: ignore[attr-defined]
                if piece:
                    return resp, it, piece
            if self.check is not None:
                self.check(self.state)
            return resp, None, ""
        except Exception as e:
            await close_quietly(resp)
            err = self.model.classify(e)
            if err is None:
                raise
            raise err from e
        except BaseException:
            await close_quietly(resp)
            raise

    async def _pieces(self) -> AsyncIterator[str]:
        m = self.model
        resp, it, first = await with_retries(self._attempt, max_retries=m.max_retries, base=m.retry_base,
                                             cap=m.retry_cap, on_retry=m._log_retry)
        try:
            if first:
                yield first
                async for event in it:
                    piece = self.state.feed(event)  # type: ignore[attr-defined]
                    if piece:
                        yield piece
                if self.check is not None:
                    self.check(self.state)
        except Exception as e:
            cause = m.classify(e)
            if cause is None:
                raise
            err = ModelError(m._scrub(f"the answer from provider '{m.provider}' broke off after partial "
                                      f"output: {self.detail(e, cause)}"),
                             kind="connection", status=cause.status, provider=m.provider)
            err.partial = True  # type: ignore[attr-defined]
            raise err from e
        finally:
            await close_quietly(resp)


async def close_quietly(resp: Any) -> None:
    if resp is not None:
        try:
            await resp.close()
        except Exception:  # closing a broken stream must not hide the original error
            pass
