"""The dashboard's login, session cookie and CSRF rules, against the real server over loopback."""

from __future__ import annotations

import httpx
import pytest

from dashboard_support import STRONG, make_hermes, make_home, serve
from hermes.dashboard.session import COOKIE, DashboardAuth
from hermes.testing import ScriptedModel

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def srv(tmp_path):
    h = make_hermes(make_home(tmp_path), ScriptedModel())
    with serve(h, api_key=STRONG) as s:
        yield s


def test_login_sets_an_httponly_strict_cookie_and_never_the_key(srv):
    with httpx.Client(base_url=srv.url) as c:
        r = c.get("/ui/", follow_redirects=True)
        assert r.url.path == "/ui/login" and 'type="password"' in r.text
        bad = c.post("/ui/login", data={"key": "wrong"})
        assert bad.status_code == 401 and "API key." in bad.text and 'role="alert"' in bad.text and COOKIE not in c.cookies
        ok = c.post("/ui/login?next=/ui/sessions", data={"key": STRONG})
        assert ok.status_code == 303 and ok.headers["location"] == "/ui/sessions"
        raw = ok.headers["set-cookie"]
        assert "HttpOnly" in raw and "SameSite=strict" in raw.replace("Strict", "strict")
        assert STRONG not in raw
        open_redirect = c.post("/ui/login?next=https://evil.example/", data={"key": STRONG})
        assert open_redirect.headers["location"] == "/ui/"


def test_the_cookie_opens_the_api_and_writes_need_the_csrf_token(srv):
    with httpx.Client(base_url=srv.url) as c:
        assert c.get("/api/sessions").status_code == 401
        c.post("/ui/login", data={"key": STRONG})
        assert c.get("/api/sessions").status_code == 200  # reads: the cookie is enough
        no_token = c.delete("/api/sessions/no-such-session")
        assert no_token.status_code == 401
        token = DashboardAuth(STRONG).csrf(c.cookies[COOKIE])
        wrong = c.delete("/api/sessions/no-such-session", headers={"x-csrf-token": "0" * 64})
        assert wrong.status_code == 401
        good = c.delete("/api/sessions/no-such-session", headers={"x-csrf-token": token})
        assert good.status_code == 404, good.text  # past the guard: the session just does not exist
        c.post("/ui/logout")
        assert c.get("/api/sessions").status_code == 401


def test_a_forged_or_expired_cookie_is_refused(srv, monkeypatch):
    import time

    auth = DashboardAuth(STRONG)
    good = auth.login(STRONG)
    assert auth.valid(good) and not auth.valid(good[:-1] + ("0" if good[-1] != "0" else "1"))
    assert not DashboardAuth("another-key-of-enough-length-1").valid(good)
    monkeypatch.setattr(time, "time", lambda: float(good.split(".")[0]) + 8 * 24 * 3600)
    assert not auth.valid(good)
    with httpx.Client(base_url=srv.url, cookies={COOKIE: "123.abc"}) as c:
        assert c.get("/api/sessions").status_code == 401


def test_pages_carry_a_strict_content_security_policy(srv):
    with httpx.Client(base_url=srv.url) as c:
        r = c.get("/ui/login")
        assert r.status_code == 200 and "script-src 'self'" in r.headers["content-security-policy"]
        assert r.headers["x-frame-options"] == "DENY"
        assert c.get("/ui/static/app.css").status_code == 200
        assert c.get("/ui/static/..%2F..%2Fconfig.py").status_code == 404
