"""A word's rows read from `search_postings` (migration 5) instead of through the GIN index.

A GIN match is a set of heap tuple ids: counting a word's rows, or finding its best-scoring ones,
reads every matching messages row (content and tsvector, a few per page). On a store of a million
messages a mid-frequency word holds tens of thousands of rows, and those reads are the search's
whole cost. The postings table keeps, per (word, message), what the score needs (the content's
length in bytes, whether the word is only in tool names or arguments), in two orders:
- primary key (lexeme, id): the word's rows counted, or walked newest first;
- idx_postings_best (lexeme, tools, len, id DESC): said before tools-only, shortest first, which
  is best BM25 score first (one word, term frequency 1: the score only falls with length);
so each read is an index-only scan stopped by its LIMIT, and only the rows kept are looked up in
messages. Rows and scores are the GIN path's (`PgSource.rows`), row for row.

Used for single-word forms (a phrase or a prefix needs positions: the GIN path), with no filter or
with a scope filter holding a good share of the store (the walk passes other scopes' rows, up to
about one in `1 / share`); other filters take the GIN path, which applies them in the index scan.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

# The share of the store a scope must hold for its rows to be found by walking the word's rows in
# order (cost about limit / share lookups); below it, the GIN path is cheaper.
MIN_SHARE = 0.25
USE_POSTINGS = True  # off: every word goes through the GIN index (the same results, for comparison)
K1, B = 1.2, 0.75  # FTS5's bm25 constants, as in postgres_search
TOOLS_TF = 0.3

# The single lexeme of a tsquery that is one plain operand ('word'), else NULL: a prefix ('w':*),
# a weight, a phrase or an escaped backslash takes the GIN path.
LEXEME_SQL = ("CASE WHEN numnode({q}) = 1 AND left({q}::text, 1) = '''' AND right({q}::text, 1) = '''' "
              "AND strpos({q}::text, E'\\\\') = 0 THEN replace(substr({q}::text, 2, length({q}::text) - 2), "
              "'''''', '''') END")


def count_sql(lexeme: str, cap: int) -> str:
    """A subquery counting a lexeme's rows up to `cap` (index-only: no column is read)."""
    return f"(SELECT count(*) FROM (SELECT FROM search_postings p WHERE p.lexeme = {lexeme} LIMIT {cap}) c)"


def _score(tools: bool) -> str:
    """The GIN path's score expression with the row's length from the posting (same float steps)."""
    norm = f"{K1}::float8 * ({1 - B} + {B} * p.len / %s::float8)"
    if tools:
        return f"%s::float8 * {TOOLS_TF * (K1 + 1)} / ({TOOLS_TF} + {norm})"
    return f"%s::float8 * {K1 + 1} / (1 + {norm})"


def usable(flt: Any, share: float) -> bool:
    """Whether the postings path applies to these filters (a scope holding `share` of the store)."""
    if not USE_POSTINGS:
        return False
    if flt.sources or flt.roles or flt.since is not None or flt.until is not None or flt.session_id is not None:
        return False
    return flt.scope is None or share >= MIN_SHARE


def rows(cur: Any, row_cols: str, lexeme: str, scope: str | None, share: float, idf: float, avg: float,
         newest: int | None, best: int | None) -> list[tuple]:
    """(id, score, *row_cols) of the lexeme's `newest` or `best` rows in `scope` (None: all; it
    holds `share` of the store), ordered as the GIN path orders them (id DESC; score DESC, id DESC).
    `n`: the lexeme's rows in the store (as counted, capped)."""
    limit = newest if newest is not None else best
    assert limit is not None
    # Each walk reads at most `want` postings (a LIMIT the planner sees: it walks the index in
    # order instead of sorting all of the word's postings). Every posting has its message, so
    # with no scope `limit` postings give `limit` rows; in a scope, a walk that found too few
    # rows before its end is read again further.
    want = limit if scope is None else int(limit / max(share, MIN_SHARE) * 1.25) + 32
    lists = (None,) if newest is not None else (False, True)  # newest: one list; best: said, tools-only
    while True:
        got = _walk(cur, row_cols, lexeme, scope, idf, avg, newest is not None, limit, want)
        found = Counter(r[-1] for r in got)
        if scope is None or not any(
                found[k] < limit and _more(cur, lexeme, tools, want) for k, tools in enumerate(lists)):
            return [r[:-1] for r in got][:limit]
        want *= 4


def _more(cur: Any, lexeme: str, tools: bool | None, want: int) -> bool:
    """Whether a list holds more than the `want` postings a walk read (index-only)."""
    cond = "" if tools is None else f" AND tools = {'true' if tools else 'false'}"
    row = cur.execute(f"SELECT count(*) AS n FROM (SELECT FROM search_postings WHERE lexeme = %s{cond} "
                      "LIMIT %s) c", [lexeme, want + 1]).fetchone()
    return (row["n"] if isinstance(row, dict) else row[0]) > want


def _walk(cur: Any, row_cols: str, lexeme: str, scope: str | None, idf: float, avg: float, newest: bool,
          limit: int, want: int) -> list[tuple]:
    """One read of up to `want` postings per list; each row ends with its list (0 said, 1 tools-only;
    0 for the newest walk, which is one list)."""
    # OFFSET 0 keeps the message lookup a per-posting step of a nested loop, stopped by the LIMIT.
    where = " AND s.scope = %s" if scope is not None else ""
    join = " JOIN sessions s ON s.id = m.session_id" if scope is not None else ""
    look = f"CROSS JOIN LATERAL (SELECT {row_cols} FROM messages m{join} WHERE m.id = p.id{where} OFFSET 0) r"
    scope_args = [scope] if scope is not None else []
    if newest:
        sql = (f"SELECT p.id, CASE WHEN p.tools THEN {_score(True)} ELSE {_score(False)} END AS score, r.*, 0 "
               f"FROM (SELECT id, len, tools FROM search_postings WHERE lexeme = %s ORDER BY id DESC LIMIT %s) p "
               f"{look} ORDER BY p.id DESC LIMIT %s")
        return _tuples(cur.execute(sql, [idf, avg, idf, avg, lexeme, want, *scope_args, limit]).fetchall())
    # The two lists (said; tools-only) each walked in score order, then merged: one statement.
    walk = (f"(SELECT p.id, {{score}} AS score, r.*, {{k}} FROM (SELECT id, len FROM search_postings "
            f"WHERE lexeme = %s AND tools = {{tools}} ORDER BY len, id DESC LIMIT %s) p {look} "
            "ORDER BY p.len, p.id DESC LIMIT %s)")
    sql = (f"SELECT * FROM ({walk.format(score=_score(False), tools='false', k=0)} UNION ALL "
           f"{walk.format(score=_score(True), tools='true', k=1)}) AS b ORDER BY 2 DESC, 1 DESC LIMIT %s")
    args = [idf, avg, lexeme, want, *scope_args, limit] * 2 + [limit * 2]
    return _tuples(cur.execute(sql, args).fetchall())


def _tuples(rows: list) -> list[tuple]:
    return [tuple(r.values()) if isinstance(r, dict) else tuple(r) for r in rows]
