"""`hermes gateway run|status|setup|install|pair`: Hermes in the chat apps its users already use.

Platforms are configured under `gateway.platforms.<name>` in config.yaml (who may talk to it, groups,
home channel, non-secret options); their tokens and passwords live in `.env`. `setup` writes both,
after checking the credentials against the platform.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path
from typing import List, Optional

import typer

from hermes.cli.common import fail, fmt_time, get_runtime, print_json

app = typer.Typer(help="The chat gateway: Telegram, Discord, Slack, WhatsApp, Signal, SMS, email, Matrix, webhooks.",
                  no_args_is_help=True)
pair_app = typer.Typer(help="Approve, list or revoke people who asked to talk to Hermes.", no_args_is_help=True)
app.add_typer(pair_app, name="pair")


def _enabled(cfg, only: list[str] | None) -> dict:
    plats = {n: p for n, p in cfg.gateway.platforms.items() if p.enabled}
    if only:
        unknown = [n for n in only if n not in plats]
        if unknown:
            fail(f"not configured or disabled: {', '.join(unknown)} (configured: {', '.join(plats) or 'none'})")
        plats = {n: plats[n] for n in only}
    return plats


def _logging(home, verbose: bool) -> None:
    from logging.handlers import RotatingFileHandler

    home.logs_dir.mkdir(parents=True, exist_ok=True)
    handler = RotatingFileHandler(home.logs_dir / "gateway.log", maxBytes=5_000_000, backupCount=3)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger("hermes")
    root.setLevel(logging.INFO)
    root.addHandler(handler)
    if verbose:
        console = logging.StreamHandler(sys.stderr)
        console.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
        root.addHandler(console)


@app.command()
def run(platform: Optional[List[str]] = typer.Option(None, "--platform", help="Only these platforms (repeatable)."),
        no_cron: bool = typer.Option(False, "--no-cron", help="Do not run scheduled jobs in this process."),
        verbose: bool = typer.Option(False, "--verbose", "-v", help="Also log to the terminal."),
        ) -> None:
    """Run the gateway in the foreground until Ctrl-C or SIGTERM (logs to logs/gateway.log).

    Running turns get gateway.shutdown_grace seconds to finish when it stops; messages not answered
    yet are answered by the next start."""
    from hermes.config import secrets as load_secrets
    from hermes.gateway import platforms as registry
    from hermes.gateway.process import AlreadyRunning, take_locks

    from hermes.state import semantic

    semantic.BACKGROUND = True  # a long-running process: new messages get their vectors as stored
    rt = get_runtime()
    plats = _enabled(rt.config, platform)
    if not plats:
        fail("no chat platform is configured: run `hermes gateway setup telegram` (or email, matrix) first")
    secrets = load_secrets(rt.home)
    try:
        locks = take_locks(rt.home, {n: (p, [s for s, _ in registry.module(n).SECRETS]) for n, p in plats.items()},
                           secrets)
    except AlreadyRunning as e:
        fail(str(e))
    except ImportError as e:
        fail(str(e))
    _logging(rt.home, verbose)
    try:
        adapters = {n: registry.create(n, p, secrets, rt.home.root) for n, p in plats.items()}
    except (RuntimeError, ValueError, KeyError) as e:
        locks.release()
        fail(str(e))
    from hermes.cli.chat import make_hermes

    hermes = make_hermes()
    try:
        asyncio.run(_serve(hermes, adapters, cron=not no_cron))
    finally:
        locks.release()


async def _serve(hermes, adapters: dict, *, cron: bool) -> None:
    import signal

    from hermes.gateway.process import keep_status, write_status
    from hermes.gateway.runner import Gateway

    gw = Gateway(hermes, adapters)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    sys.stderr.write(f"Hermes gateway: {', '.join(adapters)} (model {hermes.model.provider}:{hermes.model.name}; "
                     f"scheduler {'on' if cron else 'off'}). Logs: {hermes.home.logs_dir / 'gateway.log'}. "
                     "Ctrl-C stops it.\n")
    await gw.start()
    for name, h in gw.health.items():
        state = "connected" if h.get("connected") else f"not connected yet ({h.get('last_error') or 'retrying'})"
        sys.stderr.write(f"  {name}: {state}\n")
    tasks = [asyncio.create_task(keep_status(hermes.home, gw))]
    cron_stop = asyncio.Event()
    if cron:
        from hermes.server.jobs_api import make_scheduler

        sched = make_scheduler(hermes, shutdown_timeout=8.0)
        if sched is not None:
            tasks.append(asyncio.create_task(sched.run_forever(cron_stop)))
    await stop.wait()
    busy = sum(1 for s in gw.sessions.values() if s.busy)
    sys.stderr.write(f"stopping: {busy} running turn(s) get up to {gw.cfg.shutdown_grace:.0f} s to finish\n")
    cron_stop.set()
    await gw.stop()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    write_status(hermes.home, dict(gw.status(), stopped_at=time.time()))
    sys.stderr.write("gateway stopped\n")


@app.command()
def status(as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """Is the gateway running; each platform connected or not, its last error; sessions and outbox."""
    from hermes.gateway.process import read_status

    rt = get_runtime()
    data = read_status(rt.home)
    configured = {n: p.enabled for n, p in rt.config.gateway.platforms.items()}
    if as_json:
        print_json({"configured": configured, "status": data})
        return
    if not configured:
        typer.echo("No platform configured. Start with: hermes gateway setup telegram")
        return
    if not data or not data.get("running"):
        last = f" (last seen {fmt_time(data.get('updated_at'))})" if data else ""
        typer.echo(f"Gateway: not running{last}. Start it with: hermes gateway run")
    else:
        typer.echo(f"Gateway: running, pid {data['pid']}, status of {fmt_time(data.get('updated_at'))}")
    for name, enabled in configured.items():
        h = (data or {}).get("platforms", {}).get(name, {})
        state = "disabled" if not enabled else ("connected" if h.get("connected") and data.get("running")
                                                 else "not connected")
        err = f"; last error {fmt_time(h.get('last_error_at'))}: {h['last_error']}" if h.get("last_error") else ""
        typer.echo(f"  {name:<10} {state}{err}")
    if data:
        typer.echo(f"Sessions: {data.get('sessions_live', 0)} live, {data.get('sessions_busy', 0)} running a turn, "
                   f"{data.get('sessions_active_hour', 0)} active in the last hour. "
                   f"Outbox: {data.get('outbox_pending', 0)} waiting.")


def _kv(pairs: list[str] | None, what: str) -> dict[str, str]:
    out = {}
    for p in pairs or []:
        if "=" not in p:
            fail(f"{what} must look like NAME=VALUE, got {p!r}")
        k, v = p.split("=", 1)
        out[k.strip()] = v
    return out


@app.command()
def setup(platform: str = typer.Argument(..., help="telegram, discord, slack, whatsapp, signal, sms, email, matrix "
                                                        "or webhook."),
          secret: Optional[List[str]] = typer.Option(None, "--secret", help="NAME=VALUE for .env (repeatable); "
                                                     "asked for when missing and a terminal is attached."),
          option: Optional[List[str]] = typer.Option(None, "--option", help="Platform option NAME=VALUE."),
          allow: Optional[List[str]] = typer.Option(None, "--allow", help="A user id/address allowed to talk."),
          home_channel: Optional[str] = typer.Option(None, "--home-channel", help="Chat for scheduled results."),
          groups: bool = typer.Option(False, "--groups", help="Answer in group chats too."),
          no_validate: bool = typer.Option(False, "--no-validate", help="Save without checking the credentials."),
          ) -> None:
    """Configure a platform: credentials (checked against the platform before saving to .env), who may
    talk to Hermes, the home channel. Run again to change them."""
    from hermes.config import PlatformSection, set_secret, set_value
    from hermes.config import secrets as load_secrets
    from hermes.gateway import platforms as registry

    rt = get_runtime()
    try:
        mod = registry.module(platform)
    except ValueError as e:
        fail(str(e))
    except ImportError as e:
        fail(f"{platform} support is not installed: {e}")
    given = _kv(secret, "--secret")
    known = load_secrets(rt.home)
    tty = sys.stdin.isatty()
    for name, desc in mod.SECRETS:
        if name not in given and not known.get(name) and tty:
            value = typer.prompt(f"{name} ({desc}; Enter to skip)", default="", hide_input=True, show_default=False)
            if value:
                given[name] = value
    opts = dict(rt.config.gateway.platforms[platform].options) if platform in rt.config.gateway.platforms else {}
    opts.update(_kv(option, "--option"))
    old = rt.config.gateway.platforms.get(platform)
    users = list(allow or (old.allowed_users if old else []))
    if not users and tty:
        typed = typer.prompt("User ids/addresses allowed to talk to Hermes (comma-separated; others get a "
                             "pairing code)", default="", show_default=False)
        users = [u.strip() for u in typed.split(",") if u.strip()]
    section = PlatformSection(enabled=True, allowed_users=users, allow_groups=groups or bool(old and old.allow_groups),
                              allowed_chats=list(old.allowed_chats) if old else [],
                              admins=list(old.admins) if old else [],
                              home_channel=home_channel or (old.home_channel if old else None), options=opts)
    if not no_validate:
        merged = dict(known, **given)
        try:
            who = asyncio.run(_validate(registry.create(platform, section, merged, rt.home.root)))
        except Exception as e:  # the message must never carry the secret: adapters phrase their own
            fail(f"{platform}: the credentials did not work ({type(e).__name__}: {e}); nothing was saved")
        typer.echo(f"{platform}: credentials ok ({who})")
    for name, value in given.items():
        set_secret(rt.home, name, value)
    set_value(rt.home, f"gateway.platforms.{platform}", json.dumps(section.model_dump()))
    typer.echo(f"Saved gateway.platforms.{platform} to {rt.home.config_file}"
               + (f" and {len(given)} secret(s) to {rt.home.env_file}" if given else "") + ".")
    if not users:
        typer.echo("Nobody is allowed yet: people who write to the bot get a pairing code; approve it with "
                   "`hermes gateway pair approve CODE`.")
    typer.echo("Start it with: hermes gateway run")


async def _validate(adapter) -> str:
    return await asyncio.wait_for(adapter.validate(), 30)


UNIT = """[Unit]
Description=Hermes chat gateway
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
ExecStart={exe} gateway run
Environment=HERMES_HOME={home}
Restart=on-failure
RestartSec=5
TimeoutStopSec={stop}

[Install]
WantedBy=default.target
"""


@app.command()
def install(print_only: bool = typer.Option(False, "--print", help="Print the unit instead of writing it."),
            ) -> None:
    """Write a systemd user unit that keeps the gateway running (and say how to start it)."""
    rt = get_runtime()
    exe = shutil.which("hermes") or f"{sys.executable} -m hermes"
    unit = UNIT.format(exe=exe, home=rt.home.root, stop=int(rt.config.gateway.shutdown_grace) + 15)
    if print_only:
        typer.echo(unit, nl=False)
        return
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "systemd" / "user"
    base.mkdir(parents=True, exist_ok=True)
    name = "hermes-gateway.service" if rt.profile is None else f"hermes-gateway-{rt.profile}.service"
    path = base / name
    path.write_text(unit)
    typer.echo(f"Wrote {path}")
    typer.echo(f"  runs: {exe} gateway run   (HERMES_HOME={rt.home.root})")
    typer.echo(f"Enable and start it: systemctl --user daemon-reload && systemctl --user enable --now {name}")
    typer.echo("Keep it running after logout: loginctl enable-linger $USER")


def _people():
    from hermes.gateway.people import People
    from hermes.gateway.store import GatewayStore

    rt = get_runtime()
    return People(GatewayStore(rt.home), rt.config.gateway)


@pair_app.command("list")
def pair_list() -> None:
    """Pairing codes waiting for approval, and the people approved so far."""
    people = _people()
    codes = people.pending_codes()
    if not codes:
        typer.echo("No pairing requests waiting.")
    for code, plat, user, name, expires in codes:
        left = max(0, int((expires - time.time()) / 60))
        typer.echo(f"{code}  {plat}:{user} {name or ''}  (expires in {left} min)")
    approved = people.store.q("SELECT platform, user_id, at FROM allowed ORDER BY at")
    if approved:
        typer.echo("Approved:")
        for plat, user, at in approved:
            typer.echo(f"  {plat}:{user}  since {fmt_time(at)}")


@pair_app.command("approve")
def pair_approve(code: str = typer.Argument(..., help="The code the person was given.")) -> None:
    """Allow the person who got CODE to talk to Hermes."""
    try:
        got = _people().approve(code)
    except PermissionError as e:
        fail(str(e))
    if got is None:
        fail(f"no pending pairing code {code.strip().upper()} (wrong or expired); `hermes gateway pair list` shows them")
    typer.echo(f"Approved {got[0]}:{got[1]}; they can talk to Hermes now.")


@pair_app.command("revoke")
def pair_revoke(platform: str = typer.Argument(...), user: str = typer.Argument(..., help="Their user id/address.")
                ) -> None:
    """Withdraw a pairing approval (people listed in config stay allowed: edit allowed_users)."""
    if not _people().revoke(platform, user):
        fail(f"{platform}:{user} was not approved by pairing")
    typer.echo(f"Revoked {platform}:{user}.")
