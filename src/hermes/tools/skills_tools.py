"""Skill tools (toolset "skills"): `skills_list`, `skill_view` (levels 1 and 2), `skill_manage`.

Session state these tools keep in ctx.state:
  "skills_viewed": set of skill names viewed since the last outcome. After each turn the caller runs
      `record_outcome(home, ctx.state.pop("skills_viewed", set()), success)`.
  "skills_read": {"<name>/<path>": sha256 of the text viewed}. patch/edit (and overwriting a
      supporting file) need an entry that matches the file's current content: read before write.
It reads "request" (the turn's user message, set by the agent loop): a skill whose body only
repeats the request that asked for it records no procedure (small models save "Count the files
under src/ ... then save this as a skill" before doing anything) and is refused.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from typing import Literal

from hermes.skills.complete import complete_skill
from hermes.skills.index import STATE_READ, STATE_VIEWED, expand
from hermes.skills.model import MAX_FILE_BYTES, MAX_SKILL_BYTES, SKILL_FILE, Skill, SkillFormatError
from hermes.skills.store import SkillError, SkillStore, record_view, resolve_file, safe_relpath
from hermes.tools.registry import ToolContext, ToolError, tool

_MAX_VIEW_BYTES = 256 * 1024


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _store(ctx: ToolContext) -> SkillStore:
    if ctx.home is None:
        raise ToolError("skills are unavailable: no HERMES_HOME in this session")
    return SkillStore(ctx.home)


ECHO_ERROR = ("this content repeats the user's request, the request to save a skill included; a skill records "
              "how the task is done. Write the steps themselves (do the task with your tools first if you have "
              "not), with the commands that worked and placeholders (such as DIR) for what changes from one use "
              "to the next")
_TOKEN = re.compile(r"[^\W_]+")


def _echoes(content: str, request: str | None) -> bool:
    """Whether a skill's body (front matter aside) is mostly the request's own words in its order,
    the words asking for a skill among them. A procedure the user dictated and the model wrote down
    is not refused: those words are the request's, but not the part that asks to save it."""
    if not request:
        return False
    body = re.sub(r"\A\ufeff?---[ \t]*\r?\n.*?\n---[ \t]*\r?\n", "", content, flags=re.S)
    said, asked = _TOKEN.findall(body.lower()), _TOKEN.findall(request.lower())
    if len(said) < 4 or len(asked) < 4 or "skill" not in said:
        return False
    m = difflib.SequenceMatcher(None, said, asked, autojunk=False)
    return sum(b.size for b in m.get_matching_blocks()) >= 0.8 * len(said)


def _mark_read(ctx: ToolContext, name: str, rel: str, text: str) -> None:
    ctx.state.setdefault(STATE_READ, {})[f"{name}/{rel}"] = _sha(text)


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 2}


@tool(toolset="skills", read_only=True)
async def skills_list(ctx: ToolContext, tag: str | None = None, query: str | None = None) -> str:
    """List saved skills, optionally filtered.

    Args:
        tag: Only this tag.
        query: Words to match.
    """
    cat = _store(ctx).catalog()
    skills = sorted(cat.skills.values(), key=lambda s: s.name)
    if tag:
        skills = [s for s in skills if tag.lower() in s.tags]
    if query:
        q = _words(query)
        scored = [(len(q & _words(f"{s.name} {s.description} {' '.join(s.tags)}")), s) for s in skills]
        skills = [s for n, s in sorted(scored, key=lambda x: -x[0]) if n]
    lines = [f"{len(skills)} skill(s); load one with skill_view(name)."]
    for s in skills:
        notes = [f"tags: {', '.join(s.tags)}"] if s.tags else []
        if s.requires_tools:
            notes.append(f"needs: {', '.join(s.requires_tools)}")
        if not s.runs_on():
            notes.append("other platform")
        if s.name in cat.changed:
            notes.append("held back: changed since pinned")
        lines.append(f"- {s.name}: {s.description}" + (f" ({'; '.join(notes)})" if notes else ""))
    if cat.errors:
        lines.append(f"{len(cat.errors)} skill file(s) failed to load:")
        lines += [f"  {e}" for e in cat.errors[:10]]
    return "\n".join(lines)


def _find(store: SkillStore, name: str) -> Skill:
    cat = store.catalog()
    skill = cat.skills.get(name)
    if skill is None:
        if store.quarantined(name):
            raise ToolError(f"skill '{name}' is quarantined by the security scan; only the user can "
                            f"allow it (`hermes skills audit {name}`)")
        close = difflib.get_close_matches(name, list(cat.skills), n=3)
        raise ToolError(f"no skill named '{name}'" + (f"; did you mean {', '.join(close)}?" if close else
                                                      "; skills_list shows all"))
    if name in cat.changed:
        raise ToolError(f"skill '{name}' is held back: its files changed since it was installed; the "
                        f"user must re-allow it (`hermes skills audit {name} --allow`)")
    return skill


@tool(toolset="skills", read_only=True)
async def skill_view(ctx: ToolContext, name: str, path: str | None = None) -> str:
    """Load a skill's instructions (SKILL.md), or one supporting file.

    Args:
        name: Skill name.
        path: A file listed by the first view.
    """
    store = _store(ctx)
    skill = _find(store, name)
    ctx.state.setdefault(STATE_VIEWED, set()).add(name)
    try:
        rel = safe_relpath(path) if path else SKILL_FILE
        target = resolve_file(skill, rel)
    except SkillError as e:
        raise ToolError(str(e)) from None
    if not target.is_file():
        files = skill.files()
        raise ToolError(f"'{name}' has no file {rel!r}. Files: {', '.join(files) or 'only SKILL.md'}")
    if target.stat().st_size > _MAX_VIEW_BYTES:
        raise ToolError(f"{rel} is too large to view ({target.stat().st_size:,} bytes); its path is {target}")
    try:
        text = target.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return f"{rel} is a binary file ({target.stat().st_size:,} bytes) at {target}"
    _mark_read(ctx, name, rel, text)
    if path:
        return text
    record_view(ctx.home, name)
    out = [expand(text, skill).rstrip(), "", f"[skill folder: {skill.dir}]"]
    files = skill.files()
    if files:
        out.append(f'[files, read with skill_view("{name}", path): {", ".join(files)}]')
    return "\n".join(out)


def _require_read(ctx: ToolContext, skill: Skill, rel: str, current: str) -> None:
    seen = ctx.state.get(STATE_READ, {}).get(f"{skill.name}/{rel}")
    hint = f'skill_view("{skill.name}"' + (f', "{rel}")' if rel != SKILL_FILE else ")")
    if seen is None:
        raise ToolError(f"view {rel} of '{skill.name}' first ({hint}), then change it")
    if seen != _sha(current):
        raise ToolError(f"{rel} of '{skill.name}' changed since you viewed it; view it again ({hint})")


def _scan(rel: str, text: str) -> None:
    from hermes.skills.security import agent_write_problems

    problems = agent_write_problems(rel, text)
    if problems:
        found = "; ".join(f"{f.rule} ({f.excerpt})" for f in problems[:5])
        raise ToolError(f"refused: the content matches security rules: {found}. Skills must not carry "
                        "instructions that leak secrets, hide actions, override rules or persist "
                        "outside the skill.")


def _cap(rel: str, text: str) -> None:
    limit = MAX_SKILL_BYTES if rel == SKILL_FILE else MAX_FILE_BYTES
    size = len(text.encode("utf-8"))
    if size > limit:
        raise ToolError(f"{rel} would be {size:,} bytes; the limit is {limit:,}"
                        + (" (move details into references/)" if rel == SKILL_FILE else ""))


def _similar_note(store: SkillStore, skill: Skill) -> str:
    from hermes.skills.curate import similar_to

    sims = similar_to(store.catalog(), skill.name, skill.description)
    return (f" Similar skills exist ({', '.join(sims)}): if they cover the same task, merge them."
            if sims else "")


@tool(toolset="skills")
async def skill_manage(ctx: ToolContext,
                       action: Literal["create", "patch", "edit", "delete", "write_file", "remove_file"],
                       name: str, content: str | None = None, path: str | None = None,
                       old_text: str | None = None, new_text: str | None = None) -> str:
    """Save or improve a reusable procedure (a skill: SKILL.md with YAML front matter name, description; then steps, pitfalls, verification). Prefer patching an existing skill over creating one. Name by task class (deploy-django-app, not fix-bug-tuesday). Never record transient failures or negative claims about tools as rules. skill_view a file before patch/edit.

    Args:
        action: patch replaces old_text once; edit rewrites SKILL.md; delete archives.
        name: Skill name (a-z, 0-9, hyphens).
        content: Full text (create, edit, write_file).
        path: File under references/, templates/, scripts/, assets/; patch defaults to SKILL.md.
        old_text: patch: exact text, occurring once.
        new_text: patch: replacement.
    """
    store = _store(ctx)
    try:
        if action == "create":
            if not content:
                raise ToolError("create needs content: the full SKILL.md text")
            if _echoes(content, ctx.state.get("request")):
                raise ToolError(ECHO_ERROR)
            content, fixed = complete_skill(name, content)
            same = store.get(name)
            if same is not None and _skill_text(same) == content:  # a repeated create: nothing to do
                return f"Skill '{name}' already exists with exactly this content; nothing changed. It is saved."
            _cap(SKILL_FILE, content)
            _scan(SKILL_FILE, content)
            created = store.create(name, content)
            _mark_read(ctx, name, SKILL_FILE, content)
            return (f"Created skill '{name}'{fixed}. New sessions list it in the skills index."
                    f"{_similar_note(store, created)}")
        skill = _find(store, name)
        reason = store.protection(skill)
        if reason:
            raise ToolError(reason)
        if action == "delete":
            store.archive(skill, "deleted by the agent")
            return f"Deleted skill '{name}' (archived; the user can restore it with `hermes skills restore {name}`)."
        rel = safe_relpath(path, for_write=True) if path else SKILL_FILE
        target = resolve_file(skill, rel)
        if action == "remove_file":
            if not path:
                raise ToolError("remove_file needs path")
            vid = store.remove_file(skill, rel)
            return f"Removed {rel} from '{name}' (previous version {vid})."
        if action == "patch":
            if old_text is None or new_text is None:
                raise ToolError("patch needs old_text and new_text")
            if not target.is_file():
                raise ToolError(f"'{name}' has no file {rel!r}")
            current = target.read_text(encoding="utf-8")
            _require_read(ctx, skill, rel, current)
            n = current.count(old_text) if old_text else 0
            if n != 1:
                raise ToolError(f"old_text occurs {n} times in {rel}; it must match exactly once "
                                + ("(copy it exactly from skill_view)" if n == 0 else "(include more surrounding text)"))
            new = current.replace(old_text, new_text, 1)
        elif action in ("edit", "write_file"):
            if content is None:
                raise ToolError(f"{action} needs content")
            if action == "edit" and rel != SKILL_FILE:
                raise ToolError("edit rewrites SKILL.md; use write_file for supporting files")
            if action == "write_file" and rel == SKILL_FILE:
                raise ToolError("write_file needs a path under references/, templates/, scripts/ or assets/")
            if target.is_file():
                _require_read(ctx, skill, rel, target.read_text(encoding="utf-8", errors="replace"))
            new = content
        else:
            raise ToolError(f"unknown action {action!r}")
        _cap(rel, new)
        _scan(rel, new)
        vid = store.write(skill, rel, new, action if rel == SKILL_FILE else f"{action} {rel}")
        _mark_read(ctx, name, rel, new)
        kept = f" (previous version {vid})" if vid else ""
        return f"Saved {rel} of '{name}'{kept}."
    except (SkillError, SkillFormatError) as e:
        raise ToolError(str(e)) from None


TOOLS = [skills_list, skill_view, skill_manage]


def _skill_text(skill: Skill) -> str | None:
    try:
        return skill.path.read_text(encoding="utf-8")
    except (OSError, AttributeError):
        return None
