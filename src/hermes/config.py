"""Typed configuration: config.yaml -> pydantic models, with errors that name the key and the line.

Precedence: command-line flags > config.yaml > environment > defaults. Secrets live in `.env` and
are read through `secrets()`; they never enter the config object or its printed form.

The root `Config` and reading/writing the files are here; its sections are in `config_agent` (model,
providers, agent, memory...), `config_tools` (approvals, terminal, MCP, web, browser) and
`config_services` (gateway, API server, cron), and are re-exported from here.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from hermes.config_agent import (AgentSection, CompressionSection, CustomProvider, MemorySection, ModelSection,
                                 ProviderRef, SearchSection, SkillsSection, StoreSection, TrajectoriesSection,
                                 _Section)
# Re-exported: callers import the sections from here.
from hermes.config_services import CronSection, GatewaySection, PlatformSection, ServerSection  # noqa: F401
from hermes.config_tools import (ApprovalsSection, BrowserTools, MCPSampling, MCPSection,  # noqa: F401
                                 MCPServer, MCPToolFilter, TerminalSection, ToolsSection, WebSearch, WebTools)
from hermes.atomic import atomic_write
from hermes.home import Home


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
