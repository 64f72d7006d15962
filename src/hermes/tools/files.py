"""File tools: read with line numbers, write atomically, exact find/replace with a diff, search.

Relative paths resolve against the session's working directory (the terminal's cwd once a command
ran). Writes go through the approval gate as `cat > PATH`, so protected files (~/.ssh, shell rc
files, Hermes's .env and config.yaml) need the same approval whichever tool touches them; reads
pass the gate as `cat PATH` so known secret files are guarded too.
"""

from __future__ import annotations

import asyncio
import difflib
import fnmatch
import os
import re
import shlex
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, BinaryIO, Literal

from hermes.tools.registry import ToolContext, ToolError, tool

MAX_LINE = 2_000  # characters per line shown by read_file
MAX_READ_CHARS = 45_000  # one read_file result stays under the registry's cut
MAX_SEARCH_BYTES = 5_000_000
MAX_SEARCH_FILES = 50_000
SEARCH_SECONDS = 20.0
SKIP_DIRS = {".git", "node_modules", "__pycache__", ".venv", "venv", ".mypy_cache", ".pytest_cache",
             ".tox", ".hg", ".svn"}
# Credential stores: never searched, and never read without a gate to ask.
PRIVATE_DIRS = {".ssh", ".gnupg", ".aws", ".kube", ".docker", ".password-store"}
_MAGIC = {b"\x89PNG": "PNG image", b"\xff\xd8\xff": "JPEG image", b"GIF8": "GIF image",
          b"%PDF": "PDF document", b"PK\x03\x04": "zip archive", b"\x7fELF": "ELF executable",
          b"\x1f\x8b": "gzip data", b"SQLite format 3": "SQLite database"}


# -- paths and gates ----------------------------------------------------------------------------

async def remote_backend(ctx: ToolContext) -> Any:
    """The session's backend when it is not the host's filesystem (container, remote, sandbox),
    opened if need be; None when the file tools work on the host directly."""
    backend = ctx.state.get("exec")
    if backend is not None:
        return None if getattr(backend, "host_fs", True) else backend
    terminal = getattr(ctx.config, "terminal", None)
    spec = (getattr(terminal, "backends", None) or {}).get(getattr(terminal, "backend", "local"))
    kind = getattr(spec, "type", None) or getattr(terminal, "backend", None) or "local"
    if kind == "local":
        return None
    from hermes.tools.terminal import session_backend

    return await session_backend(ctx)


def session_cwd(ctx: ToolContext) -> str:
    backend = ctx.state.get("exec")
    return getattr(backend, "cwd", None) or ctx.cwd


def resolve(ctx: ToolContext, path: str) -> Path:
    """Absolute path with symlinks resolved, so the gate judges the file really written."""
    if not path or not path.strip():
        raise ToolError("path is empty")
    return Path(session_cwd(ctx), os.path.expanduser(path.strip())).resolve()


def shown(ctx: ToolContext, p: Path) -> str:
    """A path as the model should see it: relative to the session cwd when under it."""
    try:
        return str(p.relative_to(Path(session_cwd(ctx)).resolve()))
    except ValueError:
        return str(p)


def is_private(ctx: ToolContext, p: Path) -> bool:
    if PRIVATE_DIRS.intersection(p.parts):
        return True
    env_file = getattr(ctx.home, "env_file", None)
    return env_file is not None and p == Path(env_file).resolve()


async def approve_write(ctx: ToolContext, p: Path) -> None:
    if ctx.approve is None:
        raise ToolError("no approval gate configured; nothing was written")
    allowed, reason = await ctx.approve(f"cat > {shlex.quote(str(p))}")
    if not allowed:
        raise ToolError(reason or "write denied by the approval gate")


async def approve_read(ctx: ToolContext, p: Path) -> None:
    if ctx.approve is None:
        if is_private(ctx, p):
            raise ToolError(f"{p} holds credentials; not read (no approval gate configured)")
        return
    allowed, reason = await ctx.approve(f"cat {shlex.quote(str(p))}")
    if not allowed:
        raise ToolError(reason or "read denied by the approval gate")


def binary_kind(head: bytes) -> str | None:
    """What a file is if it is not text, judged from its first bytes."""
    for magic, kind in _MAGIC.items():
        if head.startswith(magic):
            return kind
    if b"\0" in head:
        return "binary data"
    control = sum(1 for b in head if b < 32 and b not in b"\t\n\r\f\b\x1b")
    return "binary data" if head and control / len(head) > 0.3 else None


def write_atomic(p: Path, data: bytes) -> None:
    """Temp file in the same directory + fsync + rename; keeps an existing file's permissions."""
    p.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = p.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _missing(ctx: ToolContext, p: Path, given: str) -> ToolError:
    """A missing path, said in the terms the model used, with the path it probably meant: small
    models copy a concrete suggestion, and do something else (create the file) with a vague one."""
    parent = p.parent
    if not parent.is_dir():
        return ToolError(f"{given} does not exist (nor does the directory {shown(ctx, parent)})")
    try:
        names = os.listdir(parent)
    except OSError:
        names = []
    # Case-only differences first: a model asked for "todo.md" rarely guesses "TODO.md" by itself.
    same = [n for n in names if n.lower() == p.name.lower()]
    folded = {n.lower(): n for n in names}
    near = same or [folded[n] for n in difflib.get_close_matches(p.name.lower(), list(folded), n=3, cutoff=0.5)]
    head = os.path.dirname(given)
    paths = [os.path.join(head, n) for n in near]
    if len(paths) == 1:
        return ToolError(f"{given} does not exist. Did you mean {paths[0]}? It is the one similar name there.")
    hint = f" Similar names: {', '.join(paths)}." if paths else ""
    return ToolError(f"{given} does not exist.{hint}")


# -- read ---------------------------------------------------------------------------------------

def _read_lines(p: Path, start: int, limit: int) -> tuple[list[str], int, bool, int]:
    """(numbered lines shown, total lines, any undecodable bytes, size in bytes)."""
    with open(p, "rb") as f:
        return read_lines_from(f, str(p), os.fstat(f.fileno()).st_size, start, limit)


def read_lines_from(f: BinaryIO, label: str, size: int, start: int,
                    limit: int) -> tuple[list[str], int, bool, int]:
    out: list[str] = []
    chars = 0
    bad = False
    total = 0
    head = f.read(8192)
    kind = binary_kind(head)
    if kind:
        raise ToolError(f"{label} is a binary file ({kind}, {size:,} bytes); read_file shows text "
                        "only. Inspect it with terminal (file, xxd | head).")
    f.seek(0)
    for total, raw in enumerate(f, 1):
        if total < start:
            continue
        if len(out) >= limit or chars > MAX_READ_CHARS:
            # Count the rest fast instead of decoding it.
            last = b""
            for chunk in iter(lambda: f.read(1 << 20), b""):
                total += chunk.count(b"\n")
                last = chunk
            total += 1 if last and not last.endswith(b"\n") else 0
            break
        raw = raw.rstrip(b"\r\n")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text, bad = raw.decode("utf-8", errors="replace"), True
        if len(text) > MAX_LINE:
            text = f"{text[:MAX_LINE]} [... {len(text) - MAX_LINE:,} more characters]"
        out.append(text)
        chars += len(text) + 8
    return out, total, bad, size


def format_read(name: str, lines: list[str], total: int, bad: bool, start: int) -> str:
    if total == 0:
        return f"{name} is empty (0 lines)"
    if not lines:
        raise ToolError(f"offset {start} is past the end: {name} has {total} lines")
    end = start + len(lines) - 1
    width = len(str(end))
    head = f"{name} · lines {start}-{end} of {total}"
    if bad:
        head += " · not valid UTF-8: undecodable bytes shown as \ufffd"
    body = "\n".join(f"{n:>{width}}|{text}" for n, text in enumerate(lines, start))
    rest = total - end
    more = f"\n[{rest} more line{'s' if rest > 1 else ''}; read more with offset={end + 1}]" if rest else ""
    return f"{head}\n{body}{more}"


@tool(read_only=True)
async def read_file(ctx: ToolContext, path: str, offset: int = 1, limit: int = 500) -> str:
    """Read a text file with line numbers.

    Args:
        path: File path (relative to the working directory or absolute).
        offset: First line to show (1-based).
        limit: Maximum lines to show.
    """
    if (backend := await remote_backend(ctx)) is not None:
        from hermes.tools import files_remote

        return await files_remote.read_file(ctx, backend, path, offset, limit)
    p, note = resolve(ctx, path), ""
    if not p.exists():
        # One file whose name differs only in letter case is the one meant (as a case-insensitive
        # filesystem would have it); reading is harmless. Anything else stays an error with hints.
        same = _case_only(p)
        if same is None:
            raise _missing(ctx, p, path)
        p, note = same, f"[{path} does not exist; this is {same.name}, the one name that differs only in case]\n"
    if p.is_dir():
        raise ToolError(f"{p} is a directory; list it with search_files(mode=\"files\", path=...)")
    await approve_read(ctx, p)
    start, limit = max(int(offset), 1), min(max(int(limit), 1), 5_000)
    try:
        lines, total, bad, size = await asyncio.to_thread(_read_lines, p, start, limit)
    except OSError as e:
        raise ToolError(f"cannot read {p}: {e.strerror or e}") from None
    return note + format_read(shown(ctx, p), lines, total, bad, start)


def _case_only(p: Path) -> Path | None:
    try:
        names = [n for n in os.listdir(p.parent) if n.lower() == p.name.lower()]
    except OSError:
        return None
    return p.parent / names[0] if len(names) == 1 and (p.parent / names[0]).is_file() else None


# -- write and patch ----------------------------------------------------------------------------

def _lines(text: str) -> int:
    return text.count("\n") + (1 if text and not text.endswith("\n") else 0)


@tool()
async def write_file(ctx: ToolContext, path: str, content: str) -> str:
    """Create or overwrite a file with the full content (parent directories are created).

    Args:
        path: File path.
        content: The complete new content.
    """
    if (backend := await remote_backend(ctx)) is not None:
        from hermes.tools import files_remote

        return await files_remote.write_file(ctx, backend, path, content)
    p = resolve(ctx, path)
    if p.is_dir():
        raise ToolError(f"{p} is a directory")
    await approve_write(ctx, p)
    existed = p.exists()
    data = content.encode("utf-8", errors="surrogateescape")
    if existed and await asyncio.to_thread(_holds, p, data):
        # said plainly: a model that repeats a write it already made learns nothing from "overwrote"
        return f"unchanged: {shown(ctx, p)} already holds exactly this content ({len(data):,} bytes); nothing to do"
    try:
        await asyncio.to_thread(write_atomic, p, data)
    except OSError as e:
        raise ToolError(f"cannot write {p}: {e.strerror or e}") from None
    verb = "overwrote" if existed else "created"
    return f"{verb} {shown(ctx, p)} ({len(data):,} bytes, {_lines(content)} lines)"


def _holds(p: Path, data: bytes) -> bool:
    try:
        return p.stat().st_size == len(data) and p.read_bytes() == data
    except OSError:
        return False


def _closest(text: str, old: str) -> str:
    """Where the file most resembles old_text, so the model can correct its copy."""
    lines = text.splitlines()
    want = old.strip("\n").splitlines()
    if not lines or not want:
        return ""
    k = len(want)
    starts: set[int] = set()
    stripped = [ln.strip() for ln in lines]
    for j, line in enumerate(want[:6]):
        if not line.strip():
            continue
        for match in difflib.get_close_matches(line.strip(), stripped, n=5, cutoff=0.6):
            for i, s in enumerate(stripped):
                if s == match:
                    starts.add(max(i - j, 0))
    if not starts:
        return " No similar text found; read the file and copy old_text exactly."
    target = "\n".join(want)
    best, score = 0, -1.0
    for i in sorted(starts)[:200]:
        r = difflib.SequenceMatcher(None, "\n".join(lines[i:i + k]), target).ratio()
        if r > score:
            best, score = i, r
    hi = min(best + k, len(lines))
    region = "\n".join(f"{n + 1}|{lines[n]}" for n in range(best, hi))
    squash = re.compile(r"\s+")
    note = (" It differs only in whitespace/indentation."
            if squash.sub(" ", "\n".join(lines[best:hi])).strip() == squash.sub(" ", target).strip() else "")
    return f" Closest match near line {best + 1} ({score:.0%} similar):{note}\n{region}"


@tool()
async def patch(ctx: ToolContext, path: str, old_text: str, new_text: str,
                replace_all: bool = False) -> str:
    """Replace exact text in a file and show the diff. old_text must match exactly once unless
    replace_all.

    Args:
        path: File path.
        old_text: Exact text to replace, with enough context to be unique.
        new_text: Replacement text.
        replace_all: Replace every occurrence.
    """
    if (backend := await remote_backend(ctx)) is not None:
        from hermes.tools import files_remote

        return await files_remote.patch(ctx, backend, path, old_text, new_text, replace_all)
    p = resolve(ctx, path)
    if not p.exists():
        raise _missing(ctx, p, path)
    if not p.is_file():
        raise ToolError(f"{p} is not a regular file")
    if not old_text:
        raise ToolError("old_text is empty; use write_file to create or replace a whole file")
    if old_text == new_text:
        raise ToolError("old_text and new_text are identical; nothing to change")
    new, text, n = apply_patch(shown(ctx, p), p.read_bytes(), old_text, new_text, replace_all)
    await approve_write(ctx, p)
    try:
        await asyncio.to_thread(write_atomic, p, new.encode("utf-8", errors="surrogateescape"))
    except OSError as e:
        raise ToolError(f"cannot write {p}: {e.strerror or e}") from None
    return patch_report(shown(ctx, p), text, new, n)


def apply_patch(name: str, raw: bytes, old_text: str, new_text: str,
                replace_all: bool) -> tuple[str, str, int]:
    """(new text, old text, replacements) or a ToolError that helps the model fix old_text."""
    if binary_kind(raw[:8192]):
        raise ToolError(f"{name} is a binary file; patch edits text only")
    text = raw.decode("utf-8", errors="surrogateescape")  # undecodable bytes survive the edit
    if old_text not in text and "\r\n" in text and "\r\n" not in old_text:
        old_text, new_text = old_text.replace("\n", "\r\n"), new_text.replace("\n", "\r\n")
    count = text.count(old_text)
    if count == 0:
        raise ToolError(f"old_text not found in {name}.{_closest(text, old_text)}")
    if count > 1 and not replace_all:
        at = [text.count("\n", 0, m.start()) + 1 for m in re.finditer(re.escape(old_text), text)]
        listed = ", ".join(map(str, at[:30])) + (", ..." if len(at) > 30 else "")
        raise ToolError(f"old_text occurs {count} times in {name} (lines {listed}); add "
                        "surrounding lines to make it unique, or set replace_all=true")
    new = text.replace(old_text, new_text) if replace_all else text.replace(old_text, new_text, 1)
    return new, text, count if replace_all else 1


def patch_report(name: str, text: str, new: str, n: int) -> str:
    diff = "".join(difflib.unified_diff(text.splitlines(True), new.splitlines(True),
                                        f"a/{name}", f"b/{name}", n=2))
    return f"patched {name} ({n} replacement{'s' if n > 1 else ''})\n{diff.rstrip()}"


# -- search -------------------------------------------------------------------------------------

def _git_files(root: Path) -> list[Path] | None:
    """Tracked and untracked-but-not-ignored files under root, or None outside a git work tree."""
    try:
        res = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                             cwd=root, capture_output=True, timeout=20, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if res.returncode != 0:
        return None
    names = res.stdout.decode("utf-8", "surrogateescape").split("\0")
    return [root / n for n in sorted(set(names)) if n]


def _ignore_patterns(root: Path) -> list[str]:
    try:
        lines = (root / ".gitignore").read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith(("#", "!"))]


def _ignored(rel: str, name: str, patterns: list[str]) -> bool:
    for pat in patterns:
        pat = pat.rstrip("/")
        if pat.startswith("/"):
            if fnmatch.fnmatch(rel, pat[1:]):
                return True
        elif fnmatch.fnmatch(name, pat) or fnmatch.fnmatch(rel, pat):
            return True
    return False


def _walk(root: Path, deadline: float) -> list[Path]:
    patterns = _ignore_patterns(root)
    out: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        rel_dir = "" if rel_dir == "." else rel_dir + "/"
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and d not in PRIVATE_DIRS
                             and not _ignored(rel_dir + d, d, patterns))
        out.extend(Path(dirpath, f) for f in sorted(filenames)
                   if not _ignored(rel_dir + f, f, patterns))
        if len(out) >= MAX_SEARCH_FILES or time.monotonic() > deadline:
            break
    return out


def _search(ctx: ToolContext, root: Path, pattern: str, glob: str | None, mode: str,
            limit: int) -> str:
    deadline = time.monotonic() + SEARCH_SECONDS
    if root.is_file():
        files, base = [root], root.parent
    else:
        files, base = _git_files(root), root
        if not files:  # not a repo, or a directory git ignores entirely: the user named it, so walk it
            files = _walk(root, deadline)
    capped = len(files) >= MAX_SEARCH_FILES
    files = [f for f in files[:MAX_SEARCH_FILES] if not is_private(ctx, f)]
    if glob:
        files = [f for f in files if fnmatch.fnmatch(f.name, glob)
                 or fnmatch.fnmatch(str(f.relative_to(base)), glob)]
    hits: list[str] = []
    scanned = 0
    if mode == "files":
        pat = pattern if any(c in pattern for c in "*?[") else f"*{pattern}*"
        for f in files:
            if fnmatch.fnmatch(f.name, pat) or fnmatch.fnmatch(str(f.relative_to(base)), pat):
                hits.append(shown(ctx, f))
                if len(hits) > limit:
                    break
    else:
        try:
            rx = re.compile(pattern)
        except re.error as e:
            raise ToolError(f"invalid regex {pattern!r}: {e}. Escape special characters "
                            "(e.g. \\( or \\.) to search for them literally.") from None
        for f in files:
            if len(hits) > limit or time.monotonic() > deadline:
                capped = capped or time.monotonic() > deadline
                break
            try:
                if not f.is_file() or f.stat().st_size > MAX_SEARCH_BYTES:
                    continue
                data = f.read_bytes()
            except OSError:
                continue
            if binary_kind(data[:8192]):
                continue
            scanned += 1
            name = shown(ctx, f)
            for n, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
                if rx.search(line):
                    text = line.strip()
                    hits.append(f"{name}:{n}: {text[:300]}{' ...' if len(text) > 300 else ''}")
                    if len(hits) > limit:
                        break
    if not hits:
        where = shown(ctx, root)
        return f"no matches for {pattern!r} in {where} ({scanned if mode == 'content' else len(files)} files)"
    out = "\n".join(hits[:limit])
    if len(hits) > limit:
        out += f"\n[results capped at {limit}; narrow the pattern, path or glob]"
    elif capped:
        out += "\n[search stopped early (too many files or too slow); narrow the path or glob]"
    return out


@tool(read_only=True)
async def search_files(ctx: ToolContext, pattern: str, path: str = ".", glob: str | None = None,
                       mode: Literal["content", "files"] = "content", limit: int = 100) -> str:
    """Search file contents by regex (content) or find files by name glob (files). Skips
    .gitignored, binary and huge files.

    Args:
        pattern: Python regex (content) or name glob like "*.py" (files).
        path: Directory or file to search.
        glob: Only files matching this glob, e.g. "*.ts".
        mode: content or files.
        limit: Maximum results.
    """
    if (backend := await remote_backend(ctx)) is not None:
        from hermes.tools import files_remote

        return await files_remote.search_files(ctx, backend, pattern, path, glob, mode, limit)
    root = resolve(ctx, path)
    if not root.exists():
        raise _missing(ctx, root, path)
    if mode not in ("content", "files"):
        raise ToolError("mode must be 'content' or 'files'")
    limit = min(max(int(limit), 1), 1_000)
    return await asyncio.to_thread(_search, ctx, root, pattern, glob, mode, limit)


TOOLS = [read_file, write_file, patch, search_files]
