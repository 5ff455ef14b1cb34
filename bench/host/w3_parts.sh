#!/usr/bin/env bash
# w3_parts.sh [BUILD] — builds bench/host/w3_parts.cu with nvcc against BUILD's runtime library
# (default gpu/build: include/gpyc and lib/libgpyrt.a, as scripts/prepare-gpu.sh leaves them)
# into a temporary folder and runs it on the current GPU (docs/benchmarks.md, "Launch and
# synchronisation").
set -euo pipefail
src=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$src/../../gpu/build}" && pwd)
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
nvcc -O2 -std=c++17 -arch=${ARCH:-sm_90} -I"$build/include/gpyc" -o "$w/w3_parts" "$src/w3_parts.cu" \
    -L"$build/lib" -lgpyrt -lcudart_static -lcublas -lcublasLt -lcufft -lcusolver -lcusparse -lcurand \
    -lcuda -l:libz.a -ldl -lrt -lpthread
"$w/w3_parts"
