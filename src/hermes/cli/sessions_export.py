"""`hermes sessions export|import`: sessions as JSONL, out of the store and into it.

JSONL is one message a line:
  {"session", "role", "content", "timestamp", "tool_calls", "tool_call_id", "name", "scope", "source", "title"}
Import needs only session, role and content; timestamp (UNIX seconds or ISO 8601), scope, title,
tool_calls, tool_call_id, name and `speaker` are optional. A speaker is written into the content
as "Speaker: text" (the `name` field is reserved for tool names, and providers treat it unevenly,
while content is what the model and search both see). Imported sessions get source "import".
Every line is checked before anything is written; each session is imported in one transaction.
"""

from __future__ import annotations

import json
import re
import sys
import time
from typing import Any, Iterator, Optional

import typer

from hermes.cli.common import fail, get_runtime, print_json
from hermes.cli.sessions_common import JSON_OPT, ROLES, parse_timestamp, store_errors

_SESSION_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,127}$")


def _export_lines(store, info) -> Iterator[str]:
    for m in store.get_messages(info.id, include_compacted=True):
        if m.summary:  # export is the original transcript; summaries are derived
            continue
        yield json.dumps({"session": info.id, "role": m.role, "content": m.content, "timestamp": m.timestamp,
                          "tool_calls": [tc.to_openai() for tc in m.tool_calls] or None,
                          "tool_call_id": m.tool_call_id, "name": m.name, "scope": info.scope,
                          "source": info.source, "title": info.title}, ensure_ascii=False) + "\n"


def _all_sessions(store, page: int = 500) -> Iterator[Any]:
    offset = 0
    while True:
        batch = store.list_sessions(limit=page, offset=offset)
        yield from batch
        if len(batch) < page:
            return
        offset += page


def export(session_id: Optional[str] = typer.Argument(None, help="Session id (or use --all)."),
           all_: bool = typer.Option(False, "--all", help="Export every session."),
           output: Optional[str] = typer.Option(None, "--output", "-o", help="Write to FILE instead of stdout."),
           as_json: bool = typer.Option(False, "--json", help="With -o, print a JSON summary (the "
                                        "export itself is always JSON lines).")) -> None:
    """Write sessions as JSONL, one message a line."""
    if bool(session_id) == all_:
        fail("give a session id or --all")
    store = get_runtime().store()
    with store_errors():
        if all_:
            infos: Iterator[Any] = _all_sessions(store)
        else:
            found = store.get_session(session_id)
            if found is None:
                fail(f"no session {session_id!r}")
            infos = iter([found])
    try:
        out = open(output, "w", encoding="utf-8") if output else sys.stdout
    except OSError as e:
        fail(f"cannot write {output}: {e}")
    sessions = messages = 0
    try:
        with store_errors():
            for info in infos:
                sessions += 1
                for line in _export_lines(store, info):
                    out.write(line)
                    messages += 1
    finally:
        if output:
            out.close()
    if output:
        if as_json:
            print_json({"file": output, "sessions": sessions, "messages": messages})
        else:
            typer.echo(f"Exported {sessions} session(s), {messages} message(s) to {output}")


def read_jsonl(path: str, default_scope: str) -> tuple[dict[str, dict], list[str]]:
    """Parse an import file into {session: {scope, title, messages}}; errors are 'line N: why'."""
    from hermes.core.messages import Message, ToolCall

    sessions: dict[str, dict] = {}
    errors: list[str] = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                d = json.loads(line)
                if not isinstance(d, dict):
                    raise ValueError("not a JSON object")
                sid, role, content = d.get("session"), d.get("role"), d.get("content")
                if not isinstance(sid, str) or not _SESSION_ID.match(sid):
                    raise ValueError("'session' must be an id of letters, digits and _.:@- (max 128)")
                if role not in ROLES:
                    raise ValueError(f"'role' must be one of {', '.join(ROLES)}")
                if content is not None and not isinstance(content, str):
                    raise ValueError("'content' must be a string")
                calls = d.get("tool_calls") or []
                if not isinstance(calls, list) or not all(isinstance(c, dict) for c in calls):
                    raise ValueError("'tool_calls' must be a list of objects")
                if content is None and not calls:
                    raise ValueError("'content' is missing")
                speaker = d.get("speaker")
                if speaker is not None:
                    if not isinstance(speaker, str) or not speaker.strip():
                        raise ValueError("'speaker' must be a non-empty string")
                    content = f"{speaker.strip()}: {content or ''}"
                ts = parse_timestamp(d["timestamp"]) if d.get("timestamp") is not None else time.time()
                scope = d.get("scope") or default_scope
                entry = sessions.setdefault(sid, {"scope": scope, "title": d.get("title"), "messages": []})
                if entry["scope"] != scope:
                    raise ValueError(f"scope {scope!r} differs from {entry['scope']!r} earlier in session {sid}")
                entry["messages"].append(Message(
                    role=role, content=content, tool_calls=[ToolCall.from_openai(c) for c in calls],
                    tool_call_id=d.get("tool_call_id"), name=d.get("name"), timestamp=ts))
            except (ValueError, TypeError) as e:
                errors.append(f"line {n}: {e}")
    return sessions, errors


def _import_one(store, sid: str, entry: dict) -> bool:
    """One session, all or nothing; False if the id is already taken."""
    if hasattr(store, "import_session"):
        return store.import_session(entry["messages"], session_id=sid, scope=entry["scope"],
                                    title=entry["title"]) is not None
    if store.get_session(sid) is not None:  # stores without a bulk path: create, append, undo on failure
        return False
    store.create_session(session_id=sid, source="import", scope=entry["scope"], title=entry["title"],
                         created_at=min(m.timestamp for m in entry["messages"]))
    try:
        store.append_messages(sid, entry["messages"])
    except BaseException:
        store.delete_session(sid)
        raise
    return True


def import_(file: str = typer.Argument(..., help="JSONL file, one message a line."),
            scope: str = typer.Option("owner", "--scope", help="Scope for lines that name none."),
            as_json: bool = JSON_OPT) -> None:
    """Import conversations from JSONL (nothing is written if any line is bad)."""
    try:
        sessions, errors = read_jsonl(file, scope)
    except (OSError, UnicodeDecodeError) as e:
        fail(f"cannot read {file}: {e}")
    if errors:
        if as_json:
            print_json({"file": file, "sessions": 0, "messages": 0, "errors": errors})
        else:
            for e in errors[:20]:
                typer.echo(e, err=True)
            if len(errors) > 20:
                typer.echo(f"… and {len(errors) - 20} more", err=True)
        fail(f"{len(errors)} bad line(s) in {file}; nothing imported")
    store = get_runtime().store()
    imported, skipped, count = [], [], 0
    with store_errors():
        for sid, entry in sessions.items():
            if _import_one(store, sid, entry):
                imported.append(sid)
                count += len(entry["messages"])
            else:
                skipped.append(sid)
    if as_json:
        print_json({"file": file, "sessions": len(imported), "messages": count, "skipped": skipped, "errors": []})
        return
    typer.echo(f"Imported {len(imported)} session(s), {count} message(s) from {file}")
    if skipped:
        typer.echo(f"Skipped {len(skipped)} session(s) that already exist: {', '.join(skipped[:10])}"
                   + (" …" if len(skipped) > 10 else ""))
