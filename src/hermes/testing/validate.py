"""A strict validator for OpenAI-format conversations, as picky as the strictest providers.

Used by tests to prove that whatever the loop stores replays as a valid request.
"""

from __future__ import annotations

import json
from typing import Any


class InvalidConversation(AssertionError):
    pass


def validate_conversation(messages: list[dict[str, Any]]) -> None:
    if not messages:
        raise InvalidConversation("empty conversation")
    pending: dict[str, str] = {}  # tool_call_id -> name, awaiting results
    prev_role = None
    for i, m in enumerate(messages):
        role = m.get("role")
        where = f"message {i} ({role})"
        if role not in ("system", "user", "assistant", "tool"):
            raise InvalidConversation(f"{where}: bad role")
        if role == "system" and i != 0:
            raise InvalidConversation(f"{where}: system message not first")
        if role != "tool" and pending:
            raise InvalidConversation(f"{where}: tool calls {sorted(pending)} have no result")
        if role == "tool":
            cid = m.get("tool_call_id")
            if cid not in pending:
                raise InvalidConversation(f"{where}: result for unknown or answered call {cid!r}")
            del pending[cid]
            if not isinstance(m.get("content"), str):
                raise InvalidConversation(f"{where}: tool content must be a string")
        elif role == "assistant":
            calls = m.get("tool_calls") or []
            if not calls and not isinstance(m.get("content"), str):
                raise InvalidConversation(f"{where}: assistant needs content or tool calls")
            for tc in calls:
                fn = tc.get("function") or {}
                if not tc.get("id") or not fn.get("name"):
                    raise InvalidConversation(f"{where}: tool call without id or name")
                try:
                    args = json.loads(fn.get("arguments") or "")
                except ValueError:
                    raise InvalidConversation(f"{where}: arguments are not JSON") from None
                if not isinstance(args, dict):
                    raise InvalidConversation(f"{where}: arguments are not a JSON object")
                if tc["id"] in pending:
                    raise InvalidConversation(f"{where}: duplicate tool call id")
                pending[tc["id"]] = fn["name"]
        elif role == "user":
            if prev_role == "user":
                raise InvalidConversation(f"{where}: two user messages in a row")
            if not isinstance(m.get("content"), str):
                raise InvalidConversation(f"{where}: user content must be a string")
        prev_role = role
    if pending:
        raise InvalidConversation(f"conversation ends with unanswered tool calls {sorted(pending)}")
