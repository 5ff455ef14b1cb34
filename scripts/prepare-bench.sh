#!/usr/bin/env bash
# prepare-bench.sh — copies the benchmark workloads ($SHARED/bench; SHARED defaults to
# /work/shared, else ../shared beside the checkout) into the git-ignored folder gpu/bench, so
# that they travel to the GPU machine with gpu/, with gpyc's own workloads (bench/workloads/:
# sort, cumsum, tall-and-thin column sums, loops captured as CUDA graphs; CuPy only). Run
# scripts/prepare-gpu.sh too.
# Then, on the GPU machine (carrying gpu/):  bench/run.sh
#
#   --prebuild [BUILD]  also compile every workload here with BUILD/bin/gpyc (default build)
#                       and $GPYC_FLAGS (default --arch=sm_90) into gpu/bench/bin/wN_name.gz,
#                       so that the GPU machine spends no time compiling:
#                       BENCH_BIN=gpu/bench/bin bench/run.sh; gpu/bench/bin/COMMIT records
#                       this checkout's commit for the report's header
set -euo pipefail
cd "$(dirname "$0")/.."
prebuild=""
if [ "${1:-}" = "--prebuild" ]; then
    prebuild=${2:-build}
fi

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

if [ -n "$prebuild" ]; then
    gpyc=$(cd "$prebuild" && pwd)/bin/gpyc
    read -r -a flags <<<"${GPYC_FLAGS:---arch=sm_90}"
    mkdir -p gpu/bench/bin
    bin=$(cd gpu/bench/bin && pwd)
    status=0
    for f in gpu/bench/cupy/w*.py; do
        b=$(basename "$f" .py)
        while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || status=1; done
        ( cd gpu/bench/cupy && "$gpyc" "$b.py" -o "$bin/$b" "${flags[@]}" && gzip -f "$bin/$b" ) &
    done
    while [ "$(jobs -rp | wc -l)" -gt 0 ]; do wait -n || status=1; done
    # the commit the binaries were built from, for the report's header: the GPU machine's copy
    # of the tree need not carry this checkout's git state
    scripts/commit-label.sh >"$bin/COMMIT"
    echo "prepare-bench: prebuilt $(find gpu/bench/bin -name '*.gz' | wc -l) workloads with ${flags[*]}" \
        "into gpu/bench/bin ($(du -sh gpu/bench/bin | cut -f1))"
    exit $status
fi
