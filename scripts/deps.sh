#!/usr/bin/env bash
# deps.sh — installs what gpyc needs to build and test, pinned, into deps/ (never committed).
#
#   tree-sitter core 0.25.1      npm pack tree-sitter@0.25.1         (vendor/tree-sitter/lib)
#   tree-sitter-python 0.25.0    npm pack tree-sitter-python@0.25.0  (src/parser.c, scanner.c)
#   Debian packages              cmake, libcriterion-dev, python3-numpy, python3-scipy (the oracle's
#                                cupyx.scipy, to regenerate expected outputs), pkg-config, zlib1g-dev
#                                (1:1.2.13.dfsg-1 in Debian 12: .npz archives, linked statically
#                                into gpyc and into programs; docs/runtime.md); clang and
#                                libclang-rt-14-dev (libFuzzer's runtime) for the fuzzing
#                                harness (make fuzz, make test's fuzz suite); ninja-build for
#                                scripts/prepare-gpu-runtime.sh (the runtime built on a GPU machine)
#   CUDA toolkit                 must already be installed (nvcc via $CUDA_HOME, $CUDA_PATH,
#                                /usr/local/cuda or PATH); this script checks for it, except
#                                with --no-cuda (make check, which runs no nvcc): then its
#                                absence is only a note.
#
# Idempotent: a second run with everything present does nothing.  The npm tarballs are checked
# against the SHA-256 sums below before they are unpacked.
set -euo pipefail
cd "$(dirname "$0")/.."
DEPS=deps

TS_VERSION=0.25.1
TS_SHA256=07aeba8dd71630e7e72b2d4ca3bd2680c3471824100cc5ebff44e78a6ed0b6d3
TSPY_VERSION=0.25.0
TSPY_SHA256=63b76b3fa8181fd79eaad4abcdb21e2babcb504dbfc7710a89934fa456d26096

say() { printf 'deps: %s\n' "$*"; }

# --- Debian packages -------------------------------------------------------------------------
need_pkgs=()
command -v cmake >/dev/null 2>&1 || need_pkgs+=(cmake)
[ -f /usr/include/criterion/criterion.h ] || need_pkgs+=(libcriterion-dev)
/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1 || need_pkgs+=(python3-numpy)
/usr/bin/python3 -c 'import scipy' >/dev/null 2>&1 || need_pkgs+=(python3-scipy)   # the oracle's cupyx.scipy (tests/e2e/regen.sh)
command -v pkg-config >/dev/null 2>&1 || need_pkgs+=(pkg-config)
[ -f /usr/include/zlib.h ] && [ -f /usr/lib/x86_64-linux-gnu/libz.a ] || need_pkgs+=(zlib1g-dev)
command -v npm >/dev/null 2>&1 || need_pkgs+=(npm)
command -v ninja >/dev/null 2>&1 || need_pkgs+=(ninja-build)   # scripts/prepare-gpu-runtime.sh
command -v clang >/dev/null 2>&1 || need_pkgs+=(clang)
dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || need_pkgs+=(libclang-rt-14-dev)
if [ ${#need_pkgs[@]} -gt 0 ]; then
    say "installing Debian packages: ${need_pkgs[*]}"
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq || true
    $SUDO apt-get install -y -qq "${need_pkgs[@]}"
fi

# --- CUDA toolkit ----------------------------------------------------------------------------
nvcc_path=""
for c in "${CUDA_HOME:-}/bin/nvcc" "${CUDA_PATH:-}/bin/nvcc" /usr/local/cuda/bin/nvcc; do
    if [ -x "$c" ]; then nvcc_path=$c; break; fi
done
[ -n "$nvcc_path" ] || nvcc_path=$(command -v nvcc || true)
if [ -z "$nvcc_path" ]; then
    if [ "${1:-}" = --no-cuda ]; then
        say "no CUDA toolkit (nvcc): only gpyc and the compiler's unit tests can be built"
    else
        echo "deps: error: the CUDA toolkit (nvcc) was not found; install it or set CUDA_HOME" >&2
        exit 1
    fi
fi

# --- tree-sitter sources from the npm registry ----------------------------------------------
fetch() { # name version sha256 destdir
    local name=$1 version=$2 sha=$3 dest=$4
    if [ -f "$DEPS/$dest/.complete-$version" ]; then return; fi
    say "fetching $name@$version"
    local tmp
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "$name@$version" >/dev/null)
    local tgz
    tgz=$(ls "$tmp"/*.tgz)
    local got
    got=$(sha256sum "$tgz" | cut -d' ' -f1)
    if [ "$got" != "$sha" ]; then
        echo "deps: error: $name@$version: SHA-256 $got, expected $sha" >&2
        rm -rf "$tmp"
        exit 1
    fi
    rm -rf "${DEPS:?}/$dest"
    mkdir -p "$DEPS/$dest"
    tar xzf "$tgz" -C "$DEPS/$dest" --strip-components=1
    touch "$DEPS/$dest/.complete-$version"
    rm -rf "$tmp"
}
mkdir -p "$DEPS"
fetch tree-sitter "$TS_VERSION" "$TS_SHA256" tree-sitter
fetch tree-sitter-python "$TSPY_VERSION" "$TSPY_SHA256" tree-sitter-python
