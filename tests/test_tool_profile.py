"""The compact tool profile for small local models (hermes.tools.profile)."""

from __future__ import annotations

from hermes.config import Config
from hermes.home import Home
from hermes.runtime import Hermes
from hermes.testing import ScriptedModel
from hermes.tools.profile import COMPACT_SKIP


def _names(tmp_path, *, provider="scripted", path=None, profile="auto") -> set[str]:
    cfg = Config()
    cfg.terminal.cwd = str(tmp_path)
    cfg.model.tool_profile = profile
    model = ScriptedModel([])
    model.provider, model.path = provider, path
    h = Hermes(Home(tmp_path / "home").ensure(), cfg, model=model)
    return set(h.open(toolsets=["core", "memory", "skills", "cron"]).agent.tools.names())


def test_a_small_local_gguf_gets_the_compact_set(tmp_path):
    gguf = tmp_path / "small.gguf"
    gguf.write_bytes(b"GGUF" + b"\0" * 1024)
    names = _names(tmp_path, provider="local", path=str(gguf))
    assert not names & COMPACT_SKIP
    assert {"terminal", "read_file", "write_file", "patch", "memory", "session_search",
            "skill_view", "skill_manage", "cronjob"} <= names


def test_the_embedded_model_with_tools_on_gets_the_compact_set(tmp_path):
    assert not _names(tmp_path, provider="local", path=None) & COMPACT_SKIP


def test_hosted_models_and_full_keep_every_tool(tmp_path):
    assert COMPACT_SKIP - {"send_message"} <= _names(tmp_path)  # send_message depends on the session
    gguf = tmp_path / "small.gguf"
    gguf.write_bytes(b"GGUF")
    assert COMPACT_SKIP - {"send_message"} <= _names(tmp_path, provider="local", path=str(gguf), profile="full")


def test_compact_can_be_asked_for_any_model(tmp_path):
    assert not _names(tmp_path, profile="compact") & COMPACT_SKIP


def test_small_models_get_their_rules_in_the_prompt_and_others_do_not(tmp_path):
    from hermes.tools.profile import SMALL_MODEL_RULES

    for profile, want in (("compact", True), ("full", False)):
        cfg = Config()
        cfg.terminal.cwd = str(tmp_path)
        cfg.model.tool_profile = profile
        h = Hermes(Home(tmp_path / profile).ensure(), cfg, model=ScriptedModel([]))
        assert (SMALL_MODEL_RULES in h.open().state.system_prompt) is want


def _terminal_schema(tmp_path, profile: str) -> dict:
    cfg = Config()
    cfg.terminal.cwd = str(tmp_path)
    cfg.model.tool_profile = profile
    h = Hermes(Home(tmp_path / profile).ensure(), cfg, model=ScriptedModel([]))
    [schema] = [s["function"] for s in h.open(toolsets=["core"]).agent.tools.schemas()
                if s["function"]["name"] == "terminal"]
    return schema


def test_the_compact_terminal_has_only_the_command(tmp_path):
    """A 1.5B model filled in every optional argument it saw: a made-up workdir (the skill's folder)
    ran the command in the wrong place, and background would need the process tool it lacks."""
    small = _terminal_schema(tmp_path, "compact")
    assert list(small["parameters"]["properties"]) == ["command"] and small["parameters"]["required"] == ["command"]
    assert "background" not in small["description"] and "process tool" not in small["description"]
    full = _terminal_schema(tmp_path, "full")
    assert {"command", "timeout", "background", "workdir"} <= set(full["parameters"]["properties"])
    assert "background" in full["description"]
