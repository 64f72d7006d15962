"""Native tool calls for local models whose chat template has a tool-call format.

A template "supports tools" when rendering it with a probe tool puts that tool into the prompt.
Its call syntax is then recognised from the template text: Hermes/Qwen `<tool_call>{...}</tool_call>`,
Mistral `[TOOL_CALLS] [{...}]`, or a bare JSON object (Llama 3.x, with "parameters", and any other
template that lists tools without naming a syntax). The reply is decoded under a grammar of that
syntax (free text, calls whose JSON matches one of the tools' schemas, or text followed by calls),
so even a tiny model produces well-formed calls, and the text part streams while a possible call
is held back.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from hermes.models.local_tools import simplify
from hermes.models.text_calls import json_values

PROBE_TOOL = {"type": "function", "function": {
    "name": "hermes_probe_tool_x9", "description": "probe",
    "parameters": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}}}


@dataclass(frozen=True)
class NativeFormat:
    name: str
    open: str  # what starts the calls ("" for a bare JSON object)
    close: str  # what ends one call ("" when the syntax has none)
    args_key: str  # "arguments" or "parameters"
    array: bool = False  # the calls come as one JSON array after `open`


HERMES = NativeFormat("hermes", "<tool_call>", "</tool_call>", "arguments")
MISTRAL = NativeFormat("mistral", "[TOOL_CALLS]", "", "arguments", array=True)
LLAMA3 = NativeFormat("llama3", "", "", "parameters")
JSON_OBJECT = NativeFormat("json", "", "", "arguments")


def detect(template: str, render: Any) -> NativeFormat | None:
    """The template's native format, or None when it ignores tools. `render(messages, tools)`
    renders the template; a template that fails to render with tools has no usable format."""
    if "tools" not in template:
        return None
    try:
        prompt = render([{"role": "system", "content": "s"}, {"role": "user", "content": "u"}], [PROBE_TOOL])
    except Exception:
        return None
    if "hermes_probe_tool_x9" not in prompt:
        return None
    if "<tool_call>" in template:
        return HERMES
    if "[TOOL_CALLS]" in template:
        return MISTRAL
    if "<|python_tag|>" in template or "ipython" in template or '"parameters"' in template:
        return LLAMA3
    return JSON_OBJECT


def chat_messages(messages: list[Any]) -> list[dict[str, Any]]:
    """Messages in the shape chat templates expect (Hugging Face's): tool calls with arguments as
    objects, tool results as `tool` messages carrying the call id and tool name."""
    out: list[dict[str, Any]] = []
    for m in messages:
        d: dict[str, Any] = {"role": m.role, "content": m.content or ""}
        if m.role == "assistant" and m.tool_calls:
            d["tool_calls"] = [{"id": c.id, "type": "function",
                                "function": {"name": c.name, "arguments": _args(c.arguments)}}
                               for c in m.tool_calls]
        elif m.role == "tool":
            d["tool_call_id"], d["name"] = m.tool_call_id or "", m.name or ""
        out.append(d)
    return out


def _args(text: str) -> Any:
    try:
        value = json.loads(text or "{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def call_schema(fmt: NativeFormat, tools: list[dict[str, Any]], simple: bool) -> dict[str, Any]:
    options = []
    for t in tools:
        fn = t.get("function", t)
        args = {"type": "object"} if simple else (simplify(fn.get("parameters")) or {"type": "object"})
        options.append({"type": "object", "properties": {"name": {"const": fn["name"]}, fmt.args_key: args},
                        "required": ["name", fmt.args_key], "additionalProperties": False})
    return options[0] if len(options) == 1 else {"anyOf": options}


def grammar_text(fmt: NativeFormat, tools: list[dict[str, Any]], required: bool, simple: bool) -> str:
    """GBNF for a reply: calls, or free text that may end in calls. Where the calls open with a
    marker, the free text is any text that does not contain it, so a call after some text is
    constrained too; a bare JSON call can only be the whole reply (free text then not starting
    with "{")."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    body = json_schema_to_gbnf(json.dumps(call_schema(fmt, tools, simple)))
    body = re.sub(r"(?m)^root ::=", "call-obj ::=", body)
    if fmt.array:
        calls = f'{_lit(fmt.open)} " "? "[" call-obj ("," " "? call-obj)* "]"'
    elif fmt.open:
        calls = f'{_lit(fmt.open)} [ \\n]* call-obj [ \\n]* {_lit(fmt.close)} ([ \\n]* {_lit(fmt.open)} ' \
                f'[ \\n]* call-obj [ \\n]* {_lit(fmt.close)})*'
    else:
        calls = "call-obj"
    end = "[ \\t\\n]*"  # models end a call with a newline; the grammar must let them stop there
    if required:
        return f"root ::= [ \\t\\n]* calls {end}\ncalls ::= {calls}\n" + body
    # An empty reply is allowed: a model that wants to stop after a tool result would otherwise be
    # forced into its likeliest non-empty start, which is often another call (the agent asks an
    # empty reply to answer in words instead).
    # A reply that starts the way small models like to write a call (a JSON object, a ```json
    # fence) continues as calls under the schema: the habit still ends in valid calls. Several
    # objects in a row (one per line, or a list) are several calls, as are several fences.
    habit = ('habit ::= habit-calls | habit-fence ([ \\t\\n]* habit-fence)*\n'
             'habit-fence ::= "```" ("json" [ \\t]*)? "\\n" [ \\t\\n]* habit-calls [ \\t\\n]* "```"\n'
             'habit-calls ::= call-obj ([ \\t\\n]* call-obj)* | '
             '"[" [ \\t\\n]* call-obj ([ \\t\\n]* "," [ \\t\\n]* call-obj)* [ \\t\\n]* "]"\n' + _FENCE_OTHER)
    if len(fmt.open) > 1 and fmt.open[0] not in fmt.open[1:]:
        return (f"root ::= [ \\t\\n]* ((calls | habit | free-text calls?) {end})?\ncalls ::= {calls}\n" + habit
                + _avoiding(fmt.open) + body)
    text = f'([^{_cls((fmt.open or "{")[0])}` \\t\\n] | fence-other) [^\\x00]*'
    return (f"root ::= [ \\t\\n]* ((calls | habit | free-text) {end})?\ncalls ::= {calls}\nfree-text ::= {text}\n"
            + habit + body)


# Free text may start with inline code or a fence in any language but json (that one is a call).
_FENCE_OTHER = ('fence-other ::= "`" ([^`] | "`" ([^`] | "`" fence-lang))\n'
                'fence-lang ::= [^j\\n{] | "j" ([^s] | "s" ([^o] | "o" [^n]))\n')


def _avoiding(marker: str) -> str:
    """GBNF `free-text`: non-blank text in which `marker` never occurs. State ft-k<i> has matched
    marker[:i]; the marker's first character occurs only at its start, so a mismatch on it starts
    a new match. Text cannot end inside a partial match (it goes on, or the call follows).
    Nor can the text start with the marker's stem before its "_" (`<tool`): small models imitate
    the tool result (`<tool_response>`, `<toolResponse>`) instead of calling, and the user reads a
    made-up result; such a start can only go on as a call. State fs<i> has matched stem[:i]."""
    c, n = marker[0], len(marker)
    stem = marker[:marker.find("_")] if "_" in marker[1:] else ""
    rules = [f'free-text ::= ([^{_cls(c)}{{` \\t\\n] | {_lit(c)} {"fs1" if stem else "ft-k1"} | fence-other) ft-char*',
             f'ft-char ::= [^{_cls(c)}] | {_lit(c)} ft-k1']
    for i in range(1, n):
        more = f" | {_lit(marker[i])} ft-k{i + 1}" if i < n - 1 else ""
        rules.append(f'ft-k{i} ::= [^{_cls(marker[i])}{_cls(c)}] | {_lit(c)} ft-k1{more}')
    for i in range(1, len(stem)):
        more = f" | {_lit(stem[i])} fs{i + 1}" if i < len(stem) - 1 else ""
        rules.append(f'fs{i} ::= [^{_cls(stem[i])}{_cls(c)}] | {_lit(c)} ft-k1{more}')
    return "\n".join(rules) + "\n"


def _lit(s: str) -> str:
    return json.dumps(s)


def _cls(ch: str) -> str:
    return "\\" + ch if ch in "[]^-\\" else ch


def show_markers(llm: Any, fmt: NativeFormat) -> None:
    """Keep the format's markers in the completion text when they are control tokens (as Mistral's
    [TOOL_CALLS] is): llama-cpp-python leaves control tokens out of the text it returns, and the
    call would then read as plain text. Only output holding a marker is rendered with its special
    tokens; everything else reads as before."""
    if getattr(llm, "_hermes_markers", None) == fmt:
        return
    plain = getattr(llm, "_hermes_plain_detokenize", None) or llm.detokenize
    ids = set()
    for m in (fmt.open, fmt.close):
        toks = llm.tokenize(m.encode("utf-8"), add_bos=False, special=True) if m else []
        if len(toks) == 1 and not plain(toks) and plain(toks, special=True):
            ids.add(toks[0])

    def detokenize(tokens: list[int], prev_tokens: list[int] | None = None, special: bool = False) -> bytes:
        return plain(tokens, prev_tokens, special or not ids.isdisjoint(tokens))

    llm._hermes_markers, llm._hermes_plain_detokenize = fmt, plain
    llm.detokenize = detokenize if ids else plain


class NativeStream:
    """Streams the free-text part of a reply; holds back anything that may be the start of a call
    and stops streaming once a call has begun."""

    def __init__(self, fmt: NativeFormat):
        self.fmt, self.raw, self.sent, self.in_call = fmt, "", 0, False
        self.marker = fmt.open or "{"

    def feed(self, piece: str) -> str:
        self.raw += piece
        if self.in_call:
            return ""
        if not self.fmt.open:  # a bare JSON call can only be the whole reply
            stripped = self.raw.lstrip()
            if not stripped:
                return ""
            if stripped[0] == "{":
                self.in_call = True
                return ""
        at = self.raw.find(self.marker, self.sent) if self.fmt.open else -1
        if at >= 0:
            self.in_call = True
            out, self.sent = self.raw[self.sent:at], at
            return out
        hold = _partial_suffix(self.raw, self.marker) if self.fmt.open else 0
        end = len(self.raw) - hold
        out, self.sent = self.raw[self.sent:end], max(self.sent, end)
        return out

    def rest(self) -> str:
        """Text held back that turned out not to be a call (at the end of the reply)."""
        return "" if self.in_call else self.raw[self.sent:]


class NativeReply:
    """Reading a reply in the template's own format (see `GrammarReply` for the fallback's)."""

    def __init__(self, fmt: NativeFormat, names: set[str]):
        self.fmt, self.names, self.stream = fmt, names, NativeStream(fmt)

    def feed(self, piece: str) -> str:
        return self.stream.feed(piece)

    def finish(self, raw: str) -> tuple[str, list[tuple[str, dict[str, Any]]], str]:
        text, calls = parse(raw, self.fmt, self.names)
        if calls:
            return text, calls, ""
        return raw.strip(), [], raw[self.stream.sent:]  # a cut-off call is shown as the text it is


def _partial_suffix(text: str, marker: str) -> int:
    for n in range(min(len(marker) - 1, len(text)), 0, -1):
        if text.endswith(marker[:n]):
            return n
    return 0


def parse(raw: str, fmt: NativeFormat, names: set[str]) -> tuple[str, list[tuple[str, dict[str, Any]]]]:
    """(text, [(tool name, arguments)]) from a reply in `fmt`; unparseable calls stay text."""
    calls: list[tuple[str, dict[str, Any]]] = []
    text = raw
    if fmt.array:
        at = raw.find(fmt.open)
        if at >= 0:
            objs = _json_at(raw[at + len(fmt.open):])
            found = [c for c in (objs if isinstance(objs, list) else [objs]) if _call(c, fmt, names)]
            if found:
                return raw[:at].strip(), [_call(c, fmt, names) for c in found]  # type: ignore[misc]
        return _habit(raw, fmt, names) or (raw.strip(), [])
    if fmt.open:
        pattern = re.compile(re.escape(fmt.open) + r"\s*(.*?)\s*" + re.escape(fmt.close), re.S)
        for m in pattern.finditer(raw):
            c = _call(_json_at(m.group(1)), fmt, names)
            if c is not None:
                calls.append(c)
        if calls:
            text = raw[:raw.find(fmt.open)]
            return text.strip(), calls
        return _habit(raw, fmt, names) or (raw.strip(), [])
    return _habit(raw, fmt, names) or (raw.strip(), [])


def _habit(raw: str, fmt: NativeFormat, names: set[str]) -> tuple[str, list[tuple[str, dict[str, Any]]]] | None:
    """A whole reply of calls written as bare JSON (one object, several in a row, or a list) or in
    ```json fences: all of it must be calls, or it stays text."""
    body = raw.strip()
    chunks = [m.group(1) for m in _HABIT_FENCE.finditer(body)] if body.startswith("```") else [body]
    calls = []
    for chunk in chunks:
        values = json_values(chunk)
        if values is None:
            return None
        for item in values:
            c = _call(item, fmt, names)
            if c is None:
                return None
            calls.append(c)
    return ("", calls) if calls else None


_HABIT_FENCE = re.compile(r"```(?:json)?[ \t]*\n(.*?)```", re.S)


def _json_at(s: str) -> Any:
    try:
        return json.JSONDecoder().raw_decode(s.lstrip())[0]
    except ValueError:
        return None


def _call(obj: Any, fmt: NativeFormat, names: set[str]) -> tuple[str, dict[str, Any]] | None:
    if not isinstance(obj, dict) or obj.get("name") not in names:
        return None
    args = obj.get(fmt.args_key, obj.get("arguments", obj.get("parameters", {})))
    if isinstance(args, str):
        args = _args(args)
    return (obj["name"], args) if isinstance(args, dict) else None
