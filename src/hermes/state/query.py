"""Plain language to a query plan: the words to search, their other forms, the dates named.

`build_plan` never produces FTS5 syntax from user text: every term is extracted as a word and
double-quoted, operators (AND/OR/NOT/NEAR, `-`, `^`, `:`, parentheses, stray quotes) are just
characters. Latin-script terms go to the porter-stemmed index, with the forms porter cannot join
searched as variants of the same term: irregular verbs and plurals ("went" for "go", "feet" for
"foot") and a short list of everyday synonyms ("film" for "movie", "children" for "kids"). CJK
text (no spaces between words) goes to the trigram index, with a substring scan for 1-2 character
terms. Dates the query names ("in May 2023", "on 7 July, 2023", "yesterday") become periods the
ranking favours, and a question's opening words say what its answer holds ("When ..." a time,
"How many ..." a number).
"""

from __future__ import annotations

import calendar
import datetime as _dt
import re
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise

MAX_QUERY_CHARS = 2048
MAX_TERMS = 24
VARIANTS = True  # irregular verb forms
SYNONYMS = True  # everyday synonyms and irregular plurals
DATES = True  # periods named in the query
ANSWER_TYPES = True  # "When ..." wants a time, "How many ..." a number

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


# Everyday synonyms (each group searched as one term) and irregular plurals porter leaves apart.
# Words with a technical sense of their own (error, fix, class, store, job, select...) are left
# out: in a conversation about code they mean just that.
_SYNONYMS = """
kid child children|mom mother mum|dad father|grandma grandmother|grandpa grandfather
photo picture pic photograph|movie film|car vehicle|recently lately|friend buddy pal
dog puppy pup|cat kitten kitty|gift present|trip journey vacation|buy purchase
happy glad|big large huge|small little tiny|relax destress unwind
exercise workout|sad upset unhappy|scared afraid frightened|tired exhausted
town city|song tune|concert gig|talk chat speak|hobby pastime|career occupation profession
husband spouse partner|wife spouse partner|teacher instructor|student pupil|doctor physician|sick ill
book novel|food meal dish|drink beverage|prize award|smart clever intelligent|funny hilarious
beautiful gorgeous pretty lovely stunning|awesome amazing great fantastic|terrible awful horrible
person people|man men|woman women|foot feet|tooth teeth|mouse mice|life lives|wife wives|knife knives
"""
RELATED: dict[str, tuple[str, ...]] = {}
for _group in _SYNONYMS.replace("\n", "|").split("|"):
    _forms = tuple(_group.split())
    for _f in _forms:
        RELATED[_f] = tuple(dict.fromkeys((*RELATED.get(_f, ()), *_forms)))


def _related(word: str) -> tuple[str, ...]:
    """Synonyms of a word, looked up as written or singular (regular plurals: porter joins those)."""
    for w in (word, word[:-1] if word.endswith("s") else "", word[:-3] + "y" if word.endswith("ies") else ""):
        if w and w in RELATED:
            return RELATED[w]
    return ()


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


# What the answer to a question holds, by its opening words: a time for "When ...", a number for
# "How many ...". Checked on every pooled turn, so with str methods and sets: a regex of
# alternatives is several times slower.
_PUNCT = "\"'.,!?;:()[]{}<>/-–—…*_“”‘’"
_TIME_WORDS = frozenset("yesterday today tonight tomorrow ago since recently lately weekend monday tuesday "
                        "wednesday thursday friday saturday sunday".split())
_TIME_UNITS = frozenset("week month year night morning afternoon evening weekend time".split())
_MONTH_NAMES = frozenset(m for m in calendar.month_name if m)  # capitalised only: "may" is a verb
_NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten eleven twelve twenty hundred "
                          "thousand dozen couple few several once twice".split())
_ASKS_TIME = re.compile(r"\s*(?:when|what (?:time|date|day|year|month)|how long ago)\b", re.I)
_ASKS_NUMBER = re.compile(r"\s*how (?:many|much|often|long|old)\b", re.I)


def _words(text: str) -> list[str]:
    return [w.strip(_PUNCT) for w in text.split()]


def holds_time(text: str) -> bool:
    """Names a time: "yesterday", "last week", "Friday", "in May", "2023"."""
    words = _words(text)
    if not _MONTH_NAMES.isdisjoint(words):
        return True
    low = [w.lower() for w in words]
    if not _TIME_WORDS.isdisjoint(low) or any(len(w) == 4 and w[:2] in ("19", "20") and w.isdigit() for w in low):
        return True
    return any(b in _TIME_UNITS and a in ("last", "next", "this", "that") for a, b in pairwise(low))


def holds_number(text: str) -> bool:
    words = _words(text)
    return any(w.isdigit() for w in words) or not _NUMBER_WORDS.isdisjoint([w.lower() for w in words])


def answer_type(question: str) -> Callable[[str], bool] | None:
    """A test the text of an answer to `question` likely passes, or None."""
    if _ASKS_TIME.match(question):
        return holds_time
    if _ASKS_NUMBER.match(question):
        return holds_number
    return None


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
    wants: Callable[[str], bool] | None = None  # does a text hold what the answer would (answer_type)

    @property
    def empty(self) -> bool:
        return not (self.words or self.cjk or self.cjk_short)

    def forms(self, word: str) -> list[str]:
        return [word, *(v for v in self.variants.get(word, ()) if v != word)]

    def fts_query(self) -> str | None:
        """The porter-index MATCH expression: an OR of quoted terms (and their variants)."""
        return " OR ".join(quote(f) for w in self.words for f in self.forms(w)) or None

    def trigram_query(self) -> str | None:
        """The trigram-index MATCH expression: CJK trigrams plus 3+ char words (mixed-script rows)."""
        terms: list[str] = []
        for piece in self.cjk:
            terms += [piece] if len(piece) <= 3 else ngrams(piece, 3)
        terms += [w.rstrip("*") for w in self.words if len(w.rstrip("*")) >= 3]
        terms = list(dict.fromkeys(terms))[:MAX_TERMS * 2]
        return " OR ".join(quote(t) for t in terms) or None


def quote(term: str) -> str:
    """A term as an FTS5 string (a phrase if the tokenizer splits it); a trailing * means prefix."""
    prefix = term.endswith("*")
    body = term.rstrip("*").replace('"', '""')
    return f'"{body}"*' if prefix else f'"{body}"'


def ngrams(s: str, n: int) -> list[str]:
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
    for w in plan.words:
        forms = (VERB_FORMS.get(w, ()) if VARIANTS else ()) + (_related(w) if SYNONYMS else ())
        forms = tuple(f for f in dict.fromkeys(forms) if f != w and f not in STOP_WORDS)
        if forms:
            plan.variants[w] = forms
    if DATES:
        plan.periods = parse_periods(text, now)
    if ANSWER_TYPES:
        plan.wants = answer_type(text)
    for p in dict.fromkeys(pieces):
        if len(p) >= 3:
            plan.cjk.append(p)
            plan.cjk_fallback += ngrams(p, 2)
        elif len(p) == 2 or len(pieces) == 1:
            plan.cjk_short.append(p)
    plan.cjk = plan.cjk[:MAX_TERMS]
    plan.cjk_fallback = list(dict.fromkeys(plan.cjk_fallback))[:MAX_TERMS]
    return plan
