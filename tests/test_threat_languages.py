"""Injection requests in other languages are caught by category; ordinary notes in them pass."""

from __future__ import annotations

import pytest
from corpus_support import load

from hermes.memory.threats import rules, scan


_c = load("threat_languages")
MALICIOUS, BENIGN = _c.MALICIOUS, _c.BENIGN


@pytest.mark.parametrize("lang,text,rule", MALICIOUS, ids=[f"{m[0]}-{m[2]}-{i}" for i, m in enumerate(MALICIOUS)])
def test_request_is_caught(lang, text, rule):
    found = rules(scan(text))
    assert found, f"{lang}: nothing found in {text!r}"
    assert rule in found or (rule == "persona_takeover" and "role_hijack" in found), (lang, text, found)


@pytest.mark.parametrize("lang,text", BENIGN, ids=[f"{b[0]}-{i}" for i, b in enumerate(BENIGN)])
def test_ordinary_note_passes(lang, text):
    assert scan(text) == [], (lang, text, rules(scan(text)))
