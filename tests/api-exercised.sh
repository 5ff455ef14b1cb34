#!/usr/bin/env bash
# api-exercised.sh BUILD_DIR — every name `gpyc --list-api` prints is used by at least one
# end-to-end program (tests/e2e/*.py, whose expected output NumPy produced).
#
# A function cupy.A.B counts as used where a program writes `cp.A.B` or `cupy.A.B` (a call, or
# a dtype such as cp.float32 passed as an argument), cupyx.A where it writes `cupyx.A` (cupyx.jit.A also `jit.A`), numpy.random.A
# where it writes `np.random.A` or `numpy.random.A`; a method cupy.ndarray.M where it writes
# `.M(` after something other than a module (cp, cupy, np, numpy, math, linalg, random); a
# method or property of a device-API class (cupy.cuda.Stream.M, cupy.random.RandomState.M)
# where it writes `.M` after something other than a module, or `cp.cuda.Stream.M`; one of a
# cupyx class (cupyx.profiler._time._PerfCaseResult.M) where it writes `.M` after an object; a method of a sparse matrix
# (cupyx.scipy.sparse.spmatrix.M) or of a poly1d (cupy.poly1d.M) where it writes `.M(` after something other than a module; a
# ufunc method cupy.ufunc.M where it writes `cp.UFUNC.M(` (cp.add.reduce(...)).
# Comment lines do not count.  Names in tests/api-not-exercised.txt (with the reason the NumPy
# oracle cannot run them) are reported as EXEMPT.  Prints `MISSING name` for each other unused
# name and a summary line; exits 1 when a name is missing (tests/run.sh: the `api` suite).
set -u
if [ $# -ne 1 ]; then echo "usage: api-exercised.sh BUILD_DIR" >&2; exit 2; fi
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GPYC=$1/bin/gpyc
names=$("$GPYC" --list-api) || { echo "api-exercised.sh: $GPYC --list-api failed" >&2; exit 2; }
# The programs, without comment lines.
src=$(cat "$ROOT"/tests/e2e/*.py | grep -v '^[[:space:]]*#')
exempt_file=$ROOT/tests/api-not-exercised.txt
n=0 missing=0 exempt=0
while read -r name; do
    [ -n "$name" ] || continue
    n=$((n + 1))
    case $name in
        cupy.ndarray.*)
            m=${name#cupy.ndarray.}
            re="(?<!\\bcp)(?<!\\bcupy)(?<!\\bnp)(?<!\\bnumpy)(?<!\\bmath)(?<!\\blinalg)(?<!\\brandom)\\.$m\\s*\\(" ;;
        cupy.ufunc.*)
            m=${name#cupy.ufunc.}
            re="\\b(cp|cupy|np|numpy)\\.[a-z0-9_]+\\.$m\\s*\\(" ;;
        cupyx.scipy.sparse.spmatrix.*|cupy.poly1d.*)
            # a method of a sparse matrix or a poly1d: `.M(` after something other than a module
            m=${name##*.}
            re="(?<!\\bcp)(?<!\\bcupy)(?<!\\bnp)(?<!\\bnumpy)(?<!\\bsparse)\\.$m\\s*\\(" ;;
        cupyx.jit.*)
            # a name of cupyx.jit: written `jit.NAME` (from cupyx import jit), `cupyx.jit.NAME`, or
            # imported by `from cupyx.jit import NAME`
            m=${name#cupyx.jit.}
            re="\\bjit\\.$m(?![A-Za-z0-9_])|\\bfrom cupyx\\.jit import .*\\b$m\\b" ;;
        cupyx.*.[A-Z_]*.*)
            # a method or property of a cupyx class (cupyx.profiler._time._PerfCaseResult.name)
            m=${name##*.}
            re="(?<!\\bcupyx)(?<!\\bprofiler)(?<!\\bjit)\\.$m(?![A-Za-z0-9_])" ;;
        cupyx.*)
            re="\\b${name//./\\.}(?![A-Za-z0-9_])" ;;
        cupy.*.[A-Z]*.*)
            # a method or property of a class (cupy.cuda.Stream.synchronize): `.M` after
            # something other than a module, or the class's own attribute (cp.cuda.Stream.null)
            m=${name##*.} c=${name#cupy.}; c=${c%.*}
            re="(?<!\\bcp)(?<!\\bcupy)(?<!\\bnp)(?<!\\bnumpy)(?<!\\bmath)(?<!\\blinalg)(?<!\\brandom)(?<!\\bcuda)(?<!\\bstream)(?<!\\bruntime)\\.$m(?![A-Za-z0-9_])|\\b(cp|cupy)\\.${c//./\\.}\\.$m(?![A-Za-z0-9_])" ;;
        numpy.*)
            f=${name#numpy.}
            re="\\b(np|numpy)\\.${f//./\\.}(?![A-Za-z0-9_])" ;;
        *)
            f=${name#cupy.}
            re="\\b(cp|cupy)\\.${f//./\\.}(?![A-Za-z0-9_])" ;;
    esac
    if ! grep -qP "$re" <<<"$src"; then
        why=$(awk -F'\t' -v n="$name" '$1 == n { print $2 }' "$exempt_file")
        if [ -n "$why" ]; then
            echo "EXEMPT $name: $why"
            exempt=$((exempt + 1))
        else
            echo "MISSING $name"
            missing=$((missing + 1))
        fi
    fi
done <<<"$names"
echo "$((n - missing - exempt)) of $n names listed by gpyc --list-api are used by tests/e2e; $exempt exempt, $missing missing"
[ $missing -eq 0 ]
