"""One more chance for a small model (at most twice a turn) when its reply gives up on the task.

Small local models (the compact tool profile) stop in two recognisable ways after a tool result:
a short line like "Let's try again" or a question to the user after a failed call, and a
tutorial for the user (numbered steps with shell commands to type) instead of the next tool call.
A tutorial is recognised by a fenced command (whatever language the fence names) or by a fenced
block with words that hand the change to the user. Each gets one nudge back to the tools (a plainer one when the error itself names the fix). None
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
_SUGGESTS = re.compile(r"\bdid you mean\b|\binstead\b|\bread_file it first\b", re.I)
# The nudged reply is not kept, so this must stand on its own ("You wrote out steps ..." made the
# model argue that it had not). The next reply must then be a tool call (`choice_after`): told in words
# alone, the 1.5B model wrote the same commands out again and claimed it had run them.
DO_IT_NUDGE = ("Do it now with your tools instead of describing it: read, change and run what the task needs "
               "yourself, then say what you did.")
_SHELL_FENCE = re.compile(r"```[ \t]*(?:bash|sh|shell|console|zsh|terminal)\b", re.I)
# A fence of another language (or none) holding a command line: "```python\npython test_calc.py".
_COMMAND_FENCE = re.compile(r"```[\w+-]*[ \t]*\n[ \t]*(?:\$[ \t]*)?(?:python3?|pip3?|pytest|node|npm|npx|git|cd|ls|cat|"
                            r"rm|mv|cp|mkdir|chmod|make|cargo|go|bash|sh|sudo|docker|echo|nano|vim?|emacs|code)"
                            r"(?=[ \t\n])")
_FENCE = re.compile(r"```")
# Telling the user what to change: "you need to ...", "make this change", "replace X with Y".
_INSTRUCTS = re.compile(r"\byou(?:'ll| will)? (?:need|have|want|should|must|can|could)\b|\bmake (?:this|these|the "
                        r"following) changes?\b|\b(?:replace|change|update|modify|edit|open)\b[^.\n]{0,60}\b(?:with|to|"
                        r"in your|file)\b", re.I)
_REFUSED = ("Error: Command denied", "Error: Command blocked")
SHORT = 200  # characters: a give-up line, not an answer
# Nudges a turn: a second one is often what it takes (seen: a tutorial nudged into reading the file,
# then a second tutorial with the right fix in it, left as the answer); more only loop.
MAX_NUDGES = 2


def nudge(said: str, recent: list[Message], request: str = "") -> str | None:
    """The nudge for a reply without tool calls that follows tool results of this turn, or None.
    A question ("how would I fix this?") is answered by showing how: it gets no nudge to do it."""
    results = [m for m in recent if m.role == "tool"]
    if any((m.content or "").startswith(_REFUSED) for m in results):
        return None
    if len(said) < SHORT and failed(recent):
        return SUGGESTED_NUDGE if _SUGGESTS.search(recent[-1].content or "") else RETRY_NUDGE
    if results and tutorial(said) and not question(request):
        return DO_IT_NUDGE
    return None


def choice_after(nudge_text: str | None) -> str | None:
    """tool_choice for the reply after a nudge: a tool call when the nudge asks for one outright."""
    return "required" if nudge_text in (DO_IT_NUDGE, SUGGESTED_NUDGE) else None


_QUESTION = re.compile(r"^\s*(?:how|what|why|which|where|when|who|should|is|are|do|does)\b", re.I)
_POLITE = re.compile(r"^\s*(?:please\s+)?(?:can|could|would|will)\s+you\b", re.I)  # "Could you fix it?" asks for it


def question(text: str) -> bool:
    """Whether the user asks rather than tells: a request ending in "?" or opening like a question,
    except a polite request ("can you ...?")."""
    t = text.strip()
    return not _POLITE.match(t) and (t.endswith("?") or bool(_QUESTION.match(t)))


def tutorial(said: str) -> bool:
    """Whether a reply hands the work to the user: commands to type, or code with instructions to
    put it in place ("you need to ...", "replace ... with ...")."""
    if _SHELL_FENCE.search(said) or _COMMAND_FENCE.search(said):
        return True
    return bool(_FENCE.search(said)) and bool(_INSTRUCTS.search(said))


def failed(messages: list[Message]) -> bool:
    """Whether the last tool result is an error, or an edit held back (hermes.core.scope)."""
    last = messages[-1] if messages else None
    text = (last.content or "") if last is not None and last.role == "tool" else ""
    return text.startswith(("Error:", "Not changed:", "Not written:"))


# An explicit request to keep something: "remember this/that ...", "don't forget", "keep in mind",
# "make a note", "note that", "save this to memory", "for future reference". A question ("do you
# remember ...?") is a recall, not a request to store.
_KEEP = re.compile(r"\b(?:remember|memori[sz]e|don[’']?t forget|do not forget|keep in mind|make a note|"
                   r"take note|note (?:that|this|down)|jot (?:this|that|it) down|for future reference|"
                   r"save (?:this|that|it)\b[^.?!]*\bmemory)\b", re.I)


def asks_to_keep(text: str) -> bool:
    """Whether the user plainly asks for something to be remembered."""
    return bool(_KEEP.search(text)) and not text.rstrip().endswith("?")


def first_choice(user_text: str, tool_names: list[str], answered: bool = False) -> str | None:
    """tool_choice for a small model's first reply of a turn: "required" when the user asks it to
    keep something and the memory tool is there; "none" when a memory entry plainly answers the
    question (`answered`, hermes.memory.relevant.answers); else None (the model decides)."""
    if "memory" in tool_names and asks_to_keep(user_text):
        return "required"
    return "none" if answered else None
