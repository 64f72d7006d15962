"""Command checks: files a program writes that are named in an option or an operand, not by a redirect.

`sort -o ~/.bashrc`, `openssl enc -d -out ~/.ssh/authorized_keys`, `sponge /etc/hosts`, `tar -x -C /etc`,
`socat ... CREATE:~/.profile`, an awk program's `print > "file"`: each such file is judged as if the
output were redirected into it (`approval_paths.write_rule`: shell start-up files, ~/.ssh, /etc,
persistence folders, block devices ...). Scripts and downloads are judged elsewhere; this module only
knows where each program puts its output.
"""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import Ctx, _on, option_values
from hermes.tools.approval_paths import write_rule

# program -> options whose value is the file (or, for extractors, the folder) it writes
_OUTPUT_OPTIONS: dict[str, tuple[str, ...]] = {
    "openssl": ("-out", "-keyout"), "gpg": ("-o", "--output"), "gpg2": ("-o", "--output"),
    "uudecode": ("-o", "--output-file"), "sort": ("-o", "--output"), "shuf": ("-o", "--output"),
    "iconv": ("-o", "--output"), "pandoc": ("-o", "--output"), "patch": ("-o", "--output"),
    "unzip": ("-d",), "tar": ("-C", "--directory"), "gtar": ("-C", "--directory"), "bsdtar": ("-C", "--directory"),
    "base64": ("-o", "--output"), "7z": ("-o",), "cpio": ("-D", "--directory"),
}
# program -> index of the operand it writes (after options): uniq IN OUT, xxd [-r] IN OUT, sponge FILE
_OUTPUT_OPERAND = {"uniq": 1, "xxd": 1, "sponge": 0, "patch": 0}
# Their options that take the next word as a value (xxd -l 30 FILE: 30 is not the input).
_OPERAND_VALUED = {"xxd": frozenset("-c -cols -g -groupsize -l -len -o -offset -s -seek -n -name".split()),
                   "uniq": frozenset("-f -s -w --skip-fields --skip-chars --check-chars".split()),
                   "patch": frozenset("-i -o -p -r -d -D -F -B -Y -z -V --input --output".split())}
_SOCAT_FILE = re.compile(r"(?i)^(?:create|creat|open|gopen)[:](?P<path>[^,]+)")
_AWK_OUT = re.compile(r">>?\s*\"([^\"]+)\"")
_VALUED = {"-F", "-v", "-f", "-e", "-i", "--field-separator", "--assign", "--source"}


def _extracts(name: str, args: list[str]) -> bool:
    if name in ("tar", "gtar", "bsdtar"):
        first = next((a for a in args if not a.startswith("--")), "")
        return "--extract" in args or "--get" in args or (bool(first) and "x" in first.lstrip("-")
                                                           and first.lstrip("-").isalpha())
    if name == "7z":
        return args[:1] in (["x"], ["e"])
    if name == "cpio":
        return any(a in ("-i", "--extract") or re.fullmatch(r"-[a-zA-Z]*i[a-zA-Z]*", a) for a in args)
    return True


@_on(*_OUTPUT_OPTIONS, *_OUTPUT_OPERAND)
def _output_files(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    # -o FILE, --output=FILE, -oFILE
    targets = list(option_values(args, _OUTPUT_OPTIONS.get(name, ()))) if _extracts(name, args) else []
    if name in _OUTPUT_OPERAND:
        valued = _OPERAND_VALUED.get(name, frozenset())
        ops = [a for j, a in enumerate(args) if not a.startswith("-") and (j == 0 or args[j - 1] not in valued)]
        k = _OUTPUT_OPERAND[name]
        targets += ops[k:k + 1]
    append = name == "sponge" and "-a" in args
    for t in targets:
        if r := write_rule(t, truncate=not append, cwd=ctx.cwd):
            yield r


@_on("socat")
def _socat(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    for a in args:
        m = _SOCAT_FILE.match(a)
        if m and (r := write_rule(m.group("path"), cwd=ctx.cwd)):
            yield r


@_on("awk", "gawk", "mawk", "nawk")
def _awk_output(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    k, programs = 0, []
    while k < len(args):
        if args[k] in ("-e", "--source") and k + 1 < len(args):
            programs.append(args[k + 1])
        if args[k] in _VALUED:
            k += 2
            continue
        if not args[k].startswith("-"):
            programs.append(args[k])
            break
        k += 1
    for prog in programs:
        for path in _AWK_OUT.findall(prog):
            if r := write_rule(path, cwd=ctx.cwd):
                yield r


# Downloaders' options that name where the download is saved (a file or a folder): a destination,
# written to, never data sent (`wget URL -P ~/Downloads`, `curl -sSLo ~/Documents/r.pdf URL`).
_SAVED_TO = {"curl": ("-o", "--output", "--output-dir", "-c", "--cookie-jar", "-D", "--dump-header", "--trace",
                      "--trace-ascii", "--stderr", "--etag-save"),
             "wget": ("-O", "--output-document", "-P", "--directory-prefix", "-o", "--output-file", "-a",
                      "--append-output", "--save-cookies"),
             "aria2c": ("-d", "--dir", "-o", "--out")}


def saved_to(name: str, args: list[str]) -> tuple[list[str], list[str]]:
    """(the arguments without the values of the options that say where the download is saved, those
    values): -o FILE, -oFILE, -sSLo FILE, --output=FILE."""
    opts = _SAVED_TO.get(name, ())
    if not opts:
        return args, []
    kept, dests, k = [], [], 0
    while k < len(args):
        a = args[k]
        if a in opts or (re.fullmatch(r"-[A-Za-z]+", a) and "-" + a[-1] in opts):
            dests += args[k + 1:k + 2]  # the value is the next word (also ending a cluster: -sSLo FILE)
            k += 2
            continue
        if a.startswith("--") and a.split("=", 1)[0] in opts and "=" in a:
            dests.append(a.split("=", 1)[1])
        elif not a.startswith("--") and a[:2] in opts and len(a) > 2:
            dests.append(a[2:])
        else:
            kept.append(a)
        k += 1
    return kept, dests
