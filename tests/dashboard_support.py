"""Shared by the dashboard tests: a real `hermes serve` app on loopback (with a key, so the login is
exercised) and a real Chromium driven by Playwright (the system browser; nothing is downloaded)."""

from __future__ import annotations

import os
import shutil
from typing import Any, Iterator

import pytest

from server_support import make_hermes, make_home, serve  # noqa: F401  (re-exported)

STRONG = "dash-Q7v2Lr9sKd4mWt8zBn3cX1"  # a key strong enough for a non-loopback server

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def chromium_path() -> str | None:
    for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser", shutil.which("chromium") or ""):
        if p and os.access(p, os.X_OK):
            return p
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for a test module; skipped with the reason when it cannot run here."""
    exe = chromium_path()
    if exe is None:
        pytest.skip("Chromium is not installed (apt-get install chromium; .ci/install_browser.sh)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install 'hermes-recall[browser]')")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def login(page: Any, base_url: str, key: str = STRONG) -> None:
    page.goto(f"{base_url}/ui/login")
    page.fill("#key", key)
    page.click("button[type=submit]")
    page.wait_for_load_state()


def save_screenshot(page: Any, name: str) -> None:
    """bench/screens/<name>.png of the page as it is now, only when HERMES_SCREENSHOTS=1 (so normal
    runs write nothing into the repo). Set the viewport first (1280x800, or 390 wide for -phone)."""
    if os.environ.get("HERMES_SCREENSHOTS") != "1":
        return
    from pathlib import Path

    out = Path(__file__).resolve().parent.parent / "bench" / "screens"
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / f"{name}.png"), full_page=True)
