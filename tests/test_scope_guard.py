"""Small models hold to the files a request names: an edit of another existing file is held back
once (seen: asked to fix calc.py, Qwen2.5-Coder-1.5B patched the test instead)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes.config import Config
from hermes.core.scope import targets
from hermes.home import Home
from hermes.runtime import Hermes
from hermes.testing import ScriptedModel
from hermes.testing.script import call, reply

NAMED = [
    ("`python test_calc.py` fails. Fix calc.py so that the test passes, then run the test.", {"calc.py"}),
    ("In config.ini, change the port from 8000 to 9000.", {"config.ini"}),
    ("change the port from 8000 to 9000 in config.ini", {"config.ini"}),
    ("fix the bug in utils.py", {"utils.py"}),
    ("Update the file src/app/settings.toml to use port 80", {"settings.toml"}),
    ("main.py needs to be fixed: it crashes on start", {"main.py"}),
    ("Rename the function foo to bar in lib/a.py and b.py", {"a.py", "b.py"}),
    ("Update `setup.cfg` and `pyproject.toml` to version 2", {"setup.cfg", "pyproject.toml"}),
    ("Please edit my .bashrc.d/aliases.sh so ll lists hidden files", {"aliases.sh"}),
]
UNNAMED = ["Create a file named hello.txt containing hi", "Read notes/todo.md and tell me its first item.",
           "Fix the failing tests", "Run pytest and fix whatever fails", "What is in data.csv?"]


@pytest.mark.parametrize("request_text,names", NAMED)
def test_the_files_a_request_asks_to_change(request_text, names):
    assert targets(request_text) == names


@pytest.mark.parametrize("request_text", UNNAMED)
def test_requests_that_name_no_file_to_change(request_text):
    assert targets(request_text) == set()


def _hermes(tmp_path: Path, steps, profile: str) -> tuple[Hermes, ScriptedModel]:
    cfg = Config()
    cfg.terminal.cwd = str(tmp_path)
    cfg.model.tool_profile = profile
    model = ScriptedModel(steps)
    return Hermes(Home(tmp_path / "home").ensure(), cfg, model=model), model


TEST = "from calc import add\nassert add(2, 3) == 5, 'add is broken'\n"


async def test_an_edit_of_another_file_is_held_back_once_then_made_if_repeated(tmp_path):
    (tmp_path / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    (tmp_path / "test_calc.py").write_text(TEST)
    wrong = call("patch", {"path": "test_calc.py", "old_text": "'add is broken'", "new_text": "'add is fixed'"})
    right = call("patch", {"path": "calc.py", "old_text": "a - b", "new_text": "a + b"})
    other = call("patch", {"path": "test_calc.py", "old_text": "'add is broken'", "new_text": "'add is ok'"})
    h, model = _hermes(tmp_path, [wrong, right, other, wrong,
                                  call("write_file", {"path": "NOTES.md", "content": "x"}),
                                  reply("Fixed calc.py.")], "compact")
    await h.open().ask("`python test_calc.py` fails. Fix calc.py so that the test passes.")
    results = [m.content for m in model.requests[-1]["messages"] if m.role == "tool"]
    assert results[0].startswith("Not changed: the user asked you to change calc.py, not test_calc.py.")
    assert (tmp_path / "calc.py").read_text().endswith("a + b\n")
    assert results[2].startswith("Not changed")  # another edit of that file is held back in turn
    assert results[3].startswith("patched test_calc.py")  # insisting with the same call goes through
    assert (tmp_path / "NOTES.md").read_text() == "x"  # a new file is not an edit of another
    assert "'add is fixed'" in (tmp_path / "test_calc.py").read_text()


@pytest.mark.parametrize("profile,request_text", [("full", "Fix calc.py so that the test passes."),
                                                  ("compact", "Make the test pass.")])
async def test_no_hold_for_capable_models_or_requests_naming_no_file(tmp_path, profile, request_text):
    (tmp_path / "test_calc.py").write_text(TEST)
    h, model = _hermes(tmp_path, [call("patch", {"path": "test_calc.py", "old_text": "'add is broken'",
                                                 "new_text": "'add is fixed'"}), reply("Done.")], profile)
    await h.open().ask(request_text)
    assert "'add is fixed'" in (tmp_path / "test_calc.py").read_text()


async def test_several_edits_of_the_other_file_in_one_reply_are_all_held_back(tmp_path):
    (tmp_path / "test_calc.py").write_text(TEST)
    (tmp_path / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    from hermes.testing import calls

    edit = ("patch", {"path": "test_calc.py", "old_text": "'add is broken'", "new_text": "'add is fixed'"})
    edit2 = ("patch", {"path": "test_calc.py", "old_text": "== 5", "new_text": "== -1"})
    run = ("terminal", {"command": "python test_calc.py"})
    h, model = _hermes(tmp_path, [calls(edit, run, edit2, ("terminal", {"command": "true"})), reply("Held.")],
                       "compact")
    await h.open().ask("Fix calc.py so that the test passes.")
    results = [m.content for m in model.requests[-1]["messages"] if m.role == "tool"]
    assert len(results) == 4 and [r.startswith("Not changed") for r in results] == [True, False, True, False]
    assert (tmp_path / "test_calc.py").read_text() == TEST


async def test_an_existing_file_is_overwritten_only_after_the_model_has_seen_it(tmp_path):
    """Seen: read_file calc.py and write_file calc.py with a made-up line, in one reply."""
    from hermes.testing import calls

    (tmp_path / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    read = ("read_file", {"path": "calc.py"})
    write = ("write_file", {"path": "calc.py", "content": "def add(a, b):\n    return a + b\n"})
    h, model = _hermes(tmp_path, [calls(read, write), call(*write), reply("Rewritten.")], "compact")
    await h.open().ask("Make add in calc.py add instead of subtract.")
    results = [m.content for m in model.requests[-1]["messages"] if m.role == "tool"]
    assert results[1].startswith("Not written: calc.py exists and you have not read it")
    assert results[2].startswith(("overwrote calc.py", "wrote calc.py"))  # read in an earlier reply: written
    assert "a + b" in (tmp_path / "calc.py").read_text()


@pytest.mark.parametrize("profile", ["compact", "full"])
async def test_new_files_and_capable_models_write_freely(tmp_path, profile):
    (tmp_path / "old.txt").write_text("old\n")
    steps = [call("write_file", {"path": "new.txt", "content": "one"}),
             call("write_file", {"path": "new.txt", "content": "two"}),  # its own file: known
             call("write_file", {"path": "old.txt", "content": "new\n"}), reply("Done.")]
    h, model = _hermes(tmp_path, steps, profile)
    await h.open().ask("Write new.txt, then rewrite old.txt.")
    assert (tmp_path / "new.txt").read_text() == "two"
    assert (tmp_path / "old.txt").read_text() == ("old\n" if profile == "compact" else "new\n")


async def test_giving_up_after_a_held_edit_gets_the_nudge_to_make_the_named_change(tmp_path):
    """Seen: held back from the test, the model replied with nothing, then asked the user for calc.py."""
    from hermes.core.agent import EMPTY_NUDGE
    from hermes.core.coach import SUGGESTED_NUDGE

    (tmp_path / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    (tmp_path / "test_calc.py").write_text(TEST)
    steps = [call("patch", {"path": "test_calc.py", "old_text": "'add is broken'", "new_text": "'x'"}), reply(""),
             reply("I don't have the full context. Can you provide the code in calc.py?"),
             call("patch", {"path": "calc.py", "old_text": "a - b", "new_text": "a + b"}), reply("Fixed.")]
    h, model = _hermes(tmp_path, steps, "compact")
    assert (await h.open().ask("Fix calc.py so that the test passes.")).text == "Fixed."
    asked = [r["messages"][-1].content for r in model.requests]
    assert asked[2] == EMPTY_NUDGE and asked[3] == SUGGESTED_NUDGE
    assert model.requests[3]["options"].get("tool_choice") == "required"
    assert (tmp_path / "calc.py").read_text().endswith("a + b\n")
