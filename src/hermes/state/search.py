"""Plain-language session search: turning what a person types into safe FTS5 queries.

`build_plan` never produces FTS5 syntax from user text: every term is extracted as a word and
double-quoted, operators (AND/OR/NOT/NEAR, `-`, `^`, `:`, parentheses, stray quotes) are just
characters, and a partial match still ranks. Latin-script terms go to the porter-stemmed index
(irregular verb forms are added as variants: porter maps "painted" to "paint" but not "went" to
"go"); CJK text (no spaces between words) goes to the trigram index, with a substring scan for
1-2 character terms the trigram index cannot match. Dates the query names ("in May 2023",
"on 7 July, 2023", "yesterday") become periods the ranking favours. `run_search` reads one row
list per term (filters applied in SQL) and hands them to `ranking` for the conversation-aware
scoring, then builds snippets and context.
"""

from __future__ import annotations

import calendar
import datetime as _dt
import json
import re
import sqlite3
import time
import unicodedata
from dataclasses import dataclass, field

from hermes.core.messages import Message
from hermes.state import ranking

HL_START, HL_END = ">>>", "<<<"  # snippet markers around matched text
MAX_QUERY_CHARS = 2048
MAX_TERMS = 24
CONTEXT_CHARS = 600  # content kept per neighbouring message in a hit's context
CONTENT_WEIGHT, TOOLS_WEIGHT = 1.0, 0.3  # bm25 column weights: words said beat tool arguments
RARE_BUDGET = 10_000  # a word matching more rows is skipped once rarer words found enough
HUGE_MATCH = 30_000  # past this many matching rows, a term is read in its newest rows only
NEWEST = 2_000  # rows read for such a term
TERM_ROWS = 500  # past this many matching rows, a term's best-scoring rows are read
VARIANTS = True  # irregular verb forms
DATES = True  # periods named in the query

_CJK = ("\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f"
        "\U00020000-\U000323af")
_CJK_RUN = re.compile(f"[{_CJK}]+")
_HAS_CJK = re.compile(f"[{_CJK}]")
# A word, possibly joined by -_./:' (gpt-4o, state.db, don't), optionally ending in * (prefix).
_TOKEN = re.compile(r"[^\W_]+(?:[-_./:'’][^\W_]+)*(\*)?")
# Chinese particles that are almost never part of a word: split CJK runs on them.
_CJK_SPLIT = re.compile("[的吗呢吧啊]+")

STOP_WORDS = frozenset("""
a about above after again against all am an and any are aren't as at be because been before being
below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down
during each few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here
here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its
itself let's me more most mustn't my myself near no nor not of off on once only or other ought our
ours ourselves out over own same shan't she she'd she'll she's should shouldn't so some such than
that that's the their theirs them themselves then there there's these they they'd they'll they're
they've this those through to too under until up very was wasn't we we'd we'll we're we've were
weren't what what's when when's where where's which while who who's whom why why's with won't would
wouldn't you you'd you'll you're you've your yours yourself yourselves
tell remember remind recall talked discussed ever find look looking please thanks thank hi hello hey
ok okay yes yeah just really actually maybe something anything stuff thing things know think want
wanted need like get got us let lets also again
""".split())


# Irregular verbs: the forms porter cannot join ("go" / "went" / "gone"). General English.
_IRREGULAR = """
begin began begun|break broke broken|bring brought|build built|buy bought|catch caught|choose chose chosen
come came|draw drew drawn|drink drank drunk|drive drove driven|eat ate eaten|fall fell fallen|feel felt
fight fought|find found|fly flew flown|forget forgot forgotten|give gave given|go went gone|grow grew grown
hear heard|hold held|keep kept|know knew known|lead led|leave left|lend lent|lose lost|make made|mean meant
meet met|pay paid|ride rode ridden|ring rang rung|rise rose risen|run ran|say said|see saw seen|sell sold
send sent|shoot shot|show shown|sing sang sung|sit sat|sleep slept|speak spoke spoken|spend spent
stand stood|steal stole stolen|swim swam swum|take took taken|teach taught|think thought|throw threw thrown
understand understood|wake woke woken|wear wore worn|win won|write wrote written|hang hung|hide hid hidden
dig dug|feed fed|sink sank sunk|spin spun|stick stuck|strike struck|tear tore torn|bite bit bitten
"""
VERB_FORMS: dict[str, tuple[str, ...]] = {}
for _group in _IRREGULAR.replace("\n", "|").split("|"):
    _forms = tuple(_group.split())
    for _f in _forms:
        VERB_FORMS[_f] = _forms

# Dates a query may name. Month names and abbreviations, then day-month-year, month-day-year,
# month-year, ISO dates, a bare month after a preposition, and a few periods relative to now.
_MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
_MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
_MONTHS["sept"] = 9
_MON = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DAY_MONTH_YEAR = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MON})\.?,?\s+(\d{{4}})\b", re.I)
_MONTH_DAY_YEAR = re.compile(rf"\b({_MON})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.I)
_MONTH_YEAR = re.compile(rf"\b({_MON})\.?,?\s+(?:of\s+)?(\d{{4}})\b", re.I)
_ISO_DAY = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_BARE_MONTH = re.compile(rf"\b(?:in|during|since|on|of|last|this)\s+({_MON})\b", re.I)
_RELATIVE = re.compile(r"\b(today|yesterday|(?:last|this|past)\s+(?:week|month))\b", re.I)
DAY = 86400.0


def _day(y: int, m: int, d: int) -> float | None:
    try:
        return _dt.datetime(y, m, d, tzinfo=_dt.timezone.utc).timestamp()
    except ValueError:
        return None


def _month(y: int, m: int) -> tuple[float, float] | None:
    start, end = _day(y, m, 1), _day(y + (m == 12), m % 12 + 1, 1)
    return (start, end) if start is not None and end is not None else None


def parse_periods(text: str, now: float | None = None) -> list[tuple[float, float]]:
    """Time ranges (UTC UNIX seconds, start inclusive, end exclusive) named in `text`."""
    out: list[tuple[float, float]] = []
    for m in _DAY_MONTH_YEAR.finditer(text):
        t = _day(int(m[3]), _MONTHS[m[2].lower()], int(m[1]))
        if t is not None:
            out.append((t, t + DAY))
    for m in _MONTH_DAY_YEAR.finditer(text):
        t = _day(int(m[3]), _MONTHS[m[1].lower()], int(m[2]))
        if t is not None:
            out.append((t, t + DAY))
    for m in _ISO_DAY.finditer(text):
        t = _day(int(m[1]), int(m[2]), int(m[3]))
        if t is not None:
            out.append((t, t + DAY))
    if not out:
        for m in _MONTH_YEAR.finditer(text):
            p = _month(int(m[2]), _MONTHS[m[1].lower()])
            if p:
                out.append(p)
    now = time.time() if now is None else now
    year = _dt.datetime.fromtimestamp(now, _dt.timezone.utc).year
    if not out:
        for m in _BARE_MONTH.finditer(text):
            if m[1].lower() in ("may", "mar", "jan", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "feb", "apr") \
                    and m[1][0].islower():
                continue  # "on may" / "this mar" are not dates unless capitalised
            out += [p for y in range(year - 10, year + 1) if (p := _month(y, _MONTHS[m[1].lower()]))]
    for m in _RELATIVE.finditer(text):
        word = m[1].lower()
        today = now - now % DAY
        if word == "today":
            out.append((today, today + DAY))
        elif word == "yesterday":
            out.append((today - DAY, today))
        elif word.endswith("week"):
            out.append((today - (14 if word.startswith("last") else 7) * DAY, today + DAY))
        else:
            out.append((today - (62 if word.startswith("last") else 31) * DAY, today + DAY))
    return out[:24]


@dataclass(slots=True)
class QueryPlan:
    words: list[str] = field(default_factory=list)       # Latin-script terms (prefix ones end in *)
    cjk: list[str] = field(default_factory=list)         # CJK pieces of 3+ characters
    cjk_short: list[str] = field(default_factory=list)   # CJK pieces of 1-2 characters
    cjk_fallback: list[str] = field(default_factory=list)  # bigrams tried when CJK finds nothing
    variants: dict[str, tuple[str, ...]] = field(default_factory=dict)  # word -> other forms searched
    periods: list[tuple[float, float]] = field(default_factory=list)   # dates the query names

    @property
    def empty(self) -> bool:
        return not (self.words or self.cjk or self.cjk_short)

    def forms(self, word: str) -> list[str]:
        return [word, *(v for v in self.variants.get(word, ()) if v != word)]

    def fts_query(self) -> str | None:
        """The porter-index MATCH expression: an OR of quoted terms (and their variants)."""
        return " OR ".join(_quote(f) for w in self.words for f in self.forms(w)) or None

    def trigram_query(self) -> str | None:
        """The trigram-index MATCH expression: CJK trigrams plus 3+ char words (mixed-script rows)."""
        terms: list[str] = []
        for piece in self.cjk:
            terms += [piece] if len(piece) <= 3 else _ngrams(piece, 3)
        terms += [w.rstrip("*") for w in self.words if len(w.rstrip("*")) >= 3]
        terms = list(dict.fromkeys(terms))[:MAX_TERMS * 2]
        return " OR ".join(_quote(t) for t in terms) or None


def _quote(term: str) -> str:
    """A term as an FTS5 string (a phrase if the tokenizer splits it); a trailing * means prefix."""
    prefix = term.endswith("*")
    body = term.rstrip("*").replace('"', '""')
    return f'"{body}"*' if prefix else f'"{body}"'


def _ngrams(s: str, n: int) -> list[str]:
    return [s[i:i + n] for i in range(len(s) - n + 1)]


def build_plan(query: str, now: float | None = None) -> QueryPlan:
    """Split plain language into search terms; stop words are dropped unless nothing else is left."""
    text = unicodedata.normalize("NFKC", query or "")[:MAX_QUERY_CHARS]
    words: list[str] = []
    stop: list[str] = []
    pieces: list[str] = []
    for m in _TOKEN.finditer(text):
        token = m.group(0).lower()
        star = token.endswith("*")
        token = token.rstrip("*")
        if _HAS_CJK.search(token):
            for run in _CJK_RUN.findall(token):
                split = [p for p in _CJK_SPLIT.split(run) if p]
                # Splitting must not leave single characters ("好的" stays whole).
                pieces += split if split and all(len(p) >= 2 for p in split) else [run]
            # Latin parts glued to CJK ("用python写") become ordinary words.
            token = _CJK_RUN.sub(" ", token)
            for part in token.split():
                (stop if part in STOP_WORDS else words).append(part.strip("-_./:'’"))
            continue
        token = token.replace("’", "'")
        if token.endswith("'s") and len(token) > 3 and not star:
            token = token[:-2]  # possessive: "Nate's" is about Nate
        if token in STOP_WORDS and not star:
            stop.append(token)
            continue
        # A prefix needs a few letters, or it would match half the vocabulary.
        words.append(token + "*" if star and len(token) >= 2 else token)
    words = [w for w in dict.fromkeys(words) if w.strip("*")]
    if not words and not pieces:
        words = [w for w in dict.fromkeys(stop) if w]
    plan = QueryPlan(words=words[:MAX_TERMS])
    if VARIANTS:
        plan.variants = {w: tuple(f for f in VERB_FORMS[w] if f not in STOP_WORDS)
                         for w in plan.words if w in VERB_FORMS}
    if DATES:
        plan.periods = parse_periods(text, now)
    for p in dict.fromkeys(pieces):
        if len(p) >= 3:
            plan.cjk.append(p)
            plan.cjk_fallback += _ngrams(p, 2)
        elif len(p) == 2 or len(pieces) == 1:
            plan.cjk_short.append(p)
    plan.cjk = plan.cjk[:MAX_TERMS]
    plan.cjk_fallback = list(dict.fromkeys(plan.cjk_fallback))[:MAX_TERMS]
    return plan


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
        joins = ""
        if self.rowid_range is not None:
            where.append("f.rowid BETWEEN ? AND ?"); args.extend(self.rowid_range)
        if where:
            joins = " JOIN messages m ON m.id = f.rowid"
            if need_s:
                joins += " JOIN sessions s ON s.id = m.session_id"
        return joins, "".join(f" AND {w}" for w in where), args

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


def _collect(conn: sqlite3.Connection, plan: QueryPlan, flt: Filters, limit: int
             ) -> tuple[list[ranking.Term], dict[int, ranking.RowInfo]]:
    """One row list per query word (its variants merged), plus CJK lists; filters applied in SQL.

    Cost is bounded on a big store: words are read rarest first; once they found enough rows to
    rank, words matching more than RARE_BUDGET rows are skipped (they would mostly add rows that
    rank below);
    a word matching more than TERM_ROWS rows is read in its best-scoring TERM_ROWS (SQLite ranks,
    Python sees only those), one matching more than HUGE_MATCH in its newest NEWEST rows (not
    even ranked). A single session is small: everything in it is read.
    """
    info: dict[int, ranking.RowInfo] = {}
    terms: list[ranking.Term] = []
    weights = f", {CONTENT_WEIGHT}, {TOOLS_WEIGHT}"
    one_session = flt.session_id is not None

    labels: set[str] = set()  # speaker names seen so far

    def take(term: ranking.Term, rows: list[tuple], n: int = 0, total: int = 0) -> None:
        scores = term.scores
        for rid, score, sid, seq, ts, head, asks in rows:
            if n and n <= HUGE_MATCH:
                score = ranking.relength(score, n, total)
            if score > scores.get(rid, 0.0):
                scores[rid] = score
            if rid not in info:
                row = info[rid] = ranking.RowInfo(sid, seq, ts, ranking.speakers(head), asks=asks > 0)
                labels.update(row.speakers)

    if plan.words:
        total = max(ranking.fts_totals(conn), 1)
        groups = [(w, [_quote(f) for f in plan.forms(w)]) for w in plan.words]
        df = {q: _df(conn, q) for _, qs in groups for q in qs}
        groups = sorted((g for g in groups if any(df[q] for q in g[1])), key=lambda g: sum(df[q] for q in g[1]))
        found = 0
        for word, quoted in groups:
            n = sum(df[q] for q in quoted)
            if not one_session and n > RARE_BUDGET and found >= max(limit, ranking.POOL):
                break
            term = ranking.Term(word.rstrip("*"), ranking.idf(min(n, total), total))
            terms.append(term)
            if ranking.NAMES and term.key in labels and any(t.scores and not t.name for t in terms):
                term.name = True  # a speaker named in the query: who said it, not what was said
                continue
            for q in quoted:
                if df[q]:
                    newest = NEWEST if df[q] > HUGE_MATCH and not one_session else None
                    best = TERM_ROWS if df[q] > TERM_ROWS and not one_session else None
                    take(term, _rows(conn, "messages_fts", q, weights, flt, newest, best), df[q], total)
            found += len(term.scores)
    tri = plan.trigram_query()
    cjk_hit = False
    if tri:
        term = ranking.Term("\x00cjk", 1.0)
        take(term, _rows(conn, "messages_cjk", tri, "", flt, best=None if one_session else TERM_ROWS))
        terms.append(term)
        cjk_hit = bool(term.scores)
    short = plan.cjk_short or ([] if cjk_hit else plan.cjk_fallback)
    if short:
        term = ranking.Term("\x00scan", 1.0)
        take(term, _scan(conn, short, flt, max(limit, ranking.POOL)))
        terms.append(term)
    return terms, info


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
    terms, info = _collect(conn, plan, flt, limit)
    if not info:
        return []
    ranked = ranking.rank(conn, terms, info, plan.periods, flt.admits, limit)
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
