"""Errors in OpenAI's shape, JSON responses, and the scrubber that keeps secrets out of them.

Every error the server sends is `{"error": {"message", "type", "param", "code"}}`, the shape
OpenAI clients parse into their exception classes.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable

from starlette.responses import Response

_TYPES = {400: "invalid_request_error", 401: "invalid_request_error", 403: "invalid_request_error",
          404: "invalid_request_error", 405: "invalid_request_error", 409: "invalid_request_error",
          413: "invalid_request_error", 415: "invalid_request_error", 422: "invalid_request_error",
          429: "rate_limit_error", 500: "server_error", 502: "server_error", 503: "server_error"}


class ApiError(Exception):
    def __init__(self, status: int, message: str, *, code: str | None = None, param: str | None = None,
                 type: str | None = None, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.param = param
        self.type = type or _TYPES.get(status, "server_error" if status >= 500 else "invalid_request_error")
        self.headers = headers or {}


def error_dict(status: int, message: str, *, code: str | None = None, param: str | None = None,
               type: str | None = None) -> dict[str, Any]:
    t = type or _TYPES.get(status, "server_error" if status >= 500 else "invalid_request_error")
    return {"error": {"message": message, "type": t, "param": param, "code": code}}


def dumps(obj: Any) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class JSON(Response):
    """A JSON response without Starlette's per-call checks (it is on the hot path)."""
    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return dumps(content)


def error_response(err: ApiError, scrub: "Scrubber | None" = None) -> Response:
    msg = scrub(err.message) if scrub else err.message
    return JSON(error_dict(err.status, msg, code=err.code, param=err.param, type=err.type),
                status_code=err.status, headers=err.headers or None)


# Environment variables whose values are secrets even when they do not come from .env.
_SECRET_NAME = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|COOKIE|SESSION)", re.I)


class Scrubber:
    """Replaces known secret values with `[redacted]`; a no-op when there are none."""

    def __init__(self, values: Iterable[str] = ()):
        vals = sorted({v for v in values if v and len(v) >= 6}, key=len, reverse=True)
        self.max_len = max((len(v) for v in vals), default=0)
        self._re = re.compile("|".join(re.escape(v) for v in vals)) if vals else None

    @classmethod
    def for_hermes(cls, home: Any, secrets: dict[str, str], extra: Iterable[str] = ()) -> "Scrubber":
        from hermes.config import read_dotenv

        vals = set(read_dotenv(home.env_file).values())  # everything in .env is a secret
        vals.update(v for k, v in secrets.items() if _SECRET_NAME.search(k))
        vals.update(extra)
        return cls(vals)

    def __bool__(self) -> bool:
        return self._re is not None

    def __call__(self, text: str) -> str:
        if self._re is None or not text:
            return text
        return self._re.sub("[redacted]", text)

    def stream(self) -> "StreamScrubber":
        return StreamScrubber(self)


class StreamScrubber:
    """Scrubs text that arrives in pieces: holds back a tail as long as the longest secret, so a
    secret split across two deltas is still caught."""

    __slots__ = ("s", "buf")

    def __init__(self, s: Scrubber):
        self.s = s
        self.buf = ""

    def feed(self, text: str) -> str:
        if not self.s:
            return text
        self.buf = self.s(self.buf + text)
        keep = self.s.max_len - 1
        if len(self.buf) <= keep:
            return ""
        out, self.buf = self.buf[:-keep] if keep else self.buf, self.buf[-keep:] if keep else ""
        return out

    def flush(self) -> str:
        out, self.buf = self.s(self.buf), ""
        return out
