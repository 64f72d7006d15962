"""One batch sample, run in isolation: a throwaway HERMES_HOME and working directory, one turn of
the agent loop (the one loop: `Hermes.open(...).send(...)`), and a trajectory record with metadata.

Runs inside a worker (a local process or a Ray task); what it needs from the user is the path of their
home (config.yaml and .env are read there, once per worker, so secrets never travel with a task).
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import os
import shutil
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from hermes.research.batch_dataset import Sample


class BatchOptions(BaseModel):
    """Everything a worker needs to run samples; plain data so it pickles to processes and Ray."""
    user_home: str | None = None          # config.yaml / .env come from here (None: defaults, no secrets)
    provider: str | None = None
    model: str | None = None
    base_url: str | None = None
    toolsets: list[str] | None = None     # for samples that name none (and no distribution)
    fmt: str = "sharegpt"
    timeout: float = Field(600.0, gt=0)   # seconds per sample
    max_turns: int | None = Field(None, ge=1)
    keep_homes: bool = False
    tmp_dir: str | None = None
    yolo: bool = False                    # approvals off (hardline rules still apply)
    concurrency: int = Field(4, ge=1)     # samples in flight per worker (model calls are I/O)


_worker: dict[str, Any] = {}  # per worker process: config, secrets, tool registry (built once)


def _setup(opts: BatchOptions) -> dict[str, Any]:
    key = opts.model_dump_json()
    if _worker.get("key") == key:
        return _worker
    from hermes.config import Config, load_config, secrets as load_secrets
    from hermes.home import Home
    from hermes.tools.builtin import default_registry

    if opts.user_home:
        home = Home(Path(opts.user_home))
        config, secrets = load_config(home), load_secrets(home)
    else:
        config, secrets = Config(), {k: v for k, v in os.environ.items() if v}
    config.mcp_servers = {}  # an MCP server per sample would dominate the run; tools come built in
    if opts.max_turns:
        config.agent.max_turns = opts.max_turns
    if opts.yolo:
        config.approvals.mode = "off"
    _worker.clear()
    _worker.update(key=key, config=config, secrets=secrets, registry=default_registry(config))
    return _worker


def _is_scripted(opts: BatchOptions) -> bool:
    return opts.provider in ("scripted", "demo") or (opts.provider is None and opts.model == "scripted")


def _build_model(sample: Sample, opts: BatchOptions, w: dict[str, Any]) -> Any:
    if _is_scripted(opts):
        from hermes.testing import ScriptedModel
        from hermes.testing.script import step_from_json

        return ScriptedModel([step_from_json(s) for s in sample.script or []], name=opts.model or "scripted")
    from hermes.models.providers import build_model

    provider, model = opts.provider, opts.model
    if provider is None and model and ":" in model:
        provider, model = model.split(":", 1)
    return build_model(w["config"], w["secrets"], provider=provider, model=model, base_url=opts.base_url)


def _file_store(home: Any) -> Any:
    from hermes.state.sqlite import SQLiteStore

    return SQLiteStore(home.state_db)


def _memory_store() -> Any:
    """A fresh in-memory store, cloned from a migrated template: building the schema (tables,
    FTS indexes, triggers) for every sample cost more than the rest of a scripted sample."""
    import sqlite3

    from hermes.state.sqlite import SQLiteStore

    cls = _worker.get("store_cls")
    if cls is None:
        template = SQLiteStore(":memory:")

        class _Cloned(SQLiteStore):
            def _connect(self) -> None:
                conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
                template._db().backup(conn)
                conn.row_factory = sqlite3.Row
                conn.execute("PRAGMA foreign_keys = ON")
                self._conn, self._pid = conn, os.getpid()

        cls = _worker["store_cls"] = _Cloned
    return cls(":memory:")


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="milliseconds")


async def run_sample(sample: Sample, opts: BatchOptions, toolsets: list[str] | None) -> dict[str, Any]:
    """The record for one sample; never raises for the sample's own failures (they are data)."""
    from hermes.core.events import ErrorEvent, Final, ToolFinished, UsageEvent
    from hermes.core.messages import Usage
    from hermes.home import Home
    from hermes.research.formats import record
    from hermes.runtime import Hermes

    w = _setup(opts)
    started, t0 = _now(), time.perf_counter()
    tmp = Path(tempfile.mkdtemp(prefix=f"hermes-batch-{_safe(sample.id)}-", dir=opts.tmp_dir))
    home = Home(tmp / "home").ensure()
    cwd = tmp / "work"
    cwd.mkdir()
    config = w["config"].model_copy(deep=False)
    config.terminal = config.terminal.model_copy(update={"cwd": str(cwd)})
    usage, turns, tool_stats, error, final, conv, h = Usage(), 0, {}, None, None, None, None
    model_name = provider = ""
    try:
        model = _build_model(sample, opts, w)
        model_name, provider = model.name, model.provider
        # The store only feeds this record: in memory unless the home is kept for inspection.
        store = _memory_store() if not opts.keep_homes else _file_store(home)
        h = Hermes(home, config, model=model, store=store, secrets=w["secrets"], registry=w["registry"])
        h.learner = None  # no background memory review: a sample is one isolated turn
        conv = h.open(source="batch", toolsets=toolsets,
                      prompt_extra={"batch": sample.system} if sample.system else None)

        async def drive() -> None:
            nonlocal usage, turns, final, error
            async for ev in conv.send(sample.prompt):
                if isinstance(ev, UsageEvent):
                    turns += 1
                elif isinstance(ev, ToolFinished):
                    st = tool_stats.setdefault(ev.name, {"count": 0, "success": 0, "failure": 0})
                    st["count"] += 1
                    st["success" if ev.ok else "failure"] += 1
                elif isinstance(ev, Final):
                    final, usage = ev, ev.usage
                elif isinstance(ev, ErrorEvent):
                    error = f"model_error: {ev.message}"

        await asyncio.wait_for(drive(), opts.timeout)
    except asyncio.TimeoutError:
        error = f"timeout: no answer within {opts.timeout:g}s"
    except Exception as e:  # a sample's crash is recorded, never fatal to the run
        error = f"{type(e).__name__}: {e}"
        if os.environ.get("HERMES_BATCH_TRACEBACK"):
            error += "\n" + traceback.format_exc()
    messages = []
    if conv is not None:
        try:
            await conv.close()
            messages = [m for m in h.store.get_messages(conv.id)]
            from hermes.core.messages import Message

            messages.insert(0, Message.system(conv.state.system_prompt))
        except Exception as e:
            error = error or f"{type(e).__name__}: {e}"
        try:
            h.store.close()
        except Exception:
            pass
    if error is None and final is None:
        error = "no_answer: the turn ended without a final answer"
    budget = opts.max_turns or w["config"].agent.max_turns
    meta = {
        "id": sample.id, "prompt_index": sample.index,
        "completed": error is None and not (final and final.cancelled),
        "partial": turns > budget,  # the budget ran out: the last answer was forced without tools
        "error": error, "model": model_name, "provider": provider, "toolsets": toolsets,
        "turns": turns,
        "tokens": {"input": usage.input_tokens, "output": usage.output_tokens,
                   "cache_read": usage.cache_read_tokens, "total": usage.total},
        "tool_stats": tool_stats,
        "tool_errors": sum(s["failure"] for s in tool_stats.values()),
        "started_at": started, "finished_at": _now(),
        "seconds": round(time.perf_counter() - t0, 4),
        "metadata": sample.metadata,
    }
    if opts.keep_homes:
        meta["home"] = str(tmp)
    else:
        _remove_later(tmp)
    return record(messages, opts.fmt, meta)


def _safe(sid: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in sid)[:40]


def _remove_later(path: Path) -> None:
    # rmdir costs milliseconds of disk wait on some file systems: a thread pays it, not the loop
    loop = asyncio.get_running_loop()
    loop.run_in_executor(None, shutil.rmtree, path, True)


async def run_samples(items: list[tuple[Sample, list[str] | None]], opts: BatchOptions,
                      on_result: Any = None) -> list[dict[str, Any]]:
    """Several samples at once in this event loop, at most opts.concurrency in flight."""
    sem = asyncio.Semaphore(opts.concurrency)
    out: list[dict[str, Any]] = []

    async def one(s: Sample, ts: list[str] | None) -> None:
        async with sem:
            rec = await run_sample(s, opts, ts)
        out.append(rec)
        if on_result is not None:
            on_result(rec)

    await asyncio.gather(*(one(s, ts) for s, ts in items))
    return out
