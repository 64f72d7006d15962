"""MCP: the servers Hermes uses as tool sources (manager, connection, tools) and Hermes served over
MCP (server). The official `mcp` SDK is an optional extra, imported only where a server is used."""

import logging

# Server trouble is reported through status and logged where the front end set up logging; without
# this, Python's last-resort handler would print it over the chat prompt.
logging.getLogger("hermes.mcp").addHandler(logging.NullHandler())
