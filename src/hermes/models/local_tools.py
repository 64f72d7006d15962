"""Tool calls for models with no native tool-call format: the reply grammar ({"answer": ...} or
{"tool": NAME, "arguments": {...}}), the compact tool description, parsing the reply, streaming
an answer as it decodes, and grammar-first sampling (check the grammar only on the token the
model picked, and constrain the whole vocabulary only when it is rejected).
"""


import ctypes
import json
import math
import re
from typing import Any


MAX_ITEMS = 16  # arrays in tool arguments: a bound, small models count on otherwise


class GrammarFirst:
    """A sampler that checks the grammar only on the token the plain chain picked, and filters
    the whole vocabulary only when that token is rejected (as llama.cpp's own server does).
    llama-cpp-python puts the grammar inside the chain, which matches every one of the ~50k
    vocabulary entries against it at every step: 0.3-1 s a token on a small CPU."""

    def __init__(self, chain: Any, grammar: Any, llm: Any):
        import llama_cpp
        import numpy as np

        self._np, self._c, self._chain, self._n_vocab = np, llama_cpp, chain, llm.n_vocab()
        self._dtype = np.dtype([("id", np.intc), ("logit", np.single), ("p", np.single)], align=True)
        self._grammar = llama_cpp.llama_sampler_init_grammar(
            llm._model.vocab, grammar._grammar.encode("utf-8"), grammar._root.encode("utf-8"))
        self._ids = np.arange(self._n_vocab, dtype=np.intc)

    def _candidates(self, ctx: Any, idx: int) -> tuple[Any, Any]:
        c, np = self._c, self._np
        data = np.empty(self._n_vocab, dtype=self._dtype)
        data["id"] = self._ids
        data["logit"] = np.ctypeslib.as_array(c.llama_get_logits_ith(ctx.ctx, idx), shape=(self._n_vocab,))
        data["p"] = 0.0
        arr = c.llama_token_data_array(data.ctypes.data_as(c.llama_token_data_p), self._n_vocab, -1, False)
        return data, arr

    def sample(self, ctx: Any, idx: int = -1) -> int:
        c, chain = self._c, self._chain.sampler
        data, arr = self._candidates(ctx, idx)
        c.llama_sampler_apply(chain, ctypes.byref(arr))
        token = int(arr.data[arr.selected].id)
        one = (c.llama_token_data * 1)(c.llama_token_data(token, 1.0, 0.0))
        check = c.llama_token_data_array(one, 1, -1, False)
        c.llama_sampler_apply(self._grammar, ctypes.byref(check))
        if not math.isfinite(one[0].logit):  # rejected: constrain the full vocabulary, pick again
            _data, arr = self._candidates(ctx, idx)  # _data owns the array's memory
            c.llama_sampler_apply(self._grammar, ctypes.byref(arr))
            c.llama_sampler_apply(chain, ctypes.byref(arr))
            token = int(arr.data[arr.selected].id)
        c.llama_sampler_accept(self._grammar, token)
        c.llama_sampler_accept(chain, token)
        return token

    def close(self) -> None:
        if self._grammar:
            self._c.llama_sampler_free(self._grammar)
            self._grammar = None
        self._chain.close()

    def __del__(self) -> None:
        self.close()


def install_grammar_first(llm: Any) -> None:
    original = getattr(llm, "_init_sampler", None)
    if original is None:  # another llama-cpp-python layout: keep its (slower) grammar sampling
        return

    def init_sampler(**kw: Any) -> Any:
        grammar = kw.pop("grammar", None)
        chain = original(grammar=None, **kw)
        return chain if grammar is None else GrammarFirst(chain, grammar, llm)

    llm._init_sampler = init_sampler


# -- tools as a grammar ----------------------------------------------------------------------------

_SCALAR = {"type": ["string", "number", "boolean", "null"]}


def simplify(schema: Any, depth: int = 0) -> dict[str, Any]:
    """The part of a JSON schema the grammar converter handles well. What it leaves open (an object
    without properties, a value of any type) is flat: scalars only, since a small model given
    arbitrary nesting can nest {"a": {"a": ...}} until it runs out of tokens."""
    if not isinstance(schema, dict) or depth > 4:
        return dict(_SCALAR)
    out: dict[str, Any] = {}
    for k in ("type", "enum", "const"):
        if k in schema:
            out[k] = schema[k]
    if isinstance(schema.get("properties"), dict):
        out["properties"] = {k: simplify(v, depth + 1) for k, v in schema["properties"].items()}
        out["required"] = [r for r in schema.get("required", []) if r in out["properties"]]
        out["additionalProperties"] = False
    if "items" in schema:
        out["items"] = simplify(schema["items"], depth + 1)
    if out.get("type") == "array":
        out["maxItems"] = min(schema.get("maxItems") or MAX_ITEMS, MAX_ITEMS)
        out["minItems"] = min(schema.get("minItems") or 0, MAX_ITEMS)
    for k in ("anyOf", "oneOf"):
        if isinstance(schema.get(k), list):
            out["anyOf"] = [simplify(s, depth + 1) for s in schema[k]]
    if out.get("type") == "object" and "properties" not in out:
        out["additionalProperties"] = _SCALAR
    if out.get("type") == "array" and "items" not in out:
        out["items"] = _SCALAR
    return out if out.keys() - {"required"} else dict(_SCALAR)


def tool_schema(tools: list[dict[str, Any]], required: bool, simple_args: bool) -> dict[str, Any]:
    options = [] if required else [{"type": "object", "properties": {"answer": {"type": "string"}},
                                    "required": ["answer"], "additionalProperties": False}]
    for t in tools:
        fn = t.get("function", t)
        args = {"type": "object"} if simple_args else (simplify(fn.get("parameters")) or {"type": "object"})
        options.append({"type": "object", "properties": {"tool": {"const": fn["name"]}, "arguments": args},
                        "required": ["tool", "arguments"], "additionalProperties": False})
    return options[0] if len(options) == 1 else {"anyOf": options}


def _type_name(s: Any) -> str:
    s = s if isinstance(s, dict) else {}
    if "enum" in s:
        return "|".join(json.dumps(v) for v in s["enum"][:6])
    t = s.get("type", "any")
    return f"{_type_name(s.get('items'))}[]" if t == "array" else "|".join(t) if isinstance(t, list) else str(t)


def tools_block(tools: list[dict[str, Any]], required: bool) -> str:
    lines = []
    for t in tools:
        fn = t.get("function", t)
        params = fn.get("parameters") or {}
        req = set(params.get("required") or [])
        sig = ", ".join(f"{k}{'' if k in req else '?'}: {_type_name(v)}"
                        for k, v in (params.get("properties") or {}).items())
        desc = (fn.get("description") or "").strip().split("\n", 1)[0][:160]
        lines.append(f"- {fn['name']}({sig}){': ' + desc if desc else ''}")
    how = ('Reply with one JSON object: {"tool": "<tool name>", "arguments": {...}} to call a tool.'
           if required else
           'Reply with one JSON object. To answer the user: {"answer": "<your reply>"}. Only when you '
           'need a tool: {"tool": "<tool name>", "arguments": {...}}.')
    return "You can use these tools:\n" + "\n".join(lines) + "\n" + how


def parse_reply(raw: str, names: set[str]) -> tuple[str, dict[str, Any] | None]:
    """(answer text, tool call {"tool", "arguments"} or None); unparseable output is an answer."""
    try:
        obj = json.loads(raw)
    except ValueError:
        obj = None
    if isinstance(obj, dict):
        if obj.get("tool") in names and isinstance(obj.get("arguments"), dict):
            return "", obj
        if isinstance(obj.get("answer"), str):
            return obj["answer"], None
    partial = AnswerStream()
    partial.feed(raw)
    if partial.started:  # cut short (max_tokens): keep the text decoded so far
        return partial.text, None
    return raw.strip(), None


class AnswerStream:
    """Decodes the string of {"answer": "..."} while the JSON is still arriving, so an answer
    under the tool grammar streams like a plain one; a tool call streams nothing."""

    _HEAD = re.compile(r'\s*\{\s*"answer"\s*:\s*"')
    _BODY = re.compile(r'(?:[^"\\]|\\.)*')  # up to the closing quote
    _OPEN_ESCAPE = re.compile(r'\\(u[0-9a-fA-F]{0,3}|u[dD][89abAB][0-9a-fA-F]{2}(\\u?[0-9a-fA-F]{0,3})?)?$')

    def __init__(self) -> None:
        self.raw, self.text, self.start = "", "", -1

    @property
    def started(self) -> bool:
        return self.start >= 0

    def feed(self, piece: str) -> str:
        self.raw += piece
        if self.start < 0:
            m = self._HEAD.match(self.raw)
            if m is None:
                return ""
            self.start = m.end()
        body = self._BODY.match(self.raw, self.start).group()
        if not self.raw.startswith('"', self.start + len(body)):  # still open: hold back a cut escape
            body = self._OPEN_ESCAPE.sub("", body)
        try:
            text = json.loads(f'"{body}"')
        except ValueError:
            return ""  # wait for more
        new, self.text = text[len(self.text):], text
        return new


class PlainReply:
    """A reply without tools: everything streams as it comes."""

    def feed(self, piece: str) -> str:
        return piece

    def finish(self, raw: str) -> tuple[str, list[tuple[str, dict[str, Any]]], str]:
        return raw, [], ""


class GrammarReply:
    """A reply under the JSON grammar: the answer's string streams as it decodes, a call streams
    nothing. `finish` gives (text, [(tool, arguments)], text not streamed yet)."""

    def __init__(self, names: set[str]):
        self.names, self.answer = names, AnswerStream()

    def feed(self, piece: str) -> str:
        return self.answer.feed(piece)

    def finish(self, raw: str) -> tuple[str, list[tuple[str, dict[str, Any]]], str]:
        if self.answer.started:  # what was streamed is the answer, even if the JSON was cut short
            return self.answer.text, [], ""
        text, call = parse_reply(raw, self.names)
        if call is not None:
            return "", [(call["tool"], call["arguments"])], ""
        return text, [], text


def looping(text: str) -> bool:
    """True when `text` ends in one passage repeated over 200+ characters: a small model stuck."""
    for p in range(4, 81):
        reps = max(4, -(-200 // p))
        if len(text) >= p * reps and text[-p:] * reps == text[-p * reps:]:
            return True
    return False
