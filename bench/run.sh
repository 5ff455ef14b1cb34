#!/usr/bin/env bash
# run.sh [BUILD] [WORKLOAD-GLOB] — gpyc's benchmark harness, run on a machine with an NVIDIA GPU
# from the repo root's copy (it cd's there itself).
#
#   BUILD          a prebuilt build folder holding bin/gpyc (default gpu/build if it exists, else
#                  build); nvcc must be installed where this runs
#   WORKLOAD-GLOB  which workloads: a glob matched against the start of cupy/wN_name (default
#                  all; 'w2' is w2_fused_chain, 'w[239]' is w2, w3 and w9)
#
# For each workload wN_name.py in $BENCH_DIR/cupy (default gpu/bench, made by
# scripts/prepare-bench.sh): compile it with gpyc (nproc at a time, before anything is
# timed), run the binary, `python3 cupy/wN_name.py` (CuPy) and `python3 jax/wN_name_jax.py` (JAX),
# one after another, each under a timeout. Before the workloads, bench/copy_bw.py measures the
# device-to-device copy bandwidth. w9 (startup) is timed as whole processes: one untimed run, then
# $BENCH_W9_RUNS timed ones of each (median), plus one CuPy run with an empty kernel cache.
# bench/report.py turns the logs into a Markdown table (stdout, and $OUT/bench.md).
#
# Invariants: a failure of one compile or run (error, crash, timeout, missing JAX) never stops
# the others; it shows as "n/a (why)" in its cell. Nothing is started once the time budget is
# spent, so the whole run ends within about BENCH_BUDGET s plus one report. $OUT (if set) gets
# exactly two files: bench.md (rewritten after each workload) and bench-raw.log (appended as runs
# end: commands, exit status, wall time, stdout, the ends of stderr).
#
# Environment:
#   BENCH_DIR          workloads folder holding cupy/ and jax/ (default gpu/bench)
#   BENCH_TIMEOUT      seconds one run may take (default 120)
#   BENCH_BUDGET       seconds for the whole run, compiles included (default 500)
#   BENCH_W9_RUNS      timed whole-process runs for w9 (default 5)
#   BENCH_PYTHON       the Python that has CuPy and JAX (default python3)
#   BENCH_COPY_SCRIPT  the copy-bandwidth script (default bench/copy_bw.py)
#   BENCH_KEEP=1       keep the work folder (binaries, per-run logs) and print its path
#   GPYC_FLAGS         extra gpyc flags, e.g. --arch=sm_90
#   BENCH_BIN          a folder of binaries gpyc built elsewhere (scripts/prepare-bench.sh
#                      --prebuild, on a machine without a GPU): wN_name or wN_name.gz there is
#                      used instead of compiling wN_name.py here (compile time reported as 0)
set -u
cd "$(dirname "$0")/.." || exit 1

BUILD=${1:-}
if [ -z "$BUILD" ]; then
    if [ -x gpu/build/bin/gpyc ]; then BUILD=gpu/build; else BUILD=build; fi
fi
GLOB=${2:-w*}
case "$GLOB" in *\*) ;; *) GLOB="$GLOB*" ;; esac
BENCH=${BENCH_DIR:-gpu/bench}
TMO=${BENCH_TIMEOUT:-120}
BUDGET=${BENCH_BUDGET:-500}
W9_RUNS=${BENCH_W9_RUNS:-5}
PY=${BENCH_PYTHON:-python3}
COPY_SCRIPT=${BENCH_COPY_SCRIPT:-bench/copy_bw.py}
read -r -a GFLAGS <<<"${GPYC_FLAGS:-}"
START=$SECONDS
export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1

if [ ! -d "$BENCH/cupy" ]; then
    echo "bench: no workloads in $BENCH/cupy (run scripts/prepare-bench.sh, or set BENCH_DIR)" >&2
    exit 1
fi
GPYC=$BUILD/bin/gpyc
[ -d "$BUILD" ] && GPYC="$(cd "$BUILD" && pwd)/bin/gpyc"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpyc-bench.XXXXXX") && WORK=$(cd "$WORK" && pwd) || exit 1
mkdir -p "$WORK/bin"
if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT"
    RAW=$OUT/bench-raw.log
    MD=$OUT/bench.md
else
    RAW=$WORK/bench-raw.log
    MD=$WORK/bench.md
fi
: >"$RAW"

# remaining — seconds left of the budget.
remaining() { echo $((BUDGET - (SECONDS - START))); }

# now_ns — the wall clock in nanoseconds.
now_ns() { date +%s%N; }

# ms_since T0 — milliseconds (3 decimals) from T0 (ns) to now.
ms_since() {
    local us=$((($(now_ns) - $1) / 1000))
    printf '%d.%03d' $((us / 1000)) $((us % 1000))
}

# rawlog P TITLE — appends the run whose files start with P to the raw log.
rawlog() {
    local p=$1 n
    {
        echo "=== $2"
        echo "--- exit $(cat "$p.rc" 2>/dev/null), $(cat "$p.wall" 2>/dev/null) ms"
        head -n 200 "$p.out" 2>/dev/null
        n=$(wc -l <"$p.err" 2>/dev/null || echo 0)
        if [ "$n" -gt 0 ]; then
            if [ "$n" -le 80 ]; then
                echo "--- stderr ($n lines)"
                cat "$p.err"
            else
                echo "--- stderr ($n lines; first 40 and last 40)"
                head -n 40 "$p.err"
                echo "[...]"
                tail -n 40 "$p.err"
            fi
        fi
        echo
    } >>"$RAW"
}

# runone P CMD... — runs CMD under the timeout (cut to what is left of the budget): stdout to
# P.out, stderr to P.err, exit status to P.rc, wall ms to P.wall; or, when the budget is spent,
# only P.note saying so. Returns CMD's exit status (1 when skipped).
runone() {
    local p=$1 t rc t0
    shift
    t=$(remaining)
    if [ "$t" -lt 10 ]; then
        echo "skipped: the ${BUDGET} s budget was spent" >"$p.note"
        return 1
    fi
    [ "$t" -gt "$TMO" ] && t=$TMO
    t0=$(now_ns)
    timeout -k 5 "$t" "$@" >"$p.out" 2>"$p.err" </dev/null
    rc=$?
    ms_since "$t0" >"$p.wall"
    echo "$rc" >"$p.rc"
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        echo "timed out after $t s" >"$p.note"
    fi
    rawlog "$p" "$(basename "$p"): $*"
    return "$rc"
}

# startup P CMD... — w9: one untimed run of CMD (its output is the one reported), then W9_RUNS
# timed runs; each successful run's wall ms is one line of P.walls.
startup() {
    local p=$1 i
    shift
    runone "$p" "$@" || return
    : >"$p.walls"
    for ((i = 1; i <= W9_RUNS; i++)); do
        runone "$p.t$i" "$@" && cat "$p.t$i.wall" >>"$p.walls"
        echo >>"$p.walls"
    done
}

# report — (re)writes the Markdown report from what has run so far.
# (python3 even when BENCH_PYTHON is another: report.py needs only the standard library.)
report() {
    if python3 bench/report.py "$WORK" >"$MD.tmp" 2>>"$RAW"; then
        mv "$MD.tmp" "$MD"
    else
        rm -f "$MD.tmp"
        echo "bench: bench/report.py failed (its error is in $RAW)" >&2
    fi
}

# meta KEY VALUE — one line of WORK/meta.txt.
meta() { printf '%s=%s\n' "$1" "$2" >>"$WORK/meta.txt"; }

# --- what runs where
bases=()
for f in "$BENCH"/cupy/*.py; do
    b=$(basename "$f" .py)
    # shellcheck disable=SC2053  # GLOB is a pattern on purpose
    [[ $b == $GLOB ]] && bases+=("$b")
done
if [ ${#bases[@]} -eq 0 ]; then
    echo "bench: no workload in $BENCH/cupy matches '$GLOB'" >&2
    rm -rf "$WORK"
    exit 1
fi
printf '%s\n' "${bases[@]}" >"$WORK/workloads.txt"

nvcc=""
for c in "${CUDA_HOME:-}/bin/nvcc" "${CUDA_PATH:-}/bin/nvcc" "$(command -v nvcc 2>/dev/null)" \
    /usr/local/cuda/bin/nvcc; do
    if [ -x "$c" ]; then nvcc=$c; break; fi
done
meta date "$(date -u '+%Y-%m-%d %H:%M:%SZ')"
meta build "$BUILD"
meta gpyc_flags "${GPYC_FLAGS:-}"
meta gpyc_prebuilt "${BENCH_BIN:-no (compiled in this run)}"
meta gpyc_version "$("$GPYC" --version 2>/dev/null || echo "not found at $GPYC")"
# prebuilt binaries name the commit they were built from (prepare-bench.sh --prebuild); else
# this tree's git state, which on a machine given a copy of the tree may not be the source's
if [ -n "${BENCH_BIN:-}" ] && [ -s "$BENCH_BIN/COMMIT" ]; then
    commit="$(head -n 1 "$BENCH_BIN/COMMIT") (prebuilt)"
else
    commit=$(scripts/commit-label.sh)
fi
meta commit "$commit"
gpu=$(nvidia-smi -L 2>/dev/null | head -n 1 | sed 's/ (UUID:.*//')
drv=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n 1)
meta gpu "${gpu:-none found (nvidia-smi -L)}${drv:+, driver $drv}"
meta nvcc "$([ -n "$nvcc" ] && "$nvcc" --version 2>/dev/null | grep -m1 -o 'release.*' || echo 'not found')"
read -r v_numpy v_py < <(timeout 60 "$PY" -c \
    'import sys, numpy; print(numpy.__version__, sys.version.split()[0])' 2>/dev/null) || true
v_cupy=$(timeout 60 "$PY" -c 'import cupy; print(cupy.__version__)' 2>/dev/null | tail -n 1)
meta cupy "${v_cupy:-not importable}"
meta numpy "${v_numpy:-?}"
meta python "${v_py:-?}"
v_jax=$(timeout 60 "$PY" -c 'import jax; print(jax.__version__)' 2>/dev/null | tail -n 1)
meta jax "${v_jax:-not importable}"
echo "bench: ${#bases[@]} workloads from $BENCH, gpyc $GPYC; ${gpu:-no GPU listed}" >&2

# --- compile the workloads, nproc at a time (nothing is timed yet)
jobs_max=$(nproc 2>/dev/null || echo 4)
for b in "${bases[@]}"; do
    p=$WORK/$b.compile
    if [ ! -x "$GPYC" ]; then
        echo "no gpyc at $GPYC" >"$WORK/$b.gpyc.note"
        continue
    fi
    pre=${BENCH_BIN:+$BENCH_BIN/$b}
    if [ -n "$pre" ] && { [ -f "$pre" ] || [ -f "$pre.gz" ]; }; then
        if [ -f "$pre.gz" ]; then gzip -dc "$pre.gz" >"$WORK/bin/$b"; else cp "$pre" "$WORK/bin/$b"; fi
        chmod +x "$WORK/bin/$b"
        echo 0 >"$p.rc"
        echo 0 >"$p.wall"
        echo "prebuilt: $pre" >"$p.out"
        : >"$p.err"
        continue
    fi
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    (
        t0=$(now_ns)
        # From inside cupy/, so that errors name the script as a user would see them.
        cd "$BENCH/cupy" &&
            timeout -k 5 "$(($(remaining) > 300 ? 300 : $(remaining) > 10 ? $(remaining) : 10))" \
                "$GPYC" "$b.py" -o "$WORK/bin/$b" "${GFLAGS[@]}" \
                >"$p.out" 2>"$p.err" </dev/null
        echo $? >"$p.rc"
        ms_since "$t0" >"$p.wall"
    ) &
done
wait
for b in "${bases[@]}"; do
    p=$WORK/$b.compile
    [ -f "$p.rc" ] || continue
    rawlog "$p" "$b.compile: (cd $BENCH/cupy && $GPYC $b.py -o $WORK/bin/$b ${GPYC_FLAGS:-})"
    awk '{ printf "%.1f\n", $1 / 1000 }' "$p.wall" >"$p.secs"
    rc=$(cat "$p.rc")
    if [ "$rc" -ne 0 ] || [ ! -x "$WORK/bin/$b" ]; then
        if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
            msg="timed out"
        else
            msg=$(grep -m 1 -i 'error' "$p.err" || grep -m 1 . "$p.err" || echo "exit $rc")
        fi
        echo "does not compile: $msg" >"$WORK/$b.gpyc.note"
    fi
done
echo "bench: compiled in $((SECONDS - START)) s" >&2

# --- the copy ceiling, then the workloads one by one
runone "$WORK/copy.bw" "$PY" "$COPY_SCRIPT"
for b in "${bases[@]}"; do
    echo "bench: $b" >&2
    jaxf=$BENCH/jax/${b}_jax.py
    [ -f "$jaxf" ] || echo "no JAX harness" >"$WORK/$b.jax.note"
    case "$b" in
    w9* | *startup*)
        [ -f "$WORK/$b.gpyc.note" ] || startup "$WORK/$b.gpyc" "$WORK/bin/$b"
        startup "$WORK/$b.cupy" "$PY" "$BENCH/cupy/$b.py"
        cold=$(mktemp -d "$WORK/cupy-cache.XXXXXX")
        CUPY_CACHE_DIR=$cold runone "$WORK/$b.cupy_cold" "$PY" "$BENCH/cupy/$b.py" &&
            cat "$WORK/$b.cupy_cold.wall" >"$WORK/$b.cupy_cold.walls"
        [ -f "$jaxf" ] && startup "$WORK/$b.jax" "$PY" "$jaxf"
        ;;
    *)
        [ -f "$WORK/$b.gpyc.note" ] || runone "$WORK/$b.gpyc" "$WORK/bin/$b"
        runone "$WORK/$b.cupy" "$PY" "$BENCH/cupy/$b.py"
        [ -f "$jaxf" ] && runone "$WORK/$b.jax" "$PY" "$jaxf"
        ;;
    esac
    report
done

report
[ -f "$MD" ] && cat "$MD"
echo >&2
echo "bench: done in $((SECONDS - START)) s; report in $MD, raw log in $RAW" >&2
if [ "${BENCH_KEEP:-0}" = 1 ] || [ -z "${OUT:-}" ]; then
    echo "bench: work folder kept: $WORK" >&2
else
    rm -rf "$WORK"
fi
