"""Events the agent loop yields while a turn runs; renderers (terminal, SSE, chat) consume them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

from hermes.core.messages import Usage


@dataclass(slots=True)
class TextDelta:
    text: str


@dataclass(slots=True)
class ToolStarted:
    call_id: str
    name: str
    arguments: str


@dataclass(slots=True)
class ToolFinished:
    call_id: str
    name: str
    arguments: str
    duration: float
    result_preview: str
    ok: bool = True


@dataclass(slots=True)
class UsageEvent:
    usage: Usage
    model: str = ""


@dataclass(slots=True)
class Notice:
    """Something the user should see that is not the answer (fallback switch, memory saved...)."""
    text: str
    kind: str = "info"


@dataclass(slots=True)
class Final:
    text: str
    usage: Usage = field(default_factory=Usage)
    cancelled: bool = False
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class ErrorEvent:
    message: str
    kind: str = "error"


Event = Union[TextDelta, ToolStarted, ToolFinished, UsageEvent, Notice, Final, ErrorEvent]
