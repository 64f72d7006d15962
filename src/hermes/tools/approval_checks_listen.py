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

from hermes.tools.approval_base import Ctx, _on, option_value, option_values

_ANY_ADDR = re.compile(r"(?:^|[=:/\s])(?:0\.0\.0\.0|\*|::|\[::\])(?::\d+)?(?:$|[/\s])")
_EMPTY_TOKEN = re.compile(r"^--(?:NotebookApp|ServerApp|IdentityProvider)\.(?:token|password)=(?:''|\"\"|)$")


@_on("jupyter", "jupyter-notebook", "jupyter-lab")
def _jupyter(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ip = option_value(args, ("--ip", "--NotebookApp.ip", "--ServerApp.ip")) or ""
    if _ANY_ADDR.search(" " + ip + " ") and any(_EMPTY_TOKEN.match(a) for a in args):
        yield "open_service"


@_on("code-server", "openvscode-server")
def _code_server(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if (option_value(args, ("--auth",)) == "none" or "--without-connection-token" in args) and _ANY_ADDR.search(
            " " + (option_value(args, ("--bind-addr", "--host")) or "") + " "):
        yield "open_service"


@_on("ttyd", "gotty", "wetty", "shellinaboxd")
def _web_terminal(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    bound = option_value(args, ("-i", "--interface", "--address", "-a", "--host"))
    if bound and re.match(r"^(?:lo|127\.|localhost|::1)", bound):
        return
    if option_value(args, ("-c", "--credential")) or any(a.startswith("--credential") for a in args):
        return  # basic auth set
    if any(a in ("-h", "--help", "-v", "--version") for a in args):
        return
    yield "open_service"


@_on("x11vnc", "vncserver", "tigervncserver", "x0vncserver", "wayvnc")
def _vnc(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if "-localhost" in args or option_value(args, ("-localhost",)) in ("yes", "1"):
        return
    if "-nopw" in args or (option_value(args, ("-SecurityTypes", "-securitytypes")) or "").lower() == "none":
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
    if option_value(args, ("--protected-mode",)) == "no" and not option_value(args, ("--requirepass",)):
        yield "open_service"


@_on("mongod")
def _mongod(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if ("--bind_ip_all" in args or _ANY_ADDR.search(" " + (option_value(args, ("--bind_ip",)) or "") + " ")) and \
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
    address = option_value(args, ("--address",)) or ""
    if "port-forward" in args and any(a in ("0.0.0.0", "::") for a in address.split(",")):
        yield "tunnel_expose"


@_on("ssh", "autossh")
def _local_forward_everywhere(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    forwards = [args[k + 1] for k, a in enumerate(args[:-1]) if a == "-L"] + [a[2:] for a in args if a.startswith("-L")
                                                                              and len(a) > 2]
    if any(re.match(r"^(?:0\.0\.0\.0|\*|\[::\]):", f) for f in forwards) or any(
            re.fullmatch(r"-\w*g\w*", a) for a in args if not a.startswith("--")) and forwards:
        yield "tunnel_expose"


@_on("kubectl", "k", "oc")
def _api_proxy(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """kubectl proxy answers with the user's cluster credentials: on every interface, anyone who
    reaches the port is cluster admin."""
    if "proxy" not in args[:3]:
        return
    address = option_value(args, ("--address",)) or ""
    if (address and not re.match(r"^(?:127\.|localhost$|::1$)", address)) or "--disable-filter" in args or any(
            a.startswith("--disable-filter=true") for a in args):
        yield "open_service"


_LISTEN_ADDR = re.compile(r"(?i)^(?:tcp[46]?|udp[46]?|ssl|openssl|sctp[46]?)-(?:listen|l):")
# Another machine's service, or a local socket (the Docker daemon's); a port of this machine's own
# loopback is left to the service listening there.
_PEER_ADDR = re.compile(r"(?i)^(?:(?:tcp[46]?|udp[46]?|ssl|openssl|sctp[46]?|socks4a?|proxy):"
                        r"(?!(?:localhost|127\.[\d.]+|\[::1\])(?::|,|$))|(?:unix-connect|unix-client|unix|vsock-connect):)")


@_on("socat", "redir", "rinetd")
def _relay(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """A relay listening on every interface hands whatever it forwards to (a database on another host,
    the Docker socket) to the network, without the service's own access rules."""
    if name != "socat":
        bound = " ".join(args)
        if name == "redir" and not re.search(r"--laddr[= ](?:127\.|localhost)|(?:^|\s)(?:127\.[\d.]+|localhost):\d",
                                             bound):
            yield "tunnel_expose"
        return
    addresses = [a for a in args if not a.startswith("-") or a == "-"]
    listen = [a for a in addresses if _LISTEN_ADDR.match(a)]
    if listen and any(_PEER_ADDR.match(a) for a in addresses if a not in listen) and not any(
            re.search(r"(?i),(?:bind=(?:127\.|localhost|\[?::1)|range=127\.)", a) for a in listen):
        yield "tunnel_expose"


# Container settings that switch a server's authentication off (the image's own server reads them).
_AUTH_OFF = re.compile(r"(?i)--protected-mode[= ]no\b|--noauth\b|--auth[= ]none\b|--without-connection-token|"
                       r"xpack\.security\.enabled=false|plugins\.security\.disabled=true|"
                       r"disable_security_plugin=true|(?:postgres|pg)_host_auth_method=trust|"
                       r"(?:mysql|mariadb)_allow_empty(?:_root)?_password=(?:yes|1|true)|"
                       r"allow_empty_password=(?:yes|1|true)|--skip-grant-tables|"
                       r"--(?:notebookapp|serverapp|identityprovider)\.(?:token|password)=(?:''|\"\"|\s|$)|"
                       r"jupyter_token=(?:\s|$)|tcp://0\.0\.0\.0:2375|docker_tls_certdir=(?:\s|$|''|\"\")|"
                       r"-nopw\b|securitytypes[= ]none")


@_on("docker", "podman", "nerdctl")
def _open_container(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """`docker run -p 0.0.0.0:6379:6379 redis --protected-mode no`: the port is published on every
    interface, asked for by address (or the host's network), and the server behind it asks for no
    password. A bare `-p 5432:5432` is the documented local setup, judged like a server started with
    its default address."""
    ops = [a for a in args if not a.startswith("-")]
    if not ops or ops[0] not in ("run", "create") and ops[:2] not in (["container", "run"], ["container", "create"]):
        return
    ports = list(option_values(args, ("-p", "--publish"))) + [a.split("=", 1)[1] for a in args
                                                              if a.startswith("--publish=")]
    ports += [a[2:] for a in args if a.startswith("-p") and len(a) > 2 and a[2].isdigit()]
    exposed = any(re.match(r"^(?:0\.0\.0\.0|\[?::\]?|\*):", p) for p in ports) or any(
        a in ("--network=host", "--net=host") for a in args) or any(
            a in ("--network", "--net") and args[k + 1:k + 2] == ["host"] for k, a in enumerate(args))
    joined = " " + " ".join(args) + " "
    if exposed and _AUTH_OFF.search(joined):
        yield "open_service"
