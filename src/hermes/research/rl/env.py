"""`HermesAgentEnv`: an Atropos environment whose rollouts are full Hermes agent runs.

Each item is run `group_size` times through `rollout.run_rollout` (the one agent loop, tools and a
sandboxed terminal in a temp dir), scored by the environment's verifier, tokenized with the trainer's
tokenizer and handed to atroposlib, which sends the group to its API (`serve`) or writes it to JSONL
(`process`). A subclass names its items and its verifier:

    class MyEnv(HermesAgentEnv):
        name = "my_env"
        def load_items(self): return [{"prompt": "...", "check": "test -f out.txt"}]
        def make_verifier(self): return CheckScript()

    if __name__ == "__main__":
        MyEnv.cli()          # python my_env.py serve|process|evaluate --env.* --openai.*

This module needs the `rl` extra (`pip install 'hermes-recall[rl]'`, best in a venv of its own: atroposlib
pins many packages); nothing else in Hermes imports it.
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any, Iterable

try:
    from atroposlib.envs.base import APIServerConfig, BaseEnv, BaseEnvConfig, ScoredDataGroup
except ImportError as e:  # pragma: no cover - depends on the extra
    raise ImportError("the Atropos environment needs atroposlib: pip install 'hermes-recall[rl]' "
                      f"(ideally in its own venv) [{e}]") from None
from pydantic import Field

from hermes.research import formats
from hermes.research.rl.rollout import (RolloutResult, RolloutSettings, build_model, run_rollout,
                                       trainer_messages)
from hermes.research.rl.verifiers import Verifier

# Used when the trainer's tokenizer has no chat template of its own (small local tokenizers in tests).
CHATML = ("{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}"
          "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")


class HermesEnvConfig(BaseEnvConfig):
    toolsets: list[str] = Field(default_factory=lambda: ["core"], description="Hermes toolsets offered")
    terminal_backend: str = Field("sandbox", description="Hermes terminal backend: sandbox (bwrap) or local")
    agent_max_turns: int = Field(12, description="Model calls allowed per rollout")
    rollout_concurrency: int = Field(0, description="Rollouts of a group run at once; 0: the whole group")
    system_extra: str | None = Field(None, description="Task rules appended to Hermes's system prompt")
    trajectories_path: str | None = Field(None, description="Also write every rollout here as Hermes JSONL")
    trajectory_format: str = Field("sharegpt", description="sharegpt or openai (for trajectories_path)")
    keep_rollout_dirs: bool = Field(False, description="Leave each rollout's temp directory behind")


class HermesAgentEnv(BaseEnv):
    name = "hermes_agent"
    env_config_cls = HermesEnvConfig

    # -- what a subclass provides --------------------------------------------------------------

    def load_items(self) -> Iterable[dict[str, Any]]:
        raise NotImplementedError("a HermesAgentEnv subclass lists its items in load_items()")

    def make_verifier(self) -> Verifier:
        raise NotImplementedError("a HermesAgentEnv subclass returns its verifier from make_verifier()")

    def load_eval_items(self) -> Iterable[dict[str, Any]]:
        return self.items

    # -- atroposlib hooks ----------------------------------------------------------------------

    @classmethod
    def config_init(cls) -> tuple[HermesEnvConfig, list[APIServerConfig]]:
        env = cls.env_config_cls(group_size=4, use_wandb=False, wandb_name=cls.name,
                                 tokenizer_name=os.environ.get("HERMES_RL_TOKENIZER",
                                                               BaseEnvConfig().tokenizer_name),
                                 max_token_length=16384)
        server = APIServerConfig(base_url=os.environ.get("OPENAI_BASE_URL", "http://127.0.0.1:9001/v1"),
                                 model_name=os.environ.get("HERMES_MODEL", "default"),
                                 api_key=os.environ.get("OPENAI_API_KEY", "x"), server_type="openai",
                                 health_check=False)
        return env, [server]

    async def setup(self) -> None:
        self.items = list(self.load_items())
        if not self.items:
            raise ValueError(f"{type(self).__name__} has no items")
        self.verifier = self.make_verifier()
        self.position = 0
        self.eval_metrics: list[tuple[str, float]] = []
        if not getattr(self.tokenizer, "chat_template", None):
            self.tokenizer.chat_template = CHATML

    async def get_next_item(self) -> dict[str, Any]:
        item = self.items[self.position % len(self.items)]
        self.position += 1
        return item

    def policy(self) -> tuple[RolloutSettings, Any]:
        """Settings and one shared model client for this process's rollouts (built on first use,
        inside atroposlib's event loop, which the client's connections belong to)."""
        if getattr(self, "_policy", None) is None:
            settings = self.rollout_settings()
            self._policy = (settings, build_model(settings))
        return self._policy

    def rollout_settings(self) -> RolloutSettings:
        """The model endpoint is atroposlib's own server config: the policy being trained."""
        server = self.server.servers[0].config
        c: HermesEnvConfig = self.config  # type: ignore[assignment]
        return RolloutSettings(base_url=server.base_url, model=server.model_name,
                               api_key=server.api_key or None, toolsets=list(c.toolsets),
                               terminal_backend=c.terminal_backend, max_turns=c.agent_max_turns,
                               keep_dirs=c.keep_rollout_dirs, system_extra=c.system_extra)

    async def run_group(self, item: dict[str, Any], n: int) -> list[RolloutResult]:
        settings, model = self.policy()
        limit = asyncio.Semaphore(self.config.rollout_concurrency or n)

        async def one() -> RolloutResult:
            async with limit:
                return await run_rollout(item, settings, self.verifier, model=model)

        return list(await asyncio.gather(*(one() for _ in range(n))))

    async def collect_trajectories(self, item: dict[str, Any]) -> tuple[ScoredDataGroup | None, list]:
        results = await self.run_group(item, self.config.group_size)
        group = ScoredDataGroup(tokens=[], masks=[], scores=[], messages=[])
        for r in results:
            chat = trainer_messages(r)
            # every assistant turn is the policy's own output: train on all of them, mask the rest
            tokens, masks = self.tokenize(chat)
            group["tokens"].append(tokens)
            group["masks"].append(masks)
            group["scores"].append(r.score)
            group["messages"].append(chat)
        self._write_trajectories(item, results)
        return group, []

    def _ids(self, chat: list[dict[str, str]], **kw: Any) -> list[int]:
        out = self.tokenizer.apply_chat_template(chat, tokenize=True, **kw)
        # transformers 5 returns a BatchEncoding here, 4.x a list of ids
        return list(out["input_ids"]) if hasattr(out, "keys") else list(out)

    def tokenize(self, chat: list[dict[str, str]]) -> tuple[list[int], list[int]]:
        """Token ids and the trainer's mask (-100 = not trained). atroposlib's `tokenize_for_trainer`
        with train_on_all_assistant_turns does the same, but breaks under transformers 5 (which returns
        a BatchEncoding from apply_chat_template); this works under both."""
        tokens = self._ids(chat)
        masks = [-100] * len(tokens)
        for i, msg in enumerate(chat):
            if msg["role"] == "assistant":
                start = len(self._ids(chat[:i], add_generation_prompt=True))
                end = len(self._ids(chat[: i + 1]))
                masks[start:end] = tokens[start:end]
        return tokens, masks

    def _write_trajectories(self, item: dict[str, Any], results: list[RolloutResult]) -> None:
        path = self.config.trajectories_path
        if not path:
            return
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "a", encoding="utf-8") as f:
            for i, r in enumerate(results):
                meta = {**r.meta(), "env": self.name, "item_id": item.get("id"), "rollout": i}
                rec = formats.record(r.messages, self.config.trajectory_format, meta)
                f.write(json.dumps(rec, ensure_ascii=False) + "\n")

    async def evaluate(self, *args: Any, **kwargs: Any) -> dict[str, float]:
        """One rollout per eval item; the mean score is the environment's accuracy."""
        settings, model = self.policy()
        scores = [(await run_rollout(item, settings, self.verifier, model=model)).score
                  for item in self.load_eval_items()]
        mean = sum(scores) / len(scores) if scores else 0.0
        self.eval_metrics.append(("eval/mean_score", mean))
        return {"eval/mean_score": mean}

    async def wandb_log(self, wandb_metrics: dict | None = None) -> None:
        metrics = dict(wandb_metrics or {})
        for key, value in getattr(self, "eval_metrics", []):
            metrics[key] = value
        self.eval_metrics = []
        await super().wandb_log(metrics)

