"""Loads a corpus module from tests/data by name (they are data files, not an importable package)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

DATA = Path(__file__).parent / "data"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"corpus_{name}", DATA / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
