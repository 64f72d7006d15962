"""Tool calls written as text become real calls: formats, near misses, real model outputs, and a
whole agent turn over HTTP where the model's reply is a fenced JSON call."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import yaml

from hermes.core.messages import Message
from hermes.models.base import ModelDone, TextChunk
from hermes.models.text_calls import recover, tool_index, validate
from hermes.models.text_calls_stream import recovering
from hermes.testing import reply

DATA = Path(__file__).parent / "data"

WRITE = {"type": "function", "function": {"name": "write_file", "description": "Write a file.", "parameters": {
    "type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}},
    "required": ["path", "content"], "additionalProperties": False}}}
MEMORY = {"type": "function", "function": {"name": "memory", "parameters": {
    "type": "object", "properties": {"action": {"type": "string", "enum": ["add", "replace", "remove"]},
                                     "target": {"type": "string", "enum": ["memory", "user"]},
                                     "content": {"type": "string"}}, "required": ["action", "target"]}}}
TOOLS = tool_index([WRITE, MEMORY])
ARGS = {"path": "hello.txt", "content": "hi there"}
CALL_JSON = json.dumps({"name": "write_file", "arguments": ARGS})


def one(text: str):
    found = recover(text, TOOLS)
    assert found is not None, text
    assert [(c.name, json.loads(c.arguments)) for c in found.calls] == [("write_file", ARGS)], text
    return found


@pytest.mark.parametrize("text", [
    f"```json\n{CALL_JSON}\n```",
    f"```\n{CALL_JSON}\n```",
    CALL_JSON,
    f"[{CALL_JSON}]",
    json.dumps({"function": "write_file", "parameters": ARGS}),
    json.dumps({"function": {"name": "write_file", "arguments": json.dumps(ARGS)}}),
    json.dumps({"name": "write_file", "arguments": json.dumps(ARGS)}),  # arguments as a JSON string
    f"<tool_call>\n{CALL_JSON}\n</tool_call>",
    f"<tool_call>{CALL_JSON}",  # cut off before the closing tag
    f"[TOOL_CALLS] [{CALL_JSON}]",
    f"[TOOL_CALLS]write_file[ARGS]{json.dumps(ARGS)}",
    "<|python_tag|>" + json.dumps({"name": "write_file", "parameters": ARGS}),
    f"<function=write_file>{json.dumps(ARGS)}</function>",
    "<function=write_file>\n<parameter=path>\nhello.txt\n</parameter>\n<parameter=content>\nhi there\n"
    "</parameter>\n</function>",
    f"<tools>\n  <function name=\"write_file\" arguments='{json.dumps(ARGS)}'/>\n</tools>",
    f'<function name="write_file" parameters=\'{json.dumps(ARGS)}\'></function>',
])
def test_formats_models_really_use_become_calls(text):
    assert one(text).text == ""


def test_text_around_the_call_is_kept():
    found = one(f"I'll create the file now.\n\n```json\n{CALL_JSON}\n```\n\nThat writes hello.txt.")
    assert found.text == "I'll create the file now.\n\nThat writes hello.txt."


def test_several_calls_in_one_reply():
    mem = json.dumps({"name": "memory", "arguments": {"action": "add", "target": "user", "content": "Helix"}})
    found = recover(f"<tool_call>{CALL_JSON}</tool_call>\n<tool_call>{mem}</tool_call>", TOOLS)
    assert [c.name for c in found.calls] == ["write_file", "memory"]
    found = recover("<|python_tag|>" + json.dumps({"name": "write_file", "parameters": ARGS}) + "; "
                    + json.dumps({"name": "memory", "parameters": json.loads(mem)["arguments"]}), TOOLS)
    assert [c.name for c in found.calls] == ["write_file", "memory"]


@pytest.mark.parametrize("text", [
    json.dumps({"name": "delete_everything", "arguments": {}}),  # not an offered tool
    json.dumps({"name": "write_file", "arguments": {"path": "x"}}),  # content is required
    json.dumps({"name": "write_file", "arguments": {"path": 5, "content": "x"}}),  # wrong type
    json.dumps({"name": "write_file", "arguments": {"path": "a", "content": "b", "mode": "w"}}),  # unknown key
    json.dumps({"name": "memory", "arguments": {"action": "forget", "target": "user"}}),  # not in the enum
    f"For example, a call to write a file looks like this:\n```json\n{CALL_JSON}\n```",
    f"The request format is:\n{CALL_JSON}",
    '```json\n{"name": "Alice", "age": 30}\n```',  # a JSON document, not a call
    '{"name": "write_file", "arguments": {"path": "a", "content": "b"}, "extra": "field"}',
    "```python\nprint('write_file')\n```",
    "Use {braces} and [brackets] freely in prose.",
    "[1, 2, 3]",
])
def test_near_misses_stay_text(text):
    assert recover(text, TOOLS) is None


def test_schema_validation_subset():
    schema = {"type": "object", "properties": {"n": {"type": "integer"}, "tags": {"type": "array", "items":
              {"type": "string"}}, "v": {"anyOf": [{"type": "string"}, {"type": "null"}]}}, "required": ["n"]}
    assert validate({"n": 1, "tags": ["a"], "v": None}, schema) is None
    assert validate({"n": True}, schema)  # a bool is not an integer
    assert validate({"n": 1, "tags": [1]}, schema)
    assert validate({"tags": []}, schema)


# -- real model outputs ---------------------------------------------------------------------------

def _recorded() -> list[dict]:
    path = DATA / "text_tool_calls_recorded.json"
    return json.loads(path.read_text()) if path.exists() else []


def _real_tools() -> dict:
    from hermes.config import Config
    from hermes.home import Home
    from hermes.runtime import Hermes
    from hermes.testing import ScriptedModel

    import tempfile
    home = Home(Path(tempfile.mkdtemp()) / "home").ensure()
    h = Hermes(home, Config(), model=ScriptedModel())
    return tool_index(h.registry.subset(h.config.toolsets).schemas())


def test_recorded_outputs_of_real_models_are_replayed():
    """Each raw reply (recorded from real runs, see bench/record_text_calls.py) gives exactly the
    calls reviewed into its `calls` field: a well-formed call to an offered tool is recovered even
    when it is not the tool the prompt wanted; schema echoes, cut-off replies and answers stay text."""
    records = _recorded()
    assert len(records) >= 20 and {r["model"] for r in records} >= {"qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"}
    tools = _real_tools()
    got = {}
    for r in records:
        found = recover(r["raw"], tools)
        got[(r["model"], r["setup"], r["prompt"])] = [c.name for c in found.calls] if found else []
    want = {(r["model"], r["setup"], r["prompt"]): r["calls"] for r in records}
    assert got == want
    assert sum(1 for v in want.values() if v) >= 8 and sum(1 for v in want.values() if not v) >= 8


# -- streaming ---------------------------------------------------------------------------------------

async def _stream(text: str, tools=(WRITE, MEMORY), size: int = 4):
    async def model():
        for i in range(0, len(text), size):
            yield TextChunk(text[i:i + size])
        yield ModelDone(Message.assistant(text))
    out = [c async for c in recovering(model(), list(tools))]
    return "".join(c.text for c in out if isinstance(c, TextChunk)), out[-1]


async def test_a_call_is_never_shown_and_prose_before_it_streams():
    shown, done = await _stream(f"Creating it.\n```json\n{CALL_JSON}\n```\nDone.")
    assert "write_file" not in shown and shown.startswith("Creating it.") and "Done." in shown
    assert done.finish_reason == "tool_calls" and done.message.tool_calls[0].name == "write_file"


async def test_code_answers_and_json_data_still_arrive_whole():
    text = "Here:\n```python\nprint(1)\n```\nand data:\n[1, 2]\n"
    shown, done = await _stream(text)
    assert shown == text and not done.message.tool_calls


async def test_prose_streams_before_the_reply_ends():
    seen = []

    async def model():
        for piece in ["Hello ", "there,\n", "how ", "are you?"]:
            yield TextChunk(piece)
            seen.append(piece)
        yield ModelDone(Message.assistant("Hello there,\nhow are you?"))
    first = None
    async for c in recovering(model(), [WRITE]):
        if isinstance(c, TextChunk) and first is None:
            first = (c.text, len(seen))
    assert first == ("Hello ", 0)  # shown before the model produced anything more


# -- a whole turn ---------------------------------------------------------------------------------

def _home(tmp_path, base_url: str, extra: dict | None = None):
    from hermes.home import Home

    home = Home(tmp_path / "home").ensure()
    cfg = {"model": {"provider": "custom", "base_url": base_url, "default": "scripted", **(extra or {})},
           "memory": {"review_interval": 0}}
    home.config_file.write_text(yaml.safe_dump(cfg))
    return home


async def _turn(home, text: str):
    from hermes.config import load_config
    from hermes.core.events import Final, TextDelta
    from hermes.runtime import Hermes

    h = Hermes(home, load_config(home))
    conv = h.open(source="cli", interactive=False)
    shown, final = [], None
    async for ev in conv.send(text):
        if isinstance(ev, TextDelta):
            shown.append(ev.text)
        elif isinstance(ev, Final):
            final = ev
    stored = h.store.get_messages(conv.id)
    await conv.close()
    return "".join(shown), final, stored


@pytest.mark.parametrize("text_calls", [True, False])
async def test_a_fenced_json_reply_over_http_really_writes_the_file(tmp_path, text_calls):
    from hermes.testing.fake_openai import FakeServer
    from hermes.testing.validate import validate_conversation

    target = tmp_path / "hello.txt"
    call_text = "```json\n" + json.dumps({"name": "write_file", "arguments": {"path": str(target),
                                                                               "content": "hi there"}}) + "\n```"
    async with FakeServer(steps=[reply(call_text, chunks=5), reply("Created hello.txt.")]) as srv:
        home = _home(tmp_path, srv.base_url, {"text_tool_calls": text_calls})
        shown, final, stored = await _turn(home, "Create a file named hello.txt containing: hi there")
    if text_calls:
        assert target.read_text() == "hi there"
        assert "write_file" not in shown and final.text == "Created hello.txt."
        assert [m.role for m in stored] == ["user", "assistant", "tool", "assistant"]
        assert stored[1].tool_calls[0].name == "write_file"
        validate_conversation([m.to_openai() for m in stored])
    else:
        assert not target.exists() and "write_file" in final.text


def test_config_switch_reads_off_from_yaml(tmp_path):
    from hermes.config import load_config

    home = _home(tmp_path, "http://127.0.0.1:9/v1")
    home.config_file.write_text("model:\n  text_tool_calls: off\n")
    assert load_config(home).model.text_tool_calls is False
    asyncio.run(asyncio.sleep(0))


def test_lone_backslashes_that_json_forbids_are_repaired():
    text = '```json\n{"name": "write_file", "arguments": {"path": "C:\\Users\\ana\\a.txt", "content": ".*\\.sql"}}\n```'
    found = recover(text, TOOLS)
    assert json.loads(found.calls[0].arguments) == {"path": "C:\\Users\\ana\\a.txt", "content": ".*\\.sql"}
