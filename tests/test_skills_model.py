"""SKILL.md parsing and validation, discovery across home and bundled skills, the level-0 index."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes.config import Config
from hermes.core.messages import estimate_tokens
from hermes.home import Home
from hermes.skills import store as store_mod
from hermes.skills.index import HEADER, build_index, index_line, skill_command_prompt
from hermes.skills.model import SkillFormatError, check_content, current_platform, parse_skill
from hermes.skills.store import NO_BUNDLED_MARKER, record_outcome, scan


def skill_md(name: str, description: str = "Does a thing.", extra: str = "", body: str = "# Steps\n1. go\n") -> str:
    return f"---\nname: {name}\ndescription: {description}\n{extra}---\n{body}"


def put(home: Home, name: str, text: str, folder: str | None = None) -> Path:
    d = home.skills_dir / (folder or name)
    d.mkdir(parents=True, exist_ok=True)
    (d / "SKILL.md").write_text(text, encoding="utf-8")
    return d


@pytest.fixture
def home(tmp_path) -> Home:
    h = Home(tmp_path / "home").ensure()
    (h.skills_dir / NO_BUNDLED_MARKER).touch()
    return h


# -- parsing ----------------------------------------------------------------------------------

def test_valid_front_matter_parses_known_and_keeps_unknown_keys(tmp_path):
    p = tmp_path / "deploy-app" / "SKILL.md"
    text = skill_md("deploy-app", "Deploy the app.",
                    "version: 1.2.0\nplatforms: [linux, darwin]\nrequires_tools: [terminal]\n"
                    "tags: [Deploy]\nlicense: MIT\nallowed-tools: Bash\ncreated: 2024-05-01\n"
                    "metadata:\n  hermes:\n    category: devops\n")
    s = parse_skill(text, p)
    assert (s.name, s.description, s.version) == ("deploy-app", "Deploy the app.", "1.2.0")
    assert s.platforms == ["linux", "macos"] and s.requires_tools == ["terminal"] and s.tags == ["deploy"]
    assert s.extra == {"license": "MIT", "allowed-tools": "Bash", "created": "2024-05-01"}
    assert s.category == "devops"
    assert s.front_matter()["license"] == "MIT"


def test_reference_style_metadata_hermes_fields_are_understood(tmp_path):
    text = skill_md("x", extra="metadata:\n  hermes:\n    tags: [a]\n    requires_tools: [web_search]\n")
    s = parse_skill(text, tmp_path / "x" / "SKILL.md")
    assert s.tags == ["a"] and s.requires_tools == ["web_search"]


def test_invalid_yaml_reports_file_and_line(tmp_path):
    p = tmp_path / "bad" / "SKILL.md"
    text = "---\nname: bad\ndescription: ok\ntags: [a, b\nversion: 1\n---\nbody\n"
    with pytest.raises(SkillFormatError) as e:
        parse_skill(text, p)
    assert str(e.value).startswith(f"{p}:") and e.value.line in (4, 5, 6)
    assert "invalid YAML" in e.value.problem


@pytest.mark.parametrize("text,line,words", [
    ("name: x\n---\n", 1, "must start"),
    ("---\nname: x\ndescription: y\n", 1, "not closed"),
    ("---\n- a\n- b\n---\nbody", 2, "mapping"),
    ("---\nname: x\n\n\ndescription: ''\n---\nbody", 5, "description"),
    ("---\ndescription: d\nname: Bad_Name\n---\nbody", 3, "invalid name"),
    ("---\nname: other\ndescription: d\n---\nbody", 2, "must match the folder"),
    ("---\nname: x\ndescription: d\ntags: {a: 1}\n---\nbody", 4, "tags"),
])
def test_front_matter_problems_name_the_line(tmp_path, text, line, words):
    with pytest.raises(SkillFormatError) as e:
        parse_skill(text, tmp_path / "x" / "SKILL.md")
    assert e.value.line == line and words in e.value.problem


def test_strict_rules_for_written_skills():
    with pytest.raises(SkillFormatError, match="within 200"):
        check_content("x", skill_md("x", "d" * 201))
    with pytest.raises(SkillFormatError, match="no body"):
        check_content("x", skill_md("x", body=""))
    with pytest.raises(SkillFormatError, match="unknown platform"):
        check_content("x", skill_md("x", extra="platforms: [beos]\n"))
    with pytest.raises(SkillFormatError, match="limit is 20,480"):
        check_content("x", skill_md("x", body="a" * 21_000))
    assert check_content("x", skill_md("x")).name == "x"


# -- discovery ----------------------------------------------------------------------------------

def test_broken_skill_reported_others_still_load(home):
    put(home, "good", skill_md("good"))
    put(home, "broken", "---\nname: broken\ndescription: [oops\n---\nbody\n")
    put(home, "nested", skill_md("nested"), folder="devops/nested")
    cat = scan(home)
    assert set(cat.skills) == {"good", "nested"}
    assert cat.skills["nested"].category == "devops"
    assert len(cat.errors) == 1 and "broken/SKILL.md:3:" in cat.errors[0]


def test_bundled_skills_discovered_read_only_and_overridden_by_home(tmp_path):
    h = Home(tmp_path / "h").ensure()
    cat = scan(h)
    bundled = {n for n, s in cat.skills.items() if s.source == "bundled"}
    assert {"writing-skills", "review-diff", "summarize-git-history", "plan-data-migration"} <= bundled
    for n in bundled:
        assert len(cat.skills[n].path.read_bytes()) < 4096
        check_content(n, cat.skills[n].read_text())  # they pass the strict rules themselves
    put(h, "review-diff", skill_md("review-diff", "My own review procedure."))
    cat = scan(h)
    assert cat.skills["review-diff"].source == "home"
    assert cat.skills["review-diff"].description == "My own review procedure."


def test_scan_cache_survives_process_restart_and_sees_changes(home):
    put(home, "a", skill_md("a", "first"))
    scan(home)
    store_mod._memo.clear()
    store_mod._disk_merged.clear()
    assert scan(home).skills["a"].description == "first"  # from the on-disk cache
    put(home, "a", skill_md("a", "other"))  # same size, possibly the same timestamp tick
    assert scan(home).skills["a"].description == "other"


# -- index --------------------------------------------------------------------------------------

def test_index_empty_without_skills(home):
    assert build_index(home, Config(), ["skill_view", "terminal"]) == ""


def test_index_filters_by_tools_and_platform(home):
    other = "windows" if current_platform() != "windows" else "linux"
    put(home, "plain", skill_md("plain", "Plain skill."))
    put(home, "needs-web", skill_md("needs-web", extra="requires_tools: [web_search, terminal]\n"))
    put(home, "elsewhere", skill_md("elsewhere", extra=f"platforms: [{other}]\n"))
    put(home, "here", skill_md("here", extra=f"platforms: [{current_platform()}]\n"))
    idx = build_index(home, Config(), ["skill_view", "terminal"])
    assert idx.startswith(HEADER)
    assert "- plain: Plain skill." in idx and "- here:" in idx
    assert "needs-web" not in idx and "elsewhere" not in idx
    assert "- needs-web:" in build_index(home, Config(), ["skill_view", "terminal", "web_search"])
    assert build_index(home, Config(), ["terminal"]) == ""  # no skill_view: nothing to act on
    cfg = Config()
    cfg.skills.enabled = False
    assert build_index(home, cfg, ["skill_view", "terminal"]) == ""


def test_index_line_costs_at_most_40_tokens(home):
    long_desc = "word " * 39 + "end"
    put(home, "x" * 60, skill_md("x" * 60, long_desc.strip()))
    put(home, "short", skill_md("short", "Tiny."))
    for s in scan(home).skills.values():
        line = index_line(s)
        assert estimate_tokens(line + "\n") <= 40
    assert "…" in index_line(scan(home).skills["x" * 60])


def test_index_budget_drops_least_used_and_says_so(home):
    for i in range(60):
        put(home, f"skill-{i:02d}", skill_md(f"skill-{i:02d}", f"Procedure number {i} for a task class " * 3))
    record_outcome(home, ["skill-07", "skill-42"], True)
    cfg = Config()
    cfg.skills.index_token_budget = 300
    idx = build_index(home, cfg, ["skill_view"])
    assert estimate_tokens(idx) <= 300
    assert "- skill-07:" in idx and "- skill-42:" in idx
    shown = [ln for ln in idx.splitlines() if ln.startswith("- ")]
    assert 2 <= len(shown) < 60
    assert f"({60 - len(shown)} more skills not listed; skills_list shows all.)" in idx
    assert shown == sorted(shown)  # byte-stable order


def test_pinned_skill_with_changed_files_leaves_the_index(home):
    from hermes.skills.store import SkillStore

    put(home, "tool", skill_md("tool", "A tool skill."))
    SkillStore(home).pin("tool", "installed", "somewhere")
    assert "- tool:" in build_index(home, Config(), ["skill_view"])
    (home.skills_dir / "tool" / "extra.md").write_text("sneaky")
    assert scan(home).changed == {"tool"}
    assert build_index(home, Config(), ["skill_view"]) == ""
    assert skill_command_prompt(home, "tool", "x") is None


def test_skill_command_prompt_includes_body_args_and_counts_the_view(home):
    d = put(home, "deploy-app", skill_md("deploy-app", body="# Deploy\nRun ${HERMES_SKILL_DIR}/scripts/go.sh\n"))
    (d / "scripts").mkdir()
    (d / "scripts" / "go.sh").write_text("#!/bin/sh\necho hi\n")
    state: dict = {}
    text = skill_command_prompt(home, "deploy-app", "to staging", state)
    assert "Run " + str(d) + "/scripts/go.sh" in text and "Request: to staging" in text
    assert "scripts/go.sh" in text.split("</skill>")[1]
    assert state["skills_viewed"] == {"deploy-app"} and "deploy-app/SKILL.md" in state["skills_read"]
    assert store_mod.usage(home)["deploy-app"]["views"] == 1
    assert skill_command_prompt(home, "nope", "") is None
