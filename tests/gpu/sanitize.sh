#!/usr/bin/env bash
# sanitize.sh [-j N] [--tools LIST] [--subset K] [--timeout S] [--glob GLOB] BUILD|BINS
#
# On a machine with a GPU: runs the GPU suite's compiled programs under compute-sanitizer's
# four tools and prints a summary table (issue 24):
#   memcheck   --leak-check full: out-of-bounds and misaligned accesses, and device memory
#              still allocated when the program ends (gpyc releases everything at exit,
#              docs/runtime.md), on the error path of the rterr programs too
#   racecheck  shared-memory hazards (--racecheck-report hazard)
#   initcheck  reads of device memory never written
#   synccheck  barriers in divergent code and the like
# Programs: the e2e and rterr executables tests/run.sh left in BUILD/e2e (BUILD: a build folder
# whose e2e suite ran here), or the gzipped ones of scripts/prepare-gpu-bins.sh in BINS (a
# folder with manifest.tsv).  Each runs from its source folder with the variables of its
# `# env:` line, as the suites run it.  A run counts as clean when the tool's summary reports 0
# errors (the program's own exit status is not checked: rterr programs exit 1; run-prebuilt.sh
# checks outputs); `timeout` when it outlived --timeout (default 300 s), `failed` when the tool
# printed no summary (it could not run the program).
#
#   -j N          runs at a time (default: the number of cores / 2, at least 1)
#   --tools LIST  comma-separated, default memcheck,racecheck,initcheck,synccheck
#   --subset K    racecheck and initcheck, the slow ones, run on K programs spread evenly over
#                 the sorted list (default 40; 0: all)
#   --glob GLOB   only programs whose name matches (a bash pattern, `|` between several)
# Logs: $OUT if set, else BUILD/sanitize: TOOL/NAME.log per run, summary.txt (the table and
# the programs with findings).  Exit status 1 when any run found something, timed out or failed.
# The sanitizer is $SANITIZER, else compute-sanitizer on PATH, else CUDA's.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
JOBS=$(( $(nproc 2>/dev/null || echo 2) / 2 ))
[ "$JOBS" -ge 1 ] || JOBS=1
TOOLS=memcheck,racecheck,initcheck,synccheck
SUBSET=40
TMO=300
GLOB='*'
while [ $# -gt 1 ]; do
    case $1 in
        -j) JOBS=$2; shift 2 ;;
        --tools) TOOLS=$2; shift 2 ;;
        --subset) SUBSET=$2; shift 2 ;;
        --timeout) TMO=$2; shift 2 ;;
        --glob) GLOB=$2; shift 2 ;;
        *) echo "sanitize.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
SRC=${1:?usage: sanitize.sh [-j N] [--tools LIST] [--subset K] [--timeout S] [--glob GLOB] BUILD|BINS}
SRC=$(cd "$SRC" && pwd) || exit 2
SAN=${SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
[ -x "$SAN" ] || { echo "sanitize.sh: no compute-sanitizer ($SAN)" >&2; exit 2; }
LOGS=${OUT:-$SRC/sanitize}
mkdir -p "$LOGS"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The programs, one `NAME<TAB>EXECUTABLE<TAB>SOURCE FOLDER` line each, sorted by name.
list_programs() {
    local f name
    if [ -f "$SRC/manifest.tsv" ]; then
        while IFS=$'\t' read -r name _ src; do
            [ -f "$SRC/$name.gz" ] || continue
            gunzip -c "$SRC/$name.gz" >"$WORK/$name" && chmod +x "$WORK/$name"
            printf '%s\t%s\t%s\n' "$name" "$WORK/$name" "$ROOT/$src"
        done <"$SRC/manifest.tsv"
    else
        for f in "$ROOT"/tests/e2e/*.py "$ROOT"/tests/rterr/*.py; do
            name=$(basename "$f" .py)
            [ -x "$SRC/e2e/$name" ] && printf '%s\t%s\t%s\n' "$name" "$SRC/e2e/$name" "$(dirname "$f")"
        done
    fi | while IFS=$'\t' read -r name exe dir; do
        matches "$name" && printf '%s\t%s\t%s\n' "$name" "$exe" "$dir"
    done | sort
}

# Whether NAME matches one of GLOB's patterns.
matches() {
    local g pats
    IFS='|' read -r -a pats <<<"$GLOB"
    for g in "${pats[@]}"; do
        # shellcheck disable=SC2053
        [[ $1 == $g ]] && return 0
    done
    return 1
}

# K lines spread evenly over the lines of file $1 (all of them when K is 0 or more than there are).
spread() {
    awk -v k="$2" '{ l[NR] = $0 } END { if (k <= 0 || k >= NR) { for (i = 1; i <= NR; i++) print l[i]; exit }
        for (i = 0; i < k; i++) print l[int(i * NR / k) + 1] }' "$1"
}

# One run: TOOL NAME EXE DIR -> TOOL/NAME.log and a result line in TOOL/NAME.res
# (clean | errors N | timeout | failed).
run_one() {
    local tool=$1 name=$2 exe=$3 dir=$4 log res envs flags n rc
    log=$LOGS/$tool/$name.log res=$LOGS/$tool/$name.res
    case $tool in
        memcheck) flags=(--leak-check full) ;;
        racecheck) flags=(--racecheck-report hazard) ;;
        *) flags=() ;;
    esac
    read -r -a envs <<<"$(sed -n 's/^# env: //p' "$dir/$name.py" 2>/dev/null)"
    (cd "$dir" && env "${envs[@]}" timeout "$TMO" "$SAN" --tool "$tool" "${flags[@]}" --print-limit 20 \
        "$exe") >"$log" 2>&1
    rc=$?
    n=$(sed -n 's/^========= \(ERROR\|RACECHECK\) SUMMARY: \([0-9][0-9]*\) .*/\2/p' "$log" | tail -n 1)
    if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then echo timeout
    elif [ -z "$n" ]; then echo failed
    elif [ "$n" -eq 0 ]; then echo clean
    else echo "errors $n"; fi >"$res"
}
export -f run_one
export LOGS TMO SAN

list_programs >"$WORK/all.tsv"
total=$(wc -l <"$WORK/all.tsv")
[ "$total" -gt 0 ] || { echo "sanitize.sh: no compiled programs in $SRC${GLOB:+ matching $GLOB}" >&2; exit 2; }
IFS=, read -r -a tools <<<"$TOOLS"
for tool in "${tools[@]}"; do
    mkdir -p "$LOGS/$tool"
    rm -f "$LOGS/$tool"/*.res
    case $tool in racecheck | initcheck) spread "$WORK/all.tsv" "$SUBSET" ;; *) cat "$WORK/all.tsv" ;; esac |
        while IFS=$'\t' read -r name exe dir; do printf '%s\0%s\0%s\0%s\0' "$tool" "$name" "$exe" "$dir"; done |
        xargs -0 -n 4 -P "$JOBS" bash -c 'run_one "$@"' _
done

{
    status=0
    echo "compute-sanitizer over $total programs of $SRC ($(date -u '+%Y-%m-%d %H:%M:%SZ'))"
    nvidia-smi -L 2>/dev/null | head -n 1
    "$SAN" --version 2>/dev/null | grep -i version | head -n 1
    echo
    echo "| tool | programs | clean | with findings | timed out | tool failed |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: |"
    for tool in "${tools[@]}"; do
        ran=0 clean=0 bad=0 tmo=0 failed=0
        for r in "$LOGS/$tool"/*.res; do
            [ -f "$r" ] || continue
            ran=$((ran + 1))
            case $(cat "$r") in
                clean) clean=$((clean + 1)) ;;
                timeout) tmo=$((tmo + 1)) ;;
                failed) failed=$((failed + 1)) ;;
                *) bad=$((bad + 1)) ;;
            esac
        done
        echo "| $tool | $ran | $clean | $bad | $tmo | $failed |"
        [ $((bad + tmo + failed)) -eq 0 ] || status=1
    done
    echo
    for tool in "${tools[@]}"; do
        for r in "$LOGS/$tool"/*.res; do
            [ -f "$r" ] || continue
            case $(cat "$r") in clean) continue ;; esac
            name=$(basename "$r" .res)
            echo "$tool $name: $(cat "$r"): $(grep -m 1 -E '^========= (Invalid|Leaked|Race|Uninitialized|Barrier|Program hit|Error)' \
                "$LOGS/$tool/$name.log" | sed 's/^========= //')"
        done
    done
    exit $status
} | tee "$LOGS/summary.txt"
exit "${PIPESTATUS[0]}"
