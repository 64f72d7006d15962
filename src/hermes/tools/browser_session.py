"""The browser behind the `browser` toolset: one Chromium process shared by every session, one
isolated context (cookies, storage, pages) per session in `ctx.state["browser"]`, closed after
`tools.browser.idle_seconds` without use or when the session ends; the process stops with its last
context.

Playwright drives the system Chromium (`executable_path`); `playwright install` is never needed.
Unless `tools.web.allow_private`, a context sends all its traffic through its own GuardProxy
(browser_proxy.py), which applies web_fetch's private-address policy to every request, redirect hop
and sub-resource; the final URL is checked again after each action.
"""

from __future__ import annotations

import asyncio
import importlib.util
import inspect
import os
import shutil
from typing import Any

from hermes.tools.registry import ToolContext, ToolError

MIN_PLAYWRIGHT = "1.59"  # the first with page.aria_snapshot(mode="ai") and aria-ref= selectors
INSTALL_HINT = "pip install 'hermes-recall[browser]'"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
VIEWPORT = {"width": 1280, "height": 800}


def browser_settings(ctx: ToolContext) -> Any:
    from hermes.config import BrowserTools

    cfg = getattr(ctx.config, "tools", None)
    return cfg.browser if cfg is not None else BrowserTools()


def find_chromium(configured: str = "") -> str | None:
    if configured:
        return configured if os.access(configured, os.X_OK) else None
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


_missing_cache: dict[str, str | None] = {}


def missing_reason(configured: str = "") -> str | None:
    """Why the browser cannot run here (a sentence naming what to install), or None if it can."""
    if configured not in _missing_cache:
        _missing_cache[configured] = _check_missing(configured)
    return _missing_cache[configured]


def _check_missing(configured: str) -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return (f"the browser tools need the Playwright package: {INSTALL_HINT} (the system Chromium is "
                "used; `playwright install` is not needed)")
    from playwright.async_api import Page

    if "mode" not in inspect.signature(Page.aria_snapshot).parameters:
        return f"the installed Playwright is too old for the browser tools (needs >= {MIN_PLAYWRIGHT}): {INSTALL_HINT}"
    if find_chromium(configured) is None:
        where = f"{configured} is not an executable" if configured else "no Chromium on PATH"
        return (f"the browser tools need Chromium ({where}): install the system package "
                "(apt-get install chromium) or set tools.browser.executable_path")
    return None


class Browsers:
    """The shared Chromium process: launched on first use, stopped when its last context closes
    (unless keep_alive). Bound to the event loop that launched it."""

    def __init__(self, *, keep_alive: bool = False, extra_args: list[str] | None = None):
        self.keep_alive = keep_alive
        self.extra_args = list(extra_args or [])
        self.sessions: set[BrowserSession] = set()
        self._pw: Any = None
        self._browser: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock: asyncio.Lock | None = None

    def _guard(self) -> asyncio.Lock:
        """The lock that orders launching, opening and the last release (which stops the process)."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # objects of another (finished) loop cannot be used here
            self._pw = self._browser = None
            self._loop, self._lock = loop, asyncio.Lock()
        assert self._lock is not None
        return self._lock

    async def _launch(self, executable: str) -> Any:
        if self._browser is None or not self._browser.is_connected():
            from playwright.async_api import async_playwright

            if self._pw is None:
                self._pw = await async_playwright().start()
            try:
                self._browser = await self._pw.chromium.launch(
                    executable_path=executable, args=LAUNCH_ARGS + self.extra_args)
            except Exception as e:
                raise ToolError(f"could not start Chromium ({executable}): {_first_line(e)}") from None
        return self._browser

    async def open(self, ctx: ToolContext) -> "BrowserSession":
        settings = browser_settings(ctx)
        reason = missing_reason(settings.executable_path)
        if reason:
            raise ToolError(reason)
        from hermes.tools.web import web_settings

        allow_private = web_settings(ctx).allow_private
        proxy = None
        if not allow_private:
            from hermes.tools.browser_proxy import GuardProxy

            proxy = await GuardProxy(lambda url, why: session.refused(url, why)).start()
        try:
            async with self._guard():
                browser = await self._launch(find_chromium(settings.executable_path) or "")
                context = await browser.new_context(
                    viewport=VIEWPORT, accept_downloads=False, service_workers="block",
                    # "<-loopback>": Chromium would otherwise send localhost straight past the proxy
                    proxy={"server": f"http://127.0.0.1:{proxy.port}", "bypass": "<-loopback>"}
                    if proxy else None)
                session = BrowserSession(self, context, settings, allow_private)
                session.proxy = proxy
                self.sessions.add(session)
        except BaseException:
            if proxy is not None:
                await proxy.close()
            raise
        context.set_default_timeout(settings.timeout * 1000)
        try:
            context.on("page", session._opened)  # popups and target=_blank links become current
            await context.new_page()
        except BaseException:
            await session.close()
            raise
        return session

    async def release(self, session: "BrowserSession") -> None:
        if self._loop is not asyncio.get_running_loop():
            self.sessions.discard(session)
            return
        async with self._guard():
            self.sessions.discard(session)
            if not self.sessions and not self.keep_alive:
                await self.stop()

    async def stop(self) -> None:
        browser, pw, self._browser, self._pw = self._browser, self._pw, None, None
        for closer in (browser, pw):
            if closer is not None:
                try:
                    await (closer.close() if closer is browser else closer.stop())
                except Exception:  # already gone: nothing left to free
                    pass


DEFAULT_BROWSERS = Browsers()


class BrowserSession:
    """One session's browser context: its pages, its idle timer, its address checks."""

    def __init__(self, owner: Browsers, context: Any, settings: Any, allow_private: bool):
        self.owner = owner
        self.context = context
        self.settings = settings
        self.allow_private = allow_private
        self.pages: list[Any] = []
        self.closed = False
        self.page_opened = asyncio.Event()
        self.blocked: dict[str, str] = {}  # url -> why the proxy refused it, this action
        self._lock = asyncio.Lock()
        self._timer: asyncio.TimerHandle | None = None
        self._closing: asyncio.Task | None = None
        self.proxy: Any = None  # the GuardProxy all its traffic goes through, unless allow_private

    @property
    def page(self) -> Any:
        live = [p for p in self.pages if not p.is_closed()]
        if not live:
            raise ToolError("the browser has no open page: use browser_navigate")
        return live[-1]

    def _opened(self, page: Any) -> None:
        self.pages.append(page)
        self.page_opened.set()

    def refused(self, url: str, why: str) -> None:
        self.blocked[url] = why

    async def check_url(self, url: str) -> None:
        """Re-check where the page ended up (after redirects, clicks, scripts)."""
        if self.allow_private or not url.startswith(("http:", "https:")):
            return
        if url in self.blocked:  # the page is the proxy's refusal
            await self.page.goto("about:blank")
            raise ToolError(self.blocked[url])
        import httpx

        from hermes.tools.web import _check_target

        try:
            await _check_target(httpx.URL(url), False)
        except ToolError:
            await self.page.goto("about:blank")
            raise

    def use(self) -> "_Use":
        """`async with session.use():` one tool call at a time per session, idle timer paused."""
        return _Use(self)

    def _arm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(self.settings.idle_seconds, self._expire)

    def _expire(self) -> None:
        if not self._lock.locked():
            self._closing = asyncio.ensure_future(self.close())

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
        try:
            await self.context.close()
        except Exception:  # the browser already went away
            pass
        if self.proxy is not None:
            await self.proxy.close()
        await self.owner.release(self)


class _Use:
    def __init__(self, session: BrowserSession):
        self.s = session

    async def __aenter__(self) -> BrowserSession:
        await self.s._lock.acquire()
        self.s.blocked.clear()  # refusals are reported for the action that caused them
        if self.s._timer is not None:
            self.s._timer.cancel()
        return self.s

    async def __aexit__(self, *exc: Any) -> None:
        self.s._lock.release()
        if not self.s.closed:
            self.s._arm()


async def session_for(ctx: ToolContext) -> tuple[BrowserSession, str]:
    """This session's browser context (opened on first use) and a note when an idle one was closed."""
    s = ctx.state.get("browser")
    if isinstance(s, BrowserSession) and not s.closed:
        return s, ""
    owner = ctx.services.get("browser") or DEFAULT_BROWSERS
    note = ("[the previous browser context was closed after being idle: its pages and logins are gone]\n"
            if isinstance(s, BrowserSession) else "")
    ctx.state["browser"] = s = await owner.open(ctx)
    return s, note


def _first_line(e: BaseException) -> str:
    return (str(e).strip().splitlines() or [type(e).__name__])[0][:500]
