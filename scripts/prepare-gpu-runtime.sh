#!/usr/bin/env bash
# prepare-gpu-runtime.sh [BUILD] — like prepare-gpu.sh's slim build, but the runtime library is
# compiled ON the GPU machine (its 16-128 cores build libgpyrt.a in 40-90 s, where this 2-core
# machine under load takes 20 minutes or more): here, gpyc and the public headers are built in
# BUILD (default build) and copied into gpu/build; a Ninja configuration of the same tree in
# gpu/nb yields the runtime's compile commands (gpu/nb/cmds.txt, then gpu/nb/ar.txt), which
# scripts/gpu-build-runtime.sh runs there.  The commands name this checkout's absolute path
# (gpu/nb/root.txt); the script there links that path to its own checkout.  Carry gpu/build
# and gpu/nb (and gpu/acceptance: run prepare-gpu.sh once for it).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
cmake --build "$BUILD" --target gpyc gpyrt_headers -j "${JOBS:-2}" >/dev/null
cmake -S . -B gpu/nb -G Ninja -DGPYC_CUDA_ARCHS="${GPYC_CUDA_ARCHS:-90}" \
    -DGPYC_RUNTIME_DEVICE_OPT="${GPYC_RUNTIME_DEVICE_OPT:-3}" >/dev/null
pwd >gpu/nb/root.txt
ninja -C gpu/nb -t commands gpyrt | grep -v '^:' >gpu/nb/cmds.txt
# the archive step: cmake -E rm (no cmake there) becomes rm
ninja -C gpu/nb -t commands gpyrt | grep '^:' | sed 's#[^ ]*cmake -E rm -f#rm -f#' >gpu/nb/ar.txt
rm -rf gpu/build && mkdir -p gpu/build/lib
cp -r "$BUILD/bin" "$BUILD/include" gpu/build/
rm -f gpu/build/include/gpyc/*.gch
cp "$BUILD/lib/libz.a" gpu/build/lib/
echo "prepare-gpu-runtime: gpyc of $(git rev-parse --short HEAD) in gpu/build; $(wc -l <gpu/nb/cmds.txt) runtime compile commands in gpu/nb"
