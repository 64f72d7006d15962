"""A real Matrix homeserver for tests: Synapse (from its own venv, see .ci/install_matrix.sh) with a
generated config in a temp dir, SQLite, a free loopback port, rate limits lifted, and registration
by shared secret. Plus a small client-server API helper for the people the tests play.

    with Synapse(tmp) as hs:
        alice = hs.register("alice")          # -> User(user_id, access_token)
        room = hs.client(alice).create_room(invite=[bot.user_id], is_direct=True)
"""

from __future__ import annotations

import hashlib
import hmac
import os
import socket
import subprocess
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SERVER_NAME = "test.local"
OVERRIDES = {
    "trusted_key_servers": [], "enable_registration": True, "enable_registration_without_verification": True,
    "suppress_key_server_warning": True, "url_preview_enabled": False, "federation_domain_whitelist": [],
    "report_stats": False,
    "rc_message": {"per_second": 1000, "burst_count": 1000},
    "rc_registration": {"per_second": 1000, "burst_count": 1000},
    "rc_login": {"address": {"per_second": 1000, "burst_count": 1000},
                 "account": {"per_second": 1000, "burst_count": 1000},
                 "failed_attempts": {"per_second": 1000, "burst_count": 1000}},
    "rc_joins": {"local": {"per_second": 1000, "burst_count": 1000}},
    "rc_invites": {"per_room": {"per_second": 1000, "burst_count": 1000},
                   "per_user": {"per_second": 1000, "burst_count": 1000}},
}


def synapse_python() -> str | None:
    """The interpreter of Synapse's venv, or None when it is not installed."""
    candidates = [os.environ.get("HERMES_SYNAPSE_PYTHON", ""),
                  str(Path(os.environ.get("HERMES_SYNAPSE_VENV", Path.home() / ".cache/hermes-ci/synapse-venv"))
                      / "bin" / "python")]
    for c in candidates:
        if c and Path(c).exists():
            return c
    return None


@dataclass
class User:
    user_id: str
    access_token: str
    password: str


class Synapse:
    def __init__(self, root: Path):
        self.root = Path(root) / "synapse"
        self.port = 0
        self.proc: subprocess.Popen | None = None
        self.secret = ""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "Synapse":
        import yaml

        py = synapse_python()
        if py is None:
            raise RuntimeError("Synapse is not installed: run .ci/install_matrix.sh (or set HERMES_SYNAPSE_PYTHON)")
        self.root.mkdir(parents=True, exist_ok=True)
        conf = self.root / "hs.yaml"
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        if not conf.exists():
            subprocess.run([py, "-m", "synapse.app.homeserver", "--server-name", SERVER_NAME, "--config-path",
                            str(conf), "--generate-config", "--report-stats=no", "--data-directory", str(self.root)],
                           check=True, capture_output=True, cwd=self.root, timeout=120)
        cfg = yaml.safe_load(conf.read_text())
        cfg.update(OVERRIDES)
        cfg["listeners"] = [{"port": self.port, "bind_addresses": ["127.0.0.1"], "type": "http", "tls": False,
                             "x_forwarded": False, "resources": [{"names": ["client", "media"], "compress": False}]}]
        self.secret = cfg.setdefault("registration_shared_secret", uuid.uuid4().hex)
        conf.write_text(yaml.safe_dump(cfg))
        log = open(self.root / "synapse.out", "ab")
        self.proc = subprocess.Popen([py, "-m", "synapse.app.homeserver", "-c", str(conf)], cwd=self.root,
                                     stdout=log, stderr=subprocess.STDOUT)
        import httpx

        deadline = time.time() + 60
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"synapse exited: {(self.root / 'synapse.out').read_text()[-800:]}")
            try:
                if httpx.get(self.url + "/_matrix/client/versions", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("synapse did not start within 60 s")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None

    def __enter__(self) -> "Synapse":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def register(self, name: str, password: str = "pw-" + "x" * 12) -> User:
        """A new account through the shared-secret admin API."""
        import httpx

        url = self.url + "/_synapse/admin/v1/register"
        nonce = httpx.get(url, timeout=10).json()["nonce"]
        mac = hmac.new(self.secret.encode(), b"\x00".join([nonce.encode(), name.encode(), password.encode(),
                                                          b"notadmin"]), hashlib.sha1).hexdigest()
        r = httpx.post(url, json={"nonce": nonce, "username": name, "password": password, "admin": False,
                                  "mac": mac}, timeout=30)
        r.raise_for_status()
        body = r.json()
        return User(body["user_id"], body["access_token"], password)

    def client(self, user: User) -> "Client":
        return Client(self.url, user)


class Client:
    """The few client-server calls a test person makes (plain HTTP, synchronous)."""

    def __init__(self, url: str, user: User):
        import httpx

        self.user, self.url = user, url
        self.http = httpx.Client(base_url=url + "/_matrix/client/v3", timeout=30,
                                 headers={"Authorization": f"Bearer {user.access_token}"})

    def _ok(self, r: Any) -> dict[str, Any]:
        if r.status_code >= 300:
            raise RuntimeError(f"{r.request.method} {r.request.url.path}: {r.status_code} {r.text[:300]}")
        return r.json()

    def create_room(self, invite: list[str] = (), is_direct: bool = False, name: str = "") -> str:
        body: dict[str, Any] = {"invite": list(invite), "is_direct": is_direct,
                                "preset": "trusted_private_chat" if is_direct else "private_chat"}
        if name:
            body["name"] = name
        return self._ok(self.http.post("/createRoom", json=body))["room_id"]

    def invite(self, room: str, user_id: str) -> None:
        self._ok(self.http.post(f"/rooms/{room}/invite", json={"user_id": user_id}))

    def join(self, room: str) -> None:
        self._ok(self.http.post(f"/join/{room}", json={}))

    def send(self, room: str, body: str, *, thread_root: str = "", msgtype: str = "m.text",
             extra: dict[str, Any] | None = None) -> str:
        content: dict[str, Any] = {"msgtype": msgtype, "body": body}
        if thread_root:
            content["m.relates_to"] = {"rel_type": "m.thread", "event_id": thread_root}
        content.update(extra or {})
        return self._ok(self.http.put(f"/rooms/{room}/send/m.room.message/{uuid.uuid4().hex}", json=content))["event_id"]

    def upload(self, data: bytes, name: str, mime: str = "application/octet-stream") -> str:
        r = self.http.post(self.url + "/_matrix/media/v3/upload", params={"filename": name}, content=data,
                           headers={"Content-Type": mime})
        return self._ok(r)["content_uri"]

    def download(self, mxc: str) -> bytes:
        server, media = mxc.removeprefix("mxc://").split("/", 1)
        r = self.http.get(self.url + f"/_matrix/client/v1/media/download/{server}/{media}")
        r.raise_for_status()
        return r.content

    def messages(self, room: str, limit: int = 50) -> list[dict[str, Any]]:
        """The room's recent m.room.message events, oldest first."""
        body = self._ok(self.http.get(f"/rooms/{room}/messages", params={"dir": "b", "limit": limit}))
        return [e for e in reversed(body.get("chunk", [])) if e.get("type") == "m.room.message"]

    def members(self, room: str) -> list[str]:
        body = self._ok(self.http.get(f"/rooms/{room}/joined_members"))
        return sorted(body.get("joined", {}))

    def wait_messages(self, room: str, sender: str, n: int, timeout: float = 15.0) -> list[dict[str, Any]]:
        deadline = time.time() + timeout
        while True:
            got = [e for e in self.messages(room) if e["sender"] == sender]
            if len(got) >= n or time.time() > deadline:
                if len(got) < n:
                    raise TimeoutError(f"{len(got)} of {n} messages from {sender}: {[e['content'] for e in got]}")
                return got
            time.sleep(0.1)
