#!/usr/bin/env bash
# gpu-suite.sh [BUILD] — the whole test suite on a machine with an NVIDIA GPU, from a prebuilt
# build folder (no cmake, apt, npm or network needed there; nvcc must be installed).
#
#   1. tests/run.sh: unit + errors + nocrash + e2e (+ --acceptance gpu/acceptance when present),
#      with gpyc's default flags
#   2. tests/run.sh -O0: e2e (+ acceptance) again, compiled with -O0
#   3. tests/gpu/random_vs_cupy.sh: seeded cupy.random programs against real CuPy (SKIP lines
#      when python3 cannot import CuPy)
#   4. tests/gpu/fault_line.sh: a kernel's illegal address traced to the line of its launch
#   5. tests/gpu/misc_vs_cupy.sh: cupy.who and cupy.show_config against real CuPy (SKIP lines
#      as random_vs_cupy's); tests/gpu/npz_numpy.sh: the .npz archives gpyc writes, read by NumPy
#   6. tests/gpu/graph_keys.sh: a loop site replays a CUDA graph per key (runtime/graph.c)
#
# BUILD: the argument, else gpu/build (made by scripts/prepare-gpu.sh), else build.  Unit tests
# run their executables directly (--no-ctest): ctest's files hold the paths of the machine that
# configured the build.  Logs go to $OUT (if set, else BUILD/gpu-suite): default.log, O0.log,
# random-vs-cupy.log, fault-line.log, misc-vs-cupy.log, npz-numpy.log and summary.txt (every PASS/FAIL/SKIP line of the runs and their counts).  Exit status 1 if any
# test failed.
set -u
cd "$(dirname "$0")/.." || exit 1
BUILD=${1:-}
if [ -z "$BUILD" ]; then
    if [ -x gpu/build/bin/gpyc ]; then BUILD=gpu/build; else BUILD=build; fi
fi
LOGS=${OUT:-$BUILD/gpu-suite}
mkdir -p "$LOGS"
JOBS=${GPYC_TEST_JOBS:-$(nproc 2>/dev/null || echo 4)}
ACC=()
ONLY=e2e,alloc
if [ -d gpu/acceptance ]; then
    ACC=(--acceptance gpu/acceptance)
    ONLY=e2e,alloc,acceptance
fi
if ! nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then
    echo "gpu-suite: warning: nvidia-smi lists no GPU; compiled programs will not run" >&2
fi
nvidia-smi -L 2>/dev/null | head -n 4

tests/run.sh --no-ctest -j "$JOBS" "${ACC[@]}" "$BUILD" 2>&1 | tee "$LOGS/default.log"
rc1=${PIPESTATUS[0]}
tests/run.sh --no-ctest -j "$JOBS" -O0 --only "$ONLY" "${ACC[@]}" "$BUILD" 2>&1 | tee "$LOGS/O0.log"
rc2=${PIPESTATUS[0]}
WORK="$LOGS/random-vs-cupy" tests/gpu/random_vs_cupy.sh "$BUILD" 2>&1 | tee "$LOGS/random-vs-cupy.log"
rc3=${PIPESTATUS[0]}
tests/gpu/fault_line.sh "$BUILD" 2>&1 | tee "$LOGS/fault-line.log"
rc4=${PIPESTATUS[0]}
WORK="$LOGS/misc-vs-cupy" tests/gpu/misc_vs_cupy.sh "$BUILD" 2>&1 | tee "$LOGS/misc-vs-cupy.log"
rc5=${PIPESTATUS[0]}
tests/gpu/npz_numpy.sh "$BUILD" 2>&1 | tee "$LOGS/npz-numpy.log"
rc6=${PIPESTATUS[0]}
tests/gpu/graph_keys.sh "$BUILD" 2>&1 | tee "$LOGS/graph-keys.log"
rc7=${PIPESTATUS[0]}

{
    echo "gpyc gpu-suite: $(date -u '+%Y-%m-%d %H:%M:%SZ'); build $BUILD"
    nvidia-smi -L 2>/dev/null | head -n 1
    for run in default O0; do
        echo
        echo "== $run"
        grep -E '^(PASS|FAIL|SKIP) ' "$LOGS/$run.log"
        tail -n 1 "$LOGS/$run.log"
    done
    echo
    echo "== random vs CuPy"
    grep -E '^(PASS|NEAR|FAIL|SKIP) ' "$LOGS/random-vs-cupy.log"
    tail -n 1 "$LOGS/random-vs-cupy.log"
    echo
    echo "== fault line"
    grep -E '^(PASS|FAIL) ' "$LOGS/fault-line.log"
    echo
    echo "== who, show_config vs CuPy; .npz read by NumPy"
    grep -E '^(PASS|FAIL|SKIP) ' "$LOGS/misc-vs-cupy.log" "$LOGS/npz-numpy.log"
    echo
    echo "== graph per key"
    grep -E '^(PASS|FAIL) ' "$LOGS/graph-keys.log"
    echo
    p=0 f=0 s=0
    for run in default O0; do
        read -r a _ b _ c _ < <(tail -n 1 "$LOGS/$run.log")
        case "$a$b$c" in *[!0-9]*|'') continue ;; esac
        p=$((p + a)) f=$((f + b)) s=$((s + c))
    done
    echo "total: $p passed, $f failed, $s skipped"
} >"$LOGS/summary.txt"
tail -n 1 "$LOGS/summary.txt"
[ "$rc1" -eq 0 ] && [ "$rc2" -eq 0 ] && [ "$rc3" -eq 0 ] && [ "$rc4" -eq 0 ] && [ "$rc5" -eq 0 ] && [ "$rc6" -eq 0 ] && [ "$rc7" -eq 0 ]
