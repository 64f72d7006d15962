"""What the command approval gate decides, and the limits its scan keeps to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

LEVELS = {"allowed": 0, "dangerous": 1, "hardline": 2}
MODES = ("manual", "deny", "off")
MAX_DEPTH = 8  # payload nesting (sh -c inside eval inside $(...) ...)
MAX_PAYLOADS = 256  # scripts and code strings scanned per command
MAX_CHARS = 1_000_000


@dataclass(frozen=True)
class Verdict:
    level: Literal["hardline", "dangerous", "allowed"]
    rule: str  # rule id, e.g. "rm_root"; "" when allowed
    description: str  # human sentence; "" when allowed
    normalized: str  # the normalized command text that was matched
