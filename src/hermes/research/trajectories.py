"""Trajectories: finished sessions written as JSON lines for people who train tool-calling models.

One line per session (ShareGPT or OpenAI, see formats.py) with metadata: model, provider, times,
token counts, tool-call counts and errors, completion status. Recording is off by default
(`trajectories.enabled`, or `--save-trajectory`); the recorder runs when a conversation closes, so a
long interactive session is one line, written when it ends. Files are HERMES_HOME/trajectories/
<day the session started>.jsonl: a resumed session lands in the same file and replaces its earlier
line instead of duplicating it. Secrets are masked on the way out, both when recording and exporting.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import re
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, TextIO

from hermes.core.messages import Message, ToolCall, Usage
from hermes.research.formats import FORMATS, record

Redact = Callable[[str], str]


# -- redaction ---------------------------------------------------------------------------------

def redactor(secret_values: Iterable[str] = ()) -> Redact:
    """Mask key-shaped strings (the threat scanner's patterns) and every known secret value verbatim:
    a key from .env may not look like a key, but it must never reach a training set."""
    from hermes.memory.threats import mask, redact

    known = sorted({v for v in secret_values if v and len(v) >= 8}, key=len, reverse=True)

    def run(text: str) -> str:
        for v in known:
            if v in text:
                text = text.replace(v, mask(v))
        return redact(text)
    return run


_SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|_DSN$|_PAT$", re.I)


def known_secrets(home: Any) -> list[str]:
    """Every value in .env, and environment variables whose names say they hold a secret (not the
    whole environment: paths and user names in it are ordinary trajectory text)."""
    from hermes.config import read_dotenv

    values = list(read_dotenv(home.env_file).values())
    values += [v for k, v in os.environ.items() if v and _SECRET_NAME.search(k)]
    return values


def redact_messages(messages: list[Message], red: Redact) -> list[Message]:
    out = []
    for m in messages:
        calls = [ToolCall(c.id, c.name, red(c.arguments)) for c in m.tool_calls]
        out.append(replace(m, content=red(m.content) if m.content else m.content, tool_calls=calls,
                           reasoning=red(m.reasoning) if m.reasoning else m.reasoning))
    return out


# -- metadata ----------------------------------------------------------------------------------

def _iso(ts: float | None) -> str | None:
    return _dt.datetime.fromtimestamp(ts, _dt.timezone.utc).isoformat(timespec="seconds") if ts else None


def tool_stats(messages: list[Message]) -> dict[str, dict[str, int]]:
    """{tool: {count, success, failure}}; a result starting with "Error" is a failure (the registry's
    convention for errors the model can fix)."""
    names = {c.id: c.name for m in messages for c in m.tool_calls}
    stats: dict[str, dict[str, int]] = {}
    for m in messages:
        for c in m.tool_calls:
            stats.setdefault(c.name, {"count": 0, "success": 0, "failure": 0})["count"] += 1
    for m in messages:
        if m.role != "tool":
            continue
        name = m.name or names.get(m.tool_call_id or "", "")
        s = stats.setdefault(name, {"count": 0, "success": 0, "failure": 0})
        s["failure" if (m.content or "").lstrip().startswith("Error") else "success"] += 1
    return stats


def is_completed(messages: list[Message]) -> bool:
    """The session ended on a final answer (not mid tool call, not on an unanswered user message)."""
    last = next((m for m in reversed(messages) if m.role != "system"), None)
    return bool(last and last.role == "assistant" and not last.tool_calls and (last.content or "").strip())


def trajectory_meta(messages: list[Message], *, session_id: str | None = None, model: str | None = None,
                    provider: str | None = None, usage: Usage | None = None,
                    started_at: float | None = None, ended_at: float | None = None,
                    source: str | None = None, scope: str | None = None,
                    completed: bool | None = None, **extra: Any) -> dict[str, Any]:
    """The metadata of one trajectory line (the batch runner adds its own keys through `extra`)."""
    stats = tool_stats(messages)
    u = usage or Usage()
    times = [m.timestamp for m in messages if m.timestamp]
    started_at = started_at or (min(times) if times else None)
    ended_at = ended_at or (max(times) if times else None)
    done = is_completed(messages) if completed is None else completed
    return {
        "session_id": session_id, "model": model, "provider": provider, "source": source, "scope": scope,
        "timestamp": _iso(ended_at), "started_at": _iso(started_at), "ended_at": _iso(ended_at),
        "usage": {"input_tokens": u.input_tokens, "output_tokens": u.output_tokens,
                  "cache_read_tokens": u.cache_read_tokens, "cache_write_tokens": u.cache_write_tokens},
        "api_calls": sum(1 for m in messages if m.role == "assistant"),
        "tool_calls": sum(s["count"] for s in stats.values()),
        "tool_errors": sum(s["failure"] for s in stats.values()),
        "tool_stats": stats,
        "completed": done, "partial": not done,
        **extra,
    }


# -- writing -----------------------------------------------------------------------------------

def write_trajectory(path: str | Path, messages: list[Message], meta: dict[str, Any],
                     fmt: str = "sharegpt", *, replace: bool = False) -> Path:
    """Append one line to `path`. With `replace`, an earlier line of the same session_id is dropped
    (a resumed session), which costs a read of the file; plain appends (batch runs) cost nothing.

    Appends are one write() under an exclusive lock, so concurrent writers (cron, gateway, batch
    workers) never interleave; a replacement rewrites the file through a temp file and a rename."""
    import fcntl

    if fmt not in FORMATS:
        raise ValueError(f"unknown trajectory format {fmt!r} (known: {', '.join(FORMATS)})")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps(record(messages, fmt, meta), ensure_ascii=False) + "\n"
    sid = meta.get("session_id") if replace else None
    with open(path.with_name(path.name + ".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        existing = path.read_text(encoding="utf-8") if sid and path.exists() else ""
        if sid and f'"session_id": {json.dumps(sid)}' in existing:
            kept = [ln for ln in existing.splitlines(keepends=True) if _session_of(ln) != sid]
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.writelines(kept)
                f.write(line)
            os.replace(tmp, path)
        else:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(fd, line.encode("utf-8"))
            finally:
                os.close(fd)
    return path


def _session_of(line: str) -> str | None:
    try:
        return json.loads(line).get("session_id")
    except ValueError:
        return None  # a torn line from a crash is kept; the loader reports it


# -- from the store ----------------------------------------------------------------------------

def session_messages(store: Any, session_id: str) -> list[Message]:
    """System prompt + every original message (compression summaries left out: training data wants
    what really happened, not the agent's own shorthand)."""
    prompt = store.get_system_prompt(session_id)
    msgs = [m for m in store.get_messages(session_id, include_compacted=True) if not m.summary]
    return ([Message.system(prompt)] if prompt else []) + msgs


def session_trajectory(store: Any, info: Any, red: Redact, *, provider: str | None = None,
                       **extra: Any) -> tuple[list[Message], dict[str, Any]] | None:
    """(messages, meta) of a stored session, redacted; None when it has no conversation yet."""
    msgs = session_messages(store, info.id)
    if not any(m.role == "user" for m in msgs):
        return None
    meta = trajectory_meta(msgs, session_id=info.id, model=info.model, provider=provider,
                           usage=info.usage, started_at=info.created_at, ended_at=info.updated_at or None,
                           source=info.source, scope=info.scope, **extra)
    return redact_messages(msgs, red), meta


def trajectories_dir(home: Any, config: Any) -> Path:
    d = config.trajectories.dir
    return Path(os.path.expanduser(d)) if d else Path(home.root) / "trajectories"


def record_conversation(conv: Any) -> Path | None:
    """The recorder hooked at Conversation.close: the session as one line, if it has a conversation."""
    h = conv.hermes
    info = h.store.get_session(conv.id)
    if info is None:
        return None
    got = session_trajectory(h.store, info, redactor(known_secrets(h.home)), provider=h.model.provider)
    if got is None:
        return None
    msgs, meta = got
    meta["model"] = meta["model"] or h.model.name
    day = _dt.datetime.fromtimestamp(info.created_at or _now(), _dt.timezone.utc).date().isoformat()
    # parts is None when the prompt came from the store: the session existed before this open
    # (resumed), so it may already have a line to replace
    return write_trajectory(trajectories_dir(h.home, h.config) / f"{day}.jsonl", msgs, meta,
                            h.config.trajectories.format, replace=conv.parts is None)


def _now() -> float:
    import time

    return time.time()


def iter_sessions(store: Any, *, scope: str | None = None, source: str | None = None,
                  since: float | None = None, until: float | None = None, page: int = 200) -> Iterator[Any]:
    """Sessions started in [since, until) (a start time never moves, so repeated exports of
    consecutive windows neither miss nor repeat a session); the store pages, we filter."""
    offset = 0
    while True:
        rows = store.list_sessions(scope=scope, source=source, limit=page, offset=offset)
        for info in rows:
            if since is not None and info.created_at < since:
                continue
            if until is not None and info.created_at >= until:
                continue
            yield info
        if len(rows) < page:
            return
        offset += page


def export(store: Any, out: TextIO, *, fmt: str = "sharegpt", red: Redact | None = None,
           scope: str | None = None, source: str | None = None, since: float | None = None,
           until: float | None = None) -> dict[str, int]:
    """Write matching stored sessions as trajectory lines to `out`; returns counts."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown trajectory format {fmt!r} (known: {', '.join(FORMATS)})")
    red = red or redactor()
    n = skipped = 0
    for info in iter_sessions(store, scope=scope, source=source, since=since, until=until):
        got = session_trajectory(store, info, red)
        if got is None:
            skipped += 1
            continue
        out.write(json.dumps(record(got[0], fmt, got[1]), ensure_ascii=False) + "\n")
        n += 1
    return {"sessions": n, "skipped_empty": skipped}
