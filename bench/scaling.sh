#!/usr/bin/env bash
# scaling.sh [BUILD] — how gpyc's compile time grows with program size (issue 24: every pass
# linear or n·log n).  Generates programs of n statements in several shapes and prints a table
# of n against the wall seconds of `gpyc --check`, `--emit=kernels` and `--emit=cuda` (codegen
# text, no nvcc) for each.  The table of docs/benchmarks.md ("Compile-time scaling").
#
# Shapes (each program makes x a cupy array first and prints what it computes):
#   chain   x = x * 1.0001 + 1, n times: one fused chain of 2n operations
#   indep   y<i> = x * <c> + <i>, n/2 independent statements, then n/2 prints of y<i>[0]
#   reduce  s<i> = cp.sum(x * <c>) + s<i-1>, n reductions, each feeding the next
#   loop    one for loop whose body is the chain, n statements
#   funcs   n/2 functions def f<i>(a): return a * <c> + 1, then n/2 calls x = f<i>(x)
#   scalar  k = k * 3 + <i> % 7, n host int statements
#
# SIZES (default "1000 4000 10000 40000") and SHAPES (default all) choose the runs; STAGES
# (default "check kernels cuda").  Each figure is the CPU seconds (user + system) of one whole
# gpyc process, so that other work on the machine does not count; WALL=1 prints wall seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
GPYC=${GPYC:-$(cd "$BUILD" && pwd)/bin/gpyc}
SIZES=${SIZES:-1000 4000 10000 40000}
SHAPES=${SHAPES:-chain indep reduce loop funcs scalar}
STAGES=${STAGES:-check kernels cuda}
[ -x "$GPYC" ] || { echo "scaling: $GPYC not found (make first)" >&2; exit 1; }

W=$(mktemp -d "${TMPDIR:-/tmp}/gpyc-scale.XXXXXX")
trap 'rm -rf "$W"' EXIT

# gen SHAPE N: the program, on stdout.
gen() {
    awk -v shape="$1" -v n="$2" 'BEGIN {
        print "import cupy as cp"
        print "x = cp.arange(1000, dtype=cp.float64)"
        if (shape == "chain") {
            for (i = 0; i < n; i++) print "x = x * 1.0001 + 1"
            print "print(x)"
        } else if (shape == "indep") {
            for (i = 0; i < n / 2; i++) printf "y%d = x * %d.5 + %d\n", i, i % 10, i
            for (i = 0; i < n / 2; i++) printf "print(y%d[0])\n", i
        } else if (shape == "reduce") {
            print "s0 = cp.sum(x)"
            for (i = 1; i < n; i++) printf "s%d = cp.sum(x * %d.5) + s%d\n", i, i % 10, i - 1
            printf "print(s%d)\n", n - 1
        } else if (shape == "loop") {
            print "for i in range(3):"
            for (i = 0; i < n; i++) print "    x = x * 1.0001 + 1"
            print "print(x)"
        } else if (shape == "funcs") {
            for (i = 0; i < n / 2; i++) printf "def f%d(a):\n    return a * %d.5 + 1\n", i, i % 10
            for (i = 0; i < n / 2; i++) printf "x = f%d(x)\n", i
            print "print(x)"
        } else if (shape == "scalar") {
            print "k = 1"
            for (i = 0; i < n; i++) printf "k = (k * 3 + %d) %% 7\n", i
            print "print(k)"
        }
    }'
}

# secs ARGS...: CPU (or wall) seconds of one gpyc run ("fail" when it fails).
secs() {
    if ! /usr/bin/time -f '%U %S %e' -o "$W/time" "$GPYC" "$@" >"$W/out" 2>"$W/err"; then echo fail; return; fi
    awk -v wall="${WALL:-0}" '{printf "%.2f", wall == 1 ? $3 : $1 + $2}' "$W/time"
}

printf "%-8s %7s" shape n
for s in $STAGES; do printf " %9s" "$s"; done
echo
for shape in $SHAPES; do
    for n in $SIZES; do
        gen "$shape" "$n" >"$W/p.py"
        printf "%-8s %7d" "$shape" "$n"
        for s in $STAGES; do
            case $s in
            check) t=$(secs "$W/p.py" --check) ;;
            *) t=$(secs "$W/p.py" --emit="$s" -o "$W/out.$s") ;;
            esac
            printf " %9s" "$t"
        done
        echo
    done
done
