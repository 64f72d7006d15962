"""A real OpenSSH server on 127.0.0.1 for tests and benchmarks.

Everything lives in one temp dir: a fresh ed25519 host key, a client key whose public half is the
only authorized key, and a known_hosts file that trusts the host key. The server runs as the
current user (root in CI), listens on loopback only and allows key auth only. Sessions see
HOME=<dir>/home rather than the user's real home.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

SSHD_BIN = "/usr/sbin/sshd"

_CONFIG = """\
ListenAddress 127.0.0.1
HostKey {d}/host_ed25519
AuthorizedKeysFile {d}/authorized_keys
PidFile {d}/sshd.pid
PasswordAuthentication no
PermitRootLogin prohibit-password
UsePAM no
StrictModes no
Subsystem sftp internal-sftp
SetEnv HOME={d}/home
"""


def available() -> str | None:
    """None when a server can be started here, else why not (for a skip reason)."""
    if not os.path.exists(SSHD_BIN):
        return f"{SSHD_BIN} is not installed (apt-get install openssh-server)"
    if shutil.which("ssh-keygen") is None:
        return "ssh-keygen is not installed (apt-get install openssh-client)"
    return None


def keygen(path: Path) -> str:
    """A new passphrase-less ed25519 key at `path`; its public line."""
    subprocess.run(["ssh-keygen", "-q", "-N", "", "-t", "ed25519", "-f", str(path)], check=True,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    return path.with_name(path.name + ".pub").read_text().strip()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class SSHD:
    dir: Path
    port: int = 0
    host: str = "127.0.0.1"
    user: str = field(default_factory=lambda: pwd.getpwuid(os.getuid()).pw_name)
    isolate_pids: bool = True
    proc: subprocess.Popen | None = None
    _namespaced: bool = False

    @property
    def client_key(self) -> Path:
        return self.dir / "client_ed25519"

    @property
    def known_hosts(self) -> Path:
        return self.dir / "known_hosts"

    @property
    def host_key_line(self) -> str:
        """`ssh-ed25519 AAAA...` of the server."""
        return " ".join((self.dir / "host_ed25519.pub").read_text().split()[:2])

    def known_hosts_line(self, key_line: str | None = None) -> str:
        return f"[{self.host}]:{self.port} {key_line or self.host_key_line}\n"

    def spec(self, **overrides: object) -> dict:
        """Settings for an `ssh` backend spec pointing at this server."""
        return {"type": "ssh", "host": self.host, "port": self.port, "user": self.user,
                "key_path": str(self.client_key), "known_hosts": str(self.known_hosts),
                "connect_timeout": 5.0, **overrides}

    def start(self) -> "SSHD":
        d = self.dir
        # A home of its own: the login user's real ~/.bashrc (sourced by bash under sshd) may be
        # slow or chatty, and workspaces made under $HOME go away with the server's dir.
        (d / "home").mkdir(mode=0o700, exist_ok=True)
        keygen(d / "host_ed25519")
        (d / "authorized_keys").write_text(keygen(self.client_key) + "\n")
        (d / "sshd_config").write_text(_CONFIG.format(d=d))
        os.makedirs("/run/sshd", exist_ok=True)  # privilege separation dir sshd insists on
        self.port = self.port or free_port()
        self.known_hosts.write_text(self.known_hosts_line())
        argv = [SSHD_BIN, "-D", "-e", "-f", str(d / "sshd_config"), "-p", str(self.port)]
        if self.isolate_pids and os.geteuid() == 0 and shutil.which("unshare"):
            # Its own PID namespace: `ps` in a session shows only this server's processes (other
            # tests on the machine may run a `sleep 300` too), and everything dies with it.
            try:
                self._namespaced = True
                return self._launch(["unshare", "--pid", "--fork", "--kill-child",
                                     "--mount-proc", *argv])
            except RuntimeError:
                self._namespaced = False  # no namespaces here (unprivileged): run it plainly
        return self._launch(argv)

    def _launch(self, argv: list[str]) -> "SSHD":
        with open(self.dir / "sshd.log", "ab") as log:
            self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                         stderr=log)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                code, self.proc = self.proc.returncode, None
                raise RuntimeError(f"sshd exited {code}: {self.log()}")
            with contextlib.suppress(OSError), socket.create_connection((self.host, self.port), 0.2):
                return self
            time.sleep(0.02)
        self.stop()
        raise RuntimeError(f"sshd did not listen on port {self.port}: {self.log()}")

    def log(self) -> str:
        try:
            return (self.dir / "sshd.log").read_text(errors="replace")[-2000:]
        except OSError:
            return ""

    def stop(self) -> None:
        """Stop the server. In its own PID namespace every session dies with it; otherwise open
        connections keep their own sshd children until they close."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            # `unshare` ignores SIGTERM while it waits; killing it takes its namespace down.
            self.proc.send_signal(signal.SIGKILL if self._namespaced else signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None


@contextlib.contextmanager
def running_sshd() -> Iterator[SSHD]:
    """An OpenSSH server on a free loopback port, stopped (and its files removed) on exit."""
    d = Path(tempfile.mkdtemp(prefix="hermes-sshd-"))
    server = SSHD(d)
    try:
        yield server.start()
    finally:
        server.stop()
        shutil.rmtree(d, ignore_errors=True)
