"""The Cron and Settings pages in a real Chromium against the real server, their endpoints' auth and
CSRF rules over httpx, and `hermes dashboard` as a subprocess."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import httpx
import pytest
import yaml

from dashboard_support import STRONG, browser, login, make_hermes, make_home, save_screenshot, serve  # noqa: F401
from hermes.dashboard.session import COOKIE, DashboardAuth
from hermes.testing import ScriptedModel, Step
from server_support import free_port

pytestmark = pytest.mark.timeout(90)

SECRET = "sk-or-v1-Zq8SECRETvalue5521xy"
AUTH = {"authorization": f"Bearer {STRONG}"}


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("dash-cron")
    work = tmp / "work"
    work.mkdir()
    home = make_home(tmp, {"cron": {"timezone": "UTC"}, "terminal": {"cwd": str(work)}},
                     env=f"OPENROUTER_API_KEY={SECRET}\n")
    model = ScriptedModel()
    with serve(make_hermes(home, model), api_key=STRONG) as s:
        s.model, s.home = model, home
        yield s


def _add(srv, schedule="every 2h", prompt="Summarise the news", name=None):
    body = {"schedule": schedule, "prompt": prompt, **({"name": name} if name else {})}
    r = httpx.post(srv.url + "/api/jobs", json=body, headers=AUTH)
    assert r.status_code == 201, r.text
    return r.json()


def _open(browser, srv, path):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    login(page, srv.url)
    page.goto(srv.url + path)
    return page


def _row(page, job_id):
    return page.locator(f'#jobs tr[data-id="{job_id}"]')


def test_cron_page_lists_jobs_with_next_run_and_adds_one_with_a_live_preview(browser, srv):
    job = _add(srv, "every 2h", name="News digest")
    page = _open(browser, srv, "/ui/cron")
    row = _row(page, job["id"])
    assert "News digest" in row.inner_text() and "every 2h" in row.inner_text()
    # "(in 2h)", or a little less when the page took a while to load on a busy machine
    left = re.search(r"\(in (?:(\d+)h)?\s*(?:(\d+)m)?\)", row.locator(".next").inner_text())
    assert left and 110 <= int(left.group(1) or 0) * 60 + int(left.group(2) or 0) <= 120, row.inner_text()
    assert "never" in row.locator(".last").inner_text()

    page.locator("#job-schedule").press_sequentially("every weekday at 9:00", delay=10)
    page.wait_for_selector("#preview li >> nth=2")
    preview = page.locator("#preview").inner_text()
    assert "next 3 runs" in preview and preview.count("09:00 UTC") == 3 and "Sat" not in preview
    page.fill("#job-schedule", "every fortnight")
    page.wait_for_selector("#preview.bad:has-text('invalid schedule')")
    assert "invalid schedule" in page.locator("#preview").inner_text()

    page.fill("#job-name", "Standup notes")
    page.fill("#job-schedule", "0 9 * * 1-5")
    page.wait_for_selector("#preview li >> nth=2")
    page.fill("#job-prompt", "Write the standup notes")
    page.click("#job-save")
    page.wait_for_selector("#jobs tr:has-text('Standup notes')")
    assert "Added Standup notes" in page.locator("#flash").inner_text()
    stored = [j for j in httpx.get(srv.url + "/api/jobs", headers=AUTH).json()["data"] if j["name"] == "Standup notes"]
    assert stored and stored[0]["schedule"] == "0 9 * * 1-5" and stored[0]["state"] == "scheduled"
    page.close()


def test_pause_resume_edit_and_run_now_shows_the_output(browser, srv):
    job = _add(srv, "every 1d", prompt="Check the backups", name="Backups")
    page = _open(browser, srv, "/ui/cron")
    row = _row(page, job["id"])
    row.get_by_role("button", name="Pause").click()
    page.wait_for_selector(f'#jobs tr[data-id="{job["id"]}"] button[data-act="resume"]')
    assert "paused" in _row(page, job["id"]).locator(".next").inner_text()
    assert httpx.get(f"{srv.url}/api/jobs/{job['id']}", headers=AUTH).json()["enabled"] is False
    _row(page, job["id"]).get_by_role("button", name="Resume").click()
    page.wait_for_selector(f'#jobs tr[data-id="{job["id"]}"] button[data-act="pause"]')
    assert httpx.get(f"{srv.url}/api/jobs/{job['id']}", headers=AUTH).json()["enabled"] is True

    _row(page, job["id"]).get_by_role("button", name="Edit").click()
    assert page.locator("#job-schedule").input_value() == "every 1d"
    page.fill("#job-schedule", "every 12h")
    page.wait_for_selector("#preview li >> nth=2")
    page.click("#job-save")
    page.wait_for_selector(f'#jobs tr[data-id="{job["id"]}"]:has-text("every 12h")')

    srv.model.add(Step(text="All 3 backups are fresh. RUN-OUTPUT-7731"))
    _row(page, job["id"]).get_by_role("button", name="Run now").click()
    page.wait_for_selector("#runs pre.output:has-text('RUN-OUTPUT-7731')", timeout=20_000)
    assert "ok" in page.locator("#flash").inner_text()
    assert page.locator("#runs details").first.get_attribute("open") is not None
    assert "ok" in _row(page, job["id"]).locator(".last").inner_text()
    # the job's own log
    page.goto(f"{srv.url}/ui/cron?job={job['id']}")
    assert "RUN-OUTPUT-7731" in page.locator("#runs").text_content()
    page.goto(f"{srv.url}/ui/cron")
    page.locator("#runs details").first.evaluate("d => d.open = true")
    save_screenshot(page, "cron")
    page.set_viewport_size({"width": 390, "height": 844})
    save_screenshot(page, "cron-phone")
    page.once("dialog", lambda d: d.accept())
    _row(page, job["id"]).get_by_role("button", name="Delete Backups").click()
    page.wait_for_selector(f'#jobs tr[data-id="{job["id"]}"]', state="detached")
    assert httpx.get(f"{srv.url}/api/jobs/{job['id']}", headers=AUTH).status_code == 404
    assert "RUN-OUTPUT-7731" in page.locator("#runs").text_content()  # its runs stay in the log
    page.close()


def test_cron_endpoints_need_the_session_and_writes_the_csrf_token(srv):
    with httpx.Client(base_url=srv.url) as c:
        assert c.get("/ui/cron").status_code == 303
        assert c.get("/ui/cron/preview", params={"schedule": "every 2h"}).status_code == 401
        assert c.post("/ui/settings/model", json={"provider": "demo", "model": "x"}).status_code == 401
        c.post("/ui/login", data={"key": STRONG})
        t0 = time.perf_counter()
        assert c.get("/ui/cron").status_code == 200
        assert time.perf_counter() - t0 < 1.0
        r = c.get("/ui/cron/preview", params={"schedule": "2099-01-01T10:00"})
        assert r.json()["ok"] and len(r.json()["next"]) == 1
        assert c.post("/api/jobs", json={"schedule": "every 2h", "prompt": "x"}).status_code == 401
        for path in ("/ui/settings/model", "/ui/settings/model/test", "/ui/settings/backend/test"):
            assert c.post(path, json={"provider": "demo", "model": "x"}).status_code == 403, path
            assert c.post(path, json={"provider": "demo", "model": "x"},
                          headers={"x-csrf-token": "0" * 64}).status_code == 403, path
        assert "demo" not in srv.home.config_file.read_text()
        token = DashboardAuth(STRONG).csrf(c.cookies[COOKIE])
        bad = c.post("/ui/settings/model", json={"provider": "nope", "model": "x"}, headers={"x-csrf-token": token})
        assert bad.status_code == 400 and "unknown provider" in bad.json()["error"]["message"]


def test_settings_masks_secrets_tests_the_backend_and_the_connection(browser, srv):
    page = _open(browser, srv, "/ui/settings")
    html = page.content()
    raw = httpx.get(srv.url + "/ui/settings", cookies={COOKIE: page.context.cookies()[0]["value"]}).text
    for text in (html, raw):
        assert SECRET not in text and STRONG not in text
    assert "OPENROUTER_API_KEY" in page.locator("#env-list").inner_text()
    assert "sk-…xy" in page.locator("#env-list").inner_text()
    assert "timezone: UTC" in page.locator("#config-text").inner_text()
    assert "not running" in page.locator("#scheduler-status").inner_text()

    page.get_by_role("button", name="Test the local backend").click()
    page.wait_for_selector("#probe-result.ok, #probe-result.bad", timeout=20_000)
    assert "✓ local (local)" in page.locator("#probe-result").inner_text()

    page.select_option("#m-provider", "custom")
    page.fill("#m-model", "gpt-x")
    page.fill("#m-base", f"http://127.0.0.1:{free_port()}/v1")
    page.click("#m-test")
    page.wait_for_selector("#m-result.bad", timeout=25_000)
    assert "Connection failed" in page.locator("#m-result").inner_text()
    save_screenshot(page, "settings")
    page.set_viewport_size({"width": 390, "height": 844})
    save_screenshot(page, "settings-phone")
    page.close()


def test_switching_the_model_writes_config_and_applies_to_the_server(browser, srv):
    page = _open(browser, srv, "/ui/settings")
    page.select_option("#m-provider", "demo")
    page.fill("#m-model", "demo-echo")
    page.fill("#m-base", "")
    page.click("#m-test")
    page.wait_for_selector("#m-result.ok")
    assert "Connected: demo-echo via demo" in page.locator("#m-result").inner_text()
    page.click("#m-switch")
    page.wait_for_selector("#m-result.ok:has-text('Now using')")
    cfg = yaml.safe_load(srv.home.config_file.read_text())
    assert cfg["model"]["provider"] == "demo" and cfg["model"]["default"] == "demo-echo"
    assert page.locator("header .model").inner_text() == "demo:demo-echo"
    r = httpx.post(srv.url + "/v1/chat/completions", headers=AUTH,
                   json={"model": "hermes", "messages": [{"role": "user", "content": "echo me 55"}]})
    assert r.status_code == 200 and "echo me 55" in r.json()["choices"][0]["message"]["content"]
    page.reload()
    assert page.locator("#current-model").inner_text() == "demo-echo"
    page.close()


def _cli(home, *args, **kw):
    env = {**os.environ, "HERMES_HOME": str(home.root), "BROWSER": "true"}
    return subprocess.Popen([sys.executable, "-m", "hermes", *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def test_hermes_dashboard_prints_the_url_or_starts_the_server(srv, tmp_path):
    port = srv.url.rsplit(":", 1)[1]
    p = _cli(srv.home, "dashboard", "--no-browser", "--port", port)
    out, err = p.communicate(timeout=30)
    assert p.returncode == 0, err
    assert f"http://127.0.0.1:{port}/ui/" in out and "starting" not in err

    home = make_home(tmp_path, {"model": {"provider": "demo", "default": "demo"}})
    free = free_port()
    p = _cli(home, "dashboard", "--no-browser", "--port", str(free))
    try:
        line = ""
        deadline = time.monotonic() + 30
        while "Hermes dashboard:" not in line and time.monotonic() < deadline:
            line = p.stdout.readline()
            if not line and p.poll() is not None:
                break
        assert f"http://127.0.0.1:{free}/ui/" in line, p.stderr.read() if p.poll() is not None else line
        assert httpx.get(f"http://127.0.0.1:{free}/ui/cron", follow_redirects=True).status_code == 200
    finally:
        p.terminate()
        p.wait(timeout=20)
