"""RL environments: verifiers and agent rollouts (always), and the Atropos environment end to end with
the real atroposlib in its own venv (.ci/install_atropos.sh) against the scripted model server."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from hermes.research import formats
from hermes.research.rl import CheckScript, ExactMatch, RolloutSettings, run_rollout
from hermes.research.rl.examples.items import FILE_TASKS, QA_ITEMS, QA_RULES
from hermes.research.rl.rollout import trainer_messages
from hermes.research.rl.verifiers import extract_answer, normalize
from hermes.testing.fake_openai import start_server

BACKEND = "sandbox" if shutil.which("bwrap") else "local"
ATROPOS_VENV = Path(os.environ.get("HERMES_ATROPOS_VENV", Path.home() / ".cache/hermes-ci/atropos-venv"))
REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def model():
    handle, url = start_server()
    yield url
    handle.stop() if hasattr(handle, "stop") else handle.close()


def script(url: str, steps: list[dict]) -> None:
    base = url.rsplit("/v1", 1)[0]
    httpx.delete(base + "/_script").raise_for_status()
    httpx.post(base + "/_script", json=steps).raise_for_status()


def terminal(cmd: str) -> dict:
    return {"tool_calls": [{"name": "terminal", "arguments": {"command": cmd}}]}


# -- verifiers ---------------------------------------------------------------------------------


def test_normalize_and_extract_answer():
    assert normalize("  The  Canberra!! ") == "canberra"
    assert normalize("Ｍars") == "mars"  # full-width letters fold (NFKC)
    assert extract_answer("Let me think.\nAnswer: Six\nBecause hexagons...") == "Six"
    assert extract_answer(r"so it is \boxed{51}.") == "51"
    assert extract_answer("Mars") == "Mars"


async def test_exact_match_accepts_any_listed_answer(tmp_path):
    v = ExactMatch()
    item = QA_ITEMS[1]  # answer: ["6", "six"]
    assert (await v.verify(item, "It has six sides.\nAnswer: six.", tmp_path)).score == 1.0
    assert (await v.verify(item, "Answer: 6", tmp_path)).score == 1.0
    wrong = await v.verify(item, "Answer: 8", tmp_path)
    assert wrong.score == 0.0 and "expected" in wrong.detail and "'8'" in wrong.detail
    with pytest.raises(ValueError):
        await v.verify({"question": "q"}, "x", tmp_path)


async def test_check_script_runs_in_workdir_and_reports(tmp_path):
    (tmp_path / "out.txt").write_text("ok\n")
    v = CheckScript()
    good = await v.verify({"check": "grep -q ok out.txt && test ! -e check.sh"}, "", tmp_path)
    assert good.score == 1.0, good.detail  # the script is not placed in the agent's directory
    bad = await v.verify({"check": "echo 'missing thing' >&2; exit 3"}, "", tmp_path)
    assert bad.score == 0.0 and "exit 3" in bad.detail and "missing thing" in bad.detail
    answer = await v.verify({"check": 'test "$HERMES_ANSWER" = 42'}, "42", tmp_path)
    assert answer.score == 1.0


async def test_check_script_timeout_kills_it(tmp_path):
    t0 = time.monotonic()
    v = await CheckScript(timeout=0.5).verify({"check": "sleep 30 & sleep 30"}, "", tmp_path)
    assert v.score == 0.0 and "timed out" in v.detail
    assert time.monotonic() - t0 < 5


# -- rollouts (the agent loop against the scripted HTTP model) ---------------------------------


def settings(url: str, **kw) -> RolloutSettings:
    return RolloutSettings(base_url=url, model="scripted", terminal_backend=BACKEND, **kw)


async def test_file_task_rollout_scores_the_agents_work(model):
    script(model, [terminal("printf 'hello world\\n' > hello.txt"), {"text": "Created hello.txt."}])
    r = await run_rollout(FILE_TASKS[0], settings(model), CheckScript())
    assert r.error is None and r.score == 1.0, r.detail
    assert [m.role for m in r.messages] == ["system", "user", "assistant", "tool", "assistant"]
    assert r.model_calls == 2 and r.tool_calls == 1 and r.answer == "Created hello.txt."
    assert any(t["function"]["name"] == "terminal" for t in r.tools)
    assert r.workdir is None  # the temp tree is gone


async def test_fix_task_seeds_files_and_failure_scores_zero(model):
    # the model "fixes" the wrong thing: the check still fails, and the rollout says why
    script(model, [terminal("cat calc.py && echo '# looked' >> calc.py"), {"text": "Done."}])
    r = await run_rollout(FILE_TASKS[1], settings(model, keep_dirs=True), CheckScript())
    try:
        assert r.score == 0.0 and "AssertionError" in r.detail
        assert "return a - b" in r.messages[3].content  # the seeded file was there to read
        assert "# looked" in (Path(r.workdir) / "calc.py").read_text()
    finally:
        shutil.rmtree(Path(r.workdir).parent)


async def test_qa_rollout_without_tools_and_its_trajectory_formats(model):
    script(model, [{"text": "Sydney is bigger, but the capital is Canberra.\nAnswer: Canberra"}])
    r = await run_rollout(QA_ITEMS[0], settings(model, toolsets=[], system_extra=QA_RULES), ExactMatch())
    assert r.score == 1.0 and r.tools == []
    assert QA_RULES in r.messages[0].content
    requests = httpx.get(model.rsplit("/v1", 1)[0] + "/_requests").json()
    assert "tools" not in requests[-1] or not requests[-1]["tools"]
    for fmt in formats.FORMATS:
        rec = json.loads(json.dumps(formats.record(r.messages, fmt, r.meta())))
        assert rec["score"] == 1.0 and rec["completed"] is True
        assert [m.content for m in formats.load(rec)] == [m.content for m in r.messages]


async def test_trainer_messages_carry_tools_and_calls(model):
    script(model, [terminal("printf 'hello world\\n' > hello.txt"), {"text": "ok"}])
    r = await run_rollout(FILE_TASKS[0], settings(model), CheckScript())
    chat = trainer_messages(r)
    assert [m["role"] for m in chat] == ["system", "user", "assistant", "tool", "assistant"]
    assert "<tools>" in chat[0]["content"] and '"name": "terminal"' in chat[0]["content"]
    assert "<tool_call>" in chat[2]["content"] and "<tool_response>" in chat[3]["content"]


async def test_a_model_error_is_still_a_scored_rollout(model):
    script(model, [{"error": {"status": 400, "message": "bad request from policy"}}])
    r = await run_rollout(FILE_TASKS[0], settings(model), CheckScript())
    assert r.score == 0.0 and r.error and "bad request" in r.error
    assert r.meta()["completed"] is False


# -- end to end with the real atroposlib ---------------------------------------------------------
# Both flows start at once (each with its own scripted model): most of their time is atroposlib's
# ~5 s import and the 5 s its env manager sleeps before serving, which overlap well.

ATROPOS_MISSING = f"no complete atroposlib venv at {ATROPOS_VENV} (run .ci/install_atropos.sh)"

# A byte-level BPE tokenizer trained on the spot: atroposlib needs a local tokenizer folder offline,
# and a byte-level one round-trips every character of a trajectory.
MAKE_TOKENIZER = r"""
import json, sys
from tokenizers import Tokenizer, models, pre_tokenizers, decoders, trainers
tok = Tokenizer(models.BPE())
tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
tok.decoder = decoders.ByteLevel()
special = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
trainer = trainers.BpeTrainer(vocab_size=600, special_tokens=special,
                              initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
tok.train_from_iterator(["hello world tool call answer the user assistant system"] * 50, trainer)
out = sys.argv[1]
tok.save(out + "/tokenizer.json")
json.dump({"tokenizer_class": "PreTrainedTokenizerFast", "eos_token": "<|im_end|>",
           "bos_token": "<|im_start|>", "pad_token": "<|endoftext|>"}, open(out + "/tokenizer_config.json", "w"))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, deadline: float = 20) -> None:
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        try:
            httpx.get(url, timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise TimeoutError(url)


def env_args(root: Path, model_url: str, group: int) -> list[str]:
    return ["--env.group_size", str(group), "--env.use_wandb", "False", "--env.tokenizer_name",
            str(root.parent / "tokenizer"), "--env.rollout_concurrency", "1", "--env.terminal_backend",
            BACKEND, "--env.trajectories_path", str(root / "trajectories.jsonl"),
            "--openai.base_url", model_url, "--openai.model_name", "scripted", "--openai.api_key", "x"]


def run_process(root: Path, env: dict) -> dict:
    """`process`: atroposlib's own loop collects one group, scores it, tokenizes it, writes the JSONL."""
    handle, url = start_server()
    try:
        script(url, [terminal("printf 'hello world\\n' > hello.txt"), {"text": "Done."},
                     {"text": "I could not do it."}])
        out = root / "groups.jsonl"
        r = subprocess.run([str(ATROPOS_VENV / "bin/python"), "-m", "hermes.research.rl.examples.file_tasks",
                            "process", "--env.total_steps", "1", "--env.data_path_to_save_groups", str(out),
                            *env_args(root, url, 2)],
                           cwd=root, env=env, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr[-3000:]
        return {"groups": [json.loads(line) for line in out.read_text().splitlines()],
                "trajectories": [json.loads(line) for line in (root / "trajectories.jsonl").read_text().splitlines()]}
    finally:
        handle.stop() if hasattr(handle, "stop") else handle.close()


def run_serve(root: Path, env: dict) -> dict:
    """`serve`: the real Atropos API server; this plays the trainer (register, then poll /batch)."""
    handle, url = start_server()
    api_port = free_port()
    api_url = f"http://127.0.0.1:{api_port}"
    api = subprocess.Popen([str(ATROPOS_VENV / "bin/run-api"), "--host", "127.0.0.1", "--port", str(api_port)],
                           cwd=root, env=env, stdout=open(root / "api.log", "w"), stderr=subprocess.STDOUT)
    env_proc = None
    try:
        script(url, [{"text": "Answer: Canberra"}, {"text": "Answer: Sydney"}])
        groups = root / "served.jsonl"
        env_proc = subprocess.Popen(
            [str(ATROPOS_VENV / "bin/python"), "-m", "hermes.research.rl.examples.qa", "serve",
             "--env.rollout_server_url", api_url, "--env.max_num_workers", "1", "--env.total_steps", "1",
             "--env.ensure_scores_are_not_same", "False", "--env.data_path_to_save_groups", str(groups),
             *env_args(root, url, 2)],
            cwd=root, env=env, stdout=open(root / "env.log", "w"), stderr=subprocess.STDOUT)
        wait_http(api_url + "/status")
        httpx.post(api_url + "/register", json={
            "wandb_group": "test", "wandb_project": "test", "batch_size": 2, "max_token_len": 65536,
            "checkpoint_dir": str(root / "ckpt"), "save_checkpoint_interval": -1, "starting_step": 0,
            "num_steps": 1}).raise_for_status()
        batch, end = None, time.monotonic() + 60
        while batch is None and time.monotonic() < end and env_proc.poll() is None:
            batch = httpx.get(api_url + "/batch").json()["batch"]  # the first call starts the trainer
            time.sleep(0.2)
        assert batch, (root / "env.log").read_text()[-3000:]
        return {"batch": batch, "written": [json.loads(line) for line in groups.read_text().splitlines()]}
    finally:
        for p in (env_proc, api):
            if p is not None:
                p.kill()
                p.wait()
        handle.stop() if hasattr(handle, "stop") else handle.close()


@pytest.fixture(scope="module")
def atropos_runs(tmp_path_factory):
    if not (ATROPOS_VENV / ".hermes-atropos-ready").exists():
        pytest.skip(ATROPOS_MISSING)
    from concurrent.futures import ThreadPoolExecutor

    root = tmp_path_factory.mktemp("atropos")
    (root / "tokenizer").mkdir()
    subprocess.run([str(ATROPOS_VENV / "bin/python"), "-c", MAKE_TOKENIZER, str(root / "tokenizer")], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "HERMES_", "WANDB_"))}
    # offline: no hub look-ups, no wandb; PYTHONPATH: this checkout even if the venv holds another
    env.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", WANDB_MODE="disabled", PYTHONPATH=str(REPO / "src"))
    (root / "process").mkdir()
    (root / "serve").mkdir()
    with ThreadPoolExecutor(2) as pool:
        futures = {"process": pool.submit(timed, run_process, root / "process", env),
                   "serve": pool.submit(timed, run_serve, root / "serve", env)}
    return futures


def timed(fn, *args):
    t0 = time.monotonic()
    try:
        return fn(*args)
    finally:
        print(f"{fn.__name__}: {time.monotonic() - t0:.1f} s", file=sys.stderr)


def test_process_mode_writes_scored_groups_jsonl(atropos_runs):
    res = atropos_runs["process"].result()
    assert len(res["groups"]) == 1
    g = res["groups"][0]
    assert g["scores"] == [1.0, 0.0]
    assert len(g["tokens"]) == len(g["masks"]) == 2
    for tokens, masks in zip(g["tokens"], g["masks"]):
        assert len(tokens) == len(masks) > 0
        trained = [t for t, m in zip(tokens, masks) if m != -100]
        assert 0 < len(trained) < len(tokens)  # assistant turns trained, the rest masked
    assert g["messages"][0][2]["role"] == "assistant" and "<tool_call>" in g["messages"][0][2]["content"]
    assert "<tools>" in g["messages"][0][0]["content"]
    assert [t["score"] for t in res["trajectories"]] == [1.0, 0.0]
    assert res["trajectories"][0]["conversations"][0]["from"] == "system"


def test_serve_mode_feeds_the_trainer_api(atropos_runs):
    res = atropos_runs["serve"].result()
    first = res["written"][0]  # the env's own copy of the first group it sent
    assert first["scores"] == [1.0, 0.0]
    assert len(first["tokens"]) == 2
    assert all(len(t) == len(m) for t, m in zip(first["tokens"], first["masks"]))
    assert first["messages"][0][-1]["content"] == "Answer: Canberra"
    # what the trainer got is one of those groups, token for token (the API hands out the newest
    # full batch first, so which one depends on how many groups were queued when it asked)
    got = res["batch"][0]
    assert any(g["tokens"] == got["tokens"] and g["scores"] == got["scores"] for g in res["written"])
