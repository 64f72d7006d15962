"""Command checks: acting on many machines, accounts or containers at once.

Power of other machines (a server's BMC through ipmitool or racadm, virtual machines and system
containers through their hypervisor or manager: virsh, qm, multipass, lxc, incus), fleet tools'
modules that do what a shell command would (`ansible all -m reboot` is `reboot` on every host: the
module is translated and the command judged as if typed), deletes in a directory service (LDAP,
Samba AD, FreeIPA, Kerberos), every container of another host or a cluster node stopped or removed
in one command (`ssh host 'docker stop $(docker ps -q)'`, `ctr ... rm $(ctr ... ls -q)`), a node's
cluster state reset (kubeadm reset), and ssh-keygen writing over the user's key.
"""

from __future__ import annotations

import re
import shlex
from typing import Iterator

from hermes.tools.approval_base import Ctx, _on, option_value
from hermes.tools.approval_checks_infra import _ops
from hermes.tools.approval_launchers import LAUNCHERS, Carried, _flag_value
from hermes.tools.approval_paths import canon
from hermes.tools.normalize import cmd_name

# ---------------------------------------------------------------- power of other machines


@_on("ipmitool", "ipmipower", "racadm", "redfishtool", "ipmiutil")
def _bmc_power(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """A server's power through its management controller: off is off, whichever machine it is."""
    low = [a.lower() for a in args]
    joined = " ".join(low)
    if name in ("ipmitool", "ipmiutil") and (
            re.search(r"\bpower\s+(?:off|cycle|reset|soft|diag)\b", joined) or
            re.search(r"\braw\s+0x0*0\s+0x0*2\b", joined)):  # raw chassis control
        yield "shutdown"
    elif name == "ipmipower" and any(a in ("--off", "--cycle", "--reset", "--soft", "--pulse") for a in low):
        yield "shutdown"
    elif name == "racadm" and re.search(r"\bserveraction\s+(?:powerdown|powercycle|hardreset|graceshutdown|"
                                        r"gracereboot)\b", joined):
        yield "shutdown"
    elif name == "redfishtool" and re.search(r"\breset\b", joined) and "systems" in low:
        yield "shutdown"


_VM_POWER = {"virsh": {"destroy", "shutdown", "reboot", "reset"}, "xl": {"destroy", "shutdown", "reboot"},
             "qm": {"stop", "shutdown", "reset", "reboot"}, "pct": {"stop", "shutdown", "reboot"},
             "vmrun": {"stop", "reset"}, "prlctl": {"stop", "reset", "restart"}, "govc": {"vm.power"},
             "lxc": {"stop", "restart"}, "incus": {"stop", "restart"}, "lxc-stop": {"*"},
             "multipass": {"stop", "restart", "suspend"}, "limactl": {"stop"}}
_VM_DELETE = {"virsh": {"undefine"}, "qm": {"destroy"}, "pct": {"destroy"}, "prlctl": {"delete"},
              "govc": {"vm.destroy"}, "multipass": {"delete", "purge"}, "limactl": {"delete", "rm", "remove"},
              "colima": {"delete"}, "docker-machine": {"rm"}, "tart": {"delete"}, "utmctl": {"delete"},
              "orbctl": {"delete"}}
# System containers (LXD, Incus, LXC): an instance, or a storage pool or volume, deleted with its data.
_CONTAINER_DELETE = {"lxc": {"delete", "rm"}, "incus": {"delete", "rm"}, "lxc-destroy": {"*"}}


@_on(*_VM_POWER, *_VM_DELETE, *_CONTAINER_DELETE, "vboxmanage")
def _vm_power(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """A virtual machine powered off or reset loses what it was doing; deleted, its disks."""
    ops = [a.lower() for a in _ops(args, frozenset({"-c", "--connect", "-T", "-n", "--name", "-P", "--project"}))]
    if any(a in ("-h", "--help") for a in args):
        return
    if name in _CONTAINER_DELETE and (ops[:1] and ops[0] in _CONTAINER_DELETE[name] or "*" in _CONTAINER_DELETE[
            name] or (ops[:1] == ["storage"] and "delete" in ops[1:3])):
        yield "docker_destroy"
        return
    if name == "vboxmanage":
        if ops[:1] == ["controlvm"] and set(ops[2:3]) & {"poweroff", "reset", "acpipowerbutton"}:
            yield "vm_power"
        elif ops[:1] == ["unregistervm"] and "--delete" in args:
            yield "cloud_destroy"
        return
    if ops[:1] and ops[0] in _VM_DELETE.get(name, ()):
        yield "cloud_destroy"
    elif (ops[:1] and ops[0] in _VM_POWER.get(name, ()) or "*" in _VM_POWER.get(name, ())) and not (
            name == "govc" and "-on" in args):
        yield "vm_power"


# ---------------------------------------------------------------- fleet modules, as the commands they are

def _kv(text: str) -> dict[str, str]:
    try:
        words = shlex.split(text)
    except ValueError:
        words = text.split()
    return {k.lower(): v for k, _, v in (w.partition("=") for w in words) if v}


def _module_commands(module: str, kv: dict[str, str]) -> list[str]:
    """The shell command a fleet tool's module amounts to, for the common destructive ones."""
    module = module.rsplit(".", 1)[-1].lower()
    state = kv.get("state", "").lower()
    target = kv.get("path") or kv.get("dest") or kv.get("name") or ""
    if module in ("reboot", "win_reboot"):
        return ["reboot"]
    if module == "shutdown":
        return ["shutdown -h now"]
    if module in ("service", "systemd", "systemd_service", "sysvinit", "win_service"):
        verb = {"stopped": "stop", "restarted": "restart"}.get(state) or (
            "disable" if kv.get("enabled", "").lower() in ("no", "false") else "")
        return [f"systemctl {verb} {shlex.quote(kv.get('name', 'x'))}"] if verb else []
    if module in ("file", "win_file") and state == "absent" and target:
        return [f"rm -rf {shlex.quote(target)}"]
    if module in ("user", "win_user"):
        return [("userdel " if state == "absent" else "usermod ") + shlex.quote(kv.get("name", "x"))]
    if module == "group" and state == "absent":
        return ["groupdel " + shlex.quote(kv.get("name", "x"))]
    if module in ("apt", "yum", "dnf", "package", "pip", "apk", "pacman", "zypper", "win_package",
                  "homebrew") and state in ("absent", "removed"):
        return ["apt-get remove -y " + " ".join(shlex.quote(n) for n in kv.get("name", "x").split(","))]
    if module in ("copy", "template", "lineinfile", "blockinfile", "replace") and target:
        return [f"tee -a {shlex.quote(target)}"]
    if module == "authorized_key":
        return ["tee -a ~/.ssh/authorized_keys"]
    if module in ("selinux",) and state == "disabled":
        return ["setenforce 0"]
    if module == "ufw" and state in ("disabled", "reset"):
        return ["ufw disable"]
    if module == "iptables" and kv.get("flush", "").lower() in ("yes", "true"):
        return ["iptables -F"]
    return []


_ANSIBLE = LAUNCHERS["ansible"]


def _ansible(args: list[str]) -> Carried:
    module = (_flag_value(args, "m", ("--module-name",)) or ["command"])[0]
    values = _flag_value(args, "a", ("--args",))
    return _ANSIBLE(args) + [("sh", c) for c in _module_commands(module, _kv(" ".join(values)))]


_SALT = LAUNCHERS["salt"]
_SALT_FUNCS = {"system.reboot": "reboot", "system.poweroff": "poweroff", "system.shutdown": "shutdown -h now",
               "system.halt": "halt", "service.stop": "systemctl stop", "service.disable": "systemctl disable",
               "file.remove": "rm -rf", "user.delete": "userdel", "group.delete": "groupdel",
               "pkg.remove": "apt-get remove -y", "pkg.purge": "apt-get purge -y"}


def _salt(args: list[str]) -> Carried:
    """salt TARGET system.reboot / service.stop NAME / file.remove PATH ..."""
    out = _SALT(args)
    for k, a in enumerate(args):
        if a.lower() in _SALT_FUNCS:
            out.append(("sh", " ".join([_SALT_FUNCS[a.lower()]] + [shlex.quote(x) for x in args[k + 1:k + 4]
                                                                   if "=" not in x])))
    return out


def _knife(args: list[str]) -> Carried:
    """knife ssh QUERY 'cmd': the command runs on every node the query finds."""
    ops = [a for a in args if not a.startswith("-")]
    return [("sh", ops[2])] if ops[:1] == ["ssh"] and len(ops) > 2 else []


LAUNCHERS["ansible"] = _ansible
LAUNCHERS["knife"] = _knife
for _n in ("salt", "salt-ssh", "salt-call"):
    LAUNCHERS[_n] = _salt


# ---------------------------------------------------------------- directory services

_IPA_DELETE = re.compile(r"^(?:user|group|host|hostgroup|service|role|sudorule|hbacrule|netgroup|idview|stageuser)"
                         r"-(?:del|disable)$")
_IPA_CHANGE = re.compile(r"^(?:user-(?:add|mod|unlock|enable)|passwd|group-add(?:-member)?|role-add-member|"
                         r"sudorule-add-\w+|hbacrule-add-\w+)$")


@_on("ldapdelete", "ldapmodify", "ldapadd", "ldappasswd", "ldapmodrdn", "samba-tool", "ipa", "kadmin",
     "kadmin.local", "pdbedit", "smbpasswd", "kcadm", "gam")
def _directory(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """Accounts kept in a directory service are every machine's accounts: deleting one locks its owner
    out of everything at once."""
    if any(a in ("--help", "-h", "help") for a in args[:2]):
        return
    ops = [a.lower() for a in args if not a.startswith("-")]
    joined = " ".join(args).lower()
    if name == "ldapdelete" or (name in ("pdbedit", "smbpasswd") and "-x" in args):
        yield "user_remove"
    elif name in ("ldapmodify", "ldapadd", "ldapmodrdn"):
        yield "user_remove" if re.search(r"changetype:\s*delete|^delete:", joined, re.M) else "account_change"
    elif name == "ldappasswd" or (name in ("pdbedit", "smbpasswd") and "-a" in args):
        yield "account_change"
    elif name == "samba-tool" and ops[:1] and ops[0] in ("user", "group", "computer", "contact", "ou"):
        if ops[1:2] and ops[1] in ("delete", "remove", "del", "removemembers"):
            yield "user_remove"
        elif ops[1:2] and ops[1] in ("add", "create", "setpassword", "enable", "addmembers", "setexpiry"):
            yield "account_change"
    elif name == "ipa" and ops[:1]:
        if _IPA_DELETE.match(ops[0]):
            yield "user_remove"
        elif _IPA_CHANGE.match(ops[0]):
            yield "account_change"
    elif name.startswith("kadmin"):
        if re.search(r"\b(?:delprinc|delete_principal)\b", joined):
            yield "user_remove"
        elif re.search(r"\b(?:addprinc|add_principal|cpw|change_password|modprinc)\b", joined):
            yield "account_change"
    elif name.startswith("kcadm") and ops[:1] == ["delete"]:
        yield "user_remove"
    elif name == "gam" and re.search(r"\b(?:delete|del|undelete)\s+(?:user|group|users|alias)\b", joined):
        yield "user_remove"


# ---------------------------------------------------------------- every container at once

_LISTERS = frozenset("docker podman nerdctl ctr crictl".split())
_QUIET = re.compile(r"^-\w*q\w*$|^--quiet$|^--format=?\{\{\.?I[Dd]\}\}$")
_FILTERED = re.compile(r"^(?:-f|--filter|--label|-l|--name|--pod|--state|--ancestor)(?:=|$)|\bgrep\b|\bawk\b|\bhead\b")
_MASS_VERBS = frozenset("stop kill rm remove delete del pause restart rmp stopp".split())
_NOUNS = frozenset("container containers c task tasks t pod pods".split())
_CONTAINER_VALUED = frozenset("-H --host --context -c --config -n --namespace -t --time -s --signal -r "
                              "--runtime-endpoint --address".split())


def lists_every_container(src: str) -> bool:
    """`docker ps -q`, `ctr -n k8s.io containers ls -q`, `crictl ps -q`, `docker service ls -q`: the IDs
    of every container, task or service, with no filter."""
    words = src.split()
    while words and cmd_name(words[0]) in ("sudo", "doas", "command"):
        words = words[1:]
    if not words or cmd_name(words[0]) not in _LISTERS or "|" in words:
        return False
    ops = [w for w in _ops(words[1:], frozenset({"-n", "--namespace", "-H", "--host", "--context"}))]
    return bool(set(ops) & {"ps", "ls", "list", "pods"}) and any(_QUIET.match(w) for w in words) and not any(
        _FILTERED.search(w) for w in words[1:])


def mass_target(name: str, args: list[str], remote: bool) -> bool:
    """Where stopping every container is an outage: a node's runtime under Kubernetes (ctr, crictl,
    nerdctl -n k8s.io), a swarm, another machine (over ssh, or the client's -H / --context). On the
    user's own machine it is clearing up after a day's work."""
    return name in ("ctr", "crictl") or remote or any(
        a.split("=", 1)[0] in ("-H", "--host", "--context", "-c", "--url", "--connection") for a in args) or (
        name == "nerdctl" and option_value(args, ("-n", "--namespace")) == "k8s.io")


# Endpoints that are this machine: the Docker daemon's socket, desktop VMs' default contexts.
_LOCAL_ENDPOINT = re.compile(r"(?i)^(?:unix://.*|npipe://.*|(?:tcp|http)://(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?/?|"
                             r"default|desktop-linux|docker-desktop|colima(?:-\w+)?|rancher-desktop|orbstack|"
                             r"podman-machine-default(?:-root)?)$")


def container_endpoint(name: str, argv: list[str]) -> str | None:
    """The endpoint a command points later container commands of the line at: `docker context use
    prod`, `export DOCKER_HOST=ssh://deploy@web1`; "" for this machine, None if it sets none."""
    args = argv[1:]
    if name in ("docker", "podman") and args[:2] in (["context", "use"], ["system", "connection"]) and len(args) > 2:
        value = args[-1]
    elif name in ("export", "declare", "typeset") or _ENDPOINT_VAR.match(argv[0] if argv else ""):
        value = next((m.group(1) for a in argv if (m := _ENDPOINT_VAR.match(a))), None)
        if value is None:
            return None
    else:
        return None
    value = value.strip("'\"")
    return "" if not value or _LOCAL_ENDPOINT.match(value) else value


_ENDPOINT_VAR = re.compile(r"^(?:DOCKER_HOST|DOCKER_CONTEXT|CONTAINER_HOST|CONTAINER_CONNECTION)=(.*)$")


@_on("docker", "podman", "nerdctl", "ctr", "crictl")
def _mass_containers(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = _ops(args, _CONTAINER_VALUED | ({"-a"} if name == "ctr" else set()))
    if ops[:1] in (["service"], ["stack"], ["node"]) and ops[1:2] and ops[1] in ("rm", "remove", "down", "scale"):
        if ops[1] != "scale" or any(re.search(r"=0+$", o) for o in ops[2:]):
            yield "cloud_destroy"  # a swarm service: every replica on every node
        return
    if not mass_target(name, args, ctx.remote):
        return
    if name in ("ctr", "crictl") and _wipes_images(ops, args):
        yield "docker_destroy"  # a node's every image: each pod's next start pulls again, or cannot
    verb_at = 0 if ops[:1] and ops[0] in _MASS_VERBS else 1 if ops[:1] and ops[0] in _NOUNS and (
        ops[1:2] and ops[1] in _MASS_VERBS) else None
    if verb_at is None:
        return
    every = any(a in ("--all", "-a") for a in args) and name in ("podman", "nerdctl", "crictl")
    if every or any(o.startswith("$(") and lists_every_container(o[2:-1]) for o in ops[verb_at + 1:]):
        yield "containers_stop"


def _wipes_images(ops: list[str], args: list[str]) -> bool:
    """`crictl rmi --all`, `ctr images rm $(ctr images ls -q)`."""
    if ops[:1] == ["rmi"]:
        return any(a in ("-a", "--all") for a in args) or any(o.startswith("$(") for o in ops[1:])
    return ops[:1] in (["images"], ["image"], ["i"]) and ops[1:2] in (["rm"], ["remove"], ["delete"], ["del"]) and any(
        o.startswith("$(") and re.search(r"\b(?:ls|list)\b", o) and not _FILTERED.search(o) for o in ops[2:])


# ---------------------------------------------------------------- a node's cluster state

_RESET_SCRIPTS = ("k3s-uninstall", "k3s-killall", "k3s-agent-uninstall", "rke2-uninstall", "rke2-killall")


@_on("kubeadm", "k0s", "talosctl", "microk8s", *_RESET_SCRIPTS)
def _cluster_reset(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """Wipes the node's cluster state (certificates, etcd data, kubelet config): the node leaves the
    cluster, and on a control-plane node the cluster is gone."""
    if any(a in ("--help", "-h") for a in args):
        return
    if name in _RESET_SCRIPTS or (args[:1] == ["reset"]) or (name == "microk8s" and args[:1] in (["reset"],
                                                                                             ["leave"])):
        yield "cloud_destroy"


# ---------------------------------------------------------------- ssh keys

_DEFAULT_KEY = re.compile(r"(?:^|/)\.ssh/(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|identity)$")
_KEYGEN_VALUED = frozenset("tbNCfaZOnVIwEmsPJjS")  # letters whose option takes a value
_KEYGEN_MODES = frozenset("ylRFHeiYBDLQrkspcMGTKA")  # anything but generating a new key


def _keygen_files(args: list[str]) -> list[str] | None:
    """The -f files of a key-generating ssh-keygen; None when it does something else (-y, -l, -R ...)."""
    files, k = [], 0
    while k < len(args):
        a = args[k]
        k += 1
        if not re.fullmatch(r"-[A-Za-z]\S*", a):
            continue
        for i, ch in enumerate(a[1:]):
            if ch in _KEYGEN_MODES:
                return None
            if ch in _KEYGEN_VALUED:
                value = a[i + 2:] or (args[k] if k < len(args) else "")
                k += 0 if a[i + 2:] else 1
                if ch == "f":
                    files.append(value)
                break
    return files


@_on("ssh-keygen")
def _keygen(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """Generating over ~/.ssh/id_ed25519 replaces the key every server and forge knows the user by; a
    new key under another name is ordinary."""
    for f in _keygen_files(args) or []:
        p = canon(f, ctx.cwd).lower()
        if _DEFAULT_KEY.search(p):
            yield "write_ssh"
        elif p.startswith("/etc/ssh/"):
            yield "write_etc"
