"""Approval rules for Windows: PowerShell cmdlets and their aliases, cmd.exe built-ins, the system
tools (reg, sc, schtasks, netsh, bcdedit, vssadmin ...) and the powershell / cmd wrappers that carry them.

Windows program names and switches ignore case: `cmd_name` lowers the name, the checks lower the
arguments, and PowerShell parameters match by any unambiguous prefix (-Rec, -Fo). The POSIX lexer eats
backslashes (`C:\\Windows` reads `C:Windows`), so approval.py takes a Windows command's words as written
(`win_argv`); text carried by powershell / cmd has `\\` turned into `/` before it is parsed again.
"""

from __future__ import annotations

import base64
import re
from typing import Callable, Iterator

from hermes.tools.approval_base import RULES, Ctx, Rule, _Check, _on
from hermes.tools.approval_launchers import LAUNCHERS, Carried
from hermes.tools.approval_checks_system import regenerable
from hermes.tools.normalize import cmd_name
from hermes.tools.shell_lexer import parse

_H, _D = "hardline", "dangerous"
for _r in [("security_off", _D, "switches off a security mechanism (SELinux, AppArmor, SIP, Gatekeeper, antivirus)"),
           ("persistence", _D, "makes a program start automatically (services, launch agents, autostart)"),
           ("account_change", _D, "creates or changes user accounts, groups, passwords or sudo rights"),
           ("print_secret", _D, "prints a credential (token, password, secret value) where the model reads it"),
           ("package_remove", _D, "removes installed packages")]:
    RULES.setdefault(_r[0], Rule(*_r))  # shared ids: the base table may already hold them
RULES.update({r[0]: Rule(*r) for r in [
    ("boot_config_delete", _H, "deletes Windows boot entries (bcdedit /delete): the machine may not start"),
    ("shadow_delete", _H, "deletes volume shadow copies or system backups (ransomware's first step)"),
    ("kill_critical", _H, "kills a process Windows cannot run without (the system crashes)"),
    ("boot_config", _D, "changes boot settings (recovery, test signing, integrity checks)"),
    ("win_registry", _D, "changes machine-wide Windows registry keys"),
    ("credential_dump", _D, "dumps stored credentials (lsass memory, SAM/SYSTEM hives, mimikatz)"),
    ("remote_access", _D, "opens the machine to remote control (PowerShell remoting, WinRM, remote login)"),
    ("firewall_open", _D, "adds a firewall rule that lets inbound connections in"),
]})

# ---------------------------------------------------------------- words and paths

_WIN_NAMES: set[str] = set()  # programs whose words approval.py passes as written (see win_argv)
# POSIX names too: raw words only for Windows paths (else the shell's expansions of $f are lost)
_SHARED = {"rm", "rmdir", "cp", "kill", "shutdown", "start", "curl", "more"}


def _won(*names: str) -> Callable[[_Check], _Check]:
    """`_on` for Windows names, with their .exe spellings."""
    full = [m for n in names for m in ((n, n + ".exe") if "-" not in n and "." not in n else (n,))]
    _WIN_NAMES.update(full)
    return _on(*full)


_MARK = re.compile(r"(?i)^[\"']?(?:[a-z]:[\\/]|[a-z]:$|%\w+%|\$\{?env:|\\\\)")  # a Windows path word
_SWITCH = re.compile(r"/[A-Za-z?]")


def win_argv(name: str, words: list) -> list[str] | None:
    """The words of a Windows command as written (backslashes kept as `/`); None for other commands."""
    if name not in _WIN_NAMES:
        raw0 = words[0].raw or ""
        if "\\" not in raw0 or raw0.replace("\\", "/").rsplit("/", 1)[-1].strip("'\"").lower() not in _WIN_NAMES:
            return None  # C:\Windows\System32\shutdown.exe: the lexer glued the name to its folders
    elif name in _SHARED and not any(_MARK.match(w.raw or "") or _SWITCH.fullmatch(w.raw or "") for w in words):
        return None
    line = " ".join(w.raw or w.text for w in words).replace("\\", "/").replace("`", "")
    segs = parse(line)  # read again: `"C:\Program Files\"` ends a string in PowerShell, not in sh
    argv = segs[0].argv if len(segs) == 1 else [w.text for w in words]
    if cmd_name(argv[0]) == "rmdir" and any(_SWITCH.fullmatch(a) for a in argv):
        argv[0] = "rd"  # rmdir /s is cmd's: the POSIX rmdir rule would read /s as a path
    return argv


_ENV = [(re.compile(p, re.I), v) for p, v in [
    (r"\$\{?env:(?:systemroot|windir)\}?|%(?:systemroot|windir)%", "c:/windows"),
    (r"\$\{env:programfiles\(x86\)\}|%programfiles\(x86\)%", "c:/program files (x86)"),
    (r"\$\{?env:programfiles\}?|%programfiles%|\$\{?env:programw6432\}?", "c:/program files"),
    (r"\$\{?env:(?:programdata|allusersprofile)\}?|%(?:programdata|allusersprofile)%", "c:/programdata"),
    (r"\$\{?env:systemdrive\}?|%systemdrive%|\$\{?env:homedrive\}?%?|%homedrive%", "c:"),
    (r"\$\{?env:(?:userprofile|homepath)\}?|%(?:userprofile|homepath)%|\$home\b|\$\{home\}", "~"),
    (r"\$\{?env:(?:temp|tmp)\}?|%(?:temp|tmp)%", "/tmp"),
]]
_SYS = re.compile(r"^(?:[a-z]:)?/(?:windows(?:/(?:system32(?:/(?:config|drivers|winevt))?|syswow64|winsxs|boot|"
                  r"fonts|servicing|system|inf))?|program files(?: \(x86\))?|progra~[12]|programdata|boot|"
                  r"recovery|efi|system volume information)$")


def wpath(p: str) -> str:
    """A Windows path made comparable: lower case, `/` separators, known variables expanded."""
    p = p.strip().strip("'\"").lower().replace("\\", "/")
    for rx, v in _ENV:
        p = rx.sub(v, p)
    p = re.sub(r"^//[?.]/|^filesystem::|^microsoft.powershell.core/filesystem::", "", p)
    p = re.sub(r"^([a-z]:)(?=[^/])", r"\1/", p)  # C:Windows: drive-relative, read from the root
    p = re.sub(r"/+", "/", p)
    p = re.sub(r"/\.(?=/|$)", "", p)
    return p


def _base(p: str) -> str:
    return re.sub(r"(?:/\*(?:\.\*)?)+$|/$", "", p) or "/"


def hard_path(raw: str) -> str | None:
    """Rule id when deleting a Windows path destroys the machine or the user's profile."""
    p = wpath(raw)
    b = _base(p)
    if re.fullmatch(r"(?:[a-z]:)?/?|/", b) or b in ("*", "*.*") and p != b:
        return "rm_root"
    if _SYS.match(b):
        return "rm_system_dir"
    if re.fullmatch(r"~|(?:[a-z]:)?/(?:users|documents and settings)(?:/[^/]+)?", b):
        return "rm_home"
    return None


def outside(raw: str) -> bool:
    p = wpath(raw)
    if p.startswith(("/tmp", "~/appdata/local/temp", "c:/windows/temp/", "c:/temp/")):
        return False
    return bool(re.match(r"[a-z]:|/|~|\$|%|\.\./|\.\.$", p)) or "/../" in p or p in (".", "*", "*.*", "./*")


# ---------------------------------------------------------------- parameters

def _param(args: list[str], *names: str, short: int = 2) -> bool:
    """A PowerShell switch by any prefix of at least `short` letters, or a cmd switch (/s)."""
    for a in args:
        a = a.lower().split(":", 1)[0]
        if a.startswith("-") and len(a) > 1:
            if any(n.startswith(a[1:]) and len(a) - 1 >= min(short, len(n)) for n in names):
                return True
    return False


def _value(args: list[str], *names: str) -> list[str]:
    out = []
    for k, a in enumerate(args):
        low = a.lower()
        if low.startswith(("-", "/")) and len(low) > 1:
            key, sep, v = low[1:].partition(":") if low.startswith("/") else (low[1:], "", "")
            if any(n.startswith(key) and len(key) >= 2 for n in names):
                if sep:
                    out.append(a.split(":", 1)[1])
                elif k + 1 < len(args):
                    out.append(args[k + 1])
    return out


def _slash(args: list[str]) -> set[str]:
    """cmd switches: /S /Q, glued (/s/q) or with a dash (-s), lower case, values dropped (/t:30 -> t)."""
    out = set()
    for a in args:
        if re.fullmatch(r"(?:/[A-Za-z?][\w:.=-]*)+|-[A-Za-z]", a):
            out |= {s.split(":")[0].lower() for s in re.split(r"[/-]", a) if s}
    return out


_TAKES = {"path", "literalpath", "filter", "include", "exclude", "credential", "stream", "pspath", "lp"}


def _operands(args: list[str]) -> list[str]:
    ops, k = [], 0
    while k < len(args):
        a = args[k]
        low = a.lower().lstrip("-")
        if a.startswith("-") and len(a) > 1:
            if ":" not in a and any(t.startswith(low) and len(low) >= 2 for t in _TAKES) and k + 1 < len(args):
                if any(t.startswith(low) for t in ("path", "literalpath", "pspath", "lp")):
                    ops.append(args[k + 1])
                k += 2
                continue
        elif not re.fullmatch(r"(?:/[A-Za-z?])+", a):
            ops += [x for x in a.split(",") if x]
        k += 1
    return ops


_CRIT = r"(?:csrss|wininit|lsass|svchost|smss|winlogon|services|lsaiso)"
_SECRET_ENV = re.compile(r"(?i)\$\{?env:\w*(?:key|token|secret|passw|pwd|credential|auth)\w*")


# ---------------------------------------------------------------- deleting

@_won("remove-item", "ri", "rm", "rmdir", "rd", "del", "erase")
def _remove(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = _operands(args)
    if name in ("rm", "rmdir") and not any(_MARK.search(a) or re.match(r"[A-Za-z]:", a) for a in ops):
        return  # a POSIX rm: judged by the POSIX rules
    sw = _slash(args)
    recursive = "s" in sw or _param(args, "recurse", short=1) or any(re.fullmatch(r"-[rR][fF]?", a) for a in args)
    force = "f" in sw or "q" in sw or _param(args, "force", short=1)
    if not ops:
        yield "rm_recursive" if recursive else "rm_force"  # the items come down a pipeline
    for t in ops:
        low = wpath(t)
        if re.match(r"(?:hk(?:lm|cu|cr|u|cc)|hkey_\w+|registry::)", low):
            yield "win_registry"
            continue
        hard = hard_path(t)
        if hard and (recursive or "*" in low or name in ("rd", "rmdir", "rmdir.exe")):
            yield hard
        if outside(t) or ".git" in low.split("/"):
            yield "rm_recursive" if recursive else "rm_force" if force else "rm_outside"
        elif recursive and not regenerable(low):  # in the tree, but maybe the user's only copy
            yield "rm_recursive"


# ---------------------------------------------------------------- wrappers: what powershell / cmd run

def ps_text(text: str) -> str:
    """PowerShell or cmd text made readable to the POSIX lexer: `\\` -> `/`, escapes (` and ^) dropped,
    script-block braces as statement breaks."""
    text = text.replace("\\", "/").replace("`", "").replace("^", "")
    return re.sub(r"(?<![@$])[{}]", " ; ", text)


def _decode(b64: str) -> str | None:
    try:
        raw = base64.b64decode(b64 + "=" * (-len(b64) % 4), validate=True)
        text = raw.decode("utf-16-le")
    except (ValueError, UnicodeDecodeError):
        return None
    return text if text.isprintable() or all(c.isprintable() or c in "\r\n\t" for c in text) else None


_PS_VALUED = ("executionpolicy", "windowstyle", "version", "inputformat", "outputformat", "configurationname",
              "psconsolefile", "workingdirectory", "settingsfile", "custompipename", "ep", "wd")


def _powershell(args: list[str]) -> Carried:
    k = 0
    while k < len(args):
        low = re.sub("^[\u2013\u2014\u2015]", "-", args[k].lower())  # PowerShell takes dashes as -
        key = low[1:].split(":")[0] if low[:1] in "-/" and len(low) > 1 else ""
        if not key:
            return [("sh", ps_text(" ".join(args[k:])))]  # the rest is the command (-Command is the default)
        if key in ("c", "co", "com", "comm", "comma", "comman", "command", "commandwithargs", "cwa"):
            return [("sh", ps_text(" ".join(args[k + 1:])))]
        if key in ("e", "ec") or (len(key) > 1 and "encodedcommand".startswith(key)):
            # Encoded, whatever it decodes to: the text hides what runs from whoever reads the command.
            text = _decode(args[k + 1]) if k + 1 < len(args) else None
            return [("rule", "decode_exec")] + ([("sh", ps_text(text))] if text is not None else [])
        if key in ("f", "file"):
            return []
        k += 2 if any(v.startswith(key) for v in _PS_VALUED) and len(key) > 1 or key in ("w", "v", "ex", "exec") \
            else 1
    return []


def _cmd(args: list[str]) -> Carried:
    for k, a in enumerate(args):
        low = a.lower()
        if low[:2] in ("/c", "/k", "/r"):
            rest = ([a[2:]] if len(a) > 2 else []) + args[k + 1:]
            return [("sh", ps_text(" ".join(rest)))]
    return []


def _start_process(args: list[str]) -> Carried:
    file = _value(args, "filepath") or [a for a in args if not a.startswith("-")][:1]
    return [("sh", ps_text(" ".join(file + [v.replace(",", " ") for v in _value(args, "argumentlist")])))]


def _start(args: list[str]) -> Carried:  # cmd's start ["title"] [/b /wait /min ...] program args
    k = 0
    while k < len(args) and (args[k].startswith("/") or args[k] == "" or k == 0 and " " in args[k]):
        k += 1
    return [("sh", ps_text(" ".join(args[k:])))] if k < len(args) else []


def _block(args: list[str]) -> Carried:  # Invoke-Command / Start-Job -ScriptBlock { ... }
    if "{" in args:
        return [("sh", ps_text(" ".join(args[args.index("{"):])))]
    return [("sh", ps_text(v)) for v in _value(args, "scriptblock", "sb", "command")]


for _n, _fn in [("powershell", _powershell), ("pwsh", _powershell), ("powershell_ise", _powershell),
                ("cmd", _cmd), ("start-process", _start_process), ("saps", _start_process), ("start", _start),
                ("invoke-command", _block), ("icm", _block), ("start-job", _block), ("sajb", _block),
                ("start-threadjob", _block), ("foreach-object", _block), ("%", _block), (".", _block),
                ("do", lambda args: [("sh", ps_text(" ".join(args)))])]:  # cmd's `for ... in (...) DO cmd`
    for _m in (_n, _n + ".exe") if _n.isalnum() else (_n,):
        LAUNCHERS[_m] = _fn
        _WIN_NAMES.add(_m) if _m not in (".", "do") else None
_SHARED.add("start.exe")

# ---------------------------------------------------------------- whole-text rules

_GATE = re.compile(r"diskpart|iex|invoke-expression|scriptblock|env:|lsass|csrss|wininit|svchost|winlogon|"
                   r"shadowcopy|credential|securestring|sekurlsa|mimikatz|icacls|environmentvariable|\.ssh|"
                   r"outfile|downloadfile|\|\s*(?:remove-item|ri|rm|del)\b")
_DOWNLOAD = re.compile(r"(?i)download(?:string|file|data)|\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|"
                       r"start-bitstransfer|curl|wget)\b|net\.webclient|\bhttps?://")
_RUN_TEXT = re.compile(r"(?i)\b(?:iex|invoke-expression)\b|\[scriptblock\]::create")
_NETWORK = re.compile(r"(?i)\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|send-mailmessage|curl|wget|"
                      r"start-bitstransfer|nc|ncat)\b|upload(?:string|file|data)|net\.webclient|tcpclient|"
                      r"(?:^|[\s'\"])//[\w.-]+/")  # a UNC path (\\host\share, slashes turned) is another machine


def win_text_rules(text: str) -> list[str]:
    """Rules judged on a whole PowerShell or cmd line (pipelines the POSIX reading splits apart)."""
    low = text.lower()
    if not _GATE.search(low):  # matched on lower-cased text: far cheaper than (?i) for every POSIX command
        return []
    out = []
    low = low.replace("\\", "/")
    if "diskpart" in low and re.search(r"\bclean\b|format\s+fs|delete\s+(?:partition|volume|disk)", low):
        out.append("disk_wipe")
    if _RUN_TEXT.search(low) and _DOWNLOAD.search(low):
        out.append("curl_pipe_shell")
    saved = r"(?:-outfile|-o|downloadfile\([^,]+,)\s*['\"]?([^'\"\s)]+\.(?:ps1|exe|bat|cmd|msi|vbs))"
    for m in re.finditer(saved, low):
        name = m.group(1).rsplit("/", 1)[-1]
        if name in low[m.end():]:  # downloaded, then run from the same line
            out.append("curl_pipe_shell")
    secret = _SECRET_ENV.search(low) or re.search(r"(?:gci|get-childitem|dir|ls)\s+env:|getenvironmentvariables|"
                                                  r"\.ssh/(?:id_|identity)(?![\w.-]*\.pub)|\.aws/credentials|\.netrc|"
                                                  r"\.git-credentials|\.kube/config|\.docker/config\.json", low)
    if secret and _NETWORK.search(low):
        out.append("secret_exfil")
    if re.search(r"(?:get-process|gps|ps)\s+[^|;]*\b" + _CRIT + r"\b[^|;]*\|\s*(?:stop-process|spps|kill)", low):
        out.append("kill_critical")
    if re.search(r"sekurlsa|lsadump|invoke-mimikatz", low):
        out.append("credential_dump")
    if re.search(r"getnetworkcredential\(\)\.password|convertfrom-securestring|get-credential[^;]*\|\s*export-", low):
        out.append("print_secret")
    if re.search(r"win32_shadowcopy[^;]*(?:\|\s*(?:remove-wmiobject|remove-ciminstance|%|foreach)|\.delete\(\))", low):
        out.append("shadow_delete")
    if re.search(r"icacls\b[^;&|]*(?:everyone|\*s-1-1-0|users):[(\w)]*?\b[fmw]\b", low):
        out.append("chmod_world_writable")  # Everyone:(OI)(CI)F: the POSIX reading splits at the parentheses
    for m in re.finditer(r"(?:gci|get-childitem|ls|dir)\s+(?:-path\s+)?(\S+)[^|;]*\|\s*(?:remove-item|ri|rm|del)\b",
                         low):
        if hard := hard_path(m.group(1)):
            out.append(hard)
    return out


from hermes.tools import approval_checks_windows_admin as _admin  # noqa: E402,F401  (registers at import)
