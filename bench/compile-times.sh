#!/usr/bin/env bash
# compile-times.sh [BUILD] — how long gpyc takes to compile a fixed set of programs, on this
# machine, default archs: the table of issue 20 (docs/benchmarks.md, "Compile times").
#
#   cold  an empty kernel cache (a fresh GPYC_CACHE_DIR for each run)
#   warm  the same program again with its kernels in the cache
#   edit  one line changed (a constant of 16_kmeans.py's first array expression) after the
#         original was compiled into a fresh cache
#
# Each figure is the median wall time of RUNS runs (default 3; RUNS=1 for a quick look).
# Programs: ../shared/acceptance/16_kmeans.py, a one-line script, and every NPBench kernel
# that compiles (SHARED, default /work/shared, else ../shared); NPBENCH=0 leaves NPBench out.
# Wall times of whole gpyc processes, measured with date; nothing else runs gpyc meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
GPYC=$(cd "$BUILD" && pwd)/bin/gpyc
RUNS=${RUNS:-3}
shared=${SHARED:-}
for c in /work/shared ../shared; do
    if [ -z "$shared" ] && [ -d "$c/acceptance" ]; then shared=$c; fi
done
[ -x "$GPYC" ] || { echo "compile-times: $GPYC not found (make first)" >&2; exit 1; }
[ -n "$shared" ] || { echo "compile-times: no shared folder (set SHARED)" >&2; exit 1; }

W=$(mktemp -d "${TMPDIR:-/tmp}/gpyc-ct.XXXXXX")
trap 'rm -rf "$W"' EXIT

# secs CACHE FILE: the wall seconds of one compile of FILE with the cache folder CACHE
# (prints "fail" when it does not compile).
secs() {
    local t0 t1
    t0=$(date +%s.%N)
    if ! GPYC_CACHE_DIR=$1 "$GPYC" "$2" -o "$W/a.out" >"$W/log" 2>&1; then echo fail; return; fi
    t1=$(date +%s.%N)
    echo "$t0 $t1" | awk '{printf "%.2f", $2 - $1}'
}
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {if (NR == 0) print "-"; else print a[int((NR + 1) / 2)]}'; }

# cold FILE / warm FILE / edit ORIG EDITED: median seconds over RUNS runs.
cold() {
    local v="" i
    for i in $(seq "$RUNS"); do rm -rf "$W/c"; v="$v $(secs "$W/c" "$1")"; done
    echo "$v" | median
}
warm() {
    local v="" i
    rm -rf "$W/c"
    secs "$W/c" "$1" >/dev/null
    for i in $(seq "$RUNS"); do v="$v $(secs "$W/c" "$1")"; done
    echo "$v" | median
}
edit() {
    local v="" i
    for i in $(seq "$RUNS"); do
        rm -rf "$W/c"
        secs "$W/c" "$1" >/dev/null
        v="$v $(secs "$W/c" "$2")"
    done
    echo "$v" | median
}

echo "gpyc compile times: $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, medians of $RUNS, $(date -u +%Y-%m-%d)"
echo
echo "| program | cold (empty cache) | warm (cache filled) | one line edited |"
echo "| --- | ---: | ---: | ---: |"
cp "$shared/acceptance/16_kmeans.py" "$W/16_kmeans.py"
sed 's/\* 0\.8$/* 0.75/' "$W/16_kmeans.py" >"$W/16_kmeans_edit.py"
cmp -s "$W/16_kmeans.py" "$W/16_kmeans_edit.py" && { echo "compile-times: the edit did not apply" >&2; exit 1; }
echo "| 16_kmeans.py | $(cold "$W/16_kmeans.py") s | $(warm "$W/16_kmeans.py") s | $(edit "$W/16_kmeans.py" "$W/16_kmeans_edit.py") s |"
printf 'import cupy as cp\nprint(cp.arange(10).sum())\n' >"$W/tiny.py"
echo "| tiny script (\`print(cp.arange(10).sum())\`) | $(cold "$W/tiny.py") s | $(warm "$W/tiny.py") s | – |"

[ "${NPBENCH:-1}" = 0 ] && exit 0
cols="" warms="" rows=""
for f in "$shared"/external/npbench/*.py; do
    "$GPYC" --check "$f" >/dev/null 2>&1 || continue
    c=$(cold "$f")
    w=$(warm "$f")
    cols="$cols $c"
    warms="$warms $w"
    rows="$rows| $(basename "$f") | $c s | $w s | – |\n"
done
range() { tr ' ' '\n' | grep -v '^$' | sort -g | awk 'NR == 1 {lo = $1} {hi = $1; n++} END {printf "%s–%s s (%d programs)", lo, hi, n}'; }
echo "| every NPBench program that compiles | $(echo "$cols" | range) | $(echo "$warms" | range) | – |"
echo
echo "NPBench, each program:"
echo
echo "| program | cold | warm | |"
echo "| --- | ---: | ---: | --- |"
printf "%b" "$rows"
