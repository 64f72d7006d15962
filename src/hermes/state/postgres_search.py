"""Session search on PostgreSQL: its own full-text ranking plus substring search for CJK text.

The query is split into words by the same plan the SQLite store uses (`hermes.state.query`: stop
words dropped, irregular forms and everyday synonyms as variants, a trailing * as a prefix), so no
user text ever reaches tsquery syntax: each form goes through phraseto_tsquery, which ignores
operators, quotes and punctuation. A turn's score is how many of the query's words it holds, plus
ts_rank_cd of the OR of them all (scaled into 0..1), with words said counting more than tool-call
arguments (weights A and B). CJK text, which the english parser cannot split into words, is
matched by substring (ILIKE, backed by a pg_trgm index where the server has the extension) with
the same trigram / short-term / bigram-fallback terms as SQLite's trigram table.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from hermes.core.messages import Message
from hermes.state.base import SearchHit
from hermes.state.postgres_schema import MESSAGE_COLS
from hermes.state.query import STOP_WORDS, QueryPlan, build_plan, ngrams

HL_START, HL_END = ">>>", "<<<"  # the same markers as the SQLite store's snippets
CONTEXT_CHARS = 600  # content kept per neighbouring message in a hit's context
HEADLINE_CHARS = 20_000  # ts_headline re-parses the text: only a hit's start is searched for a snippet
WORD_ROWS = 5000  # per query word, the newest turns holding it that are ranked
RANK_WEIGHTS = "{0.1, 0.2, 0.3, 1.0}"  # D, C, B (tool names and arguments), A (content)
_HEADLINE_OPTS = f'StartSel="{HL_START}", StopSel="{HL_END}", MaxWords=24, MinWords=10, ShortWord=2, MaxFragments=1'
_WORD_PART = re.compile(r"[^\W_]+")


def _filters(scope: str | None, sources: list[str] | None, roles: list[str] | None, since: float | None,
             until: float | None, session_id: str | None) -> tuple[str, list]:
    """SQL conditions over messages `m` joined to sessions `s`, and their arguments."""
    where, args = [], []
    if scope is not None:
        where.append("s.scope = %s"); args.append(scope)
    if sources:
        where.append("s.source = ANY(%s)"); args.append(list(sources))
    if roles:
        where.append("m.role = ANY(%s)"); args.append(list(roles))
    if since is not None:
        where.append("m.timestamp >= %s"); args.append(since)
    if until is not None:
        where.append("m.timestamp <= %s"); args.append(until)
    if session_id is not None:
        where.append("m.session_id = %s"); args.append(session_id)
    return "".join(f" AND {w}" for w in where), args


def _word_queries(cur: Any, plan: QueryPlan) -> list[str]:
    """One tsquery (as text) per query word, its forms OR-ed; words the english config drops (stop
    words) give none."""
    exprs, args = [], []
    for word in plan.words:
        forms = []
        for form in plan.forms(word):
            if form.endswith("*"):
                parts = _WORD_PART.findall(form)  # letters and digits only: nothing to escape
                if parts:
                    forms.append("to_tsquery('english', %s)")
                    args.append(" <-> ".join(f"'{p}'" for p in parts) + ":*")
            else:
                forms.append("phraseto_tsquery('english', %s)"); args.append(form)
        if forms:
            exprs.append(f"({' || '.join(forms)})::text")
    if not exprs:
        return []
    row = cur.execute(f"SELECT ARRAY[{', '.join(exprs)}] AS qs", args).fetchone()
    return [q for q in row["qs"] if q]


def _fts(cur: Any, queries: list[str], where: str, args: list, limit: int) -> dict[int, float]:
    """Rank the turns holding any query word; a word's candidates are its newest WORD_ROWS turns, so
    a word said everywhere costs a bounded amount and cannot crowd out the turns of a rarer one."""
    everything = " | ".join(f"({q})" for q in queries)
    branch = ("(SELECT m.id FROM messages m JOIN sessions s ON s.id = m.session_id "
              f"WHERE m.search_doc @@ %s::tsquery{where} ORDER BY m.id DESC LIMIT {WORD_ROWS})")
    cand_args = [a for q in queries for a in (q, *args)]
    rows = cur.execute(
        f"WITH cand AS ({' UNION '.join([branch] * len(queries))}) "
        "SELECT m.id, (SELECT count(*) FROM unnest(%s::tsquery[]) AS w(q) WHERE m.search_doc @@ w.q) "
        f"+ ts_rank_cd('{RANK_WEIGHTS}', m.search_doc, %s::tsquery, 32) AS score "
        "FROM cand JOIN messages m ON m.id = cand.id ORDER BY score DESC, m.id DESC LIMIT %s",
        [*cand_args, queries, everything, limit]).fetchall()
    return {r["id"]: float(r["score"]) for r in rows}


def _stop_words(cur: Any, words: list[str], where: str, args: list, limit: int) -> dict[int, float]:
    """A query of nothing but stop words (the index drops them): whole-word regex, newest first."""
    alts = "|".join(re.sub(r"(\W)", r"\\\1", w.rstrip("*")) for w in words if w.rstrip("*"))
    if not alts:
        return {}
    rows = cur.execute("SELECT m.id FROM messages m JOIN sessions s ON s.id = m.session_id "
                       f"WHERE NOT m.summary AND m.content ~* %s{where} ORDER BY m.id DESC LIMIT %s",
                       [rf"\m({alts})\M", *args, limit]).fetchall()
    return {r["id"]: 0.5 for r in rows}


def _like(term: str) -> str:
    return "%" + term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _substring(cur: Any, terms: list[str], where: str, args: list, limit: int) -> dict[int, float]:
    """Rows with CJK text holding any of `terms`; score 1 + the share of the terms held."""
    if not terms:
        return {}
    pats = [_like(t) for t in terms]
    held = " + ".join("(m.content ILIKE %s)::int" for _ in pats)
    rows = cur.execute(
        f"SELECT m.id, 1.0 + ({held})::float / %s AS score FROM messages m JOIN sessions s ON s.id = m.session_id "
        f"WHERE m.has_cjk AND NOT m.summary AND ({' OR '.join('m.content ILIKE %s' for _ in pats)}){where} "
        "ORDER BY score DESC, m.id DESC LIMIT %s",
        [*pats, len(pats), *pats, *args, limit]).fetchall()
    return {r["id"]: float(r["score"]) for r in rows}


def _cjk(cur: Any, plan: QueryPlan, where: str, args: list, limit: int) -> dict[int, float]:
    """The SQLite store's trigram logic: CJK trigrams (and 3+ letter words, for mixed-script rows);
    1-2 character pieces by themselves; bigrams only when the trigrams found nothing."""
    tri: list[str] = []
    for piece in plan.cjk:
        tri += [piece] if len(piece) <= 3 else ngrams(piece, 3)
    tri += [w.rstrip("*") for w in plan.words if len(w.rstrip("*")) >= 3]  # only rows with CJK are read
    found = _substring(cur, list(dict.fromkeys(tri))[:48], where, args, limit)
    short = plan.cjk_short or ([] if found else plan.cjk_fallback)
    for rid, score in _substring(cur, short, where, args, limit).items():
        found[rid] = max(found.get(rid, 0.0), score)
    return found


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
    where, args = _filters(scope, sources, roles, since, until, session_id)
    queries = _word_queries(cur, plan)
    scores: dict[int, float] = {}
    if queries:
        scores = _fts(cur, queries, where, args, limit)
    elif plan.words and all(w.rstrip("*") in STOP_WORDS for w in plan.words):
        scores = _stop_words(cur, plan.words, where, args, limit)  # common words: found among the newest rows
    for rid, score in _cjk(cur, plan, where, args, limit).items():
        scores[rid] = scores.get(rid, 0.0) + score
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1], -kv[0]))[:limit]
    if not ranked:
        return []
    ids = [rid for rid, _ in ranked]
    headline = "NULL"
    hl_args: list = []
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
    terms = plan.cjk_short + plan.cjk_fallback + plan.cjk + [f for w in plan.words for f in plan.forms(w)]
    hits = []
    for rid, score in ranked:
        r = rows.get(rid)
        if r is None:
            continue
        snippet = r["headline"] if r["headline"] and HL_START in r["headline"] else None
        if snippet is None:
            text = r["content"] or _tools_text(r)
            snippet = text_snippet(text, terms)
            if HL_START not in snippet and r["content"] and _tools_text(r):
                snippet = text_snippet(_tools_text(r), terms)
        hits.append(SearchHit(session_id=r["session_id"], message_id=rid, role=r["role"], snippet=snippet,
                              score=round(score, 6), timestamp=r["timestamp"], source=r["source"],
                              title=r["title"], context=neighbours.get(rid, [])))
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

