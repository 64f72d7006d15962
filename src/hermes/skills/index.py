"""What skills put into prompts: the level-0 index in the system prompt, and `/skill args` turns.

The index is one line per skill, `- name: description`, each at most 40 tokens (~4 characters a
token), under `config.skills.index_token_budget` in total. Skills that cannot work here (missing
tools, another platform, a pinned skill whose files changed) are left out. When the budget is too
small the least-used skills are dropped and the index says how many. Lines are sorted by name so
the prompt stays byte-stable between sessions with the same skills (prompt caching). Without the
skill_view tool there is no index at all.
"""

from __future__ import annotations

from typing import Any, Iterable

from hermes.skills.model import Skill, current_platform
from hermes.skills.store import Catalog, record_view, scan, usage

HEADER = ("## Skills\nSaved procedures. When one fits the task, load it with skill_view(name) before "
          "you start, and follow it.")
LEARN = ("After a hard task that worked, improve the skill you used (skill_manage patch) or save the "
         "procedure as a new skill.")
MAX_LINE_CHARS = 156  # with its newline, at most 40 tokens
STATE_VIEWED = "skills_viewed"  # ctx.state key: set of skill names viewed since the last outcome
STATE_READ = "skills_read"  # ctx.state key: {"name/path": sha256} files viewed this session


def index_line(skill: Skill) -> str:
    head = f"- {skill.name}: "
    room = MAX_LINE_CHARS - len(head)
    desc = skill.description
    if len(desc) > room:
        desc = desc[: room - 1].rstrip() + "…"
    return head + desc


def visible(cat: Catalog, available_tools: Iterable[str], platform: str | None = None) -> list[Skill]:
    """Skills that can work in this session, sorted by name."""
    avail = set(available_tools)
    plat = platform or current_platform()
    return sorted((s for s in cat.skills.values()
                   if s.name not in cat.changed and s.runs_on(plat) and set(s.requires_tools) <= avail),
                  key=lambda s: s.name)


def _priority(use: dict[str, dict[str, Any]], s: Skill) -> tuple:
    u = use.get(s.name, {})
    return (int(u.get("uses", 0)), int(u.get("views", 0)), float(u.get("last_used") or 0),
            float(u.get("created") or 0))


def build_index(home: Any, config: Any, available_tools: list[str]) -> str:
    """The skills section of the system prompt; empty when no skill applies."""
    skills_cfg = getattr(config, "skills", None)
    if (skills_cfg is not None and not skills_cfg.enabled) or "skill_view" not in available_tools:
        return ""  # an index the model cannot act on only costs tokens
    skills = visible(scan(home), available_tools)
    if not skills:
        return ""
    budget_chars = (skills_cfg.index_token_budget if skills_cfg is not None else 2_000) * 4
    header = HEADER + ("\n" + LEARN if "skill_manage" in available_tools else "")
    lines = {s.name: index_line(s) for s in skills}
    if len(header) + sum(len(x) + 1 for x in lines.values()) <= budget_chars:
        return header + "\n" + "\n".join(lines.values())
    use = usage(home)
    ranked = sorted(skills, key=lambda s: _priority(use, s), reverse=True)
    footer_room = len(_footer(len(skills))) + 1
    room = budget_chars - len(header) - footer_room
    kept: set[str] = set()
    for s in ranked:
        cost = len(lines[s.name]) + 1
        if cost <= room:
            kept.add(s.name)
            room -= cost
    shown = [lines[s.name] for s in skills if s.name in kept]
    return "\n".join([header, *shown, _footer(len(skills) - len(kept))])


def _footer(left_out: int) -> str:
    return f"({left_out} more skill{'s' if left_out != 1 else ''} not listed; skills_list shows all.)"


def expand(text: str, skill: Skill) -> str:
    """Load-time substitution understood by skills written for the reference system."""
    return text.replace("${HERMES_SKILL_DIR}", str(skill.dir))


def _skill_block(home: Any, name: str, state: dict[str, Any] | None) -> list[str] | None:
    """A usable skill's instructions as prompt lines, counted as viewed; None when unusable."""
    cat = scan(home)
    skill = cat.skills.get(name)
    if skill is None or name in cat.changed:
        return None
    text = skill.read_text()
    record_view(home, name)
    if state is not None:
        import hashlib

        state.setdefault(STATE_VIEWED, set()).add(name)
        state.setdefault(STATE_READ, {})[f"{name}/SKILL.md"] = hashlib.sha256(text.encode()).hexdigest()
    out = [f'<skill name="{name}" dir="{skill.dir}">', expand(skill.body(), skill).strip(), "</skill>"]
    files = skill.files()
    if files:
        out.append(f'Supporting files (read with skill_view("{name}", path)): ' + ", ".join(files[:40]))
    return out


def skill_command_prompt(home: Any, name: str, args: str, state: dict[str, Any] | None = None) -> str | None:
    """The user-turn text for `/<name> args`: the skill's instructions plus the request.

    Returns None when there is no usable skill by that name. Pass the session's ctx.state as
    `state` to count the skill as viewed for this turn (for record_outcome) and as read.
    """
    block = _skill_block(home, name, state)
    if block is None:
        return None
    request = args.strip() or "run this skill; ask me for anything it needs that you cannot find out yourself."
    out = [f'Use the skill "{name}" for this request. Its instructions:', "", *block, "", f"Request: {request}"]
    return "\n".join(out)


def skills_prompt(home: Any, names: list[str], request: str) -> str:
    """A request preceded by several skills' instructions, in order (cron jobs that name skills).
    Raises ValueError naming every skill that is missing or quarantined."""
    blocks, missing = [], []
    for name in names:
        block = _skill_block(home, name, None)
        if block is None:
            missing.append(name)
        else:
            blocks += [*block, ""]
    if missing:
        raise ValueError(f"skill{'s' if len(missing) > 1 else ''} not found or not usable: "
                         f"{', '.join(missing)} (see `hermes skills list`)")
    listed = ", ".join(f'"{n}"' for n in names)
    return "\n".join([f"Use the skill{'s' if len(names) > 1 else ''} {listed} for this request. "
                      "Instructions:", "", *blocks, f"Request: {request}"])
