"""The `memory` tool: how the model curates its two bounded documents for the current scope.

Results are short and final on purpose: they say what happened and the new fullness, and never echo
the entries, so the model does not re-issue the same write. Errors the model can fix (no match, two
matches, blocked content) come back as tool errors listing safe previews of the current entries.
The frozen prompt snapshot is not touched; the change shows there from the next session on.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from hermes.memory.consolidate import ARCHIVE_NAME, CommitResult, commit
from hermes.memory.documents import MemoryDocument, MemoryWriteError, Op, memory_config, usage
from hermes.tools.registry import ToolContext, ToolError, tool

MAX_FAILURES = 3  # consecutive failed writes before the tool tells the model to stop trying


def _enabled(ctx: ToolContext) -> bool:
    return bool(memory_config(ctx.config).enabled)


@tool(toolset="memory", available=_enabled)
async def memory(ctx: ToolContext, target: Literal["memory", "user"],
                 action: Literal["add", "replace", "remove"] | None = None,
                 content: str | None = None, old_text: str | None = None,
                 operations: list[dict] | None = None) -> str:
    """Save durable facts to long-term memory, shown in your system prompt in future sessions.
    user: who the user is, preferences, corrections. memory: environment facts, conventions,
    lessons learned. Not for task progress or things easy to look up again; procedures belong in
    skills. Write short declarative facts, about the user in the third person ("User's shell:
    fish", not "my shell is fish"). Full documents are consolidated automatically.

    Args:
        target: user (profile) or memory (your notes).
        content: Entry text (add, replace).
        old_text: Short unique part of the entry to replace or remove.
        operations: Several changes at once, all-or-nothing: [{action, content, old_text}].
    """
    if ctx.home is None:
        raise ToolError("memory is not available in this session")
    cfg = memory_config(ctx.config)
    if not cfg.enabled:
        raise ToolError("memory is disabled in config (memory.enabled)")
    if target not in ("memory", "user"):
        raise ToolError("target must be 'memory' or 'user'")
    if target == "user" and not cfg.user_profile_enabled:
        raise ToolError("the user profile is disabled in config (memory.user_profile_enabled)")
    doc = MemoryDocument.open(ctx.home, ctx.scope, target, cfg)
    model = (ctx.services or {}).get("aux_model")
    try:
        ops = _ops(action, content, old_text, operations)
        result = await commit(doc, ops, model)
    except (MemoryWriteError, ValueError) as e:
        failures = ctx.state.get("memory_failures", 0) + 1
        ctx.state["memory_failures"] = failures
        hint = " Stop calling memory for now and continue with your reply." if failures >= MAX_FAILURES else ""
        raise ToolError(f"{e}{hint}") from None
    ctx.state["memory_failures"] = 0
    return _message(doc, ops, result)


def _ops(action: str | None, content: str | None, old_text: str | None,
         operations: Any) -> list[Op]:
    if isinstance(operations, str):  # some models send the list JSON-encoded
        try:
            operations = json.loads(operations)
        except json.JSONDecodeError:
            raise ValueError("operations must be a list of {action, content, old_text} objects") from None
    if operations:
        if action:
            raise ValueError("give either action or operations, not both")
        if not isinstance(operations, list) or not all(isinstance(o, dict) for o in operations):
            raise ValueError("operations must be a list of {action, content, old_text} objects")
        return [Op(str(o.get("action") or ""), str(o.get("content") or ""), str(o.get("old_text") or ""))
                for o in operations]
    if not action:
        raise ValueError("action is required: add, replace or remove")
    return [Op(action, content or "", old_text or "")]


_VERB = {"add": "Saved to the {label}", "replace": "Updated the {label}", "remove": "Removed from the {label}"}


def _message(doc: MemoryDocument, ops: list[Op], r: CommitResult) -> str:
    label = doc.label
    if not r.changed:
        what = "Already saved" if r.duplicates else "No change needed"
        return f"{what} in the {label}; nothing changed. Done — no need to repeat."
    head = (_VERB.get(ops[0].action, "Updated the {label}").format(label=label) if len(ops) == 1
            else f"Applied {len(ops)} changes to the {label}")
    if r.duplicates and len(ops) > 1:
        head += f" ({r.duplicates} already saved, skipped)"
    used = usage(r.entries)
    pct = round(100 * used / doc.limit) if doc.limit else 0
    n = len(r.entries)
    head += f" ({n} entr{'ies' if n != 1 else 'y'}, {pct}% of {doc.limit:,} chars)."
    if r.plan is not None:
        k = len(r.plan.archived)
        if r.plan.method == "model":
            head += f" It was full, so it was consolidated; {k} original entr{'ies' if k != 1 else 'y'} kept in {ARCHIVE_NAME}."
        else:
            head += f" It was full, so the {k} oldest entr{'ies' if k != 1 else 'y'} moved to {ARCHIVE_NAME} (still searchable)."
    return head + " Done — no need to repeat."


TOOLS = [memory]
