"""`hermes sessions migrate`: copy every session between SQLite and PostgreSQL, then verify the copy."""

from __future__ import annotations

import sys
from typing import Any, Optional

import typer

from hermes.cli.common import fail, get_runtime, print_json
from hermes.cli.sessions_common import JSON_OPT, store_errors


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
    with store_errors():
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
