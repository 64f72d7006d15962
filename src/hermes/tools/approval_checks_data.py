"""Command checks: scheduling, firewalls, logs, packages, containers, accounts, writing files,
secrets and the network, Hermes itself, SQL, and text-level rules."""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import _CHECKS, _SECRET_VAR, Ctx, _on, _short, _split  # noqa: F401
from hermes.tools.approval_checks_outputs import saved_to
from hermes.tools.approval_checks_secrets import own_provider
from hermes.tools.approval_paths import PERSONAL_DIRS, canon, hard_target, is_secret, write_rule


# ---------------------------------------------------------------- scheduling, firewall, logs

@_on("crontab")
def _crontab(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    rest = [a for k, a in enumerate(args) if a != "-u" and (k == 0 or args[k - 1] != "-u")]
    if _short([a for a in rest if a != "-"], "r"):
        yield "crontab_remove"
    elif not _short([a for a in rest if a != "-"], "lev"):
        yield "crontab_replace"


@_on("iptables", "ip6tables", "iptables-legacy", "ip6tables-legacy", "iptables-nft", "ip6tables-nft",
     "ebtables", "arptables")
def _iptables(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(a in ("-F", "--flush", "-X", "--delete-chain") for a in args) or any(
            a in ("-P", "--policy") and "ACCEPT" in args[k:k + 3] for k, a in enumerate(args)):
        yield "firewall_off"
    elif any(a in ("-A", "-I", "--append", "--insert") for a in args) and "ACCEPT" in args and (
            "INPUT" in args or "FORWARD" in args):
        yield "firewall_off"  # opens a port to the outside


@_on("nft", "ufw", "pfctl", "firewall-cmd")
def _firewall(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    joined = " ".join(args).lower()
    if (name == "nft" and re.search(r"\b(?:flush\s+(?:ruleset|table|chain)|delete\s+(?:table|chain))\b", joined)
            or name == "ufw" and re.search(r"\b(?:disable|reset|allow)\b", joined)
            or name == "pfctl" and ("-d" in args or "-F" in args)
            or name == "firewall-cmd" and ("--panic-off" in args or "trusted" in joined
                                           or re.search(r"--add-(?:port|service|source|rich-rule)", joined))):
        yield "firewall_off"


@_on("journalctl", "log")
def _journalctl(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name == "journalctl" and any(a.startswith("--vacuum") for a in args) or (
            name == "log" and args[:1] == ["erase"]):  # macOS: log erase --all
        yield "log_tamper"


# The user's own top folders: moving one away or emptying what is in them loses their files.
_PERSONAL_DIRS = f"~/(?:{PERSONAL_DIRS})"
_PERSONAL_TOP = re.compile(rf"^{_PERSONAL_DIRS}/?$")
_PERSONAL_FILES = re.compile(rf"^{_PERSONAL_DIRS}/")


def personal_file(path: str, cwd: str | None = None) -> bool:
    """A file in one of the user's own top folders (Documents, Desktop, Pictures...)."""
    return bool(_PERSONAL_FILES.match(canon(path, cwd).lower()))


@_on("truncate")
def _truncate(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    skip = {k + 1 for k, a in enumerate(args) if a in ("-s", "--size", "-r", "--reference")}
    empty = empties(args)
    for k, a in enumerate(args):
        if k not in skip and not a.startswith("-") and (r := write_rule(a, cwd=ctx.cwd)):
            yield r
        elif k not in skip and not a.startswith("-") and empty:
            yield from emptied(a, ctx)


def emptied(path: str, ctx: Ctx) -> Iterator[str]:
    """A file emptied (truncate -s 0, `: > file`) is judged as deleted: ~/Documents/thesis.docx or a
    database's data file asks, a scratch file in the working tree or /tmp does not."""
    if not path.startswith("/dev/"):
        yield from _CHECKS["rm"]("rm", [path], ctx)


def empties(args: list[str]) -> bool:
    """truncate's options set the size to nothing: -s 0, -s0, --size=0, --size 0K."""
    return any(args[k - 1] in ("-s", "--size") and args[k] in ("0", "0K", "0M") for k in range(1, len(args))) or \
        any(a in ("-s0", "--size=0") for a in args)


# ---------------------------------------------------------------- packages, containers, accounts

_REMOVE_VERBS = {
    "apt": {"remove", "purge", "autoremove", "autopurge"}, "apt-get": {"remove", "purge", "autoremove"},
    "aptitude": {"remove", "purge"}, "yum": {"remove", "erase", "autoremove"},
    "dnf": {"remove", "erase", "autoremove"}, "microdnf": {"remove"}, "zypper": {"remove", "rm"},
    "apk": {"del"}, "snap": {"remove"}, "flatpak": {"uninstall", "remove"}, "port": {"uninstall"},
    "choco": {"uninstall"}, "winget": {"uninstall"}, "scoop": {"uninstall"}, "brew": {"uninstall", "remove", "rm"},
    "gem": {"uninstall"}, "cargo": {"uninstall"}, "pipx": {"uninstall", "uninstall-all"},
    "conda": {"remove", "uninstall"}, "mamba": {"remove", "uninstall"}, "micromamba": {"remove"},
    "pip": set(),  # pip uninstall touches one environment, usually the project's own venv
    "pip3": set(),
}


# Packages the system cannot boot, log in or install anything without.
_ESSENTIAL = re.compile(r"libc6|libc-bin|glibc(?:-common)?|coreutils|bash|dash|systemd|systemd-sysv|init|"
                        r"sysvinit-core|dpkg|apt|rpm|yum|dnf|pacman|sudo|util-linux|base-files|base-passwd|login|"
                        r"passwd|libpam\S*|linux-image\S*|kernel(?:-core)?|grub\S*|e2fsprogs|mount|zlib1g|"
                        r"libselinux1|openssh-server|perl-base")


@_on(*_REMOVE_VERBS, "dpkg", "rpm", "pacman", "nix-env", "npm", "pnpm", "yarn", "bun", "uv", "python")
def _packages(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name == "python":
        if args[:2] == ["-m", "pip"]:
            yield from _packages("pip", args[2:], ctx)
        return
    ops = [a for a in args if not a.startswith("-")]
    verb = ops[0] if ops else ""
    removing = (name in _REMOVE_VERBS and verb in _REMOVE_VERBS[name]) or (
        name in ("dpkg", "rpm") and any(a in ("-r", "-P", "--remove", "--purge", "-e", "--erase") for a in args)) or (
        name == "pacman" and any(re.fullmatch(r"-R\w*", a) for a in args))
    if removing and any(_ESSENTIAL.fullmatch(o.split(":")[0].split("=")[0]) for o in ops[1:] + ops[:1]):
        yield "remove_essential"
    if name in _REMOVE_VERBS:
        if verb in _REMOVE_VERBS[name] or (name in ("conda", "mamba") and ops[:2] == ["env", "remove"]):
            yield "package_remove"
        elif name.startswith("pip") and verb == "uninstall" and any("freeze" in a for a in args):
            yield "package_remove"  # pip uninstall -r <(pip freeze): every package of the environment
    elif name == "uv":
        pass  # uv pip uninstall / uv remove: the project's environment
    elif name in ("dpkg", "rpm"):
        if any(a in ("-r", "-P", "--remove", "--purge", "-e", "--erase") for a in args):
            yield "package_remove"
    elif name == "pacman":
        if any(re.fullmatch(r"-R\w*", a) or a == "--remove" for a in args):
            yield "package_remove"
    elif name == "nix-env":
        if "-e" in args or "--uninstall" in args:
            yield "package_remove"
    else:  # npm / pnpm / yarn / bun: only global removals touch the machine
        glob = "-g" in args or "--global" in args or verb == "global"
        if glob and set(ops) & {"uninstall", "remove", "rm", "un", "r", "unlink"}:
            yield "package_remove"


# Container clients' options before the verb that take a value (nerdctl -n k8s.io rm ...).
CLIENT_VALUED = frozenset("-H --host --context -c --config -l --log-level -f --file -p --project-name -n --namespace "
                          "-a --address --url --connection --root --runroot --data-root --snapshotter".split())


@_on("docker", "podman", "nerdctl", "docker-compose")
def _docker(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    k = 0
    while k < len(args) and args[k].startswith("-"):
        k += 2 if args[k] in CLIENT_VALUED else 1
    words = args[k:]
    if name == "docker-compose":
        words = ["compose"] + words
    flags, ops = _split(words)
    head = ops[:2]
    force = "--force" in flags or _short(flags, "f")
    if (head[:1] == ["rm"] and force) or (head == ["container", "rm"] and force) \
            or (len(head) == 2 and head[1] == "prune" and head[0] in ("system", "volume", "container")) \
            or head == ["volume", "rm"] or head == ["volume", "remove"] \
            or (ops[:1] == ["compose"] and "down" in ops and ("-v" in flags or "--volumes" in flags)):
        yield "docker_destroy"


@_on("userdel", "deluser", "groupdel", "delgroup")
def _userdel(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    yield "user_remove"


@_on("su", "runuser")
def _su(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    yield "root_shell"


@_on("sudo", "doas")
def _bare_sudo(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    yield from ()  # flags are judged in sudo_rules; a bare `sudo` has nothing to run


def sudo_rules(flags: frozenset[str] | set[str]) -> list[str]:
    out = []
    if flags & {"-S", "-A", "--stdin", "--askpass"}:
        out.append("sudo_password")
    if flags & {"-s", "-i", "--shell", "--login"}:
        out.append("root_shell")
    return out


# ---------------------------------------------------------------- writing files

def _dest_rules(targets: list[str], ctx: Ctx, truncate: bool = True) -> Iterator[str]:
    for t in targets:
        if r := write_rule(t, truncate=truncate, cwd=ctx.cwd):
            yield r


@_on("tee")
def _tee(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    flags, files = _split(args)
    yield from _dest_rules(files, ctx, truncate=not (_short(flags, "a") or "--append" in flags))


@_on("cp", "mv", "install", "ln", "rsync", "scp")
def _copy(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    flags, ops = _split(args)
    dest = next((args[k + 1] for k, a in enumerate(args[:-1]) if a in ("-t", "--target-directory")), None)
    dest = dest or next((f.split("=", 1)[1] for f in flags if f.startswith("--target-directory=")), None)
    if dest is None and len(ops) >= 2:
        dest, ops = ops[-1], ops[:-1]
    dry = name == "rsync" and (_short(flags, "n") or "--dry-run" in flags)  # -n: lists what it would do
    if name in ("rsync", "scp"):
        remote = [o for o in ops + [dest or ""] if re.match(r"^[^/\s]+:", o)]
        if remote:
            valued = {"-i", "-o", "-F", "-J", "-P", "-c", "-l", "-S", "-e", "--rsh", "--exclude", "--include"}
            sent = [a for k, a in enumerate(args) if not a.startswith("-") and (k == 0 or args[k - 1] not in valued)]
            if any(is_secret(o, sending=True) for o in sent[:-1]):  # the last operand is the destination
                yield "secret_exfil"
            if any(f.startswith(("--delete", "--remove-source-files")) for f in flags) and not dry:
                yield "rm_recursive"  # mirrors a deletion onto (or empties) the other side
            if dest and dest not in remote:  # fetched from another machine into a local file
                yield from _dest_rules([dest], ctx)
            return
        if name == "rsync" and "--remove-source-files" in flags and not dry:
            if any(hard_target(canon(o, ctx.cwd)) for o in ops):
                yield "destroy_home"
            yield "rm_recursive"
        if name == "rsync" and any(f.startswith("--delete") for f in flags) and not dry:
            if dest and hard_target(canon(dest, ctx.cwd)):
                yield "destroy_home"
            yield "rm_recursive"
    if name == "mv":
        for src in ops:
            if hard_target(canon(src, ctx.cwd)):
                yield "destroy_home"
            elif _PERSONAL_TOP.match(canon(src, ctx.cwd).lower()):
                yield "rm_outside"  # mv ~/Documents /tmp/x: the user's folder is gone from where they keep it
            elif r := write_rule(src, cwd=ctx.cwd):
                yield r
    if dest:
        yield from _dest_rules([dest], ctx)
    if name in ("cp", "scp", "rsync", "install") and any(is_secret(o) for o in ops):
        yield "read_secret"
    if name in ("cp", "install") and ops in (["/dev/null"], ["/dev/zero"]) and dest and personal_file(dest, ctx.cwd):
        yield "rm_outside"  # cp /dev/null ~/Documents/thesis.docx: the content is gone


@_on("sed", "perl", "yq", "ruby")
def _inplace(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    flags, ops = _split(args)
    if name == "yq":
        inplace = "-i" in flags or "--inplace" in flags
    elif name in ("perl", "ruby"):
        inplace = any(re.fullmatch(r"-\w*i.*", f) for f in flags)
    else:
        inplace = _short(flags, "i") or any(f.startswith("--in-place") for f in flags)
    if inplace:
        yield from _dest_rules(ops, ctx)
        script = ops[0] if ops and name == "sed" else ""
        if re.fullmatch(r"\s*(?:1,\s*\$|\$?)\s*d\s*;?\s*", script) and any(personal_file(o, ctx.cwd) for o in ops[1:]):
            yield "rm_outside"  # sed -i 'd' ~/Documents/thesis.docx: every line deleted


@_on("curl", "wget")
def _download(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    for target in saved_to(name, args)[1]:  # the file or folder the download lands in
        if target != "-" and (r := write_rule(target, cwd=ctx.cwd)):
            yield r
    yield from _network(name, args, ctx)


# ---------------------------------------------------------------- secrets and the network

NETWORK = frozenset("curl wget nc ncat netcat socat http https xh xhs ftp tftp telnet sftp aria2c lftp "
                    "httpie".split())

@_on(*(NETWORK - {"curl", "wget"}))
def _network(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    args = saved_to(name, args)[0]  # where a download is saved is written to, not sent
    if name in ("nc", "ncat", "netcat") and any(a in ("-e", "-c", "--exec", "--sh-exec", "--lua-exec")
                                                for a in args):
        yield "raw_socket"
    if name == "socat" and any(re.match(r"(?i)(?:exec|system):", a) for a in args):
        yield "raw_socket"
    for a in args:
        parts = [] if "://" in a else [a] + re.split(r"[=@<]", a)[1:]
        if any(is_secret(p, sending=True) for p in parts if p) or (
                _SECRET_VAR.search(a) and not own_provider(_SECRET_VAR.findall(a), args)):
            yield "secret_exfil"
            return


# Tools that send a host name out to be resolved (or contacted): a lookup of "<data>.attacker.example"
# delivers <data> to whoever serves that domain, with no HTTP client involved (DNS exfiltration).
RESOLVERS = frozenset("dig host nslookup drill kdig delv getent resolvectl ping ping6 traceroute traceroute6 "
                      "tracepath mtr whois nmap arping fping hping3".split())


@_on(*RESOLVERS)
def _resolver(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    # No allowance for a provider's own host here: nothing legitimate puts a token in a name to look up.
    if any(_SECRET_VAR.search(a) for a in args):
        yield "secret_exfil"


# Programs that print or copy what a file holds: pagers, text filters, dumps, archivers, compressors.
READERS = frozenset("cat tac less more head tail bat batcat nl base64 base32 xxd od hexdump strings grep egrep "
                    "fgrep rg ag awk cut sort uniq tar zip 7z gpg jq yq sed rev paste fold pr fmt expand unexpand "
                    "iconv column diff sdiff colordiff cmp split gzip bzip2 xz zstd lz4 lzma brotli openssl dd".split())


def read_operands(name: str, args: list[str]) -> list[str]:
    """The words that may name a file the reader reads (dd names it in if=)."""
    if name == "dd":
        return [a[3:] for a in args if a.startswith("if=")]
    if name == "openssl" and "-pubout" in args:
        return []  # the public half of a key, as ssh-keygen -y prints it
    return [a for a in args if not a.startswith("-")]


@_on(*(READERS - {"yq"}))
def _reader(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(is_secret(a) or (name in ("tar", "zip", "7z") and is_secret(a, sending=True))
           for a in read_operands(name, args)):
        yield "read_secret"


# ---------------------------------------------------------------- Hermes itself

_SAFETY_KEYS = ("approvals", "command_allowlist", "terminal.backend", "security")


@_on("hermes", "hermes-agent")
def _hermes(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    k = 0
    while k < len(args) and args[k].startswith("-") and args[k] != "--yolo":
        k += 2 if args[k] in ("-p", "--profile") else 1
    rest = args[k:]
    if "--yolo" in args:
        yield "hermes_self_modify"
    if rest[:1] == ["config"] and len(rest) > 1:
        if rest[1] == "edit" or (rest[1] in ("set", "unset", "reset") and any(
                a.startswith(_SAFETY_KEYS) for a in rest[2:3])):
            yield "hermes_self_modify"
    elif rest[:1] == ["approvals"] and rest[1:2] not in (["check"], ["rules"], ["--help"], []):
        yield "hermes_self_modify"
    elif (rest[:1] == ["gateway"] and rest[1:2] and rest[1] in ("stop", "restart", "uninstall")) or (
            rest[:1] and rest[0] in ("update", "uninstall")):
        yield "hermes_control"


# ---------------------------------------------------------------- databases and raw text

SQL_CLIENTS = frozenset("psql mysql mariadb sqlite3 sqlite duckdb clickhouse-client clickhouse cockroach sqlcmd "
                        "mycli pgcli litecli usql snowsql trino presto spark-sql hive beeline bq cqlsh".split())
_SQL_DROP = re.compile(r"\bDROP\s+(?:TEMPORARY\s+)?(?:TABLE|DATABASE|SCHEMA)\b", re.I)
_SQL_TRUNC = re.compile(r"\bTRUNCATE\s+(?:TABLE\s+)?[\w\"`\[]", re.I)
_SQL_DELETE = re.compile(r"\bDELETE\s+FROM\b", re.I)
_SQL_UPDATE = re.compile(r"\bUPDATE\s+\S+\s+SET\b", re.I)
_SQL_WHERE = re.compile(r"\bWHERE\b(?!\s+(?:1\s*=\s*1|true|1)\s*(?:;|$))", re.I)


# Rights and passwords set through SQL: ALTER USER ... PASSWORD, CREATE ROLE ... SUPERUSER, GRANT ALL ON *.*
_SQL_GRANT = re.compile(r"(?is)\balter\s+(?:user|role)\b[^;]*\b(?:password|superuser|createrole|bypassrls|"
                        r"identified)\b|\bcreate\s+(?:user|role)\b[^;]*\bsuperuser\b|\bgrant\b[^;]*\bon\s+\*\.\*|"
                        r"\bgrant\b[^;]*\bto\s+public\b|\bwith\s+grant\s+option\b|\bset\s+password\s+for\b|"
                        r"\bupdate\s+mysql\.user\b|\bgrant\s+(?:all|superuser|pg_\w+|rds_superuser)\b[^;]*\bto\b")


def sql_rules(text: str) -> list[str]:
    out = ["account_change"] if _SQL_GRANT.search(text) else []
    if _SQL_DROP.search(text):
        out.append("sql_drop")
    if _SQL_TRUNC.search(text):
        out.append("sql_truncate")
    for stmt in text.split(";"):
        if _SQL_DELETE.search(stmt) and not _SQL_WHERE.search(stmt):
            out.append("sql_delete_all")
        if _SQL_UPDATE.search(stmt) and not _SQL_WHERE.search(stmt):
            out.append("sql_update_all")
    return list(dict.fromkeys(out))


@_on(*SQL_CLIENTS)
def _sql_client(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    yield from sql_rules(" ".join(args))
    if any(is_secret(a) for a in args if not a.startswith("-")):
        yield "read_secret"  # sqlite3 on a browser's Cookies or Login Data


@_on("redis-cli", "mongo", "mongosh")
def _nosql(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    joined = " ".join(args)
    if re.search(r"(?i)\bflush(?:all|db)\b|dropDatabase\s*\(|\.drop\s*\(\s*\)|deleteMany\s*\(\s*\{\s*\}\s*\)",
                 joined):
        yield "db_wipe"


_METADATA = re.compile(r"169\.254\.169\.254|169\.254\.170\.2\b|100\.100\.100\.200|metadata\.google\.internal|"
                       r"fd00:ec2::254|metadata\.azure\.com", re.I)
# A function definition; the name starts a token (the lookbehind keeps long tokens linear).
_FUNC = re.compile(r"(?:\bfunction\s+([^\s(){};|&<>]+)\s*(?:\(\s*\))?|(?<![^\s;&|(){}])([^\s(){};|&<>]+)\s*"
                   r"\(\s*\))\s*\{([^{}]*)\}")
_BG = re.compile(r"(?<![&>])&(?![&>])")
_CODE_FORK = re.compile(r"while\s*\(?\s*(?:True|1|true)\s*\)?\s*:?\s*\{?\s*(?:\w+\.)*fork\s*\(|"
                        r"\bfork\s+while\s+fork\b|\bfork\s+while\s+1\b|for\s*\(\s*;\s*;\s*\)\s*\{?\s*fork\s*\(|"
                        r"\bloop\s*(?:do|\{)\s*(?:Process\.)?fork\b|fork\s*\(\s*\)\s+for\s+\w+\s+in\s+"
                        r"(?:iter\s*\(|itertools\.(?:count|repeat)|range\s*\(\s*\d{5,})|\bwhile\s*\(\s*1\s*\)\s*fork")
# A shell loop that starts shells (or itself) in the background forever.
_SHELL_FORK = re.compile(r"\b(?:while|until)\s+(?:true|:|\[\s*1\s*\]|\(\(\s*1\s*\)\)|false)\s*;?\s*do\s+"
                         r"(?:[^;&]*;\s*)*(?:\S*/)?(?:bash|sh|zsh|dash|ksh|\$0|\$SHELL|\$\{0\}|\"\$0\")\b[^;&|]*&(?!&)")


_QUOTED = re.compile(r"'[^']*'|\"(?:\\.|[^\"\\])*\"")


def text_rules(text: str, *, shell: bool = True) -> list[str]:
    """Rules judged on a whole script: fork bombs and cloud metadata endpoints. In shell text, quoted
    strings are data (a payload that runs is scanned again once unquoted)."""
    out = []
    if "(" in text or "function" in text or "fork" in text:
        code = _QUOTED.sub("''", text) if shell else text
        for m in _FUNC.finditer(code):
            fname, body = m.group(1) or m.group(2), m.group(3)
            calls = re.findall(r"(?<![^\s|&;(){}])" + re.escape(fname) + r"(?![^\s|&;(){}])", body)
            if len(calls) >= 2 and _BG.search(body):
                out.append("fork_bomb")
                break
        if "fork_bomb" not in out and _CODE_FORK.search(code):
            out.append("fork_bomb")
    if "&" in text and "do" in text and "fork_bomb" not in out and _SHELL_FORK.search(text):
        out.append("fork_bomb")
    if _METADATA.search(text):
        out.append("metadata_endpoint")
    return out


def redirect_rule(op: str, target: str, cwd: str | None = None) -> str | None:
    if op in ("<", "<>"):  # reading a socket: exec 5<>/dev/tcp/host/port
        return "raw_socket" if target.startswith(("/dev/tcp/", "/dev/udp/")) else None
    return write_rule(target, truncate=op not in (">>", "&>>"), cwd=cwd)
