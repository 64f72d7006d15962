"""web_fetch and web_search against real loopback HTTP servers, through real httpx.

Pages come from a local Starlette server; search providers from hermes.testing.search_api, which
emulates SearXNG, Brave and Tavily from their documented APIs. DuckDuckGo (the ddgs package) cannot
be pointed at a local server, so it is tested at the narrowest seam: DDGS.text is monkeypatched.
"""

from __future__ import annotations

import asyncio
import io
import json

import pytest

from hermes.config import Config
from hermes.testing.http_emulator import LoopbackServer
from hermes.testing.search_api import BRAVE_KEY, TAVILY_KEY, SearchAPI
from hermes.tools import web
from hermes.tools.registry import Registry, ToolContext, ToolError

NAV = ('<header><nav class="site-nav"><ul><li><a href="/">Home</a></li><li><a href="/sport">Sport</a></li>'
       '<li><a href="/login">Sign in to your account</a></li></ul></nav></header>')
AD = '<div class="ad-banner" id="ad-top"><a href="https://ads.example.net/c">BUY CHEAP WIDGETS NOW 50% OFF</a></div>'
FOOT = '<footer><p>Copyright 2026 Example Media Ltd.</p><a href="/privacy">Privacy policy</a></footer>'

NEWS = f"""<!doctype html><html><head><title>Harbour bridge reopens after repairs</title></head><body>
{NAV}{AD}<main><article><h1>Harbour bridge reopens after repairs</h1>
<p>The harbour bridge reopened to traffic on Tuesday after eleven months of repairs to its corroded
steel cables, the city council said.</p>
<p>Engineers replaced 214 cable segments and resurfaced the deck. The work cost 38 million euros, about
6 million more than planned, because the corrosion was worse than the first survey showed.</p>
<h2>What changes for commuters</h2>
<p>Buses return to their old routes from Monday. Cyclists get a separated lane, which the council calls
<a href="/cycle-plan">the cycle plan</a>.</p></article>
<aside class="related"><h3>Related stories</h3><a href="/a">Tunnel closes for a weekend</a></aside></main>
{FOOT}</body></html>"""

BLOG = f"""<!doctype html><html><head><title>Sourdough at high altitude | Crumb Notes</title></head><body>
<div id="sidebar"><div class="widget"><h4>Categories</h4><a href="/c/bread">Bread</a></div></div>{AD}
<div id="content"><div class="post"><h1 class="entry-title">Sourdough at high altitude</h1>
<div class="entry-content"><p>At 2,400 metres water boils at about 92 degrees, so a loaf that bakes
perfectly at sea level comes out gummy in the middle.</p><p>Three adjustments fixed it: reduce the levain
by a fifth, add 5% more water, and bake 8 minutes longer with the lid on.</p></div></div>
<div class="comments"><h3>3 comments</h3><p>Great post!!! Visit my site for free followers</p></div></div>
{FOOT}</body></html>"""

DOCS = f"""<!doctype html><html><head><title>Configuring the cache - Widget docs</title></head><body>
{NAV}<div class="layout"><nav class="toc"><a href="/docs/intro">Introduction</a><a href="/docs/install">Installation</a></nav>
<div role="main" class="document"><h1>Configuring the cache</h1>
<p>The cache keeps rendered widgets in memory for <code>cache.ttl</code> seconds, 300 by default.</p>
<pre><code>cache:
  ttl: 600</code></pre>
<p>Set <code>max_items</code> to bound memory use; the least recently used widgets are evicted first.</p>
</div></div>{FOOT}</body></html>"""


def tiny_pdf(text: str) -> bytes:
    """A one-page PDF showing `text`, written with pypdf's own objects."""
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    w = PdfWriter()
    page = w.add_blank_page(612, 792)
    font = DictionaryObject({NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1"),
                             NameObject("/BaseFont"): NameObject("/Helvetica")})
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): DictionaryObject(
        {NameObject("/F1"): w._add_object(font)})})
    stream = DecodedStreamObject()
    stream.set_data(f"BT /F1 18 Tf 72 700 Td ({text}) Tj ET".encode())
    page[NameObject("/Contents")] = w._add_object(stream)
    buf = io.BytesIO()
    w.write(buf)
    return buf.getvalue()


class PageServer(LoopbackServer):
    hosts: list[str] = []  # the Host header of every page request

    def _app(self):
        from starlette.applications import Starlette
        from starlette.responses import (HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse,
                                         Response, StreamingResponse)
        from starlette.routing import Route

        pages = {"news": NEWS, "blog": BLOG, "docs": DOCS}

        async def page(request):
            self.hosts.append(request.headers.get("host", ""))
            return HTMLResponse(pages[request.path_params["name"]])

        async def redirect(request):
            return RedirectResponse(request.query_params["to"], status_code=302)

        async def endless(request):
            async def chunks():
                for _ in range(1000):
                    yield b"x" * 10_000
            return StreamingResponse(chunks(), media_type="text/plain")

        async def slow(request):
            await asyncio.sleep(3)
            return PlainTextResponse("late")

        async def missing(request):
            return PlainTextResponse("no such page", status_code=404)

        return Starlette(routes=[
            Route("/page/{name}", page),
            Route("/redirect", redirect),
            Route("/data.json", lambda r: JSONResponse({"answer": 42, "items": ["a", "b"]})),
            Route("/notes.txt", lambda r: PlainTextResponse("line one\nline two\n")),
            Route("/big.txt", lambda r: PlainTextResponse("y" * 200_000)),
            Route("/endless", endless),
            Route("/slow", slow),
            Route("/doc.pdf", lambda r: Response(tiny_pdf("Quarterly figures rose"), media_type="application/pdf")),
            Route("/image.png", lambda r: Response(b"\x89PNG\r\n\x1a\n" + b"\0" * 100, media_type="image/png")),
            Route("/missing", missing),
        ])


@pytest.fixture(scope="module")
def server():
    with PageServer() as s:
        yield s


def ctx_with(**web_cfg) -> ToolContext:
    web_cfg.setdefault("allow_private", True)
    return ToolContext(config=Config(tools={"web": web_cfg}))


async def fetch(ctx: ToolContext, url: str) -> str:
    return await web.web_fetch.func(ctx, url)


# -- conversion ------------------------------------------------------------------------------

async def test_html_article_becomes_markdown_without_nav(server):
    out = await fetch(ctx_with(), f"http://127.0.0.1:{server.port}/page/news")
    assert out.startswith("[untrusted web content from http://127.0.0.1:")
    assert "# Harbour bridge reopens after repairs" in out
    assert "Engineers replaced 214 cable segments" in out and "What changes for commuters" in out
    body = out.split("Links:")[0]
    assert "Sign in to your account" not in body and "BUY CHEAP WIDGETS" not in body and "Copyright" not in body
    assert f"- [the cycle plan](http://127.0.0.1:{server.port}/cycle-plan)" in out
    assert "/login" not in out  # links from the nav stay out of the list too


@pytest.mark.parametrize("name,kept,dropped", [
    ("blog", "Three adjustments fixed it", "free followers"),
    ("docs", "least recently used widgets", "Installation"),
])
async def test_other_page_shapes(server, name, kept, dropped):
    out = await fetch(ctx_with(), f"http://127.0.0.1:{server.port}/page/{name}")
    assert kept in out and dropped not in out.split("Links:")[0]


async def test_redirect_is_followed(server):
    base = f"http://127.0.0.1:{server.port}"
    out = await fetch(ctx_with(), f"{base}/redirect?to=/page/news")
    assert "Engineers replaced 214" in out
    assert f"from {base}/page/news (redirected from {base}/redirect?to=/page/news)" in out.splitlines()[0]


async def test_json_and_text_pass_as_they_are(server):
    out = await fetch(ctx_with(), f"http://127.0.0.1:{server.port}/data.json")
    assert json.loads(out.split("\n\n", 1)[1]) == {"answer": 42, "items": ["a", "b"]}
    out = await fetch(ctx_with(), f"http://127.0.0.1:{server.port}/notes.txt")
    assert out.endswith("line one\nline two\n")


async def test_size_cap_declared_and_streamed(server):
    ctx = ctx_with(max_bytes=50_000)
    for path in ("/big.txt", "/endless"):  # Content-Length up front; chunked with no length
        with pytest.raises(ToolError, match="larger than the 50,000-byte limit"):
            await fetch(ctx, f"http://127.0.0.1:{server.port}{path}")


async def test_pdf_text(server):
    pytest.importorskip("pypdf")
    out = await fetch(ctx_with(), f"http://127.0.0.1:{server.port}/doc.pdf")
    assert "Quarterly figures rose" in out and "page 1" in out


async def test_other_types_get_a_message(server):
    out = await fetch(ctx_with(), f"http://127.0.0.1:{server.port}/image.png")
    assert "content type image/png" in out and "cannot be shown" in out


async def test_404_and_timeout_messages(server):
    with pytest.raises(ToolError, match="HTTP 404 Not Found .* does not exist"):
        await fetch(ctx_with(), f"http://127.0.0.1:{server.port}/missing")
    with pytest.raises(ToolError, match="timed out after 0.5 s"):
        await fetch(ctx_with(timeout=0.5), f"http://127.0.0.1:{server.port}/slow")


async def test_dns_failure_message():
    with pytest.raises(ToolError, match="could not resolve no-such-host.invalid"):
        await fetch(ctx_with(allow_private=False), "http://no-such-host.invalid/")


async def test_errors_reach_the_model_through_the_registry(server):
    from hermes.core.messages import ToolCall

    reg = Registry(web.TOOLS)
    out = await reg.execute(ToolCall("1", "web_fetch", json.dumps({"url": "file:///etc/passwd"})), ToolContext())
    assert not out.ok and "only http and https" in out.text


# -- SSRF guard ------------------------------------------------------------------------------

@pytest.mark.parametrize("url", [
    "http://localhost/", "http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://10.0.0.1/",
    "http://192.168.1.1/", "http://0.0.0.0/", "http://[::ffff:127.0.0.1]/", "http://[fe80::1]/",
    "http://224.0.0.1/", "http://100.64.0.1/",
])
async def test_private_addresses_refused(url):
    with pytest.raises(ToolError, match="private or internal address"):
        await fetch(ctx_with(allow_private=False), url)


async def test_loopback_test_server_refused(server):
    with pytest.raises(ToolError, match="private or internal address"):
        await fetch(ctx_with(allow_private=False), f"http://127.0.0.1:{server.port}/page/news")


async def test_public_name_resolving_to_loopback_refused(server, monkeypatch):
    async def resolve(host, port):
        return ["127.0.0.1"] if host == "news.example.com" else ["93.184.216.34"]
    monkeypatch.setattr(web, "_resolve", resolve)
    with pytest.raises(ToolError, match="news.example.com resolves to a private"):
        await fetch(ctx_with(allow_private=False), f"http://news.example.com:{server.port}/page/news")


async def test_the_connection_goes_to_the_address_that_was_checked(server, monkeypatch):
    """DNS rebinding: the name is resolved once, checked, and that address is the one connected to.
    Here the name exists only in the checked answer; a second lookup by the HTTP client would fail."""
    async def resolve(host, port):
        assert host == "rebind.example.test"
        return ["127.0.0.1"]
    monkeypatch.setattr(web, "_resolve", resolve)
    monkeypatch.setattr(web, "is_blocked_ip", lambda ip: False)  # 127.0.0.1 stands for a public address
    text = await fetch(ctx_with(allow_private=False), f"http://rebind.example.test:{server.port}/page/news")
    assert "Engineers" in text
    assert server.hosts[-1] == f"rebind.example.test:{server.port}"  # the site saw its own name


async def test_redirect_to_private_address_refused(server, monkeypatch):
    # The test server itself is let through (it stands for a public site); its redirect is not.
    real = web._check_target

    async def check(url, allow_private):
        if url.host == "127.0.0.1" and url.port == server.port:
            return
        await real(url, allow_private)
    monkeypatch.setattr(web, "_check_target", check)
    base = f"http://127.0.0.1:{server.port}"
    assert "Engineers" in await fetch(ctx_with(allow_private=False), f"{base}/redirect?to=/page/news")
    for target in ("http://169.254.169.254/latest/", "http://127.0.0.1:1/", "http://[::1]:80/"):
        with pytest.raises(ToolError, match="private or internal address"):
            await fetch(ctx_with(allow_private=False), f"{base}/redirect?to={target}")


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://ftp.example.com/x", "gopher://x/"])
async def test_non_web_schemes_refused(url):
    with pytest.raises(ToolError, match="only http and https"):
        await fetch(ctx_with(allow_private=True), url)


def test_blocked_ip_classes():
    assert not web.is_blocked_ip("93.184.216.34") and not web.is_blocked_ip("2606:2800:220:1::1")
    for ip in ("127.0.0.1", "10.1.2.3", "172.16.0.1", "::1", "fd00::1", "::ffff:10.0.0.1", "ff02::1", "::"):
        assert web.is_blocked_ip(ip), ip


# -- search ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def search_api():
    with SearchAPI() as s:
        yield s


def search_ctx(provider, url=None, **extra) -> ToolContext:
    return ToolContext(config=Config(tools={"web": {"search": {"provider": provider, "url": url, **extra}}}))


async def search(ctx, query, n=None):
    return await web.web_search.func(ctx, query, n)


async def test_searxng(search_api):
    out = await search(search_ctx("searxng", search_api.base_url, max_results=3), "bridge repairs")
    assert out.startswith("[untrusted web content from web search for 'bridge repairs'")
    assert "1. bridge repairs result 1\n   https://example.org/1?q=bridge+repairs\n   Snippet 1" in out
    assert "3. bridge repairs result 3" in out and "4." not in out
    assert search_api.requests[-1] == {"provider": "searxng", "q": "bridge repairs", "format": "json"}


async def test_brave_key_checked(search_api, monkeypatch):
    monkeypatch.setenv("BRAVE_API_KEY", BRAVE_KEY)
    out = await search(search_ctx("brave", search_api.base_url), "sourdough", 2)
    assert "2. sourdough result 2" in out and "3." not in out and search_api.requests[-1]["key_ok"]
    monkeypatch.setenv("BRAVE_API_KEY", "wrong-key-999")
    with pytest.raises(ToolError, match=r"brave rejected the API key \(HTTP 401\): check BRAVE_API_KEY") as e:
        await search(search_ctx("brave", search_api.base_url), "sourdough")
    assert "wrong-key-999" not in str(e.value)
    monkeypatch.delenv("BRAVE_API_KEY")
    with pytest.raises(ToolError, match="BRAVE_API_KEY=... in Hermes' .env"):
        await search(search_ctx("brave", search_api.base_url), "sourdough")


async def test_brave_key_from_dotenv(search_api, monkeypatch, tmp_path):
    from hermes.home import Home

    monkeypatch.delenv("BRAVE_API_KEY", raising=False)
    home = Home.resolve(root=tmp_path).ensure()
    home.env_file.write_text(f"BRAVE_API_KEY={BRAVE_KEY}\n")
    ctx = search_ctx("brave", search_api.base_url)
    ctx.home = home
    assert "1. cache result 1" in await search(ctx, "cache")


async def test_tavily(search_api, monkeypatch):
    monkeypatch.setenv("TAVILY_API_KEY", TAVILY_KEY)
    out = await search(search_ctx("tavily", search_api.base_url), "harbour", 4)
    assert "4. harbour result 4" in out and "5." not in out
    monkeypatch.setenv("TAVILY_API_KEY", "tvly-bad")
    with pytest.raises(ToolError, match="tavily rejected the API key"):
        await search(search_ctx("tavily", search_api.base_url), "harbour")


async def test_duckduckgo_at_the_ddgs_seam(monkeypatch):
    # ddgs talks to DuckDuckGo's servers and cannot be aimed at a local one: only DDGS.text is replaced.
    real = pytest.importorskip("ddgs.ddgs").DDGS  # `ddgs.DDGS` is a lazy proxy for this class
    seen = {}

    def text(self, query, max_results=None, **kw):
        seen.update(query=query, max_results=max_results)
        return [{"title": "Duck result", "href": "https://duck.example/1", "body": "A snippet."}]
    monkeypatch.setattr(real, "text", text)
    out = await search(search_ctx("duckduckgo"), "ducks", 2)
    assert "1. Duck result\n   https://duck.example/1\n   A snippet." in out
    assert seen == {"query": "ducks", "max_results": 2}


async def test_search_not_configured():
    with pytest.raises(ToolError, match="tools.web.search.provider"):
        await search(ToolContext(), "anything")
    with pytest.raises(ToolError, match="tools.web.search.url"):
        await search(search_ctx("searxng"), "anything")


def test_toolset_is_opt_in():
    from hermes.tools.builtin import all_tools

    names = {t.name: t.toolset for t in all_tools()}
    assert names["web_fetch"] == names["web_search"] == "web"
    assert "web" not in Config().toolsets
    assert Config().tools.web.max_bytes == 5_000_000


async def test_missing_optional_packages_say_how_to_install(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "ddgs", None)  # import ddgs now fails as if not installed
    with pytest.raises(ToolError, match="needs the ddgs package: pip install"):
        await search(search_ctx("duckduckgo"), "ducks")
    monkeypatch.setitem(sys.modules, "pypdf", None)
    assert "install pypdf" in web.pdf_to_text(b"%PDF-1.4")
