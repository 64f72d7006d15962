"""The chat page in a real Chromium against the real server: streamed text, tool activity,
approvals answered from the page, stop, sessions; plus the endpoints' cookie and CSRF rules."""

from __future__ import annotations

import contextlib
import json

import httpx
import pytest

from dashboard_support import STRONG, browser, login, make_hermes, make_home, save_screenshot, serve  # noqa: F401
from hermes.dashboard.session import COOKIE, DashboardAuth
from hermes.testing import ScriptedModel, call, reply

pytestmark = pytest.mark.timeout(90)


@contextlib.contextmanager
def running(tmp_path, steps):
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    home = make_home(tmp_path, {"terminal": {"cwd": str(work)}, "approvals": {"mode": "manual", "timeout": 30}})
    h = make_hermes(home, ScriptedModel(steps))
    with serve(h, api_key=STRONG) as s:
        s.hermes, s.work = h, work
        yield s


def chat_page(browser, srv, path="/ui/chat"):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    login(page, srv.url)
    page.goto(srv.url + path)
    return page


def test_endpoints_need_the_cookie_and_the_csrf_token(tmp_path):
    with running(tmp_path, []) as srv, httpx.Client(base_url=srv.url) as c:
        assert c.get("/ui/chat").status_code == 303  # to the login
        body = {"text": "hi"}
        for path in ("/ui/chat/send", "/ui/chat/approve", "/ui/chat/stop"):
            assert c.post(path, json=body).status_code == 401, path
        c.post("/ui/login", data={"key": STRONG})
        page = c.get("/ui/chat")
        assert page.status_code == 200 and 'id="composer"' in page.text and STRONG not in page.text
        for path in ("/ui/chat/send", "/ui/chat/approve", "/ui/chat/stop"):
            assert c.post(path, json=body).status_code == 403, path
            assert c.post(path, json=body, headers={"x-csrf-token": "0" * 64}).status_code == 403, path
        token = {"x-csrf-token": DashboardAuth(STRONG).csrf(c.cookies[COOKIE])}
        r = c.post("/ui/chat/send", json={"text": "hello there"}, headers=token)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        events = [json.loads(line[6:]) for line in r.text.splitlines() if line.startswith("data: ")]
        assert events[0]["type"] == "session" and events[-1]["type"] == "done"
        assert any(e["type"] == "final" and "hello there" in e["text"] for e in events)  # echo mode
        sid = events[0]["id"]
        assert srv.hermes.store.get_session(sid).source == "dashboard"
        assert c.post("/ui/chat/send", json={"text": ""}, headers=token).status_code == 400
        assert c.post("/ui/chat/send", json={"text": "x", "session_id": "nope"}, headers=token).status_code == 404
        bad = c.post("/ui/chat/approve", json={"session_id": sid, "request_id": "x", "answer": "once"}, headers=token)
        assert bad.status_code == 404 and "no longer waiting" in bad.json()["error"]["message"]
        assert c.post("/ui/chat/approve", json={"answer": "always"}, headers=token).status_code == 400
        assert c.post("/ui/chat/stop", json={"session_id": sid}, headers=token).json()["stopped"] is False


def test_streamed_text_and_a_collapsible_tool_call(browser, tmp_path):
    answer = "The command printed **hi**. Here it is:\n\n```\nhi\n```\n<img src=x onerror=alert(1)>"
    steps = [call("terminal", {"command": "echo hi"}), reply(answer, chunks=6, chunk_delay=0.25)]
    with running(tmp_path, steps) as srv:
        page = chat_page(browser, srv)
        page.fill("#prompt", "say hi in the shell")
        page.keyboard.press("Enter")
        tool = page.locator(".tool").first
        tool.locator(".tool-state.ok").wait_for(timeout=10_000)
        assert "terminal" in tool.locator("summary").inner_text() and "echo hi" in tool.locator("summary").inner_text()
        assert not tool.locator(".tool-out").is_visible()  # collapsed until asked for
        # the answer arrives in pieces: a partial text is on screen before the whole one
        page.wait_for_function("""() => { const b = document.querySelectorAll('.msg.assistant .body');
            const t = b.length ? b[b.length - 1].textContent : ''; return t.length > 0 && !t.includes('onerror'); }""",
                               timeout=10_000)
        page.locator(".msg.assistant .body", has_text="onerror").wait_for(timeout=10_000)
        body = page.locator(".msg.assistant .body").last
        assert body.locator("strong").inner_text() == "hi" and body.locator("pre code").inner_text() == "hi"
        assert body.locator("img").count() == 0  # the model's HTML is shown as text
        tool.locator("summary").click()
        assert tool.locator(".tool-out").is_visible() and "hi" in tool.locator(".tool-out").inner_text()
        page.locator("#send:enabled").wait_for()
        assert "session=" in page.url
        save_screenshot(page, "chat")
        page.set_viewport_size({"width": 390, "height": 800})
        save_screenshot(page, "chat-phone")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.close()


def test_a_dangerous_command_is_approved_or_denied_from_the_page(browser, tmp_path):
    steps = [call("terminal", {"command": "rm -rf ./drafts"}), reply("Removed the drafts folder."),
             call("terminal", {"command": "rm -rf ./keep"}), reply("I did not remove it.")]
    with running(tmp_path, steps) as srv:
        (srv.work / "drafts").mkdir()
        (srv.work / "keep").mkdir()
        page = chat_page(browser, srv)
        page.fill("#prompt", "clean out the drafts")
        page.click("#send")
        card = page.locator(".approval").first
        card.wait_for(timeout=10_000)
        assert "rm -rf ./drafts" in card.inner_text()
        assert (srv.work / "drafts").exists()  # nothing runs before the answer
        card.get_by_role("button", name="Approve once").click()
        page.locator(".msg.assistant", has_text="Removed the drafts folder.").wait_for(timeout=10_000)
        assert not (srv.work / "drafts").exists()
        assert card.get_by_role("button", name="Deny").is_disabled()
        page.locator("#send:enabled").wait_for()
        page.fill("#prompt", "and the keep folder")
        page.click("#send")
        second = page.locator(".approval").nth(1)
        second.get_by_role("button", name="Deny").click()
        page.locator(".msg.assistant", has_text="I did not remove it.").wait_for(timeout=10_000)
        assert (srv.work / "keep").exists()
        assert "Denied" in second.inner_text()
        page.close()


def test_stop_ends_a_slow_answer_and_the_session_goes_on(browser, tmp_path):
    steps = [reply("word " * 40, chunks=40, chunk_delay=0.3)]
    with running(tmp_path, steps) as srv:
        page = chat_page(browser, srv)
        page.fill("#prompt", "tell me a long story")
        page.click("#send")
        page.locator(".msg.assistant .body", has_text="word").wait_for(timeout=10_000)
        page.click("#stop")
        page.locator(".note", has_text="Stopped").wait_for(timeout=10_000)
        page.locator("#send:enabled").wait_for()
        assert page.locator("#stop").is_disabled()
        page.fill("#prompt", "still there?")
        page.click("#send")
        page.locator(".msg.assistant", has_text="still there?").wait_for(timeout=10_000)  # echo mode
        page.close()


def test_new_session_and_opening_an_old_one(browser, tmp_path):
    from hermes.core.messages import Message

    with running(tmp_path, []) as srv:
        store = srv.hermes.store
        old = store.create_session(source="cli", title="Old chat about plants")
        store.append_messages(old.id, [Message(role="user", content="what do ferns need?"),
                                       Message(role="assistant", content="Shade and **moisture**.")])
        page = chat_page(browser, srv)
        page.select_option("#session-pick", old.id)
        page.click("#open-session")
        page.locator(".msg.assistant", has_text="Shade and moisture.").wait_for(timeout=10_000)
        assert old.id in page.locator("#session-label").inner_text()
        page.fill("#prompt", "and water?")
        page.click("#send")
        page.locator(".msg.assistant", has_text="and water?").wait_for(timeout=10_000)
        page.locator("#send:enabled").wait_for()
        assert store.get_session(old.id).message_count == 4  # the turn went into the old session
        page.click("#new-session")
        assert page.locator(".msg").count() == 0 and "New session" in page.locator("#session-label").inner_text()
        page.fill("#prompt", "fresh start")
        page.click("#send")
        page.locator(".msg.assistant", has_text="fresh start").wait_for(timeout=10_000)
        page.locator("#send:enabled").wait_for()
        sid = page.locator("#session-label code").inner_text()
        assert sid != old.id and store.get_session(sid).source == "dashboard"
        assert store.get_session(old.id).message_count == 4
        page.close()


def test_a_client_that_goes_away_stops_its_turn(tmp_path):
    import time

    with running(tmp_path, [reply("slow " * 50, chunks=50, chunk_delay=0.2)]) as srv:
        with httpx.Client(base_url=srv.url) as c:
            c.post("/ui/login", data={"key": STRONG})
            token = {"x-csrf-token": DashboardAuth(STRONG).csrf(c.cookies[COOKIE])}
            with c.stream("POST", "/ui/chat/send", json={"text": "go"}, headers=token) as r:
                lines = r.iter_lines()
                sid = json.loads(next(line for line in lines if line.startswith("data: "))[6:])["id"]
                busy = c.post("/ui/chat/send", json={"text": "again", "session_id": sid}, headers=token)
                assert busy.status_code == 409  # one turn per session at a time
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                again = c.post("/ui/chat/send", json={"text": "again", "session_id": sid}, headers=token)
                if again.status_code == 200:
                    break
                time.sleep(0.2)
            assert again.status_code == 200 and '"cancelled": false' in again.text


def test_server_shutdown_closes_dashboard_sessions_and_their_backends(tmp_path):
    steps = [call("terminal", {"command": "echo started"}), reply("ran it")]
    with running(tmp_path, steps) as srv, httpx.Client(base_url=srv.url) as c:
        c.post("/ui/login", data={"key": STRONG})
        token = {"x-csrf-token": DashboardAuth(STRONG).csrf(c.cookies[COOKIE])}
        r = c.post("/ui/chat/send", json={"text": "run something"}, headers=token)
        assert "ran it" in r.text
        chats = srv.server.config.app.app.state.chats if hasattr(srv.server.config.app, "app") else None
        live = next(iter(chats.entries.values())) if chats else None
        backend = live.conv.ctx.state["exec"] if live else None
    # the server has stopped: its dashboard conversations (and their shells) went with it
    assert chats is not None and not chats.entries
    assert backend is not None and backend._closed
