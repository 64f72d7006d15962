"""Hermes: a self-hosted AI agent that remembers."""

__version__ = "0.1.0"

# The name on PyPI. `hermes-agent` there is the reference system, a different program.
DIST_NAME = "hermes-recall"


def pip_extra(extra: str) -> str:
    """The install command for an optional extra, for messages that say what is missing."""
    return f"pip install '{DIST_NAME}[{extra}]'"
