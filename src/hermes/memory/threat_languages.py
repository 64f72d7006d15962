"""Injection requests written in languages other than English.

Two tables, because scripts fold differently: FOLDED_RULES run on the folded text (accents
stripped, look-alikes mapped to Latin), which suits Latin-script languages typed with or without
their accents; NATIVE_RULES run on the NFKC text with invisible characters removed and nothing
mapped, which keeps Cyrillic, Greek, CJK, Arabic, Hebrew and Indic words intact (the look-alike
map would turn half of a Russian word into Latin letters).
"""

from __future__ import annotations

import re

FOLDED_RULES: list[tuple[str, re.Pattern[str]]] = []
NATIVE_RULES: list[tuple[str, re.Pattern[str]]] = []
