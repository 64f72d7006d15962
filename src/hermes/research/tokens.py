"""Token counting for trajectory work: a real tokenizer when one is at hand offline, else chars/4.

A training pipeline's length limit is in its model's tokens, so a real count matters: a
`tokenizer.json` (Hugging Face `tokenizers`) or a GGUF file's vocabulary (llama.cpp, loaded
vocabulary-only: no weights). Without one the 4-characters-a-token estimate is used and said.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from hermes.core.messages import estimate_tokens


@dataclass
class TokenCounter:
    name: str  # what counts: shown in reports
    exact: bool
    _count: Callable[[str], int]

    def __call__(self, text: str | None) -> int:
        return self._count(text) if text else 0


ESTIMATE = TokenCounter("chars/4 estimate (no tokenizer given)", False, estimate_tokens)


def load_counter(spec: str | None) -> TokenCounter:
    """`spec`: None (estimate), a tokenizer.json file or a folder holding one, or a .gguf file."""
    if not spec:
        return ESTIMATE
    p = Path(spec).expanduser()
    if p.is_dir() and (p / "tokenizer.json").is_file():
        p = p / "tokenizer.json"
    if not p.is_file():
        raise ValueError(f"tokenizer not found: {spec} (give a tokenizer.json or a .gguf file)")
    if p.suffix == ".gguf":
        return _gguf(p)
    return _hf(p)


def _hf(path: Path) -> TokenCounter:
    try:
        from tokenizers import Tokenizer
    except ImportError:
        raise ValueError("counting with a tokenizer.json needs the tokenizers package: "
                         "pip install tokenizers") from None
    try:
        tok = Tokenizer.from_file(str(path))
    except Exception as e:
        raise ValueError(f"cannot load tokenizer {path}: {e}") from None
    return TokenCounter(f"tokenizers: {path.name}", True,
                        lambda t: len(tok.encode(t, add_special_tokens=False).ids))


def _gguf(path: Path) -> TokenCounter:
    try:
        from llama_cpp import Llama
    except ImportError:
        raise ValueError("counting with a GGUF vocabulary needs llama.cpp: "
                         "pip install 'hermes-recall[local]'") from None
    try:
        llm = Llama(model_path=str(path), vocab_only=True, verbose=False)
    except Exception as e:
        raise ValueError(f"cannot load the vocabulary of {path}: {e}") from None
    return TokenCounter(f"llama.cpp vocabulary: {path.name}", True,
                        lambda t: len(llm.tokenize(t.encode("utf-8"), add_bos=False, special=True)))
