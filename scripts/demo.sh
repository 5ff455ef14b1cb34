#!/usr/bin/env bash
# demo.sh [BUILD] — compiles every samples/*.py with BUILD/bin/gpyc into BUILD/samples/ and, when
# an NVIDIA GPU is present (or GPYC_GPU=1), runs samples/newton.py's executable and shows its output.
set -u
cd "$(dirname "$0")/.." || exit 1
BUILD=${1:-build}
GPYC=$BUILD/bin/gpyc
if [ ! -x "$GPYC" ]; then
    echo "demo: $GPYC not found (run make first)" >&2
    exit 1
fi
GPYC=$(cd "$BUILD" && pwd)/bin/gpyc
mkdir -p "$BUILD/samples"
out=$(cd "$BUILD/samples" && pwd)
n=0 failed=0
for f in samples/*.py; do
    name=$(basename "$f" .py)
    echo "\$ gpyc samples/$name.py -o $BUILD/samples/$name"
    if (cd samples && "$GPYC" "$name.py" -o "$out/$name"); then
        n=$((n + 1))
    else
        failed=$((failed + 1))
    fi
done
if [ $failed -gt 0 ]; then
    echo "demo: $failed sample(s) failed to compile" >&2
    exit 1
fi
case ${GPYC_GPU:-} in     # as in tests/run.sh: 1 forces running, 0 forbids it
    1) gpu=1 ;;
    0) gpu=0 ;;
    *) if nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then gpu=1; else gpu=0; fi ;;
esac
if [ $gpu = 1 ]; then
    echo "\$ $BUILD/samples/newton"
    "$out/newton"
else
    echo "compiled $n samples into $BUILD/samples; running them needs an NVIDIA GPU"
fi
