"""The execution backend interface, its result, and helpers every backend shares.

A backend runs shell commands for one session. It remembers the session's working directory (a
`cd` in one call carries into the next), caps output while reading it (a command that prints
100 MB never sits in memory), and can start background processes that the `process` tool manages.
"""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import signal
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Mapping, Protocol, runtime_checkable

if TYPE_CHECKING:
    from hermes.exec.processes import ProcessTable


@dataclass
class ExecResult:
    output: str
    exit_code: int
    timed_out: bool = False
    cancelled: bool = False
    truncated: bool = False
    cwd_after: str = ""
    duration: float = 0.0


@runtime_checkable
class ExecBackend(Protocol):
    cwd: str  # the session's current working directory
    start_dir: str  # where the session started; the fallback when cwd disappears
    processes: "ProcessTable"  # background processes of this session

    async def run(self, command: str, *, cwd: str | None = None, timeout: float = 180.0,
                  env: Mapping[str, str] | None = None, cancel: asyncio.Event | None = None,
                  max_output_chars: int = 50_000) -> ExecResult:
        """Run to completion. `cwd=None` runs in (and updates) the session cwd; an explicit cwd is
        a one-off that leaves the session cwd alone."""
        ...

    async def start_background(self, command: str, *, cwd: str | None = None,
                               env: Mapping[str, str] | None = None) -> str:
        """Start without waiting; returns the id the process table knows it by."""
        ...

    async def read_bytes(self, path: str, *, max_bytes: int = 10_000_000) -> bytes:
        """A file on the backend's filesystem (relative paths against the session cwd).
        FileNotFoundError / IsADirectoryError / ValueError (larger than max_bytes)."""
        ...

    async def write_bytes(self, path: str, data: bytes) -> None:
        """Create or replace a file on the backend, parent directories included."""
        ...

    async def close(self) -> None:
        """Kill background processes and release resources; the backend is unusable after."""
        ...


class Proc(Protocol):
    """One running command as a backend sees it: a local process group, a `docker exec`, an SSH
    channel, a sandbox process. The process table and the shell session drive every backend's
    commands through this."""

    @property
    def returncode(self) -> int | None: ...

    @property
    def exited(self) -> asyncio.Future: ...

    def signal_group(self, sig: int) -> bool:
        """Best-effort, synchronous (used at interpreter exit)."""
        ...

    async def kill_group(self, grace: float = 1.0) -> None:
        """Stop the command and everything it started (SIGTERM, SIGKILL after `grace`)."""
        ...

    async def drain(self, timeout: float) -> None:
        """Wait (at most `timeout`) for the last output to arrive."""
        ...

    def close(self) -> None: ...


class BackendUnavailable(RuntimeError):
    """The configured backend cannot run here (missing CLI, daemon down, host key refused...).
    The message says what to fix; nothing falls back to the host."""


# -- environment --------------------------------------------------------------------------------

# Commands the model runs inherit the user's environment, minus credentials. The point is that
# `env` or `echo $OPENAI_API_KEY` cannot trivially hand Hermes's own provider keys and bot tokens
# to the model (and from there to a transcript or a prompt-injected page). It is not a sandbox: a
# command can still read files the user can read; the approval gate guards the known secret files.
# Tools that need a token of their own (gh, aws) must be given it explicitly (`env=`).
_SECRET_NAME = re.compile(
    r"(_API_KEY|_APIKEY|_TOKEN|_SECRET|_SECRET_KEY|_ACCESS_KEY|_PASSWORD|_PASSWD)$"
    r"|^(HERMES_API_KEY|OPENAI_API_KEY|ANTHROPIC_API_KEY|OPENROUTER_API_KEY|API_SERVER_KEY)$",
    re.IGNORECASE)


def is_secret_name(name: str) -> bool:
    return bool(_SECRET_NAME.search(name))


def scrub_env(base: Mapping[str, str] | None = None, *, extra: Mapping[str, str] | None = None,
              secret_names: Iterable[str] = ()) -> dict[str, str]:
    """The environment for a command: `base` (default os.environ) without secrets, plus `extra`.

    `secret_names` are further names to drop (the keys of HERMES_HOME/.env, whatever they are called).
    """
    drop = set(secret_names)
    env = {k: v for k, v in (os.environ if base is None else base).items()
           if k not in drop and not is_secret_name(k)}
    # Nothing can answer a pager or a prompt: stdin is /dev/null and there is no terminal.
    term = env.get("TERM")
    env.update(NON_INTERACTIVE)
    env["TERM"] = term or "dumb"
    env.update(extra or {})
    return env


# Restores the exported variables of the previous command and saves this command's on exit, so
# `export X=1` carries into the next call as `cd` does. Both are shell builtins (no extra process:
# this runs on every command). Names the shell owns (PWD, SHLVL, read-only ones) come back harmlessly
# or fail silently on restore.


def env_restore(env_file: str) -> str:
    q = shlex.quote(env_file)
    return f"[ -r {q} ] && . {q} >/dev/null 2>&1; "


def env_save(env_file: str) -> str:
    """A command for an EXIT trap (the caller single-quotes it: it contains no single quote)."""
    # Variables that describe this process or connection are dropped first (the shell is exiting):
    # the next command gets its own from the login, not stale ones from a dropped connection.
    return f'unset SSH_CONNECTION SSH_CLIENT SSH_TTY SHLVL 2>/dev/null; export -p > "{env_file}" 2>/dev/null'


def export_lines(env: Mapping[str, str] | None) -> str:
    """`export K=V; ...` for a script: how variables reach a shell on another machine."""
    return "".join(f"export {k}={shlex.quote(v)}; " for k, v in (env or {}).items()
                   if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", k))


# What every command sees whatever the backend: nothing can answer a pager or a prompt.
NON_INTERACTIVE = {"PAGER": "cat", "GIT_PAGER": "cat", "GIT_TERMINAL_PROMPT": "0", "TERM": "dumb"}


# -- output -------------------------------------------------------------------------------------

class CappedOutput:
    """Keeps the first and last bytes of a stream within `limit`, counting what falls between.

    The tail gets the larger share: errors and summaries usually come last.
    """

    def __init__(self, limit: int):
        limit = max(limit, 2)
        self.head_max = max(limit * 2 // 5, 1)
        self.tail_max = limit - self.head_max
        self.head = bytearray()
        self.tail = bytearray()
        self.dropped = 0
        self.total = 0

    def feed(self, data: bytes) -> None:
        self.total += len(data)
        room = self.head_max - len(self.head)
        if room > 0:
            self.head += data[:room]
            data = data[room:]
        if not data:
            return
        if len(data) >= self.tail_max:  # a big chunk replaces the whole tail
            self.dropped += len(self.tail) + len(data) - self.tail_max
            self.tail = bytearray(data[-self.tail_max:])
            return
        self.tail += data
        over = len(self.tail) - self.tail_max
        if over > 0:
            self.dropped += over
            del self.tail[:over]

    @property
    def truncated(self) -> bool:
        return self.dropped > 0

    def text(self) -> str:
        head = self.head.decode("utf-8", errors="replace")
        tail = self.tail.decode("utf-8", errors="replace")
        if self.dropped:
            return f"{head}\n[... {self.dropped:,} bytes of output omitted ...]\n{tail}"
        # Decode once so a character split between head and tail survives.
        return (self.head + self.tail).decode("utf-8", errors="replace")


def exit_status(returncode: int | None) -> int:
    """Shell convention: a process killed by signal N exits 128+N (asyncio reports -N)."""
    if returncode is None:
        return -1
    return 128 - returncode if returncode < 0 else returncode


def signal_name(code: int) -> str:
    try:
        return signal.Signals(code - 128).name if code > 128 else ""
    except ValueError:
        return ""


async def supervise(child: Proc, timeout: float, cancel: asyncio.Event | None, *,
                    sweep: bool = False, grace: float = 1.0) -> tuple[bool, bool]:
    """Wait for a started command until it exits, `timeout` passes or `cancel` is set; kill its
    whole group in the last two cases (and always with `sweep`: `&` children left behind would
    hold the pipe open). Returns (timed_out, cancelled). Nothing is left running, even when the
    caller itself is cancelled."""
    waits: list[asyncio.Future] = [asyncio.shield(child.exited)]
    if cancel is not None:
        waits.append(asyncio.ensure_future(cancel.wait()))
    timed_out = cancelled = False
    try:
        await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if child.returncode is None:
            cancelled = cancel is not None and cancel.is_set()
            timed_out = not cancelled
        if sweep or child.returncode is None:
            await child.kill_group(grace)
        await child.drain(1.0)
    finally:
        for w in waits:
            w.cancel()
        if child.returncode is None:
            child.signal_group(signal.SIGKILL)
        child.close()
    return timed_out, cancelled
