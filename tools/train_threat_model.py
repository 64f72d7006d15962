"""Train the threat scanner's learned model (src/hermes/memory/threat_model.bin) from the corpora.

    python tools/train_threat_model.py [--dim 65536] [--l2 0.00003] [--fp 0.03] [--check] [--out FILE]

Positives: every hostile text of the project's threat corpora (tests/data/threat_*.py); negatives:
their benign notes and the bundled skills (in the scanner's windows). A logistic regression over threat_model's hashed features, trained full-batch (Adam) with
NumPy, classes weighted equally. The threshold is the score that lets through all but --fp of the
benign notes when each note is scored by a model that never saw it (5-fold cross-validation), so
it reflects unseen text, not the memorised corpus. --check prints cross-validated recall and false
positives without writing the file. Deterministic: the same corpora give the same file.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from hermes.memory.threat_model import MODEL_FILE, WINDOW_CHARS, buckets, prose, save, windows  # noqa: E402
from hermes.memory.threats import fold  # noqa: E402


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _texts(items) -> list[str]:
    """Corpus entries are texts or tuples around one (with a language, category or rule id beside
    it, all shorter): the text is the longest string."""
    return [x if isinstance(x, str) else max((p for p in x if isinstance(p, str)), key=len) for x in items]


def sources() -> tuple[list[str], list[str], list[str]]:
    """(hostile, benign, skills) texts as written: every tests/data/threat_*.py that defines known
    list names, and the bundled skills' SKILL.md files (instructions addressed to the agent are their
    genre, and they are benign)."""
    hostile: list[str] = []
    benign: list[str] = []
    for path in sorted((ROOT / "tests" / "data").glob("threat_*.py")):
        mod = _load(path)
        for name in ("MALICIOUS", "HOSTILE", "BORDERLINE_BLOCKED", "ATTACKS"):
            hostile += _texts(getattr(mod, name, []))
        for name in ("BENIGN", "BENIGN_MORE", "FACTS", "SAFE"):
            benign += _texts(getattr(mod, name, []))
        for group in [*getattr(mod, "CATEGORY_THREATS", {}).values(), *getattr(mod, "THREATS", {}).values()]:
            hostile += _texts(group)
    skills = [p.read_text(encoding="utf-8")
              for p in sorted((ROOT / "src" / "hermes" / "skills" / "bundled").glob("**/SKILL.md"))]
    return hostile, benign, skills


def corpora() -> tuple[list[str], list[str]]:
    """(hostile, benign) training texts of the hashed model, folded; skills and long notes in windows."""
    hostile, benign, skills = sources()
    benign += [w for s in skills for w in windows(fold(s)) if len(w.split()) >= 6]
    # Long benign texts are scored in windows at run time, so they are learned in windows; a long
    # hostile one stays whole (only its injected part is hostile, and which window holds it is unknown).
    benign = [w for t in benign for w in (windows(fold(t)) if len(t) > 2 * WINDOW_CHARS else [t])]
    hostile = list(dict.fromkeys(hostile))
    benign = [t for t in dict.fromkeys(benign) if t not in set(hostile)]
    return hostile, benign


def matrix(texts: list[str], dim: int):
    rows, cols, vals = [], [], []
    for i, t in enumerate(texts):
        idx = sorted(buckets(prose(fold(t)), dim))
        if not idx:
            continue
        v = 1.0 / np.sqrt(len(idx))
        rows += [i] * len(idx)
        cols += idx
        vals += [v] * len(idx)
    return np.array(rows), np.array(cols), np.array(vals, dtype=np.float64), len(texts)


def fit(X, y: np.ndarray, dim: int, l2: float, steps: int = 600):
    rows, cols, vals, n = X
    w = np.zeros(dim)
    b = 0.0
    sw = np.where(y == 1, 0.5 / max(1, y.sum()), 0.5 / max(1, (1 - y).sum()))  # balanced, sums to 1
    m1, v1, mb, vb = np.zeros(dim), np.zeros(dim), 0.0, 0.0
    lr, beta1, beta2, eps = 0.05, 0.9, 0.999, 1e-8
    for t in range(1, steps + 1):
        z = np.bincount(rows, weights=w[cols] * vals, minlength=n) + b
        p = 1 / (1 + np.exp(-np.clip(z, -40, 40)))
        r = (p - y) * sw
        g = np.bincount(cols, weights=r[rows] * vals, minlength=dim) + l2 * w
        gb = r.sum()
        m1 = beta1 * m1 + (1 - beta1) * g
        v1 = beta2 * v1 + (1 - beta2) * g * g
        w -= lr * (m1 / (1 - beta1 ** t)) / (np.sqrt(v1 / (1 - beta2 ** t)) + eps)
        mb = beta1 * mb + (1 - beta1) * gb
        vb = beta2 * vb + (1 - beta2) * gb * gb
        b -= lr * (mb / (1 - beta1 ** t)) / (np.sqrt(vb / (1 - beta2 ** t)) + eps)
    return w, b


def predict(X, w, b) -> np.ndarray:
    rows, cols, vals, n = X
    z = np.bincount(rows, weights=w[cols] * vals, minlength=n) + b
    return 1 / (1 + np.exp(-np.clip(z, -40, 40)))


def subset(X, keep: np.ndarray):
    rows, cols, vals, n = X
    remap = -np.ones(n, dtype=int)
    remap[keep] = np.arange(len(keep))
    m = remap[rows] >= 0
    return remap[rows[m]], cols[m], vals[m], len(keep)


def cross_validated(texts: list[str], y: np.ndarray, X, dim: int, l2: float, folds: int = 5) -> np.ndarray:
    fold_of = np.array([zlib.crc32(t.encode()) % folds for t in texts])
    out = np.zeros(len(texts))
    for k in range(folds):
        tr, te = np.where(fold_of != k)[0], np.where(fold_of == k)[0]
        w, b = fit(subset(X, tr), y[tr], dim, l2)
        out[te] = predict(subset(X, te), w, b)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dim", type=int, default=1 << 16)
    ap.add_argument("--l2", type=float, default=3e-5)
    ap.add_argument("--fp", type=float, default=0.03, help="share of benign notes allowed over the threshold")
    ap.add_argument("--check", action="store_true", help="print cross-validated figures only")
    ap.add_argument("--out", type=Path, default=MODEL_FILE, help="where to write the model")
    args = ap.parse_args()
    hostile, benign = corpora()
    texts = hostile + benign
    y = np.array([1.0] * len(hostile) + [0.0] * len(benign))
    X = matrix(texts, args.dim)
    cv = cross_validated(texts, y, X, args.dim, args.l2)
    ben = np.sort(cv[y == 0])
    threshold = float(ben[min(len(ben) - 1, int(np.ceil(len(ben) * (1 - args.fp))))])
    print(f"{len(hostile)} hostile, {len(benign)} benign; cross-validated at threshold {threshold:.3f}: "
          f"recall {np.mean(cv[y == 1] > threshold):.3f}, false positives {np.mean(cv[y == 0] > threshold):.3f}")
    if args.check:
        return 0
    w, b = fit(X, y, args.dim, args.l2)
    save(args.out, w.tolist(), float(b), threshold, args.dim)
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
