"""Command checks: administering the machine. Mounts and swap, kernel settings and modules, the clock, user
accounts and sudo rights, security mechanisms, start-up persistence, where tools fetch code from,
git history rewriting, mail, file capabilities, power off over D-Bus or AppleScript, and miners.

Each is ordinary for an administrator and out of place for an agent working on a project, so the
gate asks; powering off through D-Bus or AppleScript is hardline like `shutdown`.
"""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import RULES, SECURITY_AGENT, Ctx, Rule, _on, _split, stops_security_agent
from hermes.tools.approval_checks_host import env_rules, foreign_proxy, own_index
from hermes.tools.approval_paths import SHADOWED, canon, write_rule

# ---------------------------------------------------------------- mounts, swap, kernel


@_on("mount", "umount", "swapoff", "swapon", "fusermount", "fusermount3", "mount.nfs", "mount.cifs", "sshfs",
     "zramctl", "kpartx", "partprobe", "udisksctl")
def _mount(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    flags, ops = _split(args)
    if name == "mount" and not ops and not any(f in ("-a", "--all", "--bind", "-B", "--move", "-M") or
                                              f.startswith(("-o", "--options")) for f in flags):
        return  # `mount` / `mount -l` lists what is mounted
    if name == "swapon" and (not ops and not flags or any(f in ("-s", "--show", "--summary") for f in flags)):
        return
    if name == "udisksctl" and ops[:1] in (["status"], ["info"], ["dump"]):
        return
    yield "mount_change"


@_on("sysctl")
def _sysctl(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    flags, ops = _split(args)
    if any(re.fullmatch(r"-\w*[wp]\w*|--write|--load(?:=.*)?|--system", f) for f in flags) or any("=" in o
                                                                                                for o in ops):
        yield "kernel_tune"


RULES["clock_change"] = Rule("clock_change", "dangerous", "sets the system clock or turns time synchronisation "
                                                          "off (certificates, tokens, logs and schedules go wrong)")


@_on("timedatectl", "date", "hwclock", "systemsetup", "chronyc", "set-date")
def _clock(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    low = [a.lower() for a in args]
    ops = [a for k, a in enumerate(low) if not a.startswith("-") and (k == 0 or low[k - 1] not in (
        "-d", "--date", "-r", "--reference", "-f", "--file", "-v", "-z"))]  # date -r 1700000000 shows a time
    if name == "timedatectl":
        hit = ops[:1] == ["set-time"] or (ops[:1] == ["set-ntp"] and ops[1:2] in (["false"], ["0"], ["no"], ["off"]))
    elif name == "date":  # date -s / --set, or BSD's `date [[[mm]dd]HH]MM[[cc]yy][.ss]` operand
        hit = any(a == "-s" or a.startswith(("--set", "-s")) and not a.startswith("-s=") for a in low) or any(
            re.fullmatch(r"\d{4,12}(?:\.\d\d)?", o) for o in ops) and "-j" not in low
    elif name == "hwclock":
        hit = any(a in ("--set", "-s", "--hctosys") for a in low)
    elif name == "systemsetup":
        hit = any(a in ("-setdate", "-settime") for a in low) or (
            "-setusingnetworktime" in low and low[-1:] == ["off"])
    elif name == "chronyc":
        hit = any(re.match(r"settime\b", a) for a in low)
    else:
        hit = True  # PowerShell's Set-Date
    if hit:
        yield "clock_change"


@_on("modprobe", "insmod", "rmmod", "kexec", "depmod", "kldload", "kldunload", "kmutil", "kextload", "kextunload",
     "dkms")
def _modules(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name == "kexec" and any(a in ("-e", "--exec", "-f", "--force") for a in args):
        yield "shutdown"  # boots straight into another kernel: the machine restarts
        return
    if name in ("modprobe", "depmod") and any(a in ("-n", "--dry-run", "--show-depends", "-c", "--showconfig")
                                              for a in args):
        return
    if name == "dkms" and args[:1] == ["status"]:
        return
    yield "kernel_module"


# ---------------------------------------------------------------- accounts and sudo rights

@_on("useradd", "adduser", "usermod", "passwd", "chpasswd", "chage", "groupadd", "addgroup", "groupmod",
     "gpasswd", "vipw", "vigr", "visudo", "newusers", "pwconv", "chsh", "chfn", "dscl", "sysadminctl",
     "net", "smbpasswd", "htpasswd", "pw", "lusermod")
def _accounts(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name == "visudo" and any(a in ("-c", "--check") for a in args):
        return
    if name == "passwd" and any(a in ("-S", "--status") for a in args):
        return
    if name == "dscl" and not any(a.lstrip("-").lower() in ("create", "append", "delete", "passwd", "change",
                                                          "merge") for a in args):
        return
    if name == "net" and not (args[:1] == ["user"] and len(args) > 2) and args[:2] != ["localgroup", "administrators"]:
        return
    if name == "htpasswd":
        return  # writes a web server's password file, not a login
    yield "account_change"


_ACCOUNT_FILES = re.compile(r"^/etc/(?:sudoers(?:\.d/.*)?|passwd|shadow|group|gshadow|doas\.conf|pam\.d/.*|"
                            r"security/.*|login\.defs|subuid|subgid)$")
_EDITORS = frozenset("vi vim nvim nano emacs pico joe mcedit micro ed ex sudoedit gedit kate code subl "
                     "kwrite mousepad".split())


@_on(*_EDITORS)
def _edit_system(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    for a in _split(args)[1]:
        p = canon(a, ctx.cwd)
        if _ACCOUNT_FILES.match(p):
            yield "account_change"
        elif r := write_rule(a, cwd=ctx.cwd):
            yield r  # opening a protected file in an editor is a way to change it


# ---------------------------------------------------------------- security mechanisms

@_on("setenforce", "aa-teardown", "aa-complain", "aa-disable", "apparmor_parser", "csrutil", "spctl",
     "set-mppreference", "add-mppreference", "setsebool", "semanage", "auditctl", "xattr", "defaults",
     "fdesetup", "systemctl", "service", "ufw")
def _security(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    joined = " ".join(args).lower()
    if name == "setenforce" and joined.strip() in ("0", "permissive"):
        yield "security_off"
    elif name in ("aa-teardown", "aa-complain", "aa-disable"):
        yield "security_off"
    elif name == "apparmor_parser" and re.search(r"(?:^|\s)(?:-r|-R|--remove)\b", joined):
        yield "security_off"
    elif name == "csrutil" and re.search(r"\b(?:disable|clear|authenticated-root\s+disable)\b", joined):
        yield "security_off"
    elif name == "spctl" and re.search(r"--master-disable|--global-disable|--disable|--add\b", joined):
        yield "security_off"
    elif name in ("set-mppreference", "add-mppreference") and re.search(r"-disable\w*|-exclusion\w*", joined):
        yield "security_off"
    elif name == "setsebool" and re.search(r"\b(?:0|off|false)\b", joined):
        yield "security_off"
    elif name == "auditctl" and re.search(r"(?:^|\s)-(?:D|e\s*0)\b", " ".join(args)):  # -D: case matters
        yield "security_off"
    elif name == "xattr" and "com.apple.quarantine" in joined and re.search(r"(?:^|\s)-\w*[dc]", joined):
        yield "security_off"
    elif name == "defaults" and re.search(r"write\s+\S*(?:loginwindow|alf|gatekeeper|LSQuarantine|"
                                          r"com\.apple\.security)", joined, re.I):
        yield "security_off"
    elif name == "fdesetup" and "disable" in joined:
        yield "security_off"
    elif name in ("systemctl", "service") and stops_security_agent(args):
        yield "security_off"
    elif name == "ufw" and re.search(r"\b(?:allow|default\s+allow)\b.*\b(?:any|anywhere|0\.0\.0\.0/0)\b|"
                                     r"default\s+allow", joined):
        yield "firewall_off"


@_on("mdatp", "falconctl", "sentinelctl", "pkill", "killall")
def _agents(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """EDR and antivirus agents told to stop watching: Defender's real-time protection set to disabled,
    the Falcon sensor unloaded, SentinelOne's agent stopped, an exclusion added, the daemon killed."""
    low = [a.lower() for a in args]
    joined = " ".join(low)
    if name == "mdatp" and (re.search(r"\bconfig\b.*--value\s+disabled?\b|\bexclusion\b.*\badd\b|"
                                      r"\bconfig\b.*\bpassive-mode\b.*--value\s+enabled\b", joined)):
        yield "security_off"
    elif name == "falconctl" and (re.search(r"(?:^|\s)(?:-d|--delete|unload|uninstall|disable)\b", joined)
                                  or "--rfm-state" in joined):
        yield "security_off"
    elif name == "sentinelctl" and re.search(r"\b(?:unload|disable|stop|uninstall|unprotect)\b", joined):
        yield "security_off"
    elif name in ("pkill", "killall") and any(SECURITY_AGENT.fullmatch(a.rsplit("/", 1)[-1])
                                              for a in args if not a.startswith("-")):
        yield "security_off"


# ---------------------------------------------------------------- start-up persistence

@_on("systemctl", "launchctl", "update-rc.d", "chkconfig", "rc-update", "sysrc", "insserv", "schtasks", "reg",
     "loginctl")
def _persistence(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = [a for a in args if not a.startswith("-")]
    verb = ops[0] if ops else ""
    if name == "systemctl" and verb in ("enable", "reenable", "link", "preset", "add-wants", "add-requires",
                                        "set-default", "edit", "revert", "daemon-reexec"):
        yield "persistence"
    elif name == "launchctl" and verb in ("load", "bootstrap", "enable", "submit", "kickstart", "setenv",
                                          "asuser"):
        yield "persistence"
    elif name == "update-rc.d" and verb and any(a in ("defaults", "enable", "start") for a in ops[1:]):
        yield "persistence"
    elif name == "chkconfig" and len(ops) >= 2 and ops[-1] == "on" or name == "chkconfig" and "--add" in args:
        yield "persistence"
    elif name == "rc-update" and verb == "add":
        yield "persistence"
    elif name == "sysrc" and any(o.endswith("_enable=YES") or o.endswith('_enable="YES"') for o in ops):
        yield "persistence"
    elif name == "schtasks" and any(a.lower() in ("/create", "-create") for a in args):
        yield "persistence"
    elif name == "reg" and verb.lower() == "add" and re.search(r"(?i)\\run(?:once)?\b", " ".join(args)):
        yield "persistence"
    elif name == "loginctl" and verb == "enable-linger":
        yield "persistence"


# ---------------------------------------------------------------- where tools fetch code from

_PYPI = re.compile(r"^https?://(?:[\w.-]+\.)?(?:pypi\.org|pythonhosted\.org|download\.pytorch\.org|"
                   r"pypi\.nvidia\.com|data\.pyg\.org)(?:/|$)")


@_on("git", "pip", "pip3", "npm", "pnpm", "yarn", "bun", "gem", "bundle", "cargo", "go", "composer", "poetry",
     "uv", "conda", "apt-key", "add-apt-repository", "gpg", "update-alternatives", "ln", "nuget", "dotnet")
def _hijack(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name == "git" and ("config" not in args or any(a in ("--get", "--get-all", "--list", "-l", "--get-regexp",
                                                             "--show-origin", "--unset") for a in args)):
        return
    joined = " ".join(args)
    if name == "git":
        if re.search(r"\bconfig\b.*\b(?:core\.hookspath|url\..*\.insteadof|url\..*\.pushinsteadof|core\.sshcommand|"
                     r"core\.fsmonitor|credential\.helper|core\.pager|core\.editor|alias\.\S+\s+['\"]?!|"
                     r"filter\.\S+\.(?:clean|smudge)|http\.sslverify\s+false|http\.proxy)", joined, re.I):
            yield "tool_hijack"
        return
    if name in ("pip", "pip3", "uv", "poetry", "conda"):
        if re.search(r"\bconfig\s+(?:set|add)\b.*(?:index[-_]url|extra[-_]index[-_]url|trusted[-_]host|channels|"
                     r"find[-_]links)|\bsource\s+add\b|--add\s+channels", joined, re.I):
            yield "tool_hijack"
            return
        for k, a in enumerate(args):
            url = a.split("=", 1)[1] if a.startswith(("--index-url=", "--extra-index-url=", "-i=")) else (
                args[k + 1] if a in ("--index-url", "--extra-index-url", "-i", "--find-links", "-f") and
                k + 1 < len(args) else None)
            if url and "://" in url and not _PYPI.match(url) and not re.match(r"https?://(?:localhost|127\.)", url):
                yield "tool_hijack"
                return
            if a in ("--trusted-host",) or a.startswith("--trusted-host="):
                yield "tool_hijack"
                return
    elif name == "go" and args[:1] == ["env"] and "-w" in args:
        yield from env_rules([a for a in args if "=" in a])  # go env -w GOSUMDB=off GOPROXY=https://x
    elif name in ("npm", "pnpm", "yarn", "bun", "gem", "bundle", "cargo", "composer", "go", "nuget", "dotnet"):
        if re.search(r"\bconfig\s+(?:set|add)\b.*\b(?:registry|@[\w-]+:registry|strict-ssl|npmRegistryServer|"
                     r"checksumBehavior|GOPROXY|GONOSUMDB|GOFLAGS|GOINSECURE|GOPRIVATE|repositories|source)|"
                     r"\bsources\s+--add\b|\bsources?\s+(?:add|update)\b|\b(?:add|update)\s+source\b|"
                     r"--allow-insecure-connections", joined, re.I) and not (
                         re.fullmatch(r"config set (?:registry[ =]|--registry[ =])\S+", joined) and
                         own_index(args[-1].split("=", 1)[-1])):  # back to the default
            yield "tool_hijack"
        elif (m := re.search(r"\bconfig\s+set\s+(?:https-|https_)?proxy[\s=]+(\S+)", joined, re.I)) and \
                foreign_proxy(m.group(1)):
            yield "traffic_redirect"
    elif name in ("apt-key", "add-apt-repository"):
        if name == "add-apt-repository" or re.search(r"\b(?:add|adv)\b", joined):
            yield "tool_hijack"
    elif name == "gpg" and "--dearmor" in args and any("/etc/apt" in a or "/usr/share/keyrings" in a for a in args):
        yield "tool_hijack"
    elif name == "update-alternatives" and re.search(r"--(?:install|set|config)\b", joined):
        yield "tool_hijack"
    elif name == "ln" and any(a.startswith(("/usr/local/bin/", "/usr/local/sbin/", "/opt/homebrew/bin/"))
                              and a.rsplit("/", 1)[-1] in SHADOWED for a in args[-1:]):
        yield "tool_hijack"


# ---------------------------------------------------------------- git history

_HISTORY_VERBS = frozenset("filter-repo filter-branch replace reflog gc update-ref prune push tag".split())


@_on("git", "git-filter-repo", "bfg")
def _git_history(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name in ("git-filter-repo", "bfg"):
        yield "git_history_rewrite"
        return
    if not _HISTORY_VERBS.intersection(args):
        return
    ops = [a for a in args if not a.startswith("-")]
    sub = next((a for k, a in enumerate(args) if not a.startswith("-") and (k == 0 or args[k - 1] not in (
        "-C", "-c", "--git-dir", "--work-tree"))), "")
    rest = args[args.index(sub) + 1:] if sub else []
    if sub in ("filter-repo", "filter-branch", "replace"):
        yield "git_history_rewrite"
    elif sub == "reflog" and rest[:1] in (["expire"], ["delete"]):
        yield "git_history_rewrite"
    elif sub == "gc" and any(a.startswith("--prune=") and a.split("=", 1)[1] in ("now", "all") for a in rest):
        yield "git_history_rewrite"
    elif sub == "update-ref" and any(a in ("-d", "--delete") for a in rest):
        yield "git_history_rewrite"
    elif sub == "prune" and "--expire" in " ".join(rest):
        yield "git_history_rewrite"
    elif sub == "push" and "--mirror" in rest:
        yield "git_push_force"
    elif sub == "tag" and any(a in ("-d", "--delete") for a in rest) and len(ops) > 2:
        yield "git_branch_delete"


# ---------------------------------------------------------------- mail, capabilities, power, miners

@_on("mail", "mailx", "sendmail", "mutt", "neomutt", "swaks", "msmtp", "ssmtp", "s-nail", "mpack", "sendemail",
     "exim", "postfix", "mailsend", "biabam")
def _mail(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name in ("mail", "mailx", "s-nail", "mutt", "neomutt") and (
            not _split(args)[1] or any(a in ("-f", "-H", "-e", "-N") for a in args)) and "-s" not in args:
        return  # reading the mailbox
    if name in ("exim", "postfix") and not any(a in ("-t", "-bm") for a in args):
        return
    yield "mass_mail"


@_on("ssh-copy-id")
def _ssh_copy_id(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    yield "remote_access"  # adds a key to another machine's authorized_keys


@_on("setcap", "chattr", "chflags")
def _caps(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name == "setcap" and not any(a in ("-v", "--verify") for a in args):
        yield "file_caps"
    elif name == "chattr" and any(re.fullmatch(r"[-+=][aiA-Za-z]*[ia][A-Za-z]*", a) for a in args):
        yield "file_caps"
    elif name == "chflags" and any(re.search(r"(?:^|,)(?:no)?(?:s|u)?(?:chg|appnd|imm|immutable|append)", a)
                                   for a in args):
        yield "file_caps"


_DBUS_POWER = re.compile(r"(?i)\.(?:PowerOff|Reboot|Halt|Suspend|Hibernate|HybridSleep|KExec|RebootToFirmware\w*|"
                         r"Shutdown|RequestShutdown|RequestReboot|Logout|TerminateSession|KillSession)\b")


@_on("dbus-send", "gdbus", "busctl", "qdbus", "osascript", "shutdown.exe", "stop-computer", "restart-computer",
     "xfce4-session-logout", "gnome-session-quit", "pmset")
def _power(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    joined = " ".join(args)
    if name in ("dbus-send", "gdbus", "busctl", "qdbus"):
        if m := _DBUS_POWER.search(joined.replace(" ", ".")):
            yield "system_suspend" if re.search(r"(?i)suspend|hibernate|sleep", m.group()) else "shutdown"
    elif name == "osascript":
        if re.search(r"(?i)\b(?:shut\s*down|restart|log\s*out|sleep)\b", joined) and re.search(
                r"(?i)system events|finder|loginwindow|\bshut", joined):
            yield "shutdown" if not re.search(r"(?i)\bsleep\b", joined) else "system_suspend"
    elif name == "pmset":
        if re.search(r"\b(?:sleepnow|displaysleepnow|shutdown|restart)\b", joined):
            yield "system_suspend"
    else:
        yield "shutdown"


_MINERS = frozenset("xmrig xmr-stak xmr-stak-rx minerd cpuminer cpuminer-opt cpuminer-multi ethminer t-rex "
                    "nbminer lolminer gminer teamredminer phoenixminer nanominer srbminer srbminer-multi "
                    "ccminer bfgminer cgminer nheqminer claymore xmrminer randomx-miner wildrig "
                    "trex bzminer rigel onezerominer".split())


@_on(*_MINERS)
def _miner(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    yield "crypto_miner"


_MINER_TEXT = re.compile(r"(?i)stratum\d?\+(?:tcp|ssl|tls)://|--donate-level\b|\b(?:xmrig|cpuminer|minerd|ethminer|"
                         r"nbminer|lolminer|t-rex)\b(?![\w.-]*\.(?:md|txt|rst))|\bpool\.(?:minexmr|supportxmr|"
                         r"nanopool|f2pool|2miners|hashvault|moneroocean)|\bcoinhive\b|\bnicehash\b")


def miner_text(text: str) -> bool:
    """A miner run under another name or inside a container (docker run .../xmrig, -o stratum+tcp://)."""
    return ("stratum" in text or "donate" in text or "miner" in text.lower() or "xmrig" in text.lower()
            or "pool." in text) and bool(_MINER_TEXT.search(text))
