"""`hermes sessions list|show|search|export|delete|prune|import|migrate|reindex`: browse and manage
stored conversations.

This module holds the command group and the commands that read and delete sessions; export and
import (JSONL) are in sessions_export.py, migrate in sessions_migrate.py, reindex in
sessions_reindex.py, and what they share in sessions_common.py.
"""

from __future__ import annotations

import time
from dataclasses import asdict
from typing import Optional

import typer

from hermes.cli.common import fail, fmt_time, get_runtime, print_json
# parse_when and read_jsonl stay importable from this module (trajectories_cmd imports parse_when).
from hermes.cli.sessions_common import JSON_OPT, ROLES, parse_when, store_errors
from hermes.cli.sessions_export import export, import_, read_jsonl  # noqa: F401
from hermes.cli.sessions_migrate import migrate
from hermes.cli.sessions_reindex import reindex

app = typer.Typer(help="Browse, search, export and clean up stored sessions.", no_args_is_help=True)


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
    with store_errors():
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
    with store_errors():
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
        if r not in ROLES:
            fail(f"unknown role {r!r} (one of {', '.join(ROLES)})")
    with store_errors():
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


# Commands defined in other modules are registered in the order --help lists them.
app.command()(export)


@app.command()
def delete(session_id: str = typer.Argument(..., help="Session id."),
           yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation."),
           as_json: bool = JSON_OPT) -> None:
    """Delete one session and its messages."""
    store = get_runtime().store()
    with store_errors():
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
    with store_errors():
        n = get_runtime().store().prune(older_than=cutoff, source=source)
    if as_json:
        print_json({"deleted": n, "older_than": cutoff, "source": source})
    else:
        typer.echo(f"Deleted {n} {what}")


app.command("import")(import_)
app.command("migrate")(migrate)
app.command("reindex")(reindex)


if __name__ == "__main__":
    app()
