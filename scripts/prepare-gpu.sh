#!/usr/bin/env bash
# prepare-gpu.sh [BUILD] — readies the git-ignored folder gpu/ for a test run on a GPU machine,
# where neither ../shared nor the full build tree exist:
#   gpu/acceptance/  a copy of the acceptance programs ($SHARED/acceptance; SHARED defaults to
#                    /work/shared, else ../shared beside the checkout)
#   gpu/build/       a slim copy of BUILD (default build): bin/, lib/, include/ and the unit-test
#                    executables in tests/ with the shared libraries they need (lib/unit-deps/);
#                    no object files, so it is small enough to carry
# Then, on the GPU machine (carrying gpu/):  scripts/gpu-suite.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}

shared=${SHARED:-}
if [ -z "$shared" ]; then
    for c in /work/shared ../shared; do
        if [ -d "$c/acceptance" ]; then shared=$c; break; fi
    done
fi
if [ -z "$shared" ] || [ ! -d "$shared/acceptance" ]; then
    echo "prepare-gpu: no acceptance folder (set SHARED to the folder holding acceptance/)" >&2
    exit 1
fi

mkdir -p gpu
rm -rf gpu/acceptance
cp -r "$shared/acceptance" gpu/acceptance
chmod -R u+w gpu/acceptance
echo "prepare-gpu: copied $(ls gpu/acceptance/*.py | wc -l) acceptance programs into gpu/acceptance"

if [ -x "$BUILD/bin/gpyc" ]; then
    rm -rf gpu/build
    mkdir -p gpu/build
    for d in bin include; do
        [ -d "$BUILD/$d" ] && cp -r "$BUILD/$d" gpu/build/
    done
    # The precompiled host header (28 MB) would pass the carry limit; g++ reads the text instead.
    rm -f gpu/build/include/gpyc/*.gch
    # Only the runtime library is linked by compiled programs; without its debug sections it
    # is half the size (the carried tree must stay under the device tool's 64 MiB).
    mkdir -p gpu/build/lib
    cp "$BUILD/lib/libgpyrt.a" gpu/build/lib/
    cp "$BUILD/lib/libz.a" gpu/build/lib/   # zlib for .npz archives (codegen/build.c links it)
    strip --strip-debug gpu/build/lib/libgpyrt.a
    # The unit tests and their shared libraries add ~26 MB: with the 33 MB runtime library that
    # passes the device tool's 64 MiB carry limit, so they come along only when asked
    # (GPU_UNIT=1; then run the suite without them some other time, or trim elsewhere).
    if [ "${GPU_UNIT:-0}" = 1 ] && [ -d "$BUILD/tests" ]; then
        mkdir -p gpu/build/tests
        find "$BUILD/tests" -maxdepth 1 -type f -perm -u+x -exec cp {} gpu/build/tests/ \;
        # The unit tests link Criterion (and its dependencies) dynamically; the GPU machine has
        # none of them: carry every shared library they need beyond the C runtime's own.
        mkdir -p gpu/build/lib/unit-deps
        for t in gpu/build/tests/*; do ldd "$t" 2>/dev/null; done |
            awk '$2 == "=>" && $3 ~ /^\// {print $3}' | sort -u |
            grep -v -E '/(libc|libm|libpthread|libdl|librt|libresolv|libgcc_s|libstdc\+\+|ld-linux[^/]*)\.so' |
            while read -r lib; do cp -L "$lib" gpu/build/lib/unit-deps/; done
    fi
    echo "prepare-gpu: copied $BUILD (bin, lib, include; tests when GPU_UNIT=1) into gpu/build ($(du -sh gpu/build | cut -f1))"
else
    echo "prepare-gpu: $BUILD/bin/gpyc not built; gpu-suite.sh will use a carried build/ instead"
fi
echo "prepare-gpu: gpu/ is $(du -sh gpu | cut -f1); carry it and run scripts/gpu-suite.sh there"
