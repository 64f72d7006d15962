"""RL environments: Hermes agent rollouts scored by verifiers, served to Atropos trainers.

`rollout` and `verifiers` need nothing beyond Hermes; `env` (the Atropos `BaseEnv`) needs the `rl` extra:
`pip install 'hermes-recall[rl]'` (atroposlib, best in its own venv).
"""

from hermes.research.rl.rollout import RolloutResult, RolloutSettings, run_rollout  # noqa: F401
from hermes.research.rl.verifiers import CheckScript, ExactMatch, Verdict, Verifier  # noqa: F401
