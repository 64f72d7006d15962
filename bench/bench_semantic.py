"""Semantic recall figures: encoder speed/memory/agreement, dense search latency, fused query latency.

    python bench/bench_semantic.py encoders [--texts 200]          # NumPy vs onnxruntime int8
    python bench/bench_semantic.py dense [--n 1000000] [--queries 50]  # synthetic vectors, SQLite table
    python bench/bench_semantic.py locomo [--data ../shared/data/locomo_dev.json]  # real fused queries

Each encoder is measured in its own subprocess so RSS is that encoder's alone. Texts are LoCoMo turns
("Speaker: text", typical chat lengths), embedded in batches of 32.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "data" / "locomo_dev.json"


def locomo_texts(path: Path, n: int) -> list[str]:
    samples = json.loads(path.read_text(encoding="utf-8"))
    out: list[str] = []
    for s in samples:
        conv = s["conversation"]
        k = 1
        while f"session_{k}" in conv:
            out += [f"{t['speaker']}: {t.get('text', '')}" for t in conv[f"session_{k}"]]
            k += 1
    return out[:n]


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _one_encoder(name: str, data: Path, n: int, out: Path) -> None:
    import numpy as np

    from hermes.state.encoders import load_encoder

    texts = locomo_texts(data, n)
    base = rss_mb()
    t0 = time.perf_counter()
    enc = load_encoder(name=name)
    load = time.perf_counter() - t0
    enc.embed(texts[:32])  # warm-up
    times = []
    vecs = []
    for rep in range(3):
        t0 = time.perf_counter()
        v = enc.embed(texts)
        times.append(time.perf_counter() - t0)
        vecs = v
    q = []
    for t in texts[:50]:
        t0 = time.perf_counter()
        enc.embed([t[:60]])
        q.append(time.perf_counter() - t0)
    np.save(out, vecs)
    print(json.dumps({"encoder": enc.name, "load_s": round(load, 2), "ms_per_msg": round(min(times) / len(texts) * 1e3, 2),
                      "query_ms_median": round(statistics.median(q) * 1e3, 2),
                      "rss_mb_added": round(rss_mb() - base, 1)}))


def bench_encoders(args: argparse.Namespace) -> None:
    import numpy as np

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("numpy", "onnx", "recall"):  # recall: the fine-tuned model, same architecture
            out = Path(tmp) / f"{name}.npy"
            r = subprocess.run([sys.executable, __file__, "_encoder", name, "--data", str(args.data),
                                "--texts", str(args.texts), "--out", str(out)],
                               capture_output=True, text=True, env={**os.environ, "OPENBLAS_NUM_THREADS": "1",
                                                                   "OMP_NUM_THREADS": "1"})
            if r.returncode:
                print(r.stderr)
                continue
            rows.append(json.loads(r.stdout.strip().splitlines()[-1]))
        a, b = np.load(Path(tmp) / "numpy.npy"), np.load(Path(tmp) / "onnx.npy")
        cos = (a * b).sum(1)
    report = {"texts": args.texts, "batch": 32, "threads": 1, "encoders": rows,
              "agreement_cosine": {"mean": round(float(cos.mean()), 4), "min": round(float(cos.min()), 4)}}
    print(json.dumps(report, indent=1))


def _random_unit(n: int, dim: int, seed: int):
    import numpy as np

    # Clustered like real embeddings (not uniform on the sphere): 1,000 topic centres shared by the
    # messages and the queries (seed 0), each point a centre plus its own noise (seed `seed`).
    centres = np.random.default_rng(0).standard_normal((1000, dim)).astype(np.float32)
    rng = np.random.default_rng(seed + 1)
    v = centres[rng.integers(0, 1000, n)] + 0.8 * rng.standard_normal((n, dim)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def bench_dense(args: argparse.Namespace) -> None:
    """Synthetic vectors written to a real message_vectors table, then nearest() on the loaded index."""
    import numpy as np

    from hermes.core.messages import Message
    from hermes.state.sqlite import SQLiteStore
    from hermes.state.vectors import SQLiteVectors

    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(Path(tmp) / "state.db")
        sid = store.create_session(scope="owner").id
        t0 = time.perf_counter()
        chunk = 50_000
        for start in range(0, args.n, chunk):
            n = min(chunk, args.n - start)
            ids = store.append_messages(sid, [Message(role="user", content="m") for _ in range(n)])
            vecs = _random_unit(n, 384, start)
            SQLiteVectors(store).put("bench", list(zip(ids, vecs)))
        write_s = time.perf_counter() - t0
        vec = SQLiteVectors(store)
        base = rss_mb()
        t0 = time.perf_counter()
        vec.nearest("bench", _random_unit(1, 384, 999)[0], "owner", 10)
        load_s = time.perf_counter() - t0
        idx = vec.index("bench", "owner")
        qs = _random_unit(args.queries, 384, 7)
        lat, recall = [], []
        for q in qs:
            t0 = time.perf_counter()
            got = idx.nearest(q, 50)
            lat.append(time.perf_counter() - t0)
        rss_added = rss_mb() - base  # before the float32 copy made for measuring recall
        # Recall of the quantized search against exact float32 search, on a sample of queries.
        full = idx.dequantized()
        row = idx.row
        for q in qs[:10]:
            exact = set(np.argsort(-(full @ q))[:10].tolist())
            got = {row[i] for i, _ in idx.nearest(q, 10)}
            recall.append(len(exact & got) / 10)
        store.close()
    print(json.dumps({"messages": args.n, "write_s": round(write_s, 1), "index_load_s": round(load_s, 2),
                      "query_ms_median": round(statistics.median(lat) * 1e3, 2),
                      "query_ms_p95": round(sorted(lat)[int(0.95 * len(lat)) - 1] * 1e3, 2),
                      "recall_at_10_vs_exact": round(statistics.mean(recall), 3),
                      "index_mb": round(idx.nbytes() / 2 ** 20, 1), "peak_rss_mb_added_by_load": round(rss_added, 1),
                      "load": os.getloadavg()},
                     indent=1))


def bench_locomo(args: argparse.Namespace) -> None:
    """Fused search latency on the real LoCoMo store (all scopes imported, vectors computed first)."""
    sys.path.insert(0, str(REPO / "bench"))
    from bench_locomo import import_all  # type: ignore[import-not-found]

    from hermes.state.semantic import SemanticSearch

    samples = json.loads(Path(args.data).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        imp = import_all(samples, Path(tmp))
        store = imp.store
        layer = SemanticSearch.attach(store, mode="on")
        t0 = time.perf_counter()
        done = layer.reindex(batch=64)
        embed_s = time.perf_counter() - t0
        lat_fused, lat_lex = [], []
        for s in samples:
            store.search("warm-up", scope=s["sample_id"], limit=10)  # loads the scope's index once
            for qa in s["qa"][: args.questions]:
                q = str(qa["question"])  # each question once: its embedding is part of the time
                layer._qcache.clear()
                t0 = time.perf_counter()
                store.search(q, scope=s["sample_id"], limit=10)
                lat_fused.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                store.search_lexical(q, scope=s["sample_id"], limit=10)
                lat_lex.append(time.perf_counter() - t0)
        store.close()
    print(json.dumps({"messages_embedded": done, "embed_s": round(embed_s, 1), "encoder": layer.encoder_name,
                      "queries": len(lat_fused),
                      "fused_ms_median": round(statistics.median(lat_fused) * 1e3, 2),
                      "fused_ms_p95": round(sorted(lat_fused)[int(0.95 * len(lat_fused)) - 1] * 1e3, 2),
                      "lexical_ms_median": round(statistics.median(lat_lex) * 1e3, 2)}, indent=1))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["encoders", "dense", "locomo", "_encoder"])
    ap.add_argument("name", nargs="?")
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--texts", type=int, default=200)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--queries", type=int, default=50)
    ap.add_argument("--questions", type=int, default=20)
    args = ap.parse_args()
    if args.what == "_encoder":
        _one_encoder(args.name, args.data, args.texts, args.out)
    elif args.what == "encoders":
        bench_encoders(args)
    elif args.what == "dense":
        bench_dense(args)
    else:
        bench_locomo(args)


if __name__ == "__main__":
    main()
