"""Config sections for the front ends that run as services: the chat gateway and its platforms, the
API server, the cron scheduler.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from hermes.config_agent import _Section


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
