"""Approval rules for Windows administration: power, disks, boot, shadow copies, processes, registry,
Defender and the firewall, accounts, services and scheduled tasks, event logs, ACLs, credential dumps and
remote access. The shared helpers (paths, parameters, `_won`) live in approval_checks_windows.
"""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import Ctx
from hermes.tools.approval_checks_windows import (_CRIT, _SECRET_ENV, _SYS, _base, _operands, _param, _slash,
                                                  _value, _won, hard_path, wpath)
from hermes.tools.approval_paths import is_secret

# Programs judged on their joined, lower-cased arguments: (names, [(pattern, rule) ...]); the first
# pattern that matches gives the rule, a None pattern always matches.
_DEFENDER = r"windefend|mpssvc|wscsvc|\bsense\b|wdnissvc|wdboot|wdfilter"
_TABLE: list[tuple[str, list[tuple[str | None, str]]]] = [
    ("stop-computer restart-computer psshutdown", [(None, "shutdown")]),
    ("shutdown", [(r"(?:^|\s)[/-](?:s|r|p|g|sg|e|o|hybrid|fw)\b", "shutdown"), (r"(?:^|\s)[/-]h\b", "system_suspend")]),
    ("format format.com", [(r"(?:^|\s)[a-z]:[/\\]?(?:\s|$)", "mkfs_device")]),
    ("format-volume", [(None, "mkfs_device")]),
    ("clear-disk initialize-disk remove-partition", [(None, "disk_wipe")]),
    ("cipher", [(r"(?:^|\s)/w", "disk_wipe")]),
    ("diskpart", [(r"^$|/s\b", "partition_edit")]),  # the script decides: `clean` on the same line is a text rule
    ("bcdedit", [(r"^[/-](?:delete|import|clean)\b", "boot_config_delete"),
                 (r"testsigning|nointegritychecks|disableelamdrivers|hypervisorlaunchtype\s+off", "security_off"),
                 (r"^[/-](?:set|deletevalue|default|bootsequence|create|copy|timeout)\b", "boot_config")]),
    # Deleting every restore point is ransomware's first move; no agent task needs it and it cannot be
    # undone, so it is refused outright (shrinking the storage deletes them too).
    ("vssadmin wmic wbadmin", [(r"delete\s+(?:shadows|catalog|systemstatebackup|backup)|shadowcopy.*\bdelete\b|"
                                r"resize\s+shadowstorage", "shadow_delete"),
                               (r"process\b.*" + _CRIT + r"\b.*\b(?:delete|terminate)", "kill_critical"),
                               (r"process\b.*\b(?:delete|terminate)", "kill_force"),
                               (r"\b(?:useraccount|group)\b.*\b(?:set|create|delete|rename)\b", "account_change")]),
    ("set-executionpolicy", [(r"\b(?:unrestricted|bypass)\b", "security_off")]),
    ("set-mppreference add-mppreference", [(r"-exclusion|-disable\w*(?:\s+(?!\$?false|0\b)\S+|:\$?true|\s*$)|"
                                            r"-(?:mapsreporting|submitsamplesconsent)\s+(?:0|disabled|2)|"
                                            r"-\w*action\s+(?:6|allow|noaction)", "security_off")]),
    ("mpcmdrun disable-bitlocker suspend-bitlocker disable-computerrestore",
     [(r"^(?!.*-signatureupdate)", "security_off")]),
    ("manage-bde", [(r"-(?:off|disable|forcerecovery)\b", "security_off")]),
    ("set-netfirewallprofile", [(r"-enabled?\s*:?\s*(?:\$?false|0\b)|-defaultinboundaction\s+allow", "firewall_off")]),
    ("disable-netfirewallrule remove-netfirewallrule", [(None, "firewall_off")]),
    ("new-netfirewallrule", [(r"^(?!.*-dir\w*\s+outbound)(?!.*-action\s+block)", "firewall_open")]),
    ("netsh", [(r"state\s+off|opmode\s+(?:mode=)?disable|advfirewall\s+reset|firewallpolicy\s+\S*allowinbound",
                "firewall_off"),
               (r"^(?!.*dir=out)(?!.*action=block).*firewall\s+(?:add|set)\s+(?:rule|portopening|allowedprogram)",
                "firewall_open"),
               (r"portproxy\s+add", "remote_access"),
               (r"interface\s+(?:ip|ipv4|ipv6)\s+(?:set|add)\s+dns|winhttp\s+(?:set|import)\s+proxy",
                "traffic_redirect"),
               (r"wlan\s+(?:show|export)\s+profile.*key=clear", "print_secret"),
               (r"interface\s+set\s+interface\b.*\b(?:admin\s*=\s*)?disabled?\b|wlan\s+disconnect", "network_cut")]),
    ("disable-netadapter remove-netadapter", [(None, "network_cut")]),
    ("ipconfig", [(r"(?:^|\s)[/-]release6?\b", "network_cut")]),
    ("net net1", [(r"^(?:users?|localgroup|group)\b.*\s/del(?:ete)?\b", "user_remove"),
                  (r"^(?:localgroup|group)\b.*\s/add\b", "account_change"),
                  (r"^users?\s+[^/\s]\S*\s+(?:[^/\s]|/(?!domain\b))", "account_change"),
                  (r"^accounts\s+/(?!domain\b)", "account_change"), (r"^stop\s+\S", "service_stop"),
                  (r"^share\s+\S+=", "remote_access")]),
    ("new-localuser set-localuser add-localgroupmember enable-localuser rename-localuser new-aduser "
     "add-adgroupmember set-adaccountpassword set-aduser", [(None, "account_change")]),
    ("remove-localuser remove-localgroupmember remove-aduser remove-localgroup", [(None, "user_remove")]),
    ("cmdkey vaultcmd", [(r"/l(?:ist)?\b|/listcreds", "print_secret"), (r"/add|/generic|/delete", "account_change")]),
    ("sc", [(r"^(?:\S+\s+)?create\b", "persistence"),
            (r"^(?:\S+\s+)?(?:delete|config|stop|pause|failure|sdset|privs)\b.*(?:" + _DEFENDER + ")", "security_off"),
            (r"^(?:\S+\s+)?(?:delete|config|stop|pause|failure|sdset|privs|sidtype)\b", "service_stop")]),
    ("schtasks", [(r"/(?:create|change)\b", "persistence"), (r"/(?:delete|end)\b", "service_stop")]),
    ("new-service register-scheduledtask set-scheduledtask new-scheduledjob register-scheduledjob",
     [(None, "persistence")]),
    ("stop-service spsv remove-service restart-service suspend-service unregister-scheduledtask "
     "disable-scheduledtask set-service", [(_DEFENDER, "security_off"), (r"eventlog", "log_tamper"),
                                           (r"^(?!.*-startuptype\s+(?:automatic|manual))(?!.*-status\s+running)",
                                            "service_stop")]),
    ("wevtutil", [(r"^(?:cl|clear-log|um|uninstall-manifest)\b|^(?:sl|set-log)\b.*/e(?:nabled)?:false", "log_tamper")]),
    ("clear-eventlog remove-eventlog limit-eventlog", [(None, "log_tamper")]),
    ("auditpol", [(r"/clear|/remove|:disable", "log_tamper")]),
    ("fsutil", [(r"usn\s+deletejournal", "log_tamper")]),
    ("enable-psremoting enable-wsmancredssp set-wsmanquickconfig", [(None, "remote_access")]),
    ("winrm winrm.cmd", [(r"^(?:quickconfig|qc|set|s|create|c|invoke)\b", "remote_access")]),
    ("disable-windowsoptionalfeature uninstall-windowsfeature remove-windowsfeature remove-appxpackage "
     "remove-windowscapability uninstall-package uninstall-module", [(r"defender|firewall", "security_off"),
                                                                     (None, "package_remove")]),
    ("dism", [(r"/(?:disable-feature|remove-package|remove-capability|remove-provisionedappxpackage)",
               "package_remove")]),
    ("winget choco scoop", [(r"^(?:uninstall|remove|rm)\b", "package_remove")]),
    ("invoke-expression iex", [(None, "dynamic_command")]),  # a string run as code: known only at run time
    ("start-process saps", [(r"-verb\s*:?\s*runas", "root_shell")]),
    ("clear-recyclebin", [(None, "rm_force")]),
    # Script hosts that fetch and run code from an address: mshta http://..., regsvr32 /i:http://... scrobj.dll
    ("mshta mshta.exe", [(r"https?:|javascript:|vbscript:|^\\\\", "curl_pipe_shell")]),
    ("regsvr32 regsvr32.exe", [(r"/i:\s*(?:https?:|\\\\)", "curl_pipe_shell")]),
    ("add-content set-content out-file ac", [(r"drivers[\\/]etc[\\/]hosts", "traffic_redirect")]),
    ("copy-item cpi copy xcopy robocopy move-item", [
        (r"(?:\.ssh[\\/](?:id_|identity)(?![\w.-]*\.pub)|\.aws[\\/]credentials|\.netrc|\.git-credentials|"
         r"\.kube[\\/]config|\.docker[\\/]config\.json)\S*\s+(?:-destination\s+)?['\"]?\\\\", "secret_exfil")]),
]


def _table_check(rules: list[tuple[str | None, str]]):
    compiled = [(re.compile(p) if p else None, rid) for p, rid in rules]

    def check(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
        joined = " ".join(args).lower().strip()
        for rx, rid in compiled:
            if rx is None or rx.search(joined):
                yield rid
                return
    return check


for _names, _rules in _TABLE:
    _won(*_names.split())(_table_check(_rules))


# ---------------------------------------------------------------- registry

_REG_PERSIST = re.compile(r"(?i)\\(?:run|runonce|runservices|runonceex)\b|winlogon|image file execution|"
                          r"appinit_dlls|\\services\\|startup|shell folders|\\policies\\explorer\\run|"
                          r"currentversion\\windows\\load|bootexecute|userinit")
_REG_SECURITY = re.compile(r"(?i)windows defender|disableantispyware|disablerealtime|enablelua|"
                           r"consentpromptbehavior|tamperprotection|\\lsa\b|wdigest|uselogoncredential|"
                           r"smartscreen|firewallpolicy|disablebehavior|\\system\\.*security")
_REG_REMOTE = re.compile(r"(?i)fdenytsconnections|terminal server|winrm|localaccounttokenfilterpolicy")
_HIVE_DUMP = re.compile(r"(?i)(?:hklm|hkey_local_machine)[\\/:]*(?:sam|security|system)$")


def reg_key_rule(key: str, change: str) -> str | None:
    k = key.replace("/", "\\").replace("::", "\\")
    if _REG_REMOTE.search(k):
        return "remote_access"
    if _REG_SECURITY.search(k):
        return "security_off"
    if _REG_PERSIST.search(k):
        return "persistence"
    if re.match(r"(?i)(?:registry\\+)?(?:hklm|hkcr|hku|hkey_local_machine|hkey_classes_root|hkey_users)", k):
        return "win_registry"
    return "win_registry" if change == "delete" else None


@_won("reg", "reg.exe")
def _reg(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    verb = args[0].lower() if args else ""
    key = args[1] if len(args) > 1 else ""
    if verb in ("save", "export") and _HIVE_DUMP.search(key.strip("\\/ ")):
        yield "credential_dump"
    elif verb in ("add", "delete", "import", "restore", "load", "unload", "copy"):
        rid = reg_key_rule(key, verb) if verb != "import" else "win_registry"
        if rid:
            yield rid


@_won("set-itemproperty", "sp", "new-itemproperty", "remove-itemproperty", "rp", "new-item", "ni", "set-item", "si",
     "remove-itemproperty", "rename-itemproperty", "clear-itemproperty", "clear-item", "cli", "clp", "rnp")
def _item(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    joined = " ".join(args)
    if re.search(r"(?i)wsman:.*trustedhosts|wsman:.*(?:allowunencrypted|basic)", joined):
        yield "remote_access"
        return
    for t in _operands(args):
        if re.match(r"(?i)(?:hk(?:lm|cu|cr|u|cc):|registry::|hkey_)", t):
            change = "delete" if name in ("remove-itemproperty", "rp", "clear-itemproperty", "clp") else "set"
            if rid := reg_key_rule(t + " " + joined, change):
                yield rid
        elif name in ("new-item", "ni", "set-item", "si") and re.search(r"(?i)start menu.programs.startup", t):
            yield "persistence"


# ---------------------------------------------------------------- security, accounts, services

@_won("takeown", "takeown.exe", "icacls", "icacls.exe", "cacls", "cacls.exe", "set-acl", "attrib", "attrib.exe")
def _perms(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    sw = _slash(args)
    targets = [a for a in args if not a.startswith(("/", "-", "+")) and ":" not in a[2:] or re.match(r"[A-Za-z]:", a)]
    targets += _value(args, "f", "path")
    recursive = bool(sw & {"r", "t", "s"})
    hard = [h for t in targets if (h := hard_path(t))]
    if hard and recursive:
        yield "chmod_system"
    elif hard or any(_SYS.match(_base(wpath(t))) or wpath(t).startswith("c:/windows/") for t in targets):
        yield "perm_system_path"
    if name.startswith(("icacls", "cacls")) and re.search(r"(?i)(?:everyone|\*s-1-1-0|users|authenticated users)"
                                                          r":\(?(?:\w+\)?\()?(?:f|m|w)", " ".join(args)):
        yield "chmod_world_writable"
    if recursive and name.startswith(("takeown", "icacls", "cacls")):
        yield "chown_recursive" if name.startswith("takeown") else "chmod_recursive"


@_won("mimikatz", "mimikatz.exe", "procdump", "procdump.exe", "procdump64.exe", "rundll32", "rundll32.exe",
     "ntdsutil", "ntdsutil.exe", "esentutl", "esentutl.exe", "copy-item", "cpi", "copy", "xcopy", "robocopy", "cp")
def _creds(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    joined = " ".join(args).lower().replace("\\", "/")
    if name.startswith("mimikatz") or re.search(r"\blsass\b|minidump|sekurlsa|ntds\.dit|\bifm\b", joined) or \
            re.search(r"config/(?:sam|system|security)\b|harddiskvolumeshadowcopy", joined):
        yield "credential_dump"




@_won("taskkill", "stop-process", "spps", "kill", "tskill", "pskill")
def _kill(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    crit = re.compile(r"(?i)" + _CRIT + r"(?:\.exe)?")
    if any(crit.fullmatch(a.strip("'\"")) for a in args + [x for a in args for x in a.split(",")]):
        yield "kill_critical"
    elif name != "kill" and ("f" in _slash(args) or _param(args, "force", short=1) or name in ("tskill", "pskill")):
        yield "kill_force"


@_won("invoke-webrequest", "iwr", "invoke-restmethod", "irm", "curl", "send-mailmessage", "start-bitstransfer")
def _send(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name != "curl" and any(_SECRET_ENV.search(a) or is_secret(wpath(a).lstrip("@")) for a in args):
        yield "secret_exfil"


@_won("compress-archive")
def _archive(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """Zipping ~/.ssh, ~/.aws or the browser profiles is the first half of sending them off."""
    if any(is_secret(wpath(a.rstrip(",")), sending=True) for a in args if not a.startswith("-")):
        yield "read_secret"


@_won("certutil", "certutil.exe", "import-certificate")
def _trust_root(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """A certificate added to the root store is trusted for every TLS connection on the machine."""
    low = [a.lower().lstrip("-/") for a in args]
    if name.startswith("certutil") and "addstore" in low and any(s in low for s in ("root", "ca", "authroot")):
        yield "security_off"
    elif name == "import-certificate" and any("root" in a for a in low):
        yield "security_off"


@_won("get-content", "gc", "type", "more", "select-string", "sls", "findstr", "format-hex", "fhx", "certutil",
      "copy-item", "copy", "xcopy", "robocopy", "import-csv", "get-filehash")
def _win_read(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """Reading or copying a key or credentials file, PowerShell or cmd spelling (~, $HOME, $env:USERPROFILE,
    %USERPROFILE%); a hash of it reads nothing out."""
    if name == "get-filehash":
        return
    paths = [a.split(":", 1)[1] if a.lower().startswith(("-path:", "-literalpath:")) else a for a in args]
    switch = re.compile(r"-.*|/[a-z?]{1,3}(?::\S*)?", re.I)  # -Raw, /s, /y: not paths
    if any(is_secret(wpath(p.rstrip(","))) for p in paths if p and not switch.fullmatch(p)):
        yield "read_secret"


@_won("certutil", "bitsadmin", "start-bitstransfer", "rundll32", "regsvr32", "msiexec")
def _lolbin(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """Windows' own programs used to fetch or run code from the network (certutil -urlcache, bitsadmin
    /transfer, rundll32 javascript:, msiexec /i http://...)."""
    low = " ".join(args).lower()
    remote = re.search(r"\b(?:https?|ftp)://|\\\\\\\\[\w.-]+\\\\", low)
    if name == "certutil" and re.search(r"(?:^|\s)[-/]urlcache\b", low) and remote:
        yield "curl_pipe_shell"
    elif name in ("bitsadmin", "start-bitstransfer") and remote and re.search(r"\.(?:exe|dll|ps1|bat|cmd|vbs|js|hta|msi|scr)\b", low):
        yield "curl_pipe_shell"
    elif name == "rundll32" and re.search(r"javascript:|vbscript:|mshtml|url\.dll", low):
        yield "curl_pipe_shell"
    elif name in ("regsvr32", "msiexec") and remote:
        yield "curl_pipe_shell"
