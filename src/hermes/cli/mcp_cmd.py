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
