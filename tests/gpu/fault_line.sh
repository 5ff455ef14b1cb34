#!/usr/bin/env bash
# fault_line.sh BUILD — on a machine with a GPU: a kernel's fault (an illegal address, seen at a
# later synchronisation) is traced to the script line that launched the kernel (issue 24,
# docs/runtime.md).  Compiles tests/gpu/fault/fault_line.py with BUILD/bin/gpyc and checks, run
# plainly and with CUDA_LAUNCH_BLOCKING=1: exit status 1, stdout `before`, the traceback's line
# `line 10`, and a last line naming the illegal address (CUDA's runtime or driver name for it).
# Prints PASS/FAIL per run; exit status 1 if any failed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
BUILD=$(cd "${1:?usage: fault_line.sh BUILD}" && pwd) || exit 2
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
src=$here/fault/fault_line.py
"$BUILD/bin/gpyc" ${GPYC_FLAGS:-} "$src" -o "$WORK/fault_line" || { echo "FAIL fault_line:compile"; exit 1; }
fail=0
check() {
    local label=$1 rc
    shift
    (cd "$here/fault" && env "$@" "$WORK/fault_line") >"$WORK/out" 2>"$WORK/err"
    rc=$?
    if [ $rc -ne 1 ]; then echo "FAIL $label: exit $rc, expected 1"
    elif [ "$(cat "$WORK/out")" != before ]; then echo "FAIL $label: stdout: $(tr '\n' ' ' <"$WORK/out")"
    elif ! grep -q '^  File "fault_line.py", line 10, in <module>$' "$WORK/err"; then echo "FAIL $label: traceback does not name line 10"
    elif ! tail -n 1 "$WORK/err" | grep -qE 'cudaErrorIllegalAddress|CUDA_ERROR_ILLEGAL_ADDRESS'; then echo "FAIL $label: last line: $(tail -n 1 "$WORK/err")"
    else echo "PASS $label"; return; fi
    sed 's/^/    /' "$WORK/err"
    fail=1
}
check fault_line:deferred GPYRT_GRAPHS=1
check fault_line:blocking CUDA_LAUNCH_BLOCKING=1
exit $fail
