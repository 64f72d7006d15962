"""Decoders for decode-and-run pipelines and inline code (python -c, perl -e, node -e ...).

echo/printf escapes, base64, hex, rev, tr and gzip let the gate read what a pipeline would execute;
`code_payloads` pulls shell commands, deletions, writes and fetches out of inline scripts.
"""

from __future__ import annotations

import base64
import binascii
import bz2
import gzip
import itertools
import lzma
import re
import shlex
from dataclasses import dataclass, field

from hermes.tools.shell_lexer import match_paren, quote, unescape


# ---------------------------------------------------------------- decoders

def echo_output(args: list[str]) -> str:
    """What bash's echo prints (escapes only with -e; the gate also reads dash's expansion)."""
    newline, escapes = True, False
    while args and re.fullmatch(r"-[neE]+", args[0]):
        newline = newline and "n" not in args[0]
        escapes = "e" in args[0] or (escapes and "E" not in args[0])
        args = args[1:]
    text = " ".join(args)
    return (unescape(text) if escapes else text) + ("\n" if newline else "")


_PRINTF_CONV = re.compile(r"%[-+ #0]*\d*(?:\.\d+)?[sbdiouxXcqfeEgG%]")


def printf_output(args: list[str]) -> str:
    if not args:
        return ""
    fmt, rest = args[0], list(args[1:])
    if fmt == "--" and rest:
        fmt, rest = rest[0], rest[1:]
    out: list[str] = []
    for _ in range(64):  # printf reuses its format while arguments remain
        def conv(m: re.Match[str]) -> str:
            if m.group() == "%%":
                return "%"
            value = rest.pop(0) if rest else ""
            return unescape(value) if m.group().endswith("b") else value
        out.append(unescape(_PRINTF_CONV.sub(conv, fmt)))
        if not rest or not _PRINTF_CONV.search(fmt):
            break
    return "".join(out)


def _b64(data: bytes, alphabet: str = "64") -> bytes | None:
    compact = re.sub(rb"\s+", b"", data)
    try:
        if alphabet == "32":
            return base64.b32decode(compact + b"=" * (-len(compact) % 8))
        return base64.b64decode(compact + b"=" * (-len(compact) % 4), altchars=None)
    except (binascii.Error, ValueError):
        return None


def _tr_set(spec: str) -> str:
    classes = {"[:lower:]": "abcdefghijklmnopqrstuvwxyz", "[:upper:]": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
               "[:digit:]": "0123456789", "[:space:]": " \t\n\r\f\v"}
    classes["[:alpha:]"] = classes["[:lower:]"] + classes["[:upper:]"]
    classes["[:alnum:]"] = classes["[:alpha:]"] + classes["[:digit:]"]
    for k, v in classes.items():
        spec = spec.replace(k, v)
    spec = unescape(spec)
    out, i = [], 0
    while i < len(spec):
        if i + 2 < len(spec) and spec[i + 1] == "-" and ord(spec[i]) <= ord(spec[i + 2]):
            out += [chr(c) for c in range(ord(spec[i]), ord(spec[i + 2]) + 1)]
            i += 3
        else:
            out.append(spec[i])
            i += 1
    return "".join(out)


def _tr(args: list[str], data: bytes) -> bytes | None:
    flags = "".join(a[1:] for a in args if a.startswith("-") and len(a) > 1)
    sets = [a for a in args if not (a.startswith("-") and len(a) > 1)]
    if "c" in flags or "C" in flags or not sets:
        return None
    text = data.decode("utf-8", "replace")
    s1 = _tr_set(sets[0])
    if "d" in flags:
        return "".join(ch for ch in text if ch not in s1).encode()
    if len(sets) < 2:
        return None
    s2 = _tr_set(sets[1])
    if not s2:
        return None
    s2 = (s2 + s2[-1] * len(s1))[:len(s1)]
    return text.translate(str.maketrans(s1, s2)).encode()


def _has_short(args: list[str], letter: str) -> bool:
    return any(a.startswith("-") and not a.startswith("--") and letter in a[1:] for a in args)


def decode_stage(name: str, args: list[str], data: bytes | None) -> tuple[bool, bytes | None]:
    """(is this a decoder, its output when the input is known) for one pipeline stage."""
    known = data is not None
    if name in ("base64", "gbase64", "base32", "basenc"):
        if not (_has_short(args, "d") or _has_short(args, "D") or "--decode" in args):
            return False, None
        alphabet = "32" if name == "base32" or "--base32" in args else "64"
        return True, _b64(data, alphabet) if known else None
    if name == "openssl":
        sub = args[0] if args else ""
        if "-d" in args and (sub == "base64" or (sub == "enc" and ("-a" in args or "-base64" in args))):
            cipher = sub == "enc" and any(a.startswith("-aes") or a in ("-k", "-pass", "-K") for a in args)
            return True, _b64(data) if known and not cipher else None
        return False, None
    if name == "xxd":
        if not _has_short(args, "r"):
            return False, None
        if known and (_has_short(args, "p") or "-ps" in args or "-plain" in args):
            try:
                return True, bytes.fromhex(re.sub(rb"[^0-9a-fA-F]", b"", data).decode())
            except ValueError:
                return True, None
        return True, None
    if name == "rev":
        if not known:
            return True, None
        lines = data.decode("utf-8", "replace").split("\n")
        return True, "\n".join(line[::-1] for line in lines).encode()
    if name == "tr":
        return True, _tr(args, data) if known else None
    decompress = {"gunzip": gzip.decompress, "zcat": gzip.decompress, "bunzip2": bz2.decompress,
                  "bzcat": bz2.decompress, "unxz": lzma.decompress, "xzcat": lzma.decompress,
                  "unlzma": lzma.decompress}
    if name in ("gzip", "bzip2", "xz", "zstd") and (_has_short(args, "d") or "--decompress" in args):
        decompress[name] = {"gzip": gzip.decompress, "bzip2": bz2.decompress,
                            "xz": lzma.decompress}.get(name, lambda b: None)
    if name in decompress:
        if not known:
            return True, None
        try:
            return True, decompress[name](data)
        except Exception:  # corrupt input: still a decoder, output unknown
            return True, None
    if name in ("uudecode", "zstdcat", "unzstd", "base58"):
        return True, None
    return False, None


# ---------------------------------------------------------------- inline code (python -c, perl -e ...)

@dataclass
class CodePayloads:
    commands: list[str] = field(default_factory=list)  # shell command lines the code would run
    code: list[str] = field(default_factory=list)  # same-language code it would exec/eval
    rules: list[str] = field(default_factory=list)  # rule ids judged on the code itself


_STR = re.compile(r"""(?:\b[rRbBuUfF]{1,2})?('''|\"\"\"|'|")((?:\\.|(?!\1).)*?)\1""", re.S)
_SHELL_CALLS = {
    "python": r"\bos\.(?:system|popen|exec\w*|spawn\w*)|\bsubprocess\.\w+|\bcommands\.getoutput|\bpty\.spawn",
    "node": r"\b(?:exec|execSync|execFile|execFileSync|spawn|spawnSync)",
    "perl": r"\b(?:system|exec|qx)", "ruby": r"\b(?:system|exec|spawn|IO\.popen|Open3\.\w+)",
    "php": r"\b(?:system|exec|shell_exec|passthru|popen|proc_open)", "lua": r"\bos\.execute|\bio\.popen", "r": r"\bsystem2?|\bshell",
}
_DELETE_CALLS = re.compile(r"\b(?:shutil\.rmtree|rmtree|remove_tree|rmSync|rmdirSync|rimraf|rm_rf|rm_r|remove_dir|"
                           r"fs\.rm|removeSync|remove_dir_all|FileUtils\.rm_r\w*|deleteRecursively|"
                           r"unlink(?=\s*\([^)]*recursive\s*=\s*T))\s*(?=\()")
_UNLINK_CALLS = re.compile(r"(?:\bos|\)|\bPath\([^()]*\))\.(?:remove|unlink|rmdir)\s*(?=\()|"
                           r"\b(?:unlink|unlinkSync|File\.delete|file\.remove|fs\.unlink|os\.remove)\s*(?=\()")
# Permission and ownership calls: os.chmod('/etc/shadow', 0o777) is `chmod 777 /etc/shadow`.
_CHMOD_CALLS = re.compile(r"\b(?:os\.chmod|os\.chown|os\.lchown|chmodSync|chownSync|File\.chmod|chmod|chown)\s*"
                          r"\(\s*(['\"])([^'\"]+)\1\s*,\s*(?:0o?)?([0-7]{3,4})?")
# A bare perl/ruby call without parentheses: unlink glob "~/.ssh/*", rmtree "/etc"
_BARE_DELETE = re.compile(r"\b(unlink|rmtree|remove_tree)\s+(?:glob\s+)?(['\"])([^'\"]+)\2")
_ALIAS_IMPORT = re.compile(r"\bimport\s+(os|subprocess|shutil)\s+as\s+(\w+)|"
                           r"\bfrom\s+(os|subprocess|shutil)\s+import\s+(\w+)(?:\s+as\s+(\w+))?")
_ENV_DUMP = re.compile(r"dict\(\s*os\.environ\s*\)|os\.environ\s*[,)}]|os\.environ\.(?:copy|items)\(\)|"
                       r"json\.dumps\(\s*(?:dict\()?os\.environ|JSON\.stringify\(\s*process\.env\s*\)|"
                       r"process\.env\s*[,)}]|%ENV\b|ENV\.to_h|getenv\(\s*\)")
_SENDS = re.compile(r"requests\.(?:post|put|get)|urlopen|urllib|httpx|http\.request|https?\.request|fetch\s*\(|"
                    r"axios|LWP::|HTTP::Tiny|Net::HTTP|curl_|socket|smtplib")
_OPEN_CALLS = re.compile(r"\b(?:open|writeFileSync|appendFileSync|File\.write)\s*(?=\()")
# Calls that read a file whole (node, ruby, php, python's pathlib), and path joins that build one.
_READ_CALLS = re.compile(r"(?:\b(?:readFileSync|readFile|createReadStream|file_get_contents|expand_path|expanduser|"
                         r"sqlite3\.connect|shutil\.copy(?:file|2)?|copyFileSync)|"
                         r"\b(?:File|IO)\.(?:read|binread|readlines|open)|\b(?:Path|join|joinpath|resolve))\s*(?=\()")
# Strings in a read call that are not parts of the path: module names, the HOME variable's name.
_NOT_PATH_PARTS = re.compile(r"\brequire\s*\(\s*['\"][^'\"]*['\"]\s*\)|\bgetenv\s*\(\s*['\"]HOME['\"]\s*\)|"
                             r"\b(?:ENV|\$_SERVER)\[\s*['\"]HOME['\"]\s*\]|\$ENV\{\s*['\"]?HOME['\"]?\s*\}")
# The home folder as code names it: process.env.HOME, os.homedir(), Dir.home, ENV['HOME'], Path.home().
_HOME_EXPR = re.compile(r"process\.env\.HOME|homedir\s*\(|Dir\.home|ENV\[\s*['\"]HOME|\$_SERVER\[\s*['\"]HOME|"
                        r"getenv\(\s*['\"]HOME|Path\.home\s*\(|\$ENV\{\s*HOME")
_DECODE = re.compile(r"b64decode|decodebytes|fromhex|a2b_\w+|codecs\.decode|zlib\.decompress|atob\s*\(|"
                     r"Buffer\.from\([^)]*base64|decode_base64|base64_decode|unpack\(\s*['\"]m|"
                     r"pack\(\s*['\"]H|hex2bin|Buffer\.from\([^)]*hex")
# Code loaded straight from the network: R's source("https://..."), Julia's include(download(...)),
# a fetched body handed to eval (.then(eval)).
_REMOTE_SOURCE = re.compile(r"\b(?:source|sys\.source|load|require|include|dofile|loadfile)\s*\(\s*['\"](?:https?|ftp)://|"
                            r"\binclude\s*\(\s*download\s*\(|\.then\s*\(\s*eval\s*\)", re.I)
_HEX_LITERAL = re.compile(r"['\"]((?:[0-9a-fA-F]{2}){4,})['\"]")
# What runs text as code: eval (not a model's .eval()), exec, new Function, node's vm, Perl/Ruby bare eval.
_RUNS = re.compile(r"\bexec\s*\(|(?<!\.)\beval\s*\(|\bsystem\s*\(|popen|subprocess|child_process|\bspawn|"
                   r"\bcompile\s*\(|\bnew\s+Function\b|\bFunction\s*\(|\bvm\.run\w*|\brunIn(?:This|New)?Context\b|"
                   r"\beval\s+(?!\{)[\w$@(\"']|\b(?:instance|class|module)_eval\b|\bloadstring\s*\(|"
                   r"\.then\s*\(\s*eval\b")
_FETCH = re.compile(r"urlopen|requests\.(?:get|post)|urllib|https?\.(?:get|request)\b|\bfetch\s*\(|LWP::|Net::HTTP|"
                    r"open-uri|URI\.open|HTTP::Tiny|Mojo::UserAgent|httpx\.|\baxios\b|\bgot\s*\(|HTTParty|Faraday|"
                    r"require\s*\(\s*['\"](?:node:)?https?['\"]\s*\)\s*\.\s*(?:get|request)\b|curl_exec|"
                    r"(?:file_get_contents|fopen|readfile|\bget|getstore)\s*\(\s*['\"]https?:")
_BARE_CALL = re.compile(r"\b(?:system|exec|spawn)\s+(?=['\"]|qw\s*[(\[{/<])")
_BACKTICKS = re.compile(r"`([^`]+)`|qx\{([^}]*)\}|qx\(([^)]*)\)|%x\(([^)]*)\)")
_REVERSE = re.compile(r"dup2|pty\.spawn|/bin/(?:ba|z)?sh|cmd\.exe|spawn\(\s*['\"](?:ba|z)?sh['\"]|"
                      r"\.pipe\(\s*\w+\.stdin|exec\s*\(\s*['\"](?:ba|z)?sh")


def _call_literals(code: str, start: int) -> tuple[list[str], bool]:
    """String literals in the call whose '(' is at code[start], and whether non-literals appear."""
    end = match_paren(code, start)
    region = code[start + 1:end]
    if region.lstrip().startswith(("[", "(")):  # argv list: only the list itself (brackets as parens)
        k = start + 1 + (len(region) - len(region.lstrip()))
        region = code[k + 1:match_paren(code[:end].replace("[", "(").replace("]", ")"), k)]
    lits = [unescape(m.group(2)) for m in _STR.finditer(region)]
    rest = re.sub(r"\b(?:True|False|None)\b", "", _STR.sub("", region))
    return lits, bool(re.search(r"\b[A-Za-z_]\w*\b(?!\s*=)", rest))


def _built_path(code: str, start: int) -> str | None:
    """The path a read or join call at code[start] ('(') names, with the home folder written `~`:
    readFileSync(process.env.HOME + '/.ssh/id_rsa'), path.join(os.homedir(), '.aws', 'credentials')."""
    region = code[start:match_paren(code, start) + 1]
    lits = [unescape(m.group(2)) for m in _STR.finditer(_NOT_PATH_PARTS.sub("", region))]
    lits = [x for x in lits if x and "\n" not in x and len(x) < 200]
    if not lits:
        return None
    if _HOME_EXPR.search(region) or _HOME_EXPR.search(code[max(0, start - 40):start]):
        return "~/" + "/".join(x.strip("/") for x in lits)
    if len(lits) > 1 and re.search(r"\bjoin\s*\($", code[:start + 1]):
        return "/".join([lits[0].rstrip("/")] + [x.strip("/") for x in lits[1:]])
    return lits[0] if lits[0].startswith(("/", "~")) else None


def _as_command(lits: list[str], region_joins: bool) -> str:
    if len(lits) == 1:
        return lits[0]
    return "".join(lits) if region_joins else shlex.join(lits)


_MAX_CALLS = 64  # calls examined per kind; more than that in an inline script is itself suspicious


def _calls(rx: re.Pattern[str] | str, code: str, out: CodePayloads) -> list[re.Match[str]]:
    found = list(itertools.islice(re.finditer(rx, code), _MAX_CALLS + 1))
    if len(found) > _MAX_CALLS:
        out.rules.append("too_complex")
    return found[:_MAX_CALLS]


def _unalias(code: str) -> str:
    """`import subprocess as s; s.call(...)` reads as subprocess.call; `from os import system` too."""
    for m in _ALIAS_IMPORT.finditer(code):
        if m.group(1):
            code = re.sub(r"\b" + re.escape(m.group(2)) + r"\.", m.group(1) + ".", code)
        else:
            name = m.group(5) or m.group(4)
            code = re.sub(r"(?<![.\w])" + re.escape(name) + r"\s*\(", f"{m.group(3)}.{m.group(4)}(", code)
    return code.replace("__import__('os')", "os").replace('__import__("os")', "os").replace(
        "__import__('subprocess')", "subprocess").replace('__import__("subprocess")', "subprocess")


# Languages modelled only by what runs a command: a command-running word anywhere in the code (a call,
# Lisp's (system ...), AppleScript's "do shell script", Groovy's "...".execute()) and each of the
# code's strings, and the literals of each such call joined, are judged as shell commands.
_GENERIC = frozenset("julia lisp erlang elixir jvm applescript octave haskell crystal tcl prolog".split())
_RUN_WORDS = (r"\b(?:system\w*|run|run-program|exec\w*|spawn\w*|popen|shell[-_]?command|shell|call_?command|"
              r"read_?process\w*|cmd|process|do shell script|open_port|unix)\b")
_GENERIC_RUNS = re.compile(_RUN_WORDS, re.I)
_GENERIC_CALL = re.compile(r"(?:" + _RUN_WORDS + r")\s*\(|\((?:[\w.-]*[:.])?(?:" + _RUN_WORDS[2:] + ")", re.I)
_GENERIC_DELETE = re.compile(r"(?i)\b(rm|rm[-_]?r[f]?|rmtree|rmdir|delete[-_]?(?:directory|dir|file|recursive)\S*|"
                             r"remove[-_]?(?:tree|dir\w*|recursive\w*|all)|delete)\b[\s(]*(['\"])([^'\"]+)\2(.{0,80})", re.S)
_TCL_EXEC = re.compile(r"(?:^|[;\n\[{])\s*exec\s+(?:-\w+\s+)*([^;\n\]}]+)|\bopen\s+\"?\|([^\"\n]+)")


def _generic_payloads(lang: str, code: str, out: CodePayloads) -> None:
    if lang == "tcl":
        out.commands += [m.group(1) or m.group(2) for m in _calls(_TCL_EXEC, code, out)]
    for m in _calls(_GENERIC_DELETE, code, out):
        recursive = re.search(r"(?i)recursive|/files|tree|rf|_r\b|-r\b|all", m.group(1) + m.group(4))
        out.commands.append(("rm -r " if recursive else "rm ") + quote(m.group(3)))
    if not _GENERIC_RUNS.search(code):
        return
    for m in _calls(_GENERIC_CALL, code, out):
        start = m.start() if m.group().startswith("(") else m.end() - 1
        lits, _ = _call_literals(code, start)
        if len(lits) > 1:
            out.commands.append(_as_command(lits, False))
    out.commands += [unescape(m.group(2)) for m in _STR.finditer(code)][:_MAX_CALLS]
    out.commands += [m.group(1) for m in re.finditer(r"`([^`]+)`", code)][:_MAX_CALLS]  # Julia's commands


_LIT = r"""(?:"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')"""
_LIT_LIST = rf"[\[(]\s*{_LIT}(?:\s*,\s*{_LIT})*\s*,?\s*[\])]"
# ["sudo", "rm", "-rf", "/etc"].join(" ") and " ".join(["rm", "-rf", "/"]): a command spelt as a list
_JOIN_AFTER = re.compile(rf"({_LIT_LIST})\s*\.\s*join\s*\(\s*({_LIT})?\s*\)")
_JOIN_BEFORE = re.compile(rf"({_LIT})\s*\.\s*join\s*\(\s*({_LIT_LIST})\s*\)")
_INTERPOLATED = re.compile(rf"#\{{\s*({_LIT})\s*\}}")  # Ruby's "#{'rm -rf /'}"


def _joined(items: str, sep: str | None) -> str:
    parts = [unescape(m.group(2)) for m in _STR.finditer(items)]
    text = (unescape(_STR.match(sep).group(2)) if sep and _STR.match(sep) else "").join(parts)
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def fold_literals(code: str) -> str:
    """Lists of literals joined into one string, and literals interpolated alone, written as the string."""
    if "join" in code:
        code = _JOIN_AFTER.sub(lambda m: _joined(m.group(1), m.group(2)), code)
        code = _JOIN_BEFORE.sub(lambda m: _joined(m.group(2), m.group(1)), code)
    if "#{" in code:
        code = _INTERPOLATED.sub(lambda m: unescape(_STR.match(m.group(1)).group(2)) if _STR.match(m.group(1)) else
                                 m.group(0), code)
    return code


def code_payloads(lang: str, code: str) -> CodePayloads:
    out = CodePayloads()
    code = fold_literals(code)
    if lang in _GENERIC:
        _generic_payloads(lang, code, out)
    dynamic = False
    if lang == "python" and ("import" in code):
        code = _unalias(code)
    calls = _SHELL_CALLS.get(lang, _SHELL_CALLS["python"])
    for m in _calls(r"(?:" + calls + r")\s*\(", code, out):
        lits, dyn = _call_literals(code, m.end() - 1)
        dynamic = dynamic or dyn
        if lang == "python" and re.match(r"os\.(?:exec|spawn)", m.group()) and len(lits) > 1:
            lits = lits[1:]  # os.execv(path, [argv0, ...]): the path is not part of the command
        region = code[m.end():match_paren(code, m.end() - 1)]
        if lits:
            out.commands.append(_as_command(lits, "+" in _STR.sub("", region)))
    if lang in ("perl", "ruby"):  # calls without parentheses: system "rm -rf /"; exec qw(rm -rf /)
        for m in _calls(_BARE_CALL, code, out):
            span = re.split(r";|\bor\b|\band\b|\|\||&&|\bif\b|\bunless\b|\n", code[m.end():], maxsplit=1)[0]
            words = re.fullmatch(r"\s*qw\s*[(\[{/<](.*?)[)\]}/>]\s*", span, re.S)
            lits = words.group(1).split() if words else [unescape(x.group(2)) for x in _STR.finditer(span)]
            dynamic = dynamic or (not words and bool(re.search(r"[$@]\w|\b[A-Za-z_]\w*\b", _STR.sub("", span))))
            if lits:
                out.commands.append(_as_command(lits, "+" in _STR.sub("", span) or "." in _STR.sub("", span)))
    if lang in ("perl", "ruby", "php"):  # `cmd`, qx{cmd}, %x(cmd) run a shell
        for m in _calls(_BACKTICKS, code, out):
            out.commands.append(next(g for g in m.groups() if g is not None))
    for rx, verb in ((_DELETE_CALLS, "rm -r"), (_UNLINK_CALLS, "rm")):
        for m in _calls(rx, code, out):
            lits, _ = _call_literals(code, m.end())
            out.commands.append(f"{verb} {quote(lits[0] if lits else '$dynamic')}")
    for m in _calls(_CHMOD_CALLS, code, out):
        verb = "chown root" if "own" in m.group() else "chmod " + (m.group(3) or "777")
        out.commands.append(f"{verb} {quote(m.group(2))}")
    for m in _calls(_BARE_DELETE, code, out):
        out.commands.append(("rm -r " if m.group(1) != "unlink" else "rm ") + quote(m.group(3)))
    for m in _calls(_OPEN_CALLS, code, out):
        lits, _ = _call_literals(code, m.end())
        if lits:
            mode = lits[1] if len(lits) > 1 else ""
            writes = m.group().startswith(("write", "append", "File")) or re.search(r"[wax+]", mode)
            out.commands.append(("tee " if writes else "cat ") + quote(lits[0]))
    for m in _calls(_READ_CALLS, code, out):
        if path := _built_path(code, m.end()):
            out.commands.append("cat " + quote(path))
    if lang == "python":
        for m in _calls(r"\b(?:exec|eval|compile)\s*\(", code, out):
            lits, _ = _call_literals(code, m.end() - 1)
            out.code += lits
    if _DECODE.search(code) and _RUNS.search(code):
        out.rules.append("decode_exec")
        for m in _calls(r"(?:b64decode|decodebytes|atob|decode_base64|base64_decode)\s*\(", code, out):
            for lit in _call_literals(code, m.end() - 1)[0]:
                decoded = _b64(lit.encode())
                if decoded:
                    text = decoded.decode("utf-8", "replace")
                    out.commands.append(text)
                    out.code.append(text)
        for lit in _HEX_LITERAL.findall(code):  # bytes.fromhex('726d...'), pack("H*", "726d..."), hex2bin
            try:
                text = bytes.fromhex(lit).decode("utf-8", "replace")
            except ValueError:
                continue
            out.commands.append(text)
            out.code.append(text)
    if (_FETCH.search(code) and _RUNS.search(code)) or _REMOTE_SOURCE.search(code):
        out.rules.append("curl_pipe_shell")
    low = code.lower()
    if ("socket" in low or ".connect(" in low or "tcpsocket" in low or "fsockopen" in low) and _REVERSE.search(code):
        out.rules.append("raw_socket")
    if _ENV_DUMP.search(code) and _SENDS.search(code):
        out.rules.append("secret_exfil")  # the whole environment (API keys) posted somewhere
    if dynamic:  # the command is built at run time: judge every string the code holds
        out.commands += [unescape(m.group(2)) for m in _STR.finditer(code)]
    return out
