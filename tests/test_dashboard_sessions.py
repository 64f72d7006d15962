"""The Sessions and Usage pages in a real Chromium against the real server: paging and filters, search
with marked hits, a transcript with a tool call and a compression summary, exports, delete after a
confirmation, the usage charts; plus the pages' cookie and CSRF rules over httpx."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import httpx
import pytest

from dashboard_support import STRONG, browser, login, make_hermes, make_home, save_screenshot, serve  # noqa: F401
from hermes.core.messages import Message
from hermes.dashboard.session import COOKIE, DashboardAuth
from hermes.testing import ScriptedModel, call, reply

pytestmark = pytest.mark.timeout(90)


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    """A server over a store with two scripted conversations (one with a tool call, later compacted),
    60 telegram sessions for paging and one session to delete."""
    tmp = tmp_path_factory.mktemp("sessions")
    work = tmp / "work"
    work.mkdir()
    home = make_home(tmp, {"terminal": {"cwd": str(work)}})
    steps = [reply("Noted: deploy on Fridays."), call("terminal", {"command": "echo hi"}), reply("The shell said hi."),
             reply("Pods restart when the liveness probe fails; <b>check</b> the probe path.")]
    h = make_hermes(home, ScriptedModel(steps))

    async def talk(*texts: str) -> str:
        conv = h.open(source="cli")
        try:
            for text in texts:
                await conv.ask(text)
        finally:
            await conv.close()
        return conv.state.id

    shell = asyncio.run(talk("we deploy on Fridays", "say hi in the shell"))
    pods = asyncio.run(talk("why do my pods restart?"))
    store = h.store
    h.store.set_title(shell, "Shell greeting")
    first_two = [m.id for m in store.get_messages(shell)[:2]]
    summary = Message.user("[Summary of earlier turns] The user said they deploy on Fridays.")
    store.compact(shell, first_two, summary)
    now = time.time()
    for i in range(60):
        store.create_session(source="telegram", scope="telegram:7", title=f"Telegram chat {i:02d}",
                             created_at=now - 86400 - i * 60)
    doomed = store.create_session(source="api", scope="api:x", title="Doomed session").id
    with serve(h, api_key=STRONG) as s:
        s.hermes, s.shell, s.pods, s.doomed = h, shell, pods, doomed
        yield s


def open_page(browser, srv, path, width=1280):
    page = browser.new_page(viewport={"width": width, "height": 800}, accept_downloads=True)
    login(page, srv.url)
    page.goto(srv.url + path)
    return page


def test_pages_and_exports_need_the_cookie_and_writes_the_csrf_token(srv):
    with httpx.Client(base_url=srv.url) as c:
        for path in ("/ui/sessions", "/ui/usage", f"/ui/sessions/{srv.shell}"):
            r = c.get(path)
            assert r.status_code == 303 and r.headers["location"].startswith("/ui/login"), path
        assert c.get(f"/ui/sessions/{srv.shell}/export?format=json").status_code == 401
        c.post("/ui/login", data={"key": STRONG})
        r = c.get(f"/ui/sessions/{srv.shell}/export?format=json")
        assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
        assert r.json()["session"]["id"] == srv.shell and STRONG not in r.text
        assert c.get(f"/ui/sessions/{srv.shell}/export?format=pdf").status_code == 400
        assert c.get("/ui/sessions/no-such-session").status_code == 404
        assert c.get("/ui/sessions/no-such-session/export").status_code == 404
        assert c.delete(f"/api/sessions/{srv.doomed}").status_code == 401  # no CSRF header
        assert c.delete(f"/api/sessions/{srv.doomed}", headers={"x-csrf-token": "0" * 64}).status_code == 401
        assert srv.hermes.store.get_session(srv.doomed) is not None
        token = DashboardAuth(STRONG).csrf(c.cookies[COOKIE])
        page = c.get("/ui/sessions")
        assert f'content="{token}"' in page.text and STRONG not in page.text


def test_the_list_pages_and_filters(browser, srv):
    page = open_page(browser, srv, "/ui/sessions")
    rows = page.locator("table.sessions tbody tr")
    assert rows.count() == 50
    assert "Page 1" in page.locator(".pager").inner_text()
    save_screenshot(page, "sessions")
    with page.expect_navigation():
        page.get_by_role("link", name="Older →").click()
    assert "page=2" in page.url and rows.count() == 13  # 63 sessions in all
    assert page.get_by_role("link", name="← Newer").is_visible()
    page.goto(srv.url + "/ui/sessions")
    page.select_option("#source", "cli")
    with page.expect_navigation():
        page.get_by_role("button", name="Apply").click()
    assert "source=cli" in page.url and rows.count() == 2
    assert "Shell greeting" in page.locator("table.sessions").inner_text()
    page.fill("#scope", "telegram:7")
    page.select_option("#source", "")
    with page.expect_navigation():
        page.press("#scope", "Enter")
    assert rows.count() == 50 and page.get_by_role("link", name="Older →").is_visible()
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(srv.url + "/ui/sessions")
    save_screenshot(page, "sessions-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


def test_search_marks_the_hits_and_escapes_the_rest(browser, srv):
    page = open_page(browser, srv, "/ui/sessions")
    page.fill("#q", "liveness probe")
    with page.expect_navigation():
        page.press("#q", "Enter")
    hit = page.locator(".hit").first
    marks = [m.lower() for m in hit.locator("mark").all_inner_texts()]
    assert "liveness" in marks and "probe" in marks
    assert hit.locator(".snippet b").count() == 0 and "<b>check</b>" in hit.locator(".snippet").inner_text()
    with page.expect_navigation():
        hit.get_by_role("link").click()
    assert page.url.endswith(f"/ui/sessions/{srv.pods}")
    page.goto(srv.url + "/ui/sessions?q=zebrafishless")
    assert "Nothing matched" in page.locator("main").inner_text()
    page.close()


def test_a_transcript_shows_the_tool_call_and_the_summary_and_exports(browser, srv):
    page = open_page(browser, srv, f"/ui/sessions/{srv.shell}")
    assert page.locator("h1").inner_text() == "Shell greeting"
    call_ = page.locator(".tool-call").first
    assert call_.locator(".tool-name").inner_text() == "terminal" and '"command": "echo hi"' in call_.inner_text()
    assert "hi" in page.locator(".msg-tool pre").first.inner_text()
    summary = page.locator(".msg-summary")
    assert summary.count() == 1 and "Compression summary" in summary.inner_text()
    save_screenshot(page, "sessions-transcript")
    with page.expect_navigation():
        page.get_by_role("link", name="Show compacted originals too").click()
    assert page.locator(".msg").count() > page.locator(".msg-summary").count() + 3
    with page.expect_download() as d:
        page.get_by_role("link", name="Export JSON").click()
    doc = json.loads(Path(d.value.path()).read_text())
    assert d.value.suggested_filename == f"session-{srv.shell}.json"
    assert any(m.get("summary") for m in doc["messages"])
    assert any(tc["function"]["name"] == "terminal" for m in doc["messages"] for tc in m.get("tool_calls", []))
    with page.expect_download() as d:
        page.get_by_role("link", name="Export Markdown").click()
    md = Path(d.value.path()).read_text()
    assert md.startswith("# Shell greeting") and "**tool call** `terminal`" in md and "## compression summary" in md
    page.close()


def test_delete_asks_first_and_removes_the_row(browser, srv):
    page = open_page(browser, srv, "/ui/sessions?source=api")
    row = page.locator(f'tr[data-session="{srv.doomed}"]')
    page.once("dialog", lambda d: d.dismiss())
    row.get_by_role("button").click()
    page.locator("#flash", has_text="Not deleted").wait_for()
    assert row.count() == 1 and srv.hermes.store.get_session(srv.doomed) is not None
    page.once("dialog", lambda d: d.accept())
    row.get_by_role("button").click()
    page.locator("#flash", has_text="Deleted session").wait_for()
    assert row.count() == 0 and srv.hermes.store.get_session(srv.doomed) is None
    page.reload()
    assert page.locator(f'tr[data-session="{srv.doomed}"]').count() == 0
    page.close()


def test_usage_charts_the_scripted_sessions_tokens(browser, srv):
    u = [srv.hermes.store.get_session(s).usage for s in (srv.shell, srv.pods)]
    page = open_page(browser, srv, "/ui/usage?days=7")
    totals = page.locator("#totals").inner_text()
    assert f"{sum(x.input_tokens for x in u):,} input tokens" in totals
    bars = page.locator("#h-tokens + .legend + svg.chart rect.bar")
    assert bars.count() >= 1
    tips = " ".join(page.locator("svg.chart rect.bar title").all_text_contents())
    assert f"input {sum(x.input_tokens for x in u):,}" in tips
    assert "scripted" in page.locator("table.models").inner_text()
    assert page.locator("table.top a").count() >= 2
    save_screenshot(page, "usage")
    page.set_viewport_size({"width": 390, "height": 800})
    save_screenshot(page, "usage-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.select_option("#days", "365")
    with page.expect_navigation():
        page.get_by_role("button", name="Show").click()
    assert "days=365" in page.url and "Tokens per week" in page.locator("main").inner_text()
    page.close()
