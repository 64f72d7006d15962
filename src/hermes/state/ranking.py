"""Ranking for session search: BM25 per query term, then conversation-aware rescoring.

Why per term rather than one OR query: a single BM25 over the whole query cannot tell which words
matched which rows. Per-term lists let the ranking
- treat a word that is a speaker's name ("Caroline: ..." in imported chats) as "who said it"
  rather than as a content word that every one of her turns matches;
- merge word variants (go / went / gone) into one term instead of double-counting them;
- score whole sessions (how many of the query's words a conversation touches), and the share of
  the query's words a turn and the turns beside it hold together;
- spread a turn's score to its neighbours: an answer often shares no word with the question,
  while the turn before it (the question it answers) does.

A few priors then adjust the best candidates: the turn was said by someone the query names, in a
period it names, it opens its session (where people say what they came to talk about), or it
holds what the question asks for (a time for "When ...", a number for "How many ...").

Every list comes from a store's full-text index with the caller's filters applied in SQL (see
`search.Reader` for the bounds that keep a big store fast; the SQLite and PostgreSQL stores both
feed this ranking). Scores are positive, higher is better, comparable only within one query.
"""

from __future__ import annotations

import heapq
import math
import re
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

# Weights, in units of the best row's text score (which is scaled to 1). Measured on the LoCoMo
# dev set (bench/bench_locomo.py); each can be switched off there for the ablation.
NEIGHBOUR_WEIGHTS = {-1: 0.5, 1: 0.3, -2: 0.2, 2: 0.2}  # seq offset -> share of that turn's score
SESSION_WEIGHT = 0.75  # share of the query's words the row's session contains (idf-weighted)
SPEAKER_WEIGHT = 0.5  # the row was said by someone the query names
DATE_WEIGHT = 1.0  # the row falls in a period the query names ("in May 2023", "yesterday")
DATE_SLACK = 7 * 86400  # people talk about an event up to a week after it
NAMES = True  # recognise speaker names (off: names are ordinary words)
UNMATCHED = True  # a reply with no query word may be a hit when the turns before it rank it high
QUESTION_SELF = 0.7  # a matching turn that asks something is less often the answer itself...
QUESTION_REPLY = 0.8  # ...and passes more of its score to the turn after it (instead of -1's 0.5)
COVERAGE_WEIGHT = 0.25  # share of the query's words (idf-weighted) in the turn or the turns beside it
OPENER_WEIGHT = 0.25  # a session's first turn: it says what the conversation is about
ANSWER_WEIGHT = 0.2  # the turn holds what the question asks for (a time for "when", a number...)
FILL = True  # a direct reply with no query word may fill the list past the last turn that has one

HEAD_CHARS = 48  # leading characters read per row: enough for a "Speaker:" label
ANSWER_CHARS = 1000  # characters of a pooled turn searched for what the question asks for
POOL = 60  # rows rescored with what only a row lookup tells (role, speaker of unmatched turns)
_LABEL = re.compile(r"\s*([^\W\d_][\w .'’-]{0,40}?)\s*:\s")


@dataclass(slots=True)
class Term:
    """One query word (with its variants) and the rows it matches."""
    key: str
    idf: float
    scores: dict[int, float] = field(default_factory=dict)  # row id -> BM25 of this term alone (see relength)
    name: bool = False


@dataclass(slots=True)
class RowInfo:
    session_id: str
    seq: float
    timestamp: float
    speakers: frozenset[str]  # words of a leading "Speaker:" label, lowercased
    role: str = ""
    asks: bool = False  # holds a question mark


def speakers(head: str) -> frozenset[str]:
    m = _LABEL.match(head)
    return frozenset(m.group(1).lower().split()) if m else frozenset()


@dataclass(slots=True)
class Ranked:
    id: int
    score: float
    matched: bool  # False: ranked by its neighbours only (no query word in it)


def fts_totals(conn: sqlite3.Connection) -> int:
    """Rows in the porter index, from FTS5's averages record (O(1); a count would scan)."""
    row = conn.execute("SELECT block FROM messages_fts_data WHERE id = 1").fetchone()
    blob = bytes(row[0]) if row and row[0] else b""
    value, i = 0, 0
    for i in range(min(9, len(blob))):  # SQLite varint: 7 bits a byte, big-endian, 9th byte whole
        c = blob[i]
        if i == 8:
            return (value << 8) | c
        value = (value << 7) | (c & 0x7F)
        if not c & 0x80:
            return value
    return value


LENGTH_B = 0.3  # BM25 length normalisation wanted (FTS5 fixes it at 0.75, too harsh on chat turns)
_K1, _FTS_B = 1.2, 0.75


def relength(score: float, n: int, total: int, weight: float | None = None) -> float:
    """Re-normalise one term's FTS5 BM25 score for document length with LENGTH_B instead of 0.75,
    and with `weight`, put that in place of the term's idf.

    FTS5 gives idf * tf(k1+1) / (tf + k1(1 - b + b*len/avglen)), its idf clamped to 1e-6 when not
    positive. With idf known (same formula as FTS5) and a term found once in the row (nearly always
    so in a chat turn), len/avglen follows, and the score is recomputed with the gentler b. Exact
    for tf = 1; monotone either way.
    """
    if score <= 0:
        return score
    fts_idf = math.log((total - n + 0.5) / (n + 0.5))
    fts_idf = fts_idf if fts_idf > 0 else 1e-6
    f = score / fts_idf
    if LENGTH_B != _FTS_B and 0 < f < _K1 + 1:
        ratio = max(((_K1 + 1) / f - 1) / _K1 - (1 - _FTS_B), 0.0) / _FTS_B
        f = (_K1 + 1) / (1 + _K1 * (1 - LENGTH_B + LENGTH_B * ratio))
    return f * (fts_idf if weight is None else weight)


def idf(n: int, total: int) -> float:
    """BM25 idf as FTS5 computes it, floored so a very common word still counts a little."""
    return max(math.log((total - n + 0.5) / (n + 0.5)), 0.05)


def is_name(term: Term, info: dict[int, RowInfo], sample: int = 50) -> bool:
    """A word is a speaker's name when it labels rows it matches ("Caroline: ..."): a sample of
    them is enough, a speaker's own turns are most of the rows that hold the name."""
    if term.name:
        return True
    key = term.key.lower()
    for i, rid in enumerate(term.scores):
        if i >= sample:
            break
        if key in info[rid].speakers:
            return True
    return False


def rescore(terms: list[Term], info: dict[int, RowInfo], periods: list[tuple[float, float]], keep: int = POOL
            ) -> tuple[dict[tuple[str, float], float], dict[tuple[str, float], int], dict[str, float], set[str]]:
    """First-stage scores over conversation slots (session, seq), matched or not.

    Returns (slot scores, slot -> matched row id, session scores, names in the query).
    """
    names: set[str] = set()
    if NAMES:
        names = {t.key for t in terms if is_name(t, info)}
        if len(names) == len([t for t in terms if t.scores or t.name]):
            names = set()  # nothing but names: they are the content
    text: dict[int, float] = {}
    for t in terms:
        if t.key in names:
            continue
        for rid, s in t.scores.items():
            text[rid] = text.get(rid, 0.0) + s
    slot_of = {rid: (info[rid].session_id, info[rid].seq) for rid in info}
    by_slot = {slot_of[rid]: s for rid, s in text.items()}
    row_at = {slot_of[rid]: rid for rid in info}

    window: dict[tuple[str, float], float] = {}
    asks = {slot_of[rid] for rid, r in info.items() if r.asks}
    for (sid, seq), s in by_slot.items():
        q = (sid, seq) in asks
        window[(sid, seq)] = window.get((sid, seq), 0.0) + s * (QUESTION_SELF if q else 1.0)
        for off, w in NEIGHBOUR_WEIGHTS.items():
            if q and off == -1:
                w = QUESTION_REPLY
            key = (sid, seq - off)  # the turn that sees this one at offset `off`
            # A turn with no query word is a candidate only as a reply to turns that have some.
            if w and (off < 0 or key in row_at):
                window[key] = window.get(key, 0.0) + w * s
    top = max(window.values(), default=0.0) or 1.0

    sessions: dict[str, float] = {}
    if SESSION_WEIGHT:
        for t in terms:
            if t.key in names:
                continue
            for sid in {info[rid].session_id for rid in t.scores}:
                sessions[sid] = sessions.get(sid, 0.0) + t.idf
        best = max(sessions.values(), default=0.0) or 1.0
        sessions = {sid: v / best for sid, v in sessions.items()}

    out: dict[tuple[str, float], float] = {}
    for slot, s in window.items():
        score = s / top + SESSION_WEIGHT * sessions.get(slot[0], 0.0)
        rid = row_at.get(slot)
        if rid is not None:
            score += boosts(info[rid], names, periods)
        elif periods:  # an unmatched turn: its session's time is close enough for the date
            near = row_at.get((slot[0], slot[1] - 1)) or row_at.get((slot[0], slot[1] + 1))
            if near is not None and in_periods(info[near].timestamp, periods):
                score += DATE_WEIGHT
        out[slot] = score
    if COVERAGE_WEIGHT and len(out) > keep:
        # Coverage adds at most COVERAGE_WEIGHT: a slot further below the `keep`-th best stays out.
        floor = heapq.nlargest(keep, out.values())[-1] - COVERAGE_WEIGHT
        add_coverage(out, [slot for slot, v in out.items() if v >= floor], terms, names, slot_of)
    elif COVERAGE_WEIGHT:
        add_coverage(out, list(out), terms, names, slot_of)
    return out, row_at, sessions, names


def add_coverage(out: dict[tuple[str, float], float], slots: list[tuple[str, float]], terms: list[Term],
                 names: set[str], slot_of: dict[int, tuple[str, float]]) -> None:
    """COVERAGE_WEIGHT times the idf-weighted share of the query's content words found in a slot or
    a turn beside it: a turn that, with its neighbours, says all that was asked outranks one that
    repeats a single word."""
    content = [t for t in terms if t.key not in names and t.scores and t.idf > 0]
    whole = sum(t.idf for t in content) or 1.0
    at: dict[tuple[str, float], int] = {}  # slot -> bit mask of the content terms matching its turn
    for i, t in enumerate(content):
        for rid in t.scores:
            slot = slot_of[rid]
            at[slot] = at.get(slot, 0) | 1 << i
    share: dict[int, float] = {}
    for sid, seq in slots:
        mask = at.get((sid, seq - 1), 0) | at.get((sid, seq), 0) | at.get((sid, seq + 1), 0)
        if mask not in share:
            share[mask] = sum(t.idf for i, t in enumerate(content) if mask >> i & 1) / whole
        out[(sid, seq)] += COVERAGE_WEIGHT * share[mask]


def widen(periods: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Periods as the ranking favours them: from a day before to DATE_SLACK after."""
    return [(start - 86400, end + DATE_SLACK) for start, end in periods]


def in_periods(ts: float, periods: list[tuple[float, float]]) -> bool:
    return any(start <= ts <= end for start, end in widen(periods))


def boosts(row: RowInfo, names: set[str], periods: list[tuple[float, float]]) -> float:
    score = OPENER_WEIGHT if row.seq <= 1 else 0.0
    if names and SPEAKER_WEIGHT and not names.isdisjoint(row.speakers):
        score += SPEAKER_WEIGHT
    if periods and DATE_WEIGHT and in_periods(row.timestamp, periods):
        score += DATE_WEIGHT
    return score


# resolve(slots, chars): (id, session_id, seq, timestamp, first `chars` of content, role) of the
# original (not summary) rows at those (session_id, seq) slots; the store's own lookup.
Resolve = Callable[[list[tuple[str, float]], int], Iterable[tuple]]


def finish(resolve: Resolve, slots: dict[tuple[str, float], float], row_at: dict[tuple[str, float], int],
           info: dict[int, RowInfo], names: set[str], periods: list[tuple[float, float]], admits,
           limit: int, wants: Callable[[str], bool] | None = None) -> list[Ranked]:
    """Best slots first; unmatched turns in the pool are looked up, filtered and given their boosts,
    and with `wants` (what the question asks for) every pooled turn is read for it."""
    pool = sorted(slots.items(), key=lambda kv: -kv[1])[:max(POOL, 3 * limit)]
    ask: set[tuple[str, float]] = set()  # slots read for what the question asks for
    if wants is not None and ANSWER_WEIGHT and pool:
        # Only a slot that, with every boost still to come, can pass the limit-th best is worth it
        # (twice the limit: some of the best may yet be dropped, unmatched turns the filters refuse).
        bar = pool[min(2 * limit, len(pool)) - 1][1] - ANSWER_WEIGHT
        ask = {slot for slot, v in pool if v + (0 if slot in row_at else SPEAKER_WEIGHT + OPENER_WEIGHT) >= bar}
    look = [slot for slot, _ in pool if slot in ask or (UNMATCHED and slot not in row_at)]
    found: dict[tuple[str, float], tuple[int, RowInfo]] = {}
    answers: set[tuple[str, float]] = set()
    if look:
        chars = ANSWER_CHARS if ask else HEAD_CHARS
        for rid, sid, seq, ts, text, role in resolve(look, chars):
            if (sid, seq) in ask:
                label = _LABEL.match(text)
                if wants(text[label.end():] if label else text):
                    answers.add((sid, seq))
            if UNMATCHED and (sid, seq) not in row_at:
                row = RowInfo(sid, seq, ts, speakers(text[:HEAD_CHARS]), role)
                if role in ("user", "assistant") and text.strip() and admits(row):
                    found[(sid, seq)] = (rid, row)
    out: list[Ranked] = []
    replies: set[int] = set()  # unmatched turns right after a matched one
    for slot, score in pool:
        if slot in answers:
            score += ANSWER_WEIGHT
        rid = row_at.get(slot)
        if rid is not None:
            out.append(Ranked(rid, score, True))
        elif slot in found:
            rid, row = found[slot]
            if names and SPEAKER_WEIGHT and not names.isdisjoint(row.speakers):
                score += SPEAKER_WEIGHT
            if row.seq <= 1:
                score += OPENER_WEIGHT
            out.append(Ranked(rid, score, False))
            if (slot[0], slot[1] - 1) in row_at:
                replies.add(rid)
    out.sort(key=lambda r: (-r.score, -r.id))
    # A reply with no query word must outrank some turn that has one, unless it is the direct
    # reply to one (FILL): then it may fill the list, the rest never pads it.
    last = max((i for i, r in enumerate(out) if r.matched), default=-1)
    return [r for i, r in enumerate(out) if i <= last or (FILL and r.id in replies)][:limit]


def rank(resolve: Resolve, terms: list[Term], info: dict[int, RowInfo],
         periods: list[tuple[float, float]], admits, limit: int,
         wants: Callable[[str], bool] | None = None) -> list[Ranked]:
    slots, row_at, _, names = rescore(terms, info, periods, max(POOL, 3 * limit))
    return finish(resolve, slots, row_at, info, names, periods, admits, limit, wants)
