"""Changes to files the user did not ask to change, held back once for small models.

Told "`python test_calc.py` fails. Fix calc.py so that the test passes", Qwen2.5-Coder-1.5B patched
the test instead (it changed the assertion's message, then reported the bug fixed): the failing
file in the traceback is the one it saw. When a request names the files to change ("fix calc.py",
"in config.ini, change ..."), an edit of another existing file is not made the first time; the tool
result says which file was asked for. Making the very same call again, in a later reply, goes
through: sometimes a second file must change too, and the model can say so by insisting (another
edit of that file, or the same one again in the same reply, is held back in turn; seen: four patches
of the test in one reply). Files the turn creates are the model's own to change.

The same model also overwrote calc.py with a made-up line, in the same reply as the read_file of
it (so before it saw the file). A write_file over an existing file is made only once the model has
read it in an earlier reply of the turn, whatever the request names.
Only the compact profile gets this (see hermes.core.coach); capable models keep to the request.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

from hermes.core.messages import ToolCall
from hermes.core.repeats import call_key

EDITS = ("patch", "write_file")
_FILE = r"[`'\"]?(?P<f>[\w./~-]*\w\.[A-Za-z][\w]{0,7})\b[`'\"]?"
# "fix calc.py", "update the file app/config.yaml", "edit settings.toml"
_VERB_FILE = re.compile(r"\b(?:fix|change|edit|update|modify|patch|correct|repair|rewrite|refactor|clean up|"
                        r"tidy)\s+(?:up\s+)?(?:the\s+|my\s+)?(?:file\s+|script\s+|module\s+|config\s+)?" + _FILE, re.I)
# "in config.ini, change the port", "inside app.py replace ..."
_IN_FILE = re.compile(r"\b(?:in|inside|within)\s+(?:the\s+file\s+)?" + _FILE + r"\s*,?\s+(?:change|replace|set|"
                      r"update|fix|edit|rename|remove|delete|add|make)\b", re.I)
# "fix the bug in utils.py", "change the port to 9000 in config.ini"
_VERB_IN_FILE = re.compile(r"\b(?:fix|change|edit|update|modify|correct|repair|replace|rename)\b[^.;:\n`]{0,50}?"
                           r"\b(?:in|of|inside)\s+(?:the\s+file\s+)?" + _FILE, re.I)
_FILE_VERB = re.compile(_FILE + r"\s+(?:needs|should|must)\s+(?:to\s+)?(?:be\s+)?(?:fix|chang|edit|updat)", re.I)
_MORE = re.compile(r"[`'\"]?\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*&\s*)(?:the\s+)?" + _FILE)


def targets(request: str) -> set[str]:
    """Base names of the files a request names as the ones to change (empty: it names none)."""
    out: set[str] = set()
    for rx in (_VERB_FILE, _IN_FILE, _VERB_IN_FILE, _FILE_VERB):
        for m in rx.finditer(request):
            out.add(os.path.basename(m.group("f")))
            end = m.end("f")
            while more := _MORE.match(request, end):  # "a.py and b.py", "a.py, b.py or c.py"
                out.add(os.path.basename(more.group("f")))
                end = more.end("f")
    return out


class ScopeGuard:
    """One per turn: `refuse(call, ctx)` gives the result for an edit held back, or None to run it."""

    def __init__(self, request: str) -> None:
        self.targets = targets(request)
        self.held: set[tuple[str, str]] = set()  # (tool, arguments) held back once
        self.batch: set[tuple[str, str]] = set()  # those held back in the reply being run
        self.read: set[str] = set()  # files read in this turn's earlier replies
        self.created: set[str] = set()  # files this turn's write_file created
        self.reading: set[str] = set()  # files read in the reply being run (not seen by the model yet)

    def new_reply(self) -> None:
        """Before the calls of the model's next reply: a call held back earlier may now insist, and
        what the last reply read has been seen."""
        self.batch.clear()
        self.read |= self.reading
        self.reading.clear()

    def refuse(self, call: ToolCall, ctx: Any) -> str | None:
        if call.name not in (*EDITS, "read_file"):
            return None
        try:
            args = json.loads(call.arguments or "{}")
        except ValueError:
            return None
        path = args.get("path") if isinstance(args, dict) else None
        if not isinstance(path, str) or not path.strip():
            return None
        from hermes.tools.files import session_cwd  # where the file tools resolve relative paths

        full = os.path.realpath(os.path.join(session_cwd(ctx), os.path.expanduser(path.strip())))
        if call.name == "read_file":
            self.reading.add(full)
            return None
        if not os.path.isfile(full) or full in self.created:
            if call.name == "write_file":
                self.created.add(full)  # its content is what the model wrote: its own to change
            return None
        base = os.path.basename(full)
        if call.name == "write_file" and full not in self.read:
            return (f"Not written: {base} exists and you have not read it in this turn, so this would "
                    f"replace what you have not seen. read_file it first; then change it with patch, or "
                    f"write_file its whole new content.")
        if not self.targets or base in self.targets:
            return None
        key = call_key(call)
        if key in self.held and key not in self.batch:
            return None  # insisting, in a later reply
        self.held.add(key)
        self.batch.add(key)
        asked = ", ".join(sorted(self.targets))
        return (f"Not changed: the user asked you to change {asked}, not {base}. Change {asked} instead "
                f"(read it first). If {base} really must change as well, make this same call again.")
