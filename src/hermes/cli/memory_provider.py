"""`hermes memory provider list|set|test|flush|off` and the doctor's check of the active provider.

At most one external memory service (Honcho, Mem0, Supermemory) runs beside the memory documents
and session search, which always stay. Its settings live in config.yaml under
memory.providers.<name>; its API key lives in HERMES_HOME/.env (or the environment).
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any, Optional

import typer

from hermes.cli.common import fail, get_runtime, print_json

app = typer.Typer(
    help=("The external memory service (at most one): list, set, test, flush, off. Hermes asks it "
          "for a short block of recalled context before each turn (memory.provider_tokens, shown by "
          "/context) and tells it about each finished turn; when it is slow (memory.provider_timeout) "
          "or down, the turn goes on without it and undelivered turns wait in "
          "HERMES_HOME/memory/provider_queue/ until it is back. Each memory scope (you, each chat "
          "user) is its own user/peer in the service."),
    no_args_is_help=True)

# The import name of each service's official SDK, to tell "installed" without importing it.
SDK_MODULES = {"honcho": "honcho", "mem0": "mem0", "supermemory": "supermemory"}
KEY_ENV = {"honcho": "HONCHO_API_KEY", "mem0": "MEM0_API_KEY", "supermemory": "SUPERMEMORY_API_KEY"}
_SECRET_WORDS = ("key", "token", "secret", "password", "passwd", "auth")
TEST_TIMEOUT = 30.0  # `test` waits this long per call, then reports how that compares with the turn budget


def installed(name: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(SDK_MODULES.get(name, name)) is not None
    except (ImportError, ValueError):
        return False


def masked_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """Settings as they may be printed: anything secret-looking masked, URLs without passwords."""
    from hermes.config import mask, redact_dsn

    out: dict[str, Any] = {}
    for k, v in settings.items():
        if isinstance(v, dict):
            out[k] = masked_settings(v)
        elif isinstance(v, str) and any(w in k.lower() for w in _SECRET_WORDS) and not k.endswith("_env"):
            out[k] = mask(v)
        elif isinstance(v, str) and "://" in v and "@" in v:
            out[k] = redact_dsn(v)
        else:
            out[k] = v
    return out


@app.command("list")
def list_(as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """The three services: whether the SDK is installed, which one is active, its settings (masked)."""
    from hermes import pip_extra
    from hermes.memory.provider_runtime import PROVIDERS, queue_for

    rt = get_runtime()
    cfg = rt.config
    rows = []
    for name in PROVIDERS:
        q = queue_for(rt.home, name)
        rows.append({"name": name, "active": cfg.memory.provider == name, "installed": installed(name),
                     "install": pip_extra(name), "settings": masked_settings(cfg.memory.providers.get(name, {})),
                     "queued": len(q), "failed": len(q.failed())})
    if as_json:
        print_json({"active": cfg.memory.provider, "timeout": cfg.memory.provider_timeout,
                    "tokens": cfg.memory.provider_tokens, "providers": rows})
        return
    for r in rows:
        mark = "*" if r["active"] else " "
        state = "installed" if r["installed"] else f"not installed ({r['install']})"
        typer.echo(f"{mark} {r['name']:<12} {state}")
        for k, v in r["settings"].items():
            typer.echo(f"      {k}: {v}")
        if r["queued"] or r["failed"]:
            typer.echo(f"      queue: {r['queued']} waiting, {r['failed']} failed")
    typer.echo(f"active: {cfg.memory.provider or 'none'} (timeout {cfg.memory.provider_timeout:g} s, "
               f"block {cfg.memory.provider_tokens} tokens)")


@app.command("set")
def set_(name: str = typer.Argument(..., help="honcho, mem0 or supermemory."),
         option: Optional[list[str]] = typer.Option(
             None, "--option", "-o",
             help="KEY=VALUE for memory.providers.NAME (repeatable), e.g. base_url=http://localhost:8000, "
                  "workspace=home. An UPPER_CASE key such as HONCHO_API_KEY=... is stored in .env instead.")) -> None:
    """Make NAME the active memory service (replacing any other), with its settings."""
    from hermes import pip_extra
    from hermes.config import ConfigError, set_secret, set_value
    from hermes.memory.provider_runtime import PROVIDERS

    if name not in PROVIDERS:
        fail(f"unknown memory provider {name!r}; one of: {', '.join(PROVIDERS)}")
    rt = get_runtime()
    pairs = []
    for item in option or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            fail(f"--option wants KEY=VALUE, not {item!r}")
        pairs.append((key.strip(), value))
    try:
        for key, value in pairs:
            if key.isupper():
                set_secret(rt.home, key, value)
                typer.echo(f"{key} saved to {rt.home.env_file}")
            else:
                set_value(rt.home, f"memory.providers.{name}.{key}", value)
        set_value(rt.home, "memory.provider", name)
    except ConfigError as e:
        fail(str(e))
    rt._config = None
    typer.echo(f"Memory provider: {name} (saved to {rt.home.config_file}).")
    if not installed(name):
        typer.echo(f"Its SDK is not installed: {pip_extra(name)}. Until then Hermes runs without it.")
    typer.echo("Check it with `hermes memory provider test`.")


@app.command()
def off() -> None:
    """Stop using an external memory service (its settings and any queued turns are kept)."""
    from hermes.config import set_value

    rt = get_runtime()
    was = rt.config.memory.provider
    set_value(rt.home, "memory.provider", "null")
    rt._config = None
    typer.echo(f"Memory provider off (was {was})." if was else "No memory provider was active.")


@app.command()
def test(name: Optional[str] = typer.Argument(None, help="Which one (default: the active one)."),
         as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """Reach the service, store one exchange and recall in a throwaway scope, with timings.
    Exit status 1 with the reason when any step fails."""
    from hermes.memory.provider_runtime import ProviderUnavailable, create_provider

    rt = get_runtime()
    cfg = rt.config
    name = name or cfg.memory.provider
    if not name:
        fail("no memory provider is set; choose one with `hermes memory provider set NAME`")
    try:
        provider = create_provider(name, rt.home, cfg)
    except ProviderUnavailable as e:
        fail(str(e))
    report = asyncio.run(round_trip(provider, cfg.memory.provider_timeout))
    if as_json:
        print_json({"provider": name, **report})
    else:
        for step in report["steps"]:
            mark = "✓" if step["ok"] else "✗"
            typer.echo(f"{mark} {step['step']}: {step['detail']} ({step['ms']:.0f} ms)")
        for w in report["warnings"]:
            typer.echo(f"  note: {w}")
        typer.echo("ok" if report["ok"] else "failed")
    if not report["ok"]:
        raise typer.Exit(1)


async def round_trip(provider: Any, budget: float) -> dict[str, Any]:
    """check, sync, prefetch against a scope nobody uses; stops at the first failure."""
    from hermes.memory.provider import ProviderScope, TurnRecord
    from hermes.memory.provider_runtime import _reason

    tag = uuid.uuid4().hex[:8]
    scope = ProviderScope(f"hermes-test-{tag}", session_id=f"hermes-test-{tag}")
    fact = f"The test marker word is kumquat-{tag}."
    turn = TurnRecord(scope, f"Remember this: {fact}", "Noted.", time.time(), {"test": True})
    steps: list[dict[str, Any]] = []
    warnings: list[str] = []

    async def step(label: str, coro: Any) -> Any:
        start = time.perf_counter()
        try:
            out = await asyncio.wait_for(coro, TEST_TIMEOUT)
            ok, detail = True, "ok"
        except Exception as e:
            out, ok, detail = None, False, _reason(e, TEST_TIMEOUT)
        ms = (time.perf_counter() - start) * 1000
        steps.append({"step": label, "ok": ok, "detail": detail, "ms": ms})
        if ok and ms > budget * 1000 and label in ("prefetch", "sync"):
            warnings.append(f"{label} took {ms:.0f} ms, over memory.provider_timeout ({budget:g} s): "
                            f"turns would skip it")
        return out

    try:
        desc = await step("check", provider.check())
        if steps[-1]["ok"]:
            steps[-1]["detail"] = str(desc or "reachable")
            await step("sync", provider.sync(turn))
        if all(s["ok"] for s in steps):
            block = await step("prefetch", provider.prefetch("What is the test marker word?", scope))
            if steps[-1]["ok"]:
                found = f"kumquat-{tag}" in str(block or "")
                steps[-1]["detail"] = (f"{len(str(block or ''))} chars recalled"
                                       + ("" if found else " (the new fact is not recalled yet; some "
                                                           "services index in the background)"))
    finally:
        try:
            await asyncio.wait_for(provider.close(), 5)
        except Exception:
            pass
    return {"ok": all(s["ok"] for s in steps), "scope": scope.key, "steps": steps, "warnings": warnings}


@app.command()
def flush(failed: bool = typer.Option(False, "--failed", help="Also retry the turns moved aside "
                                                              "after being refused repeatedly.")) -> None:
    """Deliver the turns waiting in the queue now (oldest first)."""
    from hermes.memory.provider_runtime import load_provider

    rt = get_runtime()
    notes: list[str] = []
    active = load_provider(rt.home, rt.config, notify=notes.append)
    if active is None:
        fail(notes[0] if notes else "no memory provider is set")
    if failed:
        moved = active.queue.requeue_failed()
        typer.echo(f"{moved} failed turn(s) put back in the queue.")

    async def go() -> int:
        try:
            return await active.flush()
        finally:
            await active.close()

    sent = asyncio.run(go())
    left, bad = len(active.queue), len(active.queue.failed())
    typer.echo(f"Delivered {sent}; {left} waiting, {bad} failed.")
    for n in notes:
        typer.echo(f"  {n}")
    if left:
        raise typer.Exit(1)


def check(home: Any, cfg: Any, add: Any) -> None:
    """The doctor's check: the active provider starts, answers, and its queue is empty."""
    if not cfg.memory.provider:
        return
    from hermes.memory.provider_runtime import ProviderUnavailable, create_provider, queue_for

    name = cfg.memory.provider
    label = f"memory provider {name}"
    try:
        provider = create_provider(name, home, cfg)
    except ProviderUnavailable as e:
        add(label, False, str(e), f"install it, fix memory.providers.{name} in config.yaml, or "
            f"`hermes memory provider off`")
        return

    async def reach() -> tuple[bool, str, float]:
        from hermes.memory.provider_runtime import _reason

        start = time.perf_counter()
        try:
            desc = await asyncio.wait_for(provider.check(), 10)
            return True, str(desc or "reachable"), time.perf_counter() - start
        except Exception as e:
            return False, _reason(e, 10), time.perf_counter() - start
        finally:
            try:
                await asyncio.wait_for(provider.close(), 5)
            except Exception:
                pass

    ok, detail, took = asyncio.run(reach())
    add(label, ok, f"{detail} ({took * 1000:.0f} ms)" if ok else detail,
        f"check the service and its key ({KEY_ENV.get(name, 'the API key')} in .env); "
        f"`hermes memory provider test` shows each step")
    q = queue_for(home, name)
    waiting, failed = len(q), len(q.failed())
    add(f"{label} queue", failed == 0,
        f"{waiting} turn(s) waiting for delivery" + (f", {failed} refused ({q.failed_path})" if failed else ""),
        "see why in the failed file; `hermes memory provider flush --failed` retries them")
