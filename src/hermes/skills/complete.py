"""Finishing a SKILL.md that a model wrote half-way, before it is validated.

Models, small ones especially, often send a skill as its bare procedure ("find src -name '*.py' |
wc -l") or put the procedure in the YAML front matter ("steps: [...]") and leave the body empty.
Both are refused by the format check, and a small model rarely repairs them from the error alone.
What it meant is clear, so the text is completed instead: front matter from the skill's name and
the body's first line, or front-matter keys the format does not know moved into the body; a skill
wrapped in a code fence is unwrapped, and YAML keys sent without their `---` lines are read as front
matter. Anything else (bad YAML, a wrong name) is left for the format check to explain.
"""

from __future__ import annotations

import re
from typing import Any

from hermes.skills.model import KNOWN_KEYS, MAX_DESCRIPTION, SkillFormatError, split_front_matter


# A whole skill in one fence of a document language; a fenced command stays fenced (it is its body).
_FENCED = re.compile(r"\A\s*```(?:ya?ml|markdown|md|text|txt)?[ \t]*\r?\n(.*?)\r?\n[ \t]*```\s*\Z", re.S | re.I)
_BARE_FRONT = re.compile(r"\A(?:name|description)[ \t]*:")


def _unwrap(text: str) -> tuple[str, str]:
    """A skill sent inside one code fence, or with its front matter's `---` lines left out (seen:
    "```yaml\nname: ...\ndescription: ...\nsteps: [...]\n```"): (the text as meant, a note)."""
    m = _FENCED.match(text)
    inner = m.group(1) if m else text
    if _BARE_FRONT.match(inner.lstrip()):
        import yaml

        try:
            front = yaml.safe_load(inner)
        except yaml.YAMLError:
            front = None
        if isinstance(front, dict) and ("name" in front or "description" in front):
            return f"---\n{inner.strip()}\n---\n", " (read as front matter)"
    return (inner, " (code fence removed)") if m and inner.strip() else (text, "")


def complete_skill(name: str, text: str) -> tuple[str, str]:
    """(SKILL.md text, a note on what was added: '' when the text was complete or is left as is)."""
    text, unwrapped = _unwrap(text)
    if unwrapped:
        done, note = complete_skill(name, text)
        return done, unwrapped + note
    if not re.match(r"\ufeff?---[ \t]*\r?\n", text):
        body = text.strip()
        if not body:
            return text, ""
        return (f"---\nname: {name}\ndescription: {_quote(_description(body))}\n---\n\n{body}\n",
                " (front matter added: its description is the first line)")
    try:
        yaml_text, body = split_front_matter(text)
    except SkillFormatError:
        return text, ""
    if body.strip():
        return text, ""
    import yaml

    try:
        front = yaml.safe_load(yaml_text)
    except yaml.YAMLError:
        return text, ""
    if not isinstance(front, dict):
        return text, ""
    extra = {k: v for k, v in front.items() if k not in KNOWN_KEYS}
    if not extra:
        return text, ""
    kept = {k: v for k, v in front.items() if k in KNOWN_KEYS}
    head = yaml.safe_dump(kept, sort_keys=False, allow_unicode=True).strip()
    sections = "\n\n".join(f"## {str(k).replace('_', ' ').capitalize()}\n{_markdown(v)}" for k, v in extra.items())
    return f"---\n{head}\n---\n\n{sections}\n", f" (moved {', '.join(map(str, extra))} from the front matter into the body)"


def _description(body: str) -> str:
    first = next((line for line in body.splitlines() if line.strip() and not line.lstrip().startswith("```")), "")
    first = re.sub(r"^[#>*\-\s`]+|`+$", "", first).strip() or "A saved procedure."
    return first if len(first) <= MAX_DESCRIPTION else first[:MAX_DESCRIPTION - 1].rstrip() + "…"


def _quote(text: str) -> str:
    import json

    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid YAML scalar


def _markdown(value: Any) -> str:
    if isinstance(value, list):
        return "\n".join(f"- {_inline(v)}" for v in value)
    if isinstance(value, dict):
        return "\n".join(f"- {k}: {_inline(v)}" for k, v in value.items())
    return str(value)


def _inline(value: Any) -> str:
    text = str(value)
    return f"`{text}`" if any(c in text for c in "|$*_") and "`" not in text else text
