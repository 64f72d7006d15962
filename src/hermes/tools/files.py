"""File tools: read with line numbers, write atomically, exact find/replace with a diff, search.

Relative paths resolve against the session's working directory (the terminal's cwd once a command
ran). Writes go through the approval gate as `cat > PATH`, so protected files (~/.ssh, shell rc
files, Hermes's .env and config.yaml) need the same approval whichever tool touches them; reads
pass the gate as `cat PATH` so known secret files are guarded too.

This module holds read_file and the tool list; write_file and patch are in files_patch.py,
search_files in files_search.py, the path and gate helpers they share in files_base.py, and the
same tools on a container, remote host or sandbox in files_remote.py.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import BinaryIO

# Re-exported: callers (files_remote, core.scope, tests) import these from here.
from hermes.tools.files_base import (PRIVATE_DIRS, approve_read, approve_write, binary_kind,  # noqa: F401
                                     is_private, missing, remote_backend, resolve, session_cwd, shown)
from hermes.tools.files_patch import apply_patch, patch, patch_report, write_atomic, write_file  # noqa: F401
from hermes.tools.files_search import (MAX_SEARCH_BYTES, MAX_SEARCH_FILES, SEARCH_SECONDS,  # noqa: F401
                                       SKIP_DIRS, search_files)
from hermes.tools.registry import ToolContext, ToolError, tool

MAX_LINE = 2_000  # characters per line shown by read_file
MAX_READ_CHARS = 45_000  # one read_file result stays under the registry's cut


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
            raise missing(ctx, p, path)
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


TOOLS = [read_file, write_file, patch, search_files]
