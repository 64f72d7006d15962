"""One RL rollout: a full Hermes agent run on one dataset item, then the verifier's score.

Deliberately free of atroposlib: the Atropos environment (`env.py`) calls this, and so can anything
else (tests, a plain evaluation script). Each rollout gets a throwaway HERMES_HOME and a temp working
directory seeded with the item's files; the terminal runs in that directory (bubblewrap sandbox by
default: the host read-only, no network), nobody is asked for approvals, and the background
learning pass and context compression are off so the trajectory is exactly what the model saw.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from hermes.core.messages import Message
from hermes.research import formats
from hermes.research.rl.verifiers import Verdict, Verifier


@dataclass
class RolloutSettings:
    """What every rollout of an environment shares: the model endpoint and the agent's surroundings."""
    base_url: str  # OpenAI-compatible, ending in /v1 (vLLM, SGLang, an API, the scripted server)
    model: str = "default"
    api_key: str | None = None
    toolsets: list[str] = field(default_factory=lambda: ["core"])
    terminal_backend: str = "sandbox"  # "local" runs commands on the host, in the temp dir
    max_turns: int = 12
    approvals: str = "deny"  # nobody answers prompts during training: risky commands are refused
    timeout: float = 120.0  # per model call
    keep_dirs: bool = False  # leave each rollout's temp tree behind (debugging)
    system_extra: str | None = None  # appended to the frozen system prompt (task rules, answer format)


@dataclass
class RolloutResult:
    messages: list[Message]  # system prompt first, then the stored conversation
    answer: str
    score: float
    detail: str
    error: str | None = None
    seconds: float = 0.0
    model_calls: int = 0
    tool_calls: int = 0
    workdir: str | None = None  # only when keep_dirs
    tools: list[dict[str, Any]] = field(default_factory=list)  # the schemas the model was offered

    def meta(self) -> dict[str, Any]:
        """Metadata for `formats.record`: what a trainer or an analyst filters on."""
        return {"score": self.score, "verdict": self.detail, "completed": self.error is None,
                "error": self.error, "seconds": round(self.seconds, 3), "api_calls": self.model_calls,
                "tool_calls": self.tool_calls}


_ROLE = {"system": "system", "human": "user", "gpt": "assistant", "tool": "tool"}


def trainer_messages(result: RolloutResult) -> list[dict[str, str]]:
    """The rollout as role/content messages that any chat template renders: tool calls and results
    in the Hermes function-calling layout (ShareGPT's), and the offered tools in the system message,
    because the policy saw them and the trainer's tokens must contain them."""
    out = [{"role": _ROLE[t["from"]], "content": t["value"]} for t in formats.to_sharegpt(result.messages)]
    if result.tools and out and out[0]["role"] == "system":
        tools = json.dumps([s.get("function", s) for s in result.tools], ensure_ascii=False)
        out[0]["content"] += f"\n\n<tools>\n{tools}\n</tools>"
    return out


def prompt_of(item: Mapping[str, Any]) -> str:
    for key in ("prompt", "question", "task"):
        if item.get(key):
            return str(item[key])
    raise ValueError("item has no 'prompt' (or 'question' / 'task')")


def _seed_files(workdir: Path, files: Mapping[str, str] | None) -> None:
    for rel, text in (files or {}).items():
        path = (workdir / rel).resolve()
        if workdir.resolve() not in path.parents:
            raise ValueError(f"item file {rel!r} points outside the working directory")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def _config(settings: RolloutSettings, workdir: Path):
    from hermes.config import Config

    return Config.model_validate({
        "model": {"provider": "custom", "base_url": settings.base_url, "default": settings.model,
                  "timeout": settings.timeout},
        "toolsets": settings.toolsets,
        "agent": {"max_turns": settings.max_turns},
        "approvals": {"mode": settings.approvals},
        "terminal": {"backend": settings.terminal_backend, "cwd": str(workdir)},
        # the learner and the compressor would make model calls of their own and rewrite history:
        # a training trajectory must be the conversation the policy actually produced
        "memory": {"review_interval": 0},
        "compression": {"enabled": False},
    })


def _secrets(settings: RolloutSettings) -> dict[str, str]:
    return {"OPENAI_API_KEY": settings.api_key} if settings.api_key else {}


def build_model(settings: RolloutSettings):
    """The policy endpoint as a Hermes ChatModel. Share one across an environment's rollouts: its HTTP
    client (connection pool, TLS context: ~0.15 s to build) then serves them all."""
    from hermes.runtime import build_main_model

    return build_main_model(_config(settings, Path(".")), _secrets(settings))


async def run_rollout(item: Mapping[str, Any], settings: RolloutSettings, verifier: Verifier, *,
                      model: Any = None) -> RolloutResult:
    """Run the agent on `item` in a fresh home and directory; score the final state with `verifier`.

    `model`: a ChatModel from `build_model(settings)` to reuse; default, a new one for this rollout."""
    from hermes.core.events import ErrorEvent, Final, ToolStarted
    from hermes.home import Home
    from hermes.runtime import Hermes

    root = Path(tempfile.mkdtemp(prefix="hermes-rollout-"))
    workdir = root / "work"
    workdir.mkdir()
    started = time.perf_counter()
    try:
        _seed_files(workdir, item.get("files"))
        home = Home(root / "home").ensure()
        h = Hermes(home, _config(settings, workdir), model=model, secrets=_secrets(settings),
                   mcp_start="on_demand")
        extra = {"task": settings.system_extra} if settings.system_extra else None
        conv = h.open(source="rl", toolsets=settings.toolsets, prompt_extra=extra)
        answer, error, tools = "", None, 0
        try:
            async for ev in conv.send(prompt_of(item)):
                if isinstance(ev, Final):
                    answer = ev.text
                elif isinstance(ev, ErrorEvent):
                    error = ev.message
                elif isinstance(ev, ToolStarted):
                    tools += 1
        finally:
            await conv.close()
        messages = [Message.system(conv.state.system_prompt), *h.store.get_messages(conv.id)]
        schemas = conv.agent.tools.schemas()
        calls = sum(1 for m in messages if m.role == "assistant")
        # A run that errored is still scored: the files may be right even if the last call failed,
        # and a trainer wants the failure as a low-reward sample rather than a hole in the group.
        verdict: Verdict = await verifier.verify(item, answer, workdir)
        close = getattr(h.store, "close", None)
        if close is not None:
            close()
        return RolloutResult(messages, answer, verdict.score, verdict.detail, error,
                             time.perf_counter() - started, calls, tools,
                             str(workdir) if settings.keep_dirs else None, schemas)
    finally:
        if not settings.keep_dirs:
            shutil.rmtree(root, ignore_errors=True)
