"""Command checks: deleting, git, permissions, processes and services, power (disks: approval_checks_disk)."""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.normalize import cmd_name
from hermes.tools.approval_base import Ctx, _on, _outside, _short, _split, stops_security_agent
from hermes.tools.approval_checks_data import empties
from hermes.tools.approval_paths import _BLOCK_DEV, _PERM_HARD, _base, canon, hard_target, is_secret, write_rule


# ---------------------------------------------------------------- deleting

def in_tree(t: str, cwd: str | None = None) -> bool:
    """A path strictly inside the working tree: relative, no `..`, no variable that could be empty,
    not the tree itself, not a bare glob over it and not .git (ordinary build cleanup)."""
    if cwd or not t or t.startswith(("/", "~", "$", "-")) or "$" in t or "`" in t:
        return False
    p = canon(t)
    if p in (".", "..") or p.startswith("../") or "/../" in p:
        return False
    if re.fullmatch(r"[./*?\[\]!]*", p):  # *, ./*, .*, */ ...: everything in the tree
        return False
    return not any(part == ".git" for part in p.split("/"))


# Directories a build, a package manager or a test run makes again: deleting one in the tree loses
# nothing. Any other directory (src/, docs/, data/...) may hold the user's only copy of their work.
_REGENERABLE = frozenset({
    "build", "dist", "out", "target", "node_modules", ".venv", "venv", "__pycache__", ".pytest_cache",
    ".mypy_cache", ".ruff_cache", ".tox", ".nox", "coverage", "htmlcov", ".coverage", ".next", ".nuxt",
    ".parcel-cache", ".turbo", ".gradle", ".cache", "obj", "tmp", "temp", ".tmp", ".eggs",
    ".hypothesis", ".ipynb_checkpoints", ".terraform", ".svelte-kit", ".angular", ".expo", "_site",
    ".docusaurus", "cmake-build-debug", "cmake-build-release", "_build", ".vs", ".idea",
})


def regenerable(t: str) -> bool:
    """An in-tree path inside a build output, cache or dependency folder (`build/`, `a/b/__pycache__`)."""
    parts = [p for p in canon(t.replace("\\", "/")).split("/") if p not in ("", ".")]
    if "{}" in parts:  # find ... -exec rm -rf {}: find's own filter decides what is found
        return True
    if any(a.lower() == "bin" and b.lower() in ("debug", "release") for a, b in zip(parts, parts[1:])):
        return True  # .NET build output (bin/Debug, bin/Release); a bare bin/ may hold scripts
    return any(p.lower() in _REGENERABLE or p.endswith((".egg-info", ".dist-info")) for p in parts)


@_on("rm", "unlink")
def _rm(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    flags, targets = _split(args)
    recursive = _short(flags, "rR") or "--recursive" in flags
    force = _short(flags, "f") or "--force" in flags
    if ctx.xargs:
        yield "xargs_rm"
    if "--no-preserve-root" in flags:
        yield "rm_root"
    later = []
    for t in targets:
        p = canon(t, ctx.cwd)
        if recursive and (h := hard_target(p)):
            yield h
        if (w := write_rule(t)) and w not in ("disk_overwrite", "raw_socket"):
            yield w  # deleting a protected file is changing it
        if _outside(canon(t)):
            later.append("rm_outside")
        if t in ("*", ".*", "./*", ".", "./"):
            later.append("rm_wildcard")
    local = all(in_tree(t, ctx.cwd) for t in targets)  # no operands (xargs rm): judged as xargs_rm
    if recursive and not (local and all(regenerable(t) for t in targets)):
        yield "rm_recursive"
    yield from later
    if force and not recursive and not local:
        yield "rm_force"


@_on("rmdir")
def _rmdir(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    for t in _split(args)[1]:
        if _outside(canon(t)):
            yield "rm_outside"


@_on("shred")
def _shred(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    targets = _split(args)[1]
    for t in targets:
        if _BLOCK_DEV.match(canon(t).lower()):
            yield "disk_wipe"
        elif write_rule(t) == "log_tamper":
            yield "log_tamper"
    if not (targets and all(in_tree(t, ctx.cwd) and not any(c in t for c in "*?[") for t in targets)):
        yield "shred"


_FIND_NOFILTER = {"-delete", "-depth", "-xdev", "-mount", "-print", "-print0", "-ignore_readdir_race",
                  "-noleaf", "-follow"}
_FIND_VALUED = {"-type", "-mindepth", "-maxdepth", "-xtype"}


def find_roots(args: list[str]) -> tuple[list[str], list[str]]:
    k = 0
    while k < len(args) and not args[k].startswith(("-", "(", "!")):
        k += 1
    return args[:k] or ["."], args[k:]


def find_unfiltered(exprs: list[str]) -> bool:
    """No test narrows what is matched (-type and depth limits still match nearly everything)."""
    k = 0
    while k < len(exprs):
        a = exprs[k]
        if a in ("-exec", "-execdir", "-ok", "-okdir"):
            while k < len(exprs) and exprs[k] not in (";", "+"):
                k += 1
        elif a in _FIND_VALUED:
            k += 1
        elif a not in _FIND_NOFILTER and not (a == "-name" and exprs[k + 1:k + 2] == ["*"]):
            return False
        elif a == "-name":
            k += 1
        k += 1
    return True


# A name pattern that picks out keys and credentials: find ... -name '*.pem' -exec cat {} \;
_SECRET_GLOB = re.compile(r"id_(?:rsa|dsa|ecdsa|ed25519|\*)|\.(?:pem|key|p12|pfx|kdbx|ppk|jks|keystore|ovpn)\W*$|"
                          r"^\W*(?:\.netrc|\.pgpass|\.git-credentials|credentials|wallet\.dat)\W*$", re.I)
# Looser words, only for a search beyond the working tree (token*.py in a project is code).
_SECRET_WORD = re.compile(r"secret|passw|private|token|\.env\b|credential", re.I)
_HARVEST_READERS = frozenset("cat tac head tail less more base64 base32 xxd od hexdump strings grep egrep rg awk "
                             "sed tar zip 7z gpg".split())
_HARVEST_SENDERS = frozenset("curl wget nc ncat netcat socat scp sftp rsync ftp tftp".split())


def _find_harvest(roots: list[str], exprs: list[str], ctx: Ctx) -> Iterator[str]:
    """Keys gathered by name and read or sent by what -exec runs."""
    names = [exprs[j + 1] for j, a in enumerate(exprs[:-1])
             if a in ("-name", "-iname", "-path", "-ipath", "-wholename", "-regex", "-iregex")]
    wide = not all(in_tree(r, ctx.cwd) or (r in (".", "./") and not ctx.cwd) for r in roots)
    if not any(_SECRET_GLOB.search(n) or (wide and _SECRET_WORD.search(n)) for n in names):
        return
    for j, a in enumerate(exprs[:-1]):
        if a in ("-exec", "-execdir", "-ok", "-okdir"):
            prog = cmd_name(exprs[j + 1])
            if prog in _HARVEST_SENDERS:
                yield "secret_exfil"
            elif prog in _HARVEST_READERS:
                yield "read_secret"


@_on("find")
def _find(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    roots, exprs = find_roots(args)
    yield from _find_harvest(roots, exprs, ctx)
    deletes = "-delete" in exprs
    recursive_rm = False
    for j, a in enumerate(exprs):
        if a in ("-exec", "-execdir", "-ok", "-okdir") and j + 1 < len(exprs):
            prog = cmd_name(exprs[j + 1])
            if prog in ("rm", "unlink", "shred", "rmdir", "srm", "wipe") or (prog == "truncate" and empties(exprs[j + 2:j + 6])):
                deletes = True
                recursive_rm = recursive_rm or any(re.fullmatch(r"-\w*[rR]\w*|--recursive", x)
                                                   for x in exprs[j + 2:j + 6])
    if deletes:
        unfiltered = find_unfiltered(exprs)
        for r in roots:
            if (unfiltered or recursive_rm) and (h := hard_target(canon(r, ctx.cwd))):
                if unfiltered or canon(r, ctx.cwd) == "/":
                    yield h
        # filtered deletes strictly inside the tree are ordinary cleanup (*.pyc, __pycache__)
        if unfiltered or not all(in_tree(r, ctx.cwd) or (r in (".", "./") and not ctx.cwd) for r in roots):
            yield "find_delete"


# ---------------------------------------------------------------- git

@_on("git")
def _git(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    k = 0
    while k < len(args) and args[k].startswith("-"):
        k += 2 if args[k] in ("-C", "-c", "--git-dir", "--work-tree", "--namespace") else 1
    if k >= len(args):
        return
    sub, rest = args[k], args[k + 1:]
    flags, ops = _split(rest)
    if sub == "push":
        if (_short(flags, "f") or "--mirror" in flags
                or any(f.startswith(("--force", "--force-with-lease")) for f in flags)
                or any(o.startswith("+") for o in ops)):
            yield "git_push_force"
        if "--delete" in flags or _short(flags, "d") or "--prune" in flags or any(
                o.startswith(":") and len(o) > 1 for o in ops):
            yield "git_push_delete"
    elif sub == "reset" and "--hard" in flags:
        yield "git_reset_hard"
    elif sub == "branch" and (_short(flags, "D") or (("--delete" in flags or _short(flags, "d"))
                                                     and ("--force" in flags or _short(flags, "f")))):
        yield "git_branch_delete"
    elif sub == "checkout":
        paths = rest[rest.index("--") + 1:] if "--" in rest else ops
        if "--force" in flags or _short(flags, "f") or any(p in (".", ":/", "*", ":(top)") for p in paths):
            yield "git_discard"
    elif sub == "restore":
        staged_only = ("--staged" in flags or _short(flags, "S")) and not (
            "--worktree" in flags or _short(flags, "W"))
        if not staged_only and any(p in (".", ":/", "*", ":(top)") for p in ops):
            yield "git_discard"
    elif sub == "clean":
        if ("--force" in flags or _short(flags, "f")) and not ("--dry-run" in flags or _short(flags, "n")):
            yield "git_clean"
    elif sub == "stash" and ops[:1] in (["drop"], ["clear"]):
        yield "git_stash_drop"


# ---------------------------------------------------------------- permissions

_PERM_SYSTEM = re.compile(r"^/(?:$|etc|usr/(?!local)|bin|sbin|boot|lib(?:32|64)?(?:/|$))")
_NUM_MODE = re.compile(r"^[0-7]{3,4}$")
_SYM_CLAUSE = re.compile(r"^([ugoa]*)([-+=])([rwxXstugo]*)$")


def _opens_to_others(mode: str) -> bool:
    if _NUM_MODE.match(mode):
        return int(mode[-1]) & 4 != 0 or int(mode[-2]) & 4 != 0
    return any((m := _SYM_CLAUSE.match(c)) and m.group(2) != "-" and "r" in m.group(3) and
               (not m.group(1) or set(m.group(1)) & set("goa")) for c in mode.split(","))


def _mode_rules(mode: str) -> Iterator[str]:
    if _NUM_MODE.match(mode):
        if int(mode[-1]) & 2:
            yield "chmod_world_writable"
        if len(mode) == 4 and int(mode[0]) & 4:
            yield "chmod_setuid"
        return
    for clause in mode.split(","):
        m = _SYM_CLAUSE.match(clause)
        if not m or m.group(2) == "-":
            continue
        who, perms = m.group(1), m.group(3)
        if "w" in perms and ("o" in who or "a" in who):
            yield "chmod_world_writable"
        if "s" in perms and (not who or "u" in who or "a" in who):
            yield "chmod_setuid"


def _recursive_perm(targets: list[str], paths: list[str], ctx: Ctx, rule: str) -> Iterator[str]:
    """A recursive permission change (chmod, chown, setfacl): / or a system folder is hardline;
    anything beyond the working tree asks as `rule`."""
    if any(_base(p.lower()) in _PERM_HARD for p in paths):
        yield "chmod_system"
    if not (targets and all(in_tree(t, ctx.cwd) for t in targets)):
        yield rule


@_on("chmod", "chown", "chgrp")
def _perm(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    recursive = any(a in ("-R", "--recursive") or re.fullmatch(r"-[Rcfvh]*R[Rcfvh]*", a) for a in args)
    ops = [a for a in args if not (re.fullmatch(r"-[RcfvhHLP]+", a) or a.startswith("--"))]
    if not ops:
        return
    mode, targets = ops[0], ops[1:]
    paths = [canon(t, ctx.cwd) for t in targets]
    if recursive:
        yield from _recursive_perm(targets, paths, ctx, "chmod_recursive" if name == "chmod" else "chown_recursive")
    if name == "chmod":
        yield from _mode_rules(mode)
        if any(is_secret(t) for t in targets) and _opens_to_others(mode):
            yield "write_ssh" if any(".ssh/" in p for p in paths) else "read_secret"  # a key others can read
    if any(_PERM_SYSTEM.match(p.lower()) for p in paths):
        yield "perm_system_path"


# setfacl options that take the next word as their value (an ACL spec or a file of them).
_ACL_VALUE = frozenset("-m -M -x -X --modify --modify-file --remove --remove-file --set --set-file".split())


@_on("setfacl")
def _acl(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """ACLs grant what chmod grants: judged on the same paths, recursion and system folders."""
    recursive, targets, k = False, [], 0
    while k < len(args):
        a = args[k]
        if a in _ACL_VALUE:
            k += 2
            continue
        if a == "--":
            targets += args[k + 1:]
            break
        if a in ("-R", "--recursive") or re.fullmatch(r"-[bkndLPvR]*R[bkndLPvR]*", a):
            recursive = True
        elif not a.startswith("-"):
            targets.append(a)
        k += 1
    paths = [canon(t, ctx.cwd) for t in targets]
    if recursive:
        yield from _recursive_perm(targets, paths, ctx, "chmod_recursive")
    if any(_PERM_SYSTEM.match(p.lower()) for p in paths):
        yield "perm_system_path"
    elif any(is_secret(t) for t in targets):
        yield "read_secret"  # an ACL entry that lets another user read a key


# ---------------------------------------------------------------- processes, services, power

# Daemons whose death takes the machine, logins or shared services down with it.
SYSTEM_DAEMONS = ("systemd", "systemd-\\w+", "init", "sshd", "ssh", "dbus-daemon", "dbus", "udevd", "journald",
                  "networkmanager", "wpa_supplicant", "cron", "crond", "rsyslogd", "syslog-ng", "polkitd",
                  "containerd", "dockerd", "kubelet", "postgres", "postmaster", "mysqld", "mariadbd", "mongod",
                  "redis-server", "nginx", "apache2", "httpd", "xorg", "gdm", "sddm", "lightdm", "agetty",
                  "getty", "login", "auditd", "firewalld", "launchd", "windowserver", "loginwindow")


def _signal(s: str) -> str:
    s = s.upper().lstrip("-")
    return s[3:] if s.startswith("SIG") else s


@_on("kill")
def _kill(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    sig, pids, k = None, [], 0
    while k < len(args):
        a = args[k]
        if a == "--":
            pids += args[k + 1:]
            break
        if a in ("-l", "-L", "--list", "--table"):
            return
        if a in ("-s", "-n", "--signal") and sig is None and not pids:
            sig = args[k + 1] if k + 1 < len(args) else ""
            k += 2
            continue
        if a.startswith("-") and sig is None and not pids and len(a) > 1:
            sig = a[1:]
        else:
            pids.append(a)
        k += 1
    if args == ["-1"] or "-1" in pids:
        yield "kill_all_processes"
    if any(re.search(r"\b(?:pgrep|pidof)\b.*\b(?:%s)\b" % "|".join(SYSTEM_DAEMONS), p) for p in pids):
        yield "kill_service"
    own = pids and all(re.fullmatch(r"[1-9]\d*|%\d*", p) and p != "1" for p in pids)
    if sig is not None and _signal(sig) in ("9", "KILL") and not own:
        yield "kill_force"
    if any(p == "0" or re.fullmatch(r"-\d+", p) for p in pids):
        yield "kill_force"


@_on("pkill", "killall", "killall5", "pgrep")
def _pkill(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name == "pgrep":
        return
    if name == "killall5":
        yield "kill_all_processes"
        return
    flags, ops = _split(args)
    if any("hermes" in o.lower() for o in ops):
        yield "hermes_control"
    if any(re.fullmatch(r"(?:\S*/)?(?:%s)(?:\s.*)?" % "|".join(SYSTEM_DAEMONS), o) for o in ops):
        yield "kill_service"
    if name == "killall":
        yield "kill_force"
    elif any(_signal(f) in ("9", "KILL") for f in flags) or any(
            a in ("--signal", "-s") and _signal(b) in ("9", "KILL") for a, b in zip(args, args[1:])) \
            or any(o in (".", ".*", "") for o in ops):
        yield "kill_force"


_POWER = frozenset({"poweroff", "reboot", "halt", "kexec", "emergency", "rescue", "soft-reboot"})
_SLEEP = frozenset({"suspend", "hibernate", "hybrid-sleep", "suspend-then-hibernate"})
_SVC_STOP = frozenset({"stop", "disable", "mask", "restart", "kill", "try-restart", "reload-or-restart",
                       "try-reload-or-restart", "condrestart", "force-reload", "freeze"})


@_on("systemctl", "loginctl")
def _systemctl(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = [a for k, a in enumerate(args) if not a.startswith("-") and (k == 0 or args[k - 1] not in (
        "-H", "--host", "-M", "--machine", "-t", "--type", "-s", "--signal", "-p", "--property"))]
    verb = ops[0] if ops else ""
    if verb in _POWER or (verb == "isolate" and any(u.split(".")[0] in (
            "poweroff", "reboot", "halt", "rescue", "emergency") for u in ops[1:])):
        yield "shutdown"
    elif verb in _SLEEP:
        yield "system_suspend"
    elif verb in _SVC_STOP or verb == "isolate" or (name == "loginctl" and verb in (
            "terminate-user", "kill-user", "terminate-session", "kill-session")):
        if any("hermes" in u.lower() for u in ops[1:]):
            yield "hermes_control"
        if not stops_security_agent(args):  # then it is switching security off (approval_checks_admin)
            yield "service_stop"


@_on("service", "rc-service")
def _service(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = [a for a in args if not a.startswith("-")]
    if len(ops) >= 2 and ops[1] in _SVC_STOP | {"zap"} and not stops_security_agent(args):
        yield "service_stop"


@_on("launchctl")
def _launchctl(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if args[:1] == ["reboot"]:
        yield "shutdown"
    elif args[:1] and args[0] in ("unload", "bootout", "remove", "disable", "kill", "stop"):
        yield "service_stop"


@_on("shutdown", "reboot", "halt", "poweroff")
def _shutdown(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    harmless = ("-c", "--help") if name == "shutdown" else ("--help",)
    if not any(a in harmless for a in args):
        yield "shutdown"


@_on("init", "telinit")
def _init(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if args[:1] and args[0] in ("0", "6", "1", "s", "S", "single"):
        yield "shutdown"
