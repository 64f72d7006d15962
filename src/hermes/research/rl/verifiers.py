"""Verifiers: how a finished rollout is scored. Pure Python, no atroposlib, so they test on their own.

A verifier gets the dataset item, the agent's final answer and the directory the agent worked in, and
returns a `Verdict` (score in [0, 1] plus a short reason kept in the trajectory's metadata).
"""

from __future__ import annotations

import asyncio
import os
import re
import string
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Protocol, runtime_checkable


@dataclass
class Verdict:
    score: float
    detail: str = ""


@runtime_checkable
class Verifier(Protocol):
    async def verify(self, item: Mapping[str, Any], answer: str, workdir: Path) -> Verdict: ...


class CheckScript:
    """Runs the item's `check` shell script in the rollout's directory: exit 0 scores 1.0, else 0.0.

    The script lives outside the workdir (the agent never saw it and cannot have edited it) and runs with
    a timeout; its last lines of output become the verdict's detail, which is what one reads when a
    rollout scored 0 and the reason is not obvious.
    """

    def __init__(self, key: str = "check", timeout: float = 60.0, shell: str = "bash"):
        self.key, self.timeout, self.shell = key, timeout, shell

    async def verify(self, item: Mapping[str, Any], answer: str, workdir: Path) -> Verdict:
        script = item.get(self.key)
        if not script:
            raise ValueError(f"item has no {self.key!r} script to verify with")
        with tempfile.TemporaryDirectory(prefix="hermes-check-") as tmp:
            path = Path(tmp) / "check.sh"
            path.write_text(str(script))
            env = {**os.environ, "HERMES_ANSWER": answer}
            proc = await asyncio.create_subprocess_exec(
                self.shell, str(path), cwd=str(workdir), env=env, stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, start_new_session=True)
            try:
                out, _ = await asyncio.wait_for(proc.communicate(), self.timeout)
            except asyncio.TimeoutError:
                _kill_group(proc.pid)
                await proc.wait()
                return Verdict(0.0, f"check timed out after {self.timeout:g} s")
        tail = "\n".join(out.decode(errors="replace").strip().splitlines()[-5:])
        ok = proc.returncode == 0
        return Verdict(1.0 if ok else 0.0, f"check exit {proc.returncode}" + (f": {tail}" if tail else ""))


def _kill_group(pid: int) -> None:
    import signal

    try:
        os.killpg(pid, signal.SIGKILL)  # the script's own children too (start_new_session above)
    except ProcessLookupError:
        pass


_ARTICLES = re.compile(r"\b(a|an|the)\b")
_MARKER = re.compile(r"(?:final answer|answer)\s*[:：]\s*", re.I)
_BOXED = re.compile(r"\\boxed\{([^{}]*)\}")
_PUNCT = str.maketrans("", "", string.punctuation)


def normalize(text: str) -> str:
    """The usual QA normalisation: Unicode NFKC, lower case, no punctuation or articles, single spaces."""
    text = unicodedata.normalize("NFKC", text).lower().translate(_PUNCT)
    return " ".join(_ARTICLES.sub(" ", text).split())


def extract_answer(text: str) -> str:
    r"""The answer part of a reply: a \boxed{...}, else what follows the last "Answer:", else all of it.

    Models wrap answers in prose; scoring the whole reply would punish a correct answer in a sentence.
    Only the first line after the marker counts, so an explanation after it does not spoil the match.
    """
    boxed = _BOXED.findall(text)
    if boxed:
        return boxed[-1]
    parts = _MARKER.split(text)
    if len(parts) > 1:
        rest = parts[-1].strip()
        return rest.splitlines()[0] if rest else ""
    return text.strip()


class ExactMatch:
    """1.0 when the extracted, normalised answer equals one of the item's accepted answers."""

    def __init__(self, key: str = "answer"):
        self.key = key

    async def verify(self, item: Mapping[str, Any], answer: str, workdir: Path) -> Verdict:
        gold = item.get(self.key)
        if gold is None:
            raise ValueError(f"item has no {self.key!r} to compare with")
        accepted = [gold] if isinstance(gold, (str, int, float)) else list(gold)
        got = normalize(extract_answer(answer))
        for g in accepted:
            if got == normalize(str(g)):
                return Verdict(1.0, f"matched {str(g)!r}")
        return Verdict(0.0, f"got {got!r}, expected {' | '.join(repr(str(g)) for g in accepted)}")
