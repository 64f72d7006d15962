"""Loops of one call: small models often repeat the exact call they just made instead of reading its
result. The second identical call with an identical result gets a note saying so; from the third
in a row the call is not run again and the model is told to answer or change course. A call that
repeats with a different result (polling a job, re-running tests after a fix) is left alone.
Another small-model loop: writing a tool's own previous result back into it as an argument (a
memory "add" whose content is the last "Saved to ..." status). Such a call is not run either.
For a small model (`wide`), the same holds across the whole turn, not only in a row: it also loops
by repeating a group of calls (write a, write b, write a, write b); inside one reply such a loop is
cut after its first round (`cut_cycle`)."""

from __future__ import annotations

import json
import re

from hermes.core.messages import ToolCall

_TIMINGS = re.compile(r"\b\d+(?:\.\d+)?\s?(?:ms|s)\b")  # "0.01s" in a footer is not a new result

SAME = ("\n[Same call and same result as your previous step. Do not repeat it: use this result to "
        "answer the user, or try something different.]")
EARLIER = ("\n[You made this exact call earlier in this turn and got the same result. Do not repeat it: "
           "use the results above to answer the user, or try something different.]")
MAX_SAME = 2  # identical call+result pairs in a row before the call stops running
ECHO_MIN = 24  # characters of a previous result an argument must copy to count as an echo


def call_key(call: ToolCall) -> tuple[str, str]:
    """A call as (name, arguments in canonical JSON): equal for the same call however it was written."""
    try:
        args = json.dumps(json.loads(call.arguments or "{}"), sort_keys=True)
    except ValueError:
        args = call.arguments or ""
    return call.name, args


def _strings(call: ToolCall) -> list[str]:
    try:
        args = json.loads(call.arguments or "{}")
    except ValueError:
        return [call.arguments or ""]
    out: list[str] = []
    stack = [args]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


class RepeatGuard:
    """One per turn."""

    def __init__(self, wide: bool = False) -> None:
        self.last: tuple[str, str] | None = None
        self.last_text: str | None = None
        self.same = 0
        self.wide = wide
        self.earlier: dict[tuple[str, str], tuple[str, int]] = {}  # call -> (result, times seen), when wide

    def refuse(self, call: ToolCall) -> str | None:
        """The observation to give instead of running `call`, or None to run it."""
        if self._echoes(call):
            return (f"Not run: these {call.name} arguments copy the result {call.name} just returned. "
                    "That result is already done; answer the user now.")
        key = call_key(call)
        times = max(self.same if key == self.last else 0, self.earlier.get(key, ("", 0))[1] if self.wide else 0)
        if times >= MAX_SAME:
            return (f"Not run: you made this exact {call.name} call {times + 1} times and it "
                    "returned the same result each time (see above). Answer the user with what you have, "
                    "or do something different.")
        return None

    def _echoes(self, call: ToolCall) -> bool:
        if self.last is None or self.last_text is None or call.name != self.last[0]:
            return False
        head = self.last_text.strip().splitlines()[0].strip() if self.last_text.strip() else ""
        if len(head) < ECHO_MIN:
            return False
        # the whole status line, or a cut copy of its start ("Saved to the user profile (1 entry...")
        return any(head in v or (len(v.strip()) >= ECHO_MIN and head.startswith(v.strip()))
                   for v in _strings(call))

    def seen(self, call: ToolCall, text: str) -> str:
        """Record a result; the text to hand the model (with a note when nothing changed)."""
        key, same_text = call_key(call), _TIMINGS.sub("", text)
        before, times = self.earlier.get(key, ("", 0))
        if self.wide:
            self.earlier[key] = (same_text, times + 1 if before == same_text else 1)
        if key == self.last and same_text == self.last_text:
            self.same += 1
            return text + SAME
        self.last, self.last_text, self.same = key, same_text, 1
        if self.wide and times and before == same_text:
            return text + EARLIER
        return text


def _loop_key(call: ToolCall) -> tuple[str, str]:
    if call.name in ("patch", "write_file"):
        try:
            args = json.loads(call.arguments or "{}")
        except ValueError:
            args = None
        if isinstance(args, dict) and isinstance(args.get("path"), str):
            return call.name, args["path"]
    return call_key(call)


def cut_cycle(calls: list[ToolCall]) -> list[ToolCall]:
    """The calls of one reply up to where they start going round again.

    A small model also loops inside a single reply (read, patch, run, then the same three again and
    again: seen with nine calls). None of the repeats can use a result the model has not seen yet, so
    the reply is cut after the first round: at the first run of calls that is followed by exactly the
    same run. "Run the test, patch, run the test" is not a cycle and is left whole. An edit counts by
    the file it changes: each round's patch builds on the text the last one would have written (seen:
    'add is broken' -> 'add is fixed' -> 'add is verified'), so only the path repeats."""
    keys = [_loop_key(c) for c in calls]
    n = len(keys)
    for end in range(1, n):  # the earliest point where a run ending here repeats right after
        for p in range(1, min(end, n - end) + 1):
            if keys[end - p:end] == keys[end:end + p]:
                return calls[:end]
    return calls
