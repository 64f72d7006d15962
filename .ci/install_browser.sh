#!/usr/bin/env bash
# The real browser for the browser toolset tests: Debian's Chromium (Playwright drives it through
# executable_path; `playwright install` is never run, it would download browsers). Idempotent; the
# tests skip with the reason when Chromium or Playwright is missing.
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
    export DEBIAN_FRONTEND=noninteractive
    # Other installers run at the same time: wait for apt's lock instead of failing on it.
    apt-get -o DPkg::Lock::Timeout=300 update -qq
    apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends chromium >/dev/null
fi
python -c "import playwright" 2>/dev/null || pip install -q 'playwright>=1.59'
