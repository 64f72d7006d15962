"""Config sections for the model and the agent itself: providers, the agent loop, memory, search,
compression, trajectories, skills and the session store; also `_Section`, the base of every section.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class ProviderRef(_Section):
    provider: str
    model: str | None = None
    base_url: str | None = None
    api_key_env: str | None = None


class ModelSection(_Section):
    provider: str | None = None  # None: chosen from the environment, else the built-in offline model
    default: str | None = None  # model id sent to the provider
    base_url: str | None = None
    api_key_env: str | None = None  # which .env / environment variable holds the key
    context_window: int | None = None
    timeout: float = 120.0
    max_retries: int = Field(3, ge=0, le=10)
    path: str | None = None  # GGUF file for the local provider
    chat_template: str | None = None  # local provider: a Jinja chat template (or a file holding one)
    prompt_cache_mb: int = Field(512, ge=0)  # local provider: disk kept for saved prompt states; 0: none
    # OpenAI-compatible endpoints: plain httpx (fast start, light per request) or the official SDK
    http_client: Literal["httpx", "openai-sdk"] = "httpx"
    # tool calls a model writes as text (fenced JSON, <tool_call>, [TOOL_CALLS]...) become real calls
    text_tool_calls: bool = True
    # compact: no process/todo/clarify/send_message/skills_list (hermes.tools.profile); auto: compact
    # for a local GGUF under 3.5 GB
    tool_profile: Literal["auto", "full", "compact"] = "auto"
    # does the main model take images? None: known vision models by name; unknown ones are tried
    vision: bool | None = None


class CustomProvider(_Section):
    base_url: str
    api_key_env: str | None = None
    default: str | None = None
    headers: dict[str, str] = Field(default_factory=dict)


class AgentSection(_Section):
    max_turns: int = Field(90, ge=1, le=10_000)
    tool_result_max_chars: int = Field(50_000, ge=1_000)
    parallel_tools: bool = True


class MemorySection(_Section):
    enabled: bool = True
    user_profile_enabled: bool = True
    memory_char_limit: int = Field(2200, ge=200)
    user_char_limit: int = Field(1375, ge=200)
    review_interval: int = Field(6, ge=0)  # user turns between background reviews; 0 disables
    review_max_iterations: int = Field(4, ge=1)
    # At most one external memory service beside the two documents (hermes.memory.provider).
    provider: Literal["honcho", "mem0", "supermemory"] | None = None
    provider_timeout: float = Field(2.0, gt=0, le=60)  # seconds; a slower provider is skipped
    provider_tokens: int = Field(600, ge=0, le=8000)  # budget of the recalled block per turn
    providers: dict[str, dict[str, Any]] = Field(default_factory=dict)  # per-provider settings


class SearchSection(_Section):
    # auto: on when an embedding model is installed (the `semantic` extra)
    semantic: Literal["auto", "on", "off"] = "auto"

    @field_validator("semantic", mode="before")
    @classmethod
    def _yaml_switch(cls, v: Any) -> Any:
        return {True: "on", False: "off"}.get(v, v) if isinstance(v, bool) else v  # YAML reads off as false


class CompressionSection(_Section):
    enabled: bool = True
    threshold: float = Field(0.5, gt=0.05, lt=0.98)
    keep_recent_tokens: int = Field(6_000, ge=500)
    tool_output_keep_chars: int = Field(2_000, ge=200)


class TrajectoriesSection(_Section):
    enabled: bool = False  # write each finished session as one JSON line (training data)
    format: Literal["sharegpt", "openai"] = "sharegpt"
    dir: str | None = None  # None: HERMES_HOME/trajectories


class SkillsSection(_Section):
    enabled: bool = True
    index_token_budget: int = Field(2_000, ge=100)
    archive_after_days: int = Field(90, ge=1)  # the curator archives skills unused this long


class StoreSection(_Section):
    backend: Literal["sqlite", "postgres"] = "sqlite"
    # postgres: a libpq URL or key=value string; unset -> HERMES_DATABASE_URL (environment or .env),
    # which keeps the password out of config.yaml
    dsn: str | None = None
    pool_size: int = Field(8, ge=1, le=100)  # connections one process may hold
