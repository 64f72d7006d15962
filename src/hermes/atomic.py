"""Crash-safe file replacement: the new content goes to a temp file in the same directory, is synced,
then renamed over the old one, so a reader (or a restart after a crash) sees the old file or the new
one, never half of either. Memory documents, jobs, config, skills and the file tools all write this way.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def atomic_write(path: Path, data: str | bytes, mode: int | None = None, *, durable: bool = False) -> os.stat_result:
    """Replace `path` with `data` (text is written as UTF-8). The file gets `mode`, else mkstemp's 0600.
    `durable` also syncs the directory, so the rename itself survives a power cut. Returns the new
    file's stat (its inode is the one the rename installs)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
            f.flush()
            os.fsync(f.fileno())
            st = os.fstat(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if durable:
        try:
            dfd = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError:  # some filesystems cannot sync a directory; the data itself is synced
            pass
    return st
