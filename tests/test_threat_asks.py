"""Requests to hand over the agent's own instructions, to redirect payments, or to steer what it
recommends: caught by what they ask for, while notes that only state such facts pass."""

from __future__ import annotations

import pytest
from corpus_support import load

from hermes.memory.threats import rules, scan

_c = load("threat_asks")
HOSTILE, FACTS = _c.HOSTILE, _c.FACTS

EXPECTED = {"leak_system_prompt", "payment_redirect", "steered_recommendation"}


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_asks_are_caught(text):
    found = rules(scan(text))
    assert found, text


def test_each_category_is_named():
    named = {r for t in HOSTILE for r in rules(scan(t))}
    assert EXPECTED <= named


@pytest.mark.parametrize("text", FACTS)
def test_facts_and_preferences_pass(text):
    assert scan(text) == [], text
