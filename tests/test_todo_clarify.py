"""The session task list through the registry (clarify is tested in test_tools_interact.py)."""

from __future__ import annotations

import json

import pytest

from hermes.core.messages import ToolCall
from hermes.tools.registry import Registry, ToolContext
from hermes.tools.todo import TOOLS

pytestmark = pytest.mark.timeout(30)
REG = Registry(TOOLS)


async def call(ctx: ToolContext, name: str, **args):
    return await REG.execute(ToolCall(id="c", name=name, arguments=json.dumps(args)), ctx)


async def test_todo_round_trip():
    ctx = ToolContext()
    assert (await call(ctx, "todo")).text == "todo list is empty"
    out = await call(ctx, "todo", todos=[
        {"id": "a", "content": "read the code", "status": "in_progress"},
        {"id": "b", "content": "write   the\nfix"},
        {"content": "run tests"}])
    assert out.ok and out.text == ("0/3 done\n[~] a. read the code\n[ ] b. write the fix\n"
                                   "[ ] 3. run tests")
    assert ctx.state["todo"][1] == {"id": "b", "content": "write the fix", "status": "pending"}
    out = await call(ctx, "todo", todos=[{"id": "a", "status": "completed"},
                                         {"id": "b", "status": "in_progress"},
                                         {"id": "d", "content": "open a PR"}], merge=True)
    assert out.text == ("1/4 done\n[x] a. read the code\n[~] b. write the fix\n[ ] 3. run tests\n"
                        "[ ] d. open a PR")
    assert (await call(ctx, "todo")).text == out.text
    out = await call(ctx, "todo", todos=[{"id": "z", "content": "start over", "status": "cancelled"}])
    assert out.text == "0/1 done\n[-] z. start over"


async def test_todo_rejects_bad_items_without_changing_the_list():
    ctx = ToolContext()
    await call(ctx, "todo", todos=[{"id": "1", "content": "keep me"}])
    for bad in ([{"id": "2", "content": "x", "status": "done"}], [{"id": "3"}], ["just a string"],
                [{"id": "4", "content": "a"}, {"id": "4", "content": "b"}]):
        out = await call(ctx, "todo", todos=bad)
        assert not out.ok, bad
    out = await call(ctx, "todo", todos=[{"id": "1", "status": "completed"},
                                         {"id": "9", "status": "completed"}], merge=True)
    assert not out.ok and "does not exist" in out.text  # and item 1 was not half-updated
    assert ctx.state["todo"] == [{"id": "1", "content": "keep me", "status": "pending"}]


async def test_todo_accepts_json_string_args_from_the_model():
    ctx = ToolContext()
    raw = '{"todos": [{"id": 1, "content": "step", "status": "pending"}], "merge": "false"}'
    out = await REG.execute(ToolCall(id="c", name="todo", arguments=raw), ctx)
    assert out.ok and out.text.endswith("[ ] 1. step")
