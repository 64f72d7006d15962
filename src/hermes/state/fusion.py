"""The ranking rule of semantic recall: how lexical hits and nearest vectors become one list.

One rule, with constants per encoder (`Profile`, `PROFILES`): the generic MiniLM's vectors are weak
on conversation recall and only settle ties (what follows); the recall encoder's are about as good as
the lexical search and weigh as much or more (see PROFILES).

Two inputs, both best first: the lexical search's hits with their scores (the stronger signal: on
LoCoMo it alone finds about 0.80 of the evidence in its top 10, all-MiniLM-L6-v2's nearest vectors
alone about 0.50) and the nearest message vectors with their cosine similarity. `fuse` keeps the
lexical order as the backbone and adds two things the vectors are good at:

  * the nearest vector always gets a place: if it is not already in the top `limit`, it takes the
    last place (RESERVED). A turn that shares no word with the question (a paraphrase, "adopted a
    beagle" for "which pet") is exactly what the lexical search cannot find, and the single nearest
    vector is where the model is most often right; the lexical list's 10th hit, which it displaces,
    is where the lexical search is least often right.
  * a small vector part in every candidate's score, scaled within the query's own list (the cosine's
    absolute level moves a lot from one question to the next, its order within the list much less):

        score = lexical / best lexical + DENSE_WEIGHT * (cos - cos_last) / (cos_first - cos_last)

    It only settles near-ties: a weak vector cannot lift a turn past a strong lexical hit.

Measured on the LoCoMo development conversations (leave-conversation-out: constants chosen on 3
conversations, measured on the other 2, every split; `python bench/bench_locomo.py --embeddings --folds`).
Tried and dropped because they did not help on held-out conversations: a larger vector part (0.2-0.5, the
10th lexical hit scores about 0.6 of the best, so only large weights let paraphrases in, and those
reorder the top 10 for the worse), reciprocal rank fusion, a fixed cosine floor, a bonus above an
absolute cosine, a learned linear combination of ranks and scores, more nearest vectors (20-100),
spreading the top 10 over sessions, smoothing a turn's cosine with its neighbours', and embedding a turn
joined to the previous one (for the generic MiniLM; the recall encoder is trained on turns written that
way and gains from it, see `embed_text`); also a query vector moved towards its top lexical hits (Rocchio) for the
nearest vectors, a bonus for the speaker the question names, per-session caps, static word-piece
vectors matched token by token, and a learned listwise ranker (linear or a small MLP) over 27
features: without late interaction no better than this rule held out (0.808 / multi-hop 0.505).

Late interaction (`late`, optional): the question's and each candidate's per-token output vectors,
scored by `maxsim` (mean over the question's content tokens of the best cosine among the candidate's
tokens), scaled within the list like the cosine and added with LATE_WEIGHT. Held out it moves
recall@10 from 0.809 to 0.816 and multi-hop from 0.503 to 0.527 (the only signal found that helps
multi-hop), but it needs every candidate's token vectors at query time: about 38 x 384 values per
message (15 KB in int8, kept useful; projecting to 128 or fewer dimensions loses the gain), which the
vector tables do not store, and encoding the 60-100 candidates at query time costs about a second.
So the product search does not pass it; `bench_locomo.py --embeddings --folds --late` measures it
(there the 50 nearest vectors, not 10, are candidates: with the late part they measured better).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LEXICAL_CANDIDATES = 50  # lexical hits rescored (store.search(..., limit=LEXICAL_CANDIDATES, context=0))
DENSE_CANDIDATES = 10  # nearest vectors in the scope; more lets weaker vectors in, which measured worse
DENSE_WEIGHT = 0.05  # the vector part at its best, in units of the best lexical hit: a tie-breaker
RESERVED = 1  # nearest vectors sure of a place in the result (2 or more measured worse)
LATE_WEIGHT = 0.2  # the late-interaction part at its best (0.2-0.3 chosen on held-in conversations)


@dataclass(frozen=True)
class Profile:
    """How far search trusts one encoder's vectors. The constants above are the generic MiniLM's."""

    dense_weight: float = DENSE_WEIGHT
    dense_candidates: int = DENSE_CANDIDATES
    reserved: int = RESERVED
    # A turn found by its vector alone must be at least this close (below it the model pairs
    # unrelated short texts), and within `dense_margin` of the best cosine among all candidates.
    dense_min: float = 0.3
    dense_margin: float = 0.2
    dense_min_chars: int = 12  # a shorter message ("ok", "thanks!") is never found by its vector alone
    # The best lexical hit keeps the first place: strong vectors reorder the rest of the list.
    lexical_first: bool = False
    # Characters of the previous turn embedded after a message (`embed_text`); 0: the message alone.
    context_chars: int = 0


GENERIC = Profile()
RECALL_ENCODER = "minilm-l6-recall-int8-4"  # encoders.RecallEncoder.name
# The recall encoder (MiniLM fine-tuned on question -> evidence-turn pairs, `encoders.RecallEncoder`)
# is nearly as good alone as the lexical search, so its part weighs more than the lexical part and
# draws on the 20 nearest. Chosen with each conversation's model trained on the others
# (`tools/train_recall_encoder.py --folds` measures it): for the first model (turns embedded alone)
# weights 0.3-2, 10-50 nearest and 0-2 reserved places, 1.0 best; adding the generic model's vectors
# as a third part did not help. Since turns are embedded with the end of the previous turn
# (context_chars) the vectors are stronger and 1.5 is best (all five held-out conversations, 1.0-5.0:
# recall@10 0.837 at 1.0, 0.842 at 1.5, 0.838 at 2.0, 0.823 at 5.0; 40 nearest instead of 20: lower).
# With it the best lexical hit keeps the first place: recall@1 0.441 -> 0.479 (the lexical search's
# own), recall@10 unchanged (0.831 -> 0.830), measured on all five held-out conversations.
# dense_min is the trainer's calibration (recorded in models/recall-minilm-l6.json): the cosine above
# which questions meet turns of an unrelated conversation as often as with the generic model at 0.3.
# A margin of 0.2 cut evidence the recall encoder ranks well (recall@10 0.830 -> 0.824); 0.3 keeps
# it (0.830) and still parts "the blue giraffe" (0.97) from "a red panda" (0.44).
PROFILES = {RECALL_ENCODER: Profile(dense_weight=1.5, dense_candidates=20, reserved=0, lexical_first=True,
                                    dense_min=0.2, dense_margin=0.3, context_chars=120)}


def profile(encoder_name: str | None) -> Profile:
    return PROFILES.get(encoder_name or "", GENERIC)


def dense_list(near: list[tuple[int, float]], lexical_sims: dict[int, float],
               prof: Profile) -> list[tuple[int, float]]:
    """The vector list `fuse` takes, best first: the profile's count of `near` (admitted nearest
    vectors) at or above dense_min, plus the lexical candidates' own cosines (`lexical_sims`), kept
    within dense_margin of the best unless they are lexical hits."""
    dense = dict(sorted(((m, c) for m, c in near if c >= prof.dense_min), key=lambda kv: -kv[1])
                 [:prof.dense_candidates])
    dense.update(lexical_sims)
    best = max(dense.values(), default=0.0)
    return sorted(((m, c) for m, c in dense.items() if m in lexical_sims or c >= best - prof.dense_margin),
                  key=lambda kv: -kv[1])


def maxsim(query_tokens, tokens) -> float:
    """Late interaction of unit token vectors ((n, dim) arrays): mean over query tokens of the best
    cosine among the candidate's tokens; 0.0 when either side has no token."""
    if len(query_tokens) == 0 or len(tokens) == 0:
        return 0.0
    return float((query_tokens @ tokens.T).max(axis=1).mean())


# A speaker label, "Caroline: " or "Dr. Ana Lima: " (imported transcripts carry one per turn).
_SPEAKER = re.compile(r"^[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,2}: ")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def context_tail(prev: str, chars: int) -> str:
    """The end of the previous turn, whole sentences up to `chars` (one cut sentence if the last is
    longer), without its speaker label: a reply is usually about the last thing said to it."""
    body = _SPEAKER.sub("", (prev or "").strip(), count=1)
    out = ""
    for sentence in reversed([p for p in _SENTENCE_END.split(body) if p.strip()]):
        if out and len(sentence) + len(out) > chars:
            break
        out = f"{sentence} {out}".strip()
    return out[-chars:].lstrip() if len(out) > chars else out


def embed_text(role: str, content: str, prev: str | None = None, profile: Profile = GENERIC) -> str:
    """The text embedded for one message: its content as stored (photo caption included), and, when
    the encoder's profile asks for it, the end of the previous turn after it, "(after: ...)".

    The role is never added (the model knows nothing useful about "user"/"assistant", and a shared
    prefix only pulls all of one side's turns towards each other). The previous turn is added only
    for an encoder trained with it: to the generic MiniLM a joined turn also matches questions about
    its neighbour (its vectors alone found 0.47 of the evidence in their top 10 that way, against 0.50
    for the turn alone), while the recall encoder, trained on turns written this way, learns to read
    the context as context: a short reply ("Yes, we made bowls!") carries the topic it answers.
    """
    del role
    text = (content or "").strip()
    if profile.context_chars and prev and text:
        tail = context_tail(prev, profile.context_chars)
        if tail:
            text = f"{text} (after: {tail})"
    return text


def fuse(lexical: list[tuple[int, float]], dense: list[tuple[int, float]], limit: int, query: str = "",
         *, dense_weight: float | None = None, reserved: int | None = None,
         late: dict[int, float] | None = None, late_weight: float | None = None,
         profile: Profile = GENERIC) -> list[int]:
    """Message ids, best first, from the lexical hits and the nearest vectors (both best first).

    `lexical`: (message id, lexical score), `dense`: (message id, cosine similarity). Ties go to the
    better lexical rank, then the nearer vector, then the smaller id, so the result does not depend on
    dict or set order. `query` is accepted for rules that look at the question; this one does not.
    `profile` holds the encoder's constants (`dense_weight` and `reserved` override two of them: the
    benchmark's folds tune them).
    `late`: message id -> `maxsim` score for candidates (lexical or dense) whose token vectors were
    at hand; it adds `late_weight` (default LATE_WEIGHT) times the score scaled within those candidates.
    """
    del query
    if limit <= 0:
        return []
    w = profile.dense_weight if dense_weight is None else dense_weight
    lexical = lexical[:LEXICAL_CANDIDATES]
    dense = dense[:profile.dense_candidates]
    best = max((s for _, s in lexical), default=0.0)
    score: dict[int, float] = {}
    lex_rank: dict[int, int] = {}
    for rank, (mid, s) in enumerate(lexical):
        if mid in lex_rank:  # a duplicate keeps its first (better) place
            continue
        lex_rank[mid] = rank
        score[mid] = s / best if best > 0 else 0.0
    dense_rank: dict[int, int] = {}
    if dense:
        hi = max(c for _, c in dense)
        lo = min(c for _, c in dense)
        span = hi - lo
        for rank, (mid, c) in enumerate(dense):
            if mid in dense_rank:
                continue
            dense_rank[mid] = rank
            # One candidate, or all equally near: the vectors cannot tell them apart, so each gets
            # the full part (they are the nearest there are) rather than a division by zero.
            part = (c - lo) / span if span > 1e-9 else 1.0
            score[mid] = score.get(mid, 0.0) + w * part
    lw = LATE_WEIGHT if late_weight is None else late_weight
    known = [m for m in score if late and m in late]
    if known and lw:
        hi = max(late[m] for m in known)
        lo = min(late[m] for m in known)
        for m in known:
            score[m] += lw * ((late[m] - lo) / (hi - lo) if hi - lo > 1e-9 else 1.0)
    far = len(lexical) + len(dense)
    ranked = sorted(score, key=lambda m: (-score[m], lex_rank.get(m, far), dense_rank.get(m, far), m))
    top = ranked[:limit]
    if profile.lexical_first and lexical and top and top[0] != lexical[0][0]:
        top = [lexical[0][0]] + [m for m in ranked if m != lexical[0][0]][:limit - 1]
    # At most half the places: with a limit of 1 the best lexical hit stays the answer.
    keep = min(profile.reserved if reserved is None else reserved, limit // 2)
    nearest = [m for m in dict.fromkeys(m for m, _ in dense[:keep]) if m not in top]
    if nearest:  # the nearest vectors take the last places, in their own order
        nearest = nearest[:limit]
        top = top[:limit - len(nearest)] + nearest
    return top
