"""The PostgreSQL store ranks as the SQLite store does: the same ranking code fed by its own index.

Each ranking feature's test from test_search_quality.py runs again here on a real PostgresStore
(the `store` fixture below replaces that module's), and the LoCoMo dev-set recall of the two
stores is compared (the server comes from test_store_postgres.py's fixtures).
"""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest
from test_search_quality import (  # noqa: F401 - collected again, here with a PostgreSQL store
    LOCOMO, REPO, chat, ranked, test_a_direct_reply_may_fill_the_list, test_a_joined_word_missing_whole_is_searched_by_its_parts,
    test_a_named_speaker_is_who_said_it, test_a_session_opener_outranks_an_equal_turn,
    test_dates_in_the_question_favour_that_period, test_everyday_synonyms_and_irregular_plurals,
    test_filters_still_hold_for_promoted_replies, test_irregular_verb_forms_match,
    test_query_words_near_each_other_count_more, test_search_is_fast_on_a_conversation_sized_store,
    test_session_context_breaks_ties, test_the_reply_to_a_matching_question_is_found,
    test_turns_from_a_named_period_are_candidates, test_when_and_how_many_questions_prefer_turns_that_answer_them,
    test_word_weights_come_from_the_scope_searched)
from test_store_postgres import pg_dsn, pg_server  # noqa: F401 - the PostgreSQL server fixtures


@pytest.fixture
def store(pg_dsn):  # noqa: F811 - the imported tests run against this store
    from hermes.state.postgres import PostgresStore

    s = PostgresStore(pg_dsn)
    yield s
    s.close()


def test_stop_words_alone_and_prefixes_are_found(store):
    ids = chat(store, "2023-05-08", ["Ann: what is it", "Bob: the pythonic way", "Ann: and then?"])
    assert ids[0] in ranked(store, "what is it")  # the index drops stop words: read by regex
    assert ranked(store, "pyth*")[:1] == [ids[1]]


def _bench():
    spec = importlib.util.spec_from_file_location("bench_locomo", REPO / "bench" / "bench_locomo.py")
    bench = importlib.util.module_from_spec(spec)
    sys.modules["bench_locomo"] = bench  # dataclasses look their module up
    spec.loader.exec_module(bench)
    return bench


@pytest.mark.skipif(not LOCOMO.exists(), reason="LoCoMo dev data not present")
def test_locomo_dev_recall_matches_sqlite(tmp_path, pg_dsn):  # noqa: F811
    bench = _bench()
    samples = json.loads(LOCOMO.read_text(encoding="utf-8"))
    out = {}
    for name, dsn in (("sqlite", None), ("postgres", pg_dsn)):
        (tmp_path / name).mkdir()
        imp = bench.import_all(samples, tmp_path / name, dsn=dsn)
        try:
            results, skipped = bench.run_queries(imp, samples)
        finally:
            imp.store.close()
        out[name] = bench.summarize(results)["overall"]
        assert out[name]["n"] >= 750 and skipped <= 5
    # Measured: 0.805 both (recall@10), 0.477 / 0.477 (recall@1); PostgreSQL's own ranking scored 0.61.
    assert abs(out["postgres"]["recall@10"] - out["sqlite"]["recall@10"]) <= 0.02, out
    assert abs(out["postgres"]["recall@1"] - out["sqlite"]["recall@1"]) <= 0.02, out
