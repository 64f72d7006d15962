"""Session search: a query plan (`hermes.state.query`) turned into candidates for `ranking`.

`Reader` reads one row list per query word (its variants merged, filters applied in SQL) from a
candidate source and hands them to `ranking` for the conversation-aware scoring. The source is
what differs between stores: `search_sqlite.SQLiteSource` (the FTS5 indexes),
`postgres_search.PgSource` (tsvector / GIN); the choice of rows to read, the word weights and the
ranking are this module's and `ranking`'s, for both. `run_search` runs the SQLite store's search,
whose snippets and context `search_sqlite` builds.
Besides the words themselves it reads:
- query words found near each other in a turn (a phrase said again counts more than its words);
- the parts of a joined word the index does not hold whole ("transgender-specific");
- the turns said in a period the query names: an answer need not repeat the question's words.
Each word is weighed by how common it is in the scope searched rather than in the whole store:
a word everyone in one conversation uses says little there, however rare elsewhere.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from itertools import pairwise

from hermes.state import ranking
from hermes.state.query import (MAX_TERMS, STOP_WORDS, VERB_FORMS, QueryPlan, build_plan,  # noqa: F401
                                parse_periods)  # build_plan and parse_periods: imported from here too

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


def run_search(conn: sqlite3.Connection, plan: QueryPlan, flt: Filters, limit: int, context: int,
               row_to_message) -> list:
    """Execute a plan; returns SearchHit objects best first, each with `context` neighbours a side."""
    from hermes.state import search_sqlite  # it imports this module, so not at the top

    if plan.empty or limit <= 0:
        return []
    if flt.session_id is not None:
        lo, hi = conn.execute("SELECT MIN(id), MAX(id) FROM messages WHERE session_id = ?",
                              (flt.session_id,)).fetchone()
        if lo is None:
            return []
        flt.rowid_range = (lo, hi)
    source = search_sqlite.SQLiteSource(conn, flt)
    terms, info = collect(source, plan, flt, limit)
    if not info:
        return []
    ranked = ranking.rank(source.resolve, terms, info, plan.periods, flt.admits, limit, plan.wants)
    return search_sqlite.hits(conn, plan, terms, ranked, context, row_to_message)
