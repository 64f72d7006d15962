"""Session-search recall on LoCoMo: the raw question text against the imported conversations.

    python bench/bench_locomo.py [--data ../shared/data/locomo_dev.json] [--ablation] [--no-captions]
                                 [--embeddings [--encoder recall|onnx|numpy] [--folds] [--late] [--embed-cache DIR]]
                                 [--json-only] [--misses N]
                                 [--store postgres --dsn postgresql://.../empty_db]

Import: one fresh store in a temp dir; each LoCoMo conversation gets its own memory scope, each of
its sessions one Hermes session (source "import", created at the session's date), each turn one
message written as "Speaker: text" (speaker_a -> user role, speaker_b -> assistant role), timestamps
one minute apart from the session's date. A turn that shares a photo carries the dataset's caption
as "[shares a photo: caption]" (what a chat client records for an attachment); --no-captions drops it.

Queries: every question of categories 1-4, as written, searched with `store.search(question,
scope=<conversation>, limit=10)` (default context=1, as the tool uses). Metrics per question, then
averaged per category and overall:
  recall@k  |evidence ∩ top-k message hits| / |evidence| (evidence = the question's dia_ids that
            exist in the conversation; questions left with none are skipped and counted)
  hit@k     1 if any evidence turn is among the top k
  mrr       1 / rank of the first evidence turn (0 past 10)
Latency: wall time of each store.search call (median, p95), after one warm-up pass.

Both stores rank with the same code (hermes.state.search / .ranking); --store postgres measures the
PostgreSQL store in the empty database --dsn names, ANALYZEd after the import (as autovacuum does
within a minute of a bulk load: the planner needs the table's statistics to use its indexes).

--ablation re-runs the whole question set with each ranking feature switched off in turn (the
features are module-level switches in hermes.state.query, .search and .ranking) and prints
the deltas. --embeddings also measures semantic recall as the product runs it: each message's
`fusion.embed_text` embedded by the product's encoder (--encoder: the recall encoder, trained on these
conversations, so in-sample here; onnx or numpy: the generic all-MiniLM-L6-v2), the encoder's
`fusion.profile` nearest of the scope, and `fusion.fuse` with the LEXICAL_CANDIDATES lexical hits; beside it lexical alone, vectors alone and the
first hybrid rule (embeddings.hybrid_search's) on the same inputs, and the latency of fuse itself and of
search + query embedding + nearest + fuse. --folds adds leave-conversation-out figures: the fusion's
constants tuned on 3 conversations and measured on the others, over every split. --late adds the
fusion with late interaction (`fusion.maxsim` over the encoder's per-token vectors of the question and
of each candidate: the lexical candidates and the 50 nearest), which the product does not run (it has
no stored token vectors); with --folds its weight is tuned with the others. --embed-cache DIR keeps
the vectors (keyed by encoder and text hash) so that reruns take seconds.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "data" / "locomo_dev.json"
CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
KS = (1, 5, 10)


def parse_date(text: str) -> float:
    """LoCoMo's "1:56 pm on 8 May, 2023" as UNIX time (UTC)."""
    d = _dt.datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y")
    return d.replace(tzinfo=_dt.timezone.utc).timestamp()


def evidence_ids(ev: list) -> list[str]:
    out: list[str] = []
    for e in ev or []:
        out += re.findall(r"D\d+:\d+", str(e))  # some entries hold two ids in one string
    return list(dict.fromkeys(out))


def turn_text(turn: dict, captions: bool) -> str:
    text = f"{turn['speaker']}: {turn.get('text', '')}"
    if captions and turn.get("blip_caption"):
        text += f" [shares a photo: {turn['blip_caption']}]"
    return text


def load_realtalk(folder: Path) -> list[dict]:
    """REALTALK's conversations (the `data/Chat_*.json` files of github.com/danny911kr/REALTALK: ten
    21-day chats between real people, memory questions with evidence turns in LoCoMo's layout) as
    LoCoMo samples (categories 1-3 mean what LoCoMo's do: multi-hop, temporal, commonsense). Only
    `Chat_*.json` directly in `folder` is read: that repository's `data/locomo/` holds LoCoMo's own
    conversations, of which only the five development ones may be used here.

    Participants chatted in a persona, and the questions use the persona's name ("Kate"), where a
    turn's speaker field has the participant's ("Emi"): each speaker is renamed to the name the
    conversation's event list uses most for its side."""
    from collections import Counter

    if folder.name.lower() == "locomo":
        raise SystemExit(f"{folder} holds LoCoMo's conversations in REALTALK's layout, not REALTALK's")
    out = []
    for f in sorted(folder.glob("Chat_*.json"), key=lambda f: int(re.sub(r"\D", "", f.name.split("_")[1]))):
        raw = json.loads(f.read_text())
        names = {}
        for key, agent in (("speaker_1", "agent_a"), ("speaker_2", "agent_b")):
            said = Counter(m.group(1) for k, v in raw.items() if k.startswith("events_session_")
                           for e in v.get(agent, []) if (m := re.match(r"([A-Z][a-z]+)\b", e.get("sub-event", ""))))
            names[raw["name"][key]] = said.most_common(1)[0][0] if said else raw["name"][key].split()[0].title()
        conv = {"speaker_a": names[raw["name"]["speaker_1"]], "speaker_b": names[raw["name"]["speaker_2"]]}
        n = 1
        while f"session_{n}" in raw:
            when = raw.get(f"session_{n}_date_time") or raw[f"session_{n}"][0]["date_time"]  # "29.12.2023, 22:42:04"
            conv[f"session_{n}_date_time"] = _dt.datetime.strptime(when, "%d.%m.%Y, %H:%M:%S").strftime(
                "%I:%M %p on %d %B, %Y")
            conv[f"session_{n}"] = [{"speaker": names.get(t["speaker"], t["speaker"]), "dia_id": t["dia_id"],
                                     "text": t.get("clean_text") or t.get("text", "")} for t in raw[f"session_{n}"]]
            n += 1
        out.append({"sample_id": "realtalk-" + f.stem.split("_")[1], "conversation": conv, "qa": raw["qa"]})
    if not out:
        raise SystemExit(f"no REALTALK Chat_*.json files in {folder}")
    return out



@dataclass
class Imported:
    store: object
    dia: dict[str, dict[str, int]] = field(default_factory=dict)  # scope -> dia_id -> message id


def import_all(samples: list[dict], root: Path, captions: bool = True, dsn: str | None = None) -> Imported:
    from hermes.core.messages import Message

    if dsn:  # the PostgreSQL store, in an empty database the caller provides
        from hermes.state.postgres import PostgresStore

        store = PostgresStore(dsn)
    else:
        from hermes.state.sqlite import SQLiteStore

        store = SQLiteStore(root / "state.db")
    out = Imported(store)
    for sample in samples:
        scope, conv = sample["sample_id"], sample["conversation"]
        roles = {conv["speaker_a"]: "user", conv["speaker_b"]: "assistant"}
        out.dia[scope] = {}
        n = 1
        while f"session_{n}" in conv:
            turns = conv[f"session_{n}"]
            start = parse_date(conv[f"session_{n}_date_time"])
            info = store.create_session(source="import", scope=scope, created_at=start,
                                        title=f"{scope} session {n}")
            msgs = []
            for i, t in enumerate(turns):
                m = Message(role=roles.get(t["speaker"], "user"), content=turn_text(t, captions))
                m.timestamp = start + 60 * i
                msgs.append(m)
            ids = store.append_messages(info.id, msgs)
            for t, mid in zip(turns, ids):
                out.dia[scope][t["dia_id"]] = mid
            n += 1
    if dsn:
        analyze(dsn)
    return out


def analyze(dsn: str) -> None:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("ANALYZE sessions")
        conn.execute("ANALYZE messages")


@dataclass
class Result:
    category: int
    recall: dict[int, float]
    hit: dict[int, float]
    rr: float
    ms: float


def run_queries(imp: Imported, samples: list[dict], misses: list | None = None,
                search=None) -> tuple[list[Result], int]:
    """`search(question, scope) -> message ids, best first`; default: store.search, limit 10."""
    search = search or (lambda q, scope: [h.message_id for h in imp.store.search(q, scope=scope, limit=10)])
    results, skipped = [], 0
    for sample in samples:
        scope = sample["sample_id"]
        ids = imp.dia[scope]
        rev = {v: k for k, v in ids.items()}
        for qa in sample["qa"]:
            cat = qa.get("category")
            if cat not in CATEGORY_NAMES:
                continue
            gold = {ids[e] for e in evidence_ids(qa.get("evidence")) if e in ids}
            if not gold:
                skipped += 1
                continue
            t0 = time.perf_counter()
            ranked = list(dict.fromkeys(search(qa["question"], scope)))
            ms = (time.perf_counter() - t0) * 1000
            rank = next((i + 1 for i, mid in enumerate(ranked) if mid in gold), None)
            results.append(Result(
                cat, {k: len(gold & set(ranked[:k])) / len(gold) for k in KS},
                {k: float(bool(gold & set(ranked[:k]))) for k in KS}, 1 / rank if rank else 0.0, ms))
            if misses is not None and not gold & set(ranked[:10]):
                misses.append((scope, cat, qa["question"], sorted(rev[g] for g in gold),
                               [rev[m] for m in ranked[:5]]))
    return results, skipped


def summarize(results: list[Result]) -> dict:
    def agg(rs: list[Result]) -> dict:
        ms = sorted(r.ms for r in rs)
        return {"n": len(rs),
                **{f"recall@{k}": round(statistics.fmean(r.recall[k] for r in rs), 4) for k in KS},
                **{f"hit@{k}": round(statistics.fmean(r.hit[k] for r in rs), 4) for k in KS},
                "mrr": round(statistics.fmean(r.rr for r in rs), 4),
                "ms_median": round(statistics.median(ms), 3),
                "ms_p95": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 3)}

    out = {"overall": agg(results)}
    for cat, name in CATEGORY_NAMES.items():
        rs = [r for r in results if r.category == cat]
        if rs:
            out[f"{cat}-{name}"] = agg(rs)
    return out


def table(summary: dict) -> str:
    cols = ["n", "recall@1", "recall@5", "recall@10", "hit@1", "hit@5", "hit@10", "mrr", "ms_median", "ms_p95"]
    lines = [f"{'':16}" + "".join(f"{c:>10}" for c in cols)]
    for name, row in summary.items():
        lines.append(f"{name:16}" + "".join(f"{row[c]:>10}" for c in cols))
    return "\n".join(lines)


def measure(imp: Imported, samples: list[dict], misses: list | None = None, search=None) -> dict:
    run_queries(imp, samples, search=search)  # warm-up: page cache, statement cache, lazy imports
    results, skipped = run_queries(imp, samples, misses, search=search)
    s = summarize(results)
    s["overall"]["skipped"] = skipped
    return s


# Each ranking feature and the value that switches it off (module, attribute, value).
ABLATION = [
    ("ranking", "NEIGHBOUR_WEIGHTS", {}, "neighbouring turns"),
    ("ranking", "UNMATCHED", False, "replies with no query word as hits"),
    ("ranking", "FILL", False, "such replies also past the last matching turn"),
    ("ranking", "SESSION_WEIGHT", 0.0, "session score"),
    ("ranking", "NAMES", False, "speaker names"),
    ("ranking", "SPEAKER_WEIGHT", 0.0, "speaker boost (names still not content)"),
    ("query", "DATES", False, "dates in the query"),
    ("search", "PERIOD_ROWS", 0, "turns from the named periods as candidates"),
    ("ranking", "LENGTH_B", 0.75, "gentler length normalisation"),
    ("ranking", "QUESTION_SELF", 1.0, "questions weigh less"),
    ("ranking", "QUESTION_REPLY", 0.5, "replies to questions weigh more"),
    ("query", "VARIANTS", False, "irregular verb forms"),
    ("query", "SYNONYMS", False, "everyday synonyms, irregular plurals"),
    ("search", "SPLIT_JOINED", False, "joined words split when not found whole"),
    ("search", "SCOPED_IDF", False, "word weights from the scope searched"),
    ("search", "PAIRS", False, "adjacent query words near each other"),
    ("ranking", "COVERAGE_WEIGHT", 0.0, "share of the query's words around a turn"),
    ("ranking", "OPENER_WEIGHT", 0.0, "a session's first turn"),
    ("query", "ANSWER_TYPES", False, "what the question asks for (a time, a number)"),
]


def ablation(imp: Imported, samples: list[dict], base: dict) -> dict:
    import importlib

    out = {}
    for mod_name, attr, off, label in ABLATION:
        mod = importlib.import_module(f"hermes.state.{mod_name}")
        old = getattr(mod, attr)
        setattr(mod, attr, off)
        try:
            s = measure(imp, samples)["overall"]
        finally:
            setattr(mod, attr, old)
        out[f"without {label}"] = {k: round(s[k] - base["overall"][k], 4) if k != "ms_median" else s[k]
                                   for k in ("recall@1", "recall@5", "recall@10", "hit@10", "mrr", "ms_median")}
    return out


def scope_texts(store, scope: str, encoder: str | None = None) -> tuple[list[int], list[str]]:
    """The scope's user/assistant messages in order and the text `fusion.embed_text` makes of each
    for `encoder` (its name: the recall encoder embeds a turn with the end of the one before)."""
    from hermes.state import fusion

    prof = fusion.profile(encoder)
    rows = store._read(lambda c: c.execute(
        "SELECT m.id, m.session_id, m.role, m.content FROM messages m JOIN sessions s ON s.id = m.session_id "
        "WHERE s.scope = ? AND m.summary = 0 AND m.role IN ('user', 'assistant') AND m.content IS NOT NULL "
        "ORDER BY m.session_id, m.id", (scope,)).fetchall())
    ids, texts, prev_session, prev = [], [], None, None
    for mid, session_id, role, content in rows:
        if session_id != prev_session:
            prev = None
        ids.append(mid)
        texts.append(fusion.embed_text(role, content, prev, prof))
        prev_session, prev = session_id, content
    return ids, texts


def embed_cached(model, texts: list[str], cache_dir: str | None):
    """model.embed(texts), through an on-disk cache keyed by encoder and text hash when asked."""
    import hashlib
    import pickle

    import numpy as np

    if not cache_dir:
        return model.embed(texts)
    path = Path(cache_dir) / f"embed_cache_{getattr(model, 'name', type(model).__name__)}_{model.dim}.pkl"
    cache = pickle.loads(path.read_bytes()) if path.exists() else {}
    keys = [hashlib.sha1(t.encode()).hexdigest() for t in texts]
    todo = list(dict.fromkeys(k for k in keys if k not in cache))
    if todo:
        first = {k: t for k, t in zip(keys, texts)}
        for k, v in zip(todo, model.embed([first[k] for k in todo])):
            cache[k] = v
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(cache))
    return np.stack([cache[k] for k in keys]) if keys else np.zeros((0, model.dim), dtype=np.float32)


@dataclass
class Candidates:
    """What the fusion sees for one question: lexical hits and the scope's cosine to every message."""
    lexical: list[tuple[int, float]]
    ids: object  # numpy array of message ids
    sims: object  # numpy array of cosines, same order
    query_ms: float  # lexical search + query embedding + nearest search
    late: dict | None = None  # message id -> fusion.maxsim with the question (--late)


def gather(imp: Imported, samples: list[dict], model, cache_dir: str | None) -> tuple[dict, dict, float]:
    """Per question text and scope: the fusion's inputs (one pass; the rules are then applied offline)."""
    import numpy as np

    from hermes.state import fusion

    t0 = time.perf_counter()
    mats = {}
    for sample in samples:
        ids, texts = scope_texts(imp.store, sample["sample_id"], getattr(model, "name", None))
        mats[sample["sample_id"]] = (np.array(ids), embed_cached(model, texts, cache_dir))
    embed_s = time.perf_counter() - t0
    qtexts = [(qa["question"], s["sample_id"]) for s in samples for qa in s["qa"]
              if qa.get("category") in CATEGORY_NAMES]
    qvecs = embed_cached(model, [q for q, _ in qtexts], cache_dir)  # end-to-end latency is timed in hybrid()
    out = {}
    for (q, scope), qv in zip(qtexts, qvecs):
        t1 = time.perf_counter()
        lex = [(h.message_id, h.score) for h in
               imp.store.search(q, scope=scope, limit=fusion.LEXICAL_CANDIDATES, context=0)]
        ids, mat = mats[scope]
        out[(q, scope)] = Candidates(lex, ids, mat @ qv, (time.perf_counter() - t1) * 1000)
    return out, mats, embed_s


def tokens_cached(enc, texts: list[str], drop: frozenset, cache_dir: str | None) -> list:
    """enc.embed_tokens(texts, drop), through an on-disk cache (float16) like embed_cached's."""
    import hashlib
    import pickle

    import numpy as np

    if not cache_dir:
        return enc.embed_tokens(texts, drop)
    path = Path(cache_dir) / f"token_cache_{enc.name}.pkl"
    cache = pickle.loads(path.read_bytes()) if path.exists() else {}
    keys = [hashlib.sha1((("q\0" if drop else "d\0") + t).encode()).hexdigest() for t in texts]
    todo = list(dict.fromkeys(k for k in keys if k not in cache))
    if todo:
        first = {k: t for k, t in zip(keys, texts)}
        for k, v in zip(todo, enc.embed_tokens([first[k] for k in todo], drop)):
            cache[k] = v.astype(np.float16)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(cache))
    return [cache[k].astype(np.float32) for k in keys]


def add_late(imp: Imported, samples: list[dict], cands: dict, cache_dir: str | None) -> str | None:
    """Fill each question's Candidates.late: maxsim over its lexical candidates and 50 nearest."""
    from hermes.state import encoders, fusion
    from hermes.state.query import STOP_WORDS

    enc = encoders.load_encoder()
    if enc is None or not hasattr(enc, "embed_tokens"):
        return "no encoder with token vectors"
    toks = {}
    for sample in samples:
        ids, texts = scope_texts(imp.store, sample["sample_id"], enc.name)
        toks.update(zip(ids, tokens_cached(enc, texts, frozenset(), cache_dir)))
    keys = list(cands)
    qtoks = tokens_cached(enc, [q for q, _ in keys], frozenset(STOP_WORDS), cache_dir)
    for key, qt in zip(keys, qtoks):
        c = cands[key]
        pool = dict.fromkeys([m for m, _ in c.lexical] + [m for m, _ in nearest(c, 50)])
        c.late = {m: fusion.maxsim(qt, toks[m]) for m in pool if m in toks}
    return enc.name


def nearest(c: Candidates, k: int) -> list[tuple[int, float]]:
    import numpy as np

    k = min(k, len(c.sims))
    if k <= 0:
        return []
    part = np.argpartition(-c.sims, k - 1)[:k]
    part = part[np.argsort(-c.sims[part], kind="stable")]
    return [(int(c.ids[i]), float(c.sims[i])) for i in part]


def product_dense(c: Candidates, prof) -> list[tuple[int, float]]:
    """The vector list semantic.py hands to fuse (`fusion.dense_list`), from one question's inputs."""
    from hermes.state import fusion

    row = {int(m): i for i, m in enumerate(c.ids)}
    lexical = [m for m, _ in c.lexical[:fusion.LEXICAL_CANDIDATES]]
    return fusion.dense_list(nearest(c, prof.dense_candidates),
                             {m: float(c.sims[row[m]]) for m in lexical if m in row}, prof)


def old_hybrid_rule(c: Candidates, limit: int = 10) -> list[int]:
    """embeddings.hybrid_search's rule, on the same inputs (for comparison)."""
    from hermes.state import embeddings as E

    lex = c.lexical[:E.CANDIDATES]
    top = max((s for _, s in lex), default=1.0) or 1.0
    score = {m: s / top for m, s in lex}
    for m, _ in nearest(c, E.DENSE_EXTRA):
        score.setdefault(m, 0.0)
    row = {int(m): i for i, m in enumerate(c.ids)}
    fused = {m: s + E.DENSE_WEIGHT * max(0.0, float(c.sims[row[m]]) - E.DENSE_FLOOR) if m in row else s
             for m, s in score.items()}
    return sorted(fused, key=lambda m: -fused[m])[:limit]


def fusion_rule(c: Candidates, question: str, limit: int = 10, profile=None, **params) -> list[int]:
    """The product path: fusion.fuse over LEXICAL_CANDIDATES lexical hits and the profile's nearest
    vectors (`dense_candidates` overrides how many)."""
    import dataclasses

    from hermes.state import fusion

    prof = profile or fusion.GENERIC
    if "dense_candidates" in params:
        prof = dataclasses.replace(prof, dense_candidates=params.pop("dense_candidates"))
    if "late_weight" in params:
        params["late"] = c.late
    return fusion.fuse(c.lexical, nearest(c, prof.dense_candidates), limit, question, profile=prof, **params)


def hybrid(imp: Imported, samples: list[dict], folds: bool = False, cache_dir: str | None = None,
           late: bool = False, encoder: str = "auto", in_sample: bool = True) -> dict:
    """Semantic recall as the product runs it (hermes.state.fusion), against lexical, vectors alone and
    the first hybrid rule; with `folds`, the fusion's constants tuned on 3 conversations, measured on 2."""
    from hermes.state import encoders, fusion

    model = encoders.load_encoder(name=encoder)
    if model is None:
        return {"error": f"no local embedding model ({encoders.INSTALL_HINT})"}
    prof = fusion.profile(model.name)
    cands, mats, embed_s = gather(imp, samples, model, cache_dir)
    fuse_ms: list[float] = []

    def product(q: str, scope: str) -> list[int]:
        c = cands[(q, scope)]
        dense = product_dense(c, prof)
        t0 = time.perf_counter()
        out = fusion.fuse(c.lexical, dense, 10, q, profile=prof)
        fuse_ms.append((time.perf_counter() - t0) * 1000)
        return out

    # Latency: the product path, end to end, on a sample of questions (query embedding included).
    t_ms = []
    for q, scope in list(cands)[:: max(1, len(cands) // 50)]:
        t0 = time.perf_counter()
        lex = [(h.message_id, h.score) for h in
               imp.store.search(q, scope=scope, limit=fusion.LEXICAL_CANDIDATES, context=0)]
        ids, mat = mats[scope]
        dense = nearest(Candidates(lex, ids, mat @ model.embed([q])[0], 0.0), prof.dense_candidates)
        fusion.fuse(lex, dense, 10, q, profile=prof)
        t_ms.append((time.perf_counter() - t0) * 1000)
    rules = {
        "lexical (store.search, limit 10)": None,
        "vectors alone": lambda q, scope: [m for m, _ in nearest(cands[(q, scope)], 10)],
        "old hybrid (embeddings.hybrid_search rule)": lambda q, scope: old_hybrid_rule(cands[(q, scope)]),
        "fusion (hermes.state.fusion)": product,
    }
    late_encoder = add_late(imp, samples, cands, cache_dir) if late else None
    if late and all(c.late is not None for c in cands.values()):
        rules[f"fusion + late interaction (LATE_WEIGHT {fusion.LATE_WEIGHT})"] = \
            lambda q, scope: fusion_rule(cands[(q, scope)], q, profile=prof, late_weight=fusion.LATE_WEIGHT)
    out: dict = {"encoder": model.name, "embed_all_s": round(embed_s, 1),
                 "constants": {"LEXICAL_CANDIDATES": fusion.LEXICAL_CANDIDATES, **vars(prof)}}
    if model.name == fusion.RECALL_ENCODER and in_sample:
        out["note"] = ("the recall encoder was trained on these conversations: these figures are in-sample; "
                       "held-out ones come from tools/train_recall_encoder.py --folds")
        print(out["note"], file=sys.stderr)
    if late:
        out["late_encoder"] = late_encoder
    for name, search in rules.items():
        results, _ = run_queries(imp, samples, search=search)
        out[name] = summarize(results)
        print(f"{name}:", file=sys.stderr)
        print(table(out[name]), file=sys.stderr)
    fuse_ms.sort()
    t_ms.sort()
    out["latency_ms"] = {"fuse_median": round(statistics.median(fuse_ms), 3),
                         "fuse_p95": round(fuse_ms[int(0.95 * (len(fuse_ms) - 1))], 3),
                         "search_embed_fuse_median": round(statistics.median(t_ms), 1)}
    print("latency (ms):", out["latency_ms"], file=sys.stderr)
    if folds:
        out["folds"] = leave_conversations_out(imp, samples, cands, late=late and late_encoder is not None
                                               and all(c.late is not None for c in cands.values()), profile=prof)
    return out


# The constants fusion.py tunes (DENSE_WEIGHT, RESERVED) at its DENSE_CANDIDATES; a wider grid
# (weights to 0.5, 10-50 nearest vectors) only chose worse on the held-out conversations.
FOLD_GRID = [{"dense_weight": w, "reserved": r, "dense_candidates": 10}
             for w in (0.0, 0.05, 0.2) for r in (0, 1, 2, 3)]


# With --late: the late weight beside the vector part; 50 nearest vectors as candidates measured better
# with it than without (the late score, not the cosine, then decides which of them get in).
LATE_GRID = [{"dense_weight": w, "reserved": r, "dense_candidates": k, "late_weight": lw}
             for w in (0.0, 0.05) for r in (0, 1) for k in (10, 50) for lw in (0.0, 0.1, 0.2, 0.3)]


def leave_conversations_out(imp: Imported, samples: list[dict], cands: dict, train_n: int = 3,
                            late: bool = False, profile=None) -> dict:
    """Tune the fusion's constants on `train_n` conversations, measure on the others, every split;
    the held-out questions of all splits pooled (each conversation is held out in several splits)."""
    import itertools

    scopes = [s["sample_id"] for s in samples]
    if len(scopes) <= train_n:
        return {"error": f"needs more than {train_n} conversations"}
    grid = LATE_GRID if late else FOLD_GRID
    per: dict[int, dict[str, list[Result]]] = {}
    for gi, params in enumerate(grid):
        per[gi] = {}
        for sample in samples:
            rs, _ = run_queries(imp, [sample], search=lambda q, scope, p=params:
                                fusion_rule(cands[(q, scope)], q, profile=profile, **dict(p)))
            per[gi][sample["sample_id"]] = rs
    lex = {s["sample_id"]: run_queries(imp, [s])[0] for s in samples}
    held, held_lex, chosen = [], [], []
    for train in itertools.combinations(scopes, train_n):
        best = max(range(len(grid)), key=lambda gi: statistics.fmean(
            r.recall[10] for s in train for r in per[gi][s]))
        chosen.append(grid[best])
        for s in scopes:
            if s not in train:
                held += per[best][s]
                held_lex += lex[s]
    out = {"splits": len(chosen), "chosen": chosen, "fusion": summarize(held), "lexical": summarize(held_lex),
           "grid_all": {f"w={p['dense_weight']} reserved={p['reserved']} k={p['dense_candidates']}"
                        + (f" late={p['late_weight']}" if late else ""):
                        round(statistics.fmean(r.recall[10] for s in scopes for r in per[gi][s]), 4)
                        for gi, p in enumerate(grid)}}
    print(f"leave-conversations-out (tune on {train_n}, measure on the rest, {len(chosen)} splits):",
          file=sys.stderr)
    print("lexical, held-out:\n" + table(out["lexical"]), file=sys.stderr)
    print(f"fusion{' + late interaction' if late else ''} tuned on the others, held-out:\n" + table(out["fusion"]),
          file=sys.stderr)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(DEFAULT_DATA))
    ap.add_argument("--realtalk", type=Path, metavar="DIR",
                    help="measure on REALTALK instead (its data folder, the Chat_*.json files of "
                         "github.com/danny911kr/REALTALK): ten real 21-day chats no ranking here was tuned on")
    ap.add_argument("--ablation", action="store_true")
    ap.add_argument("--no-captions", action="store_true")
    ap.add_argument("--embeddings", action="store_true", help="also measure semantic recall (hermes.state.fusion)")
    ap.add_argument("--folds", action="store_true", help="with --embeddings: leave-conversation-out figures")
    ap.add_argument("--late", action="store_true", help="with --embeddings: also fusion with late interaction")
    ap.add_argument("--embed-cache", help="directory caching embeddings by encoder and text hash")
    ap.add_argument("--encoder", default="auto", choices=("auto", "recall", "onnx", "numpy"),
                    help="with --embeddings: the encoder (default: the product's choice, the recall encoder "
                         "when installed; onnx/numpy: the generic MiniLM)")
    ap.add_argument("--json-only", action="store_true")
    ap.add_argument("--misses", type=int, default=0, help="print this many questions with no evidence in top 10")
    ap.add_argument("--store", choices=("sqlite", "postgres"), help="default: postgres with --dsn, else sqlite")
    ap.add_argument("--dsn", help="the (empty) PostgreSQL database to measure the PostgreSQL store in")
    args = ap.parse_args()
    if (args.store == "postgres") != bool(args.dsn) and args.store is not None:
        ap.error("--store postgres needs --dsn (an empty database); --dsn is for --store postgres")
    if args.dsn and args.embeddings:
        ap.error("--embeddings reads the SQLite store's tables; not with --store postgres")
    samples = load_realtalk(args.realtalk) if args.realtalk else json.loads(Path(args.data).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        imp = import_all(samples, Path(tmp), captions=not args.no_captions, dsn=args.dsn)
        import_s = time.perf_counter() - t0
        misses: list = []
        summary = measure(imp, samples, misses)
        report = {"data": args.data, "store": "postgres" if args.dsn else "sqlite",
                  "captions": not args.no_captions, "import_s": round(import_s, 2),
                  "messages": sum(len(v) for v in imp.dia.values()), "results": summary}
        if args.ablation:
            report["ablation"] = ablation(imp, samples, summary)
        if args.embeddings:
            report["hybrid"] = hybrid(imp, samples, folds=args.folds, cache_dir=args.embed_cache, late=args.late,
                                      encoder=args.encoder, in_sample=not args.realtalk)
        imp.store.close()
    print(json.dumps(report, indent=1))
    if not args.json_only:
        print(table(summary), file=sys.stderr)
        for name, row in report.get("ablation", {}).items():
            print(f"{name:58} " + " ".join(f"{k}={v:+.4f}" if not k.startswith("ms") else f"{k}={v}"
                                           for k, v in row.items()), file=sys.stderr)
        for m in misses[:args.misses]:
            print("MISS", *m, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
