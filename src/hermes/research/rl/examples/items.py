"""The example environments' items: plain dicts, no atroposlib.

A file task has `prompt`, optional `files` (seeded into the rollout's working directory) and `check` (a
bash script run there afterwards: exit 0 passes). A QA item has `question` and `answer` (one accepted
string or a list of them).
"""

from __future__ import annotations

FILE_TASKS: list[dict] = [
    {"id": "create-hello",
     "prompt": "Create a file named hello.txt in the current directory whose only content is the line "
               "'hello world'.",
     "check": 'test "$(cat hello.txt)" = "hello world"'},
    {"id": "fix-add",
     "prompt": "calc.py has a bug: add(2, 3) does not return 5. Fix the function in place.",
     "files": {"calc.py": "def add(a, b):\n    return a - b\n"},
     "check": "python3 -c 'from calc import add; assert add(2, 3) == 5 and add(-1, 1) == 0'"},
    {"id": "count-lines",
     "prompt": "Write a bash script count.sh that prints the number of lines in data.txt (just the number).",
     "files": {"data.txt": "alpha\nbeta\ngamma\n"},
     "check": 'test "$(bash count.sh | tr -d " ")" = 3'},
]

QA_ITEMS: list[dict] = [
    {"id": "capital-au", "question": "What is the capital city of Australia?", "answer": "Canberra"},
    {"id": "hexagon", "question": "How many sides does a hexagon have?", "answer": ["6", "six"]},
    {"id": "mul", "question": "What is 17 multiplied by 3?", "answer": "51"},
    {"id": "red-planet", "question": "Which planet is known as the Red Planet?", "answer": "Mars"},
]

QA_RULES = "Answer the user's question. End your reply with a final line of the form 'Answer: <answer>'."
