"""Command checks: using up the machine's disk, memory, processes or CPU.

Four families, each judged where its shape shows:
- filling the disk: an endless stream (yes, /dev/zero, /dev/urandom, dd without count=) written to a
  file with nothing bounding it (head -c, count=, timeout), and 10 GiB or more allocated or written at
  once (fallocate, dd count=, mkfile, openssl rand). `truncate -s` makes a sparse file: ordinary;
- piling up processes: a loop that never ends, or turns a thousand times or more, starting a job in
  the background each turn; inline code starting processes inside an endless repeat;
- runaway loops: an endless loop that never waits (no sleep, read, wait, break), or one that copies
  trees or digs ever deeper folders, and `watch` doing that faster than once a second;
- load generators: stress and stress-ng without a time limit or with most of the memory; inline code
  keeping 10 MB or more each turn of a loop or timer (endless iterators such as iter(int, 1) count).
The bounded or waiting version of each (head -c 32, count=100, sleep 5, --timeout 60s) is ordinary.
"""

from __future__ import annotations

import re

from hermes.tools.approval_base import option_value
from hermes.tools.normalize import Segment, Word, Wrap, cmd_name, match_paren, parse

_Stage = tuple[Segment, list[Word], Wrap]

_BIG = 10 * 1024 ** 3  # a file this size is a disk filled, not a test fixture
_MANY = 1000  # loop turns that make background jobs a flood
_DEVICES = frozenset("/dev/zero /dev/urandom /dev/random /dev/full".split())
# Where an endless stream is thrown away or shown, not stored.
_DISCARD = re.compile(r"^(?:/dev/(?:null|stdout|stderr|tty)|/dev/fd/\d+|&\d|-)$")
# Stages that pass a stream on as it comes (so an endless input stays endless).
_PASS = frozenset("cat tr base64 base32 basenc od xxd hexdump hd gzip bzip2 xz zstd lz4 pigz tee pv fold sed awk "
                  "gawk cut rev strings grep nl dd openssl gpg sort uniq tac".split())
# Programs that read a file to its end: given an endless device they never stop.
_DRAINERS = _PASS | frozenset("md5sum sha1sum sha256sum sha512sum b2sum cksum wc tail".split())
_UNITS = "kmgtpe"


def _bytes(text: str) -> int | None:
    """A size as dd, head, fallocate and mkfile write it: 10G, 1.5GiB, 512k, 4M, 100 (bytes or blocks)."""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)(?:e(\d+))?([kmgtpe]?)(i?b?)", text.strip().lower())
    if not m:
        return None
    n = float(m.group(1)) * 10 ** int(m.group(2) or 0)
    if m.group(3):
        return int(n * (1000 if m.group(4) == "b" else 1024) ** (_UNITS.index(m.group(3)) + 1))
    return int(n * (512 if m.group(4) == "b" else 1))  # a bare b is dd's and mkfile's 512-byte block


def _dd(args: list[str]) -> tuple[str | None, str | None, int | None]:
    """(if=, of=, bytes written or None when unbounded)."""
    kv = dict(a.split("=", 1) for a in args if "=" in a)
    count = kv.get("count")
    if count is None:
        return kv.get("if"), kv.get("of"), None
    size = _bytes(kv.get("obs") or kv.get("bs") or kv.get("ibs") or "512")
    n = _bytes(count)
    return kv.get("if"), kv.get("of"), (size or 512) * (n if n is not None else 1)


def _regular(path: str | None) -> bool:
    """A file on a filesystem (tmpfs in /dev/shm counts: it fills memory)."""
    return bool(path) and not _DISCARD.match(path or "") and (
        not path.startswith("/dev/") or path.startswith("/dev/shm/"))


# ---------------------------------------------------------------- one command, one pipeline

def _endless(seg: Segment, name: str, args: list[str]) -> bool:
    """The stage prints without end (or 10 GiB or more)."""
    if name == "yes":
        return True
    devices = _reads_device(seg, args)
    if name == "dd":
        src, dest, size = _dd(args)
        return src in _DEVICES and dest is None and (size is None or size >= _BIG)
    if name == "head":
        n = _bytes(option_value(args, ("-c", "--bytes")) or "0")
        return devices and n is not None and n >= _BIG
    if name == "openssl":
        return args[:1] == ["rand"] and any((_bytes(a) or 0) >= _BIG for a in args[1:] if a.isdigit())
    if name == "shuf":
        return ("-r" in args or "--repeat" in args) and option_value(args, ("-n", "--head-count")) is None
    if name == "seq":
        return any(a.lower() in ("inf", "infinity") for a in args)
    return devices and name in _PASS


def _sink(seg: Segment, name: str, args: list[str]) -> bool:
    """The last stage stores what it gets in a file."""
    if any(op in (">", ">>", ">|", "&>", "&>>") and _regular(t) for op, t in seg.redirects):
        return True
    if name == "tee":
        return any(_regular(a) for a in args if not a.startswith("-"))
    if name == "dd":
        _, dest, size = _dd(args)
        return _regular(dest) and (size is None or size >= _BIG)
    return False


def _bounded(name: str, args: list[str], wrap: Wrap) -> bool:
    """A later stage that stops the stream: head -c 1M, dd count=, anything that is not a filter."""
    if "timeout" in wrap.names:
        return True
    if name == "head":
        n = _bytes(option_value(args, ("-c", "--bytes")) or "0")
        return n is None or n < _BIG
    if name == "dd":
        return _dd(args)[2] is not None
    return name not in _PASS


def _size_rules(name: str, args: list[str]) -> bool:
    """A single command that writes or allocates 10 GiB or more, or a device's endless stream, to a file."""
    ops = [a for a in args if not a.startswith("-")]
    if name == "dd":
        src, dest, size = _dd(args)
        return src in _DEVICES and _regular(dest) and (size is None or (size >= _BIG and not _swap([dest], size)))
    if name == "fallocate":
        size = _bytes(option_value(args, ("-l", "--length")) or "0") or 0
        holes = any(a in ("-d", "--dig-holes", "-p", "--punch-hole", "-c", "--collapse-range", "-i",
                          "--insert-range") for a in args)
        return size >= _BIG and not holes and not _swap(ops, size)
    if name in ("mkfile", "xfs_mkfile"):
        sizes = [_bytes(o) or 0 for o in ops[:1]]
        return "-n" not in args and bool(sizes) and sizes[0] >= _BIG  # -n: blocks allocated only when written
    if name == "cp":
        return any(o in _DEVICES for o in ops[:-1]) and _regular(ops[-1] if ops else None)
    if name == "openssl":  # openssl rand -out f 50000000000: 50 GB of random bytes
        return args[:1] == ["rand"] and any(a.isdigit() and int(a) >= _BIG for a in args[1:])
    return False


def _swap(paths: list[str | None], size: int) -> bool:
    """A swap file of a size machines use (an 8-32 GiB /swapfile is set-up, not a disk filled)."""
    return size < 64 * 1024 ** 3 and any("swap" in (p or "").rsplit("/", 1)[-1].lower() for p in paths)


def _stress(name: str, args: list[str], wrap: Wrap) -> bool:
    """stress / stress-ng that runs until killed, or takes (nearly) all the memory."""
    if any(a in ("--help", "-h", "--version", "-V", "--list", "--class") or a.startswith("--class=") for a in args):
        return False
    for k, a in enumerate(args):
        value = a.split("=", 1)[1] if "=" in a else (args[k + 1] if k + 1 < len(args) else "")
        if re.fullmatch(r"--\w+-bytes(?:=.*)?", a) and (m := re.fullmatch(r"(\d+)%", value)) and int(m.group(1)) >= 90:
            return True
    timeout = option_value(args, ("-t", "--timeout"))
    bounded = "timeout" in wrap.names or any(re.fullmatch(r"--[\w-]*ops(?:=.*)?", a) for a in args)
    if timeout is not None:
        return re.fullmatch(r"0+[smhdy]?", timeout) is not None
    return not bounded


def _watch(args: list[str]) -> bool:
    """watch running a growing command (tree copies, ever deeper folders) faster than once a second, or
    into a new name each time."""
    k, interval = 0, 2.0
    while k < len(args) and args[k].startswith("-"):
        a = args[k]
        value = args[k + 1] if a in ("-n", "--interval") and k + 1 < len(args) else (
            a.split("=", 1)[1] if a.startswith("--interval=") else a[2:] if a.startswith("-n") else None)
        if value is not None and (m := re.fullmatch(r"\d*[.,]?\d+", value)):
            interval = float(m.group().replace(",", "."))
        k += 2 if a in ("-n", "--interval") else 1
    inner = [[w.text for w in seg.words] for seg in parse(" ".join(args[k:]))] if k < len(args) else []
    grows, fresh = _growth(inner)
    return grows and (interval < 1 or fresh)


# Programs judged on their own (sizes, time limits, intervals, endless devices read whole).
_ALONE = frozenset("dd fallocate mkfile xfs_mkfile cp openssl stress stress-ng watch sysbench tail sort tac".split())
_SOURCES = _DRAINERS | {"yes", "head", "shuf", "seq"}


def stage_rules(stages: list[_Stage]) -> list[str]:
    """Resource rules over one pipeline (its redirects, wrappers and background `&` included)."""
    first = cmd_name(stages[0][1][0].text) if stages[0][1] else ""
    if len(stages) == 1 and first not in _SOURCES and first not in _ALONE:
        return []  # the usual case, decided without building anything
    names = [first] + [cmd_name(words[0].text) if words else "" for _, words, _ in stages[1:]]
    if first not in _SOURCES and _ALONE.isdisjoint(names):
        return []
    argvs = [[w.text for w in words] for _, words, _ in stages]
    for (seg, _, wrap), name, argv in zip(stages, names, argvs):
        args = argv[1:]
        if name not in _ALONE:
            continue
        if _size_rules(name, args) or (name in ("stress", "stress-ng") and _stress(name, args, wrap)) or (
                name == "watch" and _watch(args)) or (name == "sysbench" and "--time=0" in args) or (
                name in ("tail", "sort", "tac") and any(a in _DEVICES for a in args)):
            return ["resource_exhaust"]
    seg0, _, wrap0 = stages[0]
    if not argvs[0] or "timeout" in wrap0.names:
        return []
    endless = _endless(seg0, names[0], argvs[0][1:])
    drains = names[0] in _DRAINERS and _reads_device(seg0, argvs[0][1:]) and not (
        names[0] == "dd" and _dd(argvs[0][1:])[2] is not None)
    if not (endless or drains) or any(_bounded(n, a[1:], w) for (_, _, w), n, a in
                                      zip(stages[1:], names[1:], argvs[1:])):
        return []
    last, lname, largs = stages[-1][0], names[-1], argvs[-1][1:]
    if (endless and _sink(last, lname, largs)) or last.op == "&":
        return ["resource_exhaust"]  # the disk fills, or a core spins in the background until killed
    return []


def _reads_device(seg: Segment, args: list[str]) -> bool:
    return any(a.removeprefix("if=") in _DEVICES for a in args) or any(
        op == "<" and t in _DEVICES for op, t in seg.redirects)


# ---------------------------------------------------------------- shell loops

_HEADS = frozenset({"while", "until", "for", "select"})
_LEAD = frozenset({"do", "then", "else", "elif", "if", "{", "}", "!", "time"})
_TRUE = frozenset({"true", ":", "[ 1 ]", "[[ 1 ]]", "1", "/bin/true", "/usr/bin/true", "test 1", "[ true ]"})
_FALSE = frozenset({"false", "/bin/false", "/usr/bin/false", "! true", "! :", "[ 0 ]"})
# Words that make a loop wait or stop each turn.
_WAITS = frozenset("sleep usleep wait read break exit return inotifywait fswatch entr select".split())
_COPIES = frozenset("cp rsync ditto scp".split())
# A name that changes every turn: each copy lands beside the last one.
_FRESH = re.compile(r"\$\{?(?:RANDOM|SRANDOM|EPOCHSECONDS|EPOCHREALTIME|SECONDS|BASHPID)\b|\$\$|\$\(\(|"
                    r"\$\((?:date|uuidgen|mktemp)\b|`(?:date|uuidgen|mktemp)\b")


class _Loop:
    """One while/until/for loop: its header's commands, then its body's (with the operator after each)."""

    def __init__(self, kind: str, head: list[str]) -> None:
        self.kind, self.head, self.body_on = kind, [head], False
        self.body: list[tuple[str, list[str]]] = []  # (operator after the command, its words)
        self.texts: list[str] = []


def _turns(loop: _Loop) -> int | None:
    """How many times a loop turns: None for endless, 0 when unknown."""
    head = loop.head[0]
    most = max((int(n) for n in re.findall(r"\d+", " ".join(loop.texts)) if len(n) < 12), default=0)
    if not head:  # for ((...)) / while ((...)): the arithmetic follows as words of its own
        cond = " ".join(" ".join(h) for h in loop.head[1:]).strip()
        endless = not cond if loop.kind == "for" else cond in ("1", "true")
        return None if endless else most
    text = " ".join(head)
    if loop.kind == "while" and text in _TRUE or loop.kind == "until" and text in _FALSE:
        return None
    if loop.kind == "for" and "in" in head:
        items = head[head.index("in") + 1:]
        return max((_range_size(i) for i in items), default=0) + len(items) - 1
    if loop.kind in ("while", "until") and head[:1] in (["["], ["[["], ["test"]):
        return most  # while [ $i -lt 10000 ]
    return 0


def _range_size(item: str) -> int:
    """{1..5000}, $(seq 1 100000), $(seq 0 2 10000): how many values the item expands to."""
    if m := re.fullmatch(r"\{(-?\d+)\.\.(-?\d+)(?:\.\.(\d+))?\}", item):
        return abs(int(m.group(2)) - int(m.group(1))) // int(m.group(3) or 1) + 1
    if m := re.fullmatch(r"(?:\$\(|`)\s*(?:seq|jot)\s+(?:-\S+\s+)*([\d\s.]+?)\s*(?:\)|`)", item):
        nums = [float(x) for x in m.group(1).split()]
        first, step, last = (1, 1, nums[0]) if len(nums) == 1 else (nums[0], 1, nums[1]) if len(nums) == 2 \
            else (nums[0], nums[1] or 1, nums[2])
        return int(abs(last - first) // abs(step)) + 1 if len(nums) <= 3 else 0
    return 1


def _growth(cmds: list[list[str]]) -> tuple[bool, bool]:
    """(the commands copy trees or dig ever deeper folders, the copy lands under a new name each time)."""
    grows = fresh = False
    names = {cmd_name(c[0]) for c in cmds if c}
    for c in cmds:
        if c and cmd_name(c[0]) in _COPIES and (cmd_name(c[0]) != "cp" or any(
                re.fullmatch(r"-\w*[rRa]\w*|--recursive|--archive", a) for a in c[1:])):
            grows = True
            fresh = fresh or any(_FRESH.search(a) for a in c[-1:])
        elif c and (cmd_name(c[0]) == "mktemp" or cmd_name(c[0]) in ("touch", "mkdir", "fallocate") and any(
                _FRESH.search(a) for a in c[1:])):
            grows = fresh = True  # a new file or folder each turn
    if "mkdir" in names and "cd" in names:
        grows = fresh = True
    return grows, fresh


def _blocks(cmd: list[str]) -> bool:
    """A command that waits for something each turn: a listener, a followed log."""
    name = cmd_name(cmd[0]) if cmd else ""
    return (name in ("nc", "ncat", "netcat") and any(re.fullmatch(r"-\w*l\w*", a) for a in cmd[1:])) or (
        name == "socat" and any("listen" in a.lower() for a in cmd[1:])) or (
        any(a in ("-f", "-F", "--follow") for a in cmd[1:]) and (name in ("tail", "journalctl") or "logs" in cmd))


def _judge_loop(loop: _Loop) -> bool:
    turns = _turns(loop)
    words = [w for _, c in loop.body for w in c]
    background = any(op == "&" for op, _ in loop.body)
    grows, fresh = _growth([c for _, c in loop.body])
    if turns is None:
        waits = bool(_WAITS.intersection(words)) or any(_blocks(c) for _, c in loop.body)
        return (background and "wait" not in words) or not waits or (grows and fresh)
    return turns >= _MANY and (background or grows)


def loop_rules(segs: list[Segment]) -> list[str]:
    """Endless or huge shell loops that start background jobs, never wait, or grow the disk."""
    if not any(s.words and s.words[0].text in ("while", "until", "for", "do") for s in segs):
        return []
    stack: list[_Loop] = []
    for seg in segs:
        words = [w.text for w in seg.words]
        while words and words[0] in _LEAD:
            if words[0] == "do" and stack:
                stack[-1].body_on = True
            words = words[1:]
        if words[:1] == ["done"]:
            if stack:
                loop = stack.pop()
                if _judge_loop(loop):
                    return ["resource_exhaust"]
                for outer in stack:  # a loop put in the background counts as a job of the loop around it
                    outer.body.append((seg.op, ["done"]))
            continue
        if words[:1] and words[0] in _HEADS:
            for outer in stack:
                if outer.body_on:
                    outer.body.append((seg.op, words))
            stack.append(_Loop(words[0], words[1:]))
            stack[-1].texts.append(" ".join(words[1:] + [t for _, t in seg.redirects]))
            continue
        for loop in stack:
            if loop.body_on:
                loop.body.append((seg.op, words))
            elif loop is stack[-1]:
                loop.head.append(words)
                loop.texts.append(" ".join(words + [t for _, t in seg.redirects]))
    return []


# ---------------------------------------------------------------- inline code

# An endless repeat in any language: while(1), while True:, for(;;), loop do, for {, setInterval.
_REPEAT = re.compile(r"\bsetInterval\s*\(|\bwhile\s*\(\s*(?:1|true|!0|!false|\$true)\s*\)|"
                     r"\bwhile\s+(?:True|1|true)\s*:|\bfor\s*\(\s*;\s*;\s*\)|\bloop\s*(?:do\b|\{)|\bfor\s*\{|"
                     r"\bwhile\s+1\b|\b1\s+while\s+1\b|\bwhile\s*\[?\s*true\s*\]?\s*(?:do|;)|"
                     # iterators that never end: count(), cycle(), repeat(x) without a number, iter(int, 1)
                     r"\bfor\s+[\w, ]+\s+in\s+(?:itertools\.|it\.)?(?:count\s*\(\s*\d*\s*\)|cycle\s*\(|"
                     r"repeat\s*\([^(),]*\)|iter\s*\(\s*(?:int|float|str|bool|list|dict|tuple|object|"
                     r"lambda\s*:\s*(?:\d+|True|False|None|['\"][^'\"]*['\"]))\s*,)")
_SPAWNS = re.compile(r"\b(?:spawn\w*|fork|execSync|execFile\w*|exec[lv]p?e?|system|popen|Popen|subprocess|"
                     r"child_process|pcntl_fork|proc_open|shell_exec|passthru|Start-Process|cluster\.fork)\b|"
                     r"\bexec\s*\(\s*['\"`]|\b(?:cp|child_process)\.exec\b|`[^`]+`")
# Starting a process without waiting for it: each turn adds one.
_ASYNC = re.compile(r"\b(?:Popen|spawn(?!Sync)\w*|fork|pcntl_fork|proc_open|Start-Process|posix_spawnp?)\b|"
                    r"&\s*['\"]\s*\)")
# Words that block or end a turn: the loop then waits for something instead of spinning.
_BLOCKS = re.compile(r"sleep|wait|\bread|recv|accept|input|\bjoin\b|select|poll|break|return|\bexit|quit|raise|"
                     r"throw|await|listen|serve|readline|stdin|\bgets\b|\.get\s*\(|getline|setTimeout|\bdie\b|\blast\b")
# A size of 10^10 or more (10**12, 1e10, 2**40, 50000000000) right after an allocation.
_HUGE = re.compile(r"(?:['\"\]]\s*\*|\bx|\b(?:bytearray|bytes|alloc\w*|repeat|Array\w*|zeros|ones|empty|malloc|"
                   r"calloc|range|resize)\s*\()\s*(?:10\s*\*\*\s*(?:1\d|[2-9]\d)|\d+(?:\.\d+)?e\+?(?:1\d|[2-9]\d)\b|"
                   r"2\s*\*\*\s*(?:3[4-9]|[4-9]\d)|\d{11,})")


# An allocation and its size (10**7, 1e9, 1024*1024*100, 1<<30); code that keeps what it allocates.
_ALLOC = re.compile(r"(?:['\"\]]\s*\*|\bx|\b(?:bytearray|bytes|alloc\w*|repeat|Array\w*|zeros|ones|empty|malloc|"
                    r"calloc|randomBytes|randbytes|urandom)\s*\()\s*(\d[\d_.]*(?:e\+?\d+)?(?:\s*(?:\*\*|\*|<<)\s*"
                    r"\d[\d_.]*(?:e\+?\d+)?)*)")
_KEEPS = re.compile(r"\.(?:push|append|extend|concat|add|insert|unshift|put)\s*\(|\+=|\bpush\b|[A-Za-z_\]]\s*<<\s*\S")
_GROWTH = 10 ** 7  # bytes kept a turn (or a second, for a timer): memory is gone in minutes


def _size(expr: str) -> float:
    """The value of a product of numbers (`**` before `*`, `<<` last), inf when it overflows."""
    try:
        total: float | None = None
        for shifted in re.split(r"\s*<<\s*", expr):
            value = 1.0
            for factor in re.split(r"(?<!\*)\*(?!\*)", shifted):
                powers = [float(p.strip().replace("_", "")) for p in factor.split("**")]
                for base in reversed(powers[:-1]):
                    powers[-1] = base ** min(powers[-1], 400.0)
                value *= powers[-1]
            total = value if total is None else total * 2.0 ** min(value, 400.0)
        return total or 0.0
    except (ValueError, OverflowError):
        return float("inf")


def _grows(body: str, per_second: float = 1.0) -> bool:  # 10 MB or more kept a turn (or a second)
    return bool(_KEEPS.search(body)) and any(_size(m.group(1)) * per_second >= _GROWTH for m in _ALLOC.finditer(body))


def _interval(code: str, start: int) -> float:
    """The period of setInterval(fn, ms) opening at code[start] ('(')."""
    region = code[start + 1:match_paren(code, start)]
    m = re.search(r",\s*([\d_.]+(?:e\d+)?)\s*$", region)
    try:
        return float(m.group(1).replace("_", "")) if m else 0.0
    except ValueError:
        return 0.0


def code_rules(code: str) -> list[str]:
    """Inline code that piles up processes, spins forever, allocates 10 GB or more at once or keeps
    allocating in a loop or timer."""
    if _HUGE.search(code):
        return ["resource_exhaust"]
    for m in _REPEAT.finditer(code):
        body = code[m.end():m.end() + 400]
        piles = (_ASYNC.search(body) or ("child_process" in code and re.search(r"\bexec\s*\(", body))) and \
            not re.search(r"wait|join|communicate", body)
        if m.group().startswith("setInterval"):
            period = _interval(code, m.end() - 1)
            if (_SPAWNS.search(body) and period < 1000) or _grows(body, 1000 / max(period, 1.0)):
                return ["resource_exhaust"]
            continue
        if code[:m.start()].rstrip().endswith("}") and "while" in m.group():
            continue  # the tail of do { ... } while (1): its body came before
        if piles or not _BLOCKS.search(body) or _grows(body):
            return ["resource_exhaust"]
    return []
