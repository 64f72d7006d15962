"""`hermes import reference [PATH]`: move over from the reference system.

Imports its state.db sessions, memory documents, SOUL.md, skills, cron jobs, model settings and
.env keys into the current Hermes home (and its configured session store). Safe to run again: what
was imported before is found and skipped. `--dry-run` shows the table without writing anything.
Secret values are never printed.
"""

from __future__ import annotations

from typing import Optional

import typer

from hermes.cli.common import fail, get_runtime, print_json

app = typer.Typer(help="Move over from the reference system.", no_args_is_help=True)

_PROGRESS_MIN = 200  # sessions: below this the import is quick enough to need no progress display
_TABLE_SESSIONS = 50  # past this, sessions without findings are one row per action in the table


@app.command()
def reference(path: Optional[str] = typer.Argument(None, help="The reference home (default: ~/.hermes)."),
              dry_run: bool = typer.Option(False, "--dry-run", help="Show what would be imported; change nothing."),
              force: bool = typer.Option(False, "--force", help="Replace a configured provider, a different "
                                         "SOUL.md and different .env values."),
              as_json: bool = typer.Option(False, "--json", help="Machine-readable report.")) -> None:
    """Import sessions, memory, SOUL.md, skills, cron jobs, model settings and .env keys."""
    from pathlib import Path

    from hermes.importer import Context, ImportRefused
    from hermes.importer.reference import check_source, default_source, run
    from hermes.state.base import StoreError

    rt = get_runtime()
    home = rt.home
    try:
        src = check_source(Path(path) if path else default_source(), home)
    except ImportRefused as e:
        fail(str(e))
    fresh = rt.config.store.backend != "postgres" and not home.state_db.exists()
    # A dry run into a home with no store yet must not create one just to learn it is empty.
    store = _NoSessions() if dry_run and fresh else rt.store()
    ctx = Context(source=src, home=home, config=rt.config, dry_run=dry_run, force=force, store=store)
    bar = None
    if not as_json:
        bar = _Progress()
        ctx.progress = bar.update
    try:
        report = run(ctx)
    except ImportRefused as e:
        fail(str(e))
    except StoreError as e:
        fail(f"the session store refused a write: {e} (sessions written so far stay; run again to finish)")
    finally:
        if bar is not None:
            bar.close()
    if as_json:
        print_json(report.to_dict())
        return
    _print(report)


class _NoSessions:
    """The store a dry run sees when none exists yet: no session is there."""

    def get_session(self, session_id: str) -> None:
        return None


class _Progress:
    """Progress on stderr for large stores (past _PROGRESS_MIN sessions): a bar on a terminal,
    else a line every tenth, so logs of a long unattended import still show it moving."""

    def __init__(self) -> None:
        self.bar = None
        self.task = None
        self.step = -1

    def update(self, n: int, total: int) -> None:
        import sys

        if total < _PROGRESS_MIN:
            return
        if not sys.stderr.isatty():
            step = n * 10 // total
            if step != self.step:
                self.step = step
                sys.stderr.write(f"sessions: {n}/{total}\n")
                sys.stderr.flush()
            return
        if self.bar is None:
            from rich.progress import Progress

            from hermes.cli.common import err_console

            self.bar = Progress(console=err_console(), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("sessions", total=total)
        self.bar.update(self.task, completed=n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _print(report) -> None:
    from rich.markup import escape
    from rich.table import Table

    from hermes.cli.common import console

    con = console()
    verb = "Would import" if report.dry_run else "Imported"
    table = Table(box=None, header_style="bold", pad_edge=False, padding=(0, 1))
    for col in ("kind", "item", "action", "detail"):
        table.add_column(col, overflow="fold")
    plain = [i for i in report.items if i.kind == "session" and not i.findings]
    many = len(plain) > _TABLE_SESSIONS  # thousands of rows would bury the findings
    for i in report.items:
        if many and i in plain:
            continue
        table.add_row(i.kind, escape(i.name), i.action, escape(i.detail))
    if many:
        for action in sorted({i.action for i in plain}):
            group = [i for i in plain if i.action == action]
            table.add_row("session", f"{len(group)} sessions", action, f"{group[0].name} … {group[-1].name}")
    con.print(table)
    parts = []
    for kind, counts in report.counts().items():
        parts.append(f"{kind}: " + ", ".join(f"{n} {a}" for a, n in sorted(counts.items())))
    con.print(f"\n{verb} from {escape(report.source)} ({report.messages} messages):")
    for p in parts:
        con.print(f"  {escape(p)}")
    findings = report.findings
    if findings:
        con.print(f"\n{len(findings)} finding(s):")
        for f in findings:
            con.print(f"  - {escape(f)}")
    if report.dry_run:
        con.print("\nDry run: nothing was changed. Run without --dry-run to import.")
    elif report.added == 0:
        con.print("\nNothing new to import.")
