"""`hermes exec list|test`: the execution backends commands run on, and an end-to-end check of one."""

from __future__ import annotations

import asyncio
import os
from typing import Optional

import typer

from hermes.cli.common import fail, get_runtime

app = typer.Typer(help="Execution backends: list them, test one end to end.", no_args_is_help=True)

_SHOWN = ("image", "host", "port", "user", "engine", "gpu", "network", "workspace", "workdir",
          "memory", "cpus", "shared", "keep_workspace")


def _context():
    from hermes.config import secrets
    from hermes.exec.factory import BackendContext, secret_names_from

    rt = get_runtime()
    cwd = rt.config.terminal.cwd or os.getcwd()
    return BackendContext(start_dir=os.path.expanduser(cwd), session_id="probe", home=rt.home.root,
                          secret_names=frozenset(secret_names_from(rt.home)), secrets=secrets(rt.home))


@app.command("list")
def list_backends(as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """The configured backends (terminal.backends) and which one commands run on (terminal.backend).
    Secret values are never shown; `secrets` lists names only."""
    from hermes.cli.common import print_json

    term = get_runtime().config.terminal
    rows = [{"name": "local", "type": "local", "active": term.backend == "local"}] \
        if "local" not in term.backends else []
    for name, spec in term.backends.items():
        row = {"name": name, "type": spec.type, "active": name == term.backend}
        row.update({k: v for k, v in spec.model_dump().items() if k in _SHOWN and v not in (None, "")})
        if getattr(spec, "secrets", None):
            row["secrets"] = list(spec.secrets)
        rows.append(row)
    if term.backend not in term.backends and term.backend != "local":
        rows.append({"name": term.backend, "type": term.backend, "active": True, "defaults": True})
    if as_json:
        print_json(rows)
        return
    for r in rows:
        mark = "*" if r["active"] else " "
        extra = ", ".join(f"{k}={v}" for k, v in r.items() if k not in ("name", "type", "active"))
        typer.echo(f"{mark} {r['name']:<14} {r['type']:<12} {extra}".rstrip())
    typer.echo("(* = where commands run: terminal.backend)")


@app.command("test")
def test(name: Optional[str] = typer.Argument(None, help="Backend name (default: terminal.backend)."),
         count: int = typer.Option(10, "--count", "-n", min=1, max=1000, help="Probe commands to time."),
         as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """Open the backend as a session would (container, connection, sandbox), run a probe command
    COUNT times, write and read back a file, close it, and report the latency. Exits 1 if any step
    fails. Cloud backends (modal, daytona) need your own token: this is how you check it."""
    from hermes.exec.probe import probe

    rt = get_runtime()
    if not as_json:
        typer.echo(f"testing {name or rt.config.terminal.backend} ...", err=True)
    report = asyncio.run(probe(rt.config.terminal, name, _context(), count=count))
    if as_json:
        from hermes.cli.common import print_json

        print_json(report)
    elif report["ok"]:
        typer.echo(f"✓ {report['name']} ({report['type']}): ready in {report['open_s']:.2f} s; "
                   f"echo round trip median {report['median_ms']:.1f} ms (min {report['min_ms']:.1f}, "
                   f"{report['runs']} runs); files both ways ok; cwd {report.get('cwd')}")
    else:
        typer.echo(f"✗ {report['name']} ({report['type'] or '?'}) failed at {report['step']}: "
                   f"{report['error']}")
    if not report["ok"]:
        raise typer.Exit(1)


def check(home, cfg, add) -> None:
    """The doctor's check of the configured backend, end to end (local needs none)."""
    if cfg.terminal.backend == "local":
        return
    from hermes.exec.probe import probe

    report = asyncio.run(probe(cfg.terminal, None, _context(), count=3))
    detail = (f"{report['name']} ({report['type']}) ready in {report['open_s']:.1f} s, echo "
              f"{report['median_ms']:.0f} ms" if report["ok"] else
              f"{report['name']} ({report['type'] or '?'}) failed at {report['step']}: {report['error']}")
    add("exec backend", report["ok"], detail, f"fix terminal.backends.{report['name']} in config.yaml; "
        f"`hermes exec test {report['name']}` shows the details")


__all__ = ["app", "check", "fail"]
