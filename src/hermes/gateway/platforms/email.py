"""Email: reads an IMAP inbox (IDLE when the server has it, else polling) and answers over SMTP in
the same thread. Standard library only (imaplib, smtplib, email), run in worker threads.

A sender address is a user and a chat; the thread root (first id of References, else In-Reply-To,
else the message's own Message-ID) is the thread. Replies carry In-Reply-To and References, so mail
clients show them in the conversation. Mail that was in the inbox before the first connect is not
answered (`answer_existing`), auto-replies and bounces never are (mail loops), and a dropped IMAP
connection resumes from the last UID seen, so nothing is skipped and nothing read twice.
"""

from __future__ import annotations

import asyncio
import email
import email.policy
import email.utils
import hashlib
import html
import imaplib
import logging
import random
import re
import smtplib
import socket
import ssl
import threading
from email.message import EmailMessage
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Mapping

from hermes.gateway.base import Attachment, Button, Capabilities, Inbound, InboundHandler, PlatformError, Sent

log = logging.getLogger("hermes.gateway.email")

SECRETS = [("EMAIL_PASSWORD", "the mailbox password (IMAP and SMTP)"),
           ("EMAIL_USERNAME", "login name, when it is not the address")]
OPTIONS = {"address": "the bot's email address", "imap_host": "IMAP server", "imap_port": "default 993 (143 without TLS)",
           "imap_ssl": "TLS from the start (default true)", "smtp_host": "SMTP server (default: the IMAP host)",
           "smtp_port": "default 587", "smtp_ssl": "TLS from the start (port 465)",
           "smtp_starttls": "STARTTLS (default true unless smtp_ssl)", "folder": "mailbox to watch (INBOX)",
           "poll_interval": "seconds between checks without IDLE (default 30)",
           "answer_existing": "also answer mail already in the inbox at the first start (default false)"}
MAX_ATTACHMENT = 25 * 1024 * 1024
IDLE_SECONDS = 25 * 60  # servers drop IDLE after ~30 min (RFC 2177)


def create(section: Any, secrets: Mapping[str, str], home: Path) -> "EmailAdapter":
    opts = dict(section.options)
    for key in ("address", "imap_host"):
        if not opts.get(key):
            raise ValueError(f"email: gateway.platforms.email.options.{key} is not set (hermes gateway setup email)")
    if not secrets.get("EMAIL_PASSWORD"):
        raise ValueError("email: EMAIL_PASSWORD is not set (hermes gateway setup email)")
    return EmailAdapter(opts, secrets.get("EMAIL_USERNAME") or opts["address"], secrets["EMAIL_PASSWORD"],
                        Path(home) / "gateway" / "files" / "email")


def _bool(v: Any, default: bool) -> bool:
    if v is None:
        return default
    return v if isinstance(v, bool) else str(v).lower() in ("1", "true", "yes", "on")


class _Text(HTMLParser):
    BREAKS = {"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "blockquote"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("style", "script", "head"):
            self.skip += 1
        elif tag in self.BREAKS:
            self.out.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script", "head"):
            self.skip = max(0, self.skip - 1)
        elif tag in self.BREAKS:
            self.out.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.out.append(data)


def html_to_text(s: str) -> str:
    p = _Text()
    p.feed(s)
    return re.sub(r"\n{3,}", "\n\n", re.sub(r"[ \t]+", " ", "".join(p.out))).strip()


_QUOTE_HEAD = re.compile(r"^(On .{4,200}wrote:|Am .{4,200}schrieb.*:|Le .{4,200}a écrit\s?:|-----Original Message-----)\s*$",
                         re.M | re.I)


def strip_quoted(text: str) -> str:
    """The new part of a reply: quoted lines and everything from the "On ... wrote:" line dropped."""
    m = _QUOTE_HEAD.search(text)
    if m:
        text = text[:m.start()]
    kept = [ln for ln in text.splitlines() if not ln.lstrip().startswith(">")]
    return "\n".join(kept).strip()


def is_automatic(msg: Any, own: str) -> bool:
    sender = email.utils.parseaddr(str(msg.get("From", "")))[1].lower()
    auto = str(msg.get("Auto-Submitted", "no")).lower()
    prec = str(msg.get("Precedence", "")).lower()
    return (auto != "no" or prec in ("bulk", "list", "junk") or sender == own.lower()
            or sender.startswith(("mailer-daemon", "postmaster")) or bool(msg.get("X-Autoreply"))
            or msg.get_content_type() == "multipart/report")


class EmailAdapter:
    name = "email"
    capabilities = Capabilities(max_length=50_000, can_edit=False, can_typing=False, can_files=True,
                                can_buttons=False, markdown="plain")

    def __init__(self, options: dict[str, Any], username: str, password: str, files: Path):
        self.o, self.username, self.password, self.files = options, username, password, files
        self.address = str(options["address"]).lower()
        self.imap_ssl = _bool(options.get("imap_ssl"), True)
        self.imap_port = int(options.get("imap_port") or (993 if self.imap_ssl else 143))
        self.smtp_host = options.get("smtp_host") or options["imap_host"]
        self.smtp_ssl = _bool(options.get("smtp_ssl"), False)
        self.smtp_port = int(options.get("smtp_port") or (465 if self.smtp_ssl else 587))
        self.smtp_starttls = _bool(options.get("smtp_starttls"), not self.smtp_ssl)
        self.folder = options.get("folder", "INBOX")
        self.poll = float(options.get("poll_interval", 30))
        self.idle_seconds = float(options.get("idle_seconds", IDLE_SECONDS))
        # None: learn the inbox's last UID at the first connect (older mail is history); 0: answer it all
        self.last_uid: int | None = 0 if _bool(options.get("answer_existing"), False) else None
        self.threads: dict[str, dict[str, Any]] = {}  # thread root -> subject, last message id, references
        self._conn: imaplib.IMAP4 | None = None
        self._task: asyncio.Task | None = None
        self._stop = threading.Event()
        self._connected = False
        self._on: InboundHandler | None = None

    # -- IMAP -------------------------------------------------------------------------------------

    def _imap(self) -> imaplib.IMAP4:
        host = self.o["imap_host"]
        conn = (imaplib.IMAP4_SSL(host, self.imap_port, ssl_context=ssl.create_default_context(), timeout=30)
                if self.imap_ssl else imaplib.IMAP4(host, self.imap_port, timeout=30))
        try:
            conn.login(self.username, self.password)
        except imaplib.IMAP4.error as e:
            conn.logout()
            raise PlatformError(f"email: IMAP login refused for {self.username} ({e})", permanent=True) from None
        typ, _ = conn.select(self.folder)
        if typ != "OK":
            raise PlatformError(f"email: no folder {self.folder!r}", permanent=True)
        return conn

    def _open(self) -> None:
        self._conn = self._imap()
        if self.last_uid is None:  # first start: what is already there is history, not a request
            typ, data = self._conn.uid("search", None, "ALL")
            uids = [int(u) for u in (data[0] or b"").split()]
            self.last_uid = max(uids, default=0)

    def _new_uids(self) -> list[int]:
        typ, data = self._conn.uid("search", None, f"UID {self.last_uid + 1}:*")
        return sorted(u for u in (int(x) for x in (data[0] or b"").split()) if u > self.last_uid)

    def _fetch(self, uid: int) -> bytes:
        typ, data = self._conn.uid("fetch", str(uid), "(BODY.PEEK[])")
        for part in data:
            if isinstance(part, tuple):
                return part[1]
        return b""

    def _idle(self) -> None:
        """Wait for the server to announce new mail (IDLE), at most idle_seconds."""
        conn = self._conn
        tag = conn._new_tag()
        conn.send(tag + b" IDLE\r\n")
        if not conn.readline().startswith(b"+"):
            raise imaplib.IMAP4.abort("IDLE refused")
        conn.sock.settimeout(self.idle_seconds)
        try:
            while not self._stop.is_set():
                line = conn.readline()
                if not line:
                    raise imaplib.IMAP4.abort("connection closed during IDLE")
                if b"EXISTS" in line or b"RECENT" in line:
                    break
        except (socket.timeout, TimeoutError):
            pass
        finally:
            conn.sock.settimeout(30)
        conn.send(b"DONE\r\n")
        while True:
            line = conn.readline()
            if not line or line.startswith(tag):
                break

    def _receive_loop(self, loop: asyncio.AbstractEventLoop) -> None:
        delay = 1.0
        while not self._stop.is_set():
            try:
                if self._conn is None:
                    self._open()
                    if not self._connected:
                        log.info("email: connected to %s", self.o["imap_host"])
                    self._connected = True
                    delay = 1.0
                for uid in self._new_uids():
                    raw = self._fetch(uid)
                    if raw:
                        fut = asyncio.run_coroutine_threadsafe(self._deliver(raw), loop)
                        fut.result()
                    self._conn.uid("store", str(uid), "+FLAGS", "(\\Seen)")
                    self.last_uid = uid
                if "IDLE" in self._conn.capabilities and not self._stop.is_set():
                    self._idle()
                else:
                    self._stop.wait(self.poll)
                    if not self._stop.is_set():
                        self._conn.noop()
            except PlatformError as e:
                log.error("%s", e)
                self._drop()
                self._stop.wait(60)
            except Exception as e:  # network, server restart: reconnect and resume from last_uid
                if self._stop.is_set():
                    break
                log.warning("email: IMAP failed (%s: %s); reconnecting in %.0f s", type(e).__name__, e, delay)
                self._drop()
                self._stop.wait(delay * random.uniform(0.7, 1.3))
                delay = min(delay * 2, 60.0)
        self._drop()

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.shutdown()
            except Exception:
                pass

    async def _deliver(self, raw: bytes) -> None:
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        if is_automatic(msg, self.address):
            return
        inbound = self._inbound(msg)
        if inbound is not None and self._on is not None:
            try:
                await self._on(inbound)
            except Exception:
                log.exception("email: the gateway failed on %s", inbound.message_id)

    def _inbound(self, msg: Any) -> Inbound | None:
        name, sender = email.utils.parseaddr(str(msg.get("From", "")))
        sender = sender.lower()
        if not sender:
            return None
        # a stable stand-in when the mail has no Message-ID (the same after a restart: de-duplication)
        own_id = str(msg.get("Message-ID", "")).strip() or \
            f"<no-id-{hashlib.sha256(msg.as_bytes()).hexdigest()[:24]}@{sender}>"
        refs = str(msg.get("References", "")).split()
        parent = str(msg.get("In-Reply-To", "")).strip()
        root = refs[0] if refs else (parent or own_id)
        subject = str(msg.get("Subject", "")).strip()
        t = self.threads.setdefault(root, {"subject": subject, "refs": refs or ([parent] if parent else [])})
        t["last"] = own_id
        chain = list(refs or t["refs"])
        t["refs"] = chain if own_id in chain else chain + [own_id]
        body = msg.get_body(preferencelist=("plain", "html"))
        text = ""
        if body is not None:
            content = body.get_content()
            text = html_to_text(content) if body.get_content_type() == "text/html" else content
        text = strip_quoted(text)
        if subject and not parent and not refs:
            text = f"{subject}\n\n{text}" if text else subject
        atts = [a for a in (self._save(p) for p in msg.iter_attachments()) if a is not None]
        return Inbound("email", sender, sender, text, own_id, thread_id=root, user_name=name,
                       attachments=atts, reply_to=parent, raw={"subject": subject})

    def _save(self, part: Any) -> Attachment | None:
        data = part.get_payload(decode=True) or b""
        safe = re.sub(r"[^A-Za-z0-9._-]", "_", Path(part.get_filename() or "attachment").name)[:100] or "attachment"
        if len(data) > MAX_ATTACHMENT:
            return Attachment(safe, mime=part.get_content_type(), size=len(data))
        self.files.mkdir(parents=True, exist_ok=True)
        path = self.files / f"{random.getrandbits(48):012x}-{safe}"
        path.write_bytes(data)
        return Attachment(safe, str(path), part.get_content_type(), len(data))

    # -- life cycle -------------------------------------------------------------------------------

    async def validate(self) -> str:
        def check() -> None:
            self._imap().logout()
            with self._smtp():
                pass
        try:
            await asyncio.to_thread(check)
        except PlatformError:
            raise
        except (OSError, smtplib.SMTPException, imaplib.IMAP4.error) as e:
            raise PlatformError(f"email: {type(e).__name__}: {e}", permanent=True) from None
        return self.address

    async def connect(self, on_message: InboundHandler) -> None:
        self._on = on_message
        self._stop.clear()
        await asyncio.to_thread(self._open)  # a wrong password fails here, clearly
        self._connected = True
        loop = asyncio.get_running_loop()
        self._task = asyncio.ensure_future(asyncio.to_thread(self._receive_loop, loop))

    async def disconnect(self) -> None:
        self._stop.set()
        self._connected = False
        self._drop()  # unblocks an IDLE read
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    @property
    def connected(self) -> bool:
        return self._connected

    # -- SMTP -------------------------------------------------------------------------------------

    def _smtp(self) -> smtplib.SMTP:
        ctx = ssl.create_default_context()
        s = (smtplib.SMTP_SSL(self.smtp_host, self.smtp_port, context=ctx, timeout=30) if self.smtp_ssl
             else smtplib.SMTP(self.smtp_host, self.smtp_port, timeout=30))
        try:
            s.ehlo()
            if self.smtp_starttls and not self.smtp_ssl and s.has_extn("starttls"):
                s.starttls(context=ctx)
                s.ehlo()
            if s.has_extn("auth"):
                s.login(self.username, self.password)
        except Exception:
            s.close()
            raise
        return s

    def _compose(self, to: str, text: str, thread_id: str, reply_to: str) -> EmailMessage:
        t = self.threads.get(thread_id, {})
        subject = t.get("subject") or "Hermes"
        msg = EmailMessage()
        msg["From"] = self.address
        msg["To"] = to
        msg["Subject"] = subject if subject.lower().startswith("re:") else f"Re: {subject}"
        msg["Message-ID"] = email.utils.make_msgid(domain=self.address.split("@")[-1])
        msg["Date"] = email.utils.formatdate(localtime=True)
        msg["Auto-Submitted"] = "auto-replied"  # other robots must not answer us back
        parent = reply_to or t.get("last") or ""
        if parent:
            msg["In-Reply-To"] = parent
            refs = [r for r in t.get("refs", []) if r] or [parent]
            msg["References"] = " ".join(refs[-20:])
        msg.set_content(text)
        paras = "".join(f"<p>{html.escape(p).replace(chr(10), '<br>')}</p>" for p in text.split("\n\n") if p.strip())
        msg.add_alternative(f"<html><body>{paras}</body></html>", subtype="html")
        return msg

    async def _send(self, msg: EmailMessage) -> Sent:
        def go() -> None:
            with self._smtp() as s:
                s.send_message(msg)
        try:
            await asyncio.to_thread(go)
        except smtplib.SMTPResponseException as e:
            raise PlatformError(f"SMTP {e.smtp_code}: {e.smtp_error!r}", retry_after=30 if e.smtp_code < 500 else None,
                                permanent=e.smtp_code >= 500) from None
        except smtplib.SMTPRecipientsRefused as e:
            raise PlatformError(f"SMTP refused the recipient: {e.recipients}", permanent=True) from None
        except (OSError, smtplib.SMTPException) as e:
            raise PlatformError(f"SMTP: {type(e).__name__}: {e}", retry_after=30) from None
        tid = str(msg["In-Reply-To"] or "")
        for t in self.threads.values():  # our reply is part of the thread's references now
            if t.get("last") == tid:
                t["refs"] = t.get("refs", []) + [str(msg["Message-ID"])]
        return Sent(str(msg["Message-ID"]), str(msg["To"]))

    async def send(self, chat_id: str, text: str, *, thread_id: str = "", reply_to: str = "",
                   buttons: list[Button] | None = None) -> Sent:
        if buttons:
            text += "\n\n" + "  ".join(f"{b.label}: reply {b.data}" for b in buttons)
        return await self._send(self._compose(chat_id, text, thread_id, reply_to))

    async def edit(self, sent: Sent, text: str) -> None:
        raise PlatformError("email cannot edit a sent message", permanent=True)

    async def typing(self, chat_id: str, *, thread_id: str = "") -> None:
        return None

    async def send_file(self, chat_id: str, path: str, *, caption: str = "", thread_id: str = "") -> Sent:
        import mimetypes

        msg = self._compose(chat_id, caption or f"Attached: {Path(path).name}", thread_id, "")
        kind, _ = mimetypes.guess_type(path)
        main, sub = (kind or "application/octet-stream").split("/", 1)
        try:
            data = Path(path).read_bytes()
        except OSError as e:
            raise PlatformError(f"cannot read {path}: {e.strerror}", permanent=True) from None
        msg.add_attachment(data, maintype=main, subtype=sub, filename=Path(path).name)
        return await self._send(msg)
