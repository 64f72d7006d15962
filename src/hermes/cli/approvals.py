"""`hermes approvals check|rules`: see how the approval gate judges a command, without running it.

`check` exits 0 whatever the verdict (the verdict is the output, not an error); it exits non-zero
only on usage errors, so scripts read the level from the output (`--json` for machines).
"""

from __future__ import annotations

import sys
from typing import List, Optional

import typer

from hermes.cli.common import fail, get_runtime, print_json

app = typer.Typer(help="Check how the approval gate judges a command.", no_args_is_help=True)


@app.command(context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
def check(command: Optional[List[str]] = typer.Argument(
              None, help="The command to judge (quote it, or put it after --; '-' reads it from stdin)."),
          as_json: bool = typer.Option(False, "--json", help="Print {level, rule, description, normalized}."),
          ) -> None:
    """Print the verdict (hardline / dangerous / allowed), the rule and the normalized command. Runs nothing."""
    from hermes.tools.approval import classify, scan

    words = list(command or [])
    if words and words[-1] == "--json":  # `check rm -rf x --json`: the flag came after the command
        as_json, words = True, words[:-1]
    text = sys.stdin.read() if words == ["-"] else " ".join(words)
    if not text.strip():
        fail("give a command to check, e.g. hermes approvals check 'rm -rf build'")
    home = get_runtime().home.root
    verdict = classify(text, home=home)
    if as_json:
        print_json({"level": verdict.level, "rule": verdict.rule, "description": verdict.description,
                    "normalized": verdict.normalized})
        return
    typer.echo(f"level:       {verdict.level}")
    if verdict.rule:
        typer.echo(f"rule:        {verdict.rule}")
        typer.echo(f"description: {verdict.description}")
    typer.echo(f"normalized:  {verdict.normalized}")
    others: dict[str, object] = {}
    for v in scan(text, home=home):
        if v.normalized != verdict.normalized:
            others.setdefault(v.normalized, v)  # the first finding of each other part
    for v in others.values():
        typer.echo(f"also:        {v.level} {v.rule} ({v.description}): {v.normalized}")


@app.command()
def rules(as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """List every rule: id, level and what it catches."""
    from hermes.tools.approval_rules import RULES

    rows = sorted(RULES.values(), key=lambda r: (r.level != "hardline", r.id))
    if as_json:
        print_json([{"rule": r.id, "level": r.level, "description": r.description} for r in rows])
        return
    for r in rows:
        typer.echo(f"{r.level:9}  {r.id:22}  {r.description}")
