"""Session search: a query plan (`hermes.state.query`) turned into candidates for `ranking`.

`Reader` reads one row list per query word (its variants merged, filters applied in SQL) from a
candidate source and hands them to `ranking` for the conversation-aware scoring. The source is
what differs between stores: `SQLiteSource` here (the FTS5 indexes), `postgres_search.PgSource`
(tsvector / GIN); the choice of rows to read, the word weights and the ranking are this module's
and `ranking`'s, for both. `run_search` then builds the SQLite store's snippets and context.
Besides the words themselves it reads:
- query words found near each other in a turn (a phrase said again counts more than its words);
- the parts of a joined word the index does not hold whole ("transgender-specific");
- the turns said in a period the query names: an answer need not repeat the question's words.
Each word is weighed by how common it is in the scope searched rather than in the whole store:
a word everyone in one conversation uses says little there, however rare elsewhere.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass
from itertools import pairwise

from hermes.core.messages import Message
from hermes.state import ranking
from hermes.state.query import (MAX_TERMS, STOP_WORDS, VERB_FORMS, QueryPlan, build_plan,  # noqa: F401
                                parse_periods, quote)  # build_plan and parse_periods: imported from here too

HL_START, HL_END = ">>>", "<<<"  # snippet markers around matched text
CONTEXT_CHARS = 600  # content kept per neighbouring message in a hit's context
CONTENT_WEIGHT, TOOLS_WEIGHT = 1.0, 0.3  # bm25 column weights: words said beat tool arguments
RARE_BUDGET = 10_000  # a word matching more rows is skipped once rarer words found enough
HUGE_MATCH = 30_000  # past this many matching rows, a term is read in its newest rows only
NEWEST = 2_000  # rows read for such a term
TERM_ROWS = 500  # past this many matching rows, a term's best-scoring rows are read
SCOPED_IDF = True  # word weights from the scope searched, not the whole store
PAIRS = True  # adjacent query words near each other in a turn
PAIR_SPAN, PAIR_WEIGHT = 5, 0.3  # NEAR distance in tokens; share of the two words' scores added
SPLIT_JOINED = True  # a joined word the index lacks is searched by its parts
PERIOD_ROWS = 100  # turns read from the periods a query names (0: none)

_JOINER = re.compile(r"[-_./:'’]")


@dataclass(slots=True)
class Filters:
    scope: str | None = None
    sources: list[str] | None = None
    roles: list[str] | None = None
    since: float | None = None
    until: float | None = None
    session_id: str | None = None
    rowid_range: tuple[int, int] | None = None  # the session's message ids: lets FTS5 seek, not scan

    def sql(self) -> tuple[str, str, list]:
        """(joins, where, args) over an index `f`, messages `m` and sessions `s`, joining only what
        is filtered: summary rows are not in the indexes, so with no filters a ranking needs no join."""
        where, args, need_s = self.conditions("f.rowid")
        joins = ""
        if where:
            joins = " JOIN messages m ON m.id = f.rowid"
            if need_s:
                joins += " JOIN sessions s ON s.id = m.session_id"
        return joins, "".join(f" AND {w}" for w in where), args

    def conditions(self, id_col: str) -> tuple[list[str], list, bool]:
        """(conditions on `m` and `s`, args, whether `s` is needed); `id_col` holds the message id."""
        where, args = [], []
        if self.scope is not None:
            where.append("s.scope = ?"); args.append(self.scope)
        if self.sources:
            where.append(f"s.source IN ({','.join('?' * len(self.sources))})"); args += self.sources
        need_s = bool(where)
        if self.roles:
            where.append(f"m.role IN ({','.join('?' * len(self.roles))})"); args += self.roles
        if self.since is not None:
            where.append("m.timestamp >= ?"); args.append(self.since)
        if self.until is not None:
            where.append("m.timestamp <= ?"); args.append(self.until)
        if self.session_id is not None:
            where.append("m.session_id = ?"); args.append(self.session_id)
        if self.rowid_range is not None:
            where.append(f"{id_col} BETWEEN ? AND ?"); args.extend(self.rowid_range)
        return where, args, need_s

    def admits(self, row: ranking.RowInfo) -> bool:
        """For a neighbouring turn (same session as a hit, so scope, source and session hold)."""
        return ((not self.roles or row.role in self.roles)
                and (self.since is None or row.timestamp >= self.since)
                and (self.until is None or row.timestamp <= self.until))


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
                        "LIMIT ?)", (match, HUGE_MATCH + 1)).fetchone()[0]


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
        self.weights = f", {CONTENT_WEIGHT}, {TOOLS_WEIGHT}"

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
            (f"NEAR({quote(a)} {quote(b)}, {PAIR_SPAN})", min(ids), max(ids)))} & ids

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


class Reader:
    """Reads the row lists of one query from a candidate source into Terms and a shared RowInfo map.

    Cost is bounded on a big store: words are read rarest first; once they found enough rows to
    rank, words matching more than RARE_BUDGET rows are skipped (they would mostly add rows that
    rank below); a word matching more than TERM_ROWS rows is read in its best-scoring TERM_ROWS
    (SQLite ranks, Python sees only those), one matching more than HUGE_MATCH in its newest NEWEST
    rows (not even ranked). A single session is small: everything in it is read.
    """

    def __init__(self, source, flt: Filters, limit: int) -> None:
        self.src, self.flt, self.limit = source, flt, limit
        self.one_session = flt.session_id is not None
        self.info: dict[int, ranking.RowInfo] = {}
        self.terms: list[ranking.Term] = []
        self.labels: set[str] = set()  # speaker names seen so far
        self._scope_rows: int | None = None
        self._total: int | None = None

    def total(self) -> int:
        if self._total is None:
            self._total = max(self.src.total(), 1)
        return self._total

    def scope_rows(self) -> int:
        """Messages in the scope searched (0: no scope filter), counted once."""
        if self._scope_rows is None:
            self._scope_rows = 0 if self.flt.scope is None else self.src.scope_rows()
        return self._scope_rows

    def take(self, term: ranking.Term, rows: list[tuple], n: int = 0, total: int = 0) -> None:
        """Rows into `term` (best score per row) and the row map; with `n` (rows matching in the
        store, of `total`), scores are re-normalised for length and weighed with `term.idf`."""
        scores, info = term.scores, self.info
        for rid, score, sid, seq, ts, head, asks in rows:
            if n and n <= HUGE_MATCH:
                score = ranking.relength(score, n, total, term.idf)
            if score > scores.get(rid, 0.0):
                scores[rid] = score
            if rid not in info:
                row = info[rid] = ranking.RowInfo(sid, seq, ts, ranking.speakers(head), asks=asks > 0)
                self.labels.update(row.speakers)

    def fts(self, match: str, n: int) -> tuple[list[tuple], bool]:
        """The rows matching, within the cost bounds for a match of `n` rows; and whether they are
        all of them (not just the best or newest)."""
        big = not self.one_session
        newest = NEWEST if big and n > HUGE_MATCH else None
        best = TERM_ROWS if big and n > TERM_ROWS else None
        rows = self.src.rows(match, newest, best)
        cap = newest or best
        return rows, cap is None or len(rows) < cap

    def words(self, plan: QueryPlan) -> None:
        total = self.total()
        groups = [(w, plan.forms(w)) for w in plan.words]
        df = self.src.df(list(dict.fromkeys(f for _, fs in groups for f in fs)))
        if SPLIT_JOINED:
            groups = self._split(groups, df)
        groups = sorted((g for g in groups if any(df[q] for q in g[1])), key=lambda g: sum(df[q] for q in g[1]))
        scope_total = self.scope_rows() if SCOPED_IDF and groups else 0
        found = 0
        for word, quoted in groups:
            n = sum(df[q] for q in quoted)
            if not self.one_session and n > RARE_BUDGET and found >= max(self.limit, ranking.POOL):
                break
            term = ranking.Term(word.rstrip("*"), ranking.idf(min(n, total), total))
            self.terms.append(term)
            if ranking.NAMES and term.key in self.labels and any(t.scores and not t.name for t in self.terms):
                term.name = True  # a speaker named in the query: who said it, not what was said
                continue
            whole = True
            for q in quoted:
                if df[q]:
                    rows, complete = self.fts(q, df[q])
                    whole &= complete
                    self.take(term, rows, df[q], total)
            if scope_total and whole and term.scores and n <= HUGE_MATCH:
                # Every row of the term in the scope was read: their count is its frequency there.
                local = ranking.idf(len(term.scores), scope_total)
                term.scores = {rid: s * local / term.idf for rid, s in term.scores.items()}
                term.idf = local
            found += len(term.scores)

    def _split(self, groups: list[tuple[str, list[str]]], df: dict[str, int]) -> list[tuple[str, list[str]]]:
        """Joined words found nowhere whole ("artists/bands") give way to their parts."""
        out, have = [], {w for w, _ in groups}
        for w, qs in groups:
            if any(df[q] for q in qs) or w.endswith("*") or not _JOINER.search(w):
                out.append((w, qs))
                continue
            for part in _JOINER.split(w):
                if len(part) >= 2 and part not in STOP_WORDS and part not in have:
                    have.add(part)
                    df.update(self.src.df([part]))
                    out.append((part, [part]))
        return out

    def pairs(self, plan: QueryPlan) -> None:
        """Adjacent content words of the query found within PAIR_SPAN tokens of each other, looked
        for only among the rows that hold both."""
        content = {t.key: t for t in self.terms if t.scores and not t.name and t.key not in self.labels}
        order = [w for w in plan.words if w in content]
        for a, b in pairwise(order):
            both = content[a].scores.keys() & content[b].scores.keys()
            if not both:
                continue
            near = self.src.near(a, b, both)
            term = ranking.Term("\x00pair", 0.0)
            sa, sb = content[a].scores, content[b].scores
            term.scores = {rid: PAIR_WEIGHT * (sa[rid] + sb[rid]) for rid in near & both}
            self.terms.append(term)

    def periods(self, plan: QueryPlan) -> None:
        """Turns from the periods the query names: candidates even with no query word in them."""
        term = ranking.Term("\x00date", 0.0)
        narrow = self.scope_rows() * 4 < self.total()
        rows = self.src.period_rows(plan.periods, PERIOD_ROWS, narrow)
        self.take(term, rows)
        term.scores = dict.fromkeys((r[0] for r in rows), 0.0)  # take() keeps positive scores only
        self.terms.append(term)

    def cjk(self, plan: QueryPlan) -> None:
        cjk_hit = False
        if plan.trigram_query():
            term = ranking.Term("\x00cjk", 1.0)
            self.take(term, self.src.cjk(plan, None if self.one_session else TERM_ROWS))
            self.terms.append(term)
            cjk_hit = bool(term.scores)
        short = plan.cjk_short or ([] if cjk_hit else plan.cjk_fallback)
        if short:
            term = ranking.Term("\x00scan", 1.0)
            self.take(term, self.src.scan(short, max(self.limit, ranking.POOL)))
            self.terms.append(term)


def collect(source, plan: QueryPlan, flt: Filters, limit: int
            ) -> tuple[list[ranking.Term], dict[int, ranking.RowInfo]]:
    """One row list per query word (its variants merged), word pairs, the periods named, CJK."""
    reader = Reader(source, flt, limit)
    if plan.words:
        reader.words(plan)
        if PAIRS:
            reader.pairs(plan)
    if PERIOD_ROWS and plan.periods:
        reader.periods(plan)
    reader.cjk(plan)
    return reader.terms, reader.info


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


def _clip(m: Message) -> Message:
    if m.content and len(m.content) > CONTEXT_CHARS:
        m.content = m.content[:CONTEXT_CHARS] + "…"
    return m


def run_search(conn: sqlite3.Connection, plan: QueryPlan, flt: Filters, limit: int, context: int,
               row_to_message) -> list:
    """Execute a plan; returns SearchHit objects best first, each with `context` neighbours a side."""
    from hermes.state.base import SearchHit

    if plan.empty or limit <= 0:
        return []
    if flt.session_id is not None:
        lo, hi = conn.execute("SELECT MIN(id), MAX(id) FROM messages WHERE session_id = ?",
                              (flt.session_id,)).fetchone()
        if lo is None:
            return []
        flt.rowid_range = (lo, hi)
    source = SQLiteSource(conn, flt)
    terms, info = collect(source, plan, flt, limit)
    if not info:
        return []
    ranked = ranking.rank(source.resolve, terms, info, plan.periods, flt.admits, limit, plan.wants)
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
    hits = []
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
            neighbours = [_clip(row_to_message(x)) for x in [*reversed(before), *after]]
        hits.append(SearchHit(session_id=session_id, message_id=r.id, role=role,
                              snippet=snips.get(r.id) or text_snippet(content, terms_text),
                              score=round(r.score, 6), timestamp=ts, source=source, title=title,
                              context=neighbours))
    return hits
