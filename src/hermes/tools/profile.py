"""Tool profiles: the full tool set, or a compact one for small local models.

A 1-3B model running on a laptop CPU pays for every tool schema twice: each new session evaluates
the whole prompt again (about 30 s for 3,000 tokens on two cores), and a long list of similar
tools makes it pick the wrong one. The compact profile leaves out the tools such a model rarely
needs and can misuse: background processes, the todo list, asking the user a clarifying question
through a tool, sending messages to other chats, and listing skills (their index is already in
the prompt). `model.tool_profile`: auto (compact for the embedded model and a local GGUF under COMPACT_BYTES),
full, compact.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any

COMPACT_SKIP = frozenset({"process", "todo", "clarify", "send_message", "skills_list"})
# Optional arguments a small model fills in when it sees them (a made-up workdir, a copied default),
# with the sentence of the description that invites them; the tool's defaults are what it needs.
COMPACT_ARGS = {"terminal": (("timeout", "background", "workdir"),
                             "Use background=true for servers and long jobs, then the process tool.")}
COMPACT_BYTES = 3_500_000_000  # a Q4 GGUF of about 4B parameters or fewer
# Small models follow short imperative rules better than the general guidance alone; these name
# the mistakes they make most (asking the user for what a tool can read, editing unread files,
# calling tools again after the answer is in hand, ignoring the memory sections).
SMALL_MODEL_RULES = (
    "- When the user tells you to remember something, save it with the memory tool. What the USER "
    "PROFILE and MEMORY sections say, you already know: answer from them without tools.\n"
    "- Do the task yourself with your tools, then say what you did. Never ask the user to run, "
    "read or paste anything you can run or read yourself.\n"
    "- To change a file: read_file it, then patch with old_text copied exactly from what you read.\n"
    "- Once a tool result holds the answer, stop calling tools and answer in plain words."
)


def compact(model: Any, config: Any) -> bool:
    """Whether this session's model gets the compact tool set."""
    choice = getattr(config.model, "tool_profile", "auto")
    if choice != "auto":
        return choice == "compact"
    if getattr(model, "provider", None) != "local":
        return False
    path = getattr(model, "path", None)
    if not path:
        return True  # the embedded model (SmolLM2-135M), when a config turns its tools on
    try:
        return os.path.getsize(path) < COMPACT_BYTES
    except OSError:
        return False


def apply(registry: Any, model: Any, config: Any) -> Any:
    """The registry with the compact profile's tools removed when it applies (in place)."""
    if compact(model, config):
        for name in COMPACT_SKIP:
            registry.remove(name)
        for name, (drop, sentence) in COMPACT_ARGS.items():
            t = registry.get(name)
            if t is not None:
                registry.add(_without(t, drop, sentence))
    return registry


def _without(t: Any, drop: tuple[str, ...], sentence: str) -> Any:
    params = dict(t.parameters)
    params["properties"] = {k: v for k, v in params.get("properties", {}).items() if k not in drop}
    params["required"] = [k for k in params.get("required", []) if k not in drop]
    desc = " ".join(t.description.replace(sentence, "").split())
    return dataclasses.replace(t, parameters=params, description=desc)
