"""Session search on PostgreSQL: the SQLite store's ranking, fed with candidates from tsvector / GIN.

`PgSource` answers the questions `search.Reader` asks of a store (how many rows hold a word, its
best or newest rows with their BM25 score, words near each other, turns from a period, CJK
substrings, the rows at some conversation slots); `search_sqlite.SQLiteSource` answers them from FTS5.
Which rows to read, how words are weighed and how turns are ranked is that shared code, so both
stores rank alike.

A form's score is the BM25 FTS5 would give it, computed here: FTS5's idf from the form's row count,
term frequency 1 in what was said (0.3 when only tool names or arguments hold it: FTS5's column
weights), and the row's length in bytes against the average (`ranking.relength` then
re-normalises it the same way for both stores). No user text reaches tsquery syntax: each form
goes through phraseto_tsquery (a prefix through to_tsquery of its letters and digits only).
CJK text, which the english parser cannot split, is matched by substring (ILIKE, backed by a
pg_trgm index where the server has the extension).

A single word's row count, and its best or newest rows when there are more than the ranking reads
whole, come from the postings table (`postgres_postings`: index-only, no heap row per match); the
GIN index answers the rest (phrases, prefixes, filters other than a large scope).
"""

from __future__ import annotations

import math
import re
from typing import Any, Callable

from hermes.core.messages import Message
from hermes.state import postgres_postings as postings
from hermes.state import ranking
from hermes.state.base import SearchHit
from hermes.state.postgres_schema import MESSAGE_COLS
from hermes.state.query import STOP_WORDS, QueryPlan, build_plan, ngrams
from hermes.state.search import HUGE_MATCH, PAIR_SPAN, Filters, collect

HL_START, HL_END = ">>>", "<<<"  # the same markers as the SQLite store's snippets
CONTEXT_CHARS = 600  # content kept per neighbouring message in a hit's context
HEADLINE_CHARS = 20_000  # ts_headline re-parses the text: only a hit's start is searched for a snippet
_HEADLINE_OPTS = f'StartSel="{HL_START}", StopSel="{HL_END}", MaxWords=24, MinWords=10, ShortWord=2, MaxFragments=1'
_WORD_PART = re.compile(r"[^\W_]+")
_OPERAND = re.compile(r"'((?:[^']|'')*)'(:\*)?")
_K1, _B = 1.2, 0.75  # FTS5's bm25 constants: scores are made as FTS5 makes them
TOOLS_TF = 0.3  # search.TOOLS_WEIGHT: a word only in tool names or arguments
_ROW = ("m.session_id, m.seq, m.timestamp, left(COALESCE(m.content, ''), {head}) AS head, "
        "strpos(COALESCE(m.content, ''), '?') AS asks").format(head=ranking.HEAD_CHARS)


def _filters(flt: Filters) -> tuple[str, list, bool]:
    """SQL conditions over messages `m` (and sessions `s`), their arguments, whether `s` is needed."""
    where, args = [], []
    if flt.scope is not None:
        where.append("s.scope = %s"); args.append(flt.scope)
    if flt.sources:
        where.append("s.source = ANY(%s)"); args.append(list(flt.sources))
    need_s = bool(where)
    if flt.roles:
        where.append("m.role = ANY(%s)"); args.append(list(flt.roles))
    if flt.since is not None:
        where.append("m.timestamp >= %s"); args.append(flt.since)
    if flt.until is not None:
        where.append("m.timestamp <= %s"); args.append(flt.until)
    if flt.session_id is not None:
        where.append("m.session_id = %s"); args.append(flt.session_id)
    return "".join(f" AND {w}" for w in where), args, need_s


def _weight_a(tsq: str) -> str:
    """The tsquery restricted to weight A (what was said, not tool arguments)."""
    return _OPERAND.sub(lambda m: f"'{m[1]}'{m[2] or ':'}A", tsq)


def _tsquery_sql(form: str) -> tuple[str, str] | None:
    """(SQL expression, argument) giving the tsquery of one query form."""
    if form.endswith("*"):
        parts = _WORD_PART.findall(form)  # letters and digits only: nothing to escape
        return ("to_tsquery('english', %s)", " <-> ".join(f"'{p}'" for p in parts) + ":*") if parts else None
    return "phraseto_tsquery('english', %s)", form


def _like(term: str) -> str:
    return "%" + term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _tuples(rows: list) -> list[tuple]:
    return [tuple(r.values()) if isinstance(r, dict) else tuple(r) for r in rows]


class PgSource:
    """Candidate rows from the messages table, in the shape `search.Reader` takes."""

    def __init__(self, cur: Any, flt: Filters) -> None:
        self.cur, self.flt = cur, flt
        self.where, self.args, need_s = _filters(flt)
        self.src = "messages m JOIN sessions s ON s.id = m.session_id" if need_s else "messages m"
        self.tsq: dict[str, str] = {}  # form -> tsquery text ('' when the parser keeps no word of it)
        self.n: dict[str, int] = {}
        self.lex: dict[str, str] = {}  # form -> its one lexeme, when it is a single word
        self._scope_rows: int | None = None
        self._stats: tuple[int, float] | None = None

    # ---- the store's size, for idf and length normalisation --------------------------------------

    def stats(self) -> tuple[int, float]:
        """(searchable rows, their average length in bytes): the planner's statistics (the row
        count scaled to the table's current size, as the planner scales it; content's average
        width), read in O(1). A table autovacuum has not analysed yet is counted."""
        if self._stats is None:
            r = self.cur.execute(
                "SELECT c.reltuples, c.relpages, pg_relation_size(c.oid) / current_setting('block_size')::int AS pages, "
                "(SELECT avg_width FROM pg_stats WHERE schemaname = n.nspname AND tablename = 'messages' "
                "AND attname = 'content') AS width FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE c.oid = 'messages'::regclass").fetchone()
            if r["reltuples"] > 0 and r["relpages"] > 0 and r["width"]:
                self._stats = int(r["reltuples"] / r["relpages"] * max(r["pages"], 1)), float(r["width"])
            else:
                e = self.cur.execute("SELECT count(*) AS n, avg(octet_length(COALESCE(content, ''))) AS a "
                                     "FROM messages WHERE NOT summary").fetchone()
                self._stats = int(e["n"]), max(float(e["a"] or 1), 1.0)
        return self._stats

    def total(self) -> int:
        return self.stats()[0]

    def scope_rows(self) -> int:
        if self._scope_rows is None:
            r = self.cur.execute("SELECT COALESCE(SUM(message_count), 0) AS n FROM sessions WHERE scope = %s",
                                 [self.flt.scope]).fetchone()
            self._scope_rows = int(r["n"])
        return self._scope_rows

    def share(self) -> float:
        """The share of the store the scope searched holds (1 with no scope filter)."""
        return 1.0 if self.flt.scope is None else self.scope_rows() / max(self.total(), 1)

    # ---- words ------------------------------------------------------------------------------------

    def df(self, forms: list[str]) -> dict[str, int]:
        """Rows (in the whole store) holding each form, counted up to HUGE_MATCH + 1; one statement.
        A single word is counted in its postings (index-only), a phrase or prefix through the GIN
        index. A stop word the parser drops is taken as common (df past HUGE_MATCH: its newest
        rows are read)."""
        todo = [(f, sql) for f in forms if f not in self.n and (sql := _tsquery_sql(f))]
        if todo:
            values = ", ".join(f"({i}, {sql[0]})" for i, (_, sql) in enumerate(todo))
            lex = postings.LEXEME_SQL.format(q="v.q") if postings.USE_POSTINGS else "NULL::text"
            rows = self.cur.execute(
                f"SELECT x.i, x.q, x.lex, CASE WHEN numnode(x.tsq) = 0 THEN 0 "
                f"WHEN x.lex IS NOT NULL THEN {postings.count_sql('x.lex', HUGE_MATCH + 1)} ELSE (SELECT count(*) "
                f"FROM (SELECT FROM messages m WHERE m.search_doc @@ x.tsq LIMIT {HUGE_MATCH + 1}) c) END AS n "
                f"FROM (SELECT v.i, v.q AS tsq, v.q::text AS q, {lex} AS lex FROM (VALUES {values}) AS v(i, q)) x",
                [sql[1] for _, sql in todo]).fetchall()
            for r in rows:
                form = todo[r["i"]][0]
                self.tsq[form] = r["q"] if r["n"] else ""
                self.n[form] = int(r["n"])
                if r["lex"] is not None:
                    self.lex[form] = r["lex"]
                if not r["n"] and form.rstrip("*") in STOP_WORDS and not r["q"]:
                    self.n[form] = HUGE_MATCH + 1
        return {f: self.n.get(f, 0) for f in forms}

    def rows(self, form: str, newest: int | None = None, best: int | None = None) -> list[tuple]:
        """The filtered rows holding `form`, each with the BM25 score FTS5 would give it."""
        total, avg = self.stats()
        n = self.n.get(form, 0)
        tsq = self.tsq.get(form, "")
        if not tsq:
            return self._regex_rows(form, newest)
        fts_idf = math.log((total - n + 0.5) / (n + 0.5))
        fts_idf = fts_idf if fts_idf > 0 else 1e-6
        lexeme = self.lex.get(form)
        if lexeme is not None and (newest, best) != (None, None) and postings.usable(self.flt, self.share()):
            return postings.rows(self.cur, _ROW, lexeme, self.flt.scope, self.share(), fts_idf, avg,
                                 newest, best)
        # tf 1 where it was said, TOOLS_TF where only tool names or arguments hold it (float8 throughout:
        # numeric arithmetic costs more than the rest of the row)
        norm = f"{_K1}::float8 * ({1 - _B} + {_B} * greatest(octet_length(COALESCE(m.content, '')), 1) / %s::float8)"
        score = (f"CASE WHEN m.search_doc @@ %s::tsquery THEN %s::float8 * {_K1 + 1} / (1 + {norm}) "
                 f"ELSE %s::float8 * {TOOLS_TF * (_K1 + 1)} / ({TOOLS_TF} + {norm}) END")
        sql = (f"SELECT m.id, {score} AS score, {_ROW} FROM {self.src} "
               f"WHERE m.search_doc @@ %s::tsquery{self.where}")
        args: list = [_weight_a(tsq), fts_idf, avg, fts_idf, avg, tsq, *self.args]
        if newest is not None:
            sql += " ORDER BY m.id DESC LIMIT %s"; args.append(newest)
        elif best is not None:
            sql += " ORDER BY score DESC, m.id DESC LIMIT %s"; args.append(best)
        return _tuples(self.cur.execute(sql, args).fetchall())

    def _regex_rows(self, form: str, newest: int | None) -> list[tuple]:
        """A stop word (the index drops them): whole-word regex, newest rows first."""
        word = form.rstrip("*")
        if form not in self.n or not word:
            return []
        sql = (f"SELECT m.id, 1.0::float8 AS score, {_ROW} FROM {self.src} WHERE NOT m.summary AND m.content ~* %s"
               f"{self.where} ORDER BY m.id DESC")
        args = [rf"\m{re.escape(word)}" + ("" if form.endswith("*") else r"\M"), *self.args]
        if newest is not None:
            sql += " LIMIT %s"; args.append(newest)
        return _tuples(self.cur.execute(sql, args).fetchall())

    def near(self, a: str, b: str, ids: set[int]) -> set[int]:
        """Of `ids`, the rows holding `a` and `b` at most PAIR_SPAN words apart, in either order."""
        qa, qb = self.tsq.get(a), self.tsq.get(b)
        if not qa or not qb:
            return set()
        alts = " || ".join(f"tsquery_phrase(%(a)s::tsquery, %(b)s::tsquery, {d}) || "
                           f"tsquery_phrase(%(b)s::tsquery, %(a)s::tsquery, {d})" for d in range(1, PAIR_SPAN + 2))
        rows = self.cur.execute(f"SELECT id FROM messages WHERE id = ANY(%(ids)s) AND search_doc @@ ({alts})",
                                {"a": qa, "b": qb, "ids": list(ids)}).fetchall()
        return {r["id"] for r in rows}

    # ---- periods, CJK, slots ------------------------------------------------------------------------

    def period_rows(self, periods: list[tuple[float, float]], limit: int, narrow: bool) -> list[tuple]:
        """The newest `limit` user and assistant turns said in `periods` (widened as the ranking
        widens them), newest period first; score 0."""
        sql = (f"SELECT m.id, 0.0::float8 AS score, {_ROW} FROM {self.src} WHERE m.timestamp BETWEEN %s AND %s "
               f"AND NOT m.summary AND m.role IN ('user', 'assistant'){self.where} ORDER BY m.timestamp DESC LIMIT %s")
        out: dict[int, tuple] = {}
        for start, end in sorted(ranking.widen(periods), reverse=True):
            for row in _tuples(self.cur.execute(sql, [start, end, *self.args, limit - len(out)]).fetchall()):
                out.setdefault(row[0], row)
            if len(out) >= limit:
                break
        return list(out.values())

    def _substring(self, terms: list[str], each: float, base: float, limit: int | None) -> list[tuple]:
        """Rows with CJK text holding any of `terms`; score base + each * terms held."""
        if not terms:
            return []
        pats = [_like(t) for t in terms]
        held = " + ".join("(m.content ILIKE %s)::int" for _ in pats)
        sql = (f"SELECT m.id, ({base} + {each} * ({held}))::float8 AS score, {_ROW} FROM {self.src} "
               f"WHERE m.has_cjk AND NOT m.summary AND ({' OR '.join('m.content ILIKE %s' for _ in pats)}){self.where} "
               "ORDER BY score DESC, m.id DESC")
        args = [*pats, *pats, *self.args]
        if limit is not None:
            sql += " LIMIT %s"; args.append(limit)
        return _tuples(self.cur.execute(sql, args).fetchall())

    def cjk(self, plan: QueryPlan, best: int | None) -> list[tuple]:
        """What the SQLite store's trigram table matches: CJK trigrams and 3+ letter words."""
        tri: list[str] = []
        for piece in plan.cjk:
            tri += [piece] if len(piece) <= 3 else ngrams(piece, 3)
        tri += [w.rstrip("*") for w in plan.words if len(w.rstrip("*")) >= 3]  # only rows with CJK are read
        tri = list(dict.fromkeys(tri))[:48]
        return self._substring(tri, 1.0 / max(len(tri), 1), 1.0, best)

    def scan(self, terms: list[str], limit: int) -> list[tuple]:
        return self._substring(terms, 0.5, 0.0, limit)

    def resolve(self, slots: list[tuple[str, float]], chars: int) -> list[tuple]:
        return _tuples(self.cur.execute(
            "SELECT m.id, m.session_id, m.seq, m.timestamp, left(COALESCE(m.content, ''), %s) AS text, m.role "
            "FROM unnest(%s::text[], %s::float8[]) AS j(sid, seq) JOIN messages m ON m.session_id = j.sid "
            "AND m.seq = j.seq WHERE NOT m.summary",
            [chars, [s for s, _ in slots], [q for _, q in slots]]).fetchall())


# ---- hits ---------------------------------------------------------------------------------------

def text_snippet(content: str, terms: list[str], width: int = 160) -> str:
    """A window of `content` around the first (longest) term found, with the match marked."""
    low = content.lower()
    for t in sorted({t.rstrip("*").lower() for t in terms if t.rstrip("*")}, key=len, reverse=True):
        i = low.find(t)
        if i >= 0:
            start, end = max(0, i - width // 2), min(len(content), i + len(t) + width // 2)
            return ("…" if start else "") + content[start:i] + HL_START + content[i:i + len(t)] + \
                HL_END + content[i + len(t):end] + ("…" if end < len(content) else "")
    return content[:width] + ("…" if len(content) > width else "")


def _tools_text(row: dict) -> str:
    calls = row["tool_calls"] or []
    parts = [row["tool_name"] or ""]
    for c in calls[:4] if isinstance(calls, list) else []:
        fn = (c or {}).get("function") or {}
        parts += [str(fn.get("name") or ""), str(fn.get("arguments") or "")]
    return " ".join(p for p in parts if p)


def _clip(m: Message) -> Message:
    if m.content and len(m.content) > CONTEXT_CHARS:
        m.content = m.content[:CONTEXT_CHARS] + "…"
    return m


def search(cur: Any, query: str, *, scope: str | None, sources: list[str] | None, roles: list[str] | None,
           since: float | None, until: float | None, session_id: str | None, limit: int, context: int,
           row_to_message: Callable[[dict], Message]) -> list[SearchHit]:
    plan = build_plan(query)
    if plan.empty or limit <= 0:
        return []
    flt = Filters(scope=scope, sources=sources, roles=roles, since=since, until=until, session_id=session_id)
    src = PgSource(cur, flt)
    terms, info = collect(src, plan, flt, limit)
    if not info:
        return []
    ranked = ranking.rank(src.resolve, terms, info, plan.periods, flt.admits, limit, plan.wants)
    if not ranked:
        return []
    ids = [r.id for r in ranked]
    queries = list(dict.fromkeys(q for q in src.tsq.values() if q))
    headline, hl_args = "NULL", []
    if queries:
        everything = " | ".join(f"({q})" for q in queries)
        headline = (f"CASE WHEN m.search_doc @@ %s::tsquery THEN ts_headline('english', "
                    f"left(COALESCE(m.content, ''), {HEADLINE_CHARS}), %s::tsquery, %s) END")
        hl_args = [everything, everything, _HEADLINE_OPTS]
    rows = {r["id"]: r for r in cur.execute(
        "SELECT m.id, m.session_id, m.role, m.timestamp, m.seq, COALESCE(m.content, '') AS content, m.tool_name, "
        f"m.tool_calls, s.source, s.title, {headline} AS headline "
        "FROM messages m JOIN sessions s ON s.id = m.session_id WHERE m.id = ANY(%s)", [*hl_args, ids])}
    neighbours = _context(cur, ids, context, row_to_message) if context > 0 else {}
    words = plan.cjk_short + plan.cjk_fallback + plan.cjk + [f for w in plan.words for f in plan.forms(w)]
    hits = []
    for r in ranked:
        row = rows.get(r.id)
        if row is None:
            continue
        snippet = row["headline"] if row["headline"] and HL_START in row["headline"] else None
        if snippet is None:
            text = row["content"] or _tools_text(row)
            snippet = text_snippet(text, words)
            if HL_START not in snippet and row["content"] and _tools_text(row):
                snippet = text_snippet(_tools_text(row), words)
        hits.append(SearchHit(session_id=row["session_id"], message_id=r.id, role=row["role"], snippet=snippet,
                              score=round(r.score, 6), timestamp=row["timestamp"], source=row["source"],
                              title=row["title"], context=neighbours.get(r.id, [])))
    return hits


def _context(cur: Any, ids: list[int], n: int, row_to_message: Callable[[dict], Message]) -> dict[int, list[Message]]:
    """Up to `n` original rows either side of each hit, in session order, one statement for all hits."""
    rows = cur.execute(
        "SELECT h.hid, x.* FROM unnest(%s::bigint[]) AS h(hid) JOIN messages hm ON hm.id = h.hid "
        "CROSS JOIN LATERAL ("
        f" (SELECT {MESSAGE_COLS} FROM messages WHERE session_id = hm.session_id AND NOT summary "
        "  AND seq < hm.seq ORDER BY seq DESC, id DESC LIMIT %s)"
        " UNION ALL"
        f" (SELECT {MESSAGE_COLS} FROM messages WHERE session_id = hm.session_id AND NOT summary "
        "  AND seq > hm.seq ORDER BY seq, id LIMIT %s)) AS x", [ids, n, n]).fetchall()
    out: dict[int, list[dict]] = {}
    for r in rows:
        out.setdefault(r["hid"], []).append(r)
    return {hid: [_clip(row_to_message(r)) for r in sorted(rs, key=lambda r: (r["seq"], r["id"]))]
            for hid, rs in out.items()}
