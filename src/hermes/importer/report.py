"""What an import did (or, with --dry-run, would do): one item per thing, with findings.

Items never carry secret values: settings and keys are named, never shown.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

# What happened to an item. "import" is the dry-run form of "imported".
ADDED = ("imported", "import", "installed", "install", "quarantined", "quarantine")
ACTIONS = ADDED + ("exists", "skipped", "blocked", "conflict")


@dataclass
class Item:
    kind: str  # session | memory | user | soul | skill | cron | config | env
    name: str
    action: str
    detail: str = ""
    findings: list[str] = field(default_factory=list)


@dataclass
class Context:
    source: Path
    home: Any  # the Hermes Home imported into
    store: Any = None  # SessionStore; opened lazily by the caller
    config: Any = None
    dry_run: bool = False
    force: bool = False
    progress: Callable[[int, int], None] | None = None


@dataclass
class Report:
    source: str
    dry_run: bool
    items: list[Item] = field(default_factory=list)
    messages: int = 0  # messages imported (or that would be)

    def add(self, kind: str, name: str, action: str, detail: str = "", findings: list[str] | None = None) -> Item:
        assert action in ACTIONS, action
        item = Item(kind, name, action, detail, list(findings or []))
        self.items.append(item)
        return item

    def counts(self) -> dict[str, dict[str, int]]:
        out: dict[str, Counter] = {}
        for i in self.items:
            out.setdefault(i.kind, Counter())[i.action] += 1
        return {k: dict(v) for k, v in out.items()}

    @property
    def added(self) -> int:
        return sum(1 for i in self.items if i.action in ADDED)

    @property
    def findings(self) -> list[str]:
        """Every finding and every item that was not imported, one line each."""
        out = []
        for i in self.items:
            if i.action in ("skipped", "blocked", "conflict", "quarantined", "quarantine"):
                out.append(f"{i.kind} {i.name}: {i.action}" + (f" ({i.detail})" if i.detail else ""))
            out.extend(f"{i.kind} {i.name}: {f}" for f in i.findings)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "dry_run": self.dry_run, "messages": self.messages,
                "counts": self.counts(), "items": [asdict(i) for i in self.items], "findings": self.findings}
