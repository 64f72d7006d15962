"""A stand-in approval gate for tool tests: records every command it judges, denies the ones that
contain a given text."""

from __future__ import annotations


class Gate:
    def __init__(self, deny: str | None = None, reason: str = "denied by test policy"):
        self.deny, self.reason, self.seen = deny, reason, []

    async def __call__(self, command: str) -> tuple[bool, str]:
        self.seen.append(command)
        if self.deny and self.deny in command:
            return False, self.reason
        return True, ""
