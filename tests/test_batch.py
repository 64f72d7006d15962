"""The batch runner: isolation, kill -9 and resume, timeouts and failures, toolset distributions,
summary.json, and the same dataset on a local Ray instance. The scripted model plays each sample's
script (tool calls that really write files and memory in the sample's throwaway home)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from hermes.research.batch import BatchOptions, plan, run_batch
from hermes.research.batch_dataset import ToolsetDistribution, load_dataset
from hermes.research.batch_output import BatchOutput, read_records
from hermes.research.formats import load


def _script(i: int, delay: float = 0.0) -> list[dict]:
    return [
        {"tool_calls": [{"name": "read_file", "arguments": {"path": "note.txt"}}], "delay": delay},
        {"tool_calls": [{"name": "write_file", "arguments": {"path": "note.txt", "content": f"sample {i}"}},
                        {"name": "memory", "arguments": {"target": "memory", "action": "add",
                                                         "content": f"secret-of-sample-{i}"}}]},
        {"text": f"done {i}"},
    ]


def _dataset(path: Path, n: int = 30, delay: float = 0.0, extra: list[dict] | None = None) -> Path:
    with open(path, "w") as f:
        for i in range(n):
            f.write(json.dumps({"id": f"s{i}", "prompt": f"write note {i}", "script": _script(i, delay),
                                "toolsets": ["core", "memory"], "metadata": {"n": i}}) + "\n")
        for d in extra or []:
            f.write(json.dumps(d) + "\n")
    return path


def _opts(**kw) -> BatchOptions:
    return BatchOptions(provider="scripted", yolo=True, **kw)


def _ids(path: Path) -> list[str]:
    return [r["id"] for r in read_records(path)]


def test_samples_are_isolated_and_recorded(tmp_path):
    ds = _dataset(tmp_path / "ds.jsonl")
    s = run_batch(ds, tmp_path / "out", _opts(concurrency=2, tmp_dir=str(tmp_path)), progress=False)
    recs = list(read_records(tmp_path / "out" / "trajectories.jsonl"))
    assert sorted(r["id"] for r in recs) == sorted(f"s{i}" for i in range(30))
    for r in recs:
        i = r["metadata"]["n"]
        msgs = load(r)
        tool_out = {m.name: m.content for m in msgs if m.role == "tool"}
        # no sample sees another's file or memory: the note is new, the prompt holds no other secret
        assert "does not exist" in tool_out["read_file"]
        assert tool_out["write_file"].startswith("created note.txt")
        assert "secret-of-sample" not in msgs[0].content
        assert msgs[-1].content == f"done {i}"
        assert r["completed"] and r["turns"] == 3 and r["toolsets"] == ["core", "memory"]
        assert r["tool_stats"]["write_file"] == {"count": 1, "success": 1, "failure": 0}
        assert r["tool_stats"]["read_file"]["failure"] == 1
        assert r["tokens"]["total"] > 0 and r["provider"] == "scripted"
    # throwaway homes are gone
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("hermes-batch-")]
    assert s["completed"] == 30 and s["failed"] == 0


def test_summary_json_and_openai_format(tmp_path):
    ds = _dataset(tmp_path / "ds.jsonl", n=4)
    out = tmp_path / "out"
    run_batch(ds, out, _opts(fmt="openai"), progress=False)
    s = json.loads((out / "summary.json").read_text())
    assert s["total"] == 4 and s["completed"] == 4 and s["failed"] == 0
    assert s["median_turns"] == 3
    assert s["tool_calls"] == 12
    assert set(s["tool_distribution"]) == {"read_file", "write_file", "memory"}
    assert s["tool_distribution"]["read_file"] == {"count": 4, "success": 0, "failure": 4, "share": 0.3333}
    assert s["tokens"]["total"] == s["tokens"]["input"] + s["tokens"]["output"] > 0
    assert s["last_run"]["ran"] == 4 and s["last_run"]["format"] == "openai"
    rec = next(r for r in read_records(out / "trajectories.jsonl") if r["id"] == "s0")
    assert rec["messages"][1]["role"] == "user" and rec["messages"][1]["content"] == "write note 0"
    assert [m.role for m in load(rec)] == ["system", "user", "assistant", "tool", "assistant", "tool", "tool",
                                           "assistant"]
    # a second run finds everything done
    again = run_batch(ds, out, _opts(), progress=False)
    assert again["last_run"] == {**again["last_run"], "ran": 0, "skipped": 4}
    assert len(_ids(out / "trajectories.jsonl")) == 4


def test_timeout_errors_and_turn_budget_are_recorded(tmp_path):
    extra = [
        {"id": "slow", "prompt": "wait", "script": [{"text": "late", "delay": 30}]},
        {"id": "broken", "prompt": "fail", "script": [{"error": {"status": 401, "message": "bad key"}}]},
        {"id": "long", "prompt": "loop", "script": [{"tool_calls": [{"name": "todo", "arguments": {}}]}] * 6},
    ]
    ds = _dataset(tmp_path / "ds.jsonl", n=3, extra=extra)
    out = tmp_path / "out"
    t = time.monotonic()
    # 4 s a sample: ordinary samples finish well inside it even on a loaded CI machine (1 s did not)
    s = run_batch(ds, out, _opts(timeout=4.0, max_turns=3, concurrency=6), progress=False)
    assert time.monotonic() - t < 15
    failed = {r["id"]: r for r in read_records(out / "failed.jsonl")}
    assert set(failed) == {"slow", "broken"}
    assert failed["slow"]["error"].startswith("timeout")
    assert "bad key" in failed["broken"]["error"] and not failed["broken"]["completed"]
    ok = {r["id"]: r for r in read_records(out / "trajectories.jsonl")}
    assert set(ok) == {"s0", "s1", "s2", "long"}
    assert ok["long"]["partial"] and ok["long"]["turns"] == 4  # 3 with tools + the forced answer
    assert not ok["s0"]["partial"] and ok["s0"]["turns"] == 3
    assert s["completed"] == 4 and s["failed"] == 2 and "timeout" in s["errors"]
    # a rerun retries failures and keeps one line per sample
    run_batch(ds, out, _opts(timeout=0.5, max_turns=2), progress=False)
    assert sorted(_ids(out / "failed.jsonl")) == ["broken", "slow"]
    run_batch(ds, out, _opts(timeout=0.5, max_turns=2), retry_failed=False, progress=False)
    assert sorted(_ids(out / "failed.jsonl")) == ["broken", "slow"]


def test_kill9_midway_then_rerun_gives_each_sample_once(tmp_path):
    ds = _dataset(tmp_path / "ds.jsonl", n=30, delay=0.15)
    out = tmp_path / "out"
    env = {**os.environ, "HERMES_HOME": str(tmp_path / "home")}
    cmd = [sys.executable, "-m", "hermes", "batch", "run", str(ds), "--out", str(out), "--provider", "scripted",
           "--yolo", "--concurrency", "2", "-q", "--tmp-dir", str(tmp_path)]
    proc = subprocess.Popen([*cmd, "--workers", "2"], env=env, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    traj = out / "trajectories.jsonl"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (not traj.exists() or len(traj.read_bytes().splitlines()) < 5):
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)  # the runner only: its workers must notice and stop by themselves
    proc.wait()
    first = _ids(traj)
    assert 5 <= len(first) < 30
    with open(traj, "a") as f:  # what a kill in the middle of a write leaves behind
        f.write('{"id": "s29", "conversations": [{"fr')
    r = subprocess.run([*cmd, "--workers", "1"], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    ids = _ids(traj)
    assert len(ids) == len(set(ids)) == 30 and set(first) <= set(ids)
    assert all(line.strip() for line in traj.read_text().splitlines())
    assert json.loads((out / "summary.json").read_text())["completed"] == 30
    assert "skipped" not in r.stdout or f"{len(first)} already done" in r.stdout
    for _ in range(40):  # workers poll for their parent twice a second
        ps = subprocess.run(["pgrep", "-f", str(out)], capture_output=True, text=True)
        if not ps.stdout.strip():
            break
        time.sleep(0.1)
    assert ps.stdout.strip() == "", "a worker outlived its killed runner"


def test_output_repairs_a_torn_line(tmp_path):
    (tmp_path / "trajectories.jsonl").write_text('{"id": "a", "completed": true}\n{"id": "b", "compl')
    out = BatchOutput(tmp_path)
    out.write({"id": "c", "completed": True})
    out.write({"id": "a", "completed": True})  # already there: not written twice
    out.close()
    assert _ids(tmp_path / "trajectories.jsonl") == ["a", "c"]


def test_toolset_distribution_is_seeded_and_reproducible(tmp_path):
    weighted = ToolsetDistribution.from_dict({"sets": [{"toolsets": ["core"], "weight": 3},
                                                       {"toolsets": ["core", "web"], "weight": 1}]})
    ids = [f"p{i}" for i in range(400)]
    a = [weighted.draw(i, 7) for i in ids]
    assert a == [weighted.draw(i, 7) for i in ids]
    assert a != [weighted.draw(i, 8) for i in ids]
    share = Counter(tuple(x) for x in a)[("core",)] / len(a)
    assert 0.65 < share < 0.85
    independent = ToolsetDistribution.from_dict({"toolsets": {"core": 100, "web": 50, "vision": 0}})
    b = [independent.draw(i, 1) for i in ids]
    assert all("core" in x and "vision" not in x for x in b)
    assert 0.4 < sum("web" in x for x in b) / len(b) < 0.6
    # through the runner: a line's own toolsets win, the others get the draw, whatever the worker count
    f = tmp_path / "dist.yaml"
    f.write_text("mix:\n  sets:\n    - {toolsets: [core], weight: 1}\n    - {toolsets: [core, memory], weight: 1}\n")
    dist = ToolsetDistribution.load(f, "mix")
    ds = tmp_path / "ds.jsonl"
    ds.write_text("".join(json.dumps({"id": f"q{i}", "prompt": f"hi {i}"}) + "\n" for i in range(12))
                  + json.dumps({"id": "own", "prompt": "x", "toolsets": ["web"], "system": "Answer in French."})
                  + "\n")
    run_batch(ds, tmp_path / "o1", _opts(), distribution=dist, seed=3, progress=False)
    got = {r["id"]: r["toolsets"] for r in read_records(tmp_path / "o1" / "trajectories.jsonl")}
    want = {s.id: ts for s, ts in plan(load_dataset(ds), _opts(), dist, 3)}
    assert got == want and got["own"] == ["web"]
    own = next(r for r in read_records(tmp_path / "o1" / "trajectories.jsonl") if r["id"] == "own")
    assert "Answer in French." in own["conversations"][0]["value"]  # a line's "system" joins the prompt
    assert len({tuple(v) for k, v in got.items() if k != "own"}) == 2
    s = json.loads((tmp_path / "o1" / "summary.json").read_text())
    assert s["last_run"]["seed"] == 3 and s["last_run"]["distribution"]["sets"][0]["toolsets"] == ["core"]


def test_cli_status_and_bad_dataset(tmp_path):
    ds = _dataset(tmp_path / "ds.jsonl", n=3)
    env = {**os.environ, "HERMES_HOME": str(tmp_path / "home")}
    base = [sys.executable, "-m", "hermes", "batch"]
    r = subprocess.run([*base, "run", str(ds), "--out", str(tmp_path / "o"), "--provider", "scripted",
                        "--workers", "1", "--limit", "2", "--yolo"], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "completed 2, failed 0 of 2" in r.stdout
    r = subprocess.run([*base, "status", str(tmp_path / "o"), "--dataset", str(ds), "--json"], env=env,
                       capture_output=True, text=True)
    assert json.loads(r.stdout) == {"completed": 2, "failed": 0, "total": 3, "remaining": 1}
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": 1, "prompt": "a"}\n{"id": 1, "prompt": "b"}\n')
    r = subprocess.run([*base, "run", str(bad), "--out", str(tmp_path / "o2"), "--provider", "scripted"],
                       env=env, capture_output=True, text=True)
    assert r.returncode == 1 and "duplicate id '1'" in r.stderr
