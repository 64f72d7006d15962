"""Screenshots of every dashboard page: light and dark, desktop (1280x800) and phone (390 wide).

Starts a demo server on loopback over a temp home with a few scripted sessions (one with a tool call
and a compression summary), memory entries, a skill and a scheduled job; logs in with the system
Chromium and saves bench/screens/<slug>.png, <slug>-phone.png, <slug>-dark.png, <slug>-dark-phone.png
for each page in hermes.dashboard.app.PAGES (pages not built yet are skipped).

    python bench/screens.py [--out bench/screens]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the tests' server and browser helpers

KEY = "screens-Q7v2Lr9sKd4mWt8zBn3cX1"


def demo_hermes(tmp: Path):
    from hermes.core.messages import Message
    from hermes.testing import ScriptedModel, call, reply
    from server_support import make_hermes, make_home

    work = tmp / "work"
    work.mkdir()
    home = make_home(tmp, {"terminal": {"cwd": str(work)}})
    steps = [reply("Noted: deploys happen on Fridays after the standup."),
             call("terminal", {"command": "df -h /"}), reply("The root disk is 41% full; plenty of room."),
             reply("Pods restart when the liveness probe fails. Check the probe path and its timeout."),
             reply("Here is a haiku:\n\nquiet build server\nlogs scroll past like autumn leaves\n"
                   "green checks at sunrise")]
    h = make_hermes(home, ScriptedModel(steps))

    async def talk(*texts: str) -> str:
        conv = h.open(source="cli")
        try:
            for t in texts:
                await conv.ask(t)
        finally:
            await conv.close()
        return conv.state.id

    disk = asyncio.run(talk("we deploy on Fridays", "how full is the root disk?"))
    h.store.set_title(disk, "Disk space check")
    first = [m.id for m in h.store.get_messages(disk)[:2]]
    h.store.compact(disk, first, Message.user("[Summary of earlier turns] The user deploys on Fridays."))
    h.store.set_title(asyncio.run(talk("why do my pods keep restarting?")), "Kubernetes restarts")
    h.store.set_title(asyncio.run(talk("write me a haiku about CI")), "CI haiku")
    now = time.time()
    for i in range(12):
        h.store.create_session(source="telegram", scope=f"telegram:{i % 3}", title=f"Telegram chat {i + 1}",
                               created_at=now - (i + 1) * 5400)
    mem = home.memory_dir("owner")
    mem.mkdir(parents=True, exist_ok=True)
    (mem / "MEMORY.md").write_text("Deploys happen on Fridays after the standup.\n§\n"
                                   "The build server is ci-01; its disk fills with old images.\n")
    (mem / "USER.md").write_text("Name: Sam. Prefers short answers with commands to copy.\n")
    skill = home.skills_dir / "disk-cleanup"
    skill.mkdir(parents=True, exist_ok=True)
    (skill / "SKILL.md").write_text("---\nname: disk-cleanup\ndescription: Free disk space on a build server.\n"
                                    "---\n\n1. `docker image prune -af`\n2. check `df -h /`\n")
    try:
        from hermes.cron.jobs import JobStore

        JobStore(home).create("every 2h", "Check the build server's disk and warn me past 80%.", name="disk watch")
    except Exception as e:  # the cron page still renders (empty) without a job
        print(f"no sample job: {e}", file=sys.stderr)
    return h


def shoot(url: str, slugs: list[str], out: Path) -> list[str]:
    from dashboard_support import CHROMIUM_ARGS, chromium_path, login
    from playwright.sync_api import sync_playwright

    exe = chromium_path()
    if exe is None:
        raise SystemExit("Chromium is not installed (apt-get install chromium)")
    saved = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        for scheme in ("light", "dark"):
            ctx = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 800})
            page = ctx.new_page()
            login(page, url, KEY)
            for slug in slugs:
                suffix = "" if scheme == "light" else "-dark"
                for width, tail in ((1280, ""), (390, "-phone")):
                    page.set_viewport_size({"width": width, "height": 800})
                    page.goto(f"{url}/ui/{slug}")
                    page.wait_for_load_state("networkidle")
                    path = out / f"{slug}{suffix}{tail}.png"
                    page.screenshot(path=str(path), full_page=True)
                    saved.append(str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path))
            ctx.close()
        browser.close()
    return saved


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "screens")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    from hermes.dashboard.app import loaded_pages
    from server_support import serve

    slugs = [p.slug for p in loaded_pages()]
    with tempfile.TemporaryDirectory(prefix="hermes-screens-") as tmp:
        h = demo_hermes(Path(tmp))
        with serve(h, api_key=KEY) as srv:
            saved = shoot(srv.url, slugs, args.out)
        h.store.close()
    print(f"{len(saved)} screenshots of {len(slugs)} pages ({', '.join(slugs)}):")
    for p in saved:
        print("  " + p)


if __name__ == "__main__":
    main()
