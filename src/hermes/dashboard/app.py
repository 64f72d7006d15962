"""The dashboard's routes beside the API: login/logout, static files, and the pages.

Pages are server-rendered Jinja2 templates (no build step, no CDN); each page module in
`hermes.dashboard.pages` exports `PAGE = Page(slug, title, routes)` and is listed in PAGES below. The
pages' own scripts call the JSON API with the session cookie and the CSRF header (see session.py), so
the dashboard needs no second API.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from hermes.dashboard.session import COOKIE, CSRF_FIELD, MAX_AGE, DashboardAuth, cookie_from

STATIC = Path(__file__).parent / "static"
# Scripts only from our own static files (no inline script), nothing from other origins.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'")
# Page modules, in the order of the navigation bar.
PAGES = ["chat", "sessions", "memory", "skills", "cron", "usage", "settings"]


@dataclass
class Page:
    slug: str
    title: str
    routes: list[Any] = field(default_factory=list)  # starlette Routes under /ui/<slug>...


_env = None


def templates() -> Any:
    global _env
    if _env is None:
        from jinja2 import Environment, PackageLoader, select_autoescape

        _env = Environment(loader=PackageLoader("hermes.dashboard", "templates"),
                           autoescape=select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)
    return _env


def loaded_pages() -> list[Page]:
    out = []
    for name in PAGES:
        try:
            mod = importlib.import_module(f"hermes.dashboard.pages.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"hermes.dashboard.pages.{name}":
                raise
            continue
        out.append(mod.PAGE)
    return out


def auth_of(request: Any) -> DashboardAuth:
    return request.app.state.dashboard


def render(request: Any, template: str, *, status: int = 200, **ctx: Any) -> Any:
    """A page, or the login form when the visitor has no valid session."""
    from starlette.responses import HTMLResponse, RedirectResponse

    auth = auth_of(request)
    cookie = cookie_from(dict(request.headers))
    if not auth.valid(cookie):
        return RedirectResponse(f"/ui/login?next={quote(request.url.path)}", status_code=303)
    srv = request.app.state.srv
    html = templates().get_template(template).render(
        request=request, csrf=auth.csrf(cookie), pages=request.app.state.dashboard_pages,
        current=ctx.pop("current", ""), model=f"{srv.hermes.model.provider}:{srv.hermes.model.name}",
        needs_login=not auth.open, **ctx)
    return HTMLResponse(html, status_code=status, headers={"content-security-policy": CSP})


def require(request: Any, *, write: bool = False) -> Any:
    """For the pages' own form posts and fragments: a response to return when the visitor may not
    do this (no session, or a write without the CSRF token), else None."""
    from starlette.responses import PlainTextResponse

    auth = auth_of(request)
    cookie = cookie_from(dict(request.headers))
    if not auth.valid(cookie):
        return PlainTextResponse("Log in first.", status_code=401)
    if write:
        token = request.headers.get("x-csrf-token") or request.query_params.get(CSRF_FIELD)
        if not auth.csrf_ok(cookie, token):
            return PlainTextResponse("Missing or wrong CSRF token; reload the page.", status_code=403)
    return None


def scrub(request: Any, text: str) -> str:
    """Text as a page may show it: secrets the server knows replaced."""
    return request.app.state.srv.scrub(text)


async def json_body(request: Any, max_bytes: int) -> dict[str, Any]:
    """A page endpoint's JSON object body; ValueError with a message the page can show."""
    import json

    raw = await request.body()
    if len(raw) > max_bytes:
        raise ValueError("The request is too large.")
    try:
        data = json.loads(raw or b"{}")
    except ValueError:
        raise ValueError("The body must be JSON.") from None
    if not isinstance(data, dict):
        raise ValueError("The body must be a JSON object.")
    return data


def json_response(data: Any, status: int = 200) -> Any:
    from starlette.responses import JSONResponse

    return JSONResponse(data, status_code=status)


def json_error(message: str, status: int = 400) -> Any:
    return json_response({"error": {"message": message}}, status)


async def write_body(request: Any, max_bytes: int) -> Any:
    """For a page's write endpoint: the JSON object it was sent, or the response that refuses it
    (no session, no CSRF token, not JSON)."""
    denied = require(request, write=True)
    if denied is not None:
        return denied
    try:
        return await json_body(request, max_bytes)
    except ValueError as e:
        return json_error(str(e))


def routes(api_key: str | None) -> tuple[list[Any], DashboardAuth, list[Page]]:
    from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
    from starlette.routing import Route

    auth = DashboardAuth(api_key)
    pages = loaded_pages()

    async def home(request: Any) -> Response:
        first = pages[0].slug if pages else "login"
        return RedirectResponse(f"/ui/{first}", status_code=303)

    async def login(request: Any) -> Response:
        nxt = request.query_params.get("next") or "/ui/"
        if not nxt.startswith("/ui"):
            nxt = "/ui/"  # never an open redirect
        error = ""
        if request.method == "POST":
            form = await request.form()
            value = auth.login(str(form.get("key", "")))
            if value is not None:
                resp = RedirectResponse(nxt, status_code=303)
                resp.set_cookie(COOKIE, value, max_age=MAX_AGE, httponly=True, samesite="strict",
                                secure=request.url.scheme == "https", path="/")
                return resp
            error = "That is not the server's API key."
        if auth.open:
            return RedirectResponse(nxt, status_code=303)
        html = templates().get_template("login.html").render(error=error, next=nxt)
        return HTMLResponse(html, status_code=401 if error else 200, headers={"content-security-policy": CSP})

    async def logout(request: Any) -> Response:
        resp = RedirectResponse("/ui/login", status_code=303)
        resp.delete_cookie(COOKIE, path="/")
        return resp

    async def static(request: Any) -> Response:
        name = request.path_params["name"]
        path = (STATIC / name).resolve()
        if STATIC.resolve() not in path.parents or not path.is_file():
            return Response("not found", status_code=404)
        return FileResponse(path, headers={"cache-control": "public, max-age=3600"})

    out = [Route("/", home), Route("/ui", home), Route("/ui/", home),
           Route("/ui/login", login, methods=["GET", "POST"]), Route("/ui/logout", logout, methods=["POST", "GET"]),
           Route("/ui/static/{name:path}", static)]
    for p in pages:
        out.extend(p.routes)
    return out, auth, pages


