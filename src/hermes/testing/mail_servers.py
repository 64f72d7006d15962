"""Real mail servers for tests: Dovecot (IMAP, from Debian's dovecot-imapd) in a temp dir on a free
loopback port, and an aiosmtpd SMTP server that records what it receives.

    with Dovecot() as imap, SmtpSink() as smtp:
        imap.append("hermes@test.local", raw_bytes)   # a mail arrives in the bot's inbox
        smtp.wait(1)                                  # the bot's replies, as email.message objects
"""

from __future__ import annotations

import email
import email.policy
import imaplib
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

USER, PASSWORD = "hermes@test.local", "secret"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def dovecot_binary() -> str | None:
    return shutil.which("dovecot") or (shutil.which("dovecot", path="/usr/sbin:/sbin"))


class Dovecot:
    def __init__(self, users: dict[str, str] | None = None):
        # its own folder under /tmp: Dovecot's auth process (another uid) must traverse every parent,
        # and pytest's temp dirs are private (0700)
        self.root = Path(tempfile.mkdtemp(prefix="hermes-dovecot-"))
        self.users = users or {USER: PASSWORD}
        self.port = 0
        self.proc: subprocess.Popen | None = None

    def _config(self) -> Path:
        d = self.root
        for sub in ("run", "state", "mail"):
            (d / sub).mkdir(parents=True, exist_ok=True)
        (d / "users").write_text("".join(f"{u}:{{PLAIN}}{p}\n" for u, p in self.users.items()))
        conf = d / "dovecot.conf"
        conf.write_text(f"""protocols = imap
listen = 127.0.0.1
base_dir = {d}/run
state_dir = {d}/state
log_path = {d}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:{d}/mail/%u
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {d}/users
}}
userdb {{
  driver = static
  args = uid=nobody gid=nogroup home={d}/mail/%u
}}
first_valid_uid = 1
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {self.port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
""")
        subprocess.run(["chown", "-R", "nobody:nogroup", str(d / "mail")], check=False)
        os.chmod(d, 0o755)
        os.chmod(d / "users", 0o644)
        return conf

    def start(self) -> "Dovecot":
        binary = dovecot_binary()
        if binary is None:
            raise RuntimeError("dovecot is not installed (apt-get install dovecot-imapd, or .ci/install_email.sh)")
        self.port = self.port or free_port()
        conf = self._config()
        self.proc = subprocess.Popen([binary, "-F", "-c", str(conf)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"dovecot exited: {self.proc.stderr.read().decode()[:500]}")
                time.sleep(0.02)
        raise RuntimeError("dovecot did not start listening")

    def stop(self) -> None:
        """Stop the server (mail stays on disk); the old master is waited for so start() works again."""
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None
            deadline = time.time() + 5
            while (self.root / "run" / "master.pid").exists() and time.time() < deadline:
                time.sleep(0.02)

    def __enter__(self) -> "Dovecot":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def client(self, user: str = USER) -> imaplib.IMAP4:
        c = imaplib.IMAP4("127.0.0.1", self.port)
        c.login(user, self.users[user])
        return c

    def append(self, raw: bytes | str, user: str = USER, folder: str = "INBOX") -> None:
        """A mail arrives (delivered the way an MDA would: IMAP APPEND)."""
        data = raw.encode() if isinstance(raw, str) else raw
        c = self.client(user)
        try:
            typ, resp = c.append(folder, "", imaplib.Time2Internaldate(time.time()), data)
            assert typ == "OK", resp
        finally:
            c.logout()

    def flags(self, user: str = USER) -> list[bytes]:
        c = self.client(user)
        try:
            c.select("INBOX")
            typ, data = c.fetch("1:*", "(FLAGS)")
            return [d for d in data if d]
        finally:
            c.logout()


class SmtpSink:
    """aiosmtpd on a free loopback port; `messages` holds every mail received, parsed."""

    def __init__(self) -> None:
        self.messages: list[Any] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self.cond = threading.Condition()
        self.port = 0
        self.controller: Any = None
        self.refuse: int | None = None  # answer the next DATA with this code (451 or 550)

    def start(self) -> "SmtpSink":
        from aiosmtpd.controller import Controller

        sink = self

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
                if sink.refuse:
                    code, sink.refuse = sink.refuse, None
                    return f"{code} {'try again later' if code < 500 else 'mailbox unavailable'}"
                msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
                with sink.cond:
                    sink.messages.append(msg)
                    sink.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
                    sink.cond.notify_all()
                return "250 OK"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def __enter__(self) -> "SmtpSink":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def wait(self, n: int, timeout: float = 10.0) -> list[Any]:
        deadline = time.time() + timeout
        with self.cond:
            while len(self.messages) < n:
                left = deadline - time.time()
                if left <= 0:
                    raise TimeoutError(f"{len(self.messages)} of {n} mails arrived")
                self.cond.wait(left)
            return list(self.messages)
