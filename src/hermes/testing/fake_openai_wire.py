"""What the scripted OpenAI server reads and writes: script steps with their HTTP-only behaviours
(stall, disconnect...), and OpenAI's bodies for completions, usage and errors."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

from hermes.testing.script import Step, step_from_json

_KIND_STATUS = {"rate_limit": 429, "server": 500, "auth": 401, "not_found": 404, "bad_request": 400,
                "context_length": 400}
_ERROR_TYPE = {400: "invalid_request_error", 401: "invalid_request_error", 403: "permission_error",
               404: "invalid_request_error", 413: "invalid_request_error", 422: "invalid_request_error",
               429: "rate_limit_error"}
_ERROR_CODE = {401: "invalid_api_key", 404: "model_not_found", 429: "rate_limit_exceeded"}


def _dumps(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


# -- script steps ---------------------------------------------------------------------------------

@dataclass
class Scripted:
    """One step plus the HTTP-only behaviours (stall, disconnect...)."""
    step: Step | Callable[..., Step]
    stall: bool = False
    disconnect: bool = False
    no_usage: bool = False
    chunk_delay: float = 0.0
    retry_after: float | None = None


def scripted_from_json(d: dict[str, Any]) -> Scripted:
    step = step_from_json(d)
    step.reasoning = d.get("reasoning")
    err = d.get("error") or {}
    stall = bool(d.get("stall")) or err.get("kind") == "timeout"
    return Scripted(step, stall=stall, disconnect=bool(d.get("disconnect")), no_usage=bool(d.get("no_usage")),
                    chunk_delay=float(d.get("chunk_delay", 0.0)),
                    retry_after=None if err.get("retry_after") is None else float(err["retry_after"]))


def _as_scripted(s: Any) -> Scripted:
    if isinstance(s, Scripted):
        return s
    if isinstance(s, dict):
        return scripted_from_json(s)
    if isinstance(s, Step) or callable(s):
        return Scripted(s)
    raise TypeError(f"not a script step: {s!r}")


# -- request bodies -------------------------------------------------------------------------------

def _last_user(messages: list[dict[str, Any]]) -> str:
    for m in reversed(messages):
        if isinstance(m, dict) and m.get("role") == "user":
            c = m.get("content")
            if isinstance(c, list):
                return "".join(p.get("text", "") for p in c if isinstance(p, dict))
            return c or ""
    return ""


def _prompt_tokens(messages: list[dict[str, Any]]) -> int:
    n = 0
    for m in messages:
        c = m.get("content") if isinstance(m, dict) else None
        n += 4 + (len(c) + 3) // 4 if isinstance(c, str) else 4
    return n


# -- response bodies ------------------------------------------------------------------------------

def _finish(step: Step) -> str:
    return step.finish_reason or ("tool_calls" if step.tool_calls else "stop")


def _usage(step: Step, text: str, messages: list[dict[str, Any]]) -> dict[str, Any]:
    u = step.usage or {}
    prompt = u.get("prompt_tokens", u.get("input_tokens", _prompt_tokens(messages)))
    completion = u.get("completion_tokens", u.get("output_tokens", (len(text) + 3) // 4 + sum(
        (len(tc.arguments) + 3) // 4 for tc in step.tool_calls)))
    cached = u.get("cached_tokens", u.get("cache_read_tokens", 0))
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
            "prompt_tokens_details": {"cached_tokens": cached}}


def _error_obj(status: int, message: str) -> dict[str, Any]:
    low = message.lower()
    ctx = status in (400, 413) and ("context length" in low or "too many tokens" in low)
    etype = _ERROR_TYPE.get(status, "server_error" if status >= 500 else "invalid_request_error")
    code = "context_length_exceeded" if ctx else _ERROR_CODE.get(status)
    return {"error": {"message": message, "type": etype, "param": None, "code": code}}
