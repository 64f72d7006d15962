"""Replies as chat messages: split at the platform's limit on good boundaries, each piece renders on
its own (code blocks closed and reopened), converted to the platform's markup, secrets masked."""

from __future__ import annotations

import random

import pytest

from hermes.gateway.replies import prepare, split, to_dialect

WORDS = "the quick brown fox jumps over a lazy dog while hermes answers every message".split()


def _text(seed: int) -> str:
    rnd = random.Random(seed)
    parts = []
    for _ in range(rnd.randint(3, 12)):
        if rnd.random() < 0.3:
            body = "\n".join(f"line_{i} = {rnd.randint(0, 999)}" for i in range(rnd.randint(1, 60)))
            parts.append(f"```python\n{body}\n```")
        else:
            parts.append(" ".join(rnd.choice(WORDS) for _ in range(rnd.randint(5, 300))))
    return "\n\n".join(parts)


@pytest.mark.parametrize("limit", [64, 200, 1000, 4096])
@pytest.mark.parametrize("seed", range(12))
def test_pieces_fit_and_lose_no_word(seed, limit):
    text = _text(seed)
    pieces = split(text, limit)
    assert all(len(p) <= limit for p in pieces)
    assert all(p.count("```") % 2 == 0 for p in pieces)  # every piece's code blocks are closed
    joined = " ".join(pieces).replace("```python", " ").replace("```", " ")
    original = text.replace("```python", " ").replace("```", " ")
    assert joined.split() == original.split()


def test_paragraph_boundaries_are_preferred():
    a, b = "alpha " * 20, "beta " * 20
    pieces = split(f"{a.strip()}\n\n{b.strip()}", 150)
    assert pieces == [a.strip(), b.strip()]


def test_short_text_is_one_piece():
    assert split("hello", 4096) == ["hello"]


def test_html_dialect_escapes_and_formats():
    out = to_dialect("Use **bold**, *it*, `x < y` and\n```\na <b> & c\n```", "html")
    assert "<b>bold</b>" in out and "<i>it</i>" in out and "<code>x &lt; y</code>" in out
    assert "<pre>a &lt;b&gt; &amp; c</pre>" in out


def test_markdownv2_escapes_specials_outside_code():
    out = to_dialect("1+1=2. (yes!)\n```\na.b\n```", "markdownv2")
    assert out.startswith(r"1\+1\=2\. \(yes\!\)") and "```\na.b\n```" in out


def test_slack_mrkdwn_bold():
    assert to_dialect("**done**", "mrkdwn") == "*done*"


def test_secrets_are_masked_before_anything_is_sent():
    key = "sk-" + "a1B2c3D4" * 5
    pieces = prepare(f"Your key is {key} and token ghp_{'x' * 36}.", 4096, "plain")
    assert key not in pieces[0] and "ghp_" + "x" * 36 not in pieces[0]


def test_markup_conversion_keeps_pieces_under_the_limit():
    text = ("a < b & c > d " * 400).strip()
    pieces = prepare(text, 500, "html")
    assert len(pieces) > 1 and all(len(p) <= 500 for p in pieces)
