"""A skill: `<name>/SKILL.md` = YAML front matter + Markdown, plus optional supporting folders.

Front matter follows the public agent-skills convention: `name` and `description` are required,
`version`, `platforms`, `requires_tools`, `tags` and `metadata` are understood, and any other key is
kept as is (in `Skill.extra`). Hermes-specific fields may also sit under `metadata.hermes`, as the
reference system writes them. Errors carry the file and the line.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

SKILL_FILE = "SKILL.md"
SUPPORT_DIRS = ("references", "templates", "scripts", "assets")
MAX_SKILL_BYTES = 20 * 1024  # SKILL.md written through Hermes
MAX_FILE_BYTES = 100 * 1024  # one supporting file written through Hermes
MAX_DESCRIPTION = 200
MAX_NAME = 64

# Names Hermes creates: lowercase letters, digits, hyphens; no leading/trailing hyphen.
NAME_RE = re.compile(r"^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$")
# Names Hermes accepts when loading skills made elsewhere (the reference allows '.' and '_').
LOAD_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9._-]*$")

KNOWN_KEYS = ("name", "description", "version", "platforms", "requires_tools", "tags", "metadata")
PLATFORMS = ("linux", "macos", "windows")
_PLATFORM_ALIASES = {"darwin": "macos", "osx": "macos", "mac": "macos", "win32": "windows",
                     "win": "windows", "cygwin": "windows"}

_FRONT_RE = re.compile(r"\A---[ \t]*\r?\n(.*?)(?:\r?\n)?^---[ \t]*(?:\r?\n|\Z)", re.S | re.M)


class SkillError(Exception):
    """An expected failure, phrased for whoever asked (the model or the user)."""


class SkillFormatError(ValueError):
    """A SKILL.md that cannot be used; str() is `path:line: problem`."""

    def __init__(self, path: str | Path, line: int, problem: str):
        self.path, self.line, self.problem = str(path), line, problem
        super().__init__(f"{self.path}:{line}: {problem}")


@dataclass
class Skill:
    name: str
    description: str
    path: Path  # the SKILL.md file
    source: str = "home"  # "home" | "bundled"
    version: str | None = None
    platforms: list[str] = field(default_factory=list)
    requires_tools: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # unknown front-matter keys, kept verbatim
    category: str | None = None

    @property
    def dir(self) -> Path:
        return self.path.parent

    def read_text(self) -> str:
        return self.path.read_text(encoding="utf-8")

    def body(self) -> str:
        return split_front_matter(self.read_text(), self.path)[1]

    def files(self) -> list[str]:
        """Supporting files, as POSIX paths relative to the skill folder."""
        out = []
        for p in sorted(self.dir.rglob("*")):
            rel = p.relative_to(self.dir)
            if p.is_file() and rel.as_posix() != SKILL_FILE and not _hidden(rel):
                out.append(rel.as_posix())
        return out

    def runs_on(self, platform: str | None = None) -> bool:
        return not self.platforms or (platform or current_platform()) in self.platforms

    def front_matter(self) -> dict[str, Any]:
        fm: dict[str, Any] = {"name": self.name, "description": self.description}
        for key in ("version", "platforms", "requires_tools", "tags", "metadata"):
            val = getattr(self, key)
            if val:
                fm[key] = val
        return {**fm, **self.extra}


def _hidden(rel: Path) -> bool:
    return any(part.startswith(".") or part == "__pycache__" for part in rel.parts)


def current_platform() -> str:
    p = sys.platform
    if p.startswith("linux"):
        return "linux"
    return _PLATFORM_ALIASES.get(p, p)


def normalize_platform(value: str) -> str:
    v = str(value).strip().lower()
    return _PLATFORM_ALIASES.get(v, v)


# -- parsing ----------------------------------------------------------------------------------

def split_front_matter(text: str, path: str | Path = SKILL_FILE) -> tuple[str, str]:
    """(yaml text, markdown body). The YAML starts on line 2 of the file."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not re.match(r"---[ \t]*\r?\n", text):
        raise SkillFormatError(path, 1, "SKILL.md must start with a '---' line opening the YAML front matter")
    m = _FRONT_RE.match(text)
    if not m:
        raise SkillFormatError(path, 1, "front matter is not closed: add a '---' line after it")
    return m.group(1), text[m.end():]


def parse_front_matter(text: str, path: str | Path = SKILL_FILE) -> dict[str, Any]:
    """The front matter as a plain JSON-compatible dict (dates become ISO strings)."""
    import yaml

    raw, _ = split_front_matter(text, path)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        data = yaml.load(raw, Loader=loader) if raw.strip() else None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        last = raw.count("\n") + 2  # the last front-matter line in the file
        line = min(mark.line + 2, last) if mark else 2
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        ctx = getattr(e, "context_mark", None)
        if ctx is not None and getattr(e, "context", None) and ctx.line + 2 != line:
            problem += f" ({e.context} on line {ctx.line + 2})"
        raise SkillFormatError(path, line, f"invalid YAML in front matter: {problem}") from None
    if not isinstance(data, dict):
        raise SkillFormatError(path, 2, "front matter must be a YAML mapping with at least name and description")
    return _plain(data)


def _plain(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, (_dt.date, _dt.datetime)):
        return v.isoformat()
    return v


def _key_line(text: str, key: str) -> int:
    """File line of `key` in the front matter (top-level first), for error messages."""
    try:
        raw, _ = split_front_matter(text)
    except SkillFormatError:
        return 1
    m = (re.search(rf"^{re.escape(key)}\s*:", raw, re.M)
         or re.search(rf"^\s+{re.escape(key)}\s*:", raw, re.M))
    return raw[:m.start()].count("\n") + 2 if m else 2


def _hermes_meta(front: dict[str, Any]) -> dict[str, Any]:
    meta = front.get("metadata")
    inner = meta.get("hermes") if isinstance(meta, dict) else None
    return inner if isinstance(inner, dict) else {}


def _str_list(key: str, where: dict[str, Any]) -> list[str] | str:
    """A list of strings (a lone string is accepted as a one-item list), or an error message."""
    val = where.get(key)
    if val is None:
        return []
    if isinstance(val, str):
        val = [val]
    if not isinstance(val, list) or not all(isinstance(x, (str, int, float)) for x in val):
        return f"'{key}' must be a list of strings"
    return [str(x) for x in val]


def validate(front: dict[str, Any], text: str, path: str | Path, *, folder: str | None = None,
             strict: bool = False) -> list[SkillFormatError]:
    """Problems with one SKILL.md. `strict` adds the rules for skills written through Hermes."""
    errs: list[SkillFormatError] = []

    def err(key: str, problem: str) -> None:
        errs.append(SkillFormatError(path, _key_line(text, key), problem))

    name = front.get("name")
    name_re = NAME_RE if strict else LOAD_NAME_RE
    if not isinstance(name, str) or not name:
        err("name", "front matter needs 'name'")
    elif len(name) > MAX_NAME or not name_re.match(name):
        err("name", f"invalid name {name!r}: use lowercase a-z, 0-9 and hyphens, at most {MAX_NAME} characters")
    elif folder is not None and name != folder:
        err("name", f"name {name!r} must match the folder name {folder!r}")
    desc = front.get("description")
    if not isinstance(desc, str) or not desc.strip():
        err("description", "front matter needs a non-empty 'description' (one line: what the skill is for)")
    elif strict and len(desc) > MAX_DESCRIPTION:
        err("description", f"description is {len(desc)} characters; keep it within {MAX_DESCRIPTION}")
    hermes_meta = _hermes_meta(front)
    for key in ("platforms", "requires_tools", "tags"):
        got = _str_list(key, front if key in front else hermes_meta)
        if isinstance(got, str):
            err(key, got)
        elif key == "platforms" and strict:
            bad = [p for p in got if normalize_platform(p) not in PLATFORMS]
            if bad:
                err(key, f"unknown platform(s) {bad}: use {', '.join(PLATFORMS)}")
    if "metadata" in front and not isinstance(front["metadata"], (dict, type(None))):
        err("metadata", "'metadata' must be a mapping")
    if "version" in front and not isinstance(front["version"], (str, int, float, type(None))):
        err("version", "'version' must be a string such as 1.0.0")
    if strict:
        if len(text.encode("utf-8")) > MAX_SKILL_BYTES:
            errs.append(SkillFormatError(path, 1, f"SKILL.md is {len(text.encode()):,} bytes; the limit is "
                                                  f"{MAX_SKILL_BYTES:,} (move details into references/)"))
        if not split_front_matter(text, path)[1].strip():
            errs.append(SkillFormatError(path, 1, "SKILL.md has no body after the front matter"))
    return errs


def parse_skill(text: str, path: Path, *, source: str = "home", strict: bool = False,
                category: str | None = None) -> Skill:
    """Parse and validate one SKILL.md (the folder name must equal the skill name)."""
    front = parse_front_matter(text, path)
    errs = validate(front, text, path, folder=path.parent.name, strict=strict)
    if errs:
        raise errs[0]
    return skill_from_front(front, path, source=source, category=category)


def skill_from_front(front: dict[str, Any], path: Path, *, source: str = "home",
                     category: str | None = None) -> Skill:
    meta = front.get("metadata") if isinstance(front.get("metadata"), dict) else {}
    hermes_meta = _hermes_meta(front)

    def lst(key: str) -> list[str]:
        got = _str_list(key, front if key in front else hermes_meta)
        return got if isinstance(got, list) else []

    version = front.get("version")
    return Skill(
        name=front["name"], description=" ".join(str(front["description"]).split()), path=path,
        source=source, version=None if version is None else str(version),
        platforms=[normalize_platform(p) for p in lst("platforms")],
        requires_tools=lst("requires_tools"), tags=[t.lower() for t in lst("tags")],
        metadata=meta, extra={k: v for k, v in front.items() if k not in KNOWN_KEYS},
        category=category or (str(hermes_meta["category"]) if hermes_meta.get("category") else None),
    )


def check_content(name: str, text: str) -> Skill:
    """Strict validation of SKILL.md text about to be written for skill `name`; raises SkillFormatError."""
    path = Path(name) / SKILL_FILE
    front = parse_front_matter(text, path)
    errs = validate(front, text, path, folder=name, strict=True)
    if errs:
        raise SkillFormatError(path, errs[0].line, "; ".join(e.problem for e in errs))
    return skill_from_front(front, path)


def valid_name(name: str) -> str | None:
    """None if `name` is a valid new skill name, else the reason."""
    if not name or len(name) > MAX_NAME or not NAME_RE.match(name):
        return (f"invalid skill name {name!r}: use lowercase a-z, 0-9 and hyphens (no leading or "
                f"trailing hyphen), at most {MAX_NAME} characters, named by task class like "
                "'deploy-django-app'")
    return None


# -- files of a skill ----------------------------------------------------------------------------

def content_hash(folder: Path) -> str:
    """sha256 over every file's relative path and bytes (caches like __pycache__ excluded)."""
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        rel = p.relative_to(folder)
        if "__pycache__" in rel.parts or p.suffix == ".pyc" or p.is_dir():
            continue
        h.update(rel.as_posix().encode() + b"\0")
        h.update((os.readlink(p).encode() if p.is_symlink() else p.read_bytes()) + b"\0")
    return "sha256:" + h.hexdigest()


def safe_relpath(path: str, *, for_write: bool = False) -> str:
    """A supporting-file path inside the skill folder, or SkillError (no absolute paths, no '..')."""
    p = (path or "").strip().replace("\\", "/")
    parts = [x for x in PurePosixPath(p).parts if x != "."] if p else []
    if not parts or p.startswith("/") or re.match(r"^[A-Za-z]:", p) or ".." in parts:
        raise SkillError(f"path {path!r} must be a relative path inside the skill folder (no '..')")
    if any(x.startswith(".") for x in parts):
        raise SkillError(f"path {path!r}: hidden files are not part of a skill")
    rel = "/".join(parts)
    if for_write and rel != SKILL_FILE and (parts[0] not in SUPPORT_DIRS or len(parts) < 2):
        raise SkillError(f"path {path!r} must be SKILL.md or sit under {', '.join(d + '/' for d in SUPPORT_DIRS)}")
    return rel


def resolve_file(skill: Skill, rel: str) -> Path:
    """The file for a safe relative path; refuses symlinks that lead outside the skill folder."""
    target = skill.dir / rel
    base = skill.dir.resolve()
    if not target.resolve().is_relative_to(base):
        raise SkillError(f"path {rel!r} leads outside the skill folder")
    return target
