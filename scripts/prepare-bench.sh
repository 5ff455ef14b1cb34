#!/usr/bin/env bash
# prepare-bench.sh — copies the benchmark workloads ($SHARED/bench; SHARED defaults to
# /work/shared, else ../shared beside the checkout) into the git-ignored folder gpu/bench, so
# that they travel to the GPU machine with gpu/, with gpyc's own workloads (bench/workloads/:
# sort, cumsum, tall-and-thin column sums, loops captured as CUDA graphs; CuPy only). Run
# scripts/prepare-gpu.sh too.
# Then, on the GPU machine (carrying gpu/):  bench/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."

shared=${SHARED:-}
if [ -z "$shared" ]; then
    for c in /work/shared ../shared; do
        if [ -d "$c/bench/cupy" ]; then shared=$c; break; fi
    done
fi
if [ -z "$shared" ] || [ ! -d "$shared/bench/cupy" ]; then
    echo "prepare-bench: no bench/cupy folder (set SHARED to the folder holding bench/)" >&2
    exit 1
fi

mkdir -p gpu
rm -rf gpu/bench
cp -r "$shared/bench" gpu/bench
chmod -R u+w gpu/bench
find gpu/bench -name __pycache__ -type d -prune -exec rm -rf {} +
# gpyc's own workloads (issue 5's figures; CuPy only, no JAX harness)
cp bench/workloads/w*.py gpu/bench/cupy/
echo "prepare-bench: copied $(find gpu/bench/cupy -name '*.py' | wc -l) CuPy workloads and" \
    "$(find gpu/bench/jax -name '*.py' 2>/dev/null | wc -l) JAX files into gpu/bench ($(du -sh gpu/bench | cut -f1))"
