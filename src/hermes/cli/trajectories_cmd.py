"""`hermes trajectories`: export stored sessions as training trajectories, and compress them."""

from __future__ import annotations

import sys
from typing import Optional

import typer

from hermes.cli.common import fail, get_runtime, print_json

app = typer.Typer(no_args_is_help=True, add_completion=False, rich_markup_mode=None)

FORMAT_HELP = "sharegpt (Hermes function-calling layout) or openai (chat messages)."


@app.command()
def export(since: Optional[str] = typer.Option(None, "--since", help="Sessions started since (2026-11-01, 7d, 12h)."),
           until: Optional[str] = typer.Option(None, "--until", help="Sessions started before this time."),
           fmt: str = typer.Option("sharegpt", "--format", "-f", help=FORMAT_HELP),
           scope: Optional[str] = typer.Option(None, "--scope", help="Only this memory scope."),
           source: Optional[str] = typer.Option(None, "--source", help="Only this source (cli, cron, api…)."),
           output: Optional[str] = typer.Option(None, "--output", "-o", help="Write to FILE, not stdout."),
           ) -> None:
    """Stored sessions as JSONL trajectories, one line per session, secrets masked."""
    from hermes.cli.sessions import parse_when
    from hermes.research.formats import FORMATS
    from hermes.research.trajectories import export as run_export, known_secrets, redactor

    if fmt not in FORMATS:
        fail(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    try:
        t0 = parse_when(since) if since else None
        t1 = parse_when(until) if until else None
    except ValueError as e:
        fail(str(e))
    rt = get_runtime()
    red = redactor(known_secrets(rt.home))
    try:
        out = open(output + ".part", "w", encoding="utf-8") if output else sys.stdout
    except OSError as e:
        fail(f"cannot write {output}: {e}")
    from hermes.state.base import StoreError

    try:
        counts = run_export(rt.store(), out, fmt=fmt, red=red, scope=scope, source=source, since=t0, until=t1)
    except StoreError as e:
        fail(str(e))
    finally:
        if output:
            out.close()
    if output:
        import os

        os.replace(output + ".part", output)
        typer.echo(f"Exported {counts['sessions']} session(s) as {fmt} to {output}", err=True)


@app.command()
def compress(src: str = typer.Argument(..., help="Input JSONL (ShareGPT or OpenAI lines)."),
             dst: str = typer.Argument(..., help="Output JSONL."),
             target_tokens: int = typer.Option(15_250, "--target-tokens", "-t", min=256,
                                               help="Fit each sample under this many tokens."),
             tokenizer: Optional[str] = typer.Option(None, "--tokenizer",
                                                     help="tokenizer.json (or its folder) or a .gguf file; "
                                                          "default: the chars/4 estimate."),
             keep_last: int = typer.Option(4, "--keep-last", min=0, help="Last turns kept verbatim."),
             workers: int = typer.Option(4, "--workers", "-w", min=1, help="Summaries made at once."),
             as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
             ) -> None:
    """Compress long trajectories: the middle becomes one summary by the auxiliary model."""
    import asyncio
    import os

    from hermes.research.compress import compress_file, compressor_summarize
    from hermes.research.tokens import load_counter

    if not os.path.isfile(src):
        fail(f"no such file: {src}")
    try:
        count = load_counter(tokenizer)
    except ValueError as e:
        fail(str(e))
    from hermes.cli.chat import make_hermes

    comp = make_hermes(mcp_start="on_demand").compressor()  # the aux model chain of context compression
    try:
        rep = asyncio.run(compress_file(src, dst, target=target_tokens, summarize=compressor_summarize(comp),
                                        count=count, keep_last=keep_last, workers=workers))
    except OSError as e:
        fail(f"cannot write {dst}: {e}")
    d = rep.as_dict()
    if as_json:
        print_json(d)
        return
    typer.echo(f"token counts: {d['tokenizer']}")
    typer.echo(f"{d['total']} sample(s): {d['compressed']} compressed, {d['under_target']} already under "
               f"{target_tokens:,} tokens, {d['over_target']} still over, {d['failed']} failed "
               f"(kept as they were), {d['unreadable']} unreadable (left out)")
    mean = d["mean_ratio_compressed"]
    typer.echo(f"tokens {d['tokens_before']:,} → {d['tokens_after']:,} (ratio {d['overall_ratio']:.2f}"
               + (f"; mean per compressed sample {mean:.2f})" if mean is not None else ")"))
    typer.echo(f"wrote {dst}")
