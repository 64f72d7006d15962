"""The file tools on a backend other than the host: a container, a remote host, a sandbox.

Paths resolve against the backend's session cwd on the backend's filesystem; bytes move with the
backend's own transfer (SFTP, the SDK, base64 over commands). The approval gate judges the same
`cat PATH` / `cat > PATH` as on the host, so protected paths need the same approval everywhere.
Search runs grep/find on the backend, so nothing is copied over to be searched.
"""

from __future__ import annotations

import io
import posixpath
import shlex
from typing import Any

from hermes.tools.files import (MAX_SEARCH_BYTES, PRIVATE_DIRS, SKIP_DIRS, ToolError, apply_patch,
                                format_read, patch_report, read_lines_from)
from hermes.tools.registry import ToolContext

MAX_REMOTE_READ = 20_000_000


def resolve(backend: Any, path: str) -> str:
    if not path or not path.strip():
        raise ToolError("path is empty")
    p = path.strip()
    if p.startswith("~"):
        raise ToolError("use an absolute path or one relative to the working directory; `~` is "
                        "not expanded on this backend")
    return posixpath.normpath(posixpath.join(backend.cwd, p))


def shown(backend: Any, p: str) -> str:
    cwd = backend.cwd.rstrip("/") + "/"
    return p[len(cwd):] if p.startswith(cwd) else p


async def _gate(ctx: ToolContext, command: str, what: str) -> None:
    if ctx.approve is None:
        if what == "write":
            raise ToolError("no approval gate configured; nothing was written")
        return
    allowed, reason = await ctx.approve(command)
    if not allowed:
        raise ToolError(reason or f"{what} denied by the approval gate")


async def _read(backend: Any, p: str, what: str) -> bytes:
    try:
        return await backend.read_bytes(p, max_bytes=MAX_REMOTE_READ)
    except FileNotFoundError:
        raise ToolError(f"{p} does not exist on the {backend.kind} backend") from None
    except IsADirectoryError:
        raise ToolError(f"{p} is a directory; list it with search_files(mode=\"files\", "
                        f"path=...)") from None
    except (ValueError, OSError, RuntimeError) as e:
        raise ToolError(f"cannot {what} {p}: {e}") from None


async def read_file(ctx: ToolContext, backend: Any, path: str, offset: int, limit: int) -> str:
    p = resolve(backend, path)
    if PRIVATE_DIRS.intersection(p.split("/")) and ctx.approve is None:
        raise ToolError(f"{p} holds credentials; not read (no approval gate configured)")
    await _gate(ctx, f"cat {shlex.quote(p)}", "read")
    data = await _read(backend, p, "read")
    start, limit = max(int(offset), 1), min(max(int(limit), 1), 5_000)
    lines, total, bad, _ = read_lines_from(io.BytesIO(data), p, len(data), start, limit)
    return format_read(shown(backend, p), lines, total, bad, start)


async def write_file(ctx: ToolContext, backend: Any, path: str, content: str) -> str:
    p = resolve(backend, path)
    await _gate(ctx, f"cat > {shlex.quote(p)}", "write")
    data = content.encode("utf-8", errors="surrogateescape")
    try:
        await backend.write_bytes(p, data)
    except (OSError, RuntimeError) as e:
        raise ToolError(f"cannot write {p}: {e}") from None
    lines = content.count("\n") + (1 if content and not content.endswith("\n") else 0)
    return f"wrote {shown(backend, p)} ({len(data):,} bytes, {lines} lines)"


async def patch(ctx: ToolContext, backend: Any, path: str, old_text: str, new_text: str,
                replace_all: bool) -> str:
    p = resolve(backend, path)
    if not old_text:
        raise ToolError("old_text is empty; use write_file to create or replace a whole file")
    if old_text == new_text:
        raise ToolError("old_text and new_text are identical; nothing to change")
    raw = await _read(backend, p, "patch")
    new, text, n = apply_patch(shown(backend, p), raw, old_text, new_text, replace_all)
    await _gate(ctx, f"cat > {shlex.quote(p)}", "write")
    try:
        await backend.write_bytes(p, new.encode("utf-8", errors="surrogateescape"))
    except (OSError, RuntimeError) as e:
        raise ToolError(f"cannot write {p}: {e}") from None
    return patch_report(shown(backend, p), text, new, n)


def _search_command(root: str, pattern: str, glob: str | None, mode: str, limit: int) -> str:
    prune = " -o ".join(f"-name {shlex.quote(d)}" for d in sorted(SKIP_DIRS | PRIVATE_DIRS))
    r = shlex.quote(root)
    if mode == "files":
        pat = pattern if any(c in pattern for c in "*?[") else f"*{pattern}*"
        names = f"-name {shlex.quote(pat)}" + (f" -name {shlex.quote(glob)}" if glob else "")
        return (f"find {r} \\( {prune} \\) -prune -o -type f {names} -print 2>/dev/null "
                f"| head -n {limit + 1}")
    include = f"--include={shlex.quote(glob)} " if glob else ""
    excludes = " ".join(f"--exclude-dir={shlex.quote(d)}" for d in sorted(SKIP_DIRS | PRIVATE_DIRS))
    # -I skips binary files; huge files are skipped by size first.
    return (f"find {r} \\( {prune} \\) -prune -o -type f -size -{MAX_SEARCH_BYTES // 1024}k -print "
            f"2>/dev/null | head -n 50000 | tr '\\n' '\\0' | xargs -0 -r grep -nIHE {include}{excludes} "
            f"-e {shlex.quote(pattern)} 2>/dev/null | head -n {limit + 1}")


async def search_files(ctx: ToolContext, backend: Any, pattern: str, path: str, glob: str | None,
                       mode: str, limit: int) -> str:
    if mode not in ("content", "files"):
        raise ToolError("mode must be 'content' or 'files'")
    root = resolve(backend, path)
    limit = min(max(int(limit), 1), 1_000)
    res = await backend.run(_search_command(root, pattern, glob, mode, limit), cwd="/",
                            timeout=30, max_output_chars=400_000, cancel=ctx.cancel)
    hits = [ln for ln in res.output.splitlines() if ln.strip()]
    if not hits:
        return f"no matches for {pattern!r} in {shown(backend, root)}"
    out = []
    for line in hits[:limit]:
        if mode == "content":
            name, _, rest = line.partition(":")
            num, _, text = rest.partition(":")
            text = text.strip()
            out.append(f"{shown(backend, name)}:{num}: {text[:300]}{' ...' if len(text) > 300 else ''}")
        else:
            out.append(shown(backend, line))
    text = "\n".join(out)
    if len(hits) > limit:
        text += f"\n[results capped at {limit}; narrow the pattern, path or glob]"
    return text
