"""Approval checks for rights and reach: cloud, cluster and database permission grants, modes set
through an option (install -m 4755), namespaces exempted from admission control, private files
uploaded to cloud storage, attack and password-cracking tools, process memory dumps, recording the
screen, microphone, camera or keyboard, and rerouting the machine's traffic."""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import Ctx, _on
from hermes.tools.approval_checks_infra import _CLOUD_VALUED, _KUBE_VALUED, HELM_VALUED, _dry, _ops
from hermes.tools.approval_checks_system import _mode_rules
from hermes.tools.approval_paths import is_secret

# ---------------------------------------------------------------- cloud and cluster rights

_AWS_IAM = re.compile(r"^(?:attach|put)-(?:user|group|role)-policy$|^create-(?:access-key|login-profile)$|"
                      r"^update-login-profile$|^add-user-to-group$|^update-assume-role-policy$|"
                      r"^(?:create|set-default)-policy-version$")
# Anyone on the internet: public ACLs, wildcard principals, open address ranges.
_PUBLIC = re.compile(r"(?i)public-read|authenticated-read|\ballusers\b|allauthenticatedusers|"
                     r"\"principal\"\s*:\s*(?:\"\*\"|\{\s*\"aws\"\s*:\s*\"\*\")|0\.0\.0\.0/0|::/0")


@_on("aws", "gcloud", "az", "gsutil")
def _cloud_rights(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = _ops(args, _CLOUD_VALUED)
    if _dry(args) or not ops:
        return
    joined = " ".join(args)
    grant = False
    if name == "aws":
        verb = ops[1] if len(ops) > 1 else ""
        grant = (ops[0] == "iam" and bool(_AWS_IAM.match(verb))) or (
            ops[0] == "s3api" and (verb in ("delete-public-access-block", "put-bucket-policy") or (
                verb in ("put-bucket-acl", "put-object-acl") and bool(_PUBLIC.search(joined))))) or (
            ops[0] == "s3" and "--acl" in args and bool(_PUBLIC.search(joined))) or (
            ops[0] == "ec2" and verb == "authorize-security-group-ingress" and bool(_PUBLIC.search(joined))) or (
            ops[0] == "lambda" and verb == "add-permission")
    elif name == "gcloud":
        grant = any(o in ("add-iam-policy-binding", "set-iam-policy") for o in ops) or (
            "firewall-rules" in ops and any(o in ("create", "update") for o in ops) and bool(_PUBLIC.search(joined)))
    elif name == "az":
        grant = ops[:3] == ["role", "assignment", "create"] or ops[:2] == ["keyvault", "set-policy"] or (
            ops[:1] == ["ad"] and ops[-2:] == ["credential", "reset"])
    elif name == "gsutil":
        grant = ops[:1] in (["iam"], ["acl"], ["defacl"]) and bool(_PUBLIC.search(joined))
    if grant:
        yield "access_grant"
    yield from _upload(name, ops, args)


_PRIVILEGED_SPEC = re.compile(r"\\?\"(?:privileged|hostPID|hostNetwork|hostIPC)\\?\"\s*:\s*true|\"hostPath\"|"
                              r"\bprivileged:\s*true|\bhostPID:\s*true", re.I)


@_on("kubectl", "oc")
def _cluster_rights(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """Role bindings grant rights; a pod run with privileged or host-namespace overrides owns the node."""
    ops = _ops(args, _KUBE_VALUED)
    if not _dry(args) and ops[:1] == ["create"] and ops[1:2] in (["clusterrolebinding"], ["rolebinding"]):
        yield "access_grant"
    elif ops[:3] == ["adm", "policy", "add-cluster-role-to-user"] or ops[:3] == ["adm", "policy", "add-scc-to-user"]:
        yield "access_grant"
    elif ops[:1] in (["run"], ["debug"]) and (_PRIVILEGED_SPEC.search(" ".join(args)) or "--privileged" in args or
                                               any(a.startswith("--profile=sysadmin") for a in args)):
        yield "container_escape"
    elif ops[:1] == ["label"] and ops[1:2] and re.match(r"(?:ns|namespaces?)(?:/|$)", ops[1]) and any(
            _ADMISSION_OFF.match(a) for a in args):
        yield "security_off"  # the namespace's pods may then run privileged, with the host's namespaces


# Namespace labels that exempt its pods from admission control: Pod Security lowered to privileged (or
# its enforcement removed), Gatekeeper told to ignore the namespace, OpenShift's run level 0 or 1.
_ADMISSION_OFF = re.compile(r"^pod-security\.kubernetes\.io/(?:enforce|audit)(?:=privileged|-)$|"
                            r"^admission\.gatekeeper\.sh/ignore=|^openshift\.io/run-level=[01]$")


@_on("install", "mkdir", "mknod", "mkfifo", "rsync")
def _mode_option(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """A mode given as an option (install -m 4755, mkdir -m 777, rsync --chmod=u+s) is a chmod."""
    short = [re.fullmatch(r"-[A-Za-ln-z]*m(\S*)", a) for a in args] if name != "rsync" else []
    modes = [m.group(1) or (args[k + 1] if k + 1 < len(args) else "") for k, m in enumerate(short) if m]  # -Dm4755
    modes += [args[k + 1] for k, a in enumerate(args[:-1]) if a == "--mode"]
    modes += [a.split("=", 1)[1] for a in args if a.startswith(("--mode=", "--chmod="))]
    for mode in modes:
        for part in mode.split(","):  # rsync: D2775,Fu+s
            yield from _mode_rules(re.sub(r"^[DF](?=[0-7ugoa+=-])", "", part))


# ---------------------------------------------------------------- private files to cloud storage

_UPLOAD_VERBS = {"aws": (("s3", "cp"), ("s3", "mv"), ("s3", "sync")), "gsutil": (("cp",), ("mv",), ("rsync",)),
                 "gcloud": (("storage", "cp"), ("storage", "mv"), ("storage", "rsync")),
                 "az": (("storage", "blob", "upload"), ("storage", "blob", "upload-batch"),
                        ("storage", "file", "upload"), ("storage", "copy")),
                 "rclone": (("copy",), ("copyto",), ("move",), ("moveto",), ("sync",)),
                 "azcopy": (("copy",), ("cp",), ("sync",)), "s3cmd": (("put",), ("sync",)),
                 "mc": (("cp",), ("mirror",), ("put",), ("mv",))}
_AZ_SOURCE = ("-f", "--file", "--source", "-s")


def _upload(name: str, ops: list[str], args: list[str]) -> Iterator[str]:
    """`aws s3 cp ~/.ssh/id_rsa s3://bucket/`: what is sent is the first operand after the verb."""
    for verb in _UPLOAD_VERBS.get(name, ()):
        if tuple(ops[:len(verb)]) != verb:
            continue
        rest = ops[len(verb):]
        sources = rest[:1]
        if name == "az":
            sources = [args[k + 1] for k, a in enumerate(args[:-1]) if a in _AZ_SOURCE]
        if any(is_secret(s, sending=True) for s in sources):
            yield "secret_exfil"
        return


@_on("rclone", "azcopy", "s3cmd", "mc")
def _storage_upload(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    yield from _upload(name, _ops(args, _CLOUD_VALUED), args)


# ---------------------------------------------------------------- private files to sharing services

# program -> leading operands of the verb that shares a file (); () = any operand is shared
_SHARE_VERBS = {"wormhole": ("send",), "croc": ("send",), "ffsend": ("upload",), "pastebinit": (),
                "onionshare-cli": (), "gh": ("gist", "create"), "glab": ("snippet", "create"),
                "kdeconnect-cli": ()}
_FTP_PUT = re.compile(r"(?:^|;)\s*(?:m?put|mirror\s+-R|reput)\s+(?:-\w+\s+)*([^\s;]+)", re.M)


@_on(*_SHARE_VERBS, "lftp", "smbclient", "socat", "git")
def _share(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """wormhole send / croc send / a gist / an FTP or SMB put / socat FILE: to a socket / git add -f:
    a key or credential file handed to a service that publishes or sends it."""
    ops = [a for a in args if not a.startswith("-")]
    sent: list[str] = []
    if name in _SHARE_VERBS:
        verb = _SHARE_VERBS[name]
        if tuple(ops[:len(verb)]) == verb:
            sent = ops[len(verb):] + [a.split("=", 1)[1] for a in args if a.startswith("--share=")]
    elif name in ("lftp", "smbclient"):
        sent = [m.group(1) for a in args for m in _FTP_PUT.finditer(a)]
    elif name == "socat" and any(re.match(r"(?i)(?:tcp|udp|ssl|openssl|sctp)[46]?:", a) for a in args):
        sent = [a.split(":", 1)[1].split(",")[0] for a in args if re.match(r"(?i)(?:file|open|gopen):", a)]
    elif name == "git" and ops[:1] == ["add"] and any(a in ("-f", "--force") for a in args):
        sent = ops[1:]  # forced past .gitignore into history that is pushed
    if any(is_secret(s, sending=True) for s in sent):
        yield "secret_exfil"


# ---------------------------------------------------------------- attack tools and memory dumps

# Tools whose only use is against other machines' logins, traffic or password hashes.
ATTACK_TOOLS = frozenset("hydra medusa ncrack patator sqlmap john hashcat ophcrack arpspoof dsniff ettercap "
                         "bettercap responder mitm6 msfconsole msfvenom crackmapexec cme netexec nxc evil-winrm "
                         "aircrack-ng aireplay-ng airodump-ng reaver wifite masscan slowhttptest slowloris "
                         "thc-ssl-dos kerbrute hping3 yersinia macof".split())
_NMAP_SCRIPTS = re.compile(r"(?i)brute|exploit|vuln|dos\b|intrusive|malware")
# The same tools, and denial-of-service scripts, run from a checkout: python3 slowloris.py host.
_ATTACK_SCRIPTS = ATTACK_TOOLS | frozenset("goldeneye hulk torshammer xerxes pyloris loic hoic ufonet mhddos rudy "
                                           "slowread pentmenu hammer dirtyc0w".split())
_SCRIPT_EXT = re.compile(r"\.(?:py|pl|rb|js|php|sh|go)$")


@_on("python", "perl", "ruby", "php")  # python3, python3.12: read as python
def _attack_script(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(a in ("-c", "-e", "-r", "-h", "--help") for a in args):
        return  # inline code is judged as code
    ops = [a for a in args if not a.startswith("-")]
    module = next((args[k + 1] for k, a in enumerate(args[:-1]) if a == "-m"), None)
    script = module or (ops[0] if ops else "")
    stem = _SCRIPT_EXT.sub("", script.rsplit("/", 1)[-1].lower())
    if stem in _ATTACK_SCRIPTS and len(ops) > (0 if module else 1):  # aimed at something
        yield "attack_tool"


@_on(*ATTACK_TOOLS, "nmap")
def _attack(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if not args or any(a in ("-h", "--help", "--version", "-V") for a in args):
        return
    if name == "hping3" and not any(a in ("--flood", "--faster", "-i", "--rand-source") for a in args):
        return
    if name == "nmap":
        script = " ".join(a for k, a in enumerate(args) if a.startswith("--script") or (
            k and args[k - 1] == "--script"))
        wide = any(m and int(m.group(1)) <= 16 for m in (re.search(r"/(\d{1,2})$", a) for a in args))
        if not (_NMAP_SCRIPTS.search(script) or wide):
            return
    yield "attack_tool"


@_on("gcore")
def _gcore(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(a.isdigit() or a.startswith("$(") for a in args):
        yield "credential_dump"  # another process's memory: its keys, tokens and passwords


@_on("gdb")
def _gdb_dump(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    attached = any(a in ("-p", "--pid") or a.startswith("--pid=") for a in args)
    if attached and re.search(r"(?i)dump\s+(?:memory|binary)|generate-core-file|\bgcore\b", " ".join(args)):
        yield "credential_dump"


@_on("consul")
def _consul(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if _ops(args)[:2] == ["kv", "delete"]:
        yield "db_wipe"


# ---------------------------------------------------------------- recording the user

_CAPTURE_FORMATS = re.compile(r"^(?:x11grab|gdigrab|avfoundation|v4l2|video4linux2|alsa|pulse|dshow|kmsgrab|"
                              r"pipewire|jack|openal|oss|sndio)$")
# A screenshot on request is ordinary; recording sound, the camera or keys, or the screen over time
# (or a screenshot taken silently) is what spyware does.
_RECORDERS = frozenset("arecord rec fswebcam imagesnap streamer showkey logkeys evtest".split())


@_on(*_RECORDERS, "screencapture", "ffmpeg", "xinput", "parec", "pw-record")
def _record(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(a in ("-h", "--help", "--version", "-V", "-l", "--list-devices") for a in args):
        return
    if name == "screencapture":  # macOS: -x mutes the shutter sound, -V records video
        hit = any(re.fullmatch(r"-[a-zA-Z]*[xV][a-zA-Z]*", a) for a in args)
    elif name == "ffmpeg":  # a capture device as an input (-f before -i); -f alsa after it is playback
        inputs = [k for k, a in enumerate(args) if a == "-i"]
        hit = any(args[k + 1].startswith("/dev/video") for k in inputs if k + 1 < len(args)) or any(
            args[k - 1] == "-f" and _CAPTURE_FORMATS.match(a) and any(i > k for i in inputs)
            for k, a in enumerate(args) if k)
    elif name == "xinput":
        hit = args[:1] in (["test"], ["test-xi2"])
    else:
        hit = True
    if hit:
        yield "surveillance"


@_on("tcpdump", "tshark", "dumpcap", "wireshark", "tcpflow", "ngrep")
def _sniff(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """Capturing a network interface's traffic reads every user's connections on it; the loopback
    interface (one's own servers), reading a saved capture and listing interfaces are ordinary."""
    if any(a in ("-r", "-D", "--list-interfaces", "-h", "--help", "--version") for a in args):
        return
    ifaces = [args[k + 1] for k, a in enumerate(args[:-1]) if a in ("-i", "--interface", "-d")]
    ifaces += [a[2:] for a in args if a.startswith("-i") and len(a) > 2 and not a.startswith("-i=")]
    if not ifaces and name == "wireshark" and "-k" not in args:
        return  # the GUI opened without starting a capture
    if not ifaces or any(i.lower() not in ("lo", "lo0", "loopback", "\\device\\npf_loopback") for i in ifaces):
        yield "surveillance"


@_on("cat", "dd", "od", "hexdump", "xxd", "evemu-record")
def _raw_input(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(a.removeprefix("if=").startswith(("/dev/input/", "/dev/hidraw", "/dev/uinput")) for a in args):
        yield "surveillance"  # raw keyboard events: a keylogger


# ---------------------------------------------------------------- rerouting traffic

@_on("ip", "route", "iptables", "ip6tables", "nft", "networksetup", "resolvectl", "systemd-resolve", "gsettings")
def _reroute(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    low = [a.lower() for a in args]
    joined = " ".join(low)
    if name == "ip":
        hit = "route" in low[:3] and any(v in low for v in ("add", "replace", "change", "del", "delete")) and \
            ("default" in low or "0.0.0.0/0" in low)
    elif name == "route":
        hit = any(v in low for v in ("add", "del", "delete", "change")) and ("default" in low or "0.0.0.0" in low)
    elif name in ("iptables", "ip6tables", "nft"):
        hit = bool(re.search(r"\b(?:dnat|redirect|tproxy)\b", joined))
    elif name == "networksetup":
        hit = bool(re.search(r"-set(?:web|secureweb|socksfirewall|ftp|streaming|gopher)proxy\b|-setautoproxyurl|"
                             r"-setdnsservers|-setproxybypassdomains", joined))
    elif name in ("resolvectl", "systemd-resolve"):
        hit = low[:1] == ["dns"] and len(low) > 2 or "--set-dns" in joined
    else:
        hit = "org.gnome.system.proxy" in joined and "set" in low[:1]
    if hit:
        yield "traffic_redirect"


# Container and VM plumbing: taking one of these down cuts no one off.
_VIRTUAL_IF = re.compile(r"(?i)^(?:veth\w*|docker\d*|br-\w+|virbr\w*|vnet\w*|cni\w*|flannel\S*|cali\w+|dummy\w*|"
                         r"vxlan\w*|tap\w*|podman\d*|lxcbr\d*|lxdbr\d*)$")


def _real_ifaces(names: list[str]) -> bool:
    return not names or any(not _VIRTUAL_IF.match(n) for n in names)


def _abbrev(word: str, full: str) -> bool:
    return bool(word) and full.startswith(word)  # ip accepts any prefix: ip l s, ip a f


@_on("ip", "ifdown", "ifconfig", "nmcli", "rfkill", "networksetup", "wpa_cli", "iw")
def _network_cut(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """An interface, the routing table or the whole network taken down: over ssh the machine is gone."""
    ops = [a for a in args if not a.startswith("-")]
    low = [o.lower() for o in ops]
    obj, rest = (low[0], low[1:]) if low else ("", [])
    after_dev = [ops[k + 1] for k, a in enumerate(low[:-1]) if a == "dev"]
    if name == "ip":
        cut = (_abbrev(obj, "link") and rest[:1] and _abbrev(rest[0], "set") and "down" in rest and _real_ifaces(
            after_dev or ops[2:3])) or (_abbrev(obj, "link") and rest[:1] in (["del"], ["delete"]) and _real_ifaces(
                after_dev or ops[2:3])) or (_abbrev(obj, "address") and rest[:1] and rest[0] in (
                    "f", "fl", "flush", "del", "delete") and _real_ifaces(after_dev or ops[2:3])) or (
            _abbrev(obj, "route") and rest[:1] and _abbrev(rest[0], "flush"))
    elif name == "ifdown":
        cut = _real_ifaces(ops) or "-a" in args
    elif name == "ifconfig":
        cut = "down" in low and _real_ifaces(ops[:1])
    elif name == "nmcli":
        cut = (_abbrev(obj, "networking") and "off" in rest) or (_abbrev(obj, "radio") and "off" in rest and any(
            r in ("all", "wifi", "wwan") for r in rest)) or (_abbrev(obj, "device") and rest[:1] and rest[0] in (
                "disconnect", "down", "delete") and _real_ifaces(ops[2:])) or (
            _abbrev(obj, "connection") and rest[:1] == ["down"])
    elif name == "rfkill":
        cut = obj == "block" and any(r in ("all", "wifi", "wlan", "wwan") for r in rest)
    elif name == "networksetup":
        cut = any(a.lower() in ("-setairportpower", "-setnetworkserviceenabled") for a in args) and low[-1:] == ["off"]
    else:  # wpa_cli disconnect, iw dev wlan0 disconnect
        cut = "disconnect" in low
    if cut:
        yield "network_cut"


# ---------------------------------------------------------------- backups, forges, pods, raw-address installs

@_on("restic", "borg", "borgbackup", "duplicity", "kopia", "tarsnap")
def _backups(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = _ops(args)
    keeps = [a.split("=", 1)[1] if "=" in a else (args[k + 1] if k + 1 < len(args) else "")
             for k, a in enumerate(args) if a.startswith("--keep-")]
    if (name == "restic" and ops[:1] == ["forget"] and all(v in ("0", "") for v in keeps)) or (
            name in ("borg", "borgbackup") and ops[:1] == ["delete"]) or (
            name == "duplicity" and ops[:1] and ops[0].startswith("remove-")) or (
            name == "kopia" and ops[:2] == ["snapshot", "delete"]) or (name == "tarsnap" and "-d" in args):
        yield "backup_delete"


@_on("gh")
def _gh_access(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = _ops(args, frozenset("-R --repo -X --method -f -F --field --raw-field -H --header".split()))
    joined = " ".join(args)
    if ops[:2] == ["ssh-key", "add"] or ops[:2] == ["repo", "deploy-key"]:
        yield "remote_access"
    elif ops[:1] == ["api"] and re.search(r"/collaborators/|/keys\b|/members/|/memberships/", joined) and \
            re.search(r"(?i)(?:-X|--method)\s*=?\s*(?:PUT|POST)\b", joined):
        yield "access_grant"


# A package or chart fetched from a bare IP address or over plain http: nobody can say whose code it
# is. This machine's own server (a local index or chart repository) is the user's.
_RAW_SOURCE = re.compile(r"(?:git\+)?(?:https?|ftp|oci)://(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\])(?::\d+)?/|"
                         r"(?:git\+)?http://", re.I)
_LOOPBACK = re.compile(r"^(?:git\+)?(?:https?|ftp|oci)://(?:localhost|127\.\d+\.\d+\.\d+|\[::1\])(?::\d+)?(?:/|$)",
                       re.I)


# An image or module path that starts with a bare address: 203.0.113.5:5000/img, 203.0.113.5/mod@latest
_BARE_HOST = re.compile(r"^(?!127\.)\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?/")


def raw_source(arg: str) -> bool:
    return bool(_RAW_SOURCE.match(arg)) and not _LOOPBACK.match(arg)


def _raw_or_bare(arg: str) -> bool:
    value = arg.split("=", 1)[1] if arg.startswith("--") and "=" in arg else arg
    return raw_source(value) or bool(_BARE_HOST.match(value))


# program -> the leading operands after which code is fetched and run or installed
_FETCH_RUN = {"uvx": ((),), "pipx": (("run",), ("install",)), "go": (("install",), ("get",), ("run",)),
              "npx": ((),), "bunx": ((),), "pnpm": (("dlx",),), "docker": (("run",), ("pull",), ("create",)),
              "podman": (("run",), ("pull",), ("create",)), "nerdctl": (("run",), ("pull",)),
              "kubectl": (("apply",), ("create",), ("replace",)), "oc": (("apply",), ("create",)),
              "ansible-galaxy": (("install",), ("role", "install"), ("collection", "install")),
              "composer": (("config",), ("require",)), "uv": (("tool", "run"), ("tool", "install"), ("run",))}


@_on("pip", "pip3", "uv", "pipx", "npm", "pnpm", "yarn", "bun", "cargo", "gem")
def _raw_install(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(a in ("install", "i", "add") for a in args[:3]) and any(
            raw_source(a) for a in args if not a.startswith("-") or a.startswith("--git")) or (
            name == "cargo" and any(raw_source(args[k + 1]) for k, a in enumerate(args[:-1]) if a == "--git")):
        yield "curl_pipe_shell"  # installing runs the package's build or install scripts


@_on("helm")
def _raw_chart(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = _ops(args, HELM_VALUED)
    sources = [a.split("=", 1)[-1] for k, a in enumerate(args) if "://" in a and (
        ops[:2] == ["repo", "add"] or ops[:1] in (["install"], ["upgrade"], ["template"]) or
        args[k - 1:k] == ["--repo"] or a.startswith("--repo="))]
    if any(raw_source(u) for u in sources):
        yield "curl_pipe_shell"  # a chart's containers run with whatever rights it asks for


@_on(*_FETCH_RUN)
def _raw_fetch_run(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """uvx --from, pipx --spec, go install, npx, docker run/pull, kubectl apply -f, ansible-galaxy,
    composer repositories: code or an image from a bare address or plain http, run or installed."""
    ops = [a for a in args if not a.startswith("-")]
    if not any(tuple(ops[:len(v)]) == v for v in _FETCH_RUN[name]):
        return
    if any(_raw_or_bare(a) for a in args):
        yield "curl_pipe_shell"
