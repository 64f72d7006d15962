"""Command checks: servers started so that anyone on the network can use them without a password.

A web terminal (ttyd, gotty), a notebook with its token emptied, code-server with `--auth none`, a VNC
desktop without a password, the Docker daemon on a TCP port without TLS, Redis with protected mode
off, MongoDB or Elasticsearch listening everywhere with authentication off: each is a shell on this
machine for whoever finds the port. Bound to loopback, or with a password set, they are ordinary.
Port forwards that listen on every interface (`kubectl port-forward --address 0.0.0.0`, `ssh -L
0.0.0.0:...`, `ssh -g`) hand a private service to the network the same way.
"""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import Ctx, _on
from hermes.tools.approval_checks_host import _flag_values

_ANY_ADDR = re.compile(r"(?:^|[=:/\s])(?:0\.0\.0\.0|\*|::|\[::\])(?::\d+)?(?:$|[/\s])")
_EMPTY_TOKEN = re.compile(r"^--(?:NotebookApp|ServerApp|IdentityProvider)\.(?:token|password)=(?:''|\"\"|)$")


def _value(args: list[str], *names: str) -> str | None:
    return next(_flag_values(args, names), None)


@_on("jupyter", "jupyter-notebook", "jupyter-lab")
def _jupyter(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ip = _value(args, "--ip", "--NotebookApp.ip", "--ServerApp.ip") or ""
    if _ANY_ADDR.search(" " + ip + " ") and any(_EMPTY_TOKEN.match(a) for a in args):
        yield "open_service"


@_on("code-server", "openvscode-server")
def _code_server(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if (_value(args, "--auth") == "none" or "--without-connection-token" in args) and _ANY_ADDR.search(
            " " + (_value(args, "--bind-addr", "--host") or "") + " "):
        yield "open_service"


@_on("ttyd", "gotty", "wetty", "shellinaboxd")
def _web_terminal(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    bound = _value(args, "-i", "--interface", "--address", "-a", "--host")
    if bound and re.match(r"^(?:lo|127\.|localhost|::1)", bound):
        return
    if _value(args, "-c", "--credential") or any(a.startswith("--credential") for a in args):
        return  # basic auth set
    if any(a in ("-h", "--help", "-v", "--version") for a in args):
        return
    yield "open_service"


@_on("x11vnc", "vncserver", "tigervncserver", "x0vncserver", "wayvnc")
def _vnc(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if "-localhost" in args or _value(args, "-localhost") in ("yes", "1"):
        return
    if "-nopw" in args or (_value(args, "-SecurityTypes", "-securitytypes") or "").lower() == "none":
        yield "open_service"


@_on("dockerd")
def _dockerd(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    hosts = [args[k + 1] for k, a in enumerate(args[:-1]) if a in ("-H", "--host")]
    hosts += [a.split("=", 1)[1] for a in args if a.startswith("--host=")]
    if any(h.startswith("tcp://") and not re.match(r"tcp://(?:127\.|localhost)", h) for h in hosts) and \
            "--tlsverify" not in args:
        yield "open_service"


@_on("redis-server", "valkey-server", "keydb-server")
def _redis(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if _value(args, "--protected-mode") == "no" and not _value(args, "--requirepass"):
        yield "open_service"


@_on("mongod")
def _mongod(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if ("--bind_ip_all" in args or _ANY_ADDR.search(" " + (_value(args, "--bind_ip") or "") + " ")) and \
            "--auth" not in args:
        yield "open_service"


@_on("elasticsearch", "opensearch")
def _search_server(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    joined = " ".join(args)
    if re.search(r"xpack\.security\.enabled=false|plugins\.security\.disabled=true", joined) and re.search(
            r"network\.host=(?:0\.0\.0\.0|_site_|_global_)", joined):
        yield "open_service"


@_on("kubectl", "k", "oc")
def _port_forward(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if "port-forward" in args and any(a in ("0.0.0.0", "::") for a in (_value(args, "--address") or "").split(",")):
        yield "tunnel_expose"


@_on("ssh", "autossh")
def _local_forward_everywhere(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    forwards = [args[k + 1] for k, a in enumerate(args[:-1]) if a == "-L"] + [a[2:] for a in args if a.startswith("-L")
                                                                              and len(a) > 2]
    if any(re.match(r"^(?:0\.0\.0\.0|\*|\[::\]):", f) for f in forwards) or any(
            re.fullmatch(r"-\w*g\w*", a) for a in args if not a.startswith("--")) and forwards:
        yield "tunnel_expose"
