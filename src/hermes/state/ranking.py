"""Ranking for session search: BM25 per query term, then conversation-aware rescoring.

Why per term rather than one OR query: a single BM25 over the whole query cannot tell which words
matched which rows. Per-term lists let the ranking
- treat a word that is a speaker's name ("Caroline: ..." in imported chats) as "who said it"
  rather than as a content word that every one of her turns matches;
- merge word variants (go / went / gone) into one term instead of double-counting them;
- score whole sessions (how many of the query's words a conversation touches), and
- spread a turn's score to its neighbours: an answer often shares no word with the question,
  while the turn before it (the question it answers) does.

Every list comes from the FTS5 index with the caller's filters applied in SQL (see
`search._collect` for the bounds that keep a big store fast). Scores are positive, higher is
better, comparable only within one query.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
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

HEAD_CHARS = 48  # leading characters read per row: enough for a "Speaker:" label
POOL = 60  # rows rescored with what only a row lookup tells (role, speaker of unmatched turns)
_LABEL = re.compile(r"\s*([^\W\d_][\w .'’-]{0,40}?)\s*:\s")


@dataclass(slots=True)
class Term:
    """One query word (with its variants) and the rows it matches."""
    key: str
    idf: float
    scores: dict[int, float] = field(default_factory=dict)  # row id -> BM25 of this term alone
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


def relength(score: float, n: int, total: int) -> float:
    """Re-normalise one term's FTS5 BM25 score for document length with LENGTH_B instead of 0.75.

    FTS5 gives idf * tf(k1+1) / (tf + k1(1 - b + b*len/avglen)). With idf known (same formula as
    FTS5) and a term found once in the row (nearly always so in a chat turn), len/avglen follows,
    and the score is recomputed with the gentler b. Exact for tf = 1; monotone either way.
    """
    if LENGTH_B == _FTS_B or n > total // 2 or score <= 0:
        return score
    fts_idf = math.log((total - n + 0.5) / (n + 0.5))
    if fts_idf <= 0:
        return score
    f = score / fts_idf
    if not 0 < f < _K1 + 1:
        return score
    ratio = max(((_K1 + 1) / f - 1) / _K1 - (1 - _FTS_B), 0.0) / _FTS_B
    return fts_idf * (_K1 + 1) / (1 + _K1 * (1 - LENGTH_B + LENGTH_B * ratio))


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


def rescore(terms: list[Term], info: dict[int, RowInfo], periods: list[tuple[float, float]]
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
    return out, row_at, sessions, names


def in_periods(ts: float, periods: list[tuple[float, float]]) -> bool:
    return any(start - 86400 <= ts <= end + DATE_SLACK for start, end in periods)


def boosts(row: RowInfo, names: set[str], periods: list[tuple[float, float]]) -> float:
    score = 0.0
    if names and SPEAKER_WEIGHT and not names.isdisjoint(row.speakers):
        score += SPEAKER_WEIGHT
    if periods and DATE_WEIGHT and in_periods(row.timestamp, periods):
        score += DATE_WEIGHT
    return score


_RESOLVE = ("SELECT m.id, json_extract(j.value, '$[0]'), m.seq, m.timestamp, substr(COALESCE(m.content, ''), 1, ?), "
            "m.role FROM json_each(?) AS j JOIN messages m ON m.session_id = json_extract(j.value, '$[0]') "
            "AND m.seq = json_extract(j.value, '$[1]') WHERE m.summary = 0")


def finish(conn: sqlite3.Connection, slots: dict[tuple[str, float], float], row_at: dict[tuple[str, float], int],
           info: dict[int, RowInfo], names: set[str], periods: list[tuple[float, float]], admits,
           limit: int) -> list[Ranked]:
    """Best slots first; unmatched turns in the pool are looked up, filtered and given their boosts."""
    pool = sorted(slots.items(), key=lambda kv: -kv[1])[:max(POOL, 3 * limit)]
    missing = [slot for slot, _ in pool if slot not in row_at] if UNMATCHED else []
    found: dict[tuple[str, float], tuple[int, RowInfo]] = {}
    if missing:
        for rid, sid, seq, ts, head, role in conn.execute(_RESOLVE, (HEAD_CHARS, json.dumps(missing))):
            row = RowInfo(sid, seq, ts, speakers(head), role)
            if role in ("user", "assistant") and head.strip() and admits(row):
                found[(sid, seq)] = (rid, row)
    out: list[Ranked] = []
    for slot, score in pool:
        rid = row_at.get(slot)
        if rid is not None:
            out.append(Ranked(rid, score, True))
        elif slot in found:
            rid, row = found[slot]
            if names and SPEAKER_WEIGHT and not names.isdisjoint(row.speakers):
                score += SPEAKER_WEIGHT
            out.append(Ranked(rid, score, False))
    out.sort(key=lambda r: (-r.score, -r.id))
    # A reply with no query word must outrank some turn that has one: it never pads the list.
    last = max((i for i, r in enumerate(out) if r.matched), default=-1)
    return out[:min(limit, last + 1)]


def rank(conn: sqlite3.Connection, terms: list[Term], info: dict[int, RowInfo],
         periods: list[tuple[float, float]], admits, limit: int) -> list[Ranked]:
    slots, row_at, _, names = rescore(terms, info, periods)
    return finish(conn, slots, row_at, info, names, periods, admits, limit)
