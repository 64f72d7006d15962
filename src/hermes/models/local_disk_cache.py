"""Prompt states of the local model kept on disk, so a new process starts where the last one stopped.

Evaluating the prompt is the slow part of a local model on a CPU (seconds for the system prompt and
tool schemas), and a one-shot `hermes chat -q` would pay it on every run. After a call that had to
evaluate a long prompt from scratch, the model's state (the KV cache for the prompt and reply) is
saved; a later process whose prompt shares a long prefix with it loads it and evaluates only the rest.

Files live under HERMES_HOME/cache/local (mode 0600: the state encodes the prompt, memory included).
Each holds a one-line JSON header (which model file, context size and template it belongs to, the
tokens it covers, the byte count) and then llama.cpp's raw state: no pickle, nothing executable. A
file that does not match or does not parse is ignored. Old files are removed past a byte budget.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from pathlib import Path
from typing import Any

log = logging.getLogger("hermes.models")

MAGIC = b"HERMES-LLAMA-STATE 1\n"
MIN_TOKENS = 256  # shorter prompts evaluate in well under a second: not worth a file


def identity(model_path: str, n_ctx: int, template: str) -> str:
    """What a saved state is only valid for: this exact model file, context size, template and
    llama.cpp build."""
    import llama_cpp

    st = os.stat(model_path)
    key = "|".join([os.path.realpath(model_path), str(st.st_size), str(st.st_mtime_ns), str(n_ctx),
                    getattr(llama_cpp, "__version__", "?"), hashlib.sha256(template.encode()).hexdigest()])
    return hashlib.sha256(key.encode()).hexdigest()[:32]


class DiskStates:
    def __init__(self, directory: str | Path, ident: str, budget_bytes: int):
        self.dir, self.ident, self.budget = Path(directory), ident, budget_bytes

    def _files(self) -> list[Path]:
        try:
            return sorted(self.dir.glob(f"{self.ident}-*.state"))
        except OSError:
            return []

    @staticmethod
    def _header(path: Path) -> dict[str, Any] | None:
        try:
            with open(path, "rb") as f:
                if f.read(len(MAGIC)) != MAGIC:
                    return None
                head = json.loads(f.readline())
                head["offset"] = f.tell()
            if not isinstance(head.get("tokens"), list) or not isinstance(head.get("size"), int):
                return None
            if path.stat().st_size != head["offset"] + head["size"]:
                return None  # cut short: never hand llama.cpp a partial state
            return head
        except (OSError, ValueError):
            return None

    def best(self, tokens: list[int], beat: int) -> tuple[int, Path, dict[str, Any]] | None:
        """The saved state sharing the longest prefix with `tokens`, if longer than `beat` tokens."""
        found = None
        for path in self._files():
            head = self._header(path)
            if head is None:
                continue
            saved = head["tokens"]
            n = 0
            for a, b in zip(saved, tokens):
                if a != b:
                    break
                n += 1
            if n > beat and (found is None or n > found[0]):
                found = (n, path, head)
        return found

    def load(self, llm: Any, path: Path, head: dict[str, Any]) -> bool:
        import llama_cpp
        import numpy as np

        try:
            with open(path, "rb") as f:
                f.seek(head["offset"])
                raw = f.read(head["size"])
            ids = np.zeros(llm.n_ctx(), dtype=np.intc)
            ids[:len(head["tokens"])] = head["tokens"]
            state = llama_cpp.LlamaState(input_ids=ids, scores=np.zeros((1, llm.n_vocab()), dtype=np.single),
                                         n_tokens=len(head["tokens"]), llama_state=raw,
                                         llama_state_size=len(raw), seed=int(head.get("seed", 0)))
            llm.load_state(state)
            os.utime(path)  # recently used: removed last
            return True
        except Exception as e:  # a state llama.cpp refuses: drop it and evaluate the prompt instead
            log.info("ignoring saved prompt state %s: %s", path.name, e)
            llm.reset()
            path.unlink(missing_ok=True)
            return False

    def save(self, llm: Any) -> None:
        tokens = llm._input_ids.tolist()
        if len(tokens) < MIN_TOKENS:
            return
        state = llm.save_state()
        head = {"tokens": tokens, "size": int(state.llama_state_size), "seed": int(state.seed)}
        name = f"{self.ident}-{hashlib.sha256(json.dumps(tokens).encode()).hexdigest()[:16]}.state"
        try:
            self.dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.dir, prefix=".tmp-", suffix=".state")
            try:
                with os.fdopen(fd, "wb") as f:  # mkstemp makes it 0600
                    f.write(MAGIC + json.dumps(head).encode() + b"\n")
                    f.write(state.llama_state[:head["size"]])
                os.replace(tmp, self.dir / name)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
            self._trim()
        except OSError as e:  # a full or read-only disk costs speed, never the answer
            log.info("could not save the prompt state: %s", e)

    def _trim(self) -> None:
        files = []
        for p in self.dir.glob("*.state"):
            if p.name.startswith(".tmp-"):  # another process is writing it
                continue
            try:
                files.append((p.stat().st_mtime, p.stat().st_size, p))
            except OSError:
                continue
        files.sort(reverse=True)  # newest first
        total = 0
        for _, size, p in files:
            total += size
            if total > self.budget:
                p.unlink(missing_ok=True)
