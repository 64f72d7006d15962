"""The memory entries a message is about, pointed out next to it for small models.

Both memory documents ride in every system prompt, but a small local model (the compact tool
profile) reading a 3,000-token prompt often misses the one line that answers the question: asked
"What is my favourite editor?" with "User's editor: Helix" in its profile, Qwen2.5-Coder-1.5B
explained how to run `echo $EDITOR`. Repeated in a short note right after the question, the same
entry was used for 5 of 5 facts and phrasings tried, against 2 of 5 without. That model is fickle,
though: with another example sentence in the memory tool's description it answered none of 6 with
or without the note (it reached for a tool instead), so the note helps where the model reads, and
costs a few tokens where it does not. Large models read the prompt well and do not get the note.

Only questions get the note: given it with a task ("count the Python files under lib/", with a
saved entry on counting files), the same model answered by copying the note out.

Matching is lexical and cheap (both documents hold a few dozen entries at most): the message's
content words, reduced to a crude stem and widened by the search's synonyms and irregular verb
forms, against each entry's. Entries the threat scan flags are never repeated (in the system prompt
they are already markers).
"""

from __future__ import annotations

import re
from typing import Any

from hermes.memory.documents import MemoryDocument, memory_config
from hermes.memory.snapshot import safe_entries

LIMIT = 3  # entries in one note
MAX_ENTRY_CHARS = 300  # a long entry is cut in the note (it is whole in the system prompt)
LABELS = {"memory": "your notes", "user": "user profile"}
NOTE_HEAD = ("Entries of your memory that may bear on this message (you know these; answer from them "
             "when they hold the answer):")

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
# Words every profile entry or request carries, which say nothing about what it is about.
_GENERIC = frozenset("user user's users favourite favorite prefer preferred preference is are".split())


def stem(word: str) -> str:
    """A crude English stem that joins the forms a fact and a question use: lives/live/lived/living,
    preferred/prefer, named/name, wife's/wife. Not a linguistic stemmer: it only has to map a word
    and its everyday inflections to one key."""
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    if len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "y"
    elif len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    for suffix in ("ing", "ed"):
        if len(w) > len(suffix) + 2 and w.endswith(suffix):
            w = w[: -len(suffix)]
            if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls":
                w = w[:-1]  # preferred -> preferr -> prefer; keeps "call", "dress"
            break
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


def _keys(text: str) -> set[str]:
    from hermes.state.query import RELATED, STOP_WORDS, VERB_FORMS

    out: set[str] = set()
    for m in _WORD.finditer(text):
        w = m.group(0).lower().replace("’", "'")
        if w in STOP_WORDS or w in _GENERIC or len(w) < 3:
            continue
        for form in (w, *RELATED.get(w, ()), *RELATED.get(w.rstrip("s"), ()), *VERB_FORMS.get(w, ())):
            out.add(stem(form))
    return out


def relevant_entries(home: Any, scope: str, config: Any, text: str,
                     limit: int = LIMIT) -> list[tuple[str, str]]:
    """(target, entry) of the entries sharing the most content words with `text`, best first."""
    cfg = memory_config(config)
    if not cfg.enabled or not text.strip():
        return []
    wanted = _keys(text)
    if not wanted:
        return []
    targets = ["user"] * bool(cfg.user_profile_enabled) + ["memory"]
    scored: list[tuple[int, int, str, str]] = []
    for target in targets:
        entries = MemoryDocument.open(home, scope, target, cfg).entries()
        for entry, shown in zip(entries, safe_entries(entries)):
            if shown != entry:  # poisoned: the system prompt shows a marker, never the text
                continue
            shared = len(wanted & _keys(entry))
            if shared:
                scored.append((-shared, len(scored), target, entry))
    scored.sort()
    return [(target, entry) for _, _, target, entry in scored[:limit]]


def answers(text: str, entries: list[tuple[str, str]]) -> bool:
    """Whether the best entry holds every content word of the question (and then some): "What is my
    favourite editor?" with "User's editor: Helix". The small model then answers without tools
    (hermes.core.coach.first_choice): asked in a new session, it reached for the terminal or the
    memory tool instead of reading its profile in 3 of 5 runs."""
    wanted = _keys(text)
    if not entries or not wanted:
        return False
    have = _keys(entries[0][1])
    return wanted <= have and len(have) > len(wanted)


def note(entries: list[tuple[str, str]]) -> str:
    """The note placed after the user's message ('' for no entries)."""
    if not entries:
        return ""
    lines = [NOTE_HEAD]
    for target, entry in entries:
        one = " ".join(entry.split())
        if len(one) > MAX_ENTRY_CHARS:
            one = one[: MAX_ENTRY_CHARS - 1] + "…"
        lines.append(f"- {one} ({LABELS[target]})")
    return "\n".join(lines)
