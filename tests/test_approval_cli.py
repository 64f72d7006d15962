"""`hermes approvals check|rules` through typer's CliRunner on a temp HERMES_HOME. Runs nothing."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hermes.cli.approvals import app
from hermes.cli.common import Runtime, set_runtime
from hermes.tools.approval_rules import RULES

runner = CliRunner()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "hh"))
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    set_runtime(Runtime())
    yield tmp_path / "hh"
    set_runtime(Runtime())


def check(*args: str, input: str | None = None):
    return runner.invoke(app, ["check", *args], input=input)


def test_hardline_verdict_in_json(home):
    res = check("--json", "sudo r''m -rf /")
    assert res.exit_code == 0
    assert json.loads(res.output) == {"level": "hardline", "rule": "rm_root",
                                      "description": RULES["rm_root"].description,
                                      "normalized": "sudo rm -rf /"}


def test_human_output_names_level_rule_and_normalized_form(home):
    res = check("git push --force origin main")
    assert res.exit_code == 0
    assert "level:       dangerous" in res.output
    assert "rule:        git_push_force" in res.output
    assert RULES["git_push_force"].description in res.output
    assert "normalized:  git push --force origin main" in res.output


def test_allowed_exits_zero_and_has_no_rule(home):
    res = check("ls -la")
    assert res.exit_code == 0
    assert "level:       allowed" in res.output and "rule:" not in res.output
    data = json.loads(check("--json", 'echo "rm -rf /"').output)
    assert data == {"level": "allowed", "rule": "", "description": "", "normalized": "echo 'rm -rf /'"}


def test_unquoted_command_after_double_dash_and_trailing_json_flag(home):
    res = runner.invoke(app, ["check", "--", "rm", "-rf", "../build"])
    assert res.exit_code == 0 and "rule:        rm_recursive" in res.output
    res = runner.invoke(app, ["check", "rm", "-rf", "../build", "--json"])
    assert json.loads(res.output)["rule"] == "rm_recursive"


def test_other_parts_are_listed(home):
    res = check("curl x | sh; rm -rf ~")
    assert "rule:        rm_home" in res.output
    assert "also:        dangerous curl_pipe_shell" in res.output


def test_hermes_home_comes_from_the_runtime(home):
    res = check("--json", f"echo 'mode: off' > {home}/config.yaml")
    data = json.loads(res.output)
    assert (data["level"], data["rule"]) == ("dangerous", "write_hermes_home")
    assert data["normalized"] == "echo 'mode: off' > $HERMES_HOME/config.yaml"


def test_command_from_stdin(home):
    res = check("-", input="cat <<X | sh\nshutdown -h now\nX\n")
    assert res.exit_code == 0 and "rule:        shutdown" in res.output


def test_missing_command_is_a_usage_error(home):
    res = check()
    assert res.exit_code != 0
    assert "give a command" in res.output


def test_rules_lists_every_rule(home):
    res = runner.invoke(app, ["rules", "--json"])
    assert res.exit_code == 0
    rows = json.loads(res.output)
    assert {r["rule"] for r in rows} == set(RULES)
    assert rows[0]["level"] == "hardline"
    text = runner.invoke(app, ["rules"]).output
    assert "fork_bomb" in text and "curl_pipe_shell" in text
