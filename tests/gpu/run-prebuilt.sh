#!/usr/bin/env bash
# run-prebuilt.sh [DIR] — on the GPU machine, runs the programs that scripts/prepare-gpu-bins.sh
# compiled into DIR (default gpu/bins) and checks them as tests/run.sh does: kind `out`, stdout
# against NAME.expected through tests/oracle/compare; kind `rterr`, exit status 1 and the last
# stderr line against NAME.expected.  Each runs from its source folder, under a timeout
# (GPYC_RUN_TIMEOUT, default 300 s), with the variables of a `# env: VAR=VALUE` line of its
# source.  Prints PASS/FAIL lines and `N passed, N failed`, also into $OUT/prebuilt.log when
# $OUT is set; exit status 1 if any failed.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DIR=$(cd "${1:-$ROOT/gpu/bins}" && pwd) || exit 2
COMPARE=$ROOT/tests/oracle/compare
TMO=${GPYC_RUN_TIMEOUT:-300}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
[ -n "${OUT:-}" ] && mkdir -p "$OUT"
LOG=${OUT:+$OUT/prebuilt.log}
LOG=${LOG:-/dev/null}
: >"$LOG"
pass=0 fail=0
say() { echo "$1" | tee -a "$LOG"; }
lastl() { grep -v '^[[:space:]]*$' "$1" 2>/dev/null | tail -n 1; }
for f in "$DIR"/*.failed; do
    [ -f "$f" ] || continue
    say "FAIL $(basename "$f" .failed):compile: $(head -n 1 "$f")"; fail=$((fail + 1))
done
while IFS=$'\t' read -r name kind src; do
    [ -f "$DIR/$name.gz" ] || continue
    gunzip -c "$DIR/$name.gz" >"$TMP/$name" && chmod +x "$TMP/$name"
    read -r -a envs <<<"$(sed -n 's/^# env: //p' "$ROOT/$src/$name.py" 2>/dev/null)"
    (cd "$ROOT/$src" && env "${envs[@]}" timeout "$TMO" "$TMP/$name") >"$TMP/$name.out" 2>"$TMP/$name.err"
    rc=$?
    exp=$ROOT/$src/$name.expected
    if [ "$kind" = rterr ]; then
        lastl "$TMP/$name.err" >"$TMP/$name.last"
        if [ $rc -ne 1 ]; then why="exit $rc, expected 1"
        elif ! "$COMPARE" "$exp" "$TMP/$name.last" >/dev/null 2>&1; then why="last stderr line: $(cat "$TMP/$name.last")"
        else why=""; fi
    elif [ $rc -ne 0 ]; then why="exit $rc: $(lastl "$TMP/$name.err")"
    elif ! "$COMPARE" "$exp" "$TMP/$name.out" >"$TMP/$name.diff" 2>&1; then why="stdout differs: $(head -n 3 "$TMP/$name.diff" | tr '\n' ' ')"
    else why=""; fi
    if [ -z "$why" ]; then say "PASS $name:run"; pass=$((pass + 1)); else say "FAIL $name:run: $why"; fail=$((fail + 1)); fi
    rm -f "$TMP/$name"
done <"$DIR/manifest.tsv"
say "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
