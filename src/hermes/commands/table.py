"""The slash-command table shared by the REPL and the chat gateway.

Each surface is a host object with a `cmd_<name>(arg)` coroutine per command it implements and a
`skill_command(name, arg)` coroutine for `/<skill-name>`; this module owns the names, help, which
surface offers what, prefix matching and "did you mean". A command a host lacks is simply not
offered there, so the table never drifts from what actually runs.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

CLI, CHAT = "cli", "gateway"
BOTH = frozenset({CLI, CHAT})


@dataclass(frozen=True)
class Command:
    name: str  # without the slash
    help: str
    usage: str = ""
    surfaces: frozenset[str] = BOTH
    admin_only: bool = False
    aliases: tuple[str, ...] = ()


COMMANDS: list[Command] = [
    Command("help", "show the commands and skills"),
    Command("new", "start a new session", aliases=("reset",)),
    Command("status", "session, model, messages and tokens"),
    Command("stop", "stop the running turn", surfaces=frozenset({CHAT})),
    Command("queue", "run this message after the current turn", "/queue TEXT", frozenset({CHAT})),
    Command("steer", "add guidance the running turn sees at its next step", "/steer TEXT", frozenset({CHAT})),
    Command("model", "show or switch the model", "/model [PROVIDER] MODEL", admin_only=True),
    Command("usage", "token usage and cost of this session"),
    Command("context", "where the prompt's tokens go"),
    Command("compress", "compress the conversation now", "/compress [focus]"),
    Command("memory", "show the memory documents of this scope"),
    Command("skills", "list the skills; run one with /<skill-name> [request]"),
    Command("cron", "list the scheduled jobs of this scope"),
    Command("reload-mcp", "reconnect the MCP servers after editing mcp_servers in config.yaml", admin_only=True),
    Command("sethome", "send scheduled results and notices to this chat", surfaces=frozenset({CHAT}),
            admin_only=True),
    Command("link", "join your identities across platforms: /link gives a code, /link CODE uses it",
            "/link [CODE]", frozenset({CHAT})),
    Command("whoami", "who Hermes thinks you are, on which platform", surfaces=frozenset({CHAT})),
    Command("approve", "allow the pending command", "/approve [session]", frozenset({CHAT})),
    Command("deny", "refuse the pending command", "/deny [reason]", frozenset({CHAT})),
    Command("resume", "resume a session", "/resume ID", frozenset({CLI})),
    Command("sessions", "list recent sessions", surfaces=frozenset({CLI})),
    Command("tools", "list the tools this session can use", surfaces=frozenset({CLI})),
    Command("image", "attach an image file to your next message (or ask about it now)",
            "/image PATH [question]", frozenset({CLI})),
    Command("retry", "run the last message again", surfaces=frozenset({CLI})),
    Command("undo", "remove the last exchange", surfaces=frozenset({CLI})),
    Command("quit", "leave (also Ctrl-D)", surfaces=frozenset({CLI}), aliases=("exit",)),
]


def offered(host: Any) -> list[Command]:
    """The commands of this host's surface that it implements (admin-only ones for admins)."""
    admin = getattr(host, "is_admin", True)
    return [c for c in COMMANDS if host.surface in c.surfaces and hasattr(host, handler_name(c.name))
            and (admin or not c.admin_only)]


def handler_name(command: str) -> str:
    """The host method for a command: /reload-mcp is cmd_reload_mcp."""
    return "cmd_" + command.replace("-", "_")


def match(name: str, host: Any) -> Command | list[Command]:
    """The command `name` means here: exact name or alias, else a unique prefix. Otherwise the
    candidates: every command it is a prefix of, or the closest spellings (may be empty)."""
    cmds = offered(host)
    for c in cmds:
        if name == c.name or name in c.aliases:
            return c
    starts = [c for c in cmds if c.name.startswith(name)] if name else []
    if len(starts) == 1:
        return starts[0]
    if starts:
        return starts
    names = {n: c for c in cmds for n in (c.name, *c.aliases)}
    return [names[n] for n in difflib.get_close_matches(name, list(names), n=3, cutoff=0.6)]


def parse(text: str) -> tuple[str, str] | None:
    """('name', 'argument') for '/name argument', None when the text is not a command."""
    if not text.startswith("/") or text.startswith("//") or len(text) < 2 or text[1].isspace():
        return None
    head, _, arg = text[1:].partition(" ")
    return head.split("@", 1)[0].lower(), arg.strip()  # /cmd@botname in Telegram groups


async def dispatch(text: str, host: Any) -> Any:
    """Run a slash command on `host`. Returns what the handler returned; for a skill, what
    `skill_command` returned. Unknown or ambiguous names are answered through `host.reply`."""
    parsed = parse(text)
    if parsed is None:
        return None
    name, arg = parsed
    found = match(name, host)
    if isinstance(found, Command):
        return await getattr(host, handler_name(found.name))(arg)
    if await host.skill_command(name, arg):
        return None
    if found:
        listed = ", ".join("/" + c.name for c in found)
        await host.reply(f"/{name} is ambiguous: {listed}" if all(c.name.startswith(name) for c in found)
                         else f"unknown command /{name}; did you mean {listed}?")
    else:
        await host.reply(f"unknown command /{name}; /help lists the commands")
    return None


def help_lines(host: Any, skills: list[tuple[str, str]] | None = None) -> list[str]:
    """The help text: this surface's commands, then the skills runnable as /<name>."""
    lines = []
    for c in offered(host):
        alias = f" (or /{', /'.join(c.aliases)})" if c.aliases else ""
        lines.append(f"/{c.name:<10} {c.help}{alias}" + (f" — {c.usage}" if c.usage else ""))
    if skills:
        lines += ["", "Skills (run one with /<skill-name> [request]):"]
        lines += [f"/{name:<10} {desc}" for name, desc in skills]
    else:
        lines += ["", "Skills: none yet (/<skill-name> runs one once the agent has written it)."]
    return lines


def skill_list(home: Any) -> list[tuple[str, str]]:
    """(name, description) of the usable skills, for /help and /skills."""
    from hermes.skills.index import scan

    cat = scan(home)
    return sorted((n, (s.description or "")[:80]) for n, s in cat.skills.items() if n not in cat.changed)
