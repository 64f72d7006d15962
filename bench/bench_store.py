"""Session-store benchmark: `hermes sessions list` and plain-language search on a large state.db.

Builds once (cached in bench/out/, gitignored) a store of 10,000 sessions / 1,000,000 messages of
synthetic English (words drawn with their real frequencies from Python's bundled documentation
text), then measures in process:
  list_cli     `hermes sessions list` via the typer app: fresh runtime, open the store, query, render
  list_store   store.list_sessions(limit=20) on an open store
  search       store.search(q) over ~50 plain-language queries (median and p90): unfiltered, in
               the owner scope (most sessions) and in the smallest other scope
  list_process `python -m hermes.cli.sessions list` as a whole process (for reference)
and prints the medians as JSON, plus the query plans that show the indexes in use.

    python bench/bench_store.py [--sessions N] [--per-session M] [--rebuild]
                                [--store postgres --dsn postgresql://.../db]

With --store postgres the same corpus is loaded (COPY, search indexes and postings built after the
load, then VACUUM ANALYZE as autovacuum would) into the database --dsn names, reused while it holds
the same number of messages, and the store-level measures (list_store, search) are taken on
PostgresStore, each search also in CPU seconds (client + server process, when the server is
local): on a shared machine wall time also counts the wait for a core. The load average is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

OUT = Path(__file__).resolve().parent / "out"
SEED = 20261122


def vocabulary() -> tuple[list[str], list[float]]:
    """Words and cumulative weights from real English prose: the stdlib's docstrings and pydoc topics.

    Computed once and cached, so the corpus and the queries are the same on every run.
    """
    cache = OUT / "vocab.json"
    if cache.exists():
        words, counts = json.loads(cache.read_text())
    else:
        import ast
        import sysconfig

        from pydoc_data.topics import topics

        texts = list(topics.values())
        root = Path(sysconfig.get_paths()["stdlib"])
        for p in sorted(root.rglob("*.py")):
            if {"site-packages", "test", "tests"} & set(p.parts):
                continue
            try:
                tree = ast.parse(p.read_text(encoding="utf-8", errors="replace"))
            except (SyntaxError, ValueError):
                continue
            for node in ast.walk(tree):
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                    texts.append(ast.get_docstring(node) or "")
        c = Counter(w for t in texts for w in re.findall(r"[a-z]{2,14}", t.lower()))
        pairs = [(w, n) for w, n in sorted(c.items(), key=lambda x: (-x[1], x[0])) if n >= 2]
        words, counts = [w for w, _ in pairs], [n for _, n in pairs]
        OUT.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps([words, counts]))
    cum, total = [], 0.0
    for n in counts:
        total += n
        cum.append(total)
    return words, cum


def corpus(sessions: int, per_session: int, batch: int = 200):
    """Batches of (session rows, message rows) of the synthetic store, the same on every run."""
    from hermes.state.sqlite import new_session_id

    words, cum = vocabulary()
    rng = random.Random(SEED)
    sources = ["cli"] * 6 + ["telegram"] * 2 + ["api", "cron"]
    now = time.time()
    for start in range(0, sessions, batch):
        srows, mrows = [], []
        for i in range(start, min(sessions, start + batch)):
            created = now - rng.uniform(0, 365 * 86400)
            src = rng.choice(sources)
            scope = "owner" if src in ("cli", "cron") else f"{src}:{rng.randrange(50)}"
            sid = new_session_id(created)[:-6] + f"{i:06x}"
            ts = created
            tokens_in = tokens_out = 0
            for k in range(per_session):
                role = "user" if k % 2 == 0 else "assistant"
                n = rng.randint(6, 30) if role == "user" else rng.randint(15, 90)
                text = " ".join(rng.choices(words, cum_weights=cum, k=n)).capitalize() + "."
                ts += rng.uniform(5, 120)
                tok = len(text) // 4
                tokens_in += tok if role == "user" else 0
                tokens_out += tok if role == "assistant" else 0
                mrows.append((sid, float(k + 1), role, text, tok, ts))
            title = " ".join(rng.choices(words[:3000], k=rng.randint(2, 5))).capitalize()
            srows.append((sid, src, scope, title, "bench-model", created, ts, per_session, tokens_in,
                          tokens_out, round((tokens_in + tokens_out) * 2e-6, 6)))
        yield min(sessions, start + batch), srows, mrows


def build(db: Path, sessions: int, per_session: int) -> None:
    from hermes.state.sqlite import SQLiteStore

    SQLiteStore(db).close()  # schema via the real migrations
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("PRAGMA cache_size = -200000")
    t0 = time.monotonic()
    for done, srows, mrows in corpus(sessions, per_session):
        conn.execute("BEGIN")
        conn.executemany("INSERT INTO sessions (id, source, scope, title, model, created_at, updated_at, "
                         "message_count, input_tokens, output_tokens, cost_usd) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                         srows)
        conn.executemany("INSERT INTO messages (session_id, seq, role, content, tokens, timestamp) "
                         "VALUES (?,?,?,?,?,?)", mrows)
        conn.execute("COMMIT")
        el = time.monotonic() - t0
        print(f"  built {done:,}/{sessions:,} sessions ({done * per_session:,} messages) in {el:.0f} s",
              file=sys.stderr, flush=True)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("ANALYZE")
    conn.close()


def build_pg(dsn: str, sessions: int, per_session: int, rebuild: bool) -> None:
    """The same corpus in PostgreSQL: COPY into the real (logged) tables, the search indexes built
    once after the load (the GIN index; the postings with the migration's own backfill and index
    statements, their per-statement trigger paused meanwhile), then VACUUM ANALYZE as autovacuum
    would."""
    import psycopg

    from hermes.state.postgres import PostgresStore
    from hermes.state.postgres_schema import BACKFILL_POSTINGS, GIN_PENDING_KB, POSTINGS_INDEXES

    PostgresStore(dsn).close()  # schema via the real migrations
    with psycopg.connect(dsn, autocommit=True) as conn:
        have = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
        if have == sessions * per_session and not rebuild:
            return
        print(f"building {sessions:,} sessions x {per_session} messages in PostgreSQL ...", file=sys.stderr)
        conn.execute("TRUNCATE messages, sessions")  # the postings go with them (trigger)
        conn.execute("DROP INDEX IF EXISTS idx_messages_search")
        conn.execute("ALTER TABLE search_postings DROP CONSTRAINT IF EXISTS search_postings_pkey")
        conn.execute("DROP INDEX IF EXISTS idx_postings_best")
        conn.execute("ALTER TABLE messages DISABLE TRIGGER messages_postings_add")
        t0 = time.monotonic()
        try:
            for done, srows, mrows in corpus(sessions, per_session, batch=500):
                with conn.transaction(), conn.cursor() as cur:
                    with cur.copy("COPY sessions (id, source, scope, title, model, created_at, updated_at, "
                                  "message_count, input_tokens, output_tokens, cost_usd) FROM STDIN") as cp:
                        for r in srows:
                            cp.write_row(r)
                    with cur.copy("COPY messages (session_id, seq, role, content, tokens, timestamp) "
                                  "FROM STDIN") as cp:
                        for r in mrows:
                            cp.write_row(r)
                print(f"  loaded {done * per_session:,} messages in {time.monotonic() - t0:.0f} s",
                      file=sys.stderr, flush=True)
            conn.execute("SET maintenance_work_mem = '256MB'")
            # as the migrations make it
            conn.execute("CREATE INDEX idx_messages_search ON messages USING gin (search_doc) "
                         f"WITH (gin_pending_list_limit = {GIN_PENDING_KB})")
            conn.execute(BACKFILL_POSTINGS)
            for sql in POSTINGS_INDEXES:
                conn.execute(sql)
        finally:
            conn.execute("ALTER TABLE messages ENABLE TRIGGER messages_postings_add")
        for table in ("sessions", "messages", "search_postings"):
            conn.execute(f"VACUUM ANALYZE {table}")
        print(f"built in {time.monotonic() - t0:.0f} s", file=sys.stderr)


def backend_cpu(store) -> float | None:
    """CPU seconds the store's server processes have used (a local server whose /proc is
    readable), else None. On a shared machine wall time mostly measures the queue for a core;
    client + server CPU per query is what the search itself costs."""
    pids = store._read(lambda c: [r["pid"] for r in c.execute(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database()").fetchall()])
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def main_pg(args) -> None:
    from hermes.state.postgres import PostgresStore

    build_pg(args.dsn, args.sessions, args.per_session, args.rebuild)
    store = PostgresStore(args.dsn, pool_size=1)  # one server process: its CPU is the search's
    list_store_t = timed(lambda: store.list_sessions(limit=20), 20)
    qs = queries()
    for q in qs[:5]:
        store.search(q)  # warm-up

    def over_queries(**kw) -> tuple[list[float], list[float]]:
        wall, cpu = [], []
        for q in qs:
            b0, c0, t0 = backend_cpu(store), time.process_time(), time.perf_counter()
            store.search(q, limit=20, **kw)
            t1, c1, b1 = time.perf_counter(), time.process_time(), backend_cpu(store)
            wall.append(t1 - t0)
            if b0 is not None and b1 is not None:
                cpu.append(c1 - c0 + b1 - b0)
        return sorted(wall), cpu

    narrow = store._read(lambda c: c.execute("SELECT scope FROM sessions WHERE scope <> 'owner' GROUP BY scope "
                                             "ORDER BY COUNT(*) LIMIT 1").fetchone())
    out = {"store": "postgres", "sessions": args.sessions}
    out["messages"] = store._read(lambda c: c.execute("SELECT count(*) AS n FROM messages").fetchone())["n"]
    out["list_store_median_s"] = round(statistics.median(list_store_t), 5)
    p90 = lambda t: round(t[int(len(t) * 0.9) - 1], 4)  # noqa: E731
    for name, kw in (("search", {}), ("search_owner_scope", {"scope": "owner"}),
                     ("search_narrow_scope", {"scope": narrow["scope"]} if narrow else None)):
        if kw is None:
            continue
        wall, cpu = over_queries(**kw)
        out[f"{name}_median_s"], out[f"{name}_p90_s"] = round(statistics.median(wall), 4), p90(wall)
        if cpu:  # /proc counts in clock ticks (10 ms): the mean over the queries is the finer figure
            out[f"{name}_cpu_median_s"] = round(statistics.median(cpu), 4)
            out[f"{name}_cpu_mean_s"] = round(statistics.mean(cpu), 4)
    out["search_queries"] = len(qs)
    out["load_average"] = [round(x, 2) for x in os.getloadavg()]
    store.close()
    print(json.dumps(out, indent=2))


def timed_each(fn, items: list) -> list[float]:
    out = []
    for x in items:
        t0 = time.perf_counter()
        fn(x)
        out.append(time.perf_counter() - t0)
    return out


def ensure_db(sessions: int, per_session: int, rebuild: bool) -> Path:
    import hashlib

    from hermes.state.migrations import MIGRATIONS

    schema = hashlib.sha256("\n".join(s for m in MIGRATIONS for s in m.statements).encode()).hexdigest()[:16]
    home = OUT / "home"
    db, meta = home / "state.db", home / "BUILD.json"
    want = {"sessions": sessions, "per_session": per_session, "schema": schema, "seed": SEED}
    if not rebuild and db.exists() and meta.exists() and json.loads(meta.read_text()) == want:
        return home
    home.mkdir(parents=True, exist_ok=True)
    for p in home.glob("state.db*"):
        p.unlink()
    meta.unlink(missing_ok=True)
    print(f"building {sessions:,} sessions x {per_session} messages in {db} ...", file=sys.stderr)
    t0 = time.monotonic()
    build(db, sessions, per_session)
    meta.write_text(json.dumps(want))
    print(f"built in {time.monotonic() - t0:.0f} s, {db.stat().st_size / 1e9:.2f} GB", file=sys.stderr)
    return home


def queries(n: int = 50) -> list[str]:
    words, _ = vocabulary()
    rng = random.Random(7)
    mid = words[200:6000]  # neither the commonest words nor hapaxes: what people search for
    lead = ["how did we", "what was the", "remember when we talked about", "find the", "", "", "why does",
            "the error with", "notes on"]
    out = []
    for _ in range(n):
        terms = rng.sample(mid, rng.randint(1, 4))
        out.append(f"{rng.choice(lead)} {' '.join(terms)}".strip() + rng.choice(["", "?", "", " please"]))
    return out


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def plans(store) -> dict[str, list[str]]:
    from hermes.state.search import Filters, build_plan

    conn = store._db()
    joins, where, flt_args = Filters(scope="owner").sql()
    q = build_plan("parser unicode strings").fts_query()
    sqls = {
        "list": ("SELECT * FROM sessions ORDER BY updated_at DESC LIMIT 20", []),
        "list_source": ("SELECT * FROM sessions WHERE source = 'cli' ORDER BY updated_at DESC LIMIT 20", []),
        "search": ("SELECT f.rowid, -bm25(messages_fts, 1.0, 0.3) AS score FROM messages_fts AS f "
                   "WHERE messages_fts MATCH ? ORDER BY score DESC LIMIT 20", [q]),
        "search_scoped": (f"SELECT f.rowid, -bm25(messages_fts, 1.0, 0.3) AS score FROM messages_fts AS f{joins} "
                          f"WHERE messages_fts MATCH ?{where} ORDER BY score DESC LIMIT 20", [q, *flt_args]),
        "context": ("SELECT * FROM messages WHERE session_id = 'x' AND summary = 0 AND seq < 5 "
                    "ORDER BY seq DESC, id DESC LIMIT 1", []),
    }
    return {k: [r[3] for r in conn.execute("EXPLAIN QUERY PLAN " + sql, args)] for k, (sql, args) in sqls.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sessions", type=int, default=10_000)
    ap.add_argument("--per-session", type=int, default=100)
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite")
    ap.add_argument("--dsn", help="with --store postgres: the database to build the corpus in")
    args = ap.parse_args()
    if args.store == "postgres":
        if not args.dsn:
            ap.error("--store postgres needs --dsn")
        return main_pg(args)
    home = ensure_db(args.sessions, args.per_session, args.rebuild)

    from typer.testing import CliRunner

    from hermes.cli.common import Runtime, get_runtime, set_runtime
    from hermes.cli.sessions import app
    from hermes.state.sqlite import SQLiteStore

    os.environ["HERMES_HOME"] = str(home)
    runner = CliRunner()

    def list_cli() -> None:
        set_runtime(Runtime())
        r = runner.invoke(app, ["list"])
        assert r.exit_code == 0, r.output
        get_runtime().store().close()

    store = SQLiteStore(home / "state.db")
    list_cli()  # warm the OS cache once, as a second `hermes` call would find it
    list_cli_t = timed(list_cli, 20)
    list_store_t = timed(lambda: store.list_sessions(limit=20), 20)
    qs = queries()
    for q in qs[:5]:
        store.search(q)  # warm-up
    search_t, hits = [], []
    for q in qs:
        t0 = time.perf_counter()
        h = store.search(q, limit=20)
        search_t.append(time.perf_counter() - t0)
        hits.append(len(h))
    def over_queries(**kw) -> list[float]:
        out = []
        for q in qs:
            t0 = time.perf_counter()
            store.search(q, limit=20, **kw)
            out.append(time.perf_counter() - t0)
        return sorted(out)

    owner_t = over_queries(scope="owner")
    narrow_scope = store._db().execute(
        "SELECT scope FROM sessions WHERE scope <> 'owner' GROUP BY scope ORDER BY COUNT(*) LIMIT 1").fetchone()
    narrow_t = over_queries(scope=narrow_scope[0]) if narrow_scope else [0.0]
    env = {**os.environ, "HERMES_HOME": str(home)}
    proc_t = timed(lambda: subprocess.run([sys.executable, "-m", "hermes.cli.sessions", "list"], env=env,
                                          check=True, capture_output=True), 5)
    count = store._db().execute("SELECT COUNT(*) FROM messages").fetchone()[0]
    result = {
        "sessions": args.sessions, "messages": count,
        "list_cli_median_s": round(statistics.median(list_cli_t), 4),
        "list_store_median_s": round(statistics.median(list_store_t), 5),
        "search_median_s": round(statistics.median(search_t), 4),
        "search_p90_s": round(sorted(search_t)[int(len(search_t) * 0.9) - 1], 4),
        "search_max_s": round(max(search_t), 4),
        "search_owner_scope_median_s": round(statistics.median(owner_t), 4),
        "search_owner_scope_p90_s": round(owner_t[int(len(owner_t) * 0.9) - 1], 4),
        "search_narrow_scope_median_s": round(statistics.median(narrow_t), 4),
        "search_narrow_scope_p90_s": round(narrow_t[int(len(narrow_t) * 0.9) - 1], 4),
        "list_process_median_s": round(statistics.median(proc_t), 3),
        "search_queries": len(qs), "search_hits_median": statistics.median(hits),
        "query_plans": plans(store),
    }
    store.close()
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
