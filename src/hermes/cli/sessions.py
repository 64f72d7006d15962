"""`hermes sessions list|show|search|export|delete|prune|import|migrate`: browse and manage stored conversations.

JSONL (export and import) is one message a line:
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
from contextlib import contextmanager
from dataclasses import asdict
from typing import Any, Iterator, Optional

import typer

from hermes.cli.common import fail, fmt_time, get_runtime, print_json

app = typer.Typer(help="Browse, search, export and clean up stored sessions.", no_args_is_help=True)

JSON_OPT = typer.Option(False, "--json", help="Machine-readable output.")
_ROLES = ("system", "user", "assistant", "tool")
_SESSION_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,127}$")
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


@contextmanager
def _store_errors() -> Iterator[None]:
    from hermes.state.base import StoreError

    try:
        yield
    except StoreError as e:
        fail(str(e))


def parse_when(text: str) -> float:
    """`30d`/`12h`/`2w`/`90m`/`45s` ago, or an ISO date/time, as a UNIX time."""
    m = _DURATION.match(text)
    if m:
        return time.time() - float(m.group(1)) * _UNITS[m.group(2)]
    return _parse_timestamp(text)


def _parse_timestamp(value: Any) -> float:
    import datetime as dt

    if isinstance(value, bool):
        raise ValueError("timestamp must be a number or an ISO 8601 string")
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            pass
        try:
            return dt.datetime.fromisoformat(value.strip()).timestamp()
        except ValueError:
            pass
        when = _human_date(value)
        if when is not None:
            return when.timestamp()
    raise ValueError(f"cannot read {value!r} as a time (use 30d, 12h, 2026-11-01, 2026-11-01T14:30 "
                     "or a full date such as '1:10 pm on 27 March, 2023')")


def _human_date(text: str):
    """Dates as people write them ("1:10 pm on 27 March, 2023", "Mon, 27 Mar 2023 13:10 +0000").
    Only complete dates count: "March" or "10:00" alone would silently take today's year or day,
    so a text whose year, month or day depends on the parser's defaults is refused. A date
    without a zone is local time; 03/04/2023 reads month first."""
    import datetime as dt

    from dateutil import parser

    try:
        a = parser.parse(text, default=dt.datetime(2000, 1, 1))
        b = parser.parse(text, default=dt.datetime(2001, 2, 2))
    except (ValueError, OverflowError):
        return None
    return a if a == b else None


def _session_dict(s) -> dict:
    d = asdict(s)
    d["tokens"] = s.usage.total
    return d


def _message_dict(m) -> dict:
    return {"id": m.id, "role": m.role, "content": m.content, "timestamp": m.timestamp,
            "tool_calls": [tc.to_openai() for tc in m.tool_calls] or None, "tool_call_id": m.tool_call_id,
            "name": m.name, "tokens": m.tokens, "summary": m.summary}


def _short_time(ts: float) -> str:
    """Table-width time: `Nov 22 14:05` this year, `2025-03-01` before."""
    t = time.localtime(ts)
    return time.strftime("%b %d %H:%M" if t.tm_year == time.localtime().tm_year else "%Y-%m-%d", t)


def _one_line(text: str | None, width: int) -> str:
    s = " ".join((text or "").split())
    return s if len(s) <= width else s[:width - 1] + "…"


@app.command("list")
def list_(source: Optional[str] = typer.Option(None, "--source", help="Only this source (cli, telegram, cron…)."),
          scope: Optional[str] = typer.Option(None, "--scope", help="Only this memory scope."),
          limit: int = typer.Option(20, "--limit", "-n", help="How many sessions."),
          as_json: bool = JSON_OPT) -> None:
    """Sessions, most recently updated first."""
    with _store_errors():
        sessions = get_runtime().store().list_sessions(scope=scope, source=source, limit=limit)
    if as_json:
        print_json([_session_dict(s) for s in sessions])
        return
    if not sessions:
        typer.echo("No sessions.")
        return
    from rich.table import Table

    from hermes.cli.common import console

    table = Table(box=None, header_style="bold", pad_edge=False, padding=(0, 1))
    for col in ("id", "title", "source", "scope", "msgs", "tokens", "updated"):
        # The title wraps rather than vanish into an ellipsis on narrow terminals.
        table.add_column(col, justify="right" if col in ("msgs", "tokens") else "left",
                         no_wrap=col != "title", overflow="fold" if col == "title" else "ellipsis",
                         min_width={"title": 10, "updated": 12}.get(col))
    for s in sessions:
        table.add_row(s.id, _one_line(s.title, 40) or "-", s.source, s.scope, str(s.message_count),
                      f"{s.usage.total:,}", _short_time(s.updated_at))
    console().print(table)


@app.command()
def show(session_id: str = typer.Argument(..., help="Session id."),
         full: bool = typer.Option(False, "--full", help="Include compacted originals and summaries."),
         as_json: bool = JSON_OPT) -> None:
    """The transcript of one session, with its token totals."""
    store = get_runtime().store()
    with _store_errors():
        info = store.get_session(session_id)
        if info is None:
            fail(f"no session {session_id!r} (see `hermes sessions list`)")
        messages = store.get_messages(session_id, include_compacted=full)
    if as_json:
        print_json({"session": _session_dict(info), "messages": [_message_dict(m) for m in messages]})
        return
    from rich.markup import escape

    from hermes.cli.common import console

    con = console()
    con.print(f"[bold]{escape(info.title or info.id)}[/bold]  {info.id}  ({info.source}, scope {info.scope}, "
              f"{info.message_count} messages, updated {fmt_time(info.updated_at)})")
    for m in messages:
        label = f"tool {m.name}" if m.role == "tool" and m.name else m.role
        if m.summary:
            label = f"summary ({m.role})"
        text = m.content or ""
        if m.role == "tool" and len(text) > 400:
            text = text[:400] + f"… [{len(m.content or '') - 400} more chars]"
        con.print(f"[bold cyan]{escape(label)}[/bold cyan] [dim]{fmt_time(m.timestamp)}[/dim]")
        if text:
            con.print(escape(text))
        for tc in m.tool_calls:
            con.print(f"  [magenta]→ {escape(tc.name)}[/magenta]({escape(_one_line(tc.arguments, 160))})")
    u = info.usage
    con.print(f"\n[dim]tokens: input {u.input_tokens:,} · output {u.output_tokens:,} · cache read "
              f"{u.cache_read_tokens:,} · cache write {u.cache_write_tokens:,} · cost ${info.cost_usd:.4f}[/dim]")


@app.command()
def search(query: str = typer.Argument(..., help="Plain language, e.g. 'docker build disk error'."),
           scope: Optional[str] = typer.Option(None, "--scope", help="Only this memory scope."),
           source: Optional[list[str]] = typer.Option(None, "--source", help="Only these sources (repeatable)."),
           role: Optional[list[str]] = typer.Option(None, "--role", help="Only these roles (repeatable)."),
           since: Optional[str] = typer.Option(None, "--since", help="Not before: 7d, 2026-11-01 …"),
           until: Optional[str] = typer.Option(None, "--until", help="Not after: 1d, 2026-11-30 …"),
           limit: int = typer.Option(10, "--limit", "-n", help="How many hits."),
           as_json: bool = JSON_OPT) -> None:
    """Search every stored message, best matches first."""
    try:
        since_ts = parse_when(since) if since else None
        until_ts = parse_when(until) if until else None
    except ValueError as e:
        fail(str(e))
    for r in role or []:
        if r not in _ROLES:
            fail(f"unknown role {r!r} (one of {', '.join(_ROLES)})")
    with _store_errors():
        hits = get_runtime().store().search(query, scope=scope, sources=source or None, roles=role or None,
                                            since=since_ts, until=until_ts, limit=limit)
    if as_json:
        print_json([{**{k: v for k, v in asdict(h).items() if k != "context"},
                     "context": [_message_dict(m) for m in h.context]} for h in hits])
        return
    if not hits:
        typer.echo("No matches.")
        return
    from rich.markup import escape

    from hermes.cli.common import console
    from hermes.state.search import HL_END, HL_START

    con = console()
    for h in hits:
        snippet = escape(_one_line(h.snippet, 300)).replace(HL_START, "[bold yellow]").replace(HL_END, "[/bold yellow]")
        con.print(f"[bold]{h.session_id}[/bold] [dim]{fmt_time(h.timestamp)}[/dim] {h.role} "
                  f"[dim]({h.source}{', ' + escape(h.title) if h.title else ''})[/dim]")
        con.print(f"  {snippet}")


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


@app.command()
def export(session_id: Optional[str] = typer.Argument(None, help="Session id (or use --all)."),
           all_: bool = typer.Option(False, "--all", help="Export every session."),
           output: Optional[str] = typer.Option(None, "--output", "-o", help="Write to FILE instead of stdout."),
           as_json: bool = typer.Option(False, "--json", help="With -o, print a JSON summary (the "
                                        "export itself is always JSON lines).")) -> None:
    """Write sessions as JSONL, one message a line."""
    if bool(session_id) == all_:
        fail("give a session id or --all")
    store = get_runtime().store()
    with _store_errors():
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
        with _store_errors():
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


@app.command()
def delete(session_id: str = typer.Argument(..., help="Session id."),
           yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation."),
           as_json: bool = JSON_OPT) -> None:
    """Delete one session and its messages."""
    store = get_runtime().store()
    with _store_errors():
        info = store.get_session(session_id)
        if info is None:
            fail(f"no session {session_id!r}")
        if not yes and not typer.confirm(f"Delete session {info.id} ({_one_line(info.title, 40) or 'untitled'}, "
                                         f"{info.message_count} messages)?", err=True):
            fail("not deleted")
        deleted = store.delete_session(session_id)
    if as_json:
        print_json({"deleted": deleted, "session": session_id})
    else:
        typer.echo(f"Deleted session {session_id}")


@app.command()
def prune(older_than: str = typer.Option(..., "--older-than", help="Age (30d, 12h, 2w) or a date."),
          source: Optional[str] = typer.Option(None, "--source", help="Only sessions from this source."),
          yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation."),
          as_json: bool = JSON_OPT) -> None:
    """Delete sessions not updated since a time."""
    try:
        cutoff = parse_when(older_than)
    except ValueError as e:
        fail(str(e))
    what = f"sessions{' from ' + source if source else ''} not updated since {fmt_time(cutoff)}"
    if not yes and not typer.confirm(f"Delete all {what}?", err=True):
        fail("nothing deleted")
    with _store_errors():
        n = get_runtime().store().prune(older_than=cutoff, source=source)
    if as_json:
        print_json({"deleted": n, "older_than": cutoff, "source": source})
    else:
        typer.echo(f"Deleted {n} {what}")


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
                if role not in _ROLES:
                    raise ValueError(f"'role' must be one of {', '.join(_ROLES)}")
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
                ts = _parse_timestamp(d["timestamp"]) if d.get("timestamp") is not None else time.time()
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


@app.command("import")
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
    with _store_errors():
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


def _progress_bar() -> Any:
    tty = sys.stderr.isatty()

    def show(table: str, done: int, total: int) -> None:
        if not tty and done < total:
            return  # a pipe or a log gets one line per table
        frac = done / total if total else 1.0
        bar = "#" * int(frac * 30)
        sys.stderr.write(f"\r  {table:<15} [{bar:<30}] {done:,}/{total:,}" + ("\n" if done >= total else ""))
        sys.stderr.flush()

    return show


@app.command("migrate")
def migrate(to: str = typer.Option(..., "--to", help="postgres (from this home's state.db) or sqlite "
                                   "(from PostgreSQL into state.db)."),
            dsn: Optional[str] = typer.Option(None, "--dsn", help="The PostgreSQL database (default store.dsn, "
                                              "else HERMES_DATABASE_URL)."),
            sqlite_path: Optional[str] = typer.Option(None, "--sqlite-path", help="The SQLite file (default "
                                                      "HERMES_HOME/state.db)."),
            as_json: bool = JSON_OPT) -> None:
    """Copy every session into an EMPTY store of the other kind, then verify the copy.

    Stop Hermes (servers, gateway, cron) first: the copy reads one snapshot, so what is written
    after it starts stays behind. Job-run records and message vectors are copied; job definitions and
    memory files are not."""
    from hermes.config import secrets
    from hermes.state import DSN_ENV
    from hermes.state.migrate import PgSide, SqliteSide, copy_store

    if to not in ("postgres", "sqlite"):
        fail("--to must be postgres or sqlite")
    rt = get_runtime()
    dsn = dsn or rt.config.store.dsn or secrets(rt.home).get(DSN_ENV)
    if not dsn:
        fail(f"no PostgreSQL database named: pass --dsn, set store.dsn in config.yaml or {DSN_ENV}")
    path = sqlite_path or str(rt.home.state_db)
    from pathlib import Path

    if to == "postgres" and not Path(path).is_file():
        fail(f"there is no {path} to migrate")
    sides: list[Any] = []
    with _store_errors():
        try:
            sides.append(SqliteSide(path) if to == "postgres" else PgSide(dsn))
            sides.append(PgSide(dsn) if to == "postgres" else SqliteSide(path))
            summary = copy_store(sides[0], sides[1], None if as_json else _progress_bar())
        finally:
            for side in sides:
                side.close()
    found = sum(1 for *_, ok in summary.spot_checks if ok)
    c = summary.counts
    if as_json:
        print_json({"source": summary.source, "target": summary.target,
                    "copied": {t: n for t, n in c.items() if t != "message_vectors"},
                    "message_vectors": c["message_vectors"],
                    "unreadable_tool_calls": summary.bad_tool_calls, "seconds": round(summary.seconds, 3),
                    "spot_checks": [{"session": s, "word": w, "found": ok} for s, w, ok in summary.spot_checks]})
    else:
        typer.echo(f"Copied {c['sessions']:,} sessions, {c['messages']:,} messages, {c['message_vectors']:,} message "
                   f"vectors and {c['cron_runs']:,} job runs from {summary.source} to {summary.target} in "
                   f"{summary.seconds:.1f} s.")
        typer.echo(f"Verified: row counts and totals match; search spot-check found {found} of "
                   f"{len(summary.spot_checks)} sampled messages.")
        if summary.bad_tool_calls:
            typer.echo(f"{summary.bad_tool_calls} message(s) held tool-call JSON that cannot be parsed; they were "
                       "copied without tool calls (Hermes already read them that way).")
        if to == "postgres":
            typer.echo(f"To use it: set `store: {{backend: postgres}}` in config.yaml and the database in store.dsn "
                       f"or {DSN_ENV}.")
        else:
            typer.echo("To use it: set `store: {backend: sqlite}` in config.yaml (or remove the store section).")
    if found < len(summary.spot_checks):
        fail("the search spot-check missed copied messages: the copy is committed, but check the target's "
             "search before switching to it")


from hermes.cli.sessions_reindex import reindex  # noqa: E402  (its own module: the encoder and its progress bar)

app.command("reindex")(reindex)


if __name__ == "__main__":
    app()
