"""A loopback HTTP proxy that keeps a browser context off private addresses.

Playwright's request routing never sees redirect hops (Chromium follows them itself), so the
address policy is enforced where every connection is made instead: the context's proxy. Each
request (plain http) or tunnel (CONNECT, for https and websockets) has its host resolved here,
every address checked as web_fetch does, and the connection made to the checked address, so a
DNS answer cannot change in between. A refused request gets a 403 answer (a network error for
https) and its reason is kept for the tool result.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Callable

MAX_HEAD = 64 * 1024


async def _open(ip: str, port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """Connect to a checked address (the seam tests use to reach their loopback server)."""
    return await asyncio.open_connection(ip, port)


async def check_host(host: str, port: int) -> tuple[str | None, str]:
    """(refusal reason or None, the address to connect to)."""
    from hermes.tools import web

    bare = host.strip("[]")
    try:
        addrs = [bare] if web._is_ip(bare) else await web._resolve(bare, port)
    except (OSError, UnicodeError) as e:
        return f"could not resolve {bare}: {e}. Check the spelling of the address.", ""
    bad = [a for a in addrs if web.is_blocked_ip(a)]
    if bad or not addrs:
        return (f"refused {bare}: it resolves to a private or internal address ({bad[0] if bad else 'none'}). "
                "Only public web addresses can be opened (tools.web.allow_private permits others)."), ""
    return None, addrs[0]


class GuardProxy:
    def __init__(self, on_refused: Callable[[str, str], None]):
        self.on_refused = on_refused  # (url, reason)
        self.server: asyncio.AbstractServer | None = None
        self.port = 0

    async def start(self) -> "GuardProxy":
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 1)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            writer.close()
            return
        try:
            await self._handle(head, reader, writer)
        except Exception:  # a broken connection on either side ends this one only
            pass
        finally:
            writer.close()

    async def _handle(self, head: bytes, reader: Any, writer: Any) -> None:
        lines = head.decode("latin-1").split("\r\n")
        method, target, version = (lines[0].split(" ", 2) + ["", ""])[:3]
        if method == "CONNECT":
            host, _, port_s = target.rpartition(":")
            port, url, rest = int(port_s or 443), f"https://{target}/", b""
        else:
            from urllib.parse import urlsplit

            u = urlsplit(target)
            if u.scheme != "http" or not u.hostname:
                self.on_refused(target, f"refused {target}: only http and https URLs can be opened")
                return
            host, port, url = u.hostname, u.port or 80, target
            path = (u.path or "/") + (f"?{u.query}" if u.query else "")
            # origin-form request, one per connection: the next one may go to another host
            headers = [h for h in lines[1:] if h and not h.lower().startswith(("proxy-", "connection:"))]
            rest = "\r\n".join([f"{method} {path} {version}", *headers, "Connection: close", "", ""]).encode("latin-1")
        why, ip = await check_host(host, port)
        if why:
            self.on_refused(url, why)
            # an answer, not a dropped connection: Chromium retries those and its error pages then
            # interrupt the next navigation
            body = b"" if method == "CONNECT" else why.encode()
            writer.write(b"HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\n"
                         b"Connection: close\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
            await writer.drain()
            return
        up_r, up_w = await _open(ip, port)
        try:
            if method == "CONNECT":
                writer.write(b"HTTP/1.1 200 Connection Established\r\n\r\n")
                await writer.drain()
            else:
                up_w.write(rest)
                await up_w.drain()
            # done when the server side is: a client keeping the connection open must not hold it
            upstream = asyncio.ensure_future(_pipe(reader, up_w))
            await _pipe(up_r, writer)
            upstream.cancel()
        finally:
            up_w.close()


async def _pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
    try:
        while chunk := await src.read(65536):
            dst.write(chunk)
            await dst.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        with contextlib.suppress(Exception):
            if dst.can_write_eof():
                dst.write_eof()
