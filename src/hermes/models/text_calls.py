"""Tool calls that a model wrote as text, recovered as real calls.

Many local set-ups (Ollama, llama.cpp's server, vLLM without a tool parser) hand back a model's
tool call as plain text: a fenced or bare JSON object, `<tool_call>...</tool_call>`, `[TOOL_CALLS]`,
`<|python_tag|>`, `<function=NAME>...`, `<function name="NAME" arguments='{...}'/>`. `recover(text, tools)` finds such calls and keeps them only
when the name is an offered tool and the arguments validate against its schema; anything else stays
text, and so does a JSON block the text introduces as an example. Text around the calls is kept.
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass
from typing import Any

from hermes.core.messages import ToolCall

_FENCE = re.compile(r"```[ \t]*([\w+-]*)[ \t]*\n(.*?)(?:\n[ \t]*```|\Z)", re.S)
_TAGGED = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|\Z)", re.S)
_FUNCTION_TAG = re.compile(r"<function=([\w.-]+)>\s*(.*?)\s*(?:</function>|\Z)", re.S)
# <function name="write_file" arguments='{"path": ...}'/> (seen from Qwen2.5-Coder-1.5B, inside <tools>)
_FUNCTION_ATTRS = re.compile(r"""<function\s+name=(["'])([\w.-]+)\1\s+(?:arguments|parameters)=(["'])(.*?)\3\s*/?>"""
                             r"(?:\s*</function>)?", re.S)
_XML_PARAM = re.compile(r"<parameter=([\w.-]+)>\s*(.*?)\s*</parameter>", re.S)
_LINE_JSON = re.compile(r"(?m)^[ \t]*([{\[])")
_MISTRAL_NEW = re.compile(r"\[TOOL_CALLS\]\s*([\w.-]+)\s*\[ARGS\]\s*", re.S)
# Words that introduce a JSON block as an illustration rather than an action.
_EXAMPLE_CUE = re.compile(r"(?i)\b(?:for\s+example|for\s+instance|e\.g\.|example|such\s+as|like\s+this|"
                          r"looks?\s+like|would\s+look|format|schema|syntax|structure|sample)\b[^\n]{0,80}$")


@dataclass
class Recovered:
    text: str  # what remains of the reply once the calls are taken out
    calls: list[ToolCall]


def tool_index(tools: list[dict[str, Any]] | None) -> dict[str, dict[str, Any]]:
    """name -> JSON schema of its parameters, from OpenAI-style tool definitions."""
    out: dict[str, dict[str, Any]] = {}
    for t in tools or []:
        fn = t.get("function", t)
        if isinstance(fn, dict) and fn.get("name"):
            out[fn["name"]] = fn.get("parameters") or {"type": "object"}
    return out


def recover(text: str, tools: dict[str, dict[str, Any]]) -> Recovered | None:
    """The calls written in `text`, or None when it holds no valid call (the text stays text)."""
    if not text or not tools:
        return None
    for finder in (_tagged, _function_tags, _mistral, _python_tag, _fenced, _bare):
        found = finder(text)
        if not found:
            continue
        calls, spans = [], []
        for start, end, payload in found:
            got = _calls_from(payload, tools)
            if got is None:
                calls = []
                break
            calls += got
            spans.append((start, end))
        if calls:
            rest, last = [], 0
            for s, e in spans:
                rest.append(text[last:s])
                last = e
            rest.append(text[last:])
            return Recovered(re.sub(r"\n{3,}", "\n\n", "".join(rest)).strip(), calls)
    return None


# -- finders: each returns [(start, end, payload)] where payload is parsed JSON or (name, args) --------

def _tagged(text: str) -> list[tuple[int, int, Any]]:
    return [(m.start(), m.end(), _loads(m.group(1))) for m in _TAGGED.finditer(text)]


def _function_tags(text: str) -> list[tuple[int, int, Any]]:
    out = [(m.start(), m.end(), {"name": m.group(2), "arguments": _loads(m.group(4))})
           for m in _FUNCTION_ATTRS.finditer(text)]
    if out:
        return _widen(text, out, "<tools>", "</tools>")
    for m in _FUNCTION_TAG.finditer(text):
        body = m.group(2)
        params = _XML_PARAM.findall(body)
        args: Any = {k: _scalar(v) for k, v in params} if params else _loads(body or "{}")
        out.append((m.start(), m.end(), {"name": m.group(1), "arguments": args}))
    return out


def _widen(text: str, found: list[tuple[int, int, Any]], open_: str, close: str) -> list[tuple[int, int, Any]]:
    """Take a wrapper around the calls (`<tools>...</tools>`) out of the remaining text too."""
    head, tail = text[:found[0][0]].rstrip(), text[found[-1][1]:].lstrip()
    if head.endswith(open_) and tail.startswith(close):
        (_, e0, p0), (s1, _, p1) = found[0], found[-1]
        start, end = len(head) - len(open_), len(text) - len(tail) + len(close)
        found = [(start, e0, p0), *found[1:]] if len(found) > 1 else [(start, end, p0)]
        if len(found) > 1:
            found[-1] = (s1, end, p1)
    return found


def _mistral(text: str) -> list[tuple[int, int, Any]]:
    i = text.find("[TOOL_CALLS]")
    if i < 0:
        return []
    named = list(_MISTRAL_NEW.finditer(text, i))
    if named:  # [TOOL_CALLS]name[ARGS]{...}, repeated
        out = []
        for m in named:
            obj, end = _json_at(text, m.end())
            out.append((m.start(), end, {"name": m.group(1), "arguments": obj}))
        return out
    obj, end = _json_at(text, _skip_ws(text, i + len("[TOOL_CALLS]")))
    return [(i, end, obj)]


def _python_tag(text: str) -> list[tuple[int, int, Any]]:
    i = text.find("<|python_tag|>")
    if i < 0:
        return []
    out, pos = [], _skip_ws(text, i + len("<|python_tag|>"))
    start = i
    while pos < len(text) and text[pos] in "{[":
        obj, end = _json_at(text, pos)
        out.append((start, end, obj))
        pos = _skip_ws(text, end)
        if text.startswith(";", pos):  # Llama 3.1 separates several calls with ';'
            pos = _skip_ws(text, pos + 1)
        start = end
    return out or [(i, len(text), None)]


def _fenced(text: str) -> list[tuple[int, int, Any]]:
    out = []
    for m in _FENCE.finditer(text):
        lang, body = m.group(1).lower(), m.group(2).strip()
        if lang not in ("", "json", "jsonc", "json5", "tool_call", "tool_code", "tool") or not body[:1] in "{[":
            continue
        if _EXAMPLE_CUE.search(text[max(0, m.start() - 160):m.start()].rstrip()):
            continue
        payload = _loads(body)
        out.append((m.start(), m.end(), payload if payload is not None else json_values(body)))
    return out


def json_values(body: str) -> list[Any] | None:
    """Several JSON values one after another (a call per line in one fence), lists flattened, as one
    list; None unless the whole body is such values."""
    out: list[Any] = []
    pos = _skip_ws(body, 0)
    while pos < len(body):
        value, end = _json_at(body, pos)
        if value is None or end == pos:
            return None
        out.extend(value if isinstance(value, list) else [value])
        pos = _skip_ws(body, end)
    return out or None


def _bare(text: str) -> list[tuple[int, int, Any]]:
    """Top-level JSON objects or lists that start a line, outside any introduction as an example."""
    out, pos = [], 0
    fences = [(m.start(), m.end()) for m in _FENCE.finditer(text)]  # judged by _fenced alone
    while pos < len(text):
        m = _LINE_JSON.search(text, pos)
        if m is None:
            break
        start = m.start(1)
        inside = next((e for s, e in fences if s <= start < e), None)
        if inside is not None:
            pos = inside
            continue
        obj, end = _json_at(text, start)
        if obj is None:
            pos = start + 1
            continue
        if not _EXAMPLE_CUE.search(text[max(0, start - 160):start].rstrip()):
            out.append((start, end, obj))
        pos = end
    return out


# -- payload -> calls -----------------------------------------------------------------------------

_NAME_KEYS = ("name", "function", "tool", "tool_name", "action")
_ARG_KEYS = ("arguments", "parameters", "args", "input", "tool_input", "action_input", "params")
_SHAPE_KEYS = frozenset(_NAME_KEYS + _ARG_KEYS + ("id", "type", "call_id"))


def _calls_from(payload: Any, tools: dict[str, dict[str, Any]]) -> list[ToolCall] | None:
    items = payload if isinstance(payload, list) else [payload]
    if not items:
        return None
    calls = []
    for item in items:
        call = _one_call(item, tools)
        if call is None:
            return None
        calls.append(call)
    return calls


def _one_call(item: Any, tools: dict[str, dict[str, Any]]) -> ToolCall | None:
    if not isinstance(item, dict) or not set(item) <= _SHAPE_KEYS:
        return None  # a JSON document, not a call
    name = next((item[k] for k in _NAME_KEYS if k in item), None)
    args = next((item[k] for k in _ARG_KEYS if k in item), {})
    if isinstance(name, dict):  # {"function": {"name": ..., "arguments": ...}}
        inner = name
        name = inner.get("name")
        args = next((inner[k] for k in _ARG_KEYS if k in inner), args)
    if isinstance(args, str):
        args = _loads(args)
    if not isinstance(name, str) or name not in tools or not isinstance(args, dict):
        return None
    if validate(args, tools[name]):
        return None
    return ToolCall("call_" + uuid.uuid4().hex[:12], name, json.dumps(args, ensure_ascii=False))


def validate(value: Any, schema: dict[str, Any], path: str = "") -> str | None:
    """The first way `value` breaks `schema` (the JSON Schema subset tool schemas use), or None."""
    if not isinstance(schema, dict):
        return None
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        return None if any(validate(value, s, path) is None for s in options) else f"{path}: no option fits"
    if "enum" in schema and value not in schema["enum"]:
        return f"{path}: not one of {schema['enum']}"
    kinds = schema.get("type")
    if kinds is not None:
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if not any(_is(value, k) for k in kinds):
            return f"{path or 'arguments'}: expected {'/'.join(kinds)}"
    if isinstance(value, dict):
        props = schema.get("properties") or {}
        for key in schema.get("required") or []:
            if key not in value:
                return f"{path}.{key}: required"
        extra = schema.get("additionalProperties", True)
        for key, v in value.items():
            if key in props:
                err = validate(v, props[key], f"{path}.{key}")
                if err:
                    return err
            elif extra is False:
                return f"{path}.{key}: unknown property"
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for i, v in enumerate(value):
            err = validate(v, schema["items"], f"{path}[{i}]")
            if err:
                return err
    return None


def _is(value: Any, kind: str) -> bool:
    return {"string": isinstance(value, str), "object": isinstance(value, dict), "array": isinstance(value, list),
            "boolean": isinstance(value, bool), "null": value is None,
            "integer": isinstance(value, int) and not isinstance(value, bool),
            "number": isinstance(value, (int, float)) and not isinstance(value, bool)}.get(kind, True)


# -- JSON helpers --------------------------------------------------------------------------------

_DECODER = json.JSONDecoder()


# Models write regex and Windows paths with lone backslashes ("\\.sql"), which JSON forbids.
_ESCAPE = re.compile(r"\\(.?)", re.S)


def _repair(s: str) -> tuple[str, list[int]]:
    """Invalid escapes doubled, and where each added backslash went (positions in `s`)."""
    added: list[int] = []

    def fix(m: re.Match[str]) -> str:
        if m.group(1) and m.group(1) in '"\\/bfnrtu':
            return m.group(0)
        added.append(m.start())
        return "\\\\" + m.group(1)
    return _ESCAPE.sub(fix, s), added


def _loads(s: str) -> Any:
    try:
        return json.loads(s)
    except ValueError:
        pass
    try:
        return json.loads(_repair(s)[0])
    except ValueError:
        return None


def _json_at(text: str, pos: int) -> tuple[Any, int]:
    try:
        return _DECODER.raw_decode(text, pos)
    except ValueError:
        pass
    fixed, added = _repair(text[pos:])
    try:
        obj, end = _DECODER.raw_decode(fixed)
    except ValueError:
        return None, pos
    shift = 0  # map the end back past the backslashes the repair added
    for at in added:
        if at + shift < end:
            shift += 1
    return obj, pos + end - shift


def _skip_ws(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def _scalar(v: str) -> Any:
    """XML-style parameter values are text; JSON literals among them keep their type."""
    try:
        return json.loads(v)
    except ValueError:
        return v
