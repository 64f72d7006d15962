"""Command normalizer: turns obfuscated shell text into plain words the approval rules can read.

Three layers, each undoing one family of tricks:
1. `clean`: ANSI escapes, NULs and control characters, NFKC (fullwidth letters), line continuations,
   $IFS, empty expansions glued inside words, and the user's home / HERMES_HOME folded to `~` /
   `$HERMES_HOME`.
2. `parse`: a small shell lexer that applies real quoting rules, so r''m, "r"m, \\rm, $'\\x72m' and
   {rm,-rf,/} all become the word `rm`, while `echo "rm -rf /"` stays one data word. It records what
   runs inside: $(...), `...`, <(...), heredocs and here-strings.
3. `strip_wrappers`: sudo / env / nice / timeout / xargs ... prefixes that run the next command.

The decoders at the end (echo/printf escapes, base64, hex, rev, tr, gzip) let the gate read what a
decode-and-run pipeline would execute.
"""

from __future__ import annotations

import functools
import os
import re
import unicodedata
from dataclasses import dataclass, field

from hermes.tools.payloads import (CodePayloads, code_payloads, decode_stage, echo_output,  # noqa: F401
                                   printf_output)
from hermes.tools.shell_lexer import (_ASSIGN, Segment, Word, match_paren, parse, quote,  # noqa: F401
                                      subs_in, unescape)

# ---------------------------------------------------------------- 1. text cleanup

_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"
                   r"|\x1b[@-_]|\x9b[0-?]*[ -/]*[@-~]")
_CTRL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b-\u200f\u2060\ufeff\u00ad]")
_IFS = re.compile(r"\$\{IFS[^}]*\}(?:\$\d)?|\$IFS(?:\$\d)?")
# Expansions that are empty in the agent's non-interactive shell, glued between letters: r$@m, c${x}at.
_GLUED_EMPTY = re.compile(r"(?<=[A-Za-z])(?:\$[@*]|\$\{[@*]\}|\$\d|\$\{[A-Za-z_]\w*\})(?=[A-Za-z])")


@functools.lru_cache(maxsize=16)
def _folders(user_home: str, hermes_home: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    folds: list[tuple[re.Pattern[str], str]] = [(re.compile(r"\$\{HERMES_HOME\}"), "$HERMES_HOME")]
    if hermes_home and hermes_home != "/":
        folds.append((re.compile(r"(?<![\w./-])" + re.escape(hermes_home) + r"(?![\w.-])"), "$HERMES_HOME"))
    folds.append((re.compile(r"\$\{HOME(?::?[?\-=+][^}]*)?\}|\$HOME(?![A-Za-z0-9_])"), "~"))  # ${HOME:?}, ${HOME:-x}
    if user_home and user_home != "/":
        folds.append((re.compile(r"(?<![\w./-])" + re.escape(user_home) + r"(?![\w.-])"), "~"))
    return tuple(folds)


def clean(text: str, hermes_home: str | None = None, user_home: str | None = None) -> str:
    """Undo the character-level tricks; idempotent, so payloads can be cleaned again."""
    if "\x1b" in text or "\x9b" in text:
        text = _ANSI.sub("", text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _CTRL.sub("", text)
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    text = text.replace("\\\n", "")
    if "$" in text:
        text = _IFS.sub(" ", text)
        text = _GLUED_EMPTY.sub("", text)
    if user_home is None:
        user_home = os.path.expanduser("~")
    for rx, repl in _folders(user_home.rstrip("/") or "/", (hermes_home or "").rstrip("/")):
        text = rx.sub(repl, text)
    return text



def normalize(command: str, *, home=None) -> str:
    """The whole command as the rules see it: cleaned, unquoted, one line."""
    out: list[str] = []
    for seg in parse(clean(command, str(home) if home else None)):
        out.append(seg.display())
        if seg.op and seg.op not in ("\n", "(", ")"):
            out.append(seg.op)
        elif seg.op == "\n":
            out.append(";")
    while out and out[-1] in (";", "&", "|", "&&", "||", ";;"):
        out.pop()
    return " ".join(x for x in out if x)


# ---------------------------------------------------------------- 3. wrappers

@dataclass
class Wrap:
    names: list[str] = field(default_factory=list)  # wrappers removed, in order
    flags: set[str] = field(default_factory=set)  # sudo/doas flags seen
    xargs: bool = False  # the command gets its arguments from stdin
    query: bool = False  # `command -v X`: looks X up, runs nothing
    layers: list[list[str]] = field(default_factory=list)  # each wrapper's own words, judged too


# wrapper -> (options taking a value, number of positional operands before the command)
_WRAPPERS: dict[str, tuple[frozenset[str], int]] = {
    "sudo": (frozenset("-u -g -h -p -C -D -r -t -T -U -R --user --group --host --prompt --close-from "
                       "--chdir --role --type --command-timeout --other-user".split()), 0),
    "doas": (frozenset({"-u", "-C"}), 0),
    "nice": (frozenset({"-n", "--adjustment"}), 0),
    "nohup": (frozenset(), 0), "builtin": (frozenset(), 0), "command": (frozenset(), 0),
    "exec": (frozenset({"-a"}), 0), "time": (frozenset(), 0), "setsid": (frozenset(), 0),
    "unbuffer": (frozenset(), 0), "caffeinate": (frozenset({"-t", "-w"}), 0),
    "stdbuf": (frozenset({"-i", "-o", "-e", "--input", "--output", "--error"}), 0),
    "ionice": (frozenset({"-c", "-n", "-p", "-P", "-u", "--class", "--classdata"}), 0),
    "timeout": (frozenset({"-s", "-k", "--signal", "--kill-after"}), 1),
    "env": (frozenset({"-u", "-C", "--unset", "--chdir"}), 0),
    "xargs": (frozenset("-I -n -P -L -d -a -E -s --max-args --max-procs --max-lines --delimiter --arg-file "
                        "--eof --replace --max-chars --process-slot-var".split()), 0),
    "chroot": (frozenset({"--userspec", "--groups"}), 1),
    "taskset": (frozenset(), 1), "chrt": (frozenset(), 1),
    "gosu": (frozenset(), 1), "su-exec": (frozenset(), 1),
    "flock": (frozenset({"-w", "-E", "--timeout", "--conflict-exit-code"}), 1),
    "firejail": (frozenset(), 0), "torsocks": (frozenset(), 0), "tsocks": (frozenset(), 0),
    "proxychains": (frozenset({"-f"}), 0), "proxychains4": (frozenset({"-f"}), 0),
    "busybox": (frozenset(), 0), "toybox": (frozenset(), 0),
    "strace": (frozenset({"-o", "-e", "-p", "-s", "-u"}), 0), "ltrace": (frozenset({"-o", "-e", "-p"}), 0),
    # launchers that run their operand as a command (privilege, namespaces, scheduling, tracing)
    "pkexec": (frozenset({"--user"}), 0), "runuser": (frozenset("-u -g -G --user --group --supp-group".split()), 0),
    "nsenter": (frozenset("-t --target -S --setuid -G --setgid".split()), 0),
    "unshare": (frozenset("-S -G -R -w --setuid --setgid --root --wd --propagation --map-user --map-group".split()), 0),
    "systemd-run": (frozenset("-u --unit -p --property -E --setenv -M --machine -H --host --description --slice "
                              "--uid --gid --working-directory --nice --on-active --on-boot --on-startup "
                              "--on-unit-active --on-unit-inactive --on-calendar --timer-property -s "
                              "--service-type --path-property --socket-property".split()), 0),
    "valgrind": (frozenset({"--tool"}), 0), "catchsegv": (frozenset(), 0), "chronic": (frozenset(), 0),
    "faketime": (frozenset(), 1), "numactl": (frozenset("-C -N -m -p -i -P --physcpubind --cpunodebind "
                                                        "--membind --preferred --interleave".split()), 0),
    "cpulimit": (frozenset("-l --limit -c --cpu".split()), 0), "dbus-launch": (frozenset({"--config-file"}), 0),
    "dbus-run-session": (frozenset({"--config-file", "--dbus-daemon"}), 0),
    "torify": (frozenset(), 0), "nocache": (frozenset(), 0), "eatmydata": (frozenset(), 0),
    "fakeroot": (frozenset({"-l", "-s", "-i", "--lib", "--faked"}), 0), "fakechroot": (frozenset(), 0),
    "xvfb-run": (frozenset("-n -s -f -e -p -w --server-num --server-args --auth-file --error-file".split()), 0),
    "aa-exec": (frozenset({"-p", "--profile", "-n"}), 0),
    "prlimit": (frozenset({"-p", "--pid"}), 0), "setpriv": (frozenset("--reuid --regid --groups --inh-caps "
                                                                      "--bounding-set".split()), 0),
    "with-lock-ex": (frozenset(), 1), "npx": (frozenset({"-p", "--package", "-c", "--call"}), 0),
    "bunx": (frozenset({"-p", "--package"}), 0), "pnpx": (frozenset(), 0), "lxc-attach": (frozenset({"-n", "--name", "-P"}), 0),
    # a password on the command line, then the command it types it into
    "sshpass": (frozenset({"-p", "-f", "-d", "-P"}), 0),
    "noglob": (frozenset(), 0), "nocorrect": (frozenset(), 0),
    "rlwrap": (frozenset("-b -C -D -f -g -H -l -O -P -q -s -S -t -w -z".split()), 0),
    "trickle": (frozenset("-d -u -w -t -l -n".split()), 0),
    "ssh-agent": (frozenset("-a -E -O -P -t".split()), 0),
    "daemonize": (frozenset("-c -e -o -p -l -u -E".split()), 0),
    "dtach": (frozenset("-A -c -n -N -e -r".split()), 0),
    "schroot": (frozenset("-c --chroot -u --user -d --directory -n --session-name".split()), 0),
    "flatpak-spawn": (frozenset(), 0),
    # job launchers: the command runs on this machine or a cluster's nodes
    "srun": (frozenset("-n -N -p -t -J -c -w -o -e -A -q -C -D -G -x -m -i --ntasks --nodes --partition --time "
                       "--job-name --cpus-per-task --nodelist --output --error --account --qos".split()), 0),
    "mpirun": (frozenset("-n -np -c -H -host --host -hostfile --hostfile -machinefile -x -wdir --wdir --map-by "
                         "--bind-to --rank-by -npernode -N --mca -mca --prefix".split()), 0),
}
_WRAPPERS["mpiexec"] = _WRAPPERS["mpirun"]
_KEYWORDS = frozenset({"!", "{", "then", "do", "else", "elif", "if", "while", "until", "coproc"})


def cmd_name(word: str) -> str:
    """The program a word names: basename, lower-cased (macOS file systems ignore case)."""
    return word.rsplit("/", 1)[-1].lower()


def strip_wrappers(words: list[Word]) -> tuple[list[Word], Wrap]:
    wrap = Wrap()
    for _ in range(32):
        while words and _ASSIGN.match(words[0].text):
            words = words[1:]  # VAR=value prefix
        if not words:
            break
        name = cmd_name(words[0].text)
        if words[0].text in _KEYWORDS:
            words = words[1:]
            continue
        if name == "time":
            words = words[2:] if len(words) > 1 and words[1].text == "-p" else words[1:]
            continue
        if name not in _WRAPPERS:
            break
        if name == "command" and len(words) > 1 and words[1].text in ("-v", "-V"):
            wrap.query = True
            break
        if len(words) == 1:
            break
        if name == "runuser" and not any(w.text in ("-u", "--user") for w in words[1:]):
            break  # `runuser bob -c 'cmd'`: a user name, then a script judged as a payload
        takes, positional = _WRAPPERS[name]
        j = 1
        while j < len(words):
            a = words[j].text
            if a == "--":
                j += 1
                break
            if not a.startswith("-") or a == "-":
                break
            if name == "env" and a in ("-S", "--split-string") and j + 1 < len(words):
                words = words[:j] + [Word(x) for x in words[j + 1].text.split()] + words[j + 2:]
                break
            if a.startswith("--") or (len(a) > 2 and a in takes):  # -np 4, -hostfile f: one option
                j += 2 if (a in takes and "=" not in a) else 1
                if name in ("sudo", "doas"):
                    wrap.flags.add(a.split("=")[0])
                continue
            j += 1
            for k, letter in enumerate(a[1:]):
                if name in ("sudo", "doas"):
                    wrap.flags.add("-" + letter)
                if "-" + letter in takes:
                    if k == len(a) - 2:
                        j += 1  # the value is the next word
                    break
        if name == "env":
            while j < len(words) and _ASSIGN.match(words[j].text):
                j += 1
        j += positional
        wrap.names.append(name)
        # a package runner's layer keeps the package it fetches (npx http://host/x.tgz), judged with it
        wrap.layers.append([w.text for w in words[:j + (name in ("npx", "bunx", "pnpx"))]])
        wrap.xargs = wrap.xargs or name == "xargs"
        words = words[j:]
    return words, wrap
