"""`hermes batch`: run a dataset of prompts through the agent and write trajectories (resumable)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from hermes.cli.common import fail, get_runtime

app = typer.Typer(no_args_is_help=True, add_completion=False, rich_markup_mode=None)


@app.command("run")
def run(dataset: Path = typer.Argument(..., help="JSONL: one {\"id\", \"prompt\", optional \"toolsets\", "
                                                 "\"system\", \"metadata\"} per line."),
        out: Path = typer.Option(..., "--out", "-o", help="Output directory (rerun with the same one to resume)."),
        workers: int = typer.Option(2, "--workers", "-w", min=1, help="Worker processes (1: this process)."),
        concurrency: int = typer.Option(4, "--concurrency", "-c", min=1,
                                        help="Samples in flight per worker (model calls are mostly waiting)."),
        toolsets: Optional[str] = typer.Option(None, "--toolsets", help="Comma-separated toolsets for samples "
                                               "that name none (default: the configured ones)."),
        distribution: Optional[Path] = typer.Option(None, "--toolset-distribution",
                                                    help="JSON/YAML file: toolsets drawn per prompt."),
        dist_name: Optional[str] = typer.Option(None, "--distribution-name",
                                                help="Which distribution of a file holding several."),
        seed: int = typer.Option(0, "--seed", help="Seed of the toolset draw (same seed, same toolsets)."),
        provider: Optional[str] = typer.Option(None, "--provider", help="Provider for this run."),
        model: Optional[str] = typer.Option(None, "--model", "-m", help="Model for this run (or provider:model)."),
        base_url: Optional[str] = typer.Option(None, "--base-url", help="OpenAI-compatible endpoint for this run."),
        fmt: str = typer.Option("sharegpt", "--format", help="sharegpt or openai."),
        timeout: float = typer.Option(600.0, "--timeout", min=0.001, help="Seconds per sample."),
        max_turns: Optional[int] = typer.Option(None, "--max-turns", min=1, help="Model calls per sample."),
        retry_failed: bool = typer.Option(True, "--retry-failed/--skip-failed",
                                          help="On a rerun, run failed samples again (default) or keep them."),
        keep_homes: bool = typer.Option(False, "--keep-homes", help="Keep each sample's home and work dir."),
        tmp_dir: Optional[Path] = typer.Option(None, "--tmp-dir", help="Where sample homes go (e.g. /dev/shm)."),
        yolo: bool = typer.Option(False, "--yolo", help="Skip approvals (hardline rules still apply)."),
        limit: Optional[int] = typer.Option(None, "--limit", min=1, help="Only the first N samples."),
        ray: Optional[str] = typer.Option(None, "--ray", metavar="ADDRESS",
                                          help="Run as Ray tasks: 'local' starts Ray, 'auto' joins the local "
                                               "cluster, or a cluster address."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress line."),
        ) -> None:
    """Run every prompt of DATASET in its own throwaway home; write DIR/trajectories.jsonl,
    DIR/failed.jsonl and DIR/summary.json. Finished samples are skipped on a rerun."""
    from hermes.research.batch import BatchOptions, format_summary, run_batch
    from hermes.research.batch_dataset import DatasetError, ToolsetDistribution, load_dataset

    if fmt not in ("sharegpt", "openai"):
        fail(f"unknown --format {fmt!r}: sharegpt or openai")
    rt = get_runtime()
    try:
        samples = load_dataset(dataset, limit)
        dist = ToolsetDistribution.load(distribution, dist_name) if distribution else None
    except (OSError, DatasetError) as e:
        fail(str(e))
    opts = BatchOptions(user_home=str(rt.home.root), provider=provider, model=model, base_url=base_url,
                        toolsets=[t.strip() for t in toolsets.split(",") if t.strip()] if toolsets else None,
                        fmt=fmt, timeout=timeout, max_turns=max_turns, keep_homes=keep_homes,
                        tmp_dir=str(tmp_dir) if tmp_dir else None, yolo=yolo, concurrency=concurrency)
    if not ray:
        _check_model(opts)
    try:
        summary = run_batch(samples, out, opts, workers=workers, distribution=dist, seed=seed,
                            retry_failed=retry_failed, ray_address=ray, progress=not quiet)
    except RuntimeError as e:  # e.g. Ray missing or unreachable
        if rt.debug:
            raise
        fail(str(e))
    typer.echo(format_summary(summary))
    typer.echo(f"wrote {out / 'trajectories.jsonl'}, {out / 'failed.jsonl'}, {out / 'summary.json'}")
    if summary["last_run"]["lost"]:
        typer.echo(f"{summary['last_run']['lost']} samples did not finish (a worker died): rerun to resume",
                   err=True)
        raise typer.Exit(1)


def _check_model(opts) -> None:
    """Fail before any worker starts when the model cannot be built (no key, unknown provider)."""
    from hermes.research.batch_dataset import Sample
    from hermes.research.batch_sample import _build_model, _setup

    try:
        _build_model(Sample("check", "check", 0), opts, _setup(opts))
    except Exception as e:
        fail(f"cannot build the model: {e}")


@app.command("status")
def status(out: Path = typer.Argument(..., help="The output directory of a batch run."),
           dataset: Optional[Path] = typer.Option(None, "--dataset", help="Count what is left of it."),
           as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """How far a batch run got: completed, failed, and (with --dataset) remaining."""
    from hermes.research.batch_dataset import load_dataset
    from hermes.research.batch_output import FAILED, TRAJECTORIES, read_records

    if not out.is_dir():
        fail(f"no batch output at {out}")
    done = {str(r.get("id")) for r in read_records(out / TRAJECTORIES)}
    failed = {str(r.get("id")) for r in read_records(out / FAILED)} - done
    info = {"completed": len(done), "failed": len(failed)}
    if dataset is not None:
        ids = [s.id for s in load_dataset(dataset)]
        info["total"] = len(ids)
        info["remaining"] = sum(1 for i in ids if i not in done and i not in failed)
    if as_json:
        typer.echo(json.dumps(info))
        return
    typer.echo(", ".join(f"{k} {v}" for k, v in info.items()))
