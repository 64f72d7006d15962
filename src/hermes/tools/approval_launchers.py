"""Programs that carry a command inside one of their arguments, for the scanner to read.

Prefix wrappers (sudo, nice, timeout, pkexec, nsenter ...) are stripped in normalize.py; this module
handles the ones whose command sits in an option or a string: script -c, parallel ... ::: args,
tmux/screen sessions, terminal emulators' -e, expect's spawn, git aliases and hook-like settings,
editors' and debuggers' shell escapes (vim -c ':!', gdb -ex shell), awk's system() and sed's `e`,
sandboxes and containers' entry commands (bwrap, toolbox, distrobox), remote shells other than ssh
(autossh, dbclient, plink, rsh, mosh, fab) and cloud CLIs that run a command on a machine.

`carried(name, args)` returns (kind, text) pairs: kind "sh" is shell text, a language name
("python", "node" ...) is inline code, and "rule" names a rule judged on the program itself.
A launcher we cannot parse fails closed: its operands are read as shell text.
"""

from __future__ import annotations

import json
import re
from typing import Callable

from hermes.tools.shell_lexer import quote

Carried = list[tuple[str, str]]


def _after_options(args: list[str], valued: set[str]) -> list[str]:
    k = 0
    while k < len(args):
        a = args[k]
        if a == "--":
            return args[k + 1:]
        if not a.startswith("-") or a == "-":
            return args[k:]
        # -dmS name: a group of short flags whose last one takes the next word
        k += 2 if a in valued or (not a.startswith("--") and "-" + a[-1] in valued) else 1
    return []


def _flag_value(args: list[str], letter: str, longs: tuple[str, ...] = ()) -> list[str]:
    """Values of -X (also inside a group like -qc, as its last letter) and --long / --long=."""
    out = []
    for k, a in enumerate(args):
        if a in longs or (re.fullmatch(r"-[A-Za-z]+", a) and a.endswith(letter)):
            if k + 1 < len(args):
                out.append(args[k + 1])
        elif any(a.startswith(f + "=") for f in longs):
            out.append(a.split("=", 1)[1])
    return out


def _joined(words: list[str]) -> str:
    """A command given as several words is run as-is; given as one word it is shell text."""
    return words[0] if len(words) == 1 else " ".join(quote(w) for w in words)


def _script(args: list[str]) -> Carried:
    return [("sh", v) for v in _flag_value(args, "c", ("--command",))]


def _parallel(args: list[str]) -> Carried:
    seps = [k for k, a in enumerate(args) if a in (":::", "::::", ":::+", "::::+")]
    head = args[:seps[0]] if seps else args
    cmd = _after_options(head, {"-j", "--jobs", "-S", "--sshlogin", "--joblog", "-a", "--arg-file", "-d",
                                "--delimiter", "-I", "--colsep", "--results", "--tmpdir", "-N", "-n",
                                "--max-args", "--timeout", "--delay", "--memfree", "--load", "-P"})
    items = args[seps[0] + 1:] if seps else []
    items = [a for a in items if a not in (":::", "::::", ":::+", "::::+")][:16]
    if not cmd:  # parallel ::: 'cmd1' 'cmd2': each argument is a command
        return [("sh", a) for a in items]
    text = _joined(cmd)
    if not items:
        return [("sh", text.replace("{}", ""))]
    return [("sh", text.replace("{}", quote(i)) if "{}" in text else f"{text} {quote(i)}") for i in items]


_TMUX_VALUED = {"-s", "-n", "-t", "-c", "-x", "-y", "-e", "-F", "-f", "-L", "-S", "-l", "-b", "-p", "-T"}


def _tmux(args: list[str]) -> Carried:
    out: Carried = []
    k = 0
    while k < len(args) and args[k].startswith("-"):
        k += 2 if args[k] in ("-L", "-S", "-f", "-c") else 1
    verb, rest = (args[k], args[k + 1:]) if k < len(args) else ("", [])
    if verb in ("new", "new-session", "new-window", "neww", "split-window", "splitw", "respawn-pane",
                "respawn-window", "run-shell", "run", "display-popup", "popup"):
        cmd = _after_options(rest, _TMUX_VALUED)
        if cmd:
            out.append(("sh", _joined(cmd)))
    elif verb in ("send-keys", "send"):
        keys = [a for a in _after_options(rest, _TMUX_VALUED) if a not in ("Enter", "C-m", "KPEnter")]
        out.append(("sh", " ".join(keys)))
    return out


def _screen(args: list[str]) -> Carried:
    if "-X" in args:  # screen -S s -X stuff 'cmd\n'
        rest = args[args.index("-X") + 1:]
        return [("sh", " ".join(rest[1:]).replace("\\n", "\n").replace("^M", "\n"))] if rest[:1] == ["stuff"] else []
    cmd = _after_options(args, {"-S", "-c", "-e", "-h", "-p", "-T", "-t", "-s", "-L", "-Logfile"})
    return [("sh", _joined(cmd))] if cmd else []


def _terminal(args: list[str]) -> Carried:
    for k, a in enumerate(args):
        if a in ("-e", "-x", "--command", "--", "-c") or a.startswith("--command="):
            rest = [a.split("=", 1)[1]] if "=" in a else args[k + 1:]
            return [("sh", _joined(rest))] if rest else []
    return []


def _entr(args: list[str]) -> Carried:
    cmd = _after_options(args, set())
    return [("sh", _joined(cmd))] if cmd else []


def _expect(args: list[str]) -> Carried:
    out: Carried = []
    for text in _flag_value(args, "c"):
        for m in re.finditer(r"\b(?:spawn|exec|system)\s+(?:-\w+\s+)*([^;\n\]]+)", text):
            out.append(("sh", m.group(1).strip().strip("{}")))
    return out


def _sg(args: list[str]) -> Carried:
    rest = [a for a in args[1:] if a != "-c"]
    return [("sh", " ".join(rest))] if len(args) > 1 else []


# git settings whose value is a program git runs: aliases with `!`, ssh/pager/editor/fsmonitor hooks
_GIT_RUNS = re.compile(r"(?i)^(?:alias\.[^=]+=!|core\.(?:sshcommand|pager|editor|fsmonitor|hookspath)=|"
                       r"credential\.helper=!|(?:diff|merge)\.[^.=]+\.(?:command|textconv|driver)=|"
                       r"filter\.[^.=]+\.(?:clean|smudge|process)=|sequence\.editor=|gpg\.program=|"
                       r"uploadpack\.packobjectshook=)")


def _git(args: list[str]) -> Carried:
    out: Carried = []
    if "-c" not in args and not any(a.startswith("--config-env") for a in args):
        return out
    for v in _flag_value(args, "c", ("--config-env",)):
        if m := _GIT_RUNS.match(v):
            out.append(("sh", v[m.end():]))
    return out


def _vim(args: list[str]) -> Carried:
    cmds = _flag_value(args, "c", ("--cmd",)) + [a[1:] for a in args if a.startswith("+") and len(a) > 1]
    out: Carried = []
    for c in cmds:
        for part in c.split("|"):
            m = re.match(r"\s*:*\s*(?:(?:silent!?|exe(?:cute)?)\s+)?(?:r(?:ead)?\s*|w(?:rite)?\s*|\d*,?\d*)?!(.*)", part)
            if m:
                out.append(("sh", m.group(1)))
            for lit in re.findall(r"system\s*\(\s*['\"]([^'\"]+)", part):
                out.append(("sh", lit))
    return out


def _gdb(args: list[str]) -> Carried:
    out: Carried = []
    for c in _flag_value(args, "x", ("-ex", "--ex", "-eval-command", "--eval-command", "-iex")):
        if m := re.match(r"\s*(?:shell|!|pipe\s+[^|]*\|)\s*(.*)", c):
            out.append(("sh", m.group(1)))
        for lit in re.findall(r"system\s*\(\s*\"([^\"]+)", c):
            out.append(("sh", lit))
    return out


_AWK_CMD = re.compile(r"\bsystem\s*\(\s*\"((?:\\.|[^\"\\])*)\"|\"((?:\\.|[^\"\\])*)\"\s*\|\s*getline|"
                      r"\|&?\s*\"((?:\\.|[^\"\\])*)\"")


def _awk(args: list[str]) -> Carried:
    prog = _after_options(args, {"-F", "-v", "-f", "--field-separator", "--assign", "-e", "--source", "-i"})
    texts = prog[:1] + _flag_value(args, "e", ("--source",))
    out: Carried = []
    for text in texts:
        if "/inet" in text and re.search(r"/inet[46]?/(?:tcp|udp)/", text):
            out.append(("rule", "raw_socket"))
        for m in _AWK_CMD.finditer(text):
            cmd = next(g for g in m.groups() if g is not None)
            if not cmd.startswith("/inet"):
                out.append(("sh", cmd.replace('\\"', '"')))
        if re.search(r"\bsystem\s*\(\s*[^\")\s]", text):
            out.append(("rule", "dynamic_command"))  # system($0), system(cmd): built from the input
    return out


_SED_EXEC = re.compile(r"(?:^|[;\n{}])\s*(?:\d+|\$|/[^/]*/)?,?(?:\d+|\$|/[^/]*/)?\s*e\s+([^;\n}]+)")


def _sed(args: list[str]) -> Carried:
    scripts = _flag_value(args, "e", ("--expression",))
    if not scripts:
        rest = _after_options(args, {"-f", "--file", "-l", "--line-length"})
        scripts = rest[:1]
    out: Carried = []
    for s in scripts:
        for m in _SED_EXEC.finditer(s):
            out.append(("sh", m.group(1)))
        if re.search(r"(?:^|[;\n])\s*s(.).*\1.*\1[gpiImM0-9]*e", s):
            out.append(("rule", "dynamic_command"))  # s///e runs the pattern space as a command
    return out


def _deno(args: list[str]) -> Carried:
    if args[:1] == ["eval"] and len(args) > 1:
        return [("node", _after_options(args[1:], set())[0] if _after_options(args[1:], set()) else "")]
    return []


def _make(args: list[str]) -> Carried:
    return [("sh", v.split("\t", 1)[-1]) for v in _flag_value(args, "E", ("--eval",))]


def _tar(args: list[str]) -> Carried:
    """tar runs programs named in options: --to-command, --checkpoint-action=exec=, -I (compressor)."""
    out = [("sh", v) for v in _flag_value(args, "I", ("--to-command", "--use-compress-program", "--info-script",
                                                      "--new-volume-script", "--rsh-command"))]
    out += [("sh", v) for v in _flag_value(args, "F")]
    for v in _flag_value(args, "\0", ("--checkpoint-action",)):
        if v.startswith("exec="):
            out.append(("sh", v[5:]))
    return out


def _rsync(args: list[str]) -> Carried:
    return [("sh", v) for v in _flag_value(args, "e", ("--rsh", "--rsync-path"))]


def _zip(args: list[str]) -> Carried:
    return [("sh", v) for v in _flag_value(args, "\0", ("-TT", "--unzip-command"))]


_SSH_RUNS = re.compile(r"(?i)^\s*(?:proxycommand|localcommand|knownhostscommand)\s*[= ]\s*")


def _ssh_options(args: list[str]) -> Carried:
    """-o ProxyCommand=... (and LocalCommand) run on this machine, before any connection."""
    values = _flag_value(args, "o") + [a[2:] for a in args if a.startswith("-o") and len(a) > 2]
    return [("sh", v[m.end():]) for v in values if (m := _SSH_RUNS.match(v))]


def _ansible(args: list[str]) -> Carried:
    """ansible HOSTS -m shell|command|raw -a 'cmd': the command runs on every host."""
    module = (_flag_value(args, "m", ("--module-name",)) or ["command"])[0]
    if module.split(".")[-1] not in ("shell", "command", "raw", "script"):
        return []
    return [("sh", v) for v in _flag_value(args, "a", ("--args",))]


def _salt(args: list[str]) -> Carried:
    """salt TARGET cmd.run 'cmd' (and cmd.run_all, cmd.shell, cmd.script)."""
    for k, a in enumerate(args[:-1]):
        if a in ("cmd.run", "cmd.run_all", "cmd.shell", "cmd.run_stdout", "cmd.exec_code"):
            return [("sh", args[k + 1])]
    return []


def _fanout(args: list[str]) -> Carried:
    """pssh / pdsh / clush -h hosts 'cmd': the last operand runs on every host."""
    ops = _after_options(args, {"-h", "--hosts", "-H", "--host", "-l", "--user", "-p", "--par", "-t", "--timeout",
                                "-o", "--outdir", "-e", "--errdir", "-O", "--option", "-x", "-X", "-w", "-g", "-R",
                                "-f", "-u"})
    return [("sh", " ".join(ops))] if ops else []


# bwrap's options take 0-3 values; the command follows them.
_BWRAP_ARITY = {**dict.fromkeys("--bind --ro-bind --dev-bind --bind-try --ro-bind-try --dev-bind-try --symlink "
                                "--setenv --file --bind-data --ro-bind-data --chmod".split(), 2),
                "--overlay": 3, **dict.fromkeys("--chdir --tmpfs --proc --dev --dir --unsetenv --uid --gid --hostname "
                                                "--seccomp --add-seccomp-fd --info-fd --args --remount-ro --lock-file "
                                                "--sync-fd --block-fd --userns-block-fd --json-status-fd --exec-label "
                                                "--file-label --cap-add --cap-drop --perms --size --argv0 --userns "
                                                "--userns2 --pidns --overlay-src --tmp-overlay --ro-overlay".split(), 1)}


def _bwrap(args: list[str]) -> Carried:
    """bwrap ... COMMAND: judged as run, since what the sandbox lets through is not known here."""
    k = 0
    while k < len(args) and args[k].startswith("-") and args[k] != "--":
        k += 1 + _BWRAP_ARITY.get(args[k], 0)
    cmd = args[k + 1:] if args[k:k + 1] == ["--"] else args[k:]
    return [("sh", _joined(cmd))] if cmd else []


def _start_stop_daemon(args: list[str]) -> Carried:
    """start-stop-daemon --start --exec PROG [--startas PROG] -- ARGS: PROG runs with ARGS."""
    prog = (_flag_value(args, "a", ("--startas",)) or _flag_value(args, "x", ("--exec",)))[:1]
    if not prog or not any(a in ("-S", "--start") or re.fullmatch(r"-[A-Za-z]*S[A-Za-z]*", a) for a in args):
        return []
    rest = args[args.index("--") + 1:] if "--" in args else []
    return [("sh", _joined(prog + rest) if rest else prog[0])]


def _after_dashes(args: list[str]) -> Carried:
    """mosh HOST -- CMD, distrobox enter BOX -- CMD, fab -H HOST -- CMD: the words after --."""
    rest = args[args.index("--") + 1:] if "--" in args else []
    return [("sh", _joined(rest))] if rest else []


# ssh's options that take a value (autossh takes them too, and -M).
SSH_VALUED = frozenset("-b -c -D -E -e -F -I -i -J -L -l -m -O -o -p -Q -R -S -W -w -B".split())


def _remote(valued: set[str] | frozenset[str]) -> Callable[[list[str]], Carried]:
    """ssh-like clients (autossh, dropbear's dbclient, plink, rsh, rexec): options, a host, the command."""
    def parse(args: list[str]) -> Carried:
        ops = _after_options(args, valued)
        return [("sh", _joined(ops[1:]))] if len(ops) > 1 else []
    return parse


def _toolbox(args: list[str]) -> Carried:
    if args[:1] != ["run"]:
        return []
    cmd = _after_options(args[1:], {"-c", "--container", "-d", "--distro", "-r", "--release"})
    return [("sh", _joined(cmd))] if cmd else []


def _vagrant(args: list[str]) -> Carried:
    return [("sh", v) for v in _flag_value(args, "c", ("--command",))] if args[:1] == ["ssh"] else []


def _cloud(args: list[str]) -> Carried:
    """Commands a cloud CLI runs on a machine: gcloud compute ssh --command, az vm run-command
    --scripts, aws ssm send-command --parameters commands=..."""
    out: Carried = [("sh", v) for v in _flag_value(args, "\0", ("--command",)) if "ssh" in args]
    if "run-command" in args:
        k = args.index("--scripts") + 1 if "--scripts" in args else len(args)
        out += [("sh", a) for a in args[k:] if not a.startswith("--")][:16]
    for v in _flag_value(args, "\0", ("--parameters",)):
        try:
            cmds = json.loads(v).get("commands", []) if v.lstrip().startswith("{") else None
        except (ValueError, AttributeError):
            cmds = None
        if cmds is not None:
            out += [("sh", str(c)) for c in (cmds if isinstance(cmds, list) else [cmds])][:16]
        elif m := re.search(r"commands\s*=\s*\[?(.*?)\]?\s*$", v, re.S):
            out.append(("sh", m.group(1).strip("'\"")))
    return out


def _flatpak(args: list[str]) -> Carried:
    """flatpak run --command=PROG APP ARGS: PROG runs with ARGS."""
    prog = _flag_value(args, "\0", ("--command",))
    if args[:1] != ["run"] or not prog:
        return []
    rest = _after_options(args[1:], set())
    return [("sh", _joined(prog[:1] + rest[1:]))]


_SQL_SHELL = re.compile(r"(?m)(?:^|;)\s*(?:\.(?:system|shell)|\\!|system(?=\s))\s*([^;\n]+)")


def _sql_shell(args: list[str]) -> Carried:
    """Database shells' own escapes to the system shell: sqlite3 .system/.shell, psql and mysql \\!,
    mysql's `system`."""
    return [("sh", m.group(1)) for a in args for m in _SQL_SHELL.finditer(a)][:16]


LAUNCHERS: dict[str, Callable[[list[str]], Carried]] = {
    "ansible": _ansible, "salt": _salt, "salt-ssh": _salt, "salt-call": _salt, "pssh": _fanout,
    "parallel-ssh": _fanout, "pdsh": _fanout, "clush": _fanout,
    "tar": _tar, "gtar": _tar, "bsdtar": _tar, "rsync": _rsync, "zip": _zip, "ssh": _ssh_options,
    "scp": _ssh_options, "sftp": _ssh_options,
    "script": _script, "parallel": _parallel, "tmux": _tmux, "screen": _screen, "byobu": _tmux,
    "xterm": _terminal, "uxterm": _terminal, "gnome-terminal": _terminal, "konsole": _terminal,
    "x-terminal-emulator": _terminal, "urxvt": _terminal, "rxvt": _terminal, "alacritty": _terminal,
    "kitty": _terminal, "xfce4-terminal": _terminal, "terminator": _terminal, "lxterminal": _terminal,
    "st": _terminal, "wezterm": _terminal, "foot": _terminal, "entr": _entr, "expect": _expect, "sg": _sg,
    "newgrp": _sg, "git": _git, "vim": _vim, "vi": _vim, "nvim": _vim, "ex": _vim, "view": _vim, "gvim": _vim,
    "gdb": _gdb, "awk": _awk, "gawk": _awk, "mawk": _awk, "nawk": _awk, "busybox-awk": _awk, "sed": _sed,
    "gsed": _sed, "deno": _deno, "make": _make, "gmake": _make,
    "bwrap": _bwrap, "start-stop-daemon": _start_stop_daemon, "mosh": _after_dashes, "fab": _after_dashes,
    "distrobox": _after_dashes, "distrobox-enter": _after_dashes, "toolbox": _toolbox, "vagrant": _vagrant,
    "gcloud": _cloud, "az": _cloud, "aws": _cloud, "flatpak": _flatpak,
    "autossh": _remote(SSH_VALUED | {"-M"}),
    "dbclient": _remote(set("-p -l -i -L -R -J -c -m -W -K -I -b -o -s -y".split())),
    "plink": _remote(set("-P -l -pw -i -L -R -D -m -hostkey -sercfg -proxycmd -load".split())),
    "rsh": _remote({"-l"}), "rexec": _remote({"-l", "-p"}),
    "sqlite3": _sql_shell, "psql": _sql_shell, "mysql": _sql_shell, "mariadb": _sql_shell,
}


def carried(name: str, args: list[str]) -> Carried:
    fn = LAUNCHERS.get(name)
    return fn(args) if fn else []
