#!/usr/bin/env bash
# graphs.sh [BUILD] — loops captured as CUDA graphs against plain launches, on the GPU machine:
# compiles the workloads whose loops gpyc captures (w13_graph_loop, w14_graph_short, w8_jacobi_2d)
# once, then runs each binary with GPYRT_GRAPHS=0 (plain launches) and with graphs at several
# iterations per graph (GPYRT_GRAPH_UNROLL), and prints one line per run:
#     workload  setting  TIME ms  PER_ITER_US  CHECK...  graphs: C captured, L launches, F thrown away, R reused
# CHECK values must agree between the settings (same results, captured or not).
# BUILD: the argument, else gpu/build, else build.  Workloads: $BENCH_DIR/cupy (default gpu/bench,
# made by scripts/prepare-bench.sh), else bench/workloads and ../shared/bench/cupy.
set -u
cd "$(dirname "$0")/.." || exit 1
BUILD=${1:-}
if [ -z "$BUILD" ]; then
    if [ -x gpu/build/bin/gpyc ]; then BUILD=gpu/build; else BUILD=build; fi
fi
GPYC=$(cd "$BUILD" && pwd)/bin/gpyc
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
find_workload() {
    for d in "${BENCH_DIR:-gpu/bench}/cupy" bench/workloads /work/shared/bench/cupy ../shared/bench/cupy; do
        [ -f "$d/$1.py" ] && { echo "$d/$1.py"; return; }
    done
}
for w in w13_graph_loop w14_graph_short w8_jacobi_2d; do
    src=$(find_workload $w)
    if [ -z "$src" ]; then echo "$w  not found"; continue; fi
    if ! (cd "$(dirname "$src")" && "$GPYC" $(basename "$src") -o "$WORK/$w" ${GPYC_FLAGS:-}) \
        >"$WORK/$w.cc" 2>&1; then
        echo "$w  does not compile: $(head -n 1 "$WORK/$w.cc")"
        continue
    fi
    for setting in "GPYRT_GRAPHS=0" "GPYRT_GRAPH_UNROLL=1" "GPYRT_GRAPH_UNROLL=4" \
                   "GPYRT_GRAPH_UNROLL=8" "GPYRT_GRAPH_UNROLL=32"; do
        if ! env GPYRT_STATS=1 "$setting" timeout 300 "$WORK/$w" >"$WORK/out" 2>"$WORK/err"; then
            echo "$w  $setting  failed: $(tail -n 1 "$WORK/err")"
            continue
        fi
        t=$(sed -n "s/^TIME $w //p" "$WORK/out")
        p=$(sed -n "s/^PER_ITER_US $w //p" "$WORK/out")
        c=$(sed -n "s/^CHECK $w //p" "$WORK/out")
        g=$(sed -n 's/^gpyrt: \(graphs: .*\)$/\1/p' "$WORK/err")
        printf '%-16s %-22s TIME %-10s PER_ITER_US %-8s CHECK %s  %s\n' "$w" "$setting" "$t" "${p:--}" "$c" "$g"
    done
done
