"""Injection requests written in languages other than English.

Two tables, because scripts fold differently: FOLDED_RULES run on the folded text (accents
stripped, look-alikes mapped to Latin), which suits Latin-script languages typed with or without
their accents; NATIVE_RULES run on the NFKC text with invisible characters removed and nothing
mapped, which keeps Cyrillic, Greek, CJK, Arabic, Hebrew and Indic words intact (the look-alike
map would turn half of a Russian word into Latin letters). The vocabularies live in one module per
script family; threat_languages_base explains how a category becomes a rule.
"""

from __future__ import annotations

from hermes.memory import (threat_languages_cjk, threat_languages_latin, threat_languages_native,
                           threat_languages_romance)

FOLDED_RULES: list = [*threat_languages_romance.RULES, *threat_languages_latin.RULES]
NATIVE_RULES: list = [*threat_languages_cjk.RULES, *threat_languages_native.RULES]
