#!/usr/bin/env bash
# graph_keys.sh BUILD — on a machine with a GPU: a loop site keeps a CUDA graph per key
# (runtime/graph.c, GRAPH_KEEP), so tests/e2e/graph_keys.py, whose loops see their arrays come
# back at a few addresses in turn, and graph_keys_alt.py, whose key alternates (one kept graph
# would never be replayed), replay graphs.  Compiles each with BUILD/bin/gpyc, runs it with
# GPYRT_STATS=1 and with GPYRT_GRAPHS=0 as well: both print its .expected (oracle compare), and
# the first reports graphs reused (`gpyrt: graphs: ... N reused`, N > 0).
# Prints PASS/FAIL; exit status 1 on a failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
BUILD=$(cd "${1:?usage: graph_keys.sh BUILD}" && pwd) || exit 2
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
e2e=$here/../e2e
cmp=$here/../oracle/compare
fail=0
for t in graph_keys graph_keys_alt; do
    "$BUILD/bin/gpyc" ${GPYC_FLAGS:-} "$e2e/$t.py" -o "$WORK/$t" || { echo "FAIL $t:compile"; fail=1; continue; }
    for g in 1 0; do
        GPYRT_STATS=1 GPYRT_GRAPHS=$g "$WORK/$t" >"$WORK/out$g" 2>"$WORK/err$g"
        rc=$?
        if [ $rc -ne 0 ]; then echo "FAIL $t:GPYRT_GRAPHS=$g exit $rc"; sed 's/^/    /' "$WORK/err$g"; fail=1; continue; fi
        if ! "$cmp" "$e2e/$t.expected" "$WORK/out$g" >"$WORK/cmp$g" 2>&1; then
            echo "FAIL $t:GPYRT_GRAPHS=$g output"; sed 's/^/    /' "$WORK/cmp$g" | head -20; fail=1; continue
        fi
        echo "PASS $t:GPYRT_GRAPHS=$g output ($(grep 'graphs:' "$WORK/err$g"))"
    done
    # graph_keys_alt's key alternates: every replay there needs a second kept graph
    reused=$(sed -n 's/^gpyrt: graphs: .*, \([0-9][0-9]*\) reused$/\1/p' "$WORK/err1")
    if [ "${reused:-0}" -gt 0 ]; then echo "PASS $t:reused ($reused)"
    else echo "FAIL $t:reused: $(grep 'graphs:' "$WORK/err1")"; fail=1; fi
done
exit $fail
