"""Approval rules for macOS tools: disks (diskutil, asr), SIP and Gatekeeper, firmware (nvram, bless),
Time Machine, launchd, `defaults` security domains, accounts (dscl, sysadminctl), the keychain,
AppleScript, power (pmset), kernel extensions, remote login, and the system folders rm must not take.

macOS program names are case-insensitive (`cmd_name` lowers them); verbs such as eraseDisk are matched
without case too. Other check modules may judge the same programs: `_on` chains them.
"""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import RULES, Ctx, Rule, _on, _short, _split
from hermes.tools.approval_paths import canon

_H, _D = "hardline", "dangerous"
for _r in [("security_off", _D, "switches off a security mechanism (SELinux, AppArmor, SIP, Gatekeeper, antivirus)"),
           ("persistence", _D, "makes a program start automatically (services, launch agents, autostart)"),
           ("account_change", _D, "creates or changes user accounts, groups, passwords or sudo rights"),
           ("print_secret", _D, "prints a credential (token, password, secret value) where the model reads it"),
           ("kernel_module", _D, "loads or unloads a kernel module, or boots another kernel"),
           ("system_suspend", _D, "suspends or hibernates the machine"),
           ("remote_access", _D, "opens the machine to remote control (PowerShell remoting, WinRM, remote login)"),
           ("boot_config", _D, "changes boot settings (recovery, test signing, integrity checks)"),
           ("backup_delete", _D, "deletes backups or snapshots, or switches backups off")]:
    RULES.setdefault(_r[0], Rule(*_r))  # shared ids: another module may have registered them first


def _low(args: list[str]) -> list[str]:
    return [a.lower() for a in args]


# ---------------------------------------------------------------- disks

# Verbs that destroy what is on a disk or volume: whichever disk is named, there is no undo.
_ERASE = {"erasedisk", "erasevolume", "partitiondisk", "zerodisk", "randomdisk", "secureerase", "reformat",
          "deletecontainer", "deletevolume", "deletepv", "deletelvg", "deletelvf", "resetfusion", "split"}


@_on("diskutil")
def _diskutil(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    verbs = [a for a in _low(args) if not a.startswith("-")][:2]
    if set(verbs) & _ERASE or verbs[:2] in (["apfs", "erasevolume"], ["cs", "delete"], ["ar", "delete"],
                                            ["appleraid", "delete"], ["corestorage", "delete"]):
        yield "disk_wipe"
    elif set(verbs) & {"resizevolume", "splitpartition", "mergepartitions", "addpartition"} or \
            verbs[:2] in (["apfs", "resizecontainer"], ["apfs", "deletesnapshot"], ["apfs", "addvolume"]):
        yield "partition_edit"


@_on("asr")
def _asr(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    low = _low(args)
    if "--erase" in low or "-erase" in low:
        yield "disk_wipe"
    elif low[:1] in (["restore"], ["restoreexact"]) or (low and low[0].startswith("-") and "--target" in low):
        yield "disk_overwrite"  # restores an image over the target volume


# ---------------------------------------------------------------- security switches, firmware, backups

@_on("csrutil")
def _csrutil(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if re.search(r"\b(?:disable|clear)\b|enable\s+--without", " ".join(_low(args))):
        yield "security_off"


@_on("spctl")
def _spctl(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    joined = " ".join(_low(args))
    if re.search(r"--(?:master|global)-disable|--disable\b|kext-consent\s+disable|--add\b", joined):
        yield "security_off"


@_on("socketfilterfw")
def _alf(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    joined = " ".join(_low(args))
    if re.search(r"--setglobalstate\s+off|--setallowsigned\w*\s+on|--setstealthmode\s+off", joined):
        yield "firewall_off"
    elif re.search(r"--(?:add|unblockapp)\b", joined):
        yield "firewall_open" if "firewall_open" in RULES else "firewall_off"


@_on("fdesetup", "profiles", "tccutil")
def _protections(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    low = _low(args)
    if (name == "fdesetup" and low[:1] in (["disable"], ["removeuser"], ["changerecovery"])) or \
            (name == "profiles" and (low[:1] in (["remove"], ["-r"]) or "-d" in low or "-D" in args)) or \
            (name == "tccutil" and low[:1] == ["reset"] and len(low) > 1 and low[1] == "all"):
        yield "security_off"


@_on("nvram")
def _nvram(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    flags, ops = _split(args)
    if _short(flags, "cdf") or any("=" in o for o in ops):
        yield "boot_config"  # boot-args, csr-active-config, auto-boot: writes to firmware


@_on("bless")
def _bless(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(a.lower() in ("--setboot", "--nextonly", "--startupfile") for a in args):
        yield "boot_config"


@_on("tmutil")
def _tmutil(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    verb = next((a.lower() for a in args if not a.startswith("-")), "")
    if verb in ("delete", "deletelocalsnapshots", "thinlocalsnapshots", "disable", "removedestination",
                "deleteinprogress", "disablelocal"):
        yield "backup_delete"


# ---------------------------------------------------------------- launchd and defaults

def _system_job(a: str) -> bool:
    return a.startswith(("/system/", "com.apple.")) or bool(re.search(r"(?:^|/)com\.apple\.", a))


@_on("launchctl")
def _launchctl(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    low = _low(args)
    verb = next((a for a in low if not a.startswith("-")), "")
    targets = [a for a in low[low.index(verb) + 1:] if not a.startswith("-")] if verb else []
    if verb in ("load", "bootstrap", "enable", "submit"):
        if any(re.search(r"ssh|screensharing|remotedesktop|ardagent|smbd", t) for t in targets):
            yield "remote_access"
        elif not targets or not all(_system_job(t) for t in targets if t not in ("system", "user") and
                                    not re.fullmatch(r"(?:gui|user)/\d+", t)):
            yield "persistence"
    elif verb in ("unload", "bootout", "disable", "remove", "stop", "kill") and any(_system_job(t) or t.startswith(
            ("system/", "/library/launchdaemons")) for t in targets):
        yield "service_stop"


# (domain pattern, key pattern or "" for any key, rule) for defaults write / delete
_DEFAULTS = [
    (r"launchservices", r"lsquarantine", "security_off"),
    (r"loginwindow", r"loginhook|logouthook|autologinuser|hidden", "persistence"),
    (r"com\.apple\.alf", r"", "firewall_off"),
    (r"screensaver", r"askforpassword", "security_off"),
    (r"com\.apple\.security|gatekeeper|spctl|assessment", r"", "security_off"),
    (r"softwareupdate|commerce", r"auto|critical|configdata|checkenabled", "security_off"),
    (r"com\.apple\.(?:smb\.server|remotedesktop|remotemanagement|screensharing|ard)", r"", "remote_access"),
    (r"com\.apple\.loginitems|backgrounditems", r"", "persistence"),
]


@_on("defaults")
def _defaults(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    low = [a for a in _low(args) if a not in ("-currenthost",) and not a.startswith("-host")]
    if not low or low[0] not in ("write", "delete", "import", "rename"):
        return
    domain, key = (low[1] if len(low) > 1 else ""), (low[2] if len(low) > 2 else "")
    for dom, k, rid in _DEFAULTS:
        if re.search(dom, domain) and (not k or re.search(k, key) or (low[0] == "import")):
            yield rid
            return


# ---------------------------------------------------------------- accounts and secrets

@_on("dscl")
def _dscl(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    low = _low(args)
    if any(a in ("-delete", "delete") for a in low) and any(a.startswith(("/users/", "/groups/")) for a in low):
        yield "user_remove" if any(a.startswith("/users/") for a in low) else "account_change"
    elif any(a.lstrip("-") in ("create", "append", "merge", "passwd", "change", "changei") for a in low):
        yield "account_change"


@_on("dseditgroup", "sysadminctl", "createhomedir", "pwpolicy")
def _accounts(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    low = _low(args)
    if name == "dseditgroup":
        if "-o" in low and low[low.index("-o") + 1:low.index("-o") + 2] in (["edit"], ["create"], ["delete"]):
            yield "account_change"
    elif name == "sysadminctl":
        if "-deleteuser" in low:
            yield "user_remove"
        elif any(a in ("-adduser", "-resetpasswordfor", "-securetokenon", "-securetokenoff", "-guestaccount",
                       "-autologin", "-admin", "-setpassword") for a in low) and "status" not in low:
            yield "account_change"
    elif name == "pwpolicy" and any(a.startswith(("-set", "-clear", "-disable")) for a in low):
        yield "account_change"


@_on("security")
def _security(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    low = _low(args)
    verb = low[0] if low else ""
    if verb in ("dump-keychain", "find-internet-password") or (
            verb == "find-generic-password" and any(re.fullmatch(r"-\w*[wg]\w*", a) for a in args)):
        yield "print_secret"
    elif verb == "export" and any("priv" in a or "identities" in a for a in low):
        yield "print_secret"
    elif verb in ("add-trusted-cert", "authorizationdb", "trust-settings-import", "remove-trusted-cert") and \
            not (verb == "authorizationdb" and low[1:2] == ["read"]):
        yield "security_off"
    elif verb in ("delete-keychain", "delete-generic-password", "delete-internet-password",
                  "set-keychain-password", "unlock-keychain"):
        yield "account_change"


# ---------------------------------------------------------------- power, AppleScript, quarantine, kexts

@_on("pmset")
def _pmset(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    low = _low(args)
    if any(a in ("schedule", "repeat") for a in low) and any(a in ("shutdown", "restart") for a in low):
        yield "shutdown"
    elif "sleepnow" in low or ("schedule" in low and any(a in ("sleep", "wake", "poweron") for a in low)):
        yield "system_suspend"


@_on("fasthalt", "fastboot")
def _fast(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    yield "shutdown"


_APPLE_POWER = re.compile(r"(?i)\bto\s+(?:shut\s*down|restart|log\s*out)\b|«event\s+aevt(?:shut|rrst|rlgo)»|"
                          r"\b(?:shut\s*down|restart)\b\s*$")


@_on("osascript")
def _osascript(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    scripts = [args[k + 1] for k, a in enumerate(args[:-1]) if a == "-e"]
    text = "\n".join(scripts)
    if re.search(r"(?i)system events|finder|loginwindow", text) and _APPLE_POWER.search(text):
        yield "system_suspend" if re.search(r"(?i)\bto\s+sleep\b", text) else "shutdown"
    if re.search(r"(?i)with administrator privileges", text):
        yield "root_shell"
    if re.search(r"(?i)\bmake\s+(?:new\s+)?login\s+item\b", text):
        yield "persistence"  # starts the program at every login
    if re.search(r"(?i)with hidden answer|keychain", text):
        yield "print_secret"  # a fake password prompt, or a script reading the keychain


@_on("xattr")
def _xattr(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    flags, ops = _split(args)
    clears = _short(flags, "c") or (_short(flags, "d") and "com.apple.quarantine" in ops)
    if clears and (_short(flags, "r") or any(canon(o) in ("/applications", "/", "~") for o in ops) or
                   any(o.lower().endswith((".app", ".app/", ".pkg", ".dmg")) for o in ops)):
        yield "security_off"  # lifts Gatekeeper's check from downloaded apps


@_on("kextload", "kextunload", "kextutil", "kmutil", "kextcache")
def _kext(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    verb = args[0].lower() if args else ""
    if name != "kmutil" or verb in ("load", "unload", "install", "create"):
        if name != "kextcache" or verb in ("-i", "-u", "--clear-staging"):
            yield "kernel_module"


@_on("systemsetup")
def _systemsetup(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    joined = " ".join(_low(args))
    if re.search(r"-set(?:remotelogin|remoteappleevents)\s+on", joined):
        yield "remote_access"
    elif re.search(r"-set(?:startupdisk|restartfreeze|waitforstartupafterpowerfailure)\b", joined):
        yield "boot_config"


@_on("kickstart")
def _ard(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(a.lower() in ("-activate", "-configure") for a in args):
        yield "remote_access"  # Apple Remote Desktop agent


# ---------------------------------------------------------------- macOS system folders

# The POSIX table knows /System, /Library and /Applications; these folders inside them are the system too.
_MAC_SYSTEM = re.compile(r"^/(?:system/(?:library|applications|volumes|ios support)(?:/[^/]+)?|"
                         r"library/(?:application support|preferences|launchdaemons|launchagents|extensions|"
                         r"frameworks|keychains|security|startupitems|systemextensions|apple|filesystems)|"
                         r"private/(?:etc|var|var/db|var/root)|usr/(?:libexec|standalone)|cores)/?$")
_MAC_ROOT = re.compile(r"^/(?:volumes/macintosh hd|system/volumes/data)/?$")


@_on("rm")
def _rm_mac(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    flags, targets = _split(args)
    if not (_short(flags, "rR") or "--recursive" in flags):
        return
    for t in targets:
        p = canon(t, ctx.cwd).lower().rstrip("*").rstrip("/") or "/"
        if _MAC_ROOT.match(p):
            yield "rm_root"
        elif _MAC_SYSTEM.match(p):
            yield "rm_system_dir"
