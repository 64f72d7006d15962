"""The SQLite store's side of session search: the FTS5 indexes as the candidate source `search.Reader`
reads (`SQLiteSource`), and the hits made of the ranked rows (FTS5 snippets, neighbouring turns).

`search.run_search` drives both; which rows to read and how they rank is `search`'s and `ranking`'s,
shared with the PostgreSQL store. The bounds and weights stay in `search` and are read from there
when used (`search.HUGE_MATCH`): tests and the ablation bench set them on that module.
"""

from __future__ import annotations

import json
import sqlite3

from hermes.core.messages import Message
from hermes.state import ranking, search
from hermes.state.base import SearchHit
from hermes.state.query import QueryPlan, quote
from hermes.state.search import HL_END, HL_START, Filters

_ROW_COLS = (f"m.session_id, m.seq, m.timestamp, substr(COALESCE(m.content, ''), 1, {ranking.HEAD_CHARS}), "
             "instr(COALESCE(m.content, ''), '?')")


def _rows(conn: sqlite3.Connection, table: str, match: str, weights: str, flt: Filters,
          newest: int | None = None, best: int | None = None) -> list[tuple]:
    """(rowid, score, session_id, seq, timestamp, head, has "?") of the filtered rows matching: all
    of them, the `best` scoring, or (cheapest: FTS5 walks rowids backwards and stops) the `newest`."""
    joins, where, args = flt.sql()
    inner = (f"SELECT f.rowid AS id, -bm25({table}{weights}) AS score FROM {table} AS f{joins} "
             f"WHERE {table} MATCH ?{where}")
    if newest is not None:
        inner += " ORDER BY f.rowid DESC LIMIT ?"; args.append(newest)
    elif best is not None:
        inner += " ORDER BY score DESC LIMIT ?"; args.append(best)
    return conn.execute(f"SELECT t.id, t.score, {_ROW_COLS} FROM ({inner}) AS t JOIN messages m ON m.id = t.id",
                        [match, *args]).fetchall()


def _df(conn: sqlite3.Connection, match: str) -> int:
    """Rows matching, counted only up to HUGE_MATCH + 1 (enough to decide, cheap to get)."""
    return conn.execute("SELECT count(*) FROM (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? "
                        "LIMIT ?)", (match, search.HUGE_MATCH + 1)).fetchone()[0]


def _scan(conn: sqlite3.Connection, terms: list[str], flt: Filters, limit: int) -> list[tuple]:
    """Substring search over the (small) CJK table, for terms too short for trigrams.

    instr() rather than LIKE: on an FTS5 trigram table, LIKE with a pattern under 3 characters is
    handed to the index and matches nothing on some SQLite versions (3.40 among them).
    """
    joins, where, args = flt.sql()
    hits = " + ".join("(instr(f.content, ?) > 0)" for _ in terms)
    inner = (f"SELECT f.rowid AS id, ({hits}) * 0.5 AS score FROM messages_cjk AS f{joins} "
             f"WHERE ({hits}) > 0{where} ORDER BY score DESC, f.rowid DESC LIMIT ?")
    return conn.execute(f"SELECT t.id, t.score, {_ROW_COLS} FROM ({inner}) AS t JOIN messages m ON m.id = t.id",
                        [*terms, *terms, *args, limit]).fetchall()


def _period_rows(conn: sqlite3.Connection, periods: list[tuple[float, float]], flt: Filters, limit: int,
                 narrow: bool) -> list[tuple]:
    """Like `_rows` (score 0): the newest `limit` user and assistant turns said in `periods` (as
    the ranking widens them), newest period first. Read down the time index, which stops once it
    has enough; or, for a `narrow` filter (a small part of the store), through its sessions open
    then, as the time index would pass mostly other people's turns."""
    where, args, need_s = flt.conditions("m.id")
    if narrow and need_s:  # CROSS JOIN fixes the loop order the planner cannot know is better
        source = "sessions s CROSS JOIN messages m ON m.session_id = s.id"
        where = ["s.created_at <= ?", "s.updated_at >= ?", *where]
    else:
        source = "messages m CROSS JOIN sessions s ON s.id = m.session_id" if need_s else "messages m"
    sql = (f"SELECT m.id, 0.0, {_ROW_COLS} FROM {source} WHERE m.timestamp BETWEEN ? AND ? AND m.summary = 0 "
           f"AND m.role IN ('user', 'assistant'){''.join(f' AND {w}' for w in where)} "
           "ORDER BY m.timestamp DESC LIMIT ?")
    out: dict[int, tuple] = {}
    for start, end in sorted(ranking.widen(periods), reverse=True):
        bounds = [end, start] if narrow and need_s else []
        for row in conn.execute(sql, [start, end, *bounds, *args, limit - len(out)]):
            out.setdefault(row[0], row)
        if len(out) >= limit:
            break
    return list(out.values())


class SQLiteSource:
    """The FTS5 indexes as a candidate source. Every row list is (rowid, score, session_id, seq,
    timestamp, head, has "?"), score the FTS5 bm25 of that one form (positive)."""

    def __init__(self, conn: sqlite3.Connection, flt: Filters) -> None:
        self.conn, self.flt = conn, flt
        self.weights = f", {search.CONTENT_WEIGHT}, {search.TOOLS_WEIGHT}"

    def total(self) -> int:
        return ranking.fts_totals(self.conn)

    def df(self, forms: list[str]) -> dict[str, int]:
        return {f: _df(self.conn, quote(f)) for f in forms}

    def rows(self, form: str, newest: int | None = None, best: int | None = None) -> list[tuple]:
        return _rows(self.conn, "messages_fts", quote(form), self.weights, self.flt, newest, best)

    def scope_rows(self) -> int:
        return self.conn.execute("SELECT COALESCE(SUM(message_count), 0) FROM sessions WHERE scope = ?",
                                 (self.flt.scope,)).fetchone()[0]

    def near(self, a: str, b: str, ids: set[int]) -> set[int]:
        """Of `ids`, the rows holding `a` and `b` within PAIR_SPAN tokens (by rowid range: FTS5
        runs `rowid IN` per id)."""
        return {rid for rid, in self.conn.execute(
            "SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? AND rowid BETWEEN ? AND ?",
            (f"NEAR({quote(a)} {quote(b)}, {search.PAIR_SPAN})", min(ids), max(ids)))} & ids

    def period_rows(self, periods: list[tuple[float, float]], limit: int, narrow: bool) -> list[tuple]:
        return _period_rows(self.conn, periods, self.flt, limit, narrow)

    def cjk(self, plan: QueryPlan, best: int | None) -> list[tuple]:
        tri = plan.trigram_query()
        return _rows(self.conn, "messages_cjk", tri, "", self.flt, best=best) if tri else []

    def scan(self, terms: list[str], limit: int) -> list[tuple]:
        return _scan(self.conn, terms, self.flt, limit)

    def resolve(self, slots: list[tuple[str, float]], chars: int) -> list[tuple]:
        """(id, session_id, seq, timestamp, first `chars` of content, role) of original rows at slots."""
        return self.conn.execute(_RESOLVE, (chars, json.dumps(slots))).fetchall()


_RESOLVE = ("SELECT m.id, json_extract(j.value, '$[0]'), m.seq, m.timestamp, substr(COALESCE(m.content, ''), 1, ?), "
            "m.role FROM json_each(?) AS j JOIN messages m ON m.session_id = json_extract(j.value, '$[0]') "
            "AND m.seq = json_extract(j.value, '$[1]') WHERE m.summary = 0")


def _snippets(conn: sqlite3.Connection, ids: list[int], table: str, match: str | None, tokens: int) -> dict[int, str]:
    """FTS5 snippets for several rows in one statement."""
    if not ids or not match:
        return {}
    col = -1 if table == "messages_fts" else 0
    rows = conn.execute(
        f"SELECT rowid, snippet({table}, {col}, ?, ?, '…', {tokens}) FROM {table} "
        f"WHERE {table} MATCH ? AND rowid IN (SELECT value FROM json_each(?))",
        (HL_START, HL_END, match, json.dumps(ids))).fetchall()
    return {rid: s for rid, s in rows if s}


def text_snippet(content: str, terms: list[str], width: int = 160) -> str:
    """A window of `content` around the first term found, with the match marked."""
    low = content.lower()
    for t in terms:
        t = t.rstrip("*").lower()
        i = low.find(t) if t else -1
        if i >= 0:
            start = max(0, i - width // 2)
            end = min(len(content), i + len(t) + width // 2)
            return ("…" if start else "") + content[start:i] + HL_START + content[i:i + len(t)] + \
                HL_END + content[i + len(t):end] + ("…" if end < len(content) else "")
    return content[:width] + ("…" if len(content) > width else "")


def _clip(m: Message, chars: int) -> Message:
    if m.content and len(m.content) > chars:
        m.content = m.content[:chars] + "…"
    return m


def hits(conn: sqlite3.Connection, plan: QueryPlan, terms: list[ranking.Term], ranked: list, context: int,
         row_to_message) -> list[SearchHit]:
    """SearchHit objects for the `ranked` rows, in order, each with `context` neighbours a side."""
    ids = [r.id for r in ranked]
    words = {rid for t in terms if not t.key.startswith("\x00") for rid in t.scores}
    cjk = {rid for t in terms if t.key == "\x00cjk" for rid in t.scores}
    snips = _snippets(conn, [i for i in ids if i in words], "messages_fts", plan.fts_query(), 24)
    snips.update(_snippets(conn, [i for i in ids if i in cjk and i not in words], "messages_cjk",
                           plan.trigram_query(), 48))
    rows = {r[0]: r for r in conn.execute(
        "SELECT m.id, m.session_id, m.role, m.timestamp, m.seq, COALESCE(m.content, ''), s.source, s.title "
        "FROM messages m JOIN sessions s ON s.id = m.session_id WHERE m.id IN (SELECT value FROM json_each(?))",
        (json.dumps(ids),))}
    terms_text = plan.cjk_short + plan.cjk_fallback + plan.cjk + [f for w in plan.words for f in plan.forms(w)]
    chars = search.CONTEXT_CHARS
    out = []
    for r in ranked:
        row = rows.get(r.id)
        if row is None:
            continue
        _, session_id, role, ts, seq, content, source, title = row
        neighbours: list[Message] = []
        if context > 0:
            before = conn.execute(
                "SELECT * FROM messages WHERE session_id = ? AND summary = 0 AND seq < ? "
                "ORDER BY seq DESC, id DESC LIMIT ?", (session_id, seq, context)).fetchall()
            after = conn.execute(
                "SELECT * FROM messages WHERE session_id = ? AND summary = 0 AND seq > ? "
                "ORDER BY seq, id LIMIT ?", (session_id, seq, context)).fetchall()
            neighbours = [_clip(row_to_message(x), chars) for x in [*reversed(before), *after]]
        out.append(SearchHit(session_id=session_id, message_id=r.id, role=role,
                             snippet=snips.get(r.id) or text_snippet(content, terms_text),
                             score=round(r.score, 6), timestamp=ts, source=source, title=title,
                             context=neighbours))
    return out
