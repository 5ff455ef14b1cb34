#!/usr/bin/env bash
# launch_sync.sh — builds bench/host/launch_sync.cu and its kernels with nvcc into a temporary
# folder and runs it on the current GPU (docs/benchmarks.md, "Launch and synchronisation").
set -euo pipefail
src=$(cd "$(dirname "$0")" && pwd)
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
nvcc -O2 -arch=${ARCH:-sm_90} -fatbin -o "$w/k.fatbin" "$src/launch_sync_kernels.cu"
nvcc -O2 -arch=${ARCH:-sm_90} -o "$w/launch_sync" "$src/launch_sync.cu" -lcuda
"$w/launch_sync" "$w/k.fatbin"
