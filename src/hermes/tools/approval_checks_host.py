"""Approval rules for reaching past the sandbox: containers with host access, namespace entry,
shell history wiping, and environment variables that switch safety off.

Each check registers itself with `_on`; `env_rules` also judges `VAR=value` prefixes, which the
normalizer strips before the command's own check runs.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Iterator

from hermes.tools.approval_base import Ctx, _on, _split, option_values
from hermes.tools.approval_paths import canon, is_history_file

# Host paths whose bind mount hands the container the machine: the root, system folders, the
# Docker socket (control of every container), the home folder.
_HOST_MOUNTS = re.compile(r"^(?:/|/etc|/root|/home|/boot|/dev|/proc|/sys|/var|/var/run|/run|/usr|/lib|/bin|/sbin|"
                          r"~|/var/run/docker\.sock|/run/docker\.sock|/run/containerd.*|/var/lib/docker)/?$")
_HOST_NS = ("--pid", "--ipc", "--uts", "--userns", "--cgroupns")
_CAPS = {"all", "sys_admin", "cap_sys_admin", "sys_ptrace", "cap_sys_ptrace", "sys_module", "cap_sys_module",
         "dac_read_search", "cap_dac_read_search", "sys_rawio", "cap_sys_rawio"}
_RUNS = {"run", "create", "exec"}  # exec --privileged too


def _mount_source(spec: str) -> str:
    if "=" in spec and ("source=" in spec or "src=" in spec):  # --mount type=bind,source=/,target=/h
        for part in spec.split(","):
            k, _, v = part.partition("=")
            if k in ("source", "src"):
                return v
        return ""
    return spec.split(":", 1)[0] if ":" in spec else ""


@_on("docker", "podman", "nerdctl")
def _container_host_access(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    flags, ops = _split(args)
    verbs = [o for o in ops[:2]]
    if not (set(verbs) & _RUNS):
        return
    if "--privileged" in flags or any(f.startswith("--privileged=") and not f.endswith("false") for f in flags):
        yield "container_escape"
        return
    if any(v == "host" for v in option_values(args, _HOST_NS)):
        yield "container_escape"
        return
    if any(v.lower() in _CAPS for v in option_values(args, ("--cap-add",))):
        yield "container_escape"
        return
    if any(re.search(r"(?:apparmor|seccomp|label)[=:](?:unconfined|disable)", v)
           for v in option_values(args, ("--security-opt",))):
        yield "container_escape"
        return
    if any(option_values(args, ("--device",))):
        yield "container_escape"
        return
    for spec in [*option_values(args, ("-v", "--volume")), *option_values(args, ("--mount",))]:
        src = _mount_source(spec)
        if src and _HOST_MOUNTS.match(canon(src)):
            yield "container_escape"
            return


@_on("nsenter", "chroot", "unshare")
def _namespaces(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name == "unshare" and not any(a in ("-r", "--map-root-user") or a.startswith("--map-root") for a in args):
        return  # plain unshare only narrows what a process sees
    if name == "chroot" and not args or any(a in ("--help", "-h", "--version", "-V") for a in args):
        return
    yield "container_escape"


# ---------------------------------------------------------------- shell history

_HIST_VARS = {"HISTFILE", "HISTSIZE", "HISTFILESIZE", "SAVEHIST"}
# Variables that switch an agent's approval or safety checks off (Hermes's own and its peers').
_SAFETY_VAR = re.compile(r"(?i)^\w*(?:YOLO|APPROV|GUARDRAIL|SAFETY|SAFE_?MODE|SKIP_?PERMISSION|"
                         r"DANGEROUSLY|AUTO_?CONFIRM|NO_?CONFIRM|SANDBOX)\w*$")


def _hist_value_off(name: str, value: str) -> bool:
    v = value.strip("'\"")
    return (name == "HISTFILE" and v in ("", "/dev/null")) or (name != "HISTFILE" and v in ("0", "-0", ""))


# Variables that inject code into every program started (library search paths are left out: CUDA
# and toolchains set them routinely).
_LOADER_VARS = {"LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "PERL5OPT", "BASH_ENV", "PROMPT_COMMAND",
                "GIT_EXEC_PATH"}


_TLS_OFF = {"NODE_TLS_REJECT_UNAUTHORIZED": "0", "PYTHONHTTPSVERIFY": "0", "GIT_SSL_NO_VERIFY": "1",
            "CURL_INSECURE": "1", "NPM_CONFIG_STRICT_SSL": "false",
            "PIP_TRUSTED_HOST": "*"}


_PROXY_VAR = re.compile(r"(?i)^(?:https?|all|ftp|rsync|socks|npm_config_(?:https_)?)_?proxy$")
_RAW_HOST = re.compile(r"(?i)^(?:[a-z0-9+]+://)?(?:[^@/\s]*@)?(\[[0-9a-f:.]+\]|\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?/?$")
# Where a proxy of one's own lives: this machine, a private network, a carrier-grade NAT or tailnet.
_OWN_NETS = tuple(ipaddress.ip_network(n) for n in (
    "127.0.0.0/8 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 100.64.0.0/10 169.254.0.0/16 "
    "::1/128 fc00::/7 fe80::/10").split())


def foreign_proxy(value: str) -> bool:
    """A proxy address that is a bare public IP: every request, with its tokens, passes a stranger's
    machine. A named proxy (proxy.corp.example) or one on a private network is ordinary set-up."""
    m = _RAW_HOST.match(value.strip("'\""))
    if not m:
        return False
    try:
        ip = ipaddress.ip_address(m.group(1).strip("[]"))
    except ValueError:
        return False
    return not any(ip in net for net in _OWN_NETS if net.version == ip.version)


_SHARED_DIR = re.compile(r"^(?:/tmp|/var/tmp|/dev/shm|/private/tmp)(?:/|$)")
# Where package managers fetch from, and whether they check what they fetch: a variable that points
# installs at another index, or switches the checksum database off, changes whose code is installed.
_INDEX_VARS = frozenset("GOPROXY GOSUMDB NPM_CONFIG_REGISTRY BUN_CONFIG_REGISTRY YARN_REGISTRY "
                        "YARN_NPM_REGISTRY_SERVER PIP_INDEX_URL PIP_EXTRA_INDEX_URL PIP_FIND_LINKS UV_INDEX_URL "
                        "UV_EXTRA_INDEX_URL UV_INDEX UV_DEFAULT_INDEX UV_FIND_LINKS".split())
_OWN_INDEX = re.compile(r"(?i)^(?:https?://(?:proxy\.golang\.org|sum\.golang\.org|registry\.npmjs\.org|"
                        r"registry\.yarnpkg\.com|(?:pypi\.org|files\.pythonhosted\.org|download\.pytorch\.org|"
                        r"pypi\.nvidia\.com|data\.pyg\.org|localhost|127\.[\d.]+)(?::\d+)?)(?:/\S*)?|direct|off|"
                        r"sum\.golang\.org)$")


def own_index(url: str) -> bool:
    """The default registry or index of a package manager (or one on this machine)."""
    return bool(_OWN_INDEX.match(url.strip("'\"")))


def source_var(name: str, value: str) -> str | None:
    """GOSUMDB=off, GOINSECURE=*, GOPROXY=https://other.example, PIP_INDEX_URL=...: checks off or
    packages fetched from an index nobody vouches for (also read from `go env -w`)."""
    n, v = name.upper(), value.strip("'\"")
    if (n == "GOSUMDB" and v.lower() == "off") or (n in ("GONOSUMCHECK", "GOINSECURE") and v) or (
            n == "GONOSUMDB" and re.search(r"(?:^|,)(?:\*|github\.com)", v)) or (
            n == "YARN_CHECKSUM_BEHAVIOR" and v.lower() in ("ignore", "update")) or (
            n == "GOFLAGS" and "-insecure" in v):
        return "security_off"
    if (n in _INDEX_VARS and v and not all(_OWN_INDEX.match(p) for p in re.split(r"[,|\s]+", v) if p)) or (
            n == "GOFLAGS" and "-toolexec" in v):
        return "tool_hijack"
    return None


def env_rules(assignments: list[str]) -> Iterator[str]:
    """Rules for `NAME=value` words (prefixes, export, declare, env)."""
    for a in assignments:
        name, eq, value = a.partition("=")
        if not eq:
            continue
        if name.upper() in _HIST_VARS and _hist_value_off(name.upper(), value):
            yield "history_wipe"
        elif _SAFETY_VAR.match(name):
            yield "hermes_self_modify"
        elif name in _LOADER_VARS and value.strip("'\""):
            yield "tool_hijack"  # LD_PRELOAD=/tmp/hook.so: code injected into every program started
        elif _TLS_OFF.get(name.upper()) == value.strip("'\"").lower():
            yield "security_off"  # every later download accepts any certificate: a network can swap the code
        elif _PROXY_VAR.match(name) and foreign_proxy(value):
            yield "traffic_redirect"
        elif name == "PATH" and _SHARED_DIR.match(value.strip("'\"").split(":")[0]):
            yield "tool_hijack"  # PATH=/tmp/x:$PATH: any user who can write there chooses what `ls` runs
        elif rule := source_var(name, value):
            yield rule


@_on("export", "declare", "typeset", "readonly", "local", "setenv", "unset", "set", "env")
def _environment(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name == "setenv" and args:  # csh: setenv NAME value
        yield from env_rules([f"{args[0]}={args[1] if len(args) > 1 else ''}"])
        return
    if name == "set":
        if "+o" in args and "history" in args:
            yield "history_wipe"
        return
    if name == "unset":
        for n in (a for a in args if not a.startswith("-")):
            if n.upper() in _HIST_VARS:
                yield "history_wipe"
            elif _SAFETY_VAR.match(n):
                yield "hermes_self_modify"
        return
    yield from env_rules([a for a in args if "=" in a and not a.startswith("-")])


@_on("history")
def _history(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(a.startswith("-") and ("c" in a or "d" in a) for a in args):
        yield "history_wipe"


_FILE_CHANGERS = {"rm", "unlink", "shred", "truncate", "ln", "cp", "mv", "srm", "wipe"}


def history_file_rules(name: str, argv: list[str]) -> Iterator[str]:
    """Deleting, truncating or redirecting a shell history file hides what was run."""
    if name in _FILE_CHANGERS and any(is_history_file(a) for a in argv if not a.startswith("-")):
        yield "history_wipe"
