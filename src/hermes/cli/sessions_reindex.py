"""`hermes sessions reindex`: compute the semantic-recall vectors an existing store is missing.

Every batch is committed on its own, so Ctrl-C (or a crash) loses at most one batch and a second
run resumes where the first stopped: it only embeds messages without a vector of the encoder used.
"""

from __future__ import annotations

import time
from typing import Optional

import typer

from hermes.cli.common import fail, get_runtime, print_json


def reindex(scope: Optional[str] = typer.Option(None, "--scope", help="Only this memory scope."),
            model: Optional[str] = typer.Option(None, "--model", help="Encoder: onnx (default when installed) "
                                                "or numpy."),
            batch: int = typer.Option(64, "--batch", min=1, max=4096, help="Messages per encoder call and commit."),
            as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """Embed every stored message that has no vector yet (resumable; Ctrl-C safe)."""
    from hermes.state import encoders
    from hermes.state.base import StoreError
    from hermes.state.semantic import SemanticSearch

    if model is not None and model not in ("onnx", "numpy"):
        fail(f"unknown encoder {model!r} (onnx or numpy)")
    try:
        store = get_runtime().store()
        layer = SemanticSearch.attach(store, mode="on", encoder=model)
        if layer.encoder is None:
            fail(f"no embedding model is installed: {encoders.INSTALL_HINT}")
        total, have = layer.counts(scope)
    except StoreError as e:
        fail(str(e))
    todo = total - have
    start = time.monotonic()
    done = 0
    interrupted = False
    try:
        if todo and not as_json:
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn,
                                       TimeRemainingColumn)

            from hermes.cli.common import err_console

            columns = (TextColumn("embedding"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
                       TextColumn("{task.fields[rate]} msg/s"), TimeRemainingColumn())
            with Progress(*columns, console=err_console(), transient=False) as bar:
                task = bar.add_task("embed", total=todo, rate="-")

                def step(n: int) -> None:
                    nonlocal done
                    done += n
                    rate = done / max(time.monotonic() - start, 1e-6)
                    bar.update(task, advance=n, rate=f"{rate:,.0f}")

                layer.reindex(scope=scope, batch=batch, progress=step)
        elif todo:
            done = layer.reindex(scope=scope, batch=batch)
    except KeyboardInterrupt:
        interrupted = True
    except StoreError as e:
        fail(f"{e} ({done:,} message(s) embedded before the error are kept; run again to resume)")
    seconds = time.monotonic() - start
    result = {"encoder": layer.model, "scope": scope, "messages": total, "had_vectors": have, "embedded": done,
              "missing": max(0, todo - done), "seconds": round(seconds, 1), "interrupted": interrupted}
    if as_json:
        print_json(result)
    else:
        what = f"scope {scope}" if scope else "all scopes"
        typer.echo(f"{layer.model}, {what}: {total:,} message(s), {have:,} already had vectors, "
                   f"{done:,} embedded in {seconds:.1f} s" + (f", {todo - done:,} left" if todo - done > 0 else ""))
        if interrupted:
            typer.echo("Interrupted: the vectors written so far are kept; run the command again to resume.")
    if interrupted:
        raise typer.Exit(130)
