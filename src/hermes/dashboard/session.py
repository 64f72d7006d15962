"""The dashboard's login: the API key, typed once into a form, becomes an HttpOnly, SameSite=Strict
cookie; every state-changing request also carries a CSRF token derived from that cookie.

The cookie is `issued.HMAC(key, issued)`: the key itself never reaches the browser, a cookie stops
working when the key changes, and it expires after MAX_AGE. With no key (a loopback server open to
everyone on this machine) there is nothing to log in to and the CSRF token is still required, so a
page on another site cannot drive the dashboard through the user's browser.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

COOKIE = "hermes_dash"
CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf"
MAX_AGE = 7 * 24 * 3600


class DashboardAuth:
    def __init__(self, api_key: str | None):
        self.key = api_key
        # Without a key the CSRF secret is random per process: tokens die with the server.
        self._secret = (api_key or secrets.token_hex(32)).encode()

    @property
    def open(self) -> bool:
        return self.key is None

    def _sign(self, text: str) -> str:
        return hmac.new(self._secret, text.encode(), hashlib.sha256).hexdigest()

    def login(self, typed: str) -> str | None:
        """The cookie value for a correct key, else None."""
        if self.key is None or not hmac.compare_digest(typed.strip().encode(), self.key.encode()):
            return None
        issued = str(int(time.time()))
        return f"{issued}.{self._sign('session:' + issued)}"

    def valid(self, cookie: str | None) -> bool:
        if self.open:
            return True
        if not cookie or "." not in cookie:
            return False
        issued, sig = cookie.split(".", 1)
        if not issued.isdigit() or time.time() - int(issued) > MAX_AGE:
            return False
        return hmac.compare_digest(sig, self._sign("session:" + issued))

    def csrf(self, cookie: str | None) -> str:
        """The token pages embed; bound to the session cookie (or, with no key, to this process)."""
        return self._sign("csrf:" + (cookie or "open"))

    def csrf_ok(self, cookie: str | None, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(token or "", self.csrf(cookie))


def cookie_from(headers: list[tuple[bytes, bytes]] | dict[str, str], name: str = COOKIE) -> str | None:
    """The named cookie from raw ASGI headers or a Starlette header mapping."""
    raw = ""
    if isinstance(headers, list):
        raw = "; ".join(v.decode("latin-1") for k, v in headers if k == b"cookie")
    else:
        raw = headers.get("cookie", "")
    for part in raw.split(";"):
        k, _, v = part.strip().partition("=")
        if k == name:
            return v
    return None
