"""The approval rule tables: what never runs (hardline) and what needs the user's yes (dangerous).

Rules look at one simple command at a time, already unquoted and unwrapped by `normalize`:
`check_command(argv, ctx)` dispatches on the program name and yields rule ids; `write_rule` judges
a path a command writes to; `sql_rules` and `text_rules` scan statement and script text. Paths
arrive with the user's home folded to `~` and HERMES_HOME to `$HERMES_HOME`.

Checks by category: approval_checks_system (deleting, git, permissions, processes, power),
approval_checks_disk (disks and volumes), approval_checks_data (files, packages, containers, the
network, SQL), approval_checks_host (container escapes, history, environment), approval_checks_secrets
(secret-printing commands, tunnels), approval_checks_infra (clouds, clusters, publishing, database
tools), approval_checks_admin (mounts, kernel, accounts, security, persistence, tool hijack, mail),
approval_checks_access (permission grants, uploads to cloud storage, attack tools, memory dumps),
approval_checks_typosquat (packages one typo away from a popular one), approval_checks_outputs (files
a program writes through an option or operand: sort -o, openssl -out, tar -C, sponge), approval_checks_listen
(servers opened to the network without a password, port forwards and relays on every interface),
approval_checks_fleet (power of other machines, fleet modules, directory services, every container at
once, cluster resets, ssh-keygen over the user's key), approval_checks_supply (packages and manifests
from sources nobody vouches for, code pushed or published elsewhere), approval_checks_cloud (cloud
deletes, copies to other buckets and openings that no delete verb names), approval_checks_flood (load
generators and ping floods aimed at another machine), approval_checks_manifest (dependency manifests
and lock files pointed at forks or stripped of their hashes), approval_checks_vcs (Mercurial, Subversion,
Fossil and Perforce under git's rule ids).

Rules over a whole pipeline or along a command line (env | grep token, tar c /home | ssh, a remote
added then pushed to, a download unpacked then run) live in approval_sequence, called by the scanner.
"""

from __future__ import annotations

import re

# The check modules register themselves with `_on` when imported; this module re-exports the API.
from hermes.tools import approval_checks_data as _data, approval_checks_host as _host  # noqa: F401
from hermes.tools import approval_checks_outputs as _outputs, approval_checks_system as _system  # noqa: F401
from hermes.tools import approval_checks_listen as _listen  # noqa: F401
from hermes.tools import approval_checks_disk as _disk, approval_checks_secrets as _secrets  # noqa: F401
from hermes.tools import approval_checks_infra as _infra, approval_checks_admin as _admin  # noqa: F401
from hermes.tools import approval_checks_windows as _windows, approval_checks_macos as _macos  # noqa: F401
from hermes.tools import approval_checks_access as _access, approval_checks_typosquat as _typo  # noqa: F401
from hermes.tools import approval_checks_fleet as _fleet, approval_checks_supply as _supply  # noqa: F401
from hermes.tools import approval_checks_cloud as _cloud, approval_checks_flood as _flood  # noqa: F401
from hermes.tools import approval_checks_manifest as _manifest, approval_checks_vcs as _vcs  # noqa: F401
from hermes.tools.approval_checks_host import env_rules, history_file_rules  # noqa: F401
from hermes.tools.approval_base import _CHECKS, RULES, Ctx, Level, Rule  # noqa: F401
from hermes.tools.approval_checks_data import (NETWORK, READERS, RESOLVERS, SQL_CLIENTS, read_operands,  # noqa: F401
                                               redirect_rule, sql_rules, sudo_rules)
from hermes.tools.approval_checks_data import text_rules as _text_rules
from hermes.tools.approval_checks_admin import miner_text
from hermes.tools.approval_checks_load import code_rules
from hermes.tools.approval_checks_secrets import dns_exfil
from hermes.tools.approval_disposable import spare
from hermes.tools.approval_paths import canon, hard_target, is_secret, is_hermes_home, write_rule  # noqa: F401
from hermes.tools.normalize import cmd_name

# An endless loop whose body starts by starting a process without waiting for it, in any language:
# for(;;) require("child_process").spawn(...), while(1) pcntl_fork();, while($true){Start-Process x},
# for { exec.Command(x).Start() }. Waiting calls (system, spawnSync, subprocess.run) do not pile up.
_SPAWN_LOOP = re.compile(r"(?:for\s*\(\s*;\s*;\s*\)|while\s*\(\s*(?:1|true|!0|\$true)\s*\)|while\s+(?:True|1|true)\s*:|"
                         r"loop\s*(?:do\b|\{)|\bfor\s*\{)\s*\{?\s*(?:[\w$]+\s*=\s*)?(?:[\w$.:\"'()\[\]]{0,60}\.)?"
                         r"(?:(?:(?:pcntl_)?fork|spawn|posix_spawnp?|Popen|spawn[lv]\w*|(?-i:Start))\s*\(|fork\s*[;}])|"
                         r"(?:for\s*\(\s*;\s*;\s*\)|while\s*\(\s*(?:1|\$true)\s*\))\s*\{?\s*(?:Start-Process|saps)\b|"
                         r"%0\s*\^?\|\s*%0|:(\w+)\b.{0,80}?start\s+(?:\"[^\"]*\"\s+)?%0.{0,40}?goto\s+:?\1\b",
                         re.I | re.S)


def text_rules(text: str, *, shell: bool = True) -> list[str]:
    """Rules judged on a whole script: fork bombs, metadata endpoints, miners under any name."""
    out = _text_rules(text, shell=shell)
    if "fork_bomb" not in out and ("%0" in text or "(" in text or "{" in text) and _SPAWN_LOOP.search(text):
        out.append("fork_bomb")
    if miner_text(text):
        out.append("crypto_miner")
    if not shell:
        out += code_rules(text)
    elif "." in text and ("$" in text or "`" in text) and dns_exfil(text):
        out.append("secret_exfil")
    return out


def check_command(argv: list[str], ctx: Ctx | None = None) -> list[str]:
    """Rule ids one unwrapped simple command matches, most specific first."""
    if not argv:
        return []
    name = cmd_name(argv[0])
    if name not in _CHECKS and name.startswith(("mkfs", "python", "pip")):
        name = "mkfs" if name.startswith("mkfs") else name.rstrip("0123456789.")  # python3.11 -> python
    elif name not in _CHECKS and name.endswith(".sh"):
        name = name[:-3]  # k3s-uninstall.sh: checks are registered under the bare name
    fn = _CHECKS.get(name)
    found = list(history_file_rules(name, argv[1:]))  # the most specific reading first
    found += fn(name, argv[1:], ctx or Ctx()) if fn else []
    return spare(name, argv[1:], list(dict.fromkeys(found))) if found else found
