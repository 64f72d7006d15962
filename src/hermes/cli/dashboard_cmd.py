"""`hermes dashboard`: open the web dashboard in the browser; start the server here when none answers.

The dashboard is part of `hermes serve` (same port, same key), so this command only has to find it:
a server already answering /health on the configured host and port is reused; otherwise this
process becomes that server and opens the browser once it is ready.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Optional

import typer

from hermes.cli.common import fail, get_runtime

app = typer.Typer(help="Open the web dashboard in your browser (starts the server if it is not running).",
                  invoke_without_command=True)


def dashboard_url(host: str, port: int) -> str:
    # A wildcard bind is reached through loopback; an IPv6 literal needs brackets in a URL.
    if host in ("0.0.0.0", "", "::"):
        host = "127.0.0.1"
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/ui/"


def answering(url: str, timeout: float = 1.0) -> bool:
    """Is a Hermes server answering at this dashboard URL?"""
    import httpx

    try:
        r = httpx.get(url.removesuffix("/ui/") + "/health", timeout=timeout)
    except httpx.HTTPError:
        return False
    return r.status_code == 200


def _open_when_ready(url: str, browser: bool, deadline: float = 60.0) -> None:
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if answering(url, timeout=0.5):
            _announce(url, browser)
            return
        time.sleep(0.2)
    sys.stderr.write(f"The server did not answer at {url} within {deadline:.0f} s.\n")


def _announce(url: str, browser: bool) -> None:
    typer.echo(f"Hermes dashboard: {url}")
    sys.stdout.flush()
    if browser:
        import webbrowser

        if not webbrowser.open(url):
            typer.echo("(no browser could be opened here: open the address above yourself)")


@app.callback()
def dashboard(host: Optional[str] = typer.Option(None, "--host", help="Server address (default server.host)."),
              port: Optional[int] = typer.Option(None, "--port", min=1, max=65535,
                                                 help="Server port (default server.port, 8642)."),
              no_browser: bool = typer.Option(False, "--no-browser", help="Only print the address."),
              ) -> None:
    """Open the web dashboard in your browser; start `hermes serve` here if nothing answers."""
    rt = get_runtime()
    cfg = rt.config
    if not cfg.server.dashboard:
        fail("the dashboard is off (server.dashboard: false); turn it on with "
             "`hermes config set server.dashboard true`")
    host = host or cfg.server.host
    port = port or cfg.server.port
    url = dashboard_url(host, port)
    if answering(url):
        _announce(url, not no_browser)
        return
    sys.stderr.write(f"No server answers on {host}:{port}: starting `hermes serve` here (Ctrl-C stops it).\n")
    threading.Thread(target=_open_when_ready, args=(url, not no_browser), daemon=True).start()
    from hermes.cli.serve import serve

    serve(host=host, port=port, api_key=None, no_scheduler=False, workers=1, turn_wait=60.0,
          log_level="warning")
