"""Providers: where each one lives, which key it takes, and the factory turning config into a ChatModel.

Precedence is flags > config.yaml > environment > provider defaults. A key is scoped to its own
provider's endpoint: pointing a built-in provider at another base_url does not carry the provider's
key along unless the config names the key variable explicitly (`model.api_key_env`), so a typo'd or
hostile URL never receives OPENAI_API_KEY or OPENROUTER_API_KEY.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from hermes.config import Config
from hermes.models.base import ChatModel, ModelError

APP_URL = "https://github.com/hermes-agent/hermes"  # OpenRouter app attribution (its rankings page)
APP_TITLE = "Hermes Agent"


@dataclass(frozen=True)
class ProviderSpec:
    name: str
    base_url: str | None  # None: the user supplies it (custom)
    key_env: str | None = None
    key_required: bool = False
    headers: dict[str, str] = field(default_factory=dict)
    lists_models: bool = True  # serves GET {base_url}/models
    default_model: str | None = None
    api: str = "openai"  # wire protocol: "openai" here; "anthropic" is delegated to its own module


PROVIDERS: dict[str, ProviderSpec] = {s.name: s for s in (
    ProviderSpec("openai", "https://api.openai.com/v1", "OPENAI_API_KEY", True, default_model="gpt-4.1-mini"),
    ProviderSpec("openrouter", "https://openrouter.ai/api/v1", "OPENROUTER_API_KEY", True,
                 headers={"HTTP-Referer": APP_URL, "X-Title": APP_TITLE},
                 default_model="anthropic/claude-sonnet-4"),
    ProviderSpec("nous", "https://inference-api.nousresearch.com/v1", "NOUS_API_KEY", True,
                 default_model="Hermes-4-405B"),
    ProviderSpec("anthropic", "https://api.anthropic.com/v1", "ANTHROPIC_API_KEY", True,
                 default_model="claude-sonnet-4-6", api="anthropic"),
    ProviderSpec("ollama", "http://localhost:11434/v1"),
    ProviderSpec("vllm", "http://localhost:8000/v1", "VLLM_API_KEY"),
    ProviderSpec("sglang", "http://localhost:30000/v1", "SGLANG_API_KEY"),
    ProviderSpec("lmstudio", "http://localhost:1234/v1"),
    ProviderSpec("custom", None, "OPENAI_API_KEY"),
)}
OFFLINE = ("scripted", "demo")  # the in-package echo model
# Providers implemented in their own module, each exposing:
#   build(config: Config, secrets: dict[str, str], model_name: str | None, *, base_url: str | None = None)
#       -> ChatModel
DELEGATED = {"anthropic": "hermes.models.anthropic", "local": "hermes.models.local"}


@dataclass
class Endpoint:
    """Where one provider's requests go and with which key (never printed: see `describe`)."""
    provider: str
    base_url: str
    model: str | None
    key: str | None = field(default=None, repr=False)
    key_env: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    hint: str = ""  # why no key is sent, for auth errors
    api: str = "openai"


def _norm(url: str) -> str:
    return url.strip().rstrip("/").lower()


def resolve_provider(config: Config, secrets: dict[str, str]) -> str | None:
    """The configured provider; else one implied by a base URL or OPENAI_API_KEY; else None."""
    if config.model.provider:
        return config.model.provider
    if config.model.base_url or secrets.get("OPENAI_BASE_URL"):
        return "custom"
    if secrets.get("OPENAI_API_KEY"):
        return "openai"
    return None


def key_env_for(provider: str, config: Config) -> str | None:
    """The variable holding `provider`'s key (None: it takes none)."""
    if config.model.provider == provider and config.model.api_key_env:
        return config.model.api_key_env
    named = config.providers.get(provider)
    if named is not None:
        return named.api_key_env
    spec = PROVIDERS.get(provider)
    return spec.key_env if spec else None


def missing_key(provider: str, key_env: str) -> ModelError:
    return ModelError(f"provider '{provider}' needs an API key: set {key_env} in .env (or the environment), "
                      f"or run `hermes model`", kind="auth", provider=provider)


def resolve_endpoint(config: Config, secrets: dict[str, str], provider: str | None = None, *,
                     model: str | None = None, base_url: str | None = None, api_key_env: str | None = None,
                     need_model: bool = True) -> Endpoint:
    ms = config.model
    configured = resolve_provider(config, secrets)
    name = provider or configured
    if name is None:
        raise ValueError("no model provider configured: run `hermes model`, or set OPENAI_BASE_URL / "
                         "OPENAI_API_KEY")
    # The model section (base_url, default, api_key_env) belongs to the configured provider only.
    own_section = name == configured
    named, spec = config.providers.get(name), PROVIDERS.get(name)
    if named is not None:
        own_url, key_env, headers, default = named.base_url, named.api_key_env, dict(named.headers), named.default
        required, api = bool(named.api_key_env), "openai"
    elif spec is not None:
        own_url, key_env, headers, default = spec.base_url, spec.key_env, dict(spec.headers), spec.default_model
        required, api = spec.key_required, spec.api
    else:
        known = ", ".join([*PROVIDERS, *config.providers, *OFFLINE])
        raise ValueError(f"unknown provider {name!r} (known: {known}); define it under `providers:` in "
                         f"config.yaml")
    explicit_env = api_key_env or (ms.api_key_env if own_section else None)
    url = base_url or (ms.base_url if own_section else None) or own_url
    if url is None and name == "custom":
        url = secrets.get("OPENAI_BASE_URL")
    if not url:
        raise ValueError(f"provider '{name}' needs a base URL: set model.base_url in config.yaml or pass "
                         f"--base-url (e.g. http://localhost:8000/v1)")
    hint = ""
    if explicit_env:
        key_env, required = explicit_env, True  # the user named the variable: it must hold a key
        key = secrets.get(key_env)
    elif own_url is not None and key_env and _norm(url) != _norm(own_url):
        key, required = None, False  # the provider's key stays with the provider's own endpoint
        hint = (f"{key_env} is only sent to {own_url}; set model.api_key_env: {key_env} in config.yaml "
                f"to send it to {url}")
    else:
        key = secrets.get(key_env) if key_env else None
    if required and not key:
        raise missing_key(name, key_env or "the API key")
    chosen = model or (ms.default if own_section else None) or default
    if need_model and not chosen:
        raise ValueError(f"no model set for provider '{name}': pass --model or set model.default in "
                         f"config.yaml (`hermes model` lists what the endpoint offers)")
    return Endpoint(name, url.rstrip("/"), chosen, key or None, key_env, headers, hint, api)


def build_model(config: Config, secrets: dict[str, str], *, provider: str | None = None,
                model: str | None = None, base_url: str | None = None,
                api_key_env: str | None = None) -> ChatModel:
    """The ChatModel for `provider` (default: the configured one); explicit arguments beat config."""
    name = provider or resolve_provider(config, secrets)
    if name in OFFLINE:
        from hermes.testing import ScriptedModel

        return ScriptedModel(name=model or "demo", provider=name)
    own_section = name == resolve_provider(config, secrets)
    if name in DELEGATED and name not in config.providers:
        try:
            mod = importlib.import_module(DELEGATED[name])
        except ModuleNotFoundError as e:
            if e.name != DELEGATED[name]:
                raise
            raise ValueError(f"provider '{name}' is not available yet in this version of Hermes; use an "
                             f"OpenAI-compatible provider (openai, openrouter, ollama, custom...)") from None
        chosen = model or (config.model.default if own_section else None)
        return mod.build(config, secrets, chosen, base_url=base_url)
    ep = resolve_endpoint(config, secrets, name, model=model, base_url=base_url, api_key_env=api_key_env)
    from hermes.models.openai_compat import OpenAICompatModel

    ms = config.model
    own_window = ms.context_window if own_section else None
    return OpenAICompatModel(ep.model or "", ep.base_url, ep.key, name, timeout=ms.timeout,
                             max_retries=ms.max_retries, headers=ep.headers,
                             context_window=own_window or context_window_for(ep.model or "", config),
                             key_env=ep.key_env, key_hint=ep.hint, http_client=ms.http_client)


async def list_models(config: Config, secrets: dict[str, str], *, provider: str | None = None,
                      base_url: str | None = None, timeout: float = 5.0) -> list[dict[str, Any]]:
    """Ask the endpoint which models it serves: [{"id": ..., "context_length": int | None}, ...]."""
    import httpx

    from hermes.models.openai_compat import kind_for_status, safe_url

    ep = resolve_endpoint(config, secrets, provider, base_url=base_url, need_model=False)
    spec = PROVIDERS.get(ep.provider)
    if spec is not None and not spec.lists_models and ep.provider not in config.providers:
        return []
    headers = dict(ep.headers)
    if ep.key and ep.api == "anthropic":
        headers.update({"x-api-key": ep.key, "anthropic-version": "2023-06-01"})
    elif ep.key:
        headers["Authorization"] = f"Bearer {ep.key}"
    url = f"{ep.base_url}/models"
    try:
        async with httpx.AsyncClient(timeout=timeout) as client:
            r = await client.get(url, headers=headers)
    except httpx.TimeoutException:
        raise ModelError(f"{safe_url(url)} did not answer within {timeout:g}s", kind="timeout",
                         provider=ep.provider) from None
    except httpx.HTTPError as e:
        raise ModelError(f"cannot reach {safe_url(url)}: {type(e).__name__}", kind="connection",
                         provider=ep.provider) from None
    if r.status_code >= 400:
        kind = kind_for_status(r.status_code, r.text[:500])
        msg = f"{safe_url(url)} answered {r.status_code}"
        if kind == "auth":
            msg += f": check {ep.key_env or 'the API key'} (in .env, or run `hermes model`)"
        raise ModelError(msg, kind=kind, status=r.status_code, provider=ep.provider)
    try:
        data = r.json()
    except ValueError:
        raise ModelError(f"{safe_url(url)} did not answer with JSON", kind="bad_request",
                         provider=ep.provider) from None
    items = data.get("data", data.get("models", [])) if isinstance(data, dict) else data
    out = []
    for it in items if isinstance(items, list) else []:
        if isinstance(it, str):
            out.append({"id": it, "context_length": None})
        elif isinstance(it, dict) and (it.get("id") or it.get("name")):
            out.append({"id": it.get("id") or it.get("name"), "context_length": _reported_window(it)})
    return out



async def detect_context_window(config: Config, secrets: dict[str, str], model: str, *,
                                provider: str | None = None, base_url: str | None = None,
                                timeout: float = 5.0) -> int | None:
    """The window the endpoint reports for `model`: its /models metadata, else Ollama's /api/show
    (the loaded model's `<arch>.context_length`, or a `num_ctx` the Modelfile sets). None: unknown."""
    import httpx

    try:
        for m in await list_models(config, secrets, provider=provider, base_url=base_url, timeout=timeout):
            if m["id"] == model and m.get("context_length"):
                return m["context_length"]
    except ModelError:
        pass
    ep = resolve_endpoint(config, secrets, provider, base_url=base_url, need_model=False)
    root = ep.base_url[:-3] if ep.base_url.endswith("/v1") else ep.base_url
    headers = {**ep.headers, **({"Authorization": f"Bearer {ep.key}"} if ep.key else {})}
    try:
        async with httpx.AsyncClient(timeout=timeout) as client:
            r = await client.post(f"{root}/api/show", json={"model": model}, headers=headers)
        data = r.json() if r.status_code == 200 else {}
    except (httpx.HTTPError, ValueError):
        return None
    return _ollama_window(data) if isinstance(data, dict) else None


def _ollama_window(show: dict[str, Any]) -> int | None:
    for line in str(show.get("parameters") or "").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "num_ctx" and parts[1].isdigit():
            return int(parts[1])  # what the server will actually allocate
    info = show.get("model_info") or {}
    for key, v in info.items() if isinstance(info, dict) else ():
        if key.endswith(".context_length") and isinstance(v, int) and v > 0:
            return v
    return None

def _reported_window(item: dict[str, Any]) -> int | None:
    for key in ("context_length", "context_window", "max_model_len", "max_context_length", "context_size"):
        v = item.get(key)
        if isinstance(v, int) and v > 0:
            return v
    meta = item.get("meta") or {}  # llama.cpp's server reports the trained context here
    v = meta.get("n_ctx_train") if isinstance(meta, dict) else None
    return v if isinstance(v, int) and v > 0 else None


# Known context windows by model-id prefix (after any "vendor/" part and ":tag"); the longest prefix wins.
KNOWN_WINDOWS: dict[str, int] = {
    "gpt-5": 400_000, "gpt-4.1": 1_047_576, "gpt-4o": 128_000, "gpt-4-turbo": 128_000, "gpt-4.5": 128_000,
    "gpt-4": 8_192,
    "gpt-3.5-turbo": 16_385, "chatgpt-4o": 128_000, "o1": 200_000, "o1-mini": 128_000, "o3": 200_000,
    "o4-mini": 200_000, "gpt-oss": 131_072,
    "claude": 200_000,
    "llama-3.1": 131_072, "llama-3.2": 131_072, "llama-3.3": 131_072, "llama3.1": 131_072,
    "llama3.2": 131_072, "llama3.3": 131_072, "meta-llama-3.1": 131_072, "meta-llama-3": 8_192,
    "llama-3": 8_192, "llama3": 8_192,
    "llama-4": 1_000_000, "hermes-3": 131_072, "hermes-4": 131_072,
    "qwen2.5": 32_768, "qwen-2.5": 32_768, "qwen3": 32_768, "qwen3-coder": 262_144, "qwen-max": 32_768,
    "qwen-plus": 131_072, "qwen-turbo": 1_000_000, "qwq": 131_072,
    "mistral": 32_768, "mistral-large": 131_072, "mistral-medium": 131_072, "mistral-small": 32_768,
    "mistral-nemo": 131_072, "open-mistral-nemo": 131_072, "mixtral": 32_768, "mixtral-8x22b": 65_536,
    "codestral": 256_000, "ministral": 131_072,
    "deepseek": 65_536, "deepseek-chat": 131_072, "deepseek-reasoner": 131_072, "deepseek-v3": 131_072,
    "deepseek-r1": 131_072, "deepseek-coder": 131_072,
    "gemini": 1_048_576, "gemini-1.5-pro": 2_097_152, "gemma-2": 8_192, "gemma2": 8_192, "gemma-3": 131_072,
    "gemma3": 131_072, "phi-3": 4_096, "phi3": 4_096, "phi-4": 16_384, "phi4": 16_384,
    "grok": 131_072, "grok-4": 256_000, "command-r": 131_072, "kimi-k2": 131_072, "glm-4": 131_072,
    "smollm2": 8_192, "scripted": 128_000,  # the last: hermes.testing's stand-in LLM
}
DEFAULT_WINDOW = 32_768


def _prefix_lookup(table: dict[str, int], key: str) -> int | None:
    best = max((p for p in table if key.startswith(p)), key=len, default=None)
    return table[best] if best is not None else None


def context_window_for(model_name: str, config: Config | None = None) -> int:
    """The context window of `model_name`: config.context_windows first, then the table, then 32k."""
    raw = (model_name or "").strip().lower()
    short = raw.rsplit("/", 1)[-1].split(":", 1)[0]
    if config is not None and config.context_windows:
        overrides = {k.lower(): v for k, v in config.context_windows.items()}
        for key in (raw, short):
            if key in overrides:
                return overrides[key]
        hit = _prefix_lookup(overrides, raw) or _prefix_lookup(overrides, short)
        if hit:
            return hit
    return _prefix_lookup(KNOWN_WINDOWS, short) or DEFAULT_WINDOW
