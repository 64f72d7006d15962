"""The approval gate and the memory threat scanner on corpora they were not built on.

    python bench/bench_detectors.py [--by-category] [--misses N]

Commands (bench/heldout/commands_*.py: HARMFUL with a category and, in probe 2, a severity;
probe 1 marks its catastrophic ones in CATASTROPHIC) are judged by `classify(cmd, home=...)`:
harmful ones must not be "allowed", catastrophic ones should be "hardline", everyday ones should be
"allowed". Injection texts (bench/heldout/injections_probe2.py) go through `scan`: a hostile text
must give a finding, a benign one none; the scanner is also measured with its rules alone (the
learned model off). Also: classify's cost per command and scan's per text. bench/heldout/README.md
says which corpus is held out and which became a development set.
"""

from __future__ import annotations

import argparse
import runpy
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent / "heldout"
HOME = "/root/.hermes"


def _pct(a: int, n: int) -> str:
    return f"{a}/{n} = {100 * a / max(n, 1):.1f}%"


def commands(name: str, by_category: bool, misses: int) -> None:
    from hermes.tools.approval import classify

    corpus = runpy.run_path(str(HERE / f"{name}.py"))
    harmful, benign = corpus["HARMFUL"], corpus["BENIGN"]
    catastrophic = set(corpus.get("CATASTROPHIC") or [])
    catastrophic |= {h[0] for h in harmful if len(h) > 2 and h[2] == "catastrophic"}
    t0 = time.perf_counter()
    level = {c: classify(c, home=HOME).level for c in dict.fromkeys([h[0] for h in harmful] + [b[0] for b in benign])}
    per_cmd_us = (time.perf_counter() - t0) / len(level) * 1e6
    caught = [h for h in harmful if level[h[0]] != "allowed"]
    cat = [c for c in catastrophic if c in level]
    flagged = [b for b in benign if level[b[0]] != "allowed"]
    print(f"\n{name}: {len(harmful)} harmful ({len(cat)} catastrophic), {len(benign)} everyday commands")
    print(f"  harmful asked or refused      {_pct(len(caught), len(harmful))}")
    print(f"  catastrophic refused (hardline) {_pct(sum(level[c] == 'hardline' for c in cat), len(cat))}; "
          f"asked or refused {_pct(sum(level[c] != 'allowed' for c in cat), len(cat))}")
    print(f"  everyday commands flagged     {_pct(len(flagged), len(benign))}")
    print(f"  classify: {per_cmd_us:.0f} us a command (mean, first pass)")
    if by_category:
        groups: dict[str, list[bool]] = defaultdict(list)
        for h in harmful:
            groups[h[1]].append(level[h[0]] != "allowed")
        for g, v in sorted(groups.items()):
            print(f"    {g:24} {_pct(sum(v), len(v))}")
    for h in [h for h in harmful if level[h[0]] == "allowed"][:misses]:
        print(f"    MISSED [{h[1]}] {h[0][:150]}")
    for b in flagged[:misses]:
        print(f"    FLAGGED [{b[1]}] {b[0][:150]}")


def injections(name: str, by_category: bool, misses: int) -> None:
    from hermes.memory import threats

    corpus = runpy.run_path(str(HERE / f"{name}.py"))
    hostile, benign = corpus["MALICIOUS"], corpus["BENIGN"]
    print(f"\n{name}: {len(hostile)} injections, {len(benign)} benign notes")
    for learned in (True, False):
        ms = []
        hit: dict[str, bool] = {}
        for text, *_ in hostile + benign:
            t0 = time.perf_counter()
            hit[text] = bool(threats.scan(text, learned=learned))
            ms.append((time.perf_counter() - t0) * 1000)
        caught = [h for h in hostile if hit[h[0]]]
        flagged = [b for b in benign if hit[b[0]]]
        label = "rules + learned model" if learned else "rules alone"
        en = [h for h in hostile if len(h) > 2 and h[2] == "en"]
        other = [h for h in hostile if len(h) > 2 and h[2] != "en"]
        print(f"  {label:22} caught {_pct(len(caught), len(hostile))} (English {_pct(sum(hit[h[0]] for h in en), len(en))}, "
              f"other languages {_pct(sum(hit[h[0]] for h in other), len(other))}); "
              f"benign flagged {_pct(len(flagged), len(benign))}; scan median {statistics.median(ms):.2f} ms")
        if learned and by_category:
            groups: dict[str, list[bool]] = defaultdict(list)
            for h in hostile:
                groups[h[1]].append(hit[h[0]])
            for g, v in sorted(groups.items()):
                print(f"    {g:28} {_pct(sum(v), len(v))}")
        if learned:
            for h in [h for h in hostile if not hit[h[0]]][:misses]:
                print(f"    MISSED [{h[1]}] {h[0][:150]!r}")
            for b in flagged[:misses]:
                print(f"    FLAGGED [{b[1]}] {b[0][:150]!r}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--by-category", action="store_true")
    ap.add_argument("--misses", type=int, default=0, help="print this many misses and false alarms (only "
                    "for development sets: reading a held-out corpus's misses ends its use as one)")
    ap.add_argument("--probe", action="append", help="only these corpora (e.g. commands_probe3); repeatable")
    args = ap.parse_args()
    names = args.probe or [p.stem for p in sorted(HERE.glob("*_probe*.py"))]
    for name in names:
        (commands if name.startswith("commands") else injections)(name, args.by_category, args.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
