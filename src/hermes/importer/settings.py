"""Model/provider settings from the reference config.yaml, and keys from its .env.

Every `.env` key is copied (not only the ones Hermes reads itself): the reference keeps only secrets
there, and tools, MCP servers and skills may refer to any of them; dropping one would break those
silently. An API key written inline in the reference config.yaml moves to Hermes's .env (Hermes
keeps secrets out of config.yaml) and the config names its variable. Values are never printed or
put in the report; an existing different value or an already configured provider is left alone
unless `force`.
"""

from __future__ import annotations

import re
from typing import Any

from hermes.importer.report import Context, Report

_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_CUSTOM_KEY = "CUSTOM_API_KEY"  # not OPENAI_API_KEY: that one may already hold a real OpenAI key
_NOT_IMPORTED = ("fallback_model", "custom_providers", "providers", "credential_pool", "auxiliary")


def _load_yaml(path) -> dict[str, Any]:
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except (yaml.YAMLError, OSError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def _map_model(ref: dict[str, Any], report: Report) -> tuple[dict[str, Any], str | None]:
    """Hermes model.* values and the inline key (if any) from the reference `model` section."""
    from hermes.models.providers import OFFLINE, PROVIDERS

    model = ref.get("model")
    if isinstance(model, str):  # the oldest form: just a model id (provider chosen from the environment)
        model = {"default": model}
    if not isinstance(model, dict):
        return {}, None
    out: dict[str, Any] = {}
    provider, base_url = model.get("provider"), model.get("base_url")
    if provider and provider != "auto":
        if provider in PROVIDERS or provider in OFFLINE:
            out["provider"] = provider
        elif base_url:
            out["provider"] = "custom"
            report.add("config", "model.provider", "skipped",
                       f"provider {provider!r} is not built into Hermes; using 'custom' with its base_url")
        else:
            report.add("config", "model.provider", "skipped",
                       f"provider {provider!r} has no Hermes equivalent and no base_url; pick one with `hermes model`")
    if model.get("default") or model.get("model"):
        out["default"] = str(model.get("default") or model.get("model"))
    if base_url:
        out["base_url"] = str(base_url)
    if isinstance(model.get("context_length"), int):
        out["context_window"] = model["context_length"]
    key = model.get("api_key")
    return out, (str(key) if key else None)


def import_model(ctx: Context, report: Report) -> None:
    from hermes.config import ConfigError, read_dotenv, set_secret, set_value
    from hermes.models.providers import PROVIDERS

    ref = _load_yaml(ctx.source / "config.yaml")
    values, key = _map_model(ref, report)
    for name in _NOT_IMPORTED:
        if ref.get(name):
            report.add("config", name, "skipped", "no direct Hermes equivalent; set it up with `hermes model`")
    if not values:
        return
    current = (_load_yaml(ctx.home.config_file).get("model") or {})
    if not isinstance(current, dict):
        current = {}
    if key:
        provider = values.get("provider") or current.get("provider")
        spec = PROVIDERS.get(provider or "")
        env = spec.key_env if spec and spec.base_url and not values.get("base_url") else _CUSTOM_KEY
        values["api_key_env"] = env
    wanted = {k: v for k, v in values.items() if current.get(k) != v}
    if not wanted and not key:
        report.add("config", "model", "exists", ", ".join(f"model.{k}" for k in values))
        return
    if current.get("provider") and wanted and not ctx.force:
        report.add("config", "model", "conflict", f"Hermes already uses provider {current['provider']!r}; "
                   "--force replaces its model settings with the reference ones")
        return
    if key:
        env = values["api_key_env"]
        have = read_dotenv(ctx.home.env_file).get(env)
        if have == key:
            report.add("env", env, "exists", "the API key from config.yaml")
        elif have and not ctx.force:
            report.add("env", env, "conflict", "Hermes's .env holds a different value; --force replaces it")
        else:
            if not ctx.dry_run:
                set_secret(ctx.home, env, key)
            report.add("env", env, "import" if ctx.dry_run else "imported",
                       "the API key written inline in the reference config.yaml (value not shown)")
    if not wanted:
        report.add("config", "model", "exists", ", ".join(f"model.{k}" for k in values))
        return
    if not ctx.dry_run:
        try:
            for k, v in wanted.items():
                set_value(ctx.home, f"model.{k}", str(v))
        except ConfigError as e:
            report.add("config", "model", "skipped", str(e))
            return
    report.add("config", "model", "import" if ctx.dry_run else "imported",
               ", ".join(f"model.{k}" for k in wanted))


def import_env(ctx: Context, report: Report) -> None:
    from hermes.config import read_dotenv, set_secret

    ref = read_dotenv(ctx.source / ".env")
    if not ref:
        return
    have = read_dotenv(ctx.home.env_file)
    for k, v in ref.items():
        if not _ENV_NAME.match(k) or "\n" in v or not v:
            report.add("env", k if _ENV_NAME.match(k) else "(unnamed)", "skipped", "not a NAME=value line")
            continue
        if have.get(k) == v:
            report.add("env", k, "exists")
            continue
        if k in have and not ctx.force:
            report.add("env", k, "conflict", "Hermes's .env holds a different value; --force replaces it")
            continue
        if not ctx.dry_run:
            set_secret(ctx.home, k, v)
        report.add("env", k, "import" if ctx.dry_run else "imported", "value not shown")
