#!/usr/bin/env bash
# fuzz.sh [--smoke] — coverage-guided fuzzing of gpyc's compile stages (issue 24): builds the
# libFuzzer harness tests/fuzz/fuzz_gpyc.c with clang, ASan and UBSan into FUZZ_BUILD (default
# build-fuzz), makes the seed corpus from the programs in the tree (tests/e2e, tests/errors,
# tests/golden, tests/rterr, samples: every .py) and runs the harness.
#
#   FUZZ_TIME=seconds   how long (default 600); with FUZZ_JOBS > 1, each job runs that long
#   FUZZ_JOBS=n         parallel fuzzing processes sharing the corpus (default 1)
#   --smoke             the test suite's run (tests/run.sh fuzz): FUZZ_TIME 60, one job, the
#                       corpus kept in a fresh folder so that runs do not feed each other
#
# The corpus grows in FUZZ_BUILD/corpus (kept between runs), findings land in
# FUZZ_BUILD/findings/ (crash-*, leak-*, timeout-*, oom-*; slow-unit-* are notes, not counted);
# replay one with
#   FUZZ_BUILD/bin/gpyc_fuzz FILE
# Exit status: 0 without findings, 1 with; 77 when clang's fuzzer runtime is missing (the
# suite prints SKIP then).
set -euo pipefail
cd "$(dirname "$0")/../.."
FUZZ_BUILD=${FUZZ_BUILD:-build-fuzz}
FUZZ_TIME=${FUZZ_TIME:-600}
FUZZ_JOBS=${FUZZ_JOBS:-1}
CLANG=${CLANG:-clang}
smoke=0
[ "${1:-}" = --smoke ] && { smoke=1; FUZZ_TIME=60; FUZZ_JOBS=1; }

# clang with its fuzzer runtime (Debian: clang and libclang-rt-14-dev)?
probe=$(mktemp -d "${TMPDIR:-/tmp}/gpyc-fuzz.XXXXXX")
trap 'rm -rf "$probe"' EXIT
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return d && n; }' >"$probe/p.c"
if ! "$CLANG" -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" >/dev/null 2>&1; then
    echo "fuzz: $CLANG cannot link -fsanitize=fuzzer (install clang and libclang-rt-14-dev)" >&2
    exit 77
fi

if [ ! -f "$FUZZ_BUILD/CMakeCache.txt" ]; then
    CC=$CLANG CXX=${CLANG}++ cmake -S . -B "$FUZZ_BUILD" -DGPYC_FUZZ=ON -DGPYC_RUNTIME=OFF \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$probe/cmake.log" 2>&1 || { cat "$probe/cmake.log" >&2; exit 1; }
fi
cmake --build "$FUZZ_BUILD" --target gpyc_fuzz -j "${JOBS:-2}" >"$probe/build.log" 2>&1 ||
    { tail -30 "$probe/build.log" >&2; exit 1; }

fb=$(cd "$FUZZ_BUILD" && pwd)
seeds=$fb/seeds
rm -rf "$seeds"
mkdir -p "$seeds" "$fb/findings"
for f in tests/e2e/*.py tests/errors/*.py tests/golden/*.py tests/rterr/*.py tests/nocrash/*.py samples/*.py; do
    [ -f "$f" ] && cp "$f" "$seeds/$(echo "$f" | tr / _)"
done
corpus=$fb/corpus
if [ $smoke = 1 ]; then corpus=$probe/corpus; fi
mkdir -p "$corpus"

args=(-max_total_time="$FUZZ_TIME" -timeout=10 -rss_limit_mb=2048 -max_len=8192
      -dict="$PWD/tests/fuzz/gpyc.dict" -artifact_prefix="$fb/findings/" -print_final_stats=1)
if [ "$FUZZ_JOBS" -gt 1 ]; then args+=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS"); fi
# findings: crash-, leak-, timeout-, oom- files (libFuzzer's slow-unit- files are notes: a unit
# over 10 s of wall time, which a loaded or suspended machine gives too; replay them)
count_findings() { find "$fb/findings" -type f ! -name 'slow-unit-*' | wc -l; }
before=$(count_findings)
rm -f "$fb"/fuzz-*.log
status=0
(cd "$fb" && exec ./bin/gpyc_fuzz "${args[@]}" "$corpus" "$seeds") >"$fb/fuzz.log" 2>&1 || status=$?
after=$(count_findings)
# executions: the final stats of each process (one log per job with -jobs)
shopt -s nullglob
logs=("$fb/fuzz.log" "$fb"/fuzz-*.log)
execs=$(cat "${logs[@]}" | sed -n 's/^stat::number_of_executed_units: *//p' | awk '{n += $1} END {print n + 0}')
echo "fuzz: $execs executions in $FUZZ_TIME s x $FUZZ_JOBS job(s), $((after - before)) new findings in $fb/findings"
if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
    cat "${logs[@]}" | grep -E 'ERROR|SUMMARY|internal error|runtime error' | head -20 >&2 || true
    exit 1
fi
