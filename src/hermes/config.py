"""Typed configuration: config.yaml -> pydantic models, with errors that name the key and the line.

Precedence: command-line flags > config.yaml > environment > defaults. Secrets live in `.env` and
are read through `secrets()`; they never enter the config object or its printed form.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from hermes.exec.specs import TYPES as BACKEND_TYPES, BackendSpec
from hermes.home import Home


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


class ApprovalsSection(_Section):
    mode: Literal["manual", "off", "deny"] = "manual"
    command_allowlist: list[str] = Field(default_factory=list)
    timeout: float = 60.0


class TerminalSection(_Section):
    backend: str = "local"  # a name in `backends`, or a backend type with its default options
    backends: dict[str, BackendSpec] = Field(default_factory=dict)
    cwd: str | None = None
    timeout: float = Field(180.0, gt=0)
    max_output_chars: int = Field(50_000, ge=1_000)

    @model_validator(mode="after")
    def _known_backend(self) -> "TerminalSection":
        if self.backend not in self.backends and self.backend not in BACKEND_TYPES:
            names = ", ".join([*self.backends, *BACKEND_TYPES])
            raise ValueError(f"terminal.backend {self.backend!r} is neither a configured backend "
                             f"nor a backend type ({names})")
        return self


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


class CronSection(_Section):
    timezone: str | None = None
    grace_minutes: int = Field(60, ge=0)
    max_concurrent: int = Field(4, ge=1)
    max_retries: int = Field(1, ge=0)


class ServerSection(_Section):
    host: str = "127.0.0.1"
    port: int = Field(8642, ge=1, le=65535)
    api_key: str | None = None
    rate_limit_per_minute: int = Field(600, ge=0)  # 0 disables
    # A 20 MB image (the largest accepted) is ~27 MB once base64-encoded in a JSON body.
    max_body_bytes: int = Field(28 * 1024 * 1024, ge=1024)
    dashboard: bool = True  # the web dashboard at / and /ui (same key as the API)
    cors_origins: list[str] = Field(default_factory=list)
    model_aliases: list[str] = Field(default_factory=list)


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


class PlatformSection(_Section):
    """One chat platform of the gateway. Secrets (tokens, passwords) live in `.env` under the names
    the platform's adapter documents; `options` holds its non-secret settings (URLs, ports...)."""
    enabled: bool = True
    allowed_users: list[str] = Field(default_factory=list)  # platform user ids / addresses
    allow_groups: bool = False  # answer in group chats at all
    allowed_chats: list[str] = Field(default_factory=list)  # group chats allowed; empty: any
    admins: list[str] = Field(default_factory=list)  # may run admin-only commands
    home_channel: str | None = None  # chat id for unsolicited messages (also set by /sethome)
    options: dict[str, Any] = Field(default_factory=dict)


class GatewaySection(_Section):
    platforms: dict[str, PlatformSection] = Field(default_factory=dict)
    group_sessions_per_user: bool = True  # in groups, each member gets a session of their own
    busy_policy: Literal["queue", "steer", "interrupt"] = "queue"
    approval_timeout: float = Field(300.0, gt=0)  # seconds an approval request waits in the chat
    stream_edits: bool = True
    shutdown_grace: float = Field(30.0, ge=0)  # seconds running turns get to finish on stop
    pairing_ttl: float = Field(3600.0, gt=0)


class MCPToolFilter(_Section):
    include: list[str] = Field(default_factory=list)  # tool names (globs); empty: all
    exclude: list[str] = Field(default_factory=list)


class MCPSampling(_Section):
    enabled: bool = False  # may the server ask our model for completions?
    max_requests: int = Field(20, ge=0)  # per server per process
    max_tokens: int = Field(1024, ge=1)


class MCPServer(_Section):
    """One MCP server: a command Hermes starts (stdio) or a URL (streamable HTTP, legacy SSE).
    `${NAME}` in env values and headers is read from .env / the environment when connecting."""
    command: str | None = None
    args: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict)
    cwd: str | None = None
    url: str | None = None
    headers: dict[str, str] = Field(default_factory=dict)
    transport: Literal["auto", "stdio", "http", "sse"] = "auto"
    enabled: bool = True
    tools: MCPToolFilter = Field(default_factory=MCPToolFilter)
    timeout: float = Field(60.0, gt=0)  # per tool call
    connect_timeout: float = Field(30.0, gt=0)
    sampling: MCPSampling = Field(default_factory=MCPSampling)

    @model_validator(mode="after")
    def _one_transport(self) -> "MCPServer":
        if bool(self.command) == bool(self.url):
            raise ValueError("give either command (a server Hermes starts) or url (one that runs already)")
        return self


class MCPSection(_Section):
    # With more MCP tools than this, their schemas are not sent up front: the model finds and loads
    # them with tool_search, so the fixed prompt stays small however many servers are connected.
    tool_search_threshold: int = Field(30, ge=0)


class WebSearch(_Section):
    provider: Literal["searxng", "brave", "tavily", "duckduckgo"] | None = None
    # SearXNG: the instance's base URL (required); brave / tavily: an override of the API's base URL.
    # Keys are secrets: BRAVE_API_KEY / TAVILY_API_KEY in .env.
    url: str | None = None
    max_results: int = Field(5, ge=1, le=20)


class WebTools(_Section):
    allow_private: bool = False  # let web_fetch reach loopback / LAN / link-local addresses
    max_bytes: int = Field(5_000_000, ge=1_000)
    timeout: float = Field(20.0, gt=0)
    search: WebSearch = Field(default_factory=WebSearch)


class BrowserTools(_Section):
    executable_path: str = ""  # empty: chromium / chromium-browser / google-chrome from PATH
    idle_seconds: float = Field(300.0, gt=0)  # a session's browser context closes after this idle time
    timeout: float = Field(20.0, gt=0)  # per navigation / action


class ToolsSection(_Section):
    web: WebTools = Field(default_factory=WebTools)
    browser: BrowserTools = Field(default_factory=BrowserTools)


class Config(_Section):
    model: ModelSection = Field(default_factory=ModelSection)
    providers: dict[str, CustomProvider] = Field(default_factory=dict)
    fallback_providers: list[ProviderRef] = Field(default_factory=list)
    auxiliary: dict[str, ProviderRef] = Field(default_factory=dict)
    toolsets: list[str] = Field(default_factory=lambda: ["core", "memory", "skills", "cron", "mcp", "code"])
    agent: AgentSection = Field(default_factory=AgentSection)
    approvals: ApprovalsSection = Field(default_factory=ApprovalsSection)
    terminal: TerminalSection = Field(default_factory=TerminalSection)
    memory: MemorySection = Field(default_factory=MemorySection)
    search: SearchSection = Field(default_factory=SearchSection)
    compression: CompressionSection = Field(default_factory=CompressionSection)
    trajectories: TrajectoriesSection = Field(default_factory=TrajectoriesSection)
    cron: CronSection = Field(default_factory=CronSection)
    server: ServerSection = Field(default_factory=ServerSection)
    skills: SkillsSection = Field(default_factory=SkillsSection)
    store: StoreSection = Field(default_factory=StoreSection)
    gateway: GatewaySection = Field(default_factory=GatewaySection)
    mcp_servers: dict[str, MCPServer] = Field(default_factory=dict)
    mcp: MCPSection = Field(default_factory=MCPSection)
    tools: ToolsSection = Field(default_factory=ToolsSection)
    prices: dict[str, dict[str, float]] = Field(default_factory=dict)  # model -> {input, output} per 1M
    context_windows: dict[str, int] = Field(default_factory=dict)


class ConfigError(Exception):
    """A config problem, already phrased for the user (file, line, key, what is wrong)."""


def _key_lines(text: str) -> dict[tuple[str, ...], int]:
    """Map each mapping key path in a YAML document to its 1-based line."""
    import yaml

    lines: dict[tuple[str, ...], int] = {}

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                p = path + (str(k.value),)
                lines[p] = k.start_mark.line + 1
                walk(v, p)
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                lines[path + (str(i),)] = v.start_mark.line + 1
                walk(v, path + (str(i),))

    try:
        root = yaml.compose(text)
    except yaml.YAMLError:
        return lines
    walk(root, ())
    return lines


def _apply_env_defaults(data: dict[str, Any]) -> dict[str, Any]:
    """Environment fills in what config.yaml leaves unset (it never overrides the file)."""
    model = dict(data.get("model") or {})
    if not model.get("provider") and os.environ.get("OPENAI_BASE_URL"):
        model["provider"] = "custom"
        model.setdefault("base_url", os.environ["OPENAI_BASE_URL"])
    elif not model.get("provider") and os.environ.get("OPENAI_API_KEY"):
        model["provider"] = "openai"
    if not model.get("default") and os.environ.get("HERMES_MODEL"):
        model["default"] = os.environ["HERMES_MODEL"]
    if model:
        data["model"] = model
    return data


def parse_config(text: str, source: str = "config.yaml") -> Config:
    import yaml

    try:
        data = yaml.safe_load(text) if text.strip() else {}
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark else ""
        raise ConfigError(f"{source}{where}: not valid YAML ({getattr(e, 'problem', e)})") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: the top level must be a mapping of keys, not {type(data).__name__}")
    try:
        return Config.model_validate(_apply_env_defaults(data))
    except ValidationError as e:
        lines = _key_lines(text)
        msgs = []
        for err in e.errors():
            loc = tuple(str(p) for p in err["loc"])
            line = next((lines[loc[:i]] for i in range(len(loc), 0, -1) if loc[:i] in lines), None)
            key = ".".join(loc) or "(top level)"
            what = "unknown key" if err["type"] == "extra_forbidden" else err["msg"]
            msgs.append(f"{source}{f' line {line}' if line else ''}: {key}: {what}")
        raise ConfigError("\n".join(msgs)) from None


def load_config(home: Home) -> Config:
    path = home.config_file
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = ""
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    return parse_config(text, str(path))


# -- reading and writing single keys ---------------------------------------------------------

def _coerce(value: str) -> Any:
    import yaml

    try:
        return yaml.safe_load(value)
    except yaml.YAMLError:
        return value


def get_value(cfg: Config, key: str) -> Any:
    node: Any = cfg
    for part in key.split("."):
        if isinstance(node, BaseModel):
            if part not in type(node).model_fields:
                raise ConfigError(f"unknown config key: {key}")
            node = getattr(node, part)
        elif isinstance(node, dict):
            if part not in node:
                raise ConfigError(f"unknown config key: {key}")
            node = node[part]
        else:
            raise ConfigError(f"unknown config key: {key}")
    return node.model_dump() if isinstance(node, BaseModel) else node


def set_value(home: Home, key: str, value: str) -> Config:
    """Set one dotted key in config.yaml, validating the whole result before writing it atomically."""
    import yaml

    path = home.config_file
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    data = (yaml.safe_load(text) if text.strip() else {}) or {}
    node = data
    parts = key.split(".")
    for part in parts[:-1]:
        node = node.setdefault(part, {})
        if not isinstance(node, dict):
            raise ConfigError(f"{key}: {part} is not a section")
    node[parts[-1]] = _coerce(value)
    new_text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    cfg = parse_config(new_text, str(path))
    atomic_write(path, new_text)
    return cfg


def atomic_write(path: Path, text: str, mode: int | None = None) -> None:
    """Write via a temp file in the same directory + fsync + rename: readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# -- secrets ----------------------------------------------------------------------------------

def read_dotenv(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, UnicodeDecodeError):
        return out
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        k, v = line.split("=", 1)
        k = k.strip().removeprefix("export ").strip()
        v = v.strip()
        if len(v) >= 2 and v[0] == v[-1] and v[0] in "\"'":
            v = v[1:-1]
        out[k] = v
    return out


def secrets(home: Home) -> dict[str, str]:
    """Secrets from .env, with the process environment taking precedence."""
    merged = read_dotenv(home.env_file)
    merged.update({k: v for k, v in os.environ.items() if v})
    return merged


def set_secret(home: Home, key: str, value: str) -> None:
    values = read_dotenv(home.env_file)
    values[key] = value
    text = "".join(f"{k}={v}\n" for k, v in values.items())
    atomic_write(home.env_file, text, mode=0o600)


def mask(value: str) -> str:
    if not value:
        return ""
    return "****" if len(value) <= 8 else value[:3] + "…" + value[-2:]


_DSN_PASSWORD = re.compile(r"(password\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&]*)", re.I)


def redact_dsn(dsn: str) -> str:
    """A database URL or key=value DSN with its password shown as ****, the rest kept for diagnosis."""
    out = _DSN_PASSWORD.sub(lambda m: m.group(1) + "****", dsn)
    scheme, sep, rest = out.partition("://")
    if sep:
        # User info ends at the last '@' before the query: an unescaped password may hold '@' or '/'
        # (hiding too much of an odd URL is the safe mistake).
        at = rest.split("?", 1)[0].rfind("@")
        if at >= 0 and ":" in rest[:at]:
            out = f"{scheme}://{rest[:at].split(':', 1)[0]}:****{rest[at:]}"
    return out
