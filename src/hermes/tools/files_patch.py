"""The file tools that change files: write_file (whole content, atomically) and patch (exact
find/replace, reported as a diff). `apply_patch` and `patch_report` are shared with the tools on
other backends (files_remote.py)."""

from __future__ import annotations

import asyncio
import difflib
import os
import re
from pathlib import Path

from hermes.atomic import atomic_write

from hermes.tools.files_base import approve_write, binary_kind, missing, remote_backend, resolve, shown
from hermes.tools.registry import ToolContext, ToolError, tool


def write_atomic(p: Path, data: bytes) -> None:
    """Temp file in the same directory + fsync + rename; keeps an existing file's permissions."""
    try:
        mode = p.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    atomic_write(p, data, mode)


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
        raise missing(ctx, p, path)
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
