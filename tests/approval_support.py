"""What the approval gate's family tests share: a fixed home folder, the verdict for a command, the
rules a scan names, and parametrize cases labelled by the command."""

from __future__ import annotations

import pytest

from hermes.tools.approval import classify, scan

HOME = "/home/tester"


@pytest.fixture(autouse=True)
def fixed_home(monkeypatch):
    monkeypatch.setenv("HOME", HOME)


def judge(cmd: str):
    return classify(cmd, home=HOME + "/.hermes")


def named(cmd: str) -> set[str]:
    """Every rule the scan of `cmd` names, not only the verdict's."""
    return {f.rule for f in scan(cmd, home=HOME + "/.hermes")}


def cases(rule: str | None, *cmds: str) -> list:
    return [pytest.param(c, rule, id=c[:70]) for c in cmds]
