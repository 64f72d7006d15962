"""One module per chat platform, each exposing `create(section, secrets, home) -> Adapter`,
`SECRETS` (the .env names it reads) and `OPTIONS` (its non-secret settings).

Modules are imported only when their platform is configured: their SDKs are optional extras.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any, Mapping

# platform name -> module under hermes.gateway.platforms; the extra that installs its SDK
KNOWN: dict[str, tuple[str, str | None]] = {
    "telegram": ("telegram", "telegram"),
    "email": ("email", None),
    "matrix": ("matrix", "matrix"),
    "sms": ("sms", "sms"),
    "webhook": ("webhook", None),
    "whatsapp": ("whatsapp", None),
    "slack": ("slack", "slack"),
    "signal": ("signal", None),
    "discord": ("discord", "discord"),
}


def module(platform: str) -> ModuleType:
    if platform not in KNOWN:
        raise ValueError(f"unknown platform {platform!r}; known: {', '.join(sorted(KNOWN))}")
    return importlib.import_module(f"hermes.gateway.platforms.{KNOWN[platform][0]}")


def create(platform: str, section: Any, secrets: Mapping[str, str], home: Path) -> Any:
    """The adapter for one configured platform (raises with an install hint if its SDK is missing)."""
    return module(platform).create(section, secrets, home)
