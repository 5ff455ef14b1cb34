#!/usr/bin/env bash
# emit-all.sh — what gpyc generates for every program it is tested on, one file per program and
# form, for checking that a change leaves generated code byte-identical (a restructure) or for
# reviewing exactly what a change of code generation changed.
#
#   scripts/emit-all.sh GPYC OUTDIR [FORMS]
#
# Programs: every .py under tests/ (not the oracle's shims, not unit-test data), samples/, bench/,
# and, when present beside the checkout, ../shared/acceptance and ../shared/external/npbench.
# FORMS: comma-separated --emit forms (default cuda,ir).  Each program is compiled from its own
# folder (helper modules resolve as in the tests); OUTDIR/FORM/PATH holds stdout, then stderr
# and the exit status, so errors are compared too.  Compare two runs with `diff -r`.
# GPYC_FLAGS adds flags to every compile (e.g. GPYC_FLAGS=-O0 for the unfused code).
set -u
GPYC=$(cd "$(dirname "${1:?usage: emit-all.sh GPYC OUTDIR [FORMS]}")" && pwd)/$(basename "$1")
OUT=${2:?usage: emit-all.sh GPYC OUTDIR [FORMS]}
FORMS=${3:-cuda,ir}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
cd "$ROOT" || exit 2
{
    find tests samples bench -name '*.py' -not -path 'tests/oracle/*' -not -path 'tests/unit/*'
    for d in ../shared/acceptance ../shared/external/npbench; do
        [ -d "$d" ] && find "$d" -name '*.py'
    done
} | sort >"$OUT/programs.txt"
one() {
    local form=$1 f=$2 dst
    dst=$OUT/$form/$(echo "$f" | sed 's|^\.\./|up/|')
    mkdir -p "$(dirname "$dst")"
    (cd "$(dirname "$f")" && timeout 120 "$GPYC" $GPYC_FLAGS --emit="$form" "$(basename "$f")" >"$dst" 2>"$dst.err"; echo "exit $?" >>"$dst.err")
}
export -f one
GPYC_FLAGS=${GPYC_FLAGS:-}
export GPYC OUT GPYC_FLAGS
IFS=, read -r -a forms <<<"$FORMS"
for form in "${forms[@]}"; do
    xargs -P "$(nproc)" -I{} bash -c 'one "$0" "$1"' "$form" {} <"$OUT/programs.txt"
done
echo "$(wc -l <"$OUT/programs.txt") programs, forms: $FORMS, in $OUT"
