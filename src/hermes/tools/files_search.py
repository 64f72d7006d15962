"""The search_files tool on the host: regex over file contents or globs over names, in the files
git tracks (or a walk that honours .gitignore), skipping credential stores, binary and huge files."""

from __future__ import annotations

import asyncio
import fnmatch
import os
import re
import subprocess
import time
from pathlib import Path
from typing import Literal

from hermes.tools.files_base import PRIVATE_DIRS, binary_kind, is_private, missing, remote_backend, resolve, shown
from hermes.tools.registry import ToolContext, ToolError, tool

MAX_SEARCH_BYTES = 5_000_000
MAX_SEARCH_FILES = 50_000
SEARCH_SECONDS = 20.0
SKIP_DIRS = {".git", "node_modules", "__pycache__", ".venv", "venv", ".mypy_cache", ".pytest_cache",
             ".tox", ".hg", ".svn"}


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
        raise missing(ctx, root, path)
    if mode not in ("content", "files"):
        raise ToolError("mode must be 'content' or 'files'")
    limit = min(max(int(limit), 1), 1_000)
    return await asyncio.to_thread(_search, ctx, root, pattern, glob, mode, limit)
