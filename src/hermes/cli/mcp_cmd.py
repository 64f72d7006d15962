"""`hermes mcp list|test|add|remove|serve`: MCP servers Hermes uses, and Hermes as an MCP server."""

from __future__ import annotations

from typing import Optional

import typer

from hermes.cli.common import fail, get_runtime

app = typer.Typer(help="MCP servers: list, test, add, remove; serve Hermes itself over MCP.", no_args_is_help=True)


@app.command()
def serve(scope: str = typer.Option("owner", "--scope", help="The one memory scope this server serves."),
          port: Optional[int] = typer.Option(None, "--port", help="Serve streamable HTTP on this port "
                                                                  "(default: stdio)."),
          host: str = typer.Option("127.0.0.1", "--host", help="Address for --port. Anything but loopback "
                                                              "needs HERMES_MCP_TOKEN set."),
          ) -> None:
    """Expose Hermes to other MCP clients (editors, desktop assistants): ask a session, search
    sessions, read and add memory, list and run cron jobs, all within one memory scope."""
    try:
        from hermes.mcp.server import run_server
    except ImportError as e:
        from hermes import pip_extra

        fail(f"MCP support is not installed ({e.name}): {pip_extra('mcp')}")
    rt = get_runtime()
    run_server(rt.home, rt.config, scope=scope, port=port, host=host)


def _servers() -> dict:
    return dict(get_runtime().config.mcp_servers)


def _where(cfg) -> str:
    if cfg.command:
        return " ".join([cfg.command, *cfg.args])
    return cfg.url or ""


@app.command("list")
def list_servers(as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """The configured MCP servers: how each is reached, its tool filter, and the tools it listed last
    time it was reached. Header and environment values are never shown (only their names)."""
    from hermes.cli.common import print_json

    rt = get_runtime()
    rows = []
    for name, cfg in _servers().items():
        cached = _cached_tools(rt.home, name)
        rows.append({"name": name, "enabled": cfg.enabled, "transport": cfg.transport if cfg.transport != "auto"
                     else ("stdio" if cfg.command else "http"), "target": _where(cfg),
                     "env": sorted(cfg.env), "headers": sorted(cfg.headers), "include": cfg.tools.include,
                     "exclude": cfg.tools.exclude, "tools_last_seen": cached})
    if as_json:
        print_json(rows)
        return
    if not rows:
        typer.echo("No MCP servers configured. Add one: hermes mcp add NAME --command CMD [--arg A]... "
                   "or --url URL")
        return
    for r in rows:
        state = "" if r["enabled"] else " (disabled)"
        seen = "never reached" if r["tools_last_seen"] is None else f"{r['tools_last_seen']} tools last time"
        typer.echo(f"{r['name']}{state}: {r['transport']} {r['target']}  [{seen}]")
        for label in ("env", "headers", "include", "exclude"):
            if r[label]:
                typer.echo(f"    {label}: {', '.join(r[label])}")


def _cached_tools(home, name: str):
    import json
    import re

    f = home.root / "cache" / "mcp" / f"catalog-{re.sub(r'[^A-Za-z0-9_-]', '_', name)}.json"
    try:
        return len(json.loads(f.read_text()).get("tools", []))
    except (OSError, ValueError):
        return None


def probe(home, config, names: list[str], timeout: float) -> list[dict]:
    """Connect to these servers now and report each one's state, tools and time to connect."""
    import asyncio
    import time

    from hermes.config import secrets
    from hermes.mcp.manager import MCPManager

    cfg = config.model_copy(deep=True)
    cfg.mcp_servers = {n: config.mcp_servers[n].model_copy(update={"enabled": True}) for n in names}
    mgr = MCPManager(home, cfg, secrets(home))
    t0 = time.perf_counter()
    mgr.start()
    try:
        asyncio.run(mgr.wait_connected(timeout))
        took = time.perf_counter() - t0
        out = []
        for st in mgr.status():
            tools = [t for t in mgr.all_tools() if t.name.startswith(f"mcp_{st['name']}_")]
            out.append(dict(st, seconds=round(took, 2), tool_list=[
                {"name": t.name, "read_only": t.read_only} for t in tools]))
        return out
    finally:
        mgr.stop()


@app.command()
def test(name: str = typer.Argument(..., help="A configured server (see hermes mcp list)."),
         timeout: float = typer.Option(30.0, "--timeout", help="Seconds to wait for it."),
         as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """Start or dial one server now, list its tools, and say how long it took (or why it failed)."""
    from hermes.cli.common import print_json

    rt = get_runtime()
    if name not in rt.config.mcp_servers:
        fail(f"no MCP server named {name!r} (configured: {', '.join(rt.config.mcp_servers) or 'none'})")
    try:
        import mcp  # noqa: F401
    except ImportError:
        from hermes import pip_extra

        fail(f"MCP support is not installed: {pip_extra('mcp')}")
    [st] = probe(rt.home, rt.config, [name], timeout)
    if as_json:
        print_json(st)
    elif st["state"] == "connected":
        typer.echo(f"{name}: connected in {st['seconds']:.2f} s ({st['server']}), {len(st['tool_list'])} tools:")
        for t in st["tool_list"]:
            typer.echo(f"  {t['name']}" + ("" if t["read_only"] else "  (asks for approval)"))
    if st["state"] != "connected":
        fail(f"{name}: {st['state']}: {st['error'] or 'no answer within the timeout'}")


@app.command()
def add(name: str = typer.Argument(..., help="A short name; tools become mcp_NAME_TOOL."),
        command: Optional[str] = typer.Option(None, "--command", help="Program to start (stdio)."),
        arg: Optional[list[str]] = typer.Option(None, "--arg", help="Argument for --command (repeatable)."),
        env: Optional[list[str]] = typer.Option(None, "--env", help="NAME=VALUE for the server's environment; "
                                                                  "use ${SECRET} to take a value from .env."),
        url: Optional[str] = typer.Option(None, "--url", help="Server URL (streamable HTTP; .../sse for SSE)."),
        header: Optional[list[str]] = typer.Option(None, "--header", help="NAME=VALUE HTTP header (${SECRET} "
                                                                        "from .env)."),
        include: Optional[list[str]] = typer.Option(None, "--include", help="Only these tools (globs)."),
        exclude: Optional[list[str]] = typer.Option(None, "--exclude", help="Not these tools (globs)."),
        timeout: float = typer.Option(60.0, "--timeout", help="Seconds a tool call may take."),
        no_test: bool = typer.Option(False, "--no-test", help="Save without connecting to it."),
        ) -> None:
    """Add (or replace) a server in config.yaml, then connect to it once to check it works."""
    import json

    from hermes.config import ConfigError, MCPServer, set_value

    def kv(items, flag):
        out = {}
        for it in items or []:
            k, sep, v = it.partition("=")
            if not sep or not k:
                fail(f"{flag} takes NAME=VALUE, got {it!r}")
            out[k] = v
        return out
    spec = {"command": command, "args": list(arg or []), "env": kv(env, "--env"), "url": url,
            "headers": kv(header, "--header"), "timeout": timeout,
            "tools": {"include": list(include or []), "exclude": list(exclude or [])}}
    from pydantic import ValidationError

    try:
        MCPServer(**spec)
    except ValidationError as e:
        fail(f"{name}: " + "; ".join(err["msg"].removeprefix("Value error, ") for err in e.errors()))
    rt = get_runtime()
    try:
        set_value(rt.home, f"mcp_servers.{name}", json.dumps({k: v for k, v in spec.items() if v not in (None, [], {})}))
    except ConfigError as e:
        fail(str(e))
    typer.echo(f"Saved mcp_servers.{name} to {rt.home.config_file}.")
    if no_test:
        return
    from hermes.config import load_config

    [st] = probe(rt.home, load_config(rt.home), [name], 30.0)
    if st["state"] == "connected":
        typer.echo(f"{name}: connected ({st['server']}), {len(st['tool_list'])} tools. They are offered from the "
                   "next session (or /reload-mcp in a running one).")
    else:
        fail(f"{name} was saved but did not connect: {st['error'] or st['state']}. Fix it and run "
             f"`hermes mcp test {name}`, or `hermes mcp remove {name}`.")


@app.command()
def remove(name: str = typer.Argument(..., help="The server to remove from config.yaml.")) -> None:
    """Remove a server from config.yaml (running sessions drop it at /reload-mcp or their next start)."""
    import json

    import yaml

    from hermes.config import set_value

    rt = get_runtime()
    path = rt.home.config_file
    data = (yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None) or {}
    servers = data.get("mcp_servers") or {}
    if name not in servers:
        fail(f"no MCP server named {name!r} (configured: {', '.join(servers) or 'none'})")
    del servers[name]
    set_value(rt.home, "mcp_servers", json.dumps(servers))
    typer.echo(f"Removed mcp_servers.{name}.")
