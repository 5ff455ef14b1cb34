#!/usr/bin/env bash
# npbench-subset.sh [BUILD] [OUTDIR] — issue 25's NPBench programs timed on the GPU machine:
# npbench-time's run-time (../shared/external/npbench-time: gpyc, CuPy and JAX in the same run,
# one program at a time) over the programs issue 25's changes touch — softmax (row chains, a
# warp per short row), azimint_naive and mandelbrot1 (masked.c), doitgen (fold_batch),
# floyd_warshall, gramschmidt, symm and trmm (loopmap.c; azimint_naive's bin loop too), the
# matrix-vector programs (atax, bicg, gesummv, mvt, gemver: fused GEMVs), azimint_hist
# (rt_histogram's shared bins) and the library-bound rows (cholesky2, contour_integral:
# cuSOLVER) and stockham_fft.
# Prints run-time's table (OUTDIR/results.md) and leaves every run's output in OUTDIR.
# BUILD: the argument, else gpu/build, else build.  OUTDIR: default /tmp/npbench-subset.
# NPBENCH_TIME: the folder of run-time (default: ../shared/external/npbench-time or
# shared/external/npbench-time beside this checkout, else /work/shared/external/npbench-time).
# ONLY overrides the program list (a glob on NN_name, as run-time takes it).
set -u
cd "$(dirname "$0")/.." || exit 1
BUILD=${1:-}
if [ -z "$BUILD" ]; then
    if [ -x gpu/build/bin/gpyc ]; then BUILD=gpu/build; else BUILD=build; fi
fi
OUT=${2:-/tmp/npbench-subset}
NT=${NPBENCH_TIME:-}
if [ -z "$NT" ]; then
    for d in ../shared/external/npbench-time shared/external/npbench-time /work/shared/external/npbench-time; do
        [ -x "$d/run-time" ] && { NT=$d; break; }
    done
fi
if [ -z "$NT" ] || [ ! -x "$NT/run-time" ]; then
    echo "npbench-subset: run-time not found (set NPBENCH_TIME)" >&2
    exit 2
fi
export ONLY=${ONLY:-'@(03_atax|04_azimint_hist|05_azimint_naive|06_bicg|10_cholesky2|12_contour_integral|18_doitgen|21_floyd_warshall|23_gemver|24_gesummv|26_gramschmidt|36_mandelbrot1|39_mvt|45_softmax|47_stockham_fft|48_symm|52_trmm)'}
"$NT/run-time" "$BUILD/bin/gpyc" "$OUT"
status=$?
cat "$OUT/results.md" 2>/dev/null
exit $status
