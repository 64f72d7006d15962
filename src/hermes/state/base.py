"""The SessionStore protocol: what every store (SQLite, PostgreSQL) offers the rest of Hermes.

Nothing backend-specific crosses this seam: ids are strings, times are UNIX floats, messages are
`hermes.core.messages.Message`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Protocol, runtime_checkable

from hermes.core.messages import Message, Usage


@dataclass(slots=True)
class SessionInfo:
    id: str
    source: str = "cli"
    scope: str = "owner"
    user_id: str | None = None
    chat_id: str | None = None
    title: str | None = None
    model: str | None = None
    parent_id: str | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    message_count: int = 0
    usage: Usage = field(default_factory=Usage)
    cost_usd: float = 0.0


@dataclass(slots=True)
class SearchHit:
    session_id: str
    message_id: int
    role: str
    snippet: str
    score: float
    timestamp: float
    source: str = ""
    title: str | None = None
    context: list[Message] = field(default_factory=list)  # neighbouring turns


@dataclass(slots=True)
class UsageRow:
    """Token and cost totals of the sessions last active on one UTC day with one model."""
    day: int  # days since 1970-01-01 (UTC)
    model: str | None
    sessions: int
    input_tokens: int
    output_tokens: int
    cost_usd: float


class StoreError(Exception):
    """A store failure, phrased for the user."""


@dataclass(slots=True)
class RunRecord:
    """One execution of a scheduled job."""
    id: int
    job_id: str
    started_at: float
    ended_at: float | None = None
    status: str = "running"  # running | ok | failed | interrupted | missed | silent
    session_id: str | None = None
    tokens: int = 0
    error: str | None = None
    output_path: str | None = None


@runtime_checkable
class SessionStore(Protocol):
    def create_session(self, *, source: str = "cli", scope: str = "owner", model: str | None = None,
                       user_id: str | None = None, chat_id: str | None = None,
                       title: str | None = None, parent_id: str | None = None,
                       session_id: str | None = None, created_at: float | None = None) -> SessionInfo: ...

    def get_session(self, session_id: str) -> SessionInfo | None: ...

    def list_sessions(self, *, scope: str | None = None, source: str | None = None,
                      limit: int = 50, offset: int = 0) -> list[SessionInfo]: ...

    def append_messages(self, session_id: str, messages: Iterable[Message],
                        usage: Usage | None = None, model: str | None = None,
                        cost_usd: float = 0.0) -> list[int]:
        """Append messages (and add usage to the session totals) in one transaction."""

    def get_messages(self, session_id: str, *, include_compacted: bool = False) -> list[Message]:
        """The active view (what the model sees next); with include_compacted, every original row."""

    def compact(self, session_id: str, message_ids: list[int], summary: Message | None) -> None:
        """Mark rows as replaced in the active view by `summary` (None: trimmed); originals are kept."""

    def delete_last_turn(self, session_id: str) -> int:
        """Remove the last user message and everything after it; returns rows removed."""

    def set_title(self, session_id: str, title: str) -> None: ...

    def set_system_prompt(self, session_id: str, prompt: str) -> None: ...

    def get_system_prompt(self, session_id: str) -> str | None: ...

    def fork(self, session_id: str) -> SessionInfo: ...

    def delete_session(self, session_id: str) -> bool: ...

    def usage_by_day(self, *, since: float | None = None) -> list[UsageRow]:
        """Session usage grouped by (UTC day of last activity, model), oldest day first."""

    def costliest_sessions(self, *, since: float | None = None, limit: int = 10) -> list[SessionInfo]: ...

    def prune(self, *, older_than: float, source: str | None = None) -> int: ...

    def search(self, query: str, *, scope: str | None = None, sources: list[str] | None = None,
               roles: list[str] | None = None, since: float | None = None, until: float | None = None,
               session_id: str | None = None, limit: int = 20, context: int = 1) -> list[SearchHit]:
        """Plain-language search (never fails on punctuation or FTS syntax), best first."""

    # scheduled-job run records
    def record_run_start(self, job_id: str, *, started_at: float, session_id: str | None = None,
                         status: str = "running") -> int: ...

    def record_run_end(self, run_id: int, *, status: str, ended_at: float, tokens: int = 0,
                       error: str | None = None, output_path: str | None = None,
                       session_id: str | None = None) -> None: ...

    def list_runs(self, job_id: str | None = None, *, status: str | None = None,
                  limit: int = 50) -> list[RunRecord]: ...

    def close(self) -> None: ...
