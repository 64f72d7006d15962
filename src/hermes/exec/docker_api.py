"""The Docker Engine API over its unix socket, for the one call made per command: exec.

`docker exec` costs a CLI process start (tens of milliseconds of Go runtime) on top of the daemon's
own work; talking to the daemon's socket directly skips that. Only exec goes this way; everything
else (run, rm, inspect, pull) stays on the CLI, which is also the fallback when the daemon is not
on a local unix socket (a remote DOCKER_HOST, Podman without its service).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import struct
from typing import Callable
from urllib.parse import quote

from hermes.exec.processes import KILL_GRACE


def socket_path(engine_args: list[str], env: dict[str, str] | None = None) -> str | None:
    """The daemon's unix socket from `--host`/`-H` or DOCKER_HOST, else the default one."""
    host = None
    for i, arg in enumerate(engine_args):
        if arg in ("--host", "-H") and i + 1 < len(engine_args):
            host = engine_args[i + 1]
        elif arg.startswith("--host="):
            host = arg.split("=", 1)[1]
    if any(a == "--context" or a.startswith("--context=") or a == "-c" for a in engine_args):
        return None  # a named context may point anywhere: leave it to the CLI
    host = host or (env if env is not None else os.environ).get("DOCKER_HOST")
    if host is None:
        path = "/var/run/docker.sock"
    elif host.startswith("unix://"):
        path = host[len("unix://"):]
    else:
        return None
    return path if os.path.exists(path) else None


class DockerAPI:
    def __init__(self, path: str):
        self.path = path

    async def _open(self, method: str, url: str, body: dict | None,
                    extra: str = "") -> tuple[asyncio.StreamReader, asyncio.StreamWriter, int, dict]:
        reader, writer = await asyncio.open_unix_connection(self.path, limit=1 << 20)
        data = json.dumps(body).encode() if body is not None else b""
        head = (f"{method} {url} HTTP/1.1\r\nHost: docker\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(data)}\r\n{extra}\r\n")
        writer.write(head.encode() + data)
        await writer.drain()
        status_line = await reader.readline()
        parts = status_line.split()
        if len(parts) < 2:
            writer.close()
            raise OSError("the Docker daemon closed the connection")
        headers: dict[str, str] = {}
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            k, _, v = line.decode("latin-1").partition(":")
            headers[k.strip().lower()] = v.strip()
        return reader, writer, int(parts[1]), headers

    async def call(self, method: str, url: str, body: dict | None = None) -> tuple[int, bytes]:
        reader, writer, status, headers = await self._open(method, url, body, "Connection: close\r\n")
        try:
            if "content-length" in headers:
                payload = await reader.readexactly(int(headers["content-length"]))
            elif headers.get("transfer-encoding") == "chunked":
                payload = b""
                while True:
                    size = int((await reader.readline()).strip() or b"0", 16)
                    if size == 0:
                        break
                    payload += await reader.readexactly(size)
                    await reader.readline()
            else:
                payload = await reader.read()
        finally:
            writer.close()
        return status, payload

    async def exec(self, container: str, argv: list[str], feed: Callable[[bytes], None]) -> "APIExec":
        status, body = await self.call("POST", f"/containers/{quote(container)}/exec",
                                       {"AttachStdout": True, "AttachStderr": True, "Cmd": argv})
        if status != 201:
            raise OSError(f"exec create failed ({status}): {body.decode('utf-8', 'replace')[:300]}")
        exec_id = json.loads(body)["Id"]
        reader, writer, status, _ = await self._open(
            "POST", f"/exec/{exec_id}/start", {"Detach": False, "Tty": False},
            "Connection: Upgrade\r\nUpgrade: tcp\r\n")
        if status not in (101, 200):
            writer.close()
            raise OSError(f"exec start failed ({status})")
        return APIExec(self, exec_id, reader, writer, feed)


class APIExec:
    """One exec's multiplexed output stream; exits when the stream ends and the daemon has the
    status. Kills go through `killer` (the backend signals the process group in the container)."""

    killer: Callable[[str], "asyncio.Future | asyncio.Task"] | None = None

    def __init__(self, api: DockerAPI, exec_id: str, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter, feed: Callable[[bytes], None]):
        self.api, self.exec_id, self.writer, self.feed = api, exec_id, writer, feed
        loop = asyncio.get_running_loop()
        self._exited: asyncio.Future = loop.create_future()
        self._code: int | None = None
        self._task = loop.create_task(self._pump(reader))

    async def _pump(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                head = await reader.readexactly(8)
                size = struct.unpack(">I", head[4:])[0]
                if size:
                    self.feed(await reader.readexactly(size))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self.writer.close()
        code = -1
        try:
            status, body = await self.api.call("GET", f"/exec/{self.exec_id}/json")
            if status == 200:
                found = json.loads(body).get("ExitCode")
                code = found if isinstance(found, int) else -1
        except (OSError, ValueError):
            pass
        self._code = code
        if not self._exited.done():
            self._exited.set_result(None)

    @property
    def returncode(self) -> int | None:
        return self._code

    @property
    def exited(self) -> asyncio.Future:
        return self._exited

    def signal_group(self, sig: int) -> bool:
        if self.killer is None:
            return False
        try:
            self.killer(signal.Signals(sig).name[3:])
            return True
        except RuntimeError:  # no running loop (interpreter exit)
            return False

    async def kill_group(self, grace: float = KILL_GRACE) -> None:
        if self._code is not None or self.killer is None:
            return
        await self.killer("TERM")
        try:
            await asyncio.wait_for(asyncio.shield(self._exited), grace)
        except asyncio.TimeoutError:
            pass
        await self.killer("KILL")
        try:
            await asyncio.wait_for(asyncio.shield(self._exited), 5)
        except asyncio.TimeoutError:
            self._task.cancel()
            self.writer.close()

    async def drain(self, timeout: float) -> None:
        return None  # output arrives on the stream before it ends, and it has ended

    def close(self) -> None:
        if not self._task.done() and self._exited.done():
            self._task.cancel()
