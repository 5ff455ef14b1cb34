#!/usr/bin/env bash
# prepare-gpu-bins.sh [-O0] [--acceptance DIR] [--split MB] BUILD GLOB [OUTDIR] — compiles the
# e2e, rterr (and acceptance) programs whose names match GLOB ('a*|b*' matches either; '*' is
# all) here, on a machine without a GPU, into OUTDIR (default gpu/bins), gzipped, with a
# manifest.tsv (name, kind, source folder relative to the repo); tests/gpu/run-prebuilt.sh runs
# them on the GPU machine.  Compiling on the GPU machine costs device time (several times what
# it costs here).  The binaries are 0.3-10 MB each gzipped: --split MB moves them into
# OUTDIR/part1, part2, ... of at most MB megabytes each (with their own manifest.tsv), one per
# device call, since a call carries at most 64 MiB.  Acceptance NN_err_* programs (compile
# errors) are left out: tests/run.sh checks them anywhere.
set -u
cd "$(dirname "$0")/.." || exit 1
OPT=() ACC="" SPLIT=""
while [ $# -gt 0 ]; do
    case $1 in
        -O0) OPT=(-O0); shift ;;
        --acceptance) ACC=${2:?--acceptance needs a folder}; shift 2 ;;
        --split) SPLIT=${2:?--split needs megabytes}; shift 2 ;;
        *) break ;;
    esac
done
BUILD=${1:?usage: prepare-gpu-bins.sh [-O0] [--acceptance DIR] [--split MB] BUILD GLOB [OUTDIR]}
GLOB=${2:?a GLOB of test names is needed}
OUTDIR=${3:-gpu/bins}
GPYC=$(cd "$BUILD" && pwd)/bin/gpyc
[ -x "$GPYC" ] || { echo "prepare-gpu-bins: no $GPYC (run make first)" >&2; exit 2; }
rm -rf "$OUTDIR" && mkdir -p "$OUTDIR" || exit 1
OUT=$(cd "$OUTDIR" && pwd)
# matches NAME: NAME matches one of GLOB's '|'-separated globs (split with filename expansion
# off, so a glob is never expanded against the files here)
matches() {
    local IFS='|' g r=1
    set -f
    # shellcheck disable=SC2254  # $g is a glob on purpose
    for g in $GLOB; do case $1 in $g) r=0 ;; esac; done
    set +f
    return $r
}
list=()
for f in tests/e2e/*.py tests/rterr/*.py ${ACC:+"$ACC"/*.py}; do
    [ -f "$f" ] || continue
    name=$(basename "$f" .py)
    case $name in *_helper|*_helper[0-9]*|*_err_*) continue ;; esac
    matches "$name" || continue
    kind=out
    case $f in tests/rterr/*|*_rterr_*) kind=rterr ;; esac
    [ -f "${f%.py}.expected" ] || { echo "prepare-gpu-bins: no ${f%.py}.expected, skipped" >&2; continue; }
    list+=("$f")
    printf '%s\t%s\t%s\n' "$name" "$kind" "$(dirname "$f")" >>"$OUT/manifest.tsv"
done
[ ${#list[@]} -gt 0 ] || { echo "prepare-gpu-bins: no program matches $GLOB" >&2; exit 1; }
compile() {  # SRC: compile into $OUT/NAME.gz, or record the failure in $OUT/NAME.failed
    local src=$1 name
    name=$(basename "$src" .py)
    if (cd "$(dirname "$src")" && "$GPYC" --arch=sm_90 "${OPT[@]}" "$name.py" -o "$OUT/$name") >"$OUT/$name.clog" 2>&1; then
        gzip -f "$OUT/$name" && rm -f "$OUT/$name.clog"
    else
        mv "$OUT/$name.clog" "$OUT/$name.failed"
    fi
}
export -f compile
export GPYC OUT
export OPT_FLAG="${OPT[*]}"
# xargs and the compiles under it get a process group of their own (setsid), and a TERM or INT
# to this script (timeout, Ctrl-C, pkill) ends that whole group: otherwise xargs outlives the
# script and goes on compiling, possibly against a runtime a later `make` is rewriting.
printf '%s\0' "${list[@]}" >"$OUT/.list"
# shellcheck disable=SC2016  # the inner bash expands them
setsid xargs -0 -P "$(nproc)" -n 1 -a "$OUT/.list" bash -c 'OPT=($OPT_FLAG); compile "$1"' _ &
xpid=$!
trap 'kill -TERM -- -"$xpid" 2>/dev/null; rm -f "$OUT/.list"; exit 143' TERM INT
wait "$xpid"
trap - TERM INT
rm -f "$OUT/.list"
nf=$(find "$OUT" -name '*.failed' | wc -l)
echo "prepare-gpu-bins: ${#list[@]} programs into $OUTDIR ($(du -sh "$OUT" | cut -f1)), $nf failed to compile"
if [ -n "$SPLIT" ]; then
    # parts in manifest order, each up to SPLIT MB (a larger binary gets a part of its own);
    # compile failures stay in OUTDIR
    part=0 used=0 limit=$((SPLIT * 1000000))
    while IFS=$'\t' read -r name kind src; do
        [ -f "$OUT/$name.gz" ] || continue
        size=$(stat -c %s "$OUT/$name.gz")
        if [ "$part" -eq 0 ] || [ $((used + size)) -gt "$limit" ]; then
            part=$((part + 1)) used=0
            mkdir -p "$OUT/part$part"
        fi
        mv "$OUT/$name.gz" "$OUT/part$part/"
        printf '%s\t%s\t%s\n' "$name" "$kind" "$src" >>"$OUT/part$part/manifest.tsv"
        used=$((used + size))
    done <"$OUT/manifest.tsv"
    rm -f "$OUT/manifest.tsv"
    for d in "$OUT"/part*; do echo "  $OUTDIR/$(basename "$d"): $(wc -l <"$d/manifest.tsv") programs, $(du -sh "$d" | cut -f1)"; done
fi
[ "$nf" -eq 0 ]
