#!/usr/bin/env bash
# atroposlib (the Atropos RL framework) for the RL environment tests, in its own venv: it pulls ~1 GB
# of pinned dependencies that must not meet the project's. Hermes is installed editable into the same
# venv because the environment process imports both. Idempotent; skips cleanly when the package
# index is out of reach; the end-to-end tests skip with a reason until the venv is complete (marker file).
set -euo pipefail
VENV="${HERMES_ATROPOS_VENV:-$HOME/.cache/hermes-ci/atropos-venv}"
REPO="$(cd "$(dirname "$0")/.." && pwd)"
START=$(date +%s)
READY="$VENV/.hermes-atropos-ready"
if [ -f "$READY" ] && "$VENV/bin/python" -c 'import atroposlib, hermes, transformers' 2>/dev/null; then
    echo "atropos venv ready: $VENV"
    exit 0
fi
# Probe with pip itself (its configured index, proxies and mirrors), on the small atroposlib wheel:
# offline, this fails in seconds instead of a long pip timeout in the middle of the install.
PROBE="$(mktemp -d)"
trap 'rm -rf "$PROBE"' EXIT
if ! timeout 60 python3 -m pip download -q --no-deps --disable-pip-version-check "atroposlib==0.4.0" \
        -d "$PROBE" --timeout 15 --retries 0 >/dev/null 2>&1; then
    echo "install_atropos: package index unreachable, skipping (the Atropos end-to-end tests will skip)"
    exit 0
fi
python3 -m venv "$VENV"
"$VENV/bin/pip" install -q --disable-pip-version-check "atroposlib==0.4.0"
"$VENV/bin/pip" install -q --disable-pip-version-check -e "$REPO"
"$VENV/bin/python" -c 'import atroposlib, hermes, transformers' >/dev/null
touch "$READY"
echo "install_atropos: venv $VENV ready in $(( $(date +%s) - START )) s"
