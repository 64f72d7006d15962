"""The loaded GGUF model behind `local`: one llama.cpp instance per file, its KV cache as the prompt
cache, and a worker thread that runs a completion while the event loop streams its pieces.
"""

from __future__ import annotations

import asyncio
import collections
import os
import threading
from typing import Any, AsyncIterator

from hermes.models.base import ModelError
from hermes.models.local_native import NativeFormat, detect
from hermes.models.local_tools import install_grammar_first

INSTALL_HINT = ("install the local extra: pip install 'hermes-recall[local]' (it compiles llama.cpp from "
                "C++ source, which takes several minutes)")
RAM_CACHE_BYTES = 1 << 30


# llama.cpp's OpenMP threads spin while they wait by default; on a small shared machine a spinning
# thread that loses its core stalls all the others (measured: decoding 5-20x slower, a 40-token reply
# taking 45 s). libgomp reads this once, when llama_cpp loads its libraries, so it is set on import.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


class Engine:
    """One loaded GGUF model; calls on it run one at a time (`lock`), each in a worker thread."""

    def __init__(self, path: str, n_ctx: int, n_threads: int, template: str | None = None):
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
        self.path, self.disk = path, None
        # What the model produced, keyed by how the loop stores it: replaying these exact bytes
        # keeps the next prompt's tokens identical to what is already in the KV cache.
        self.raw_outputs: collections.OrderedDict[tuple, str] = collections.OrderedDict()
        template = self.template = template or self.llm.metadata.get("tokenizer.chat_template")
        if not template:
            raise ModelError(f"{path} has no chat template in its metadata; use an instruct/chat GGUF",
                             kind="bad_request", provider="local")
        text = self.llm._model.token_get_text
        eos, bos = self.llm.token_eos(), self.llm.token_bos()
        self.formatter = Jinja2ChatFormatter(template, text(eos) if eos != -1 else "",
                                             text(bos) if bos != -1 else "", stop_token_ids=[eos])
        self.native: NativeFormat | None = detect(
            template, lambda chat, tools: self.formatter(messages=chat, tools=tools).prompt)
        self.late_system = self._renders([{"role": "system", "content": "probe-system-text"},
                                          {"role": "user", "content": "probe-user-text"},
                                          {"role": "system", "content": "probe-late-note"}])

    def _renders(self, chat: list[dict[str, Any]]) -> bool:
        """Whether the template renders this conversation and keeps every message's text (some raise on
        roles out of the order they expect, some drop what they do not know)."""
        try:
            prompt = self.formatter(messages=chat).prompt
        except Exception:
            return False
        return all(m["content"] in prompt for m in chat)

    def prompt_tokens(self, chat: list[dict[str, Any]],
                      tools: list[dict[str, Any]] | None = None) -> tuple[str, list[int], list[str], Any]:
        out = self.formatter(messages=chat, tools=tools) if tools else self.formatter(messages=chat)
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
            state = None
        if state is not None:
            n = Llama.longest_token_prefix(state.input_ids[:state.n_tokens].tolist(), tokens)
            if n > reuse:
                llm.load_state(state)
                extended = self._extend_live(text)
                if extended is not None and len(extended) < self.n_ctx:
                    return extended, llm.n_tokens
                reuse = n
        if self.disk is not None and len(tokens) - reuse >= 64:  # another process may have saved it
            hit = self.disk.best(tokens, beat=reuse + 63)
            if hit is not None and self.disk.load(llm, hit[1], hit[2]):
                extended = self._extend_live(text)
                if extended is not None and len(extended) < self.n_ctx:
                    return extended, llm.n_tokens
                reuse = hit[0]
        return tokens, reuse

    def use_disk(self, directory: str, budget_bytes: int) -> None:
        """Save and reuse prompt states under `directory` (see local_disk_cache)."""
        if self.disk is None and budget_bytes > 0:
            from hermes.models.local_disk_cache import DiskStates, identity

            self.disk = DiskStates(directory, identity(self.path, self.n_ctx, self.template), budget_bytes)

    def remember(self, key: tuple, raw: str) -> None:
        self.raw_outputs[key] = raw
        self.raw_outputs.move_to_end(key)
        if len(self.raw_outputs) > 512:
            self.raw_outputs.popitem(last=False)


_ENGINES: dict[tuple[str, int, str | None], Engine] = {}
_ENGINES_LOCK = threading.Lock()


def engine(path: str, n_ctx: int, n_threads: int, template: str | None = None) -> Engine:
    key = (os.path.realpath(path), n_ctx, template)
    with _ENGINES_LOCK:  # two first calls at once must not load the file twice
        eng = _ENGINES.get(key)
        if eng is None:
            eng = _ENGINES[key] = Engine(path, n_ctx, n_threads, template)
        return eng


async def run_completion(eng: Engine, prompt: str, tokens: list[int], kw: dict[str, Any],
               info: dict[str, int]) -> AsyncIterator[tuple[str, str | None]]:
    """Run llama.cpp's blocking completion iterator in a thread, handing (text, finish_reason)
    pieces over through a queue; when the consumer stops, the thread stops at the next token."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[tuple[str, Any, Any]] = asyncio.Queue()
    stop = threading.Event()
    ended = False

    def put(item: tuple[str, Any, Any]) -> None:
        try:
            loop.call_soon_threadsafe(queue.put_nowait, item)
        except RuntimeError:  # the loop is gone: nobody is listening any more
            stop.set()

    def work() -> None:
        nonlocal ended
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
                if eng.disk is not None and info["cached"] < 64 and not stop.is_set():
                    # A prompt evaluated from scratch: keep it for the next process. The answer
                    # is complete, so the caller need not wait for the file.
                    ended = True
                    put(("end", None, None))
                    eng.disk.save(eng.llm)
        except BaseException as e:  # handed to the consumer, raised there
            put(("error", e, None))
        finally:
            if not ended:
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
