"""The command approval gate: judge a shell command, then allow it, ask the user, or deny it.

`scan` (approval_scan.py, pipelines in approval_pipes.py) reads a command the way the shell will
(normalize.py) and follows every payload it carries: sh -c / eval / su -c / ssh strings, python -c and
other inline code, $(...) and <(...), heredocs, echo or base64-decoded text piped into a shell,
launchers that carry a command in an option (approval_launchers.py), and functions, aliases and scripts
the same command line defines and then runs (approval_flow.py). Pipelines and lines are also judged as a
whole: a secret filtered out of the environment, a home archived into ssh, a remote added then pushed
to, a download unpacked then run (approval_sequence.py); what the line made itself (a mktemp folder, a
container it started) is removed again without asking (approval_made.py). Each simple command is
judged by the rule tables (approval_rules.py); a wrapper's own rule (nsenter, runuser) is judged
beside the command it runs, never instead of it.
`classify` returns the most severe verdict; `ApprovalGate.check` (approval_gate.py) turns it into
(allowed, reason) for one session. Pattern lists are heuristics: the sandbox is the real boundary,
so in doubt the gate asks (dangerous) rather than guesses "allowed".
"""

from __future__ import annotations

from pathlib import Path

from hermes.tools.approval_scan import Scan
from hermes.tools.approval_verdict import LEVELS, MAX_CHARS, MAX_DEPTH, MAX_PAYLOADS, MODES, Verdict  # noqa: F401
from hermes.tools.normalize import normalize

__all__ = ["Verdict", "classify", "scan", "normalize", "MODES"]  # ApprovalGate: from approval_gate


# ---------------------------------------------------------------- public API

def _home_str(home: Path | str | None) -> str | None:
    return str(Path(home).expanduser()) if home else None


def scan(command: str, *, home: Path | str | None = None) -> list[Verdict]:
    """Every rule the command (and each payload inside it) matches, in the order found."""
    s = Scan(_home_str(home))
    s.script(command, 0)
    return s.found


def classify(command: str, *, home: Path | str | None = None) -> Verdict:
    """The most severe verdict over the command and every payload found inside it."""
    found = scan(command, home=home)
    if not found:
        return Verdict("allowed", "", "", normalize(command, home=_home_str(home)))
    return max(found, key=lambda v: LEVELS[v.level])  # max keeps the first of equals


def __getattr__(name: str):  # the per-session gate lives in approval_gate (imported when first used)
    if name in ("ApprovalGate", "AskFn"):
        from hermes.tools import approval_gate

        return getattr(approval_gate, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
