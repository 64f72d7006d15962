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

import base64
import binascii
import bz2
import functools
import gzip
import itertools
import lzma
import os
import re
import shlex
import unicodedata
from dataclasses import dataclass, field

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
    folds.append((re.compile(r"\$\{HOME\}|\$HOME(?![A-Za-z0-9_])"), "~"))
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


# ---------------------------------------------------------------- 2. the lexer

@dataclass
class Word:
    text: str
    subs: list[str] = field(default_factory=list)  # $(...), `...`, <(...) sources inside the word
    dynamic: bool = False  # holds an expansion we could not resolve
    exec_src: str | None = None  # the word is exactly one substitution: its source
    plain: bool = True  # no quoting and no expansions (brace expansion applies)
    raw: str = ""  # the source text, to rebuild a command line with its substitutions intact

    def source(self) -> str:
        return self.raw or quote(self.text)


@dataclass
class Segment:
    """One simple command: words, redirections, what it reads on stdin, and the operator after it."""

    words: list[Word] = field(default_factory=list)
    redirects: list[tuple[str, str]] = field(default_factory=list)
    stdin: str | None = None  # heredoc body or here-string
    subs: list[str] = field(default_factory=list)
    op: str = ""

    @property
    def argv(self) -> list[str]:
        return [w.text for w in self.words]

    def display(self) -> str:
        parts = [quote(w.text) for w in self.words]
        parts += [f"{op} {quote(t)}" for op, t in self.redirects]
        return " ".join(parts)


_SAFE_WORD = re.compile(r"[^\s;&|<>()'\"`\\]+")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ASSIGN = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\+?=(.*)$", re.S)
_BRACE = re.compile(r"^([^{}]*)\{([^{}]*,[^{}]*)\}([^{}]*)$")
_BREAK = frozenset(" \t\n;&|()<>")
_OPS = ("&&", "||", ";;", "|&", ";", "|", "&", "(", ")")
_REDIRS = ("&>>", "&>", "<<<", "<<-", "<<", "<>", "<&", ">&", ">>", ">|", "<", ">")


def quote(word: str) -> str:
    """Quote a word for display and re-parsing, only when it needs it."""
    if word and _SAFE_WORD.fullmatch(word):
        return word
    return "'" + word.replace("'", "'\\''") + "'"


def match_paren(s: str, i: int) -> int:
    """Index of the ')' closing the '(' at s[i], skipping quoted text; len(s) when unclosed."""
    depth, n = 0, len(s)
    while i < n:
        c = s[i]
        if c == "\\":
            i += 2
            continue
        if c == "'":
            j = s.find("'", i + 1)
            i = n if j < 0 else j + 1
            continue
        if c == '"':
            i += 1
            while i < n and s[i] != '"':
                i += 2 if s[i] == "\\" else 1
            i += 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return n


def _backtick_end(s: str, i: int) -> int:
    while i < len(s):
        if s[i] == "\\":
            i += 2
        elif s[i] == "`":
            return i
        else:
            i += 1
    return len(s)


def subs_in(text: str) -> list[str]:
    """Command substitutions in text expanded like a heredoc body (quotes are literal there)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            i += 2
        elif text.startswith("$((", i):
            i = match_paren(text, i + 1) + 1
        elif text.startswith("$(", i):
            j = match_paren(text, i + 1)
            out.append(text[i + 2:j])
            i = j + 1
        elif c == "`":
            j = _backtick_end(text, i + 1)
            out.append(text[i + 1:j])
            i = j + 1
        else:
            i += 1
    return out


_ESC = re.compile(r"\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|0?[0-7]{1,3}|c.|.)", re.S)
_SIMPLE_ESC = {"a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r",
               "t": "\t", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}


def unescape(body: str) -> str:
    """Backslash escapes as $'...', echo -e and printf understand them."""
    def repl(m: re.Match[str]) -> str:
        e = m.group(1)
        try:
            if e[0] == "x":
                return chr(int(e[1:], 16))
            if e[0] in "uU":
                return chr(int(e[1:], 16))
            if e[0] in "01234567":
                return chr(int(e, 8) & 0xFF)
            if e[0] == "c":
                return chr(ord(e[1].upper()) ^ 0x40)
        except (ValueError, OverflowError):
            return ""
        return _SIMPLE_ESC.get(e, "\\" + e)
    return _ESC.sub(repl, body)


class _Lexer:
    def __init__(self, s: str, env: dict[str, str]) -> None:
        self.s, self.n, self.i, self.env = s, len(s), 0, env
        self.out: list[Segment] = []
        self.cur = Segment()
        self.heredocs: list[tuple[str, bool, bool, Segment]] = []

    def run(self) -> list[Segment]:
        s = self.s
        while self.i < self.n:
            c = s[self.i]
            if c in " \t":
                self.i += 1
            elif c == "\n":
                self.i += 1
                self.end("\n")
                self.read_heredocs()
            elif c == "#":
                j = s.find("\n", self.i)
                self.i = self.n if j < 0 else j
            elif c in ";&|()" and not s.startswith("&>", self.i):
                op = next(o for o in _OPS if s.startswith(o, self.i))
                self.i += len(op)
                self.end("|" if op == "|&" else op)
            elif c in "<>" and not s.startswith(("<(", ">("), self.i):
                self.redirect()
            else:
                w = self.word()
                if (self.i < self.n and s[self.i] in "<>" and w.plain and w.text.isdigit()
                        and not s.startswith(("<(", ">("), self.i)):
                    self.redirect()  # "2>file": the digits name a file descriptor
                else:
                    self.cur.words.append(w)
                    self.cur.subs += w.subs
        self.end("")
        return self.out

    def end(self, op: str) -> None:
        seg = self.cur
        if seg.words or seg.redirects or seg.stdin is not None:
            seg.op = op
            seg.words = _expand_braces(seg.words)
            self.out.append(seg)
            self._track_assignments(seg)
        elif op == "|" and self.out:
            self.out[-1].op = "|"  # "(a; b) | sh": the subshell's last command feeds the pipe
        self.cur = Segment()

    def _track_assignments(self, seg: Segment) -> None:
        words = seg.argv
        if words and words[0] in ("export", "declare", "local", "readonly", "typeset"):
            words = [w for w in words[1:] if not w.startswith("-")]
        pairs = [_ASSIGN.match(w) for w in words]
        if words and all(pairs):
            for m in pairs:
                self.env[m.group(1)] = m.group(2)

    def read_heredocs(self) -> None:
        s = self.s
        for delim, strip_tabs, quoted, seg in self.heredocs:
            lines = []
            while self.i < self.n:
                j = s.find("\n", self.i)
                j = self.n if j < 0 else j
                line, self.i = s[self.i:j], j + 1
                if (line.lstrip("\t") if strip_tabs else line) == delim:
                    break
                lines.append(line)
            seg.stdin = "\n".join(lines) + "\n" if lines else ""
            if not quoted:
                seg.subs += subs_in(seg.stdin)
        self.heredocs = []

    def _skip_blanks(self) -> None:
        while self.i < self.n and self.s[self.i] in " \t":
            self.i += 1

    def redirect(self) -> None:
        op = next(o for o in _REDIRS if self.s.startswith(o, self.i))
        self.i += len(op)
        self._skip_blanks()
        w = self.word()
        self.cur.subs += w.subs
        if op in ("<&", ">&"):
            if not (w.text.isdigit() or w.text == "-"):
                self.cur.redirects.append((">", w.text))  # ">& file" sends both streams to file
        elif op == "<<<":
            self.cur.stdin = w.text + "\n"
        elif op in ("<<", "<<-"):
            self.heredocs.append((w.text, op == "<<-", not w.plain, self.cur))
        else:
            self.cur.redirects.append((op, w.text))

    def word(self) -> Word:
        s, n, start = self.s, self.n, self.i
        w = Word("")
        buf: list[str] = []
        if s.startswith(("<(", ">("), self.i):
            j = match_paren(s, self.i + 1)
            inner = s[self.i + 2:j]
            self.i = j + 1
            return Word(s[start:self.i], [inner], True, inner, False, s[start:self.i])
        while self.i < n:
            c = s[self.i]
            if c in _BREAK:
                break
            if c == "\\":
                if self.i + 1 < n and s[self.i + 1] != "\n":
                    buf.append(s[self.i + 1])
                self.i += 2
                w.plain = False
            elif c == "'":
                j = s.find("'", self.i + 1)
                j = n if j < 0 else j
                buf.append(s[self.i + 1:j])
                self.i = j + 1
                w.plain = False
            elif c == '"':
                self.i += 1
                self._dquote(w, buf)
                w.plain = False
            elif c == "$":
                self._dollar(w, buf, in_dquote=False)
            elif c == "`":
                j = _backtick_end(s, self.i + 1)
                inner = s[self.i + 1:j]
                w.subs.append(inner)
                buf.append(f"$({inner})")
                self.i = j + 1
                w.dynamic, w.plain = True, False
            else:
                buf.append(c)
                self.i += 1
        w.text = "".join(buf)
        w.raw = s[start:self.i]
        if len(w.subs) == 1:
            raw = s[start:self.i].strip('"')
            inner = w.subs[0]
            if raw in (f"$({inner})", f"`{inner}`"):
                w.exec_src = inner
        return w

    def _dquote(self, w: Word, buf: list[str]) -> None:
        s, n = self.s, self.n
        while self.i < n:
            c = s[self.i]
            if c == '"':
                self.i += 1
                return
            if c == "\\" and self.i + 1 < n and s[self.i + 1] in '$`"\\\n':
                if s[self.i + 1] != "\n":
                    buf.append(s[self.i + 1])
                self.i += 2
            elif c == "$":
                self._dollar(w, buf, in_dquote=True)
            elif c == "`":
                j = _backtick_end(s, self.i + 1)
                inner = s[self.i + 1:j]
                w.subs.append(inner)
                buf.append(f"$({inner})")
                self.i = j + 1
                w.dynamic = True
            else:
                buf.append(c)
                self.i += 1

    def _dollar(self, w: Word, buf: list[str], in_dquote: bool) -> None:
        s, i = self.s, self.i
        nxt = s[i + 1] if i + 1 < self.n else ""
        w.plain = False
        if nxt == "'" and not in_dquote:  # $'\x72\x6d' -> rm
            j = i + 2
            while j < self.n and s[j] != "'":
                j += 2 if s[j] == "\\" else 1
            buf.append(unescape(s[i + 2:j]))
            self.i = j + 1
        elif s.startswith("$((", i):
            j = match_paren(s, i + 1)
            buf.append(s[i:j + 1])
            self.i = j + 1
        elif nxt == "(":
            j = match_paren(s, i + 1)
            inner = s[i + 2:j]
            w.subs.append(inner)
            w.dynamic = True
            buf.append(f"$({inner})")
            self.i = j + 1
        elif nxt == "{":
            j = s.find("}", i + 2)
            j = self.n if j < 0 else j
            body = s[i + 2:j]
            self.i = j + 1
            if body in self.env:
                buf.append(self.env[body])
            else:
                buf.append("${" + body + "}")
                w.dynamic = True
                w.subs += subs_in(body)
        elif (m := _NAME.match(s, i + 1)) is not None:
            self.i = m.end()
            if m.group() in self.env:
                buf.append(self.env[m.group()])
            else:
                buf.append("$" + m.group())
                w.dynamic = True
        elif nxt and nxt in "@*#?$!-0123456789":
            buf.append("$" + nxt)
            self.i = i + 2
            w.dynamic = True
        else:
            buf.append("$")
            self.i = i + 1


def _expand_braces(words: list[Word]) -> list[Word]:
    if not any(w.plain and "{" in w.text for w in words):
        return words
    out: list[Word] = []
    for w in words:
        m = _BRACE.match(w.text) if w.plain else None
        if m is None:
            out.append(w)
        else:
            out += [Word(m.group(1) + part + m.group(3)) for part in m.group(2).split(",")]
    return out


def parse(text: str, env: dict[str, str] | None = None) -> list[Segment]:
    """Split cleaned shell text into simple commands (segments) with shell quoting applied."""
    return _Lexer(text, {} if env is None else env).run()


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
}
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
            if a.startswith("--"):
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
        wrap.xargs = wrap.xargs or name == "xargs"
        words = words[j:]
    return words, wrap


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
    "php": r"\b(?:system|exec|shell_exec|passthru|popen|proc_open)", "lua": r"\bos\.execute|\bio\.popen",
}
_DELETE_CALLS = re.compile(r"\b(?:shutil\.rmtree|rmtree|remove_tree|rmSync|rmdirSync|rimraf|rm_rf|rm_r|remove_dir|"
                           r"fs\.rm)\s*(?=\()")
_UNLINK_CALLS = re.compile(r"\b(?:os\.remove|os\.unlink|unlink|unlinkSync)\s*(?=\()")
_OPEN_CALLS = re.compile(r"\b(?:open|writeFileSync|appendFileSync|File\.write)\s*(?=\()")
_DECODE = re.compile(r"b64decode|decodebytes|fromhex|a2b_\w+|codecs\.decode|zlib\.decompress|atob\s*\(|"
                     r"Buffer\.from\([^)]*base64|decode_base64|base64_decode|unpack\(\s*['\"]m")
_RUNS = re.compile(r"\bexec\s*\(|\beval\s*\(|\bsystem\s*\(|popen|subprocess|child_process|\bspawn|\bcompile\s*\(")
_FETCH = re.compile(r"urlopen|requests\.(?:get|post)|urllib|https?\.get|\bfetch\s*\(|LWP::|Net::HTTP|open-uri|"
                    r"file_get_contents\s*\(\s*['\"]https?:")
_BACKTICKS = re.compile(r"`([^`]+)`|qx\{([^}]*)\}|qx\(([^)]*)\)|%x\(([^)]*)\)")
_REVERSE = re.compile(r"dup2|pty\.spawn|/bin/(?:ba)?sh|cmd\.exe")


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


def code_payloads(lang: str, code: str) -> CodePayloads:
    out = CodePayloads()
    dynamic = False
    calls = _SHELL_CALLS.get(lang, _SHELL_CALLS["python"])
    for m in _calls(r"(?:" + calls + r")\s*\(", code, out):
        lits, dyn = _call_literals(code, m.end() - 1)
        dynamic = dynamic or dyn
        if lang == "python" and re.match(r"os\.(?:exec|spawn)", m.group()) and len(lits) > 1:
            lits = lits[1:]  # os.execv(path, [argv0, ...]): the path is not part of the command
        region = code[m.end():match_paren(code, m.end() - 1)]
        if lits:
            out.commands.append(_as_command(lits, "+" in _STR.sub("", region)))
    if lang in ("perl", "ruby", "php"):  # `cmd`, qx{cmd}, %x(cmd) run a shell
        for m in _calls(_BACKTICKS, code, out):
            out.commands.append(next(g for g in m.groups() if g is not None))
    for rx, verb in ((_DELETE_CALLS, "rm -r"), (_UNLINK_CALLS, "rm")):
        for m in _calls(rx, code, out):
            lits, _ = _call_literals(code, m.end())
            out.commands.append(f"{verb} {quote(lits[0] if lits else '$dynamic')}")
    for m in _calls(_OPEN_CALLS, code, out):
        lits, _ = _call_literals(code, m.end())
        if lits:
            mode = lits[1] if len(lits) > 1 else ""
            writes = m.group().startswith(("write", "append", "File")) or re.search(r"[wax+]", mode)
            out.commands.append(("tee " if writes else "cat ") + quote(lits[0]))
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
    if _FETCH.search(code) and _RUNS.search(code):
        out.rules.append("curl_pipe_shell")
    low = code.lower()
    if ("socket" in low or "net.connect" in low or "tcpsocket" in low) and _REVERSE.search(code):
        out.rules.append("raw_socket")
    if dynamic:  # the command is built at run time: judge every string the code holds
        out.commands += [unescape(m.group(2)) for m in _STR.finditer(code)]
    return out
