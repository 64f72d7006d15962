"""Per-category recall of the memory threat scanner on the project's corpora, and its false
positives on the benign entries: `python tests/data/threat_report.py`."""

from __future__ import annotations

import importlib.util
from collections import defaultdict
from pathlib import Path

from hermes.memory.threats import describe, rules, scan

HERE = Path(__file__).parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def report() -> dict:
    corpus, cats = _load("threat_corpus"), _load("threat_categories")
    _tolerated = _load("threat_borderlines").tolerated
    by_cat: dict[str, list[str]] = defaultdict(list)
    for text, rule in corpus.MALICIOUS:
        by_cat[rule].append(text)
    for cat, texts in cats.CATEGORY_THREATS.items():
        by_cat[cat] += texts
    recall = {cat: (sum(1 for t in texts if scan(t)), len(texts)) for cat, texts in sorted(by_cat.items())}
    missed = {cat: [t for t in texts if not scan(t)] for cat, texts in by_cat.items()}
    benign = corpus.BENIGN + cats.BENIGN_MORE
    false_pos = {t: describe(scan(t)) for t in benign if not _tolerated(t, rules(scan(t)))}
    return {"recall": recall, "missed": {k: v for k, v in missed.items() if v}, "benign": len(benign),
            "false_positives": false_pos}


def main() -> None:
    r = report()
    hit = sum(h for h, _ in r["recall"].values())
    total = sum(n for _, n in r["recall"].values())
    for cat, (h, n) in r["recall"].items():
        print(f"{cat:26s} {h:3d}/{n:<3d} {h / n:6.1%}")
    print(f"{'all threats':26s} {hit:3d}/{total:<3d} {hit / total:6.1%}")
    print(f"false positives: {len(r['false_positives'])} of {r['benign']} benign entries")
    for cat, texts in r["missed"].items():
        for t in texts:
            print(f"  missed [{cat}]: {t}")
    for t, why in r["false_positives"].items():
        print(f"  false positive: {t} -> {why}")


if __name__ == "__main__":
    main()
