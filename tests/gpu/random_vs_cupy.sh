#!/usr/bin/env bash
# random_vs_cupy.sh BUILD — gpyc's cupy.random against real CuPy, on a machine with a GPU.
#
# For each tests/gpu/random_*.py (seeded draws printed in full precision): compiles it with
# BUILD/bin/gpyc, runs the executable, runs the same script under python3 with CuPy, and
# compares the two outputs line by line:
#   PASS name          identical output (CuPy's exact numbers)
#   NEAR name: ...     the same numbers up to floating-point rounding (every differing line
#                      parses to the same count of numbers, each within 1e-6 relative):
#                      fused elementwise kernels may round differently from CuPy's separate
#                      ones (FMA contraction); listed, not counted as failures
#   FAIL name: ...     anything else (first differing line shown, outputs kept in WORK)
#   SKIP name: ...     no GPU, no CuPy importable, or no gpyc in BUILD
# then a last line `N passed, N near, N failed, N skipped`.  Exit status 1 if any failed.
# Environment: PYTHON (default python3), WORK (default BUILD/random-vs-cupy) for the
# executables and outputs, GPYC_FLAGS (extra gpyc flags, e.g. --arch=sm_90).
set -u
here=$(cd "$(dirname "$0")" && pwd)
BUILD=${1:?usage: random_vs_cupy.sh BUILD}
BUILD=$(cd "$BUILD" && pwd)
PY=${PYTHON:-python3}
WORK=${WORK:-$BUILD/random-vs-cupy}
mkdir -p "$WORK"
pass=0 near=0 fail=0 skip=0
progs=("$here"/random_*.py)

skip_all() {
    for f in "${progs[@]}"; do echo "SKIP $(basename "$f" .py): $1"; skip=$((skip + 1)); done
    echo "$pass passed, $near near, $fail failed, $skip skipped"
    exit 0
}
# shellcheck source=cupy_env.sh
. "$here/cupy_env.sh"
if why=$(cupy_env_missing "$BUILD" "$PY"); then skip_all "$why"; fi
cupy_env_line "$PY"

# near A B: true when files A and B differ only in numbers within 1e-6 relative
near_equal() {
    "$PY" - "$1" "$2" <<'PYEOF'
import re, sys
num = re.compile(r'-?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|nan|-?inf')
a = open(sys.argv[1]).read().splitlines()
b = open(sys.argv[2]).read().splitlines()
if len(a) != len(b):
    sys.exit(1)
for x, y in zip(a, b):
    if x == y:
        continue
    if num.sub('#', x) != num.sub('#', y):
        sys.exit(1)
    for p, q in zip(num.findall(x), num.findall(y)):
        p, q = float(p), float(q)
        if p != q and not abs(p - q) <= 1e-6 * max(abs(p), abs(q)):
            sys.exit(1)
sys.exit(0)
PYEOF
}

for f in "${progs[@]}"; do
    name=$(basename "$f" .py)
    exe=$WORK/$name
    # shellcheck disable=SC2086  # GPYC_FLAGS is a list of flags
    if ! "$BUILD/bin/gpyc" ${GPYC_FLAGS:-} "$f" -o "$exe" 2>"$WORK/$name.gpyc.err"; then
        echo "FAIL $name: gpyc failed: $(head -n 1 "$WORK/$name.gpyc.err")"
        fail=$((fail + 1))
        continue
    fi
    if ! "$exe" >"$WORK/$name.gpyc.out" 2>"$WORK/$name.run.err"; then
        echo "FAIL $name: the compiled program failed: $(tail -n 1 "$WORK/$name.run.err")"
        fail=$((fail + 1))
        continue
    fi
    if ! (cd "$here" && "$PY" "$f") >"$WORK/$name.cupy.out" 2>"$WORK/$name.cupy.err"; then
        echo "FAIL $name: CuPy failed: $(tail -n 1 "$WORK/$name.cupy.err")"
        fail=$((fail + 1))
        continue
    fi
    if cmp -s "$WORK/$name.gpyc.out" "$WORK/$name.cupy.out"; then
        echo "PASS $name"
        pass=$((pass + 1))
    elif near_equal "$WORK/$name.gpyc.out" "$WORK/$name.cupy.out"; then
        n=$(diff "$WORK/$name.gpyc.out" "$WORK/$name.cupy.out" | grep -c '^<')
        echo "NEAR $name: $n line(s) differ by rounding only (see $WORK/$name.*.out)"
        near=$((near + 1))
    else
        line=$(diff "$WORK/$name.gpyc.out" "$WORK/$name.cupy.out" | head -n 4 | tr '\n' ' ')
        echo "FAIL $name: output differs from CuPy's: $line"
        fail=$((fail + 1))
    fi
done
echo "$pass passed, $near near, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
