"""The model side of the runtime: which model answers (the configured one, else the bundled local
model, else the offline demo), its fallbacks, the models for side tasks, the context window and the
compressor built on them, and what a turn costs.
"""

from __future__ import annotations

from typing import Any

from hermes.config import Config
from hermes.core.messages import Usage
from hermes.home import Home
from hermes.models.base import ChatModel

TINY_LOCAL_NOTICE = ("tiny offline model (SmolLM2-135M, runs in process, tools off): good for trying Hermes, "
                     "not for real work. Configure a real model with `hermes model`.")
DEMO_NOTICE = ("offline demo model (scripted echo): no provider is configured. Run `hermes model` "
               "or set OPENAI_BASE_URL / OPENAI_API_KEY to use a real model.")


def build_main_model(config: Config, secret_values: dict[str, str], *, provider: str | None = None,
                     model: str | None = None) -> ChatModel:
    from hermes.models.providers import build_model, resolve_provider

    if provider is None and resolve_provider(config, secret_values) is None:
        provider = "local" if _local_available(config) else "demo"
    return build_model(config, secret_values, provider=provider, model=model)


def _local_available(config: Config) -> bool:
    """llama-cpp-python is installed and there is a model file to run (the bundled one or model.path)."""
    import importlib.util

    if importlib.util.find_spec("llama_cpp") is None:
        return False
    from hermes.models.local import default_model_path

    return bool(config.model.path or default_model_path())


def _set_vision(model: ChatModel, value: bool) -> None:
    try:
        model.vision = value  # type: ignore[attr-defined]
    except AttributeError:
        pass  # a model class without the attribute keeps its own answer


class HermesModels:
    """The model methods of `Hermes`; the attributes they read are set by `Hermes.__init__`."""
    home: Home
    config: Config
    secrets: dict[str, str]
    model: ChatModel
    store: Any
    fallbacks: list[ChatModel] | None

    @property
    def is_tiny_local(self) -> bool:
        """The bundled 135M model: it cannot drive tools (it loops on malformed calls)."""
        if self.model.provider != "local" or self.config.model.path:
            return False
        from hermes.models.local import DEFAULT_MODEL_NAME

        return self.model.name == DEFAULT_MODEL_NAME

    @property
    def is_demo(self) -> bool:
        return self.model.provider in ("demo", "scripted") and self.model.name == "demo"

    def fallback_models(self) -> list[ChatModel]:
        if self.fallbacks is None:
            from hermes.models.providers import build_model

            out = []
            for ref in self.config.fallback_providers:
                try:
                    out.append(build_model(self.config, self.secrets, provider=ref.provider,
                                           model=ref.model, base_url=ref.base_url,
                                           api_key_env=ref.api_key_env))
                except Exception:
                    continue  # a misconfigured fallback is reported by `hermes doctor`
            self.fallbacks = out
        return self.fallbacks

    def context_window(self) -> int:
        from hermes.models.providers import context_window_for

        own = getattr(self.model, "context_window", None)
        return self.config.model.context_window or own or context_window_for(self.model.name, self.config)

    def aux_model(self, task: str) -> ChatModel:
        """The model for a side task (compression, review, title...): configured or the main one."""
        ref = self.config.auxiliary.get(task)
        if ref is None:
            return self.model
        from hermes.models.providers import build_model

        try:
            model = build_model(self.config, self.secrets, provider=ref.provider, model=ref.model,
                                base_url=ref.base_url, api_key_env=ref.api_key_env)
        except Exception:
            return self.model
        if task == "vision":
            _set_vision(model, True)  # configured as the vision model: it takes images by definition
        return model

    def compressor(self):
        from hermes.core.compression import Compressor

        c = self.config.compression
        aux = self.aux_model("compression")
        chain = [aux] + [m for m in [self.model, *self.fallback_models()] if m is not aux]
        return Compressor(window=self.context_window(), threshold=c.threshold,
                          keep_recent_tokens=c.keep_recent_tokens,
                          tool_keep_chars=c.tool_output_keep_chars, store=self.store,
                          aux_models=chain)

    def _price(self, model: str, usage: Usage) -> float:
        p = self.config.prices.get(model)
        if not p:
            return 0.0
        # input_tokens already includes the cached part (OpenAI's convention)
        fresh = max(usage.input_tokens - usage.cache_read_tokens, 0)
        return (fresh * p.get("input", 0) + usage.output_tokens * p.get("output", 0)
                + usage.cache_read_tokens * p.get("cache_read", p.get("input", 0))
                + usage.cache_write_tokens * p.get("cache_write", 0)) / 1e6
