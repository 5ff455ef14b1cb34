#!/usr/bin/env bash
# npz_numpy.sh BUILD — the .npz archives a gpyc program writes load in the system's NumPy (issue
# 23: files gpyc writes load in NumPy), on a machine with a GPU.
#
# tests/e2e/npz.py writes two archives (cp.savez: positional and keyword members, a Fortran-order
# member, a 0-d and a bool member; cp.savez_compressed: deflated members, a view).  It is
# compiled with BUILD/bin/gpyc and run, then NumPy (tests/oracle/run-numpy's Python) loads what
# it wrote and prints each archive's member names, and each member's dtype, shape, Fortran flag
# and values; then the same script runs under the oracle, whose NumPy writes the archives, and
# the same loader prints them.  The two prints must be equal (the archives' bytes differ: zip
# entries carry the time they were written).  The other direction (archives NumPy wrote, read by
# gpyc) is tests/e2e/npz.py's own.  Prints PASS/FAIL/SKIP npz_numpy; exit status 1 on FAIL.
set -u
here=$(cd "$(dirname "$0")" && pwd)
BUILD=$(cd "${1:?usage: npz_numpy.sh BUILD}" && pwd) || exit 2
oracle=$here/../oracle/run-numpy
e2e=$here/../e2e
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
[ -x "$BUILD/bin/gpyc" ] || { echo "SKIP npz_numpy: no $BUILD/bin/gpyc"; exit 0; }
nvidia-smi -L 2>/dev/null | grep -q '^GPU ' || { echo "SKIP npz_numpy: no GPU (nvidia-smi lists none)"; exit 0; }
archives=(/tmp/gpyc-e2e-npz-s.npz /tmp/gpyc-e2e-npz-c.npz)
cat >"$WORK/show.py" <<'PYEOF'
import sys
import numpy as np
for path in sys.argv[1:]:
    with np.load(path, allow_pickle=False) as f:
        print(path, f.files)
        for k in f.files:
            a = f[k]
            print(k, a.dtype.str, a.shape, bool(a.flags.f_contiguous and a.ndim > 1), a.tolist())
PYEOF
# shellcheck disable=SC2086  # GPYC_FLAGS is a list of flags
"$BUILD/bin/gpyc" ${GPYC_FLAGS:-} "$e2e/npz.py" -o "$WORK/npz" 2>"$WORK/gpyc.err" ||
    { echo "FAIL npz_numpy: gpyc failed: $(head -n 1 "$WORK/gpyc.err")"; exit 1; }
rm -f "${archives[@]}"
(cd "$e2e" && "$WORK/npz") >/dev/null 2>"$WORK/run.err" ||
    { echo "FAIL npz_numpy: the compiled program failed: $(tail -n 1 "$WORK/run.err")"; exit 1; }
"$oracle" "$WORK/show.py" "${archives[@]}" >"$WORK/gpyc.txt" 2>"$WORK/show.err" ||
    { echo "FAIL npz_numpy: NumPy cannot load gpyc's archives: $(tail -n 1 "$WORK/show.err")"; exit 1; }
rm -f "${archives[@]}"
(cd "$e2e" && "$oracle" npz.py) >/dev/null 2>"$WORK/oracle.err" ||
    { echo "FAIL npz_numpy: the oracle failed: $(tail -n 1 "$WORK/oracle.err")"; exit 1; }
"$oracle" "$WORK/show.py" "${archives[@]}" >"$WORK/numpy.txt" 2>"$WORK/show.err" ||
    { echo "FAIL npz_numpy: NumPy cannot load its own archives: $(tail -n 1 "$WORK/show.err")"; exit 1; }
if cmp -s "$WORK/gpyc.txt" "$WORK/numpy.txt"; then
    echo "PASS npz_numpy ($(grep -c . "$WORK/gpyc.txt") lines: the archives' members as NumPy reads them)"
else
    echo "FAIL npz_numpy: NumPy reads gpyc's archives otherwise than its own (< gpyc's, > NumPy's):"
    diff "$WORK/gpyc.txt" "$WORK/numpy.txt" | head -n 12 | sed 's/^/    /'
    exit 1
fi
