"""The slash-command table: matching, suggestions, skills as commands, and the REPL's /help."""

from __future__ import annotations

import io

import pytest

from hermes.commands.table import COMMANDS, dispatch, help_lines, match, offered, parse


class Host:
    """A surface implementing a few commands, recording what ran."""

    def __init__(self, surface: str = "gateway", is_admin: bool = True, skills=("deploy-site",)):
        self.surface, self.is_admin, self.skills = surface, is_admin, set(skills)
        self.ran: list[tuple[str, str]] = []
        self.replies: list[str] = []

    async def reply(self, text):
        self.replies.append(text)

    async def skill_command(self, name, arg):
        if name in self.skills:
            self.ran.append(("skill:" + name, arg))
            return True
        return False


def _make(surface="gateway", **kw):
    host = Host(surface, **kw)
    for c in COMMANDS:
        async def handler(arg, _name=c.name):
            host.ran.append((_name, arg))
        setattr(host, "cmd_" + c.name, handler)
    return host


def test_parse():
    assert parse("/model gpt-4o") == ("model", "gpt-4o")
    assert parse("/new@HermesBot") == ("new", "")
    assert parse("hello /new") is None and parse("/") is None and parse("// comment") is None


async def test_exact_alias_and_unique_prefix_run_the_command():
    host = _make()
    await dispatch("/new", host)
    await dispatch("/reset", host)
    await dispatch("/mod claude-sonnet", host)
    await dispatch("/wh", host)
    assert host.ran == [("new", ""), ("new", ""), ("model", "claude-sonnet"), ("whoami", "")]


async def test_ambiguous_prefix_lists_candidates_and_unknown_suggests_the_closest():
    host = _make()
    await dispatch("/st", host)
    assert host.ran == [] and "ambiguous" in host.replies[-1]
    assert all(x in host.replies[-1] for x in ("/status", "/stop", "/steer"))
    await dispatch("/stauts", host)
    assert "did you mean /status" in host.replies[-1]
    await dispatch("/zzzz", host)
    assert "/help" in host.replies[-1]


async def test_skills_run_as_commands_when_no_command_has_the_name():
    host = _make()
    await dispatch("/deploy-site to staging", host)
    assert host.ran == [("skill:deploy-site", "to staging")]


def test_surfaces_and_admin_only_commands():
    cli = {c.name for c in offered(_make("cli"))}
    chat = {c.name for c in offered(_make("gateway"))}
    assert {"quit", "resume", "tools"} <= cli - chat and {"stop", "steer", "link", "sethome"} <= chat - cli
    assert {"help", "new", "model", "skills", "cron", "memory", "usage"} <= cli & chat
    user = {c.name for c in offered(_make("gateway", is_admin=False))}
    assert "model" not in user and "sethome" not in user and "new" in user
    assert isinstance(match("model", _make("gateway", is_admin=False)), list)


def test_help_lists_commands_and_skills():
    lines = "\n".join(help_lines(_make("cli"), [("deploy-site", "Deploy the site to staging")]))
    assert "/cron" in lines and "/skills" in lines and "/deploy-site" in lines and "Deploy the site" in lines
    assert "/steer" not in lines  # a chat command, not offered in the terminal


async def test_the_repl_help_lists_skills_and_cron(tmp_path):
    from rich.console import Console

    from hermes.cli.repl import Repl
    from hermes.config import load_config
    from hermes.home import Home
    from hermes.runtime import Hermes
    from hermes.skills.store import SkillStore
    from hermes.testing import ScriptedModel

    home = Home(tmp_path / "home").ensure()
    SkillStore(home).create("deploy-site", "---\nname: deploy-site\ndescription: Deploy the site\n---\nRun make.\n")
    repl = Repl(Hermes(home, load_config(home), model=ScriptedModel()), None)
    out = io.StringIO()
    repl.console = Console(file=out, width=200)
    await repl.command("/help")
    await repl.command("/cron")
    await repl.command("/hel")  # prefix
    await repl.command("/sesions")  # misspelt
    text = out.getvalue()
    assert "/deploy-site" in text and "/cron" in text and "/skills" in text
    assert "No scheduled jobs." in text and text.count("/deploy-site") >= 2
    assert "did you mean /sessions" in text
    await repl.conv.close()
