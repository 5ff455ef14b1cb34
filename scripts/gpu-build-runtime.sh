#!/usr/bin/env bash
# gpu-build-runtime.sh — on the GPU machine, from the repository root: compiles the runtime
# library from prepare-gpu-runtime.sh's commands (all at once, one process each) and puts the
# stripped libgpyrt.a into gpu/build/lib.  Exit status 1, with the compilers' messages, if a
# command failed.
set -u
SECONDS=0
root=$(cat gpu/nb/root.txt) || exit 1
if [ ! -e "$root" ]; then mkdir -p "$(dirname "$root")" && ln -s "$PWD" "$root"; fi
cd "$root/gpu/nb" || exit 1
find . -exec touch {} + # the carried files are newer than nothing here: no regeneration
err=$(mktemp)
while IFS= read -r c; do
    (eval "$c" >/dev/null 2>>"$err" || echo "FAILED: ${c:0:200}" >>"$err") &
done <cmds.txt
wait
if grep -q FAILED "$err"; then head -60 "$err" >&2; exit 1; fi
bash ar.txt || exit 1
cp lib/libgpyrt.a ../build/lib/ && strip --strip-debug ../build/lib/libgpyrt.a
echo "gpu-build-runtime: libgpyrt.a in $SECONDS s"
