"""The Settings page: the effective config with secrets masked, the model/provider switch with a
connection test, and the status of the gateway, the scheduler and the exec backend (with a probe).

Masking reuses `hermes config show`'s rules (config_cmd._masked, config.mask), then every .env value
and the server key are scrubbed from the rendered text as well, so a secret pasted into config.yaml
by mistake still never reaches the page.
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

from hermes.dashboard.app import Page, auth_of, render, require

TEST_PROMPT = "Reply with the single word: pong"
TEST_TIMEOUT = 20.0


def _scrubber(request: Any) -> Any:
    from hermes.server.errors import Scrubber

    h = request.app.state.srv.hermes
    key = auth_of(request).key
    return Scrubber.for_hermes(h.home, h.secrets, extra=[key] if key else [])


def masked_config(hermes: Any, scrub: Any) -> tuple[str, list[dict[str, str]]]:
    """(config.yaml as YAML with secrets masked, [{name, value}] of .env with values masked)."""
    import yaml

    from hermes.cli.config_cmd import _masked
    from hermes.config import mask, read_dotenv

    data = hermes.config.model_dump(mode="json")
    for section in ("server", "store"):
        data[section] = _masked(section, data[section])
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # the C dumper is ~10x faster
    text = scrub(yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=True))
    env = [{"name": k, "value": mask(v)} for k, v in read_dotenv(hermes.home.env_file).items()]
    return text, env


def _providers(hermes: Any) -> list[str]:
    from hermes.models.providers import OFFLINE, PROVIDERS

    return list(PROVIDERS) + [n for n in hermes.config.providers if n not in PROVIDERS] + list(OFFLINE[1:])


def _backends(config: Any) -> list[dict[str, Any]]:
    term = config.terminal
    rows = [{"name": "local", "type": "local", "active": term.backend == "local"}] \
        if "local" not in term.backends else []
    rows += [{"name": n, "type": s.type, "active": n == term.backend} for n, s in term.backends.items()]
    if term.backend not in term.backends and term.backend != "local":
        rows.append({"name": term.backend, "type": term.backend, "active": True})
    return rows


def _gateway(hermes: Any) -> dict[str, Any]:
    from hermes.gateway.process import read_status

    configured = {n: p.enabled for n, p in hermes.config.gateway.platforms.items()}
    data = read_status(hermes.home) or {}
    running = bool(data.get("running"))
    platforms = []
    for name, enabled in configured.items():
        h = data.get("platforms", {}).get(name, {})
        state = "disabled" if not enabled else ("connected" if h.get("connected") and running else "not connected")
        platforms.append({"name": name, "state": state, "error": h.get("last_error") or ""})
    return {"configured": bool(configured), "running": running, "pid": data.get("pid"), "platforms": platforms}


async def page(request: Any) -> Any:
    srv = request.app.state.srv
    h = srv.hermes
    ctx: dict[str, Any] = {"title": "Settings"}
    if require(request) is None:  # logged in: gather (else render() sends to the login)
        scrub = _scrubber(request)
        ctx["config_text"], ctx["env"] = masked_config(h, scrub)
        ctx.update(home=str(h.home.root), providers=_providers(h), current_provider=h.model.provider,
                   current_model=h.model.name, base_url=h.config.model.base_url or "",
                   backends=_backends(h.config), gateway=_gateway(h))
        try:
            from hermes.cron.scheduler import scheduler_status

            st = scheduler_status(h.home, getattr(srv.jobs, "store", None))
            ctx["scheduler"] = {"running": st.running, "pid": st.pid, "jobs": st.jobs, "enabled": st.enabled,
                                "error": scrub(st.error or "")}
        except Exception as e:  # no cron package, or a broken jobs file: the rest of the page still shows
            ctx["scheduler"] = {"running": False, "error": scrub(f"{type(e).__name__}: {e}")}
    return render(request, "settings.html", current="settings", **ctx)


async def _form(request: Any) -> tuple[str, str, str | None]:
    body = await request.json()
    if not isinstance(body, dict):
        raise ValueError("expected a JSON object")
    provider = str(body.get("provider") or "").strip()
    model = str(body.get("model") or "").strip()
    base_url = str(body.get("base_url") or "").strip() or None
    if not provider or not model:
        raise ValueError("choose a provider and type a model id")
    return provider, model, base_url


def _build(hermes: Any, provider: str, model: str, base_url: str | None, *, quick: bool = False) -> tuple[Any, Any]:
    """(config with the new model section, its ChatModel): `hermes model set`'s checks, nothing written."""
    from hermes.models.providers import OFFLINE, PROVIDERS
    from hermes.runtime import build_main_model

    cfg = hermes.config
    if provider not in PROVIDERS and provider not in cfg.providers and provider not in OFFLINE \
            and provider != "local":
        raise ValueError(f"unknown provider {provider!r}; known: {', '.join(PROVIDERS)}")
    if provider == "custom" and not base_url:
        raise ValueError("the custom provider needs a base URL")
    section = cfg.model.model_copy(update={"provider": provider, "default": model, "base_url": base_url})
    if quick:  # a connection test should answer within seconds, not retry for minutes
        section = section.model_copy(update={"max_retries": 0, "timeout": 15.0})
    new_cfg = cfg.model_copy(update={"model": section})
    return new_cfg, build_main_model(new_cfg, hermes.secrets, provider=provider, model=model)


def _json(data: dict[str, Any], status: int = 200) -> Any:
    from starlette.responses import JSONResponse

    return JSONResponse(data, status_code=status)


async def model_test(request: Any) -> Any:
    """Send one short message to the chosen model (not saved) and report latency and reply."""
    from hermes.core.messages import Message
    from hermes.models.base import complete

    denied = require(request, write=True)  # it spends tokens: a write
    if denied is not None:
        return denied
    scrub = _scrubber(request)
    try:
        provider, model, base_url = await _form(request)
        _, chat = _build(request.app.state.srv.hermes, provider, model, base_url, quick=True)
        t0 = time.perf_counter()
        done = await asyncio.wait_for(complete(chat, [Message.user(TEST_PROMPT)]), TEST_TIMEOUT)
    except asyncio.TimeoutError:
        return _json({"ok": False, "error": f"no answer within {TEST_TIMEOUT:.0f} s"})
    except Exception as e:  # the point of a test is to show the failure
        return _json({"ok": False, "error": scrub(str(e) or type(e).__name__)[:500]})
    ms = (time.perf_counter() - t0) * 1000
    return _json({"ok": True, "model": chat.name, "provider": chat.provider, "ms": round(ms),
                  "reply": scrub((done.message.content or "").strip())[:300]})


async def switch_model(request: Any) -> Any:
    """Write model.provider/default/base_url to config.yaml (like `hermes model set`) and use the new
    model in this server at once: new turns of every session, live ones included."""
    from hermes.config import ConfigError, set_value

    denied = require(request, write=True)
    if denied is not None:
        return denied
    srv = request.app.state.srv
    h = srv.hermes
    try:
        provider, model, base_url = await _form(request)
        new_cfg, chat = _build(h, provider, model, base_url)
        set_value(h.home, "model.provider", provider)
        set_value(h.home, "model.default", model)
        set_value(h.home, "model.base_url", base_url or "null")
    except (ValueError, ConfigError) as e:
        return _json({"ok": False, "error": {"message": _scrubber(request)(str(e))[:500]}}, 400)
    h.config.model = new_cfg.model
    h.model = chat
    for entry in list(getattr(srv.pool, "_entries", {}).values()):
        entry.conv.set_model(chat)
    srv.model_names.add(chat.name)
    return _json({"ok": True, "model": chat.name, "provider": chat.provider,
                  "message": f"Now using {chat.name} via {chat.provider} (saved to config.yaml)."})


async def backend_test(request: Any) -> Any:
    """`hermes exec test` for the configured backend: open, run, move a file, close."""
    from hermes.config import secrets
    from hermes.exec.factory import BackendContext, secret_names_from
    from hermes.exec.probe import probe

    denied = require(request, write=True)  # it starts containers / connections
    if denied is not None:
        return denied
    h = request.app.state.srv.hermes
    name = request.query_params.get("name") or None
    cwd = os.path.expanduser(h.config.terminal.cwd or os.getcwd())
    ctx = BackendContext(start_dir=cwd, session_id="probe", home=h.home.root,
                         secret_names=frozenset(secret_names_from(h.home)), secrets=secrets(h.home))
    report = await probe(h.config.terminal, name, ctx, count=3)
    report["error"] = _scrubber(request)(report.get("error") or "")
    return _json(report)


def _routes() -> list[Any]:
    from starlette.routing import Route

    return [Route("/ui/settings", page),
            Route("/ui/settings/model/test", model_test, methods=["POST"]),
            Route("/ui/settings/model", switch_model, methods=["POST"]),
            Route("/ui/settings/backend/test", backend_test, methods=["POST"])]


PAGE = Page("settings", "Settings", _routes())
