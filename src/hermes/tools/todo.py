"""`todo`: the session's task list (asking the user is `clarify`, in hermes.tools.interact)."""

from __future__ import annotations

from typing import Any

from hermes.tools.registry import ToolContext, ToolError, tool

STATUSES = ("pending", "in_progress", "completed", "cancelled")
MARKS = {"pending": "[ ]", "in_progress": "[~]", "completed": "[x]", "cancelled": "[-]"}
MAX_ITEMS = 100
MAX_CONTENT = 500


def render(items: list[dict[str, Any]]) -> str:
    if not items:
        return "todo list is empty"
    done = sum(i["status"] == "completed" for i in items)
    lines = [f"{MARKS[i['status']]} {i['id']}. {i['content']}" for i in items]
    return f"{done}/{len(items)} done\n" + "\n".join(lines)


def _clean(raw: Any, n: int, *, partial: bool) -> dict[str, Any]:
    """One validated item. `partial` (merge) lets an item name only its id and changed fields."""
    if not isinstance(raw, dict):
        raise ToolError("each todo must be an object {id, content, status}")
    item: dict[str, Any] = {"id": str(raw.get("id") or n).strip()}
    if "content" in raw or not partial:
        content = " ".join(str(raw.get("content") or "").split())
        if not content:
            raise ToolError(f"todo {item['id']} has no content")
        item["content"] = content[:MAX_CONTENT]
    if "status" in raw or not partial:
        status = str(raw.get("status") or "pending")
        if status not in STATUSES:
            raise ToolError(f"todo {item['id']}: unknown status {status!r}; use {', '.join(STATUSES)}")
        item["status"] = status
    return item


@tool()
async def todo(ctx: ToolContext, todos: list[dict] | None = None, merge: bool = False) -> str:
    """Track a multi-step task. No arguments: show the list. todos replaces the list (merge=true
    updates items by id instead).

    Args:
        todos: Items {id, content, status: pending|in_progress|completed|cancelled}.
        merge: Update or add items by id, keeping the rest.
    """
    items: list[dict[str, Any]] = ctx.state.setdefault("todo", [])
    if todos is None:
        return render(items)
    if not isinstance(todos, list):
        raise ToolError("todos must be a list of {id, content, status} objects")
    # Validate everything before changing anything: a rejected call leaves the list as it was.
    if merge:
        by_id = {i["id"]: i for i in items}
        updates = [_clean(raw, n, partial=True) for n, raw in enumerate(todos, len(items) + 1)]
        added = [u["id"] for u in updates if u["id"] not in by_id]
        for u in updates:
            if u["id"] not in by_id and "content" not in u:
                raise ToolError(f"todo {u['id']} does not exist; give its content to add it")
        if len(items) + len(set(added)) > MAX_ITEMS:
            raise ToolError(f"the todo list holds at most {MAX_ITEMS} items")
        for u in updates:
            if u["id"] in by_id:
                by_id[u["id"]].update(u)
            else:
                u.setdefault("status", "pending")
                items.append(u)
                by_id[u["id"]] = u
    else:
        fresh = [_clean(raw, n, partial=False) for n, raw in enumerate(todos, 1)]
        ids = [i["id"] for i in fresh]
        if len(set(ids)) != len(ids):
            raise ToolError("todo ids must be unique")
        if len(fresh) > MAX_ITEMS:
            raise ToolError(f"the todo list holds at most {MAX_ITEMS} items")
        items[:] = fresh
    return render(items)


TOOLS = [todo]
