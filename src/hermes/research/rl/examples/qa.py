"""Atropos environment: short-answer questions scored by exact match after normalisation."""

from __future__ import annotations

from hermes.research.rl.env import HermesAgentEnv
from hermes.research.rl.examples.items import QA_ITEMS, QA_RULES
from hermes.research.rl.verifiers import ExactMatch


class QAEnv(HermesAgentEnv):
    name = "hermes_qa"

    @classmethod
    def config_init(cls):
        env, servers = super().config_init()
        env.toolsets = []  # knowledge questions: no tools, so no tool schemas in every token sequence
        env.agent_max_turns = 2
        env.system_extra = QA_RULES
        return env, servers

    def load_items(self):
        return QA_ITEMS

    def make_verifier(self):
        return ExactMatch()


if __name__ == "__main__":
    QAEnv.cli()
