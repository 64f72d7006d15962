"""Who may call the server and how much: API-key policy, Bearer auth, a per-key rate limit, the body
size cap and security headers, as one pure-ASGI layer (one hop per request, no thread pool).

Policy: a key is required on any non-loopback bind and must be strong there; on loopback with no
key every request is accepted, and any key the user configured is enforced (a weak one is allowed,
with a warning, so the published `--api-key hermes` tutorial works).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import math
import time
from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from hermes.server.errors import dumps, error_dict

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

MIN_KEY_LENGTH = 16
_COMMON = {"hermes", "password", "changeme", "secret", "admin", "letmein", "qwerty", "test", "apikey",
           "api_key", "api-key", "default", "token", "key", "hunter2", "welcome", "openai", "sk",
           "example", "private", "hermes-agent", "iloveyou", "trustno1", "master", "root"}
_SEQUENCES = ("0123456789" * 4, "0123456789abcdef" * 2, "abcdefghijklmnopqrstuvwxyz" * 2, "qwertyuiopasdfghjklzxcvbnm",
              "1234567890" * 4)


def is_loopback(host: str) -> bool:
    h = (host or "").strip().strip("[]").lower()
    if h in ("localhost", "localhost.localdomain", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(h).is_loopback
    except ValueError:
        return False


def key_problem(key: str) -> str | None:
    """Why `key` is too weak to protect a server reachable from the network (None: it is fine)."""
    k = key.strip()
    low = k.lower()
    if len(k) < MIN_KEY_LENGTH:
        return f"it is {len(k)} characters long; use at least {MIN_KEY_LENGTH}"
    if len(set(k)) == 1:
        return "it repeats one character"
    base = low.rstrip("0123456789!._-")
    if low in _COMMON or base in _COMMON or any(low.startswith(w) and len(set(low[len(w):])) <= 2
                                                 for w in _COMMON if len(w) >= 4):
        return "it is a well-known default or dictionary word"
    if any(low in seq or low in seq[::-1] for seq in _SEQUENCES):
        return "it is a keyboard or number sequence"
    if len(set(k)) < 6:
        return "it uses too few distinct characters"
    # A repeated pattern ("abcabcabc...", "Summer24Summer24") is as weak as the pattern.
    for n in range(1, len(k) // 2 + 1):
        if k == (k[:n] * (len(k) // n + 1))[:len(k)]:
            return "it repeats a short pattern"
    if len(k) * _bits_per_char(k) < 64:
        return "it is too short for its alphabet"
    return None


def _bits_per_char(k: str) -> float:
    """Entropy per character of a random key drawn from the alphabet `k` appears to use."""
    if all(c in "0123456789abcdef" for c in k.lower()) and (k.islower() or k.isupper() or k.isdigit()):
        return 4.0
    size = 0
    size += 10 if any(c.isdigit() for c in k) else 0
    size += 26 if any(c.islower() for c in k) else 0
    size += 26 if any(c.isupper() for c in k) else 0
    size += 32 if any(not c.isalnum() for c in k) else 0
    return math.log2(max(size, 2))


class RateLimiter:
    """Token bucket per client key: `per_minute` requests a minute, bursts up to the same number."""

    def __init__(self, per_minute: int, max_clients: int = 10_000):
        self.rate = per_minute / 60.0
        self.capacity = float(per_minute)
        self.max_clients = max_clients
        self._buckets: dict[str, list[float]] = {}

    @property
    def enabled(self) -> bool:
        return self.capacity > 0

    def take(self, client: str, now: float | None = None) -> float:
        """0.0 when allowed, else the seconds to wait before the next request would be."""
        now = time.monotonic() if now is None else now
        b = self._buckets.get(client)
        if b is None:
            if len(self._buckets) >= self.max_clients:
                self._buckets.clear()  # bounded memory; clients simply restart with a full bucket
            b = self._buckets[client] = [self.capacity, now]
        tokens = min(self.capacity, b[0] + (now - b[1]) * self.rate)
        b[1] = now
        if tokens >= 1.0:
            b[0] = tokens - 1.0
            return 0.0
        b[0] = tokens
        return (1.0 - tokens) / self.rate


class BodyTooLarge(Exception):
    pass


@dataclass
class GuardConfig:
    api_key: str | None
    rate_limit_per_minute: int
    max_body_bytes: int
    public_paths: frozenset[str] = frozenset({"/health", "/v1/health", "/openapi.json"})
    dashboard: Any = None  # hermes.dashboard.session.DashboardAuth: its pages log in themselves


_SECURITY_HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
                     (b"referrer-policy", b"no-referrer"), (b"cache-control", b"no-store")]


class Guard:
    """The outer ASGI layer: headers, body cap, auth, rate limit, then the app."""

    def __init__(self, app: Any, cfg: GuardConfig):
        self.app = app
        self.cfg = cfg
        self._key = cfg.api_key.encode() if cfg.api_key else None
        self.limiter = RateLimiter(cfg.rate_limit_per_minute)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_wrapped(message: dict[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers") or [])
                have = {k.lower() for k, _ in headers}
                headers.extend(h for h in _SECURITY_HEADERS if h[0] not in have)
                message = {**message, "headers": headers}
            await send(message)

        path = scope["path"]
        public = path in self.cfg.public_paths or scope["method"] == "OPTIONS" or (
            self.cfg.dashboard is not None and (path == "/" or path == "/ui" or path.startswith("/ui/")))
        headers = scope["headers"]
        auth = b""
        length = -1
        for k, v in headers:
            if k == b"authorization":
                auth = v
            elif k == b"content-length":
                try:
                    length = int(v)
                except ValueError:
                    length = -1
        if not public:
            client = self._client_id(scope, auth)
            if self._key is not None and not self._authorized(auth) and not self._dashboard_ok(scope):
                await _reply(send_wrapped, 401, "Invalid or missing API key. Send 'Authorization: Bearer "
                             "<key>' with the key the server was started with.", "invalid_api_key",
                             extra=[(b"www-authenticate", b'Bearer realm="hermes"')])
                return
            if self.limiter.enabled:
                wait = self.limiter.take(client)
                if wait > 0:
                    await _reply(send_wrapped, 429, f"Rate limit reached ({self.cfg.rate_limit_per_minute} "
                                 f"requests per minute); retry in {wait:.1f} s.", "rate_limit_exceeded",
                                 extra=[(b"retry-after", str(max(1, math.ceil(wait))).encode())])
                    return
        limit = self.cfg.max_body_bytes
        if length > limit:
            await _reply(send_wrapped, 413, f"Request body is larger than {limit} bytes.", "request_too_large")
            return
        seen = 0

        async def receive_capped() -> dict[str, Any]:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge
            return msg

        try:
            await self.app(scope, receive_capped, send_wrapped)
        except BodyTooLarge:
            if not started:
                await _reply(send_wrapped, 413, f"Request body is larger than {limit} bytes.",
                             "request_too_large")

    def _dashboard_ok(self, scope: Scope) -> bool:
        """The dashboard's pages call the API with their session cookie; a write also needs the
        CSRF token, which another site's page cannot read."""
        dash = self.cfg.dashboard
        if dash is None:
            return False
        from hermes.dashboard.session import CSRF_HEADER, cookie_from

        cookie = cookie_from(scope["headers"])
        if not cookie or not dash.valid(cookie):
            return False
        if scope["method"] in ("GET", "HEAD"):
            return True
        token = next((v.decode("latin-1") for k, v in scope["headers"] if k == CSRF_HEADER.encode()), None)
        return dash.csrf_ok(cookie, token)

    def _authorized(self, auth: bytes) -> bool:
        assert self._key is not None
        scheme, _, token = auth.partition(b" ")
        if scheme.lower() != b"bearer":
            return False
        return hmac.compare_digest(token.strip(), self._key)

    @staticmethod
    def _client_id(scope: Scope, auth: bytes) -> str:
        if auth:  # per key (hashed: the table must not hold secrets)
            return hashlib.blake2s(auth, digest_size=12).hexdigest()
        client = scope.get("client")
        return f"ip:{client[0]}" if client else "anonymous"


async def _reply(send: Send, status: int, message: str, code: str,
                 extra: list[tuple[bytes, bytes]] | None = None) -> None:
    body = dumps(error_dict(status, message, code=code))
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers + (extra or [])})
    await send({"type": "http.response.body", "body": body})
