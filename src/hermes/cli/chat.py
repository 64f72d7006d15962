"""`hermes chat`: one question (-q) or the interactive session."""

from __future__ import annotations

import asyncio
import sys
from typing import Optional

import typer

from hermes.cli.common import fail, get_runtime


def make_hermes(provider: str | None = None, model: str | None = None, yolo: bool = False,
                mcp_start: str = "background"):
    from hermes.models.base import ModelError
    from hermes.runtime import Hermes

    rt = get_runtime()
    cfg = rt.config
    if yolo:
        cfg.approvals.mode = "off"  # hardline rules still apply
    try:
        return Hermes(rt.home, cfg, store=rt.store(), provider=provider, model_name=model, mcp_start=mcp_start)
    except (ModelError, ValueError) as e:
        if rt.debug:
            raise
        fail(str(e))


def chat(query: Optional[str] = typer.Option(None, "--query", "-q", help="Answer this one message and exit."),
         quiet: bool = typer.Option(False, "-Q", "--quiet", help="Print only the final answer."),
         resume: Optional[str] = typer.Option(None, "--resume", "-r", help="Continue session ID."),
         cont: bool = typer.Option(False, "--continue", "-c", help="Continue the latest CLI session."),
         provider: Optional[str] = typer.Option(None, "--provider", help="Provider for this run."),
         model: Optional[str] = typer.Option(None, "--model", "-m", help="Model for this run."),
         toolsets: Optional[str] = typer.Option(None, "--toolsets", help="Comma-separated toolsets."),
         yolo: bool = typer.Option(False, "--yolo", help="Skip approvals (hardline rules still apply)."),
         image: Optional[list[str]] = typer.Option(None, "--image", "-i",
                                                   help="Attach an image file to -q (repeatable)."),
         save_trajectory: bool = typer.Option(False, "--save-trajectory",
                                              help="Write the session to HERMES_HOME/trajectories/."),
         ) -> None:
    """Chat with Hermes. With -q, answer once (exit code 1 on failure); otherwise interactive."""
    if save_trajectory:
        get_runtime().config.trajectories.enabled = True
    if query is not None and quiet is False and query == "":
        fail("empty query")
    sets = [s.strip() for s in toolsets.split(",")] if toolsets else None
    if image and query is None:
        fail("--image goes with -q; in the interactive chat use /image PATH")
    if query is None:
        interactive(resume=resume, cont=cont, provider=provider, model=model, yolo=yolo, toolsets=sets)
        return
    if image:
        query = _attach(query, image)
    h = make_hermes(provider, model, yolo, mcp_start="on_demand")
    sid = resume or (_latest_session(h) if cont else None)
    if resume and h.store.get_session(resume) is None:
        fail(f"no session {resume!r} (see `hermes sessions list`)")
    code = asyncio.run(_one_shot(h, query, sid, quiet, sets))
    raise typer.Exit(code)


def _attach(query: str, paths: list[str]) -> str:
    """The query with each image checked, copied into the image cache and referenced."""
    import os

    from hermes.core.images import ImageError, load_image_file, with_images

    home = get_runtime().home
    try:
        images = [load_image_file(home.root, p, os.getcwd()) for p in paths]
    except ImageError as e:
        fail(f"image not attached: {e}")
    return with_images(query, images)


def _latest_session(h) -> str | None:
    rows = h.store.list_sessions(source="cli", limit=1)
    return rows[0].id if rows else None


async def _one_shot(h, query: str, sid: str | None, quiet: bool, toolsets) -> int:
    from hermes.cli.render import PlainRenderer

    interactive = sys.stdin.isatty() and not quiet
    ask = _terminal_approval if interactive else None
    conv = h.open(sid, source="cli", interactive=interactive, ask_approval=ask, toolsets=toolsets)
    render = PlainRenderer(quiet=quiet)
    if h.is_demo and not quiet:
        from hermes.runtime import DEMO_NOTICE

        sys.stderr.write(f"ℹ {DEMO_NOTICE}\n")
    elif h.is_tiny_local and not quiet:
        from hermes.runtime import TINY_LOCAL_NOTICE

        sys.stderr.write(f"ℹ {TINY_LOCAL_NOTICE}\n")
    cancel = asyncio.Event()
    _install_sigint(cancel)
    try:
        async for ev in conv.send(query, cancel):
            render(ev)
        if h.learner is not None:  # the answer is out; let a running review finish its writes
            await h.learner.drain()
            for note in h.notices if not quiet else []:
                sys.stderr.write(f"  ✎ {note}\n")
    finally:
        await conv.close()
    if cancel.is_set():
        return 130
    return 1 if render.failed else 0


def _install_sigint(cancel: asyncio.Event) -> None:
    import signal

    loop = asyncio.get_running_loop()

    def on_int() -> None:
        if cancel.is_set():  # second Ctrl-C: leave now
            raise SystemExit(130)
        cancel.set()
        sys.stderr.write("\n(cancelling — press Ctrl-C again to quit)\n")

    try:
        loop.add_signal_handler(signal.SIGINT, on_int)
    except (NotImplementedError, RuntimeError):
        pass


async def _terminal_approval(command: str, verdict) -> str:
    """Ask at the terminal: once / session / always / deny. Anything else denies."""
    from prompt_toolkit import PromptSession

    sys.stderr.write(f"\n⚠ Approval needed: {verdict.description} [{verdict.rule}]\n    $ {command}\n")
    try:
        answer = await PromptSession().prompt_async("  allow? [o]nce / [s]ession / [a]lways / [D]eny: ")
    except (EOFError, KeyboardInterrupt):
        return "deny"
    return {"o": "once", "once": "once", "s": "session", "session": "session",
            "a": "always", "always": "always"}.get(answer.strip().lower(), "deny")


def interactive(resume: str | None = None, cont: bool = False, provider: str | None = None,
                model: str | None = None, yolo: bool = False, toolsets=None) -> None:
    from hermes.cli.repl import Repl

    h = make_hermes(provider, model, yolo)
    sid = resume or (_latest_session(h) if cont else None)
    if resume and h.store.get_session(resume) is None:
        fail(f"no session {resume!r} (see `hermes sessions list`)")
    asyncio.run(Repl(h, sid, toolsets).run())
