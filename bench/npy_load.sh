#!/usr/bin/env bash
# npy_load.sh [BUILD] [GIB] — cp.load of a large .npy file (issue 23), on the GPU machine: writes a
# GIB GiB float32 .npy (default 2) with NumPy, measures the machine's read bandwidth for it (dd
# to /dev/null, 16 MiB blocks, the file in the page cache: the second of two reads), then loads
# it three times in one process with the gpyc binary of the script below and with CuPy
# (`cp.load` under CuPy is np.load + cp.asarray), each load timed to a device synchronize, and
# prints one line per tool with its best GB/s and its share of the read bandwidth.  The issue's
# bar: gpyc at no less than 50 % of the read bandwidth.
# BUILD: the argument, else gpu/build, else build.  The work folder (TMPDIR, 2 GiB+) is removed.
set -u
cd "$(dirname "$0")/.." || exit 1
BUILD=${1:-}
if [ -z "$BUILD" ]; then
    if [ -x gpu/build/bin/gpyc ]; then BUILD=gpu/build; else BUILD=build; fi
fi
GIB=${2:-2}
GPYC=$(cd "$BUILD" && pwd)/bin/gpyc
PY=${PYTHON:-python3}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpyc-npyload.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
"$PY" -c "
import numpy as np
n = $GIB * 2**30 // 4
a = np.lib.format.open_memmap('$WORK/big.npy', mode='w+', dtype=np.float32, shape=(n,))
a[:] = np.arange(n, dtype=np.float32) % 1000
a.flush()
" || { echo "npy_load: NumPy could not write the file"; exit 1; }
bytes=$(stat -c %s "$WORK/big.npy")
cat >"$WORK/load.py" <<'PY'
import time

import cupy as cp

best = 1e30
for i in range(3):
    t0 = time.perf_counter()
    x = cp.load("big.npy")
    cp.cuda.Device().synchronize()
    t = time.perf_counter() - t0
    best = min(best, t)
    print("check", float(x[1001]), x.shape)
print("best", best)
PY
dd if="$WORK/big.npy" of=/dev/null bs=16M 2>/dev/null
t0=$(date +%s.%N); dd if="$WORK/big.npy" of=/dev/null bs=16M 2>/dev/null; t1=$(date +%s.%N)
read_gbs=$(awk -v b="$bytes" -v a="$t0" -v c="$t1" 'BEGIN { printf "%.2f", b / (c - a) / 1e9 }')
echo "file          $bytes bytes ($GIB GiB float32)"
echo "read (dd)     $read_gbs GB/s"
report() { # NAME LOG
    local best
    best=$(sed -n 's/^best //p' "$2")
    if [ -z "$best" ]; then echo "$1  failed: $(tail -n 1 "$2")"; return; fi
    awk -v n="$1" -v b="$bytes" -v t="$best" -v r="$read_gbs" \
        'BEGIN { g = b / t / 1e9; printf "%-13s %.2f GB/s  %.3f s  %.0f %% of read  %s\n", n, g, t, 100 * g / r, "" }'
    grep '^check' "$2" | head -n 1
}
if (cd "$WORK" && "$GPYC" load.py -o "$WORK/load") >"$WORK/gpyc.cc" 2>&1; then
    (cd "$WORK" && ./load) >"$WORK/gpyc.log" 2>&1
    report gpyc "$WORK/gpyc.log"
else
    echo "gpyc          does not compile: $(head -n 1 "$WORK/gpyc.cc")"
fi
(cd "$WORK" && "$PY" load.py) >"$WORK/cupy.log" 2>&1
report cupy "$WORK/cupy.log"
