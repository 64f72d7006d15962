"""The batch runner on a local Ray instance started by the test: the same scripted dataset as
test_batch.py, each sample isolated, every id written once. Skipped when ray is not installed."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from hermes.research.batch import run_batch
from hermes.research.batch_output import read_records
from hermes.research.formats import load
from test_batch import _dataset, _opts


def test_same_dataset_on_local_ray(tmp_path):
    ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'hermes-recall[ray]')")
    ds = _dataset(tmp_path / "ds.jsonl", n=30)
    ray_tmp = Path("/tmp") / f"ray-{os.getpid()}"  # short: Ray's socket paths must fit 107 bytes
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, _temp_dir=str(ray_tmp))
    try:
        s = run_batch(ds, tmp_path / "out", _opts(concurrency=4), ray_address="local", progress=False)
    finally:
        ray.shutdown()
        shutil.rmtree(ray_tmp, ignore_errors=True)
    recs = list(read_records(tmp_path / "out" / "trajectories.jsonl"))
    assert sorted(r["id"] for r in recs) == sorted(f"s{i}" for i in range(30))
    for r in recs:
        msgs = load(r)
        assert "secret-of-sample" not in msgs[0].content
        assert next(m.content for m in msgs if m.name == "write_file").startswith("created note.txt")
    assert s["completed"] == 30 and s["last_run"]["engine"] == "ray"
