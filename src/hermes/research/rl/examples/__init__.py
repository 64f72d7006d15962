"""Example Atropos environments: `file_tasks` (create or fix files, checked by a script) and `qa`
(short answers, exact match). Run one with the `rl` extra installed:

    python -m hermes.research.rl.examples.file_tasks process --env.total_steps 3 --env.group_size 4 \\
        --env.tokenizer_name TOKENIZER --env.use_wandb False --env.data_path_to_save_groups groups.jsonl \\
        --openai.base_url http://127.0.0.1:8000/v1 --openai.model_name MODEL

The items live in `items.py`, free of atroposlib, so other tools (and tests) can use them directly.
"""
