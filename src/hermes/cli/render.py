"""Terminal rendering of turn events: streamed Markdown, tool activity lines, a waiting spinner."""

from __future__ import annotations

import json
import sys
from typing import Any

from hermes.core.events import (ErrorEvent, Event, Final, Notice, TextDelta, ToolFinished,
                                ToolStarted, UsageEvent)


def tool_summary(name: str, arguments: str, limit: int = 80) -> str:
    try:
        args = json.loads(arguments or "{}")
    except ValueError:
        args = arguments
    if isinstance(args, dict):
        main = args.get("command") or args.get("path") or args.get("query") or args.get("action")
        text = str(main) if main is not None else ", ".join(f"{k}={v}" for k, v in args.items())
    else:
        text = str(args)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


class PlainRenderer:
    """For `chat -q`: answer text to stdout as it streams; activity to stderr unless quiet."""

    def __init__(self, quiet: bool = False):
        self.quiet = quiet
        self.out = sys.stdout
        self.failed = False
        self._wrote = False

    def __call__(self, ev: Event) -> None:
        if isinstance(ev, TextDelta):
            if not self.quiet:
                self.out.write(ev.text)
                self.out.flush()
                self._wrote = True
        elif isinstance(ev, ToolStarted) and not self.quiet:
            if self._wrote:
                self.out.write("\n")
                self._wrote = False
            sys.stderr.write(f"  ⚙ {ev.name}: {tool_summary(ev.name, ev.arguments)}\n")
        elif isinstance(ev, ToolFinished) and not self.quiet:
            mark = "✓" if ev.ok else "✗"
            sys.stderr.write(f"    {mark} {ev.duration:.2f}s {ev.result_preview[:100]}\n")
        elif isinstance(ev, Notice) and not self.quiet:
            sys.stderr.write(f"  ℹ {ev.text}\n")
        elif isinstance(ev, ErrorEvent):
            self.failed = True
            sys.stderr.write(f"Error: {ev.message}\n")
        elif isinstance(ev, Final):
            if self.quiet:
                self.out.write(ev.text + "\n")
            elif self._wrote or ev.text:
                self.out.write("\n")
            self.out.flush()


class RichRenderer:
    """For the interactive chat: spinner until the first token, live Markdown, tool lines."""

    def __init__(self, console: Any):
        self.console = console
        self.buffer = ""
        self.live: Any = None
        self.status: Any = None
        self.failed = False

    def start(self) -> None:
        self.status = self.console.status("thinking…", spinner="dots")
        self.status.start()

    def _stop_status(self) -> None:
        if self.status is not None:
            self.status.stop()
            self.status = None

    def _flush_live(self) -> None:
        if self.live is not None:
            self.live.stop()
            self.live = None
            self.buffer = ""

    def __call__(self, ev: Event) -> None:
        from rich.live import Live
        from rich.markdown import Markdown

        if isinstance(ev, TextDelta):
            self._stop_status()
            self.buffer += ev.text
            if self.live is None:
                self.live = Live(Markdown(self.buffer), console=self.console, refresh_per_second=12,
                                 vertical_overflow="visible")
                self.live.start()
            else:
                self.live.update(Markdown(self.buffer))
        elif isinstance(ev, ToolStarted):
            self._stop_status()
            self._flush_live()
            self.console.print(f"[dim]  ⚙ {ev.name}[/dim] [cyan]{_esc(tool_summary(ev.name, ev.arguments))}[/cyan]")
            self.start()
        elif isinstance(ev, ToolFinished):
            self._stop_status()
            mark = "[green]✓[/green]" if ev.ok else "[red]✗[/red]"
            self.console.print(f"    {mark} [dim]{ev.duration:.2f}s {_esc(ev.result_preview[:100])}[/dim]")
            self.start()
        elif isinstance(ev, Notice):
            self._stop_status()
            self.console.print(f"[yellow]  ℹ {_esc(ev.text)}[/yellow]")
        elif isinstance(ev, ErrorEvent):
            self._stop_status()
            self._flush_live()
            self.failed = True
            self.console.print(f"[red]Error:[/red] {_esc(ev.message)}")
        elif isinstance(ev, UsageEvent):
            pass
        elif isinstance(ev, Final):
            self._stop_status()
            if self.live is None and ev.text and not self.buffer:
                self.console.print(Markdown(ev.text))
            self._flush_live()
            if ev.cancelled:
                self.console.print("[yellow]  (turn cancelled)[/yellow]")

    def close(self) -> None:
        self._stop_status()
        self._flush_live()


def _esc(text: str) -> str:
    from rich.markup import escape

    return escape(text)
