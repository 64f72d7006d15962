"""Atropos environment: the agent creates or fixes files; a check script in its directory scores it."""

from __future__ import annotations

from hermes.research.rl.env import HermesAgentEnv
from hermes.research.rl.examples.items import FILE_TASKS
from hermes.research.rl.verifiers import CheckScript


class FileTaskEnv(HermesAgentEnv):
    name = "hermes_file_tasks"

    def load_items(self):
        return FILE_TASKS

    def make_verifier(self):
        return CheckScript(timeout=30)


if __name__ == "__main__":
    FileTaskEnv.cli()
