"""A small shell lexer: real quoting rules, so obfuscated words read as what the shell would run.

r''m, "r"m, \\rm, $'\\x72m' and {rm,-rf,/} all become the word `rm`, while `echo "rm -rf /"` stays one
data word. It records what runs inside: $(...), `...`, <(...), heredocs and here-strings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


# ---------------------------------------------------------------- 2. the lexer

@dataclass
class Word:
    text: str
    subs: list[str] = field(default_factory=list)  # $(...), `...`, <(...) sources inside the word
    dynamic: bool = False  # holds an expansion we could not resolve
    exec_src: str | None = None  # the word is exactly one substitution: its source
    plain: bool = True  # no quoting and no expansions (brace expansion applies)
    raw: str = ""  # the source text, to rebuild a command line with its substitutions intact
    split: bool = False  # an unquoted expansion of a known value: the shell splits it into words
    # which of a for loop's items the word comes from (-1: not from a loop); a second or later item is
    # extra: `ssh $h cmd` runs once per host, not on all
    item: int = -1

    @property
    def extra(self) -> bool:
        return self.item > 0

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
_LOOP_SEP = "\x1f"  # joins a for-loop variable's items; split even inside quotes
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
        self.split_seen = False  # a word in the current segment needs field splitting

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
            elif (c in "<>" and not s.startswith(("<(", ">("), self.i)) or s.startswith("&>", self.i):
                self.redirect()
            else:
                start = self.i
                w = self.word()
                if self.i == start:  # nothing consumed: never loop on a character no branch takes
                    self.i += 1
                    continue
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
            if self.split_seen:
                seg.words = self._split_fields(seg.words)
                self.split_seen = False
            self.out.append(seg)
            self._track_assignments(seg)
        elif op == "|" and self.out:
            self.out[-1].op = "|"  # "(a; b) | sh": the subshell's last command feeds the pipe
        self.cur = Segment()

    def _split_fields(self, words: list[Word]) -> list[Word]:
        """CMD="rm -rf"; $CMD ~ runs rm: unquoted expansions split on whitespace and $IFS."""
        seps = "[" + re.escape(" \t\n" + _LOOP_SEP + self.env.get("IFS", "")) + "]+"
        out: list[Word] = []
        for w in words:
            if not w.split:
                out.append(w)
                continue
            for n, item in enumerate(w.text.split(_LOOP_SEP)):
                out += [Word(p, list(w.subs), w.dynamic, None, False, item=n if _LOOP_SEP in w.text else -1)
                        for p in re.split(seps, item) if p]
        return out

    def _track_assignments(self, seg: Segment) -> None:
        words = seg.argv
        if words[:2] == ["set", "--"]:  # set -- rm -rf /; "$@"
            self.env["@"] = self.env["*"] = " ".join(quote(w) for w in words[2:])
            for k, w in enumerate(words[2:11], 1):
                self.env[str(k)] = w
            return
        if len(words) > 3 and words[0] == "for" and words[2] == "in" and _NAME.fullmatch(words[1]):
            # for d in /etc /usr; do rm -rf "$d": the body is judged on every item at once
            self.env[words[1]] = _LOOP_SEP.join(words[3:35])
            return
        if words and words[0] in ("export", "declare", "local", "readonly", "typeset"):
            words = [w for w in words[1:] if not w.startswith("-")]
        pairs = [_ASSIGN.match(w) for w in words]
        if words and all(pairs):
            for m, w in zip(pairs, seg.words[-len(pairs):]):
                if w.subs:  # c=$(cat payload): the value is only known at run time
                    self.env.pop(m.group(1), None)
                elif m.string[len(m.group(1))] == "+":  # c=r; c+=m: appends
                    self.env[m.group(1)] = self.env.get(m.group(1), "") + m.group(2)
                else:
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
                self._backtick(w, buf)
                w.plain = False
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

    def _backtick(self, w: Word, buf: list[str]) -> None:
        """`cmd` inside a word: kept as a substitution, spelt $(cmd) in the word's text."""
        j = _backtick_end(self.s, self.i + 1)
        inner = self.s[self.i + 1:j]
        w.subs.append(inner)
        buf.append(f"$({inner})")
        self.i = j + 1
        w.dynamic = True

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
                self._backtick(w, buf)
            else:
                buf.append(c)
                self.i += 1

    def _splits(self, value: str) -> bool:
        split = any(c in value for c in " \t\n" + _LOOP_SEP + self.env.get("IFS", ""))
        self.split_seen = self.split_seen or split
        return split

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
                w.split = w.split or ((not in_dquote or _LOOP_SEP in self.env[body]) and self._splits(self.env[body]))
            else:
                buf.append("${" + body + "}")
                w.dynamic = True
                w.subs += subs_in(body)
        elif (m := _NAME.match(s, i + 1)) is not None:
            self.i = m.end()
            if m.group() in self.env:
                buf.append(self.env[m.group()])
                w.split = w.split or ((not in_dquote or _LOOP_SEP in self.env[m.group()])
                                      and self._splits(self.env[m.group()]))
            else:
                buf.append("$" + m.group())
                w.dynamic = True
        elif nxt and nxt in "@*123456789" and nxt in self.env:
            buf.append(self.env[nxt])
            self.i = i + 2
            w.split = w.split or (not in_dquote or nxt == "@") and self._splits(self.env[nxt])
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
