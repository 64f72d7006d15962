#!/usr/bin/env bash
# Third-party MCP reference servers for the MCP client tests: server-everything and server-filesystem
# (npm; the tests run them with node, not npx, so nothing is fetched at test time) and mcp-server-time
# (PyPI, in its own venv so its dependencies never meet ours). Idempotent; the tests skip with a
# reason without them.
set -euo pipefail
ROOT="${HERMES_MCP_REF_DIR:-$HOME/.cache/hermes-ci/mcp-ref}"
mkdir -p "$ROOT"
if [ ! -x "$ROOT/node_modules/.bin/mcp-server-everything" ] || [ ! -x "$ROOT/node_modules/.bin/mcp-server-filesystem" ]; then
    npm install --prefix "$ROOT" --no-audit --no-fund --loglevel=error \
        @modelcontextprotocol/server-everything @modelcontextprotocol/server-filesystem >/dev/null
fi
if [ ! -x "$ROOT/time-venv/bin/mcp-server-time" ]; then
    python3 -m venv "$ROOT/time-venv"
    "$ROOT/time-venv/bin/pip" install -q mcp-server-time
fi
