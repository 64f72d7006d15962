"""The approval gate for one session: hardline never runs, dangerous asks (or is denied where nobody
can answer), and what the user approved for the session, or always, is remembered.

The judging itself is `approval.scan`; this module turns its verdicts into (allowed, reason).
"""

from __future__ import annotations

import asyncio
import fnmatch
import re
from pathlib import Path
from typing import Awaitable, Callable, Iterable

from hermes.tools import approval as _approval
from hermes.tools.approval import MODES, Verdict

AskFn = Callable[[str, Verdict], Awaitable[str]]
_ANSWERS = ("once", "session", "always", "deny")


def _named(v: Verdict) -> str:
    return f"it matches '{v.rule}' ({v.description})"


class ApprovalGate:
    """Per-session gate: hardline never runs; dangerous runs in "off", is denied in "deny", and in
    "manual" runs when approved this session, allowlisted, or the user says yes now.

    Allowlist entries are rule ids ("git_push_force"), shell globs matched against the normalized
    text of the part of the command that needed approval, or "re:<regex>" (full match). "always"
    persists the approved rule ids through `persist_always`.
    """

    def __init__(self, mode: str = "manual", *, allowlist: Iterable[str] = (), home: Path | None = None,
                 ask: AskFn | None = None, persist_always: Callable[[str], None] | None = None,
                 timeout: float | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown approvals mode {mode!r}: use one of {', '.join(MODES)}")
        self.mode, self.home, self.ask = mode, home, ask
        self.allowlist = [a for a in allowlist if isinstance(a, str) and a.strip()]
        self.persist_always, self.timeout = persist_always, timeout
        self.approved: set[str] = set()  # rule ids approved for this session

    def _preapproved(self, v: Verdict) -> bool:
        if v.rule in self.approved:
            return True
        for pattern in self.allowlist:
            if pattern == v.rule:
                return True
            if pattern.startswith("re:"):
                try:
                    if re.fullmatch(pattern[3:], v.normalized):
                        return True
                except re.error:
                    continue
            elif fnmatch.fnmatchcase(v.normalized, pattern):
                return True
        return False

    async def check(self, command: str) -> tuple[bool, str]:
        try:
            found = _approval.scan(command, home=self.home)
        except Exception:  # a checker bug must not let the command through
            return False, ("Command denied: the safety check could not read it, so it was not run. "
                           "Do not retry it; tell the user what you wanted to run.")
        hard = [v for v in found if v.level == "hardline"]
        if hard:
            return False, (f"Command blocked: {_named(hard[0])}, which Hermes never runs in any mode. "
                           "Do not retry it or work around it; tell the user what you wanted to do and why.")
        dangerous = [v for v in found if v.level == "dangerous"]
        if not dangerous or self.mode == "off":
            return True, ""
        if self.mode == "deny":
            return False, (f"Command denied: {_named(dangerous[0])}, and dangerous commands are not allowed "
                           "here. Do not retry it; tell the user what you wanted to run.")
        pending = [v for v in dangerous if not self._preapproved(v)]
        if not pending:
            return True, ""
        return await self._ask(command, pending)

    async def confirm(self, action: str, rule: str, description: str) -> tuple[bool, str]:
        """The ask-the-user path for an action that is not a shell command (an MCP tool that may
        change things): `rule` is what "session"/"always" and the allowlist match, e.g.
        "mcp:github:delete_repo" (a glob like "mcp:github:*" in the allowlist covers a server)."""
        v = Verdict("dangerous", rule, description, rule)
        if self.mode == "off" or self._preapproved(v):
            return True, ""
        if self.mode == "deny":
            return False, (f"Denied: {description}, and such actions are not allowed here. Do not retry it; "
                           "tell the user what you wanted to do.")
        return await self._ask(action, [v])

    async def _ask(self, command: str, pending: list[Verdict]) -> tuple[bool, str]:
        verdict = _merge(pending)
        if self.ask is None:
            return False, (f"Command denied: {_named(verdict)} and needs the user's approval, which no one "
                           "is present to give. Do not retry it; tell the user what you wanted to run.")
        try:
            pending_answer = self.ask(command, verdict)
            answer = await (asyncio.wait_for(pending_answer, self.timeout) if self.timeout else pending_answer)
        except asyncio.TimeoutError:
            return False, (f"Command denied: {_named(verdict)} and the user did not answer the approval "
                           "request in time. Do not retry it; tell the user what you wanted to run.")
        except Exception:
            return False, (f"Command denied: {_named(verdict)} and the approval request failed, so it was not "
                           "run. Do not retry it; tell the user what you wanted to run.")
        answer = answer.strip().lower() if isinstance(answer, str) else ""
        if answer not in _ANSWERS or answer == "deny":
            return False, (f"Command denied by the user: {_named(verdict)}. Do not retry it; ask the user "
                           "how they want to proceed.")
        rules = list(dict.fromkeys(v.rule for v in pending))
        if answer in ("session", "always"):
            self.approved.update(rules)
        if answer == "always" and self.persist_always is not None:
            for rule in rules:
                try:
                    self.persist_always(rule)
                except Exception:
                    pass  # the session approval still stands; saving it is best effort
        return True, ""


def _merge(pending: list[Verdict]) -> Verdict:
    """The verdict to show the user: the first (most specific) finding of each part that needs a yes."""
    firsts: dict[str, Verdict] = {}
    for v in pending:
        firsts.setdefault(v.normalized, v)
    shown = list(firsts.values())
    if len(shown) == 1:
        return shown[0]
    return Verdict("dangerous", "+".join(dict.fromkeys(v.rule for v in shown)),
                   "; ".join(dict.fromkeys(v.description for v in shown)), " ; ".join(firsts))
