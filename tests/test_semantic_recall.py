"""Semantic recall on real stores with the real encoder: vectors in the background, persisted, fused.

SQLite in a temp HERMES_HOME; PostgreSQL 16 + pgvector from PyPI `pgserver`. Tests needing the
embedding model skip (with the install line) when it is not installed.
"""

from __future__ import annotations

import json
import logging
import statistics
import time

import pytest
from typer.testing import CliRunner

from hermes.cli.common import Runtime, get_runtime, set_runtime
from hermes.core.messages import Message
from hermes.state import encoders, semantic
from hermes.state.semantic import SemanticSearch
from hermes.state.sqlite import SQLiteStore
from hermes.state.vectors import DenseIndex

needs_model = pytest.mark.skipif(encoders.preferred() is None,
                                 reason=f"no embedding model installed: {encoders.INSTALL_HINT}")

PETS = [("user", "My dog Rex loves chasing tennis balls in the park every morning"),
        ("assistant", "Rex sounds like a very energetic companion!"),
        ("user", "I need to renew my passport before the trip to Japan"),
        ("assistant", "The passport office usually takes about six weeks."),
        ("user", "We cooked lasagna with spinach for dinner yesterday"),
        ("assistant", "Lasagna with spinach is a classic.")]


def fill(store, scope: str, turns=PETS, source: str = "cli") -> list[int]:
    sid = store.create_session(scope=scope, source=source).id
    return store.append_messages(sid, [Message(role=r, content=c) for r, c in turns])


@pytest.fixture
def store(tmp_path):
    s = SQLiteStore(tmp_path / "state.db")
    yield s
    s.close()


@pytest.fixture
def layer(store, monkeypatch):
    monkeypatch.setattr(semantic, "BACKGROUND", True)  # as in `hermes serve` and the gateway
    lay = SemanticSearch.attach(store, mode="on")
    if lay.encoder is None:
        pytest.skip(f"no embedding model installed: {encoders.INSTALL_HINT}")
    return lay


@needs_model
def test_paraphrase_found_by_meaning_when_words_differ(store, layer):
    ids = fill(store, "owner")
    layer.flush()
    query = "travel documents abroad"
    assert store.search_lexical(query, scope="owner") == []
    hits = store.search(query, scope="owner", limit=3)
    assert hits and hits[0].message_id in ids[2:4]
    assert "passport" in hits[0].snippet and hits[0].context  # snippet and neighbours as usual


@needs_model
def test_vectors_persist_and_are_reused_by_a_new_store(tmp_path, store, layer):
    fill(store, "owner")
    layer.flush()
    total, have = layer.counts()
    assert total == have == len(PETS)
    rows = store._read(lambda c: c.execute("SELECT message_id, model, length(vec) FROM message_vectors").fetchall())
    assert {r[1] for r in rows} == {layer.model} and {r[2] for r in rows} == {384 * 2}  # float16 blobs
    store.close()

    again = SQLiteStore(tmp_path / "state.db")
    try:
        lay2 = SemanticSearch.attach(again, mode="on")
        assert lay2.vectors.pending(lay2.model) == []  # nothing to embed again
        before = again._read(lambda c: c.execute("SELECT MAX(added) FROM message_vectors").fetchone()[0])
        hits = again.search("travel documents abroad", scope="owner", limit=2)
        assert "passport" in hits[0].snippet
        lay2.flush()
        after = again._read(lambda c: c.execute("SELECT MAX(added) FROM message_vectors").fetchone()[0])
        assert after == before  # the search's catch-up found every vector already stored
    finally:
        again.close()


@needs_model
def test_background_embedding_costs_the_append_path_under_a_millisecond(store, layer):
    sid = store.create_session(scope="owner").id
    hook = []
    original = layer.added

    def timed(msgs):
        t0 = time.perf_counter()
        original(msgs)
        hook.append(time.perf_counter() - t0)

    layer.added = timed
    for i in range(40):
        store.append_messages(sid, [Message.user(f"question number {i} about gardening"),
                                    Message.assistant(f"answer {i}: water the tomatoes"),
                                    Message.tool("c", "terminal", "tool output is not embedded")])
    assert statistics.median(hook) < 0.001, hook
    layer.flush()
    total, have = layer.counts()
    assert total == have == 80  # user + assistant rows, not the tool rows
    assert layer.vectors.pending(layer.model) == []


@needs_model
def test_reindex_is_resumable_and_reports_counts(tmp_path, monkeypatch):
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "home"))
    set_runtime(Runtime())
    try:
        store = get_runtime().store()
        for n in range(3):  # imported sessions bypass the append hook: only reindex embeds them
            store.import_session([Message(role=r, content=f"{c} ({n})") for r, c in PETS], scope="owner")
        lay = SemanticSearch.attach(store, mode="on")
        assert lay.counts() == (18, 0)

        def stop_after_first(n):
            raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            lay.reindex(batch=5, progress=stop_after_first)
        assert lay.counts() == (18, 5)  # the committed batch is kept

        from hermes.cli.sessions import app

        r = CliRunner().invoke(app, ["reindex", "--batch", "4", "--json"])
        assert r.exit_code == 0, r.output
        out = json.loads(r.stdout)
        assert out["messages"] == 18 and out["had_vectors"] == 5 and out["embedded"] == 13 and out["missing"] == 0
        r = CliRunner().invoke(app, ["reindex"])
        assert r.exit_code == 0 and "18 message(s), 18 already had vectors, 0 embedded" in r.output
    finally:
        if get_runtime()._store is not None:
            get_runtime()._store.close()
        set_runtime(Runtime())


@needs_model
def test_a_scope_never_sees_another_scopes_vectors(store, layer):
    mine = fill(store, "alice")
    theirs = fill(store, "bob", [("user", "My hamster Biscuit escaped from her cage last night")])
    layer.flush()
    for q in ("hamster Biscuit escaped", "a small pet ran away", "what happened to my puppy"):
        got = {h.message_id for h in store.search(q, scope="alice", limit=10)}
        assert got <= set(mine) and not got & set(theirs)
        assert got or q.startswith("hamster")  # meaning matches in alice's own turns are still found
    assert {m for m, _ in layer.vectors.index(layer.model, "alice").nearest(
        layer.encoder.embed(["hamster"])[0], 50)} <= set(mine)
    bob = store.search("a small pet ran away", scope="bob", limit=5)
    assert [h.message_id for h in bob] == theirs


@needs_model
def test_filters_hold_for_meaning_matches(store, layer):
    cli = fill(store, "owner", source="cli")
    tg = fill(store, "owner", source="telegram")
    layer.flush()
    hits = store.search("how long will the passport take", scope="owner", roles=["assistant"], limit=10)
    assert hits and all(h.role == "assistant" for h in hits)
    hits = store.search("my dog", scope="owner", roles=["assistant"], limit=10)
    assert all(h.role == "assistant" for h in hits)
    hits = store.search("what is the name of my puppy", scope="owner", sources=["telegram"], limit=10)
    assert hits and {h.message_id for h in hits} <= set(tg) and hits[0].message_id == tg[0]
    sid = store._read(lambda c: c.execute("SELECT session_id FROM messages WHERE id = ?", (cli[0],)).fetchone()[0])
    hits = store.search("travel documents abroad", scope="owner", session_id=sid, limit=10)
    assert hits and {h.message_id for h in hits} <= set(cli)
    assert store.search("travel documents abroad", scope="owner", until=1.0) == []


def test_modes_off_auto_and_on_without_a_model(tmp_path, monkeypatch, caplog):
    from hermes.config import Config
    from hermes.home import Home
    from hermes.state import open_store

    home = Home(tmp_path / "home")
    cfg = Config()
    cfg.search.semantic = "off"
    s = open_store(home, cfg)
    assert s.semantic is None
    s.close()

    cfg.search.semantic = "auto"
    s = open_store(home, cfg)
    assert (s.semantic is not None and s.semantic.installed) == (encoders.preferred() is not None)
    s.close()

    # `on` with nothing installed: one warning, then lexical search, never an error.
    monkeypatch.setattr(encoders, "available", lambda name="auto": [])
    monkeypatch.setattr(semantic, "_warned", False)
    cfg.search.semantic = "on"
    with caplog.at_level(logging.WARNING, logger="hermes.semantic"):
        s = open_store(home, cfg)
        ids = fill(s, "owner")
        s.semantic.flush()
        hits = s.search("passport Japan", scope="owner")
        lexical = s.search_lexical("passport Japan", scope="owner")
        s.search("lasagna", scope="owner")
    s.close()
    assert hits and hits[0].message_id == ids[2]
    assert [(h.message_id, h.snippet, h.score) for h in hits] == [(h.message_id, h.snippet, h.score) for h in lexical]
    warnings = [r for r in caplog.records if "no embedding model" in r.getMessage()]
    assert len(warnings) == 1 and encoders.INSTALL_HINT in warnings[0].getMessage()


def test_quantized_index_agrees_with_exact_search(monkeypatch):
    np = pytest.importorskip("numpy")
    from hermes.state import vectors

    monkeypatch.setattr(vectors, "EXACT_MAX", 500)
    monkeypatch.setattr(vectors, "LISTS", 16)
    monkeypatch.setattr(vectors, "PROBE", 4)
    rng = np.random.default_rng(3)
    centres = rng.standard_normal((20, 384)).astype(np.float32)
    v = centres[rng.integers(0, 20, 5000)] + 0.7 * rng.standard_normal((5000, 384)).astype(np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    idx = DenseIndex()
    for start in range(0, 5000, 400):  # grows past EXACT_MAX: quantized from then on
        idx.extend(list(range(start + 1, start + 401)), v[start:start + 400])
    assert idx.exact is None and idx.codes.shape == (5000, 384) and idx.lists.shape == (5000,)
    recalls = []
    for q in v[rng.integers(0, 5000, 20)] + 0.1 * rng.standard_normal((20, 384)).astype(np.float32):
        q /= np.linalg.norm(q)
        exact = set((np.argsort(-(v @ q))[:10] + 1).tolist())
        got = idx.nearest(q, 10)
        recalls.append(len(exact & {m for m, _ in got}) / 10)
        sims = idx.similarity(q, [m for m, _ in got])
        assert all(abs(sims[m] - s) < 1e-5 and abs(s - float(v[m - 1] @ q)) < 0.03 for m, s in got)
    assert statistics.mean(recalls) >= 0.9


def pgvector_server(tmp_path):
    """(server, dsn) of PostgreSQL 16 + pgvector from PyPI `pgserver`, or a skip saying why; the
    caller stops it with server.cleanup()."""
    pgserver = pytest.importorskip("pgserver", reason="pgserver (PG16 + pgvector from PyPI) is not installed")
    try:
        srv = pgserver.get_server(tmp_path / "pg", cleanup_mode="stop")
        return srv, srv.get_uri()
    except Exception as e:  # pragma: no cover - depends on the machine
        pytest.skip(f"pgserver could not start PostgreSQL: {e}")


@needs_model
def test_postgres_with_pgvector(tmp_path, monkeypatch):
    monkeypatch.setattr(semantic, "BACKGROUND", True)
    srv, dsn = pgvector_server(tmp_path)
    from hermes.state.postgres import PostgresStore

    s = PostgresStore(dsn)
    try:
        lay = SemanticSearch.attach(s, mode="on")
        mine = fill(s, "alice")
        theirs = fill(s, "bob", [("user", "My hamster Biscuit escaped from her cage last night")])
        lay.flush()
        assert lay.vectors.pgvector is True and lay.counts() == (len(PETS) + 1, len(PETS) + 1)
        hits = s.search("what is the name of my puppy", scope="alice", limit=3)
        assert hits[0].message_id == mine[0] and hits[0].context
        got = {h.message_id for h in s.search("a small pet ran away", scope="alice", limit=10)}
        assert got <= set(mine) and not got & set(theirs)
        hits = s.search("how long will the passport take", scope="alice", roles=["assistant"], limit=10)
        assert hits and all(h.role == "assistant" for h in hits)
    finally:
        s.close()
        srv.cleanup()


@needs_model
def test_first_search_embeds_a_small_backlog_before_answering(store, layer):
    # Messages written by a process that exited before its worker ran (here: an import, no hook).
    store.import_session([Message(role=r, content=c) for r, c in PETS], scope="owner")
    assert layer.counts() == (len(PETS), 0)
    hits = store.search("travel documents abroad", scope="owner", limit=2)
    assert hits and "passport" in hits[0].snippet
    assert layer.counts() == (len(PETS), len(PETS))


@needs_model
def test_a_one_shot_process_stores_without_loading_the_model_and_search_catches_up(store):
    """`hermes chat -q` must stay fast and small: no model load for storing two messages."""
    assert semantic.BACKGROUND is False  # the default outside serve and the gateway
    lay = SemanticSearch.attach(store, mode="on")
    fill(store, "owner")
    assert lay._thread is None and not lay._loaded  # nothing started, nothing loaded
    assert lay.counts("owner") == (len(PETS), 0)
    hits = store.search("travel documents abroad", scope="owner", limit=2)  # the first search embeds
    assert hits and "passport" in hits[0].snippet
    assert lay.counts("owner") == (len(PETS), len(PETS))


def test_config_yaml_off_and_on_unquoted(tmp_path):
    """YAML reads a bare off/on as false/true: `semantic: off` must still mean off."""
    from hermes.config import load_config
    from hermes.home import Home

    home = Home(tmp_path / "home").ensure()
    for text, want in (("off", "off"), ("on", "on"), ("'auto'", "auto"), ("no", "off")):
        home.config_file.write_text(f"search:\n  semantic: {text}\n")
        assert load_config(home).search.semantic == want


@needs_model
def test_a_slow_first_index_load_never_holds_a_search(store, layer, monkeypatch):
    """A 1M-vector scope takes about 100 s to read: searches go on lexically meanwhile."""
    fill(store, "owner")
    layer.flush()
    real, gate = layer.vectors.index, __import__("threading").Event()

    def slow(model, scope):
        gate.wait(10)
        return real(model, scope)

    monkeypatch.setattr(layer.vectors, "index", slow)
    t0 = time.perf_counter()
    assert store.search("travel documents abroad", scope="owner") == []  # no shared word: nothing yet
    assert [h.snippet for h in store.search("passport", scope="owner")][:1]  # lexical still answers
    assert time.perf_counter() - t0 < 5
    gate.set()
    layer._loading[(layer.model, "owner")].result(10)
    hits = store.search("travel documents abroad", scope="owner", limit=3)
    assert hits and "passport" in hits[0].snippet  # the loaded index joins in
