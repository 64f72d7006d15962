"""Record how real local models write tool calls when nothing parses them for them.

Each prompt runs through llama.cpp with no grammar, the way Ollama, llama.cpp's server or vLLM
without a tool parser serve it, in two set-ups: the GGUF's own chat template given Hermes's real
tool schemas (`template`), and a plain system prompt that lists the tools as JSON (`listed`).
The raw replies go to tests/data/text_tool_calls_recorded.json, which the tests replay.

    python bench/record_text_calls.py --model-path /work/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "text_tool_calls_recorded.json"

# (prompt, expected tool or None when the reply must stay text)
PROMPTS = [
    ("Create a file named hello.txt in the current directory containing: hi there", "write_file"),
    ("Remember this: my favourite editor is Helix.", "memory"),
    ("Run the command `uname -s` and tell me what it prints.", "terminal"),
    ("Read the file notes.md and summarise it.", "read_file"),
    ("Search my past conversations for what we said about the Postgres migration.", "session_search"),
    ("What is the capital of France? Answer in one word.", None),
    ("Explain in two sentences what a JSON object is, with a tiny example.", None),
]


def tool_schemas() -> list[dict]:
    from hermes.config import load_config
    from hermes.home import Home
    from hermes.runtime import Hermes
    from hermes.testing import ScriptedModel

    home = Home(Path(tempfile.mkdtemp()) / "home").ensure()
    h = Hermes(home, load_config(home), model=ScriptedModel())
    return h.registry.subset(h.config.toolsets).schemas()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model-path", required=True)
    ap.add_argument("--max-tokens", type=int, default=160)
    ap.add_argument("--setups", default="template,listed", help="Comma-separated: template, listed.")
    args = ap.parse_args()
    import llama_cpp
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    tools = tool_schemas()
    llm = llama_cpp.Llama(model_path=args.model_path, n_ctx=8192, n_threads=os.cpu_count() or 2, verbose=False)
    template = llm.metadata["tokenizer.chat_template"]
    eos = llm._model.token_get_text(llm.token_eos())
    fmt = Jinja2ChatFormatter(template, eos, "", stop_token_ids=[llm.token_eos()])
    listed_system = ("You are a helpful assistant with these tools. To use one, reply with a JSON object "
                     "with its name and arguments.\n" + json.dumps([t["function"] for t in tools]))
    records = json.loads(OUT.read_text()) if OUT.exists() else []
    name = Path(args.model_path).name
    records = [r for r in records if not (r["model"] == name and r["setup"] in args.setups.split(","))]
    for prompt, expect in PROMPTS:
        for setup in args.setups.split(","):
            if setup == "template":
                chat = [{"role": "user", "content": prompt}]
                text = fmt(messages=chat, tools=tools).prompt
            else:
                chat = [{"role": "system", "content": listed_system}, {"role": "user", "content": prompt}]
                text = fmt(messages=chat).prompt
            t0 = time.perf_counter()
            out = llm.create_completion(text, max_tokens=args.max_tokens, temperature=0.0, stop=[eos])
            raw = out["choices"][0]["text"]
            records.append({"model": name, "setup": setup, "prompt": prompt, "expect": expect, "raw": raw})
            print(f"[{setup} {time.perf_counter() - t0:5.1f}s] {prompt[:40]!r} -> {raw[:120]!r}", file=sys.stderr)
    OUT.write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(records)} records in {OUT}")


if __name__ == "__main__":
    main()
