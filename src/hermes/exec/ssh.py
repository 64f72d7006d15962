"""SSH execution backend: a persistent shell on a remote host over one asyncssh connection.

Every command, background process and file transfer of a session shares one connection; a dropped
connection is re-opened once by the next command. Host keys are checked against a known_hosts file
and never accepted automatically. Each command runs in its own exec channel; the remote login
shell is a process-group leader (sshd starts it with setsid), so it reports its pid first and a
separate `kill -- -PGID` stops the whole group on the remote host, whatever the server does with
channel signal requests.
"""

from __future__ import annotations

import asyncio
import posixpath
import re
import shlex
import signal
import stat
from typing import Any, Callable

try:
    import asyncssh
except ImportError as e:  # the factory turns this into BackendUnavailable naming the extra
    raise ImportError("the ssh backend needs asyncssh: pip install 'hermes-recall[ssh]'",
                      name="asyncssh") from e

from hermes.exec.base import BackendUnavailable
from hermes.exec.factory import BackendContext
from hermes.exec.processes import KILL_GRACE
from hermes.exec.shell import ShellSession
from hermes.exec.ssh_connect import connect, load_key
from hermes.exec.specs import SSHSpec

_PGID = re.compile(rb"\x1ehermes-pgid (\d+)\x1e")
_LOST_STATUS = 255  # what `ssh` reports when the connection dies under a command


class _Channel(asyncssh.SSHClientSession):
    """One exec channel: stdout to `feed`; stderr carries only the leader's pid line first."""

    def __init__(self, feed: Callable[[bytes], None], loop: asyncio.AbstractEventLoop,
                 orphans: list[int]):
        self.feed = feed
        self.orphans = orphans
        self.exited = loop.create_future()
        self.eof = loop.create_future()
        self.pgid = loop.create_future()
        self.status: int | None = None
        self.lost = False
        self._err = bytearray()

    def data_received(self, data: bytes, datatype: Any) -> None:
        if datatype != asyncssh.EXTENDED_DATA_STDERR or self.pgid.done():
            self.feed(data)
            return
        self._err += data
        m = _PGID.search(self._err)
        if m:
            self.pgid.set_result(int(m.group(1)))
            rest = self._err[:m.start()] + self._err[m.end():]
        elif len(self._err) > 8192:  # a login script chatting on stderr: give up on the pid
            self.pgid.set_result(None)
            rest = self._err
        else:
            return
        self._err = bytearray()
        if rest:
            self.feed(bytes(rest))

    def exit_status_received(self, status: int) -> None:
        self.status = status
        self._done()

    def exit_signal_received(self, signal_name: str, core_dumped: bool, msg: str,
                             lang: str) -> None:
        self.status = -getattr(signal.Signals, "SIG" + signal_name, signal.SIGTERM).value
        self._done()

    def eof_received(self) -> bool:
        if not self.eof.done():
            self.eof.set_result(None)
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.exited.done():
            self.lost = True
            if exc is not None:
                self.feed(f"\n[ssh connection lost while the command ran: {exc}]\n".encode())
                if self.pgid.done() and self.pgid.result() is not None:
                    self.orphans.append(self.pgid.result())  # may still run on the host
        self.eof_received()
        self._done()
        if not self.pgid.done():
            self.pgid.set_result(None)

    def _done(self) -> None:
        if not self.exited.done():
            self.exited.set_result(None)


class RemoteProc:
    """A command on the remote host, as the shell session and process table drive it."""

    def __init__(self, backend: "SSHBackend", chan: Any, session: _Channel):
        self.backend, self.chan, self.session = backend, chan, session

    @property
    def returncode(self) -> int | None:
        s = self.session
        if s.status is not None:
            return s.status
        return _LOST_STATUS if s.exited.done() else None

    @property
    def exited(self) -> asyncio.Future:
        return self.session.exited

    def _pgid(self) -> int | None:
        f = self.session.pgid
        return f.result() if f.done() else None

    def signal_group(self, sig: int) -> bool:
        pgid = self._pgid()
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # interpreter exit: no loop to talk over; closing is all we can do
            pgid = None
        if pgid is None:
            try:
                self.chan.close()
            except Exception:  # best effort by contract
                pass
            return False
        self.backend.background_kill(pgid, sig)
        return True

    async def kill_group(self, grace: float = KILL_GRACE) -> None:
        if self.returncode is not None:
            return
        try:
            pgid = await asyncio.wait_for(asyncio.shield(self.session.pgid), 5)
        except asyncio.TimeoutError:
            pgid = None
        if pgid is None:
            self.chan.close()
            return
        for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 5.0)):
            await self.backend.remote_kill(pgid, sig)
            try:
                await asyncio.wait_for(asyncio.shield(self.exited), wait)
                return
            except asyncio.TimeoutError:
                pass
        self.chan.close()

    async def drain(self, timeout: float) -> None:
        try:
            await asyncio.wait_for(asyncio.shield(self.session.eof), timeout)
        except asyncio.TimeoutError:
            pass

    def close(self) -> None:
        # Children left running by an exited leader hold the channel open: stop their group.
        pgid = self._pgid()
        if pgid is not None and not self.session.eof.done() and not self.session.lost:
            try:
                self.backend.background_kill(pgid, signal.SIGKILL)
            except RuntimeError:
                pass
        self.chan.close()


class SSHBackend(ShellSession):
    kind = "ssh"
    host_fs = False

    def __init__(self, spec: SSHSpec, ctx: BackendContext):
        super().__init__(self._spawn_channel, start_dir="/", shell=spec.shell)
        self.spec, self.ctx = spec, ctx
        self.target = f"{spec.user + '@' if spec.user else ''}{spec.host}:{spec.port}"
        self._conn: Any = None
        self._sftp: Any = None
        self._lock = asyncio.Lock()
        self._keys: list[Any] | None = None
        self._made_workdir: str | None = None
        self._tasks: set[asyncio.Task] = set()
        self._direct = False  # the remote login shell is `spec.shell` itself
        self._orphans: list[int] = []  # groups whose channel died with a connection

    @classmethod
    async def open(cls, spec: SSHSpec, ctx: BackendContext) -> "SSHBackend":
        self = cls(spec, ctx)
        self._keys = load_key(spec.key_path)
        conn = await self.connection()
        try:
            if spec.shell in ("bash", "/bin/bash", "/usr/bin/bash"):
                probe = await asyncio.wait_for(conn.run('echo "${BASH_VERSION:+bash}"'),
                                               spec.connect_timeout)
                self._direct = str(probe.stdout).strip().endswith("bash")
            await self._prepare_workdir()
        except (asyncssh.Error, OSError, asyncio.TimeoutError) as e:
            await self._disconnect()
            raise BackendUnavailable(f"ssh {self.target}: {type(e).__name__}: {e}") from None
        except BaseException:
            await self._disconnect()
            raise
        return self

    # -- connection -----------------------------------------------------------------------------

    async def connection(self) -> Any:
        """The session's connection, opened again if it dropped."""
        async with self._lock:
            if self._conn is None or self._conn.is_closed():
                self._sftp = None
                self._conn = await connect(self.spec, self._keys)
                reconnected = bool(self._orphans)
            else:
                reconnected = False
        if reconnected:  # commands cut off with the old connection: stop what is left of them
            orphans, self._orphans[:] = list(self._orphans), []
            for pgid in orphans:
                self.background_kill(pgid, signal.SIGKILL)
        return self._conn

    async def _disconnect(self) -> None:
        conn, self._conn, self._sftp = self._conn, None, None
        if conn is not None:
            conn.close()
            try:
                await asyncio.wait_for(conn.wait_closed(), 5)
            except (asyncio.TimeoutError, OSError, asyncssh.Error):
                pass

    async def _spawn_channel(self, argv: list[str], feed: Callable[[bytes], None]) -> RemoteProc:
        # The login shell is the group leader: it names itself on stderr, then becomes the command.
        pid = "printf '\\036hermes-pgid %s\\036' \"$$\" >&2; "
        if self._direct and len(argv) == 3 and argv[:2] == [self.shell, "-c"]:
            # The login shell is that shell already: run the script in it, saving an exec.
            command = f"{pid}exec </dev/null 2>&1; {argv[2]}"
        else:
            command = f"{pid}exec {shlex.join(argv)} </dev/null 2>&1"
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            conn = await self.connection()
            try:
                chan, session = await asyncio.wait_for(
                    conn.create_session(lambda: _Channel(feed, loop, self._orphans), command,
                                        encoding=None),
                    self.spec.connect_timeout)
                return RemoteProc(self, chan, session)
            except asyncssh.ChannelOpenError as e:
                if not conn.is_closed():
                    raise BackendUnavailable(
                        f"ssh {self.target} refused a new channel ({e.reason}); the server limits "
                        f"sessions per connection (sshd MaxSessions, default 10): stop some "
                        f"background processes or raise MaxSessions") from None
                err: Exception = e
            except (asyncssh.Error, OSError, asyncio.TimeoutError) as e:
                err = e
            if conn is self._conn:
                await self._disconnect()  # half-dead: force a fresh connection
        raise BackendUnavailable(f"ssh {self.target}: connection lost and could not be "
                                 f"re-established ({type(err).__name__}: {err})")

    async def remote_kill(self, pgid: int, sig: int) -> None:
        try:
            await self._raw(f"kill -{int(sig)} -- -{int(pgid)} 2>/dev/null", timeout=10)
        except (BackendUnavailable, TimeoutError, OSError, asyncssh.Error):
            pass  # the host is out of reach: nothing more can be done from here

    def background_kill(self, pgid: int, sig: int) -> None:
        task = asyncio.get_running_loop().create_task(self.remote_kill(pgid, sig))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- workspace ------------------------------------------------------------------------------

    async def _prepare_workdir(self) -> None:
        wd = self.spec.workdir
        if wd:
            where = _remote_path(wd)
            script = f"mkdir -p {where} && cd {where} && pwd"
        else:
            prefix = re.sub(r"[^A-Za-z0-9_.-]", "", self.ctx.session_id)[:40] or "session"
            script = ('mkdir -p "$HOME/hermes-workspaces" && '
                      f'mktemp -d "$HOME/hermes-workspaces/{prefix}-XXXXXX"')
        out, code = await self._raw(script, timeout=self.spec.connect_timeout + 15)
        text = out.decode("utf-8", "replace").strip()
        path = text.splitlines()[-1] if text else ""  # after anything login scripts printed
        if code != 0 or not path.startswith("/"):
            hint = f" (is {self.spec.shell!r} installed there?)" if code == 127 else ""
            raise BackendUnavailable(f"ssh {self.target}: could not prepare the working directory"
                                     f"{hint}: {text[-500:] or f'exit {code}'}")
        self.start_dir = self.cwd = path
        if not wd:
            self._made_workdir = path

    async def close(self) -> None:
        if self._closed:
            return
        await super().close()
        if self._made_workdir and not self.spec.keep_workspace:
            try:
                await self._raw(f"rm -rf {shlex.quote(self._made_workdir)}", timeout=15)
            except Exception:  # the host may be gone; nothing else to clean
                pass
        for task in list(self._tasks):
            await asyncio.wait([task], timeout=5)
        await self._disconnect()

    # -- files over SFTP ------------------------------------------------------------------------

    async def _sftp_call(self, op: Callable[[Any], Any]) -> Any:
        for attempt in (1, 2):
            conn = await self.connection()
            try:
                if self._sftp is None:
                    self._sftp = await conn.start_sftp_client()
                return await op(self._sftp)
            except (asyncssh.ConnectionLost, asyncssh.DisconnectError, asyncssh.SFTPConnectionLost,
                    ConnectionError) as e:
                if attempt == 2:
                    raise BackendUnavailable(f"ssh {self.target}: connection lost: {e}") from None
                await self._disconnect()

    async def read_bytes(self, path: str, *, max_bytes: int = 10_000_000) -> bytes:
        self._check_open()
        where = self.abspath(path)

        async def op(sftp: Any) -> bytes:
            try:
                attrs = await sftp.stat(where)
                if stat.S_ISDIR(attrs.permissions or 0):
                    raise IsADirectoryError(f"{where} is a directory")
                if (attrs.size or 0) > max_bytes:
                    raise ValueError(f"{where} is {attrs.size:,} bytes (limit {max_bytes:,})")
                async with sftp.open(where, "rb") as f:
                    data = await f.read(max_bytes + 1)
            except asyncssh.SFTPError as e:
                raise _os_error(e, where, "read") from None
            if len(data) > max_bytes:  # grew since the stat
                raise ValueError(f"{where} is more than {max_bytes:,} bytes")
            return data

        return await self._sftp_call(op)

    async def write_bytes(self, path: str, data: bytes) -> None:
        """Atomic: written to a temp file beside the target, then renamed over it."""
        self._check_open()
        target = self.abspath(path)
        parent = posixpath.dirname(target) or "/"
        tmp = posixpath.join(parent, f".{posixpath.basename(target)}.hermes-{self.nonce}")

        async def op(sftp: Any) -> None:
            try:
                await sftp.makedirs(parent, exist_ok=True)
                try:  # keep the mode of a file being replaced
                    mode = (await sftp.stat(target)).permissions
                except asyncssh.SFTPNoSuchFile:
                    mode = None
                if mode is not None and stat.S_ISDIR(mode):
                    raise IsADirectoryError(f"{target} is a directory")
                attrs = asyncssh.SFTPAttrs(permissions=stat.S_IMODE(mode)) if mode else None
                try:
                    async with sftp.open(tmp, "wb", attrs or asyncssh.SFTPAttrs()) as f:
                        await f.write(data)
                    await _rename(sftp, tmp, target)
                except BaseException:
                    try:
                        await sftp.remove(tmp)
                    except (asyncssh.SFTPError, asyncssh.Error, OSError):
                        pass
                    raise
            except asyncssh.SFTPError as e:
                raise _os_error(e, target, "write") from None

        await self._sftp_call(op)


# -- helpers ------------------------------------------------------------------------------------

async def _rename(sftp: Any, src: str, dst: str) -> None:
    try:
        await sftp.posix_rename(src, dst)  # replaces dst atomically (OpenSSH extension)
    except asyncssh.SFTPOpUnsupported:
        await sftp.rename(src, dst, flags=0x1)  # SFTPv5+ overwrite flag


def _os_error(e: Any, path: str, what: str) -> Exception:
    if isinstance(e, asyncssh.SFTPConnectionLost):
        return e  # the caller reconnects
    if isinstance(e, asyncssh.SFTPNoSuchFile):
        return FileNotFoundError(f"{path} does not exist")
    if isinstance(e, asyncssh.SFTPPermissionDenied):
        return PermissionError(f"permission denied: could not {what} {path}")
    return OSError(f"could not {what} {path}: {e.reason}")


def _remote_path(path: str) -> str:
    """Shell-quoted, with a leading ~ meaning the remote home."""
    if path == "~":
        return '"$HOME"'
    if path.startswith("~/"):
        return '"$HOME"/' + shlex.quote(path[2:])
    return shlex.quote(path)
