"""A learned second opinion for the threat scanner: a linear model over hashed words and letters.

The rules in threats.py and its sibling modules are precise but phrase-shaped: a request worded in
a way no rule foresaw passes. This model scores what a text is about instead: hashed words, word
pairs, letter 4-grams within words (so "exfiltrating" and "exfiltrate" share evidence) and pairs of
CJK characters (scripts written without spaces), weighted by a logistic regression trained on the
project's threat corpora (tools/train_threat_model.py writes threat_model.bin). It runs on the folded
text, so look-alike letters and accents do not help an attacker.

A long page is scored in windows of a few lines, and the highest window counts: an instruction
buried in ordinary text is diluted in the page as a whole but not in its own window. The threshold
was chosen on the training corpora's benign notes (cross-validated), and a finding is reported only
above it. Pure Python, no NumPy: the scanner runs on every memory write.
"""

from __future__ import annotations

import math
import re
import struct
import zlib
from functools import lru_cache
from pathlib import Path

MODEL_FILE = Path(__file__).with_name("threat_model.bin")
MAGIC = b"HTM1"
WINDOW_CHARS = 360  # about two sentences: an injection is rarely longer, a window not much diluted
MAX_WINDOWS = 160  # a 60 KB page; the rules still scan the whole text

_WORD = re.compile(r"\w+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")
_THAI = re.compile(r"[\u0e00-\u0e7f]{12,}")
_BREAK = re.compile(r"(?<=[.!?。！？\n])\s*")
# Commands are the approval gate's to judge (threat_commands): the model reads the prose around them.
_CODE = re.compile(r"```.*?(?:```|\Z)|`[^`\n]*`", re.S)
MIN_WORDS = 7  # fewer words (once commands are left out) are too little evidence: the rules judge those alone


def prose(folded: str) -> str:
    """The text without its commands: code spans, and each line's run from a program name the gate
    knows to where the prose resumes (threat_commands.line_spans). Commands are the gate's to judge."""
    from hermes.memory.threat_commands import line_spans

    lines = []
    for line in _CODE.sub(" ", folded).splitlines():
        for span in line_spans(line):
            line = line.replace(span, " ")
        lines.append(line)
    return "\n".join(lines)


def enough(text: str, words: int = MIN_WORDS) -> bool:
    """Whether a text (commands left out) is long enough for a learned opinion: `words` words, or
    a run of a script written without spaces (Chinese, Japanese, Thai)."""
    return len(_WORD.findall(text)) >= words or bool(_CJK.search(text) or _THAI.search(text))


def bucket(feature: str, dim: int) -> int:
    return zlib.crc32(feature.encode("utf-8")) % dim


@lru_cache(maxsize=16384)
def _word_buckets(word: str, dim: int) -> tuple[int, ...]:
    """A word's own features (the word and its letter 4-grams): pages repeat words, so cached."""
    feats = ["w:" + word]
    if len(word) > 3 and not _CJK.search(word):
        padded = f"<{word}>"
        feats += ["c:" + padded[j:j + 4] for j in range(len(padded) - 3)]
    return tuple(bucket(f, dim) for f in feats)


def buckets(folded: str, dim: int) -> set[int]:
    """The model's features of already folded text (threats.fold), hashed into `dim` buckets: each
    word, each pair of adjacent words, letter 4-grams of words, pairs of CJK characters. The trainer
    calls this too, so both sides see the same features."""
    low = folded.lower()
    out: set[int] = set()
    prev = ""
    for w in _WORD.findall(low):
        out.update(_word_buckets(w, dim))
        if prev:
            out.add(bucket("b:" + prev + " " + w, dim))
        prev = w
    for run in _CJK.findall(folded):
        out.update(bucket("k:" + run[j:j + 2], dim) for j in range(len(run) - 1))
    return out


def windows(folded: str) -> list[str]:
    """The text in windows of up to WINDOW_CHARS, cut at sentence or line ends where possible."""
    if len(folded) <= WINDOW_CHARS:
        return [folded]
    out: list[str] = []
    cur = ""
    for part in _BREAK.split(folded):
        while len(part) > WINDOW_CHARS:  # one very long sentence: cut it
            out.append(part[:WINDOW_CHARS])
            part = part[WINDOW_CHARS:]
        if cur and len(cur) + len(part) > WINDOW_CHARS:
            out.append(cur)
            cur = ""
        cur += part
        if len(out) >= MAX_WINDOWS:
            break
    if cur and len(out) < MAX_WINDOWS:
        out.append(cur)
    return out


class Model:
    def __init__(self, weights: bytes, dim: int, scale: float, bias: float, threshold: float):
        self.weights, self.dim, self.scale, self.bias, self.threshold = weights, dim, scale, bias, threshold

    @classmethod
    def load(cls, path: Path = MODEL_FILE) -> Model | None:
        try:
            data = path.read_bytes()
        except OSError:
            return None
        if data[:4] != MAGIC:
            return None
        dim, scale, bias, threshold = struct.unpack("<Ifff", data[4:20])
        weights = data[20:20 + dim]
        return cls(weights, dim, scale, bias, threshold) if len(weights) == dim else None

    def score(self, folded: str) -> float:
        """Probability-like score in [0, 1] for one window of folded text."""
        idx = buckets(folded, self.dim)
        if not idx:
            return 0.0
        w = self.weights
        total = 0
        for i in idx:
            v = w[i]
            total += v - 256 if v > 127 else v  # int8 stored as bytes
        z = self.bias + self.scale * total / math.sqrt(len(idx))
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))

    def worst(self, folded: str, *, any_length: bool = False) -> tuple[float, str]:
        """(highest window score, that window) for a whole text, code spans left out. Alone, the
        model judges only texts of MIN_WORDS or more; `any_length` scores short ones too (the joint
        verdict with the multilingual model was calibrated that way)."""
        best, where = 0.0, ""
        text = prose(folded)
        if not any_length and not enough(text):
            return best, where
        for win in windows(text):
            s = self.score(win)
            if s > best:
                best, where = s, win
        return best, where


@lru_cache(maxsize=1)
def model() -> Model | None:
    return Model.load()


def save(path: Path, weights: list[float], bias: float, threshold: float, dim: int) -> None:
    """Quantize to int8 and write the model file (used by the trainer)."""
    peak = max((abs(x) for x in weights), default=0.0) or 1.0
    scale = peak / 127.0
    raw = bytes((round(x / scale) & 0xFF) for x in weights)
    path.write_bytes(MAGIC + struct.pack("<Ifff", dim, scale, bias, threshold) + raw)
