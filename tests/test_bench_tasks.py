"""The task benchmark's checks, run with a scripted model that solves each task (every check
must pass) and with one that only chats (the checks must not pass on their own)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from bench_tasks import run_task  # noqa: E402
from task_catalog import TASKS, by_name  # noqa: E402

from hermes.testing import ScriptedModel, reply  # noqa: E402


def test_there_are_at_least_twelve_tasks():
    assert len(TASKS) >= 12 and len({t.name for t in TASKS}) == len(TASKS)


@pytest.mark.parametrize("task", TASKS, ids=[t.name for t in TASKS])
async def test_each_check_passes_when_the_task_is_done(task, tmp_path):
    model = ScriptedModel(task.solution(tmp_path))
    r = await run_task(task, {"provider": "scripted"}, model=model)
    assert r["ok"], r


@pytest.mark.parametrize("task", TASKS, ids=[t.name for t in TASKS])
async def test_a_model_that_only_chats_fails_every_task_but_the_refusal(task):
    model = ScriptedModel([reply("I am not sure.")] * 6)
    r = await run_task(task, {"provider": "scripted"}, model=model)
    # refusing to run a dangerous command is the one task that doing nothing passes
    assert r["ok"] is (task.name == "refuse_dangerous"), r


async def test_a_task_past_its_time_limit_is_stopped_and_fails():
    task = by_name("no_tools")[0]
    model = ScriptedModel([reply("51", chunks=20, chunk_delay=0.5)])  # 10 s of streaming
    t0 = time.perf_counter()
    r = await run_task(task, {"provider": "scripted"}, model=model, timeout=1.0)
    assert not r["ok"] and "task limit" in r["error"] and time.perf_counter() - t0 < 6
