"""Signal through signal-cli's HTTP daemon, which the user runs and registers or links themselves
(`signal-cli -a +NUMBER daemon --http 127.0.0.1:8080`); Hermes only speaks HTTP to it (httpx).

Inbound: the daemon's Server-Sent Events stream (`GET /api/v1/events?account=`), one JSON envelope
per event. Only data messages count: receipts, typing, stories and the sync copies of what our own
account sent are skipped. The stream is reopened with backoff whenever it drops (a daemon restart,
an upgrade), sending `Last-Event-ID` so a daemon that buffers events replays what was missed; a
replayed envelope keeps its `source:timestamp` id, which the core answers once. Attachments are
copied out of signal-cli's attachments folder into home/gateway/files/signal.

Outbound: JSON-RPC 2.0 on `POST /api/v1/rpc` (`send`, `sendTyping`), always with the `account`
param, so one daemon may serve several numbers. A direct chat is the sender's number (their UUID
when they hide it); a group is "group:<base64 id>". Signal has no edits and no buttons for us.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
import random
import re
import shutil
import time
from pathlib import Path
from typing import Any, Mapping

from hermes.gateway.base import Attachment, Button, Capabilities, Inbound, InboundHandler, PlatformError, Sent

log = logging.getLogger("hermes.gateway.signal")

# The number is not secret, but it names the account: the gateway's per-account lock is built from
# these values, so two gateways can never answer one Signal number while two numbers run side by side.
SECRETS = [("SIGNAL_ACCOUNT", "the phone number signal-cli is registered with (+E.164)")]
OPTIONS = {"url": "signal-cli daemon URL (default http://127.0.0.1:8080)",
           "attachments_dir": "where signal-cli stores received files (default ~/.local/share/signal-cli/attachments)"}
DEFAULT_URL = "http://127.0.0.1:8080"
DEFAULT_ATTACHMENTS = "~/.local/share/signal-cli/attachments"
STREAM_SILENCE = 60.0  # the daemon writes a keep-alive every 15 s: this much silence means a dead stream
MAX_BACKOFF = 30.0
NUMBER = re.compile(r"^\+[1-9][0-9]{5,14}$")

# signal-cli's own JSON-RPC error codes, besides the standard -326xx ones
USER_ERROR, IO_ERROR, UNTRUSTED_KEY, RATE_LIMIT = -1, -3, -4, -5
INTERNAL_ERROR, METHOD_NOT_FOUND = -32603, -32601


def create(section: Any, secrets: Mapping[str, str], home: Path) -> "SignalAdapter":
    account = str(secrets.get("SIGNAL_ACCOUNT") or "").replace(" ", "")
    if not account:
        raise ValueError("signal: SIGNAL_ACCOUNT is not set (hermes gateway setup signal)")
    if not NUMBER.match(account):
        raise ValueError(f"signal: SIGNAL_ACCOUNT must be a phone number like +15551234567, not {account!r}")
    return SignalAdapter(dict(section.options), account, Path(home) / "gateway" / "files" / "signal")


class SignalError(PlatformError):
    """A JSON-RPC error from signal-cli, with its code (validate() tells daemon modes apart by it)."""

    def __init__(self, message: str, code: int | None, **kw: Any):
        super().__init__(message, **kw)
        self.code = code


class SignalAdapter:
    name = "signal"
    capabilities = Capabilities(max_length=2000, can_edit=False, can_typing=True, can_files=True,
                                can_buttons=False, markdown="plain")

    def __init__(self, options: dict[str, Any], account: str, files: Path):
        self.account, self.files = account, files
        self.url = str(options.get("url") or DEFAULT_URL).rstrip("/")
        self.attachments = Path(os.path.expanduser(str(options.get("attachments_dir") or DEFAULT_ATTACHMENTS)))
        self._http: Any = None
        self._ids = itertools.count(1)
        self._on: InboundHandler | None = None
        self._task: asyncio.Task | None = None
        self._last_event = ""  # id of the last event handled: replayed from there after a reconnect
        self._strangers: set[str] = set()  # other accounts whose events reached us (warned once)

    def _client(self) -> Any:
        import httpx

        if self._http is None or self._http.is_closed:
            self._http = httpx.AsyncClient(timeout=httpx.Timeout(30.0, connect=10.0))
        return self._http

    # -- life cycle -------------------------------------------------------------------------------

    async def validate(self) -> str:
        version = ((await self._rpc("version")) or {}).get("version", "?")
        try:
            accounts = await self._rpc("listAccounts")
        except SignalError as e:
            if e.code != METHOD_NOT_FOUND:
                raise
            # a daemon started with -a serves that one number and cannot list it: trust the config
            return f"{self.account} (signal-cli {version}, single-account daemon)"
        numbers = [a.get("number") for a in accounts or [] if isinstance(a, dict)]
        if self.account not in numbers:
            raise PlatformError(f"signal-cli has no account {self.account}: register or link it first "
                                f"(signal-cli -a {self.account} register / link)"
                                + (f"; it has {', '.join(map(str, numbers))}" if numbers else ""), permanent=True)
        return f"{self.account} (signal-cli {version})"

    async def connect(self, on_message: InboundHandler) -> None:
        await self.validate()  # a daemon that is down or lacks the account: the gateway retries later
        self._on = on_message
        if not self.connected:
            self._task = asyncio.create_task(self._listen(), name="signal-events")

    async def disconnect(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self._http is not None:
            await self._http.aclose()
            self._http = None

    @property
    def connected(self) -> bool:
        return self._task is not None and not self._task.done()

    # -- inbound ----------------------------------------------------------------------------------

    async def _listen(self) -> None:
        import httpx

        delay = 1.0
        while True:
            opened = 0.0
            try:
                headers = {"Accept": "text/event-stream"}
                if self._last_event:
                    headers["Last-Event-ID"] = self._last_event
                async with self._client().stream("GET", f"{self.url}/api/v1/events", params={"account": self.account},
                                                 headers=headers,
                                                 timeout=httpx.Timeout(10.0, read=STREAM_SILENCE)) as r:
                    if r.status_code != 200:
                        hint = f" (does signal-cli have the account {self.account}?)" if r.status_code == 400 else ""
                        raise PlatformError(f"the event stream answered HTTP {r.status_code}{hint}")
                    opened = time.monotonic()
                    if delay > 1.0:
                        log.info("signal: event stream open again")
                    await self._read(r)
                why = "the daemon closed it"
            except asyncio.CancelledError:
                raise
            except Exception as e:
                why = f"{type(e).__name__}: {e}"
            # a stream that stayed up a while was healthy: start the backoff over
            if opened and time.monotonic() - opened > 10.0:
                delay = 1.0
            log.warning("signal: event stream from %s dropped (%s); reconnecting in %.0f s", self.url, why, delay)
            await asyncio.sleep(delay * random.uniform(0.8, 1.2))
            delay = min(delay * 2, MAX_BACKOFF)

    async def _read(self, r: Any) -> None:
        """Server-Sent Events: `field:value` lines, a blank line ends an event, `:` lines keep alive."""
        data: list[str] = []
        event_id = kind = ""
        async for line in r.aiter_lines():
            if not line:
                if data and kind in ("", "receive"):
                    await self._event("\n".join(data))
                if event_id:
                    self._last_event = event_id
                data, event_id, kind = [], "", ""
                continue
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "data":
                data.append(value)
            elif name == "id":
                event_id = value
            elif name == "event":
                kind = value

    async def _event(self, raw: str) -> None:
        try:
            msg = await self._inbound(json.loads(raw))
        except Exception:  # one odd envelope must not end the stream
            log.exception("signal: could not read an event: %.300s", raw)
            return
        if msg is not None and self._on is not None:
            await self._on(msg)

    async def _inbound(self, payload: dict[str, Any]) -> Inbound | None:
        account = payload.get("account")
        if account and account != self.account:
            if account not in self._strangers:  # a single-account daemon started for another number
                self._strangers.add(account)
                log.warning("signal: ignoring events of account %s (this gateway serves %s)", account, self.account)
            return None
        env = payload.get("envelope") or {}
        dm = env.get("dataMessage")
        if not isinstance(dm, dict):
            return None  # receipts, typing, stories, sync copies of our own sends
        source = str(env.get("sourceNumber") or env.get("sourceUuid") or env.get("source") or "")
        if not source or source == self.account:
            return None
        stamp = env.get("timestamp") or dm.get("timestamp")
        group = (dm.get("groupInfo") or {}).get("groupId")
        quote = dm.get("quote") or {}
        author = quote.get("authorNumber") or quote.get("authorUuid") or quote.get("author")
        atts = [await self._attachment(a) for a in dm.get("attachments") or [] if isinstance(a, dict)]
        return Inbound("signal", f"group:{group}" if group else source, source, _text(dm, self.account),
                       f"{source}:{stamp}", chat_type="group" if group else "dm",
                       user_name=str(env.get("sourceName") or ""), attachments=atts,
                       reply_to=f"{author}:{quote['id']}" if author and quote.get("id") else "",
                       raw={"timestamp": stamp})

    async def _attachment(self, a: dict[str, Any]) -> Attachment:
        att_id = Path(str(a.get("id") or "")).name  # a file name under the attachments folder, nothing more
        name = re.sub(r"[^A-Za-z0-9._-]", "_", Path(str(a.get("filename") or att_id or "file")).name)[:100] or "file"
        mime = str(a.get("contentType") or "application/octet-stream")
        src = self.attachments / att_id if att_id else None
        if src is None or not src.is_file():
            log.warning("signal: attachment %s is not in %s (set options.attachments_dir to signal-cli's "
                        "attachments folder)", att_id or "?", self.attachments)
            return Attachment(name, mime=mime, size=int(a.get("size") or 0))
        self.files.mkdir(parents=True, exist_ok=True)
        dest = self.files / f"{att_id.split('.')[0]}-{name}"
        await asyncio.to_thread(shutil.copyfile, src, dest)
        return Attachment(name, str(dest), mime, dest.stat().st_size)

    # -- outbound ---------------------------------------------------------------------------------

    def _target(self, chat_id: str) -> dict[str, Any]:
        if chat_id.startswith("group:"):
            return {"account": self.account, "groupId": chat_id[len("group:"):]}
        return {"account": self.account, "recipient": [chat_id]}

    async def send(self, chat_id: str, text: str, *, thread_id: str = "", reply_to: str = "",
                   buttons: list[Button] | None = None) -> Sent:
        if buttons:
            text += "\n\n" + " / ".join(b.data for b in buttons)
        result = await self._rpc("send", dict(self._target(chat_id), message=text))
        return Sent(str((result or {}).get("timestamp", "")), chat_id)

    async def edit(self, sent: Sent, text: str) -> None:
        raise PlatformError("Signal messages cannot be edited", permanent=True)

    async def typing(self, chat_id: str, *, thread_id: str = "") -> None:
        await self._rpc("sendTyping", self._target(chat_id))

    async def send_file(self, chat_id: str, path: str, *, caption: str = "", thread_id: str = "") -> Sent:
        # signal-cli reads the file itself: it must run on this machine (the usual loopback setup)
        result = await self._rpc("send", dict(self._target(chat_id), message=caption,
                                              attachments=[str(Path(path).resolve())]))
        return Sent(str((result or {}).get("timestamp", "")), chat_id)

    async def _rpc(self, method: str, params: dict[str, Any] | None = None) -> Any:
        import httpx

        body: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "id": next(self._ids)}
        if params is not None:
            body["params"] = params
        try:
            r = await self._client().post(f"{self.url}/api/v1/rpc", json=body)
        except httpx.HTTPError as e:
            raise PlatformError(f"signal: cannot reach signal-cli at {self.url} ({type(e).__name__}); "
                                "is its daemon running with --http?") from None
        if r.status_code != 200:
            raise PlatformError(f"signal: signal-cli answered HTTP {r.status_code} to {method}",
                                permanent=r.status_code < 500)
        try:
            reply = r.json()
        except ValueError:
            raise PlatformError(f"signal: signal-cli answered {method} with something not JSON") from None
        if reply.get("error"):
            raise _error(method, reply["error"], self.account)
        return reply.get("result")


def _error(method: str, err: dict[str, Any], account: str) -> SignalError:
    code, message = err.get("code"), str(err.get("message") or "")[:300]
    data = err.get("data") if isinstance(err.get("data"), dict) else {}
    results = [x for x in (data.get("response") or {}).get("results") or [] if isinstance(x, dict)]
    kinds = {x.get("type") for x in results}
    text = f"signal: {method} refused ({code}: {message})"
    if code == RATE_LIMIT or "RATE_LIMIT_FAILURE" in kinds:
        wait = max([float(x.get("retryAfterSeconds") or 0) for x in results] + [0.0]) or 60.0
        return SignalError(text, code, retry_after=wait)
    if code in (IO_ERROR, INTERNAL_ERROR) or "NETWORK_FAILURE" in kinds:
        return SignalError(text, code)  # the network or the daemon hiccuped: worth another try
    if "account does not exist" in message:
        text += f"; register or link {account} first (signal-cli -a {account} register / link)"
    elif code == UNTRUSTED_KEY:
        text += "; their safety number changed: check it, then `signal-cli trust`"
    # unknown or invalid numbers, groups we are not in, untrusted keys, bad requests: retrying cannot help
    return SignalError(text, code, permanent=True)


def _text(dm: dict[str, Any], account: str) -> str:
    """The message with its mention placeholders (U+FFFC) turned back into names; ours dropped."""
    text = str(dm.get("message") or "")
    mentions = sorted((m for m in dm.get("mentions") or [] if isinstance(m, dict)), key=lambda m: m.get("start", 0))
    for m in mentions:
        who = m.get("number") or m.get("name") or m.get("uuid") or ""
        text = text.replace("\ufffc", "" if who == account else f"@{m.get('name') or who}", 1)
    return text.strip()
