#!/usr/bin/env bash
# regen.sh [NAME...] — regenerates the .expected files of tests/e2e (or of the named programs)
# by running each program on the CPU with the NumPy-backed cupy shim (tests/oracle/run-numpy).
# Never edit an .expected file by hand.  A program the shim cannot run (user kernels: CuPy-only
# API; the device's memory; NumPy 2.3's rules where the oracle's NumPy is older) has a NumPy
# twin, twins/NAME.py, the same computation in NumPy-level calls, whose output becomes
# NAME.expected.  Also regenerates tests/rterr (last line of stderr; twins there too).
# NAME_helper.py (and NAME_helper2.py ...) is a module that the programs beside it import (found
# beside them, as Python finds it), not a program of its own.
#
# NumPy picks its ufunc loops by CPU at run time: on a host with AVX512_SKX its float64 sin,
# cos, exp, log, power ... are SVML's (up to 4 ulp off), elsewhere the C library's (correctly
# rounded in practice), so the expected files' last digits would follow the host.  regen.sh turns
# NumPy's AVX512 loops off (NPY_DISABLE_CPU_FEATURES, only those the host has, as NumPy refuses
# the others): every host then computes what an AVX2 host does.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
oracle=$here/../oracle/run-numpy
status=0
NPY_DISABLE_CPU_FEATURES=$("$oracle" -c '
import numpy
m = getattr(numpy, "_core", None) or numpy.core
f = m._multiarray_umath.__cpu_features__
print(" ".join(k for k in m._multiarray_umath.__cpu_dispatch__ if k.startswith("AVX512") and f.get(k)))')
export NPY_DISABLE_CPU_FEATURES
# A program's NumPy twin, twins/NAME.py beside it, else the program itself.
source_of() {
    local twin
    twin=$(dirname "$1")/twins/$(basename "$1")
    if [ -f "$twin" ]; then echo "$twin"; else echo "$1"; fi
}
regen_out() { # stdout of a program that must exit 0 (of its twin)
    local f=$1 src
    src=$(source_of "$f")
    if (cd "$(dirname "$src")" && "$oracle" "$(basename "$src")") >"${f%.py}.expected.tmp" 2>"${f%.py}.stderr.tmp"; then
        mv "${f%.py}.expected.tmp" "${f%.py}.expected"
        echo "regenerated ${f#$here/}"
    else
        echo "FAILED: $f exits with an error under NumPy:" >&2
        tail -n 3 "${f%.py}.stderr.tmp" >&2
        rm -f "${f%.py}.expected.tmp"
        status=1
    fi
    rm -f "${f%.py}.stderr.tmp"
}
# last non-blank stderr line of a program that must fail (of its twin), run with the
# variables of its `# env: VAR=VALUE` line
regen_rterr() {
    local f=$1 err src envs
    src=$(source_of "$f")
    read -r -a envs <<<"$(sed -n 's/^# env: //p' "$f")"
    err=$(mktemp)
    if (cd "$(dirname "$src")" && env "${envs[@]}" "$oracle" "$(basename "$src")") >/dev/null 2>"$err"; then
        echo "FAILED: $f runs without an error under NumPy" >&2
        status=1
    else
        grep -v '^[[:space:]]*$' "$err" | tail -n 1 >"${f%.py}.expected"
        echo "regenerated ${f#$here/}: $(cat "${f%.py}.expected")"
    fi
    rm -f "$err"
}
if [ $# -gt 0 ]; then
    files=()
    for n in "$@"; do
        n=${n%.py}; n=${n%.expected}
        for d in "$here" "$here/../rterr"; do [ -f "$d/$(basename "$n").py" ] && files+=("$d/$(basename "$n").py"); done
    done
else
    files=("$here"/*.py "$here"/../rterr/*.py)
fi
for f in "${files[@]}"; do
    [ -f "$f" ] || continue
    case $(basename "$f") in *_helper.py | *_helper[0-9].py) continue ;; esac
    case $f in
        */rterr/*) regen_rterr "$f" ;;
        *) regen_out "$f" ;;
    esac
done
exit $status
