#!/usr/bin/env bash
# Synapse (a real Matrix homeserver) for the Matrix gateway tests, in its own venv: it pins many
# dependencies that must not meet the project's. Idempotent; the tests skip with a reason without it.
set -euo pipefail
VENV="${HERMES_SYNAPSE_VENV:-$HOME/.cache/hermes-ci/synapse-venv}"
if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c 'import synapse' 2>/dev/null; then
    exit 0
fi
python3 -m venv "$VENV"
"$VENV/bin/pip" install -q --disable-pip-version-check matrix-synapse
