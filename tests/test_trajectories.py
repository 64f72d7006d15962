"""Trajectories: recording finished sessions, exporting the store, and compressing long samples.

Real store in a temp HERMES_HOME, real `hermes` subprocesses against the scripted OpenAI-compatible
server, the scripted model as the auxiliary summariser."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hermes.config import Config
from hermes.core.compression import Compressor
from hermes.core.messages import Message, ToolCall, Usage
from hermes.home import Home
from hermes.memory.threats import mask
from hermes.research.compress import (SUMMARY_HEADER, compress_file, compress_record, compressor_summarize,
                                      problems, units_of)
from hermes.research.formats import load
from hermes.research.tokens import ESTIMATE, load_counter
from hermes.research.trajectories import trajectory_meta, write_trajectory
from hermes.runtime import Hermes
from hermes.state import open_store
from hermes.testing import ScriptedModel, call, reply
from hermes.testing.fake_openai import start_server

API_KEY = "sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z"
ENV_SECRET = "plain7secret7value7from7env"


@pytest.fixture
def home(tmp_path: Path) -> Home:
    return Home(tmp_path / "home").ensure()


@pytest.fixture
def server():
    handle, url = start_server()
    yield url
    handle.stop() if hasattr(handle, "stop") else handle.close()


def hermes_cli(home: Path, *args: str, env_extra: dict | None = None, timeout: float = 60):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("OPENAI_", "HERMES_", "ANTHROPIC_", "OPENROUTER_"))}
    env.update({"HERMES_HOME": str(home), **(env_extra or {})})
    return subprocess.run([sys.executable, "-m", "hermes.cli.main", *args], env=env,
                          capture_output=True, text=True, timeout=timeout)


def post_script(url: str, steps: list[dict]) -> None:
    import httpx

    httpx.post(url.rsplit("/v1", 1)[0] + "/_script", json=steps).raise_for_status()


def lines(path: Path) -> list[dict]:
    return [json.loads(ln) for ln in path.read_text().splitlines() if ln.strip()]


def traj_files(home: Home) -> list[Path]:
    d = home.root / "trajectories"
    return sorted(d.glob("*.jsonl")) if d.exists() else []


def same(a: list[Message], b: list[Message]) -> None:
    """Equal as training data: roles, text, tool calls (name, arguments, id) and tool results."""
    assert [(m.role, m.content or None, [(c.id, c.name, json.loads(c.arguments)) for c in m.tool_calls],
             m.tool_call_id, m.name if m.role == "tool" else None) for m in a] == \
           [(m.role, m.content or None, [(c.id, c.name, json.loads(c.arguments)) for c in m.tool_calls],
             m.tool_call_id, m.name if m.role == "tool" else None) for m in b]


# -- recording ---------------------------------------------------------------------------------

async def _session_with_secret(h: Hermes, tmp_path: Path) -> str:
    notes = tmp_path / "notes.txt"
    notes.write_text(f"deploy key: {API_KEY}\nservice: {ENV_SECRET}\n")
    h.model.add(call("read_file", {"path": str(notes)}, text="Let me read it."), reply("It holds a key."))
    conv = h.open()
    await conv.ask("what is in notes.txt?")
    await conv.close()
    return conv.id


async def test_recording_off_by_default_writes_nothing(home, tmp_path):
    h = Hermes(home, Config(), model=ScriptedModel(), secrets={})
    assert h.config.trajectories.enabled is False
    await _session_with_secret(h, tmp_path)
    assert traj_files(home) == []


async def test_recording_on_one_line_per_session_with_metadata_and_no_duplicate_on_resume(home, tmp_path):
    (home.root / ".env").write_text(f"MY_SERVICE_PASS={ENV_SECRET}\n")
    h = Hermes(home, Config.model_validate({"trajectories": {"enabled": True}}), model=ScriptedModel(),
               secrets={})
    sid = await _session_with_secret(h, tmp_path)
    conv2 = h.open()
    await conv2.ask("hello")
    await conv2.close()
    idle = h.open()  # opened and closed without a word: not a trajectory
    await idle.close()
    files = traj_files(home)
    assert [f.name for f in files] == [f"{dt.datetime.now(dt.timezone.utc).date().isoformat()}.jsonl"]
    recs = lines(files[0])
    assert [r["session_id"] for r in recs] == [sid, conv2.id]
    r = recs[0]
    turns = r["conversations"]
    assert [t["from"] for t in turns] == ["system", "human", "gpt", "tool", "gpt"]
    assert turns[2]["value"].startswith("Let me read it.\n<tool_call>")
    assert turns[3]["value"].startswith("<tool_response>")
    assert r["model"] == "scripted" and r["provider"] == "scripted" and r["source"] == "cli"
    assert r["tool_calls"] == 1 and r["tool_errors"] == 0
    assert r["tool_stats"] == {"read_file": {"count": 1, "success": 1, "failure": 0}}
    assert r["completed"] is True and r["partial"] is False and r["api_calls"] == 2
    assert r["usage"]["input_tokens"] > 0 and r["usage"]["output_tokens"] > 0
    assert r["started_at"] <= r["ended_at"]
    raw = files[0].read_text()
    assert API_KEY not in raw and ENV_SECRET not in raw and "sk-p…" in raw
    # resuming the session and closing it again replaces its line, it does not add one
    conv = h.open(sid)
    await conv.ask("and then?")
    await conv.close()
    recs = lines(files[0])
    assert sorted(r["session_id"] for r in recs) == sorted([sid, conv2.id])
    resumed = next(r for r in recs if r["session_id"] == sid)
    assert resumed["conversations"][-2:] == [{"from": "human", "value": "and then?"},
                                             {"from": "gpt", "value": "and then?"}]


async def test_recording_in_openai_format_to_a_configured_dir(home, tmp_path):
    out = tmp_path / "traj"
    cfg = Config.model_validate({"trajectories": {"enabled": True, "format": "openai", "dir": str(out)}})
    h = Hermes(home, cfg, model=ScriptedModel(), secrets={})
    sid = await _session_with_secret(h, tmp_path)
    (path,) = out.glob("*.jsonl")
    (rec,) = lines(path)
    assert rec["session_id"] == sid and [m["role"] for m in rec["messages"]] == [
        "system", "user", "assistant", "tool", "assistant"]
    stored = h.store.get_messages(sid)
    stored[2].content = stored[2].content.replace(API_KEY, mask(API_KEY))
    same(load(rec)[1:], stored)  # the stored messages, the key masked
    assert API_KEY not in path.read_text()


def test_save_trajectory_flag_on_chat_q(tmp_path, server):
    env = {"OPENAI_BASE_URL": server, "HERMES_MODEL": "scripted"}
    r = hermes_cli(tmp_path, "chat", "-Q", "-q", "no recording please", env_extra=env)
    assert r.returncode == 0, r.stderr
    assert not (tmp_path / "trajectories").exists()
    r = hermes_cli(tmp_path, "chat", "-Q", "-q", "record me", "--save-trajectory", env_extra=env)
    assert r.returncode == 0, r.stderr
    (path,) = (tmp_path / "trajectories").glob("*.jsonl")
    (rec,) = lines(path)
    assert rec["model"] == "scripted" and rec["completed"] is True
    assert rec["conversations"][-2:] == [{"from": "human", "value": "record me"},
                                         {"from": "gpt", "value": "record me"}]


def test_write_trajectory_for_the_batch_runner(tmp_path):
    msgs = [Message.system("sys"), Message.user("hi"), Message.assistant("hello")]
    meta = trajectory_meta(msgs, model="m", provider="p", usage=Usage(10, 2), prompt_index=7)
    path = write_trajectory(tmp_path / "out.jsonl", msgs, meta, "sharegpt")
    write_trajectory(path, msgs, meta, "sharegpt")  # plain appends: two samples
    recs = lines(path)
    assert len(recs) == 2 and recs[0]["prompt_index"] == 7 and recs[0]["completed"] is True
    one = dict(meta, session_id="s1")
    write_trajectory(path, msgs, one, "openai", replace=True)
    write_trajectory(path, msgs + [Message.user("more")], one, "openai", replace=True)
    recs = lines(path)
    assert len(recs) == 3 and recs[-1]["messages"][-1]["content"] == "more"
    with pytest.raises(ValueError):
        write_trajectory(path, msgs, meta, "alpaca")


# -- export ------------------------------------------------------------------------------------

def _seed_store(home: Home) -> dict[str, str]:
    """Three sessions: owner/old, owner/new (with a tool call and a key in its result), team/new."""
    store = open_store(home, Config())
    now = time.time()
    ids = {}
    for name, scope, created in (("old", "owner", now - 40 * 86400), ("new", "owner", now - 3600),
                                 ("team", "team-a", now - 1800)):
        info = store.create_session(scope=scope, model="gpt-test", created_at=created)
        store.set_system_prompt(info.id, f"You are Hermes ({name}).")
        tc = ToolCall("call_abc1", "terminal", json.dumps({"command": "cat ~/.env"}))
        msgs = [Message.user(f"task {name}"), Message.assistant("Checking.", [tc]),
                Message.tool("call_abc1", "terminal", f"OPENAI_API_KEY={API_KEY}\nOTHER={ENV_SECRET}"),
                Message.assistant(f"done {name}")]
        for m in msgs:
            m.timestamp = created + 1
        store.append_messages(info.id, msgs, usage=Usage(100, 20), model="gpt-test")
        ids[name] = info.id
    store.close()
    (home.root / ".env").write_text(f"MY_SERVICE_PASS={ENV_SECRET}\n")
    return ids


def test_export_since_scope_both_formats_redacted_and_round_trip(home, tmp_path):
    ids = _seed_store(home)
    out = tmp_path / "x.jsonl"
    r = hermes_cli(home.root, "trajectories", "export", "--since", "7d", "--format", "sharegpt",
                   "--scope", "owner", "-o", str(out))
    assert r.returncode == 0, r.stderr
    recs = lines(out)
    assert [x["session_id"] for x in recs] == [ids["new"]]
    raw = out.read_text()
    assert API_KEY not in raw and ENV_SECRET not in raw and "OPENAI_API_KEY=" in raw
    assert recs[0]["tool_calls"] == 1 and recs[0]["model"] == "gpt-test"
    assert recs[0]["usage"]["input_tokens"] == 100
    # openai format to stdout, every scope since a date
    since = (dt.date.today() - dt.timedelta(days=2)).isoformat()
    r = hermes_cli(home.root, "trajectories", "export", "--since", since, "--format", "openai")
    assert r.returncode == 0, r.stderr
    recs = [json.loads(ln) for ln in r.stdout.splitlines()]
    assert sorted(x["session_id"] for x in recs) == sorted([ids["new"], ids["team"]])
    assert API_KEY not in r.stdout and ENV_SECRET not in r.stdout
    # round trip: what is loaded back is the stored conversation (secrets masked, nothing else changed)
    store = open_store(home, Config())
    for fmt in ("sharegpt", "openai"):
        r = hermes_cli(home.root, "trajectories", "export", "--format", fmt)
        recs = {x["session_id"]: x for x in map(json.loads, r.stdout.splitlines())}
        assert set(recs) == set(ids.values())
        for sid, rec in recs.items():
            stored = [Message.system(store.get_system_prompt(sid)), *store.get_messages(sid)]
            for m in stored:
                if m.role == "tool":
                    m.content = m.content.replace(API_KEY, mask(API_KEY)).replace(ENV_SECRET, mask(ENV_SECRET))
            same(load(rec), stored)
    store.close()
    bad = hermes_cli(home.root, "trajectories", "export", "--format", "alpaca")
    assert bad.returncode == 1 and "unknown format" in bad.stderr


# -- compression -------------------------------------------------------------------------------

def _long_sharegpt(n_tool_rounds: int, filler: int = 800) -> dict:
    turns = [{"from": "system", "value": "You are a function-calling agent."},
             {"from": "human", "value": "Fix the failing build."},
             {"from": "gpt", "value": "Looking.\n<tool_call>\n{\"name\": \"terminal\", \"arguments\": "
                                      "{\"command\": \"make\"}}\n</tool_call>"},
             {"from": "tool", "value": "<tool_response>\n{\"tool_call_id\": \"c0\", \"name\": \"terminal\", "
                                       "\"content\": \"error: missing semicolon\"}\n</tool_response>"}]
    for i in range(1, n_tool_rounds + 1):
        turns.append({"from": "gpt", "value": f"Step {i}.\n<tool_call>\n{{\"name\": \"terminal\", "
                                              f"\"arguments\": {{\"command\": \"step {i}\"}}}}\n</tool_call>"})
        body = json.dumps({"tool_call_id": f"c{i}", "name": "terminal", "content": f"out {i} " + "x" * filler})
        turns.append({"from": "tool", "value": f"<tool_response>\n{body}\n</tool_response>"})
    turns += [{"from": "gpt", "value": "The build passes now."},
              {"from": "human", "value": "Thanks, and the tests?"},
              {"from": "gpt", "value": "All 42 tests pass."}]
    return {"conversations": turns, "model": "m", "completed": True}


def _summarizer(texts: list[str]):
    aux = ScriptedModel([reply(t) for t in texts])
    return aux, compressor_summarize(Compressor(window=100_000, aux_models=[aux]))


def _check_not_broken(rec: dict) -> None:
    fmt, units = units_of(rec, ESTIMATE)
    assert problems((u.role, u.calls) for u in units) == []
    roles = [u.role for u in units]
    assert not any(a == b == "assistant" for a, b in zip(roles, roles[1:]))


async def test_compress_keeps_head_and_tail_and_fits_with_one_summary(tmp_path):
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    long_rec = _long_sharegpt(30)
    short_rec = _long_sharegpt(1, filler=10)
    oa = {"messages": [m.to_openai() for m in load(_long_sharegpt(20))], "model": "m"}
    short_line = json.dumps(short_rec, separators=(",", ":")) + "\n"  # unusual spacing: kept byte for byte
    src.write_text(json.dumps(long_rec) + "\n" + short_line + "not json\n" + json.dumps(oa) + "\n")
    target = 2_000
    summary = "Goal: fix the build. Completed work: steps 1-20 ran; the semicolon was added."
    aux, summarize = _summarizer([summary] * 4)
    rep = await compress_file(str(src), str(dst), target=target, summarize=summarize, keep_last=4)
    out = dst.read_text().splitlines(keepends=True)
    assert len(out) == 3 and out[1] == short_line
    got = json.loads(out[0])
    turns, orig = got["conversations"], long_rec["conversations"]
    assert turns[:4] == orig[:4]  # system + first human/gpt/tool exchange
    assert turns[-4:] == orig[-4:]  # last N turns
    summaries = [t for t in turns if t["value"].startswith(SUMMARY_HEADER)]
    assert len(summaries) == 1 and summary in summaries[0]["value"] and summaries[0]["from"] == "human"
    assert turns[4]["from"] == "human"  # the summary follows the first exchange
    assert sum(ESTIMATE(t["value"]) for t in turns) <= target
    assert got["compression"]["compressed_tokens"] <= target < got["compression"]["original_tokens"]
    _check_not_broken(got)
    oa_out = json.loads(out[2])
    _check_not_broken(oa_out)
    assert oa_out["messages"][:4] == oa["messages"][:4] and oa_out["messages"][-4:] == oa["messages"][-4:]
    assert sum(1 for m in oa_out["messages"] if (m.get("content") or "").startswith(SUMMARY_HEADER)) == 1
    d = rep.as_dict()
    assert (d["total"], d["compressed"], d["under_target"], d["unreadable"], d["failed"]) == (4, 2, 1, 1, 0)
    assert 0 < d["mean_ratio_compressed"] < 0.5 and d["overall_ratio"] < 1
    assert d["tokenizer"].startswith("chars/4")
    # the summariser got the same contract as context compression: its system prompt, the transcript
    req = aux.requests[0]["messages"]
    assert "Goal, Constraints, Decisions" in req[0].content and "step 1" in req[1].content


async def test_compress_only_as_much_as_needed(tmp_path):
    rec = _long_sharegpt(30)
    line = json.dumps(rec) + "\n"
    total = sum(ESTIMATE(t["value"]) for t in rec["conversations"])
    _, summarize = _summarizer(["Short summary of a few steps, nothing else."] * 4)
    tight = await compress_record(rec, line, target=total - 600, summarize=summarize)
    _, summarize = _summarizer(["Short summary of a few steps, nothing else."] * 4)
    deep = await compress_record(rec, line, target=2_000, summarize=summarize)
    assert tight.status == deep.status == "compressed"
    assert tight.replaced < deep.replaced and tight.after > deep.after


async def test_compress_summary_failure_keeps_the_sample(tmp_path):
    rec = _long_sharegpt(30)
    line = json.dumps(rec) + "\n"

    async def broken(_msgs):
        return None
    res = await compress_record(rec, line, target=2_000, summarize=broken)
    assert res.status == "failed" and res.line == line


def test_compress_cli_with_the_http_model_says_the_estimate(tmp_path, server):
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text(json.dumps(_long_sharegpt(30)) + "\n" + json.dumps(_long_sharegpt(1, filler=5)) + "\n")
    post_script(server, [{"text": "Goal: fix the build; steps 1-30 were run and the build passes."}])
    env = {"OPENAI_BASE_URL": server, "HERMES_MODEL": "scripted"}
    r = hermes_cli(tmp_path / "home", "trajectories", "compress", str(src), str(dst),
                   "--target-tokens", "2000", env_extra=env)
    assert r.returncode == 0, r.stderr
    assert "token counts: chars/4 estimate" in r.stdout
    assert "2 sample(s): 1 compressed, 1 already under" in r.stdout
    recs = lines(dst)
    assert recs[0]["compression"]["compressed_tokens"] <= 2000
    _check_not_broken(recs[0])


def test_real_tokenizer_json_counts_and_is_named(tmp_path):
    tokenizers = pytest.importorskip("tokenizers", reason="the tokenizers package is not installed here "
                                                          "(pip install tokenizers)")
    from tokenizers import models, pre_tokenizers, trainers

    tok = tokenizers.Tokenizer(models.WordLevel(unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.train_from_iterator(["fix the failing build step out x"] * 3,
                            trainers.WordLevelTrainer(special_tokens=["[UNK]"]))
    path = tmp_path / "tokenizer.json"
    tok.save(str(path))
    count = load_counter(str(tmp_path))  # a folder holding tokenizer.json works too
    assert count.exact and count.name == "tokenizers: tokenizer.json"
    assert count("fix the failing build") == 4 and count("x" * 400) == 1  # ESTIMATE would say 100
    with pytest.raises(ValueError, match="not found"):
        load_counter(str(tmp_path / "missing.json"))


async def test_compress_with_real_tokenizer_counts_in_its_tokens(tmp_path):
    pytest.importorskip("tokenizers", reason="the tokenizers package is not installed here")
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tok = Tokenizer(models.WordLevel(unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.train_from_iterator(["step out the build"], trainers.WordLevelTrainer(special_tokens=["[UNK]"]))
    tok.save(str(tmp_path / "tokenizer.json"))
    count = load_counter(str(tmp_path / "tokenizer.json"))
    rec = _long_sharegpt(30)
    exact = sum(count(t["value"]) for t in rec["conversations"])
    assert exact < sum(ESTIMATE(t["value"]) for t in rec["conversations"]) / 3  # x-runs are one token
    _, summarize = _summarizer(["summary"] * 3)
    res = await compress_record(rec, json.dumps(rec) + "\n", target=exact + 1, summarize=summarize, count=count)
    assert res.status == "under_target"  # under target in real tokens, though far over by chars/4
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text(json.dumps(rec) + "\n")
    _, summarize = _summarizer(["the build was fixed step by step"] * 3)
    rep = await compress_file(str(src), str(dst), target=exact // 2, summarize=summarize, count=count)
    (got,) = lines(dst)
    assert rep.as_dict()["compressed"] == 1 and rep.tokenizer == "tokenizers: tokenizer.json"
    assert sum(count(t["value"]) for t in got["conversations"]) == got["compression"]["compressed_tokens"] <= exact // 2
    _check_not_broken(got)
