"""`hermes model`: pick the provider and model (interactive), or `set`, `list`, `test`, `show`."""

from __future__ import annotations

import asyncio
import time
from typing import Optional

import typer

from hermes.cli.common import fail, get_runtime, print_json

app = typer.Typer(help="Pick the provider and model.", invoke_without_command=True)


@app.callback()
def _default(ctx: typer.Context) -> None:
    """Without a subcommand: the interactive picker."""
    if ctx.invoked_subcommand is None:
        pick()


def pick() -> None:
    from hermes.config import set_secret
    from hermes.models.providers import PROVIDERS, key_env_for

    rt = get_runtime()
    names = list(PROVIDERS) + [n for n in rt.config.providers if n not in PROVIDERS]
    for i, n in enumerate(names, 1):
        spec = PROVIDERS.get(n)
        where = spec.base_url if spec and spec.base_url else (rt.config.providers[n].base_url
                                                              if n in rt.config.providers else "your URL")
        typer.echo(f"  {i:>2}. {n:<11} {where}")
    choice = typer.prompt("Provider (number or name)", default="openrouter")
    provider = names[int(choice) - 1] if choice.isdigit() and 0 < int(choice) <= len(names) else choice
    if provider not in names:
        fail(f"unknown provider {provider!r}")
    base_url = None
    if provider == "custom":
        base_url = typer.prompt("Base URL (OpenAI-compatible, e.g. http://localhost:8000/v1)")
    key_var = key_env_for(provider, rt.config)
    if key_var:
        have = key_var in __import__("hermes.config", fromlist=["secrets"]).secrets(rt.home)
        entered = typer.prompt(f"{key_var}" + (" (Enter keeps the current one)" if have else ""),
                               default="", hide_input=True, show_default=False)
        if entered:
            set_secret(rt.home, key_var, entered)
            rt._config = None
    models = _probe(provider, base_url)
    spec = PROVIDERS.get(provider)
    default = spec.default_model if spec and spec.default_model else (models[0]["id"] if models else "")
    if models:
        for i, m in enumerate(models[:30], 1):
            ctx = f" ({m['context_length']:,} tokens)" if m.get("context_length") else ""
            typer.echo(f"  {i:>2}. {m['id']}{ctx}")
    choice = typer.prompt("Model (number or id)", default=default)
    model = models[int(choice) - 1]["id"] if choice.isdigit() and models and 0 < int(choice) <= len(models) else choice
    window = typer.prompt("Context window in tokens (Enter: detect)", default="", show_default=False)
    detected = None if window.strip().isdigit() else _detect_window(provider, model, base_url)
    if detected:
        typer.echo(f"  the endpoint reports a {detected:,}-token context window")
    _save(provider, model, base_url, int(window) if window.strip().isdigit() else detected)


def _detect_window(provider: str, model: str, base_url: str | None) -> int | None:
    from hermes.config import secrets
    from hermes.models.providers import detect_context_window

    rt = get_runtime()
    try:
        return asyncio.run(detect_context_window(rt.config, secrets(rt.home), model, provider=provider,
                                                 base_url=base_url))
    except Exception:  # detection is a convenience: the known-model table still applies
        return None


def _probe(provider: str, base_url: str | None) -> list[dict]:
    from hermes.config import secrets
    from hermes.models.providers import list_models

    rt = get_runtime()
    try:
        return asyncio.run(list_models(rt.config, secrets(rt.home), provider=provider, base_url=base_url))
    except Exception as e:
        typer.echo(f"  (could not list models: {e})")
        return []


def _save(provider: str, model: str, base_url: str | None, window: int | None) -> None:
    from hermes.config import ConfigError, set_value

    rt = get_runtime()
    try:
        set_value(rt.home, "model.provider", provider)
        set_value(rt.home, "model.default", model)
        if base_url:
            set_value(rt.home, "model.base_url", base_url)
        if window:
            set_value(rt.home, "model.context_window", str(window))
    except ConfigError as e:
        fail(str(e))
    typer.echo(f"Now using {model} via {provider}. Nothing needs restarting: the next "
               f"`hermes chat` uses it (a running `hermes serve` picks it up on restart).")


@app.command("set")
def set_(provider: str = typer.Argument(..., help="Provider name, e.g. openrouter, ollama, custom."),
         model: str = typer.Argument(..., help="Model id as the provider names it."),
         base_url: Optional[str] = typer.Option(None, "--base-url", help="Endpoint (custom providers)."),
         context_window: Optional[int] = typer.Option(None, "--context-window", help="Override the window.")) -> None:
    """Switch provider and model in config.yaml."""
    from hermes.models.providers import OFFLINE, PROVIDERS

    rt = get_runtime()
    if provider not in PROVIDERS and provider not in rt.config.providers and provider not in OFFLINE \
            and provider != "local":
        fail(f"unknown provider {provider!r}; known: {', '.join(PROVIDERS)}")
    if provider == "custom" and not (base_url or rt.config.model.base_url):
        fail("custom needs --base-url")
    _save(provider, model, base_url, context_window)


@app.command("list")
def list_(provider: Optional[str] = typer.Option(None, help="Provider to ask (default: configured)."),
          as_json: bool = typer.Option(False, "--json")) -> None:
    """List the models the provider's endpoint serves."""
    from hermes.config import secrets
    from hermes.models.providers import list_models

    from hermes.models.providers import OFFLINE, resolve_provider

    rt = get_runtime()
    values = secrets(rt.home)
    name = provider or resolve_provider(rt.config, values)
    if name is None or name == "local" or name in OFFLINE:
        _list_offline(rt.config, as_json, configured=name is not None)
        return
    try:
        models = asyncio.run(list_models(rt.config, values, provider=provider))
    except Exception as e:
        fail(str(e))
    if as_json:
        print_json(models)
        return
    for m in models:
        typer.echo(m["id"] + (f"  ({m['context_length']:,} tokens)" if m.get("context_length") else ""))
    if not models:
        typer.echo("(the endpoint lists no models)")


def _list_offline(config, as_json: bool, *, configured: bool) -> None:
    """The models that run with no provider: the in-process GGUF (model.path or the bundled
    SmolLM2) when the local extra is installed, else the scripted demo model."""
    import importlib.util
    import os

    from hermes import pip_extra
    from hermes.models.local import DEFAULT_MODEL_NAME, default_model_path

    has_llama = importlib.util.find_spec("llama_cpp") is not None
    path = os.path.expanduser(config.model.path) if config.model.path else default_model_path()
    rows = []
    if has_llama and path:
        name = config.model.default or (DEFAULT_MODEL_NAME if not config.model.path
                                        else os.path.splitext(os.path.basename(path))[0].lower())
        rows.append({"id": name,
                     "provider": "local", "path": path, "context_length": config.model.context_window})
    rows.append({"id": "demo", "provider": "demo", "path": None, "context_length": None})
    if as_json:
        print_json(rows)
        return
    for r in rows:
        where = f"  in process, {r['path']}" if r["path"] else "  scripted echo, for trying Hermes offline"
        typer.echo(f"{r['id']}  ({r['provider']}){where}")
    if not has_llama:
        typer.echo(f"(the embedded model needs the local extra: {pip_extra('local')})")
    if not configured:
        typer.echo("No provider is configured, so these offline models are what runs. Add one with "
                   "`hermes model` (interactive), `hermes model set PROVIDER MODEL`, or "
                   "OPENAI_BASE_URL / OPENAI_API_KEY; then `hermes model list` asks its endpoint.")


@app.command()
def test(prompt: str = typer.Option("Reply with the single word: pong", help="What to send.")) -> None:
    """Send one message to the configured model and report latency and usage."""
    from hermes.config import secrets
    from hermes.core.messages import Message
    from hermes.models.base import ModelError, complete
    from hermes.runtime import build_main_model

    rt = get_runtime()
    try:
        model = build_main_model(rt.config, secrets(rt.home))
        t0 = time.perf_counter()
        done = asyncio.run(complete(model, [Message.user(prompt)]))
    except (ModelError, ValueError) as e:
        fail(str(e))
    u = done.usage
    typer.echo(f"{model.name} via {model.provider}: {time.perf_counter() - t0:.2f}s, "
               f"{u.input_tokens} in / {u.output_tokens} out")
    typer.echo((done.message.content or "").strip()[:500])


@app.command()
def show() -> None:
    """Print the model and provider in use."""
    from hermes.config import secrets
    from hermes.runtime import build_main_model

    rt = get_runtime()
    try:
        m = build_main_model(rt.config, secrets(rt.home))
    except Exception as e:
        fail(str(e))
    typer.echo(f"{m.name} via {m.provider}")
