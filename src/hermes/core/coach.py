"""One more chance for a small model, at most once a turn, when its reply gives up on the task.

Small local models (the compact tool profile) stop in two recognisable ways after a tool result:
a short line like "Let's try again" or a question to the user after a failed call, and a
tutorial for the user (numbered steps with shell commands to type) instead of the next tool call.
Each gets one nudge back to the tools (a plainer one when the error itself names the fix). None
fires after a command the approval gate denied: the model must not look for another way round a
refusal.

A third pattern comes before any tool: told "Remember this: ..." or "Don't forget ...", a small model
answers "I remember that ..." and saves nothing (Qwen2.5-Coder-1.5B: 5 of 6 phrasings). When the user
plainly asks for something to be kept, the turn's first reply must be a tool call (`first_choice`);
under that constraint the same model picks the memory tool (p = 0.97).
"""

from __future__ import annotations

import re

from hermes.core.messages import Message

RETRY_NUDGE = ("Your last tool call failed (see its error above). If the error shows how to fix it, make the "
               "corrected call now; otherwise tell the user plainly what failed.")
# When the error itself names the fix ("Did you mean notes/todo.txt?"), a small model given the
# choice above still asks the user; told plainly to retry, it makes the corrected call.
SUGGESTED_NUDGE = "Call the tool again now, corrected as the error above suggests."
_SUGGESTS = re.compile(r"\bdid you mean\b", re.I)
DO_IT_NUDGE = ("You wrote out steps for the user to type. If the user asked you to do this, do it yourself "
               "now with your tools (read, change, run), then say what you did; otherwise answer in plain words.")
_SHELL_FENCE = re.compile(r"```[ \t]*(?:bash|sh|shell|console|zsh|terminal)\b", re.I)
_REFUSED = ("Error: Command denied", "Error: Command blocked")
SHORT = 200  # characters: a give-up line, not an answer


def nudge(said: str, recent: list[Message]) -> str | None:
    """The nudge for a reply without tool calls that follows tool results of this turn, or None."""
    results = [m for m in recent if m.role == "tool"]
    if any((m.content or "").startswith(_REFUSED) for m in results):
        return None
    if len(said) < SHORT and failed(recent):
        return SUGGESTED_NUDGE if _SUGGESTS.search(recent[-1].content or "") else RETRY_NUDGE
    if results and _SHELL_FENCE.search(said):
        return DO_IT_NUDGE
    return None


def failed(messages: list[Message]) -> bool:
    last = messages[-1] if messages else None
    text = (last.content or "") if last is not None and last.role == "tool" else ""
    return text.startswith("Error:")


# An explicit request to keep something: "remember this/that ...", "don't forget", "keep in mind",
# "make a note", "note that", "save this to memory", "for future reference". A question ("do you
# remember ...?") is a recall, not a request to store.
_KEEP = re.compile(r"\b(?:remember|memori[sz]e|don[’']?t forget|do not forget|keep in mind|make a note|"
                   r"take note|note (?:that|this|down)|jot (?:this|that|it) down|for future reference|"
                   r"save (?:this|that|it)\b[^.?!]*\bmemory)\b", re.I)


def asks_to_keep(text: str) -> bool:
    """Whether the user plainly asks for something to be remembered."""
    return bool(_KEEP.search(text)) and not text.rstrip().endswith("?")


def first_choice(user_text: str, tool_names: list[str]) -> str | None:
    """tool_choice for a small model's first reply of a turn: "required" when the user asks it to
    keep something and the memory tool is there, else None (the model decides)."""
    return "required" if "memory" in tool_names and asks_to_keep(user_text) else None
