"""The agent loop stops a model that keeps making the same call with the same result."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes.config import Config
from hermes.core.messages import Message
from hermes.core.repeats import SAME
from hermes.home import Home
from hermes.runtime import Hermes
from hermes.testing import ScriptedModel
from hermes.testing.script import call, reply


def _hermes(tmp_path: Path, steps, profile: str = "auto") -> tuple[Hermes, ScriptedModel]:
    cfg = Config()
    cfg.terminal.cwd = str(tmp_path)
    cfg.model.tool_profile = profile
    model = ScriptedModel(steps)
    return Hermes(Home(tmp_path / "home").ensure(), cfg, model=model), model


def _tool_results(model: ScriptedModel) -> list[str]:
    return [m.content for m in model.requests[-1]["messages"] if m.role == "tool"]


async def test_the_same_call_and_result_is_noted_then_no_longer_run(tmp_path):
    (tmp_path / "data.txt").write_text("a\nb\n")
    same = {"command": "wc -l data.txt"}
    h, model = _hermes(tmp_path, [call("terminal", same), call("terminal", same), call("terminal", same),
                                  call("terminal", same), reply("2 lines")])
    final = await h.open().ask("how many lines?")
    results = _tool_results(model)
    assert final.text == "2 lines" and len(results) == 4
    assert SAME not in results[0] and results[1].endswith(SAME)
    assert all(r.startswith("Not run: you made this exact terminal call") for r in results[2:])


async def test_repeats_with_new_results_or_other_calls_between_still_run(tmp_path):
    script = tmp_path / "count.sh"
    script.write_text("n=$(cat n 2>/dev/null || echo 0); echo $((n+1)) > n; cat n\n")
    poll = {"command": "sh count.sh"}
    h, model = _hermes(tmp_path, [call("terminal", poll), call("terminal", poll), call("terminal", poll),
                                  call("terminal", {"command": "true"}), call("terminal", poll), reply("done")])
    await h.open().ask("poll it")
    results = _tool_results(model)
    assert [r.split("\n")[0] for r in results][:3] + [results[4].split("\n")[0]] == ["1", "2", "3", "4"]
    assert not any(SAME in r or r.startswith("Not run") for r in results)


async def test_an_empty_answer_after_tool_work_gets_one_nudge(tmp_path):
    from hermes.core.agent import EMPTY_NUDGE

    h, model = _hermes(tmp_path, [call("terminal", {"command": "echo 42"}), reply(""), reply("It printed 42.")])
    final = await h.open().ask("what does it print?")
    assert final.text == "It printed 42."
    last = model.requests[-1]["messages"]
    assert last[-1].content == EMPTY_NUDGE and not any(m.role == "assistant" and not m.content and not m.tool_calls
                                                       for m in last)
    h, model = _hermes(tmp_path, [call("terminal", {"command": "echo 42"}), reply(""), reply("")])
    final = await h.open().ask("again?")  # still empty: the turn ends, no endless retries
    assert final.text == "" and len(model.requests) == 3


async def test_a_tools_own_result_written_back_into_it_is_not_run(tmp_path):
    """A small model's loop seen with a real 1.5B model: memory add, then add the status it got."""
    h, model = _hermes(tmp_path, [
        call("memory", {"action": "add", "target": "user", "content": "Code name of the migration: BLUEFIN"}),
        call("memory", {"action": "add", "target": "user",
                        "content": "Saved to the user profile (1 entry, 3% of 1,375 chars). Done"}),
        reply("The code name is BLUEFIN.")])
    final = await h.open().ask("what was the code name?")
    results = _tool_results(model)
    assert final.text == "The code name is BLUEFIN."
    assert results[0].startswith("Saved to the user profile")
    assert results[1].startswith("Not run: these memory arguments copy the result memory just returned")
    assert "Saved to" not in "".join(p.read_text() for p in h.home.root.joinpath("memories").rglob("*.md"))


async def test_copying_another_tools_output_into_a_file_still_runs(tmp_path):
    (tmp_path / "a.txt").write_text("a line of text that is long enough to count\n")
    h, model = _hermes(tmp_path, [
        call("terminal", {"command": "cat a.txt"}),
        call("write_file", {"path": "b.txt", "content": "a line of text that is long enough to count\n"}),
        reply("Copied.")])
    await h.open().ask("copy a.txt to b.txt")
    assert (tmp_path / "b.txt").read_text() == "a line of text that is long enough to count\n"


async def test_giving_up_after_a_failed_call_gets_one_more_chance(tmp_path):
    """A 1.5B model read a missing file, got 'Did you mean notes/todo.txt?', then said "Let's try again"
    (or asked the user for the right name) and stopped."""
    from hermes.core.coach import SUGGESTED_NUDGE

    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "todo.txt").write_text("- water the plants\n")
    h, model = _hermes(tmp_path, [call("read_file", {"path": "notes/todo.md"}), reply("I understand. Let's try again."),
                                  call("read_file", {"path": "notes/todo.txt"}), reply("The first item: water the plants."),
                                  ], profile="compact")
    final = await h.open().ask("Read notes/todo.md and tell me its first item.")
    assert final.text == "The first item: water the plants."
    assert any(m.role == "user" and m.content == SUGGESTED_NUDGE for m in model.requests[2]["messages"])


async def test_the_retry_nudge_comes_twice_a_turn_at_most_and_never_after_a_denial(tmp_path):
    from hermes.core.coach import RETRY_NUDGE

    h, model = _hermes(tmp_path, [call("read_file", {"path": "nope.txt"}), reply("It failed."),
                                  call("read_file", {"path": "nope2.txt"}), reply("Still missing."),
                                  call("read_file", {"path": "nope3.txt"}), reply("Gone too.")], "compact")
    final = await h.open().ask("read nope.txt")
    assert final.text == "Gone too." and len(model.requests) == 6
    # no suggestion in the error: the general one, twice, then the third give-up stands
    assert [r["messages"][-1].content == RETRY_NUDGE for r in model.requests] == [False, False, True, False, True, False]
    (tmp_path / "b").mkdir(exist_ok=True)
    h2, model2 = _hermes(tmp_path / "b", [call("terminal", {"command": "rm -rf /"}), reply("That was refused.")],
                         "compact")
    final = await h2.open().ask("wipe the disk")
    assert final.text == "That was refused." and len(model2.requests) == 2
    assert not any(m.content == RETRY_NUDGE for r in model2.requests for m in r["messages"])


async def test_models_that_are_not_small_get_no_retry_nudge(tmp_path):
    h, model = _hermes(tmp_path, [call("read_file", {"path": "nope.txt"}), reply("It does not exist.")], "full")
    assert (await h.open().ask("read nope.txt")).text == "It does not exist." and len(model.requests) == 2


async def test_a_small_model_repeating_a_group_of_calls_is_noted_then_stopped(tmp_path):
    """Seen with Qwen2.5-Coder-1.5B: write a, write b, then the same pair again, then a again."""
    from hermes.core.repeats import EARLIER

    a, b = {"path": "a.txt", "content": "alpha"}, {"path": "b.txt", "content": "beta"}
    steps = [call("write_file", a), call("write_file", b), call("write_file", a), call("write_file", b),
             call("write_file", a), call("write_file", b), call("write_file", a), reply("Both written.")]
    h, model = _hermes(tmp_path, steps, profile="compact")
    final = await h.open().ask("Create a.txt with alpha and b.txt with beta.")
    results = _tool_results(model)
    assert final.text == "Both written." and len(results) == 7
    assert results[0].startswith("created a.txt") and results[2].startswith("unchanged: a.txt")
    assert EARLIER not in results[2] and results[4].endswith(EARLIER) and results[5].endswith(EARLIER)
    assert results[6].startswith("Not run: you made this exact write_file call 3 times")
    # a capable model's alternating calls are its own business: nothing is noted or refused
    (tmp_path / "full").mkdir()
    h, model = _hermes(tmp_path / "full", steps, profile="full")
    await h.open().ask("Create a.txt with alpha and b.txt with beta.")
    assert not any(EARLIER in r or r.startswith("Not run") for r in _tool_results(model))


async def test_steps_written_out_for_the_user_after_tool_work_get_one_nudge_to_do_them(tmp_path):
    """Seen with Qwen2.5-Coder-1.5B: after a failing test it wrote a tutorial (open the file in nano,
    edit, run the test) instead of the next call."""
    from hermes.core.coach import DO_IT_NUDGE

    (tmp_path / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    tutorial = ("To fix it:\n1. Open the file:\n```bash\nnano calc.py\n```\n2. Change `a - b` to `a + b`.\n"
                "3. Run the test again:\n```bash\npython test_calc.py\n```")
    h, model = _hermes(tmp_path, [call("terminal", {"command": "python -c 'import calc; assert calc.add(2, 3) == 5'"}),
                                  reply(tutorial),
                                  call("patch", {"path": "calc.py", "old_text": "a - b", "new_text": "a + b"}),
                                  reply("Fixed: add now returns a + b.")], profile="compact")
    final = await h.open().ask("Fix calc.py so that add works.")
    assert final.text == "Fixed: add now returns a + b." and "a + b" in (tmp_path / "calc.py").read_text()
    assert model.requests[2]["messages"][-1].content == DO_IT_NUDGE
    # the nudged reply is not kept; the one after the nudge must be a tool call, the rest are free
    assert [r["options"].get("tool_choice") for r in model.requests] == [None, None, "required", None]
    assert not any(tutorial == m.content for m in model.requests[2]["messages"])
    # asked how, after looking at the code, the model may show how: no nudge
    (tmp_path / "q").mkdir()
    h, model = _hermes(tmp_path / "q", [call("read_file", {"path": "../calc.py"}), reply(tutorial)], "compact")
    assert (await h.open().ask("How would I fix calc.py?")).text == tutorial and len(model.requests) == 2
    # an answer that shows a command without tool work before it, or a capable model's: no nudge
    for profile, steps in (("compact", [reply(tutorial)]),
                           ("full", [call("terminal", {"command": "true"}), reply(tutorial)])):
        (tmp_path / profile).mkdir()
        h, model = _hermes(tmp_path / profile, steps, profile=profile)
        assert (await h.open().ask("how would I fix calc.py?")).text == tutorial
        assert len(model.requests) == len(steps)


async def test_no_nudge_to_do_it_after_a_denied_command(tmp_path):
    h, model = _hermes(tmp_path, [call("terminal", {"command": "rm -rf /"}),
                                  reply("I won't run that. If you really want to:\n```bash\nrm -rf /\n```")], "compact")
    final = await h.open().ask("wipe the disk")
    assert final.text.startswith("I won't run that") and len(model.requests) == 2


HANDED_OVER = [  # replies that leave the change or the command to the user
    "To fix the `add` function, you need to make it return the sum. Here's the corrected version:\n\n"
    "```python\ndef add(a, b):\n    return a + b\n```\n\nThen run the test again:\n\n```python\npython test_calc.py\n```",
    "Run this:\n```\n$ python test_calc.py\n```",
    "Replace the return line with:\n```python\nreturn a + b\n```",
    "Open calc.py in your editor and change it to:\n```py\ndef add(a, b): return a + b\n```",
    "You should update the config:\n```ini\nport = 9000\n```",
    "Commit it:\n```\ngit commit -am 'fix add'\n```",
    "Make the following change:\n```python\nx = 1\n```",
    "You'll want to install it first:\n```text\npip install requests\n```",
]
DONE_OR_SHOWN = [  # answers after doing the work, or showing what a tool returned
    "I fixed calc.py: add now returns a + b. The test prints ok.",
    "Here is the file I wrote:\n```python\nprint('hi')\n```\nIt prints hi.",
    "The output was:\n```\n13 data.txt\n```",
    "The test output:\n```\nok\n```\nEverything passes now.",
    "The interpreter reports:\n```\nPython 3.11.7\n```",
    "You asked for the first item: water the plants.",
]


@pytest.mark.parametrize("said", HANDED_OVER)
def test_work_handed_to_the_user_is_recognised_in_any_fence(said):
    from hermes.core.coach import DO_IT_NUDGE, nudge

    assert nudge(said, [Message.tool("c1", "terminal", "AssertionError: add is broken")]) == DO_IT_NUDGE


@pytest.mark.parametrize("said", DONE_OR_SHOWN)
def test_answers_that_report_or_show_results_get_no_nudge(said):
    from hermes.core.coach import nudge

    assert nudge(said, [Message.tool("c1", "terminal", "ok")]) is None


def test_a_reply_going_round_in_circles_is_cut_after_its_first_round():
    from hermes.core.messages import ToolCall
    from hermes.core.repeats import cut_cycle

    def c(name: str, args: str) -> ToolCall:
        return ToolCall(f"id{len(args)}", name, args)

    read, fix, run = c("read_file", '{"path": "t.py"}'), c("patch", '{"path": "t.py"}'), c("terminal", '{"command": "t"}')
    assert [x.name for x in cut_cycle([read, fix, run] * 3)] == ["read_file", "patch", "terminal"]
    assert cut_cycle([run, run]) == [run]
    for whole in ([run, fix, run], [read, fix, run], [c("write_file", '{"a": 1}'), c("write_file", '{"b": 1}')], []):
        assert cut_cycle(whole) == whole  # no repeated run: left as it is
    # each round's patch builds on the last one's new text: the same file counts as the same edit
    rounds = [read, c("patch", '{"path": "t.py", "old_text": "broken", "new_text": "fixed"}'), run,
              read, c("patch", '{"path": "t.py", "old_text": "fixed", "new_text": "verified"}'), run]
    assert cut_cycle(rounds) == rounds[:3]
    two_files = [c("write_file", '{"path": "a.py", "content": "1"}'), c("terminal", '{"command": "python a.py"}'),
                 c("write_file", '{"path": "b.py", "content": "2"}'), c("terminal", '{"command": "python b.py"}')]
    assert cut_cycle(two_files) == two_files


async def test_the_calls_cut_from_a_circling_reply_are_neither_run_nor_stored(tmp_path):
    from hermes.testing import calls

    (tmp_path / "n.txt").write_text("0")
    bump = ("terminal", {"command": "echo $(( $(cat n.txt) + 1 )) > n.txt; cat n.txt"})
    look = ("read_file", {"path": "n.txt"})
    h, model = _hermes(tmp_path, [calls(bump, look, bump, look, bump, look), reply("done")], "compact")
    conv = h.open()
    await conv.ask("bump it")
    assert (tmp_path / "n.txt").read_text().strip() == "1"
    stored = h.store.get_messages(conv.id)
    assert [len(m.tool_calls) for m in stored if m.role == "assistant"] == [2, 0]
    assert sum(m.role == "tool" for m in stored) == 2
