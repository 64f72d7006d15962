"""Config sections for what tools may do and where they run: approvals, terminal backends, MCP
servers, web and browser tools.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from hermes.config_agent import _Section
from hermes.exec.specs import TYPES as BACKEND_TYPES, BackendSpec


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
