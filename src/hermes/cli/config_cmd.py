"""`hermes config show|get|set|path|edit`. Secrets from .env are only ever shown masked."""

from __future__ import annotations

import json
import os
import shlex
import subprocess

import typer

from hermes.cli.common import fail, get_runtime, print_json

app = typer.Typer(help="Show and change settings (config.yaml).", no_args_is_help=True)

_SECRET_WORDS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "DATABASE_URL")


def _masked(key: str, value):
    """A value as it may be printed: keys masked, a database URL without its password."""
    from hermes.config import mask, redact_dsn

    if key == "server.api_key" and value:
        return mask(value)
    if key == "store.dsn" and value:
        return redact_dsn(value)
    if key in ("server", "store") and isinstance(value, dict):
        return {k: _masked(f"{key}.{k}", v) for k, v in value.items()}
    return value


@app.command()
def show(as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """Print the effective settings and which secrets are set (masked)."""
    import yaml

    from hermes.config import mask, read_dotenv

    rt = get_runtime()
    data = rt.config.model_dump(mode="json")
    for section in ("server", "store"):
        data[section] = _masked(section, data[section])
    env = read_dotenv(rt.home.env_file)
    secrets = {k: mask(v) for k, v in env.items()}
    if as_json:
        print_json({"config": data, "secrets": secrets, "home": str(rt.home.root)})
        return
    typer.echo(f"# {rt.home.config_file}")
    typer.echo(yaml.safe_dump(data, sort_keys=False, allow_unicode=True).rstrip())
    typer.echo(f"\n# secrets in {rt.home.env_file} (masked)")
    for k, v in secrets.items():
        typer.echo(f"{k}={v}")
    if not secrets:
        typer.echo("(none)")


@app.command()
def get(key: str = typer.Argument(..., help="Dotted key, e.g. model.default")) -> None:
    """Print one setting."""
    from hermes.config import ConfigError, get_value

    try:
        value = get_value(get_runtime().config, key)
    except ConfigError as e:
        fail(str(e))
    value = _masked(key, value)
    typer.echo(json.dumps(value) if isinstance(value, (dict, list)) else str(value))


@app.command("set")
def set_(key: str = typer.Argument(..., help="Dotted key, e.g. agent.max_turns"),
         value: str = typer.Argument(..., help="Value (YAML: 5, true, [a, b], text)")) -> None:
    """Change one setting in config.yaml (validated before it is written). Secrets go to .env:
    `hermes config set OPENROUTER_API_KEY sk-...` stores an UPPER_CASE name in .env instead."""
    from hermes.config import ConfigError, set_secret, set_value

    rt = get_runtime()
    if key.isupper() and any(w in key for w in _SECRET_WORDS):
        set_secret(rt.home, key, value)
        typer.echo(f"{key} saved to {rt.home.env_file}")
        return
    try:
        set_value(rt.home, key, value)
    except ConfigError as e:
        fail(str(e))
    typer.echo(f"{key} = {_masked(key, value)}")


@app.command()
def path() -> None:
    """Print where config.yaml lives."""
    typer.echo(str(get_runtime().home.config_file))


@app.command()
def edit() -> None:
    """Open config.yaml in $EDITOR, then validate it."""
    from hermes.config import ConfigError, load_config

    rt = get_runtime()
    f = rt.home.config_file
    if not f.exists():
        f.write_text("# Hermes settings: see `hermes config show` for every key\n", encoding="utf-8")
    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    subprocess.call([*shlex.split(editor), str(f)])
    try:
        load_config(rt.home)
    except ConfigError as e:
        fail(f"the file was saved but is not valid:\n{e}")
    typer.echo("config.yaml is valid")
