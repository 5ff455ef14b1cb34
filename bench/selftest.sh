#!/usr/bin/env bash
# selftest.sh — checks bench/run.sh and bench/report.py without a GPU, CuPy or JAX.
#
# Builds a fake setup in a temporary folder: a fake gpyc (its "binary" reruns the workload script
# with --gpyc, which makes the fake workloads print other times), fake workloads that print the
# real scripts' line formats (with warnings and junk around them), fake JAX harnesses and a fake
# copy-bandwidth script; then runs bench/run.sh on it and checks the table. It covers: a normal
# row, a workload of three rows with one wrong gpyc checksum, a compile failure, a crashing
# binary, a CuPy timeout, a missing JAX harness, w1's per-iteration notes and w9's whole-process
# timing. Exit status 0 when every check passes.
set -u
cd "$(dirname "$0")/.." || exit 1
T=$(mktemp -d "${TMPDIR:-/tmp}/bench-selftest.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/build/bin" "$T/bench/cupy" "$T/bench/jax" "$T/out"

cat >"$T/build/bin/gpyc" <<'EOF'
#!/usr/bin/env bash
# fake gpyc: SCRIPT -o OUT
[ "$1" = --version ] && { echo "gpyc 0.0-fake"; exit 0; }
src=$1 out=$3
if grep -q FAILCOMPILE "$src"; then
    echo "$src:3:5: error: fake unsupported construct" >&2
    echo "   3 | x = y" >&2
    exit 1
fi
src="$(cd "$(dirname "$src")" && pwd)/$(basename "$src")"
printf '#!/bin/sh\nexec python3 %s --gpyc "$@"\n' "$src" >"$out"
chmod +x "$out"
EOF
chmod +x "$T/build/bin/gpyc"

# fakes: w1 (per-iteration lines, warnings), w2 (plain), w3 (three rows, wrong gpyc checksum on
# one), w5 (binary crashes), w6 (does not compile), w8 (CuPy hangs), w9 (startup).
cat >"$T/bench/cupy/w1_launch_bound.py" <<'EOF'
import sys
g = "--gpyc" in sys.argv
print("/usr/lib/python3/cupy/_util.py:1: UserWarning: something", file=sys.stderr)
print("INPUT w1_launch_bound 512.25")
print("CHECK w1_launch_bound 1.0240000001 1.5")
t = 1.5 if g else 359.0
print("TIME w1_launch_bound", t)
print("PER_ITER_US w1_launch_bound", t * 1000.0 / 10000)
EOF
cat >"$T/bench/cupy/w2_fused_chain.py" <<'EOF'
import sys
g = "--gpyc" in sys.argv
print("some stray output")
print("INPUT w2_fused_chain 67108864.0")
print("CHECK w2_fused_chain 12345.678 9876.54321")
print("TIME w2_fused_chain", 0.2684 if g else 3.537)
EOF
cat >"$T/bench/cupy/w3_reductions.py" <<'EOF'
import sys
g = "--gpyc" in sys.argv
for n, t, c in (("w3_sum_sq", 0.36, 8.9e7), ("w3_sum_axis1", 0.1, 4096.5), ("w3_sum_axis0", 0.11, 4097.5)):
    print("INPUT", n, 1.0)
    print("CHECK", n, c * (1.01 if g and n == "w3_sum_axis0" else 1.0), c * c)
    print("TIME", n, t if g else t * 5)
EOF
cat >"$T/bench/cupy/w5_kmeans.py" <<'EOF'
import sys
if "--gpyc" in sys.argv:
    print("Traceback (most recent call last):", file=sys.stderr)
    print("IndexError: index 16 is out of bounds for axis 0 with size 16", file=sys.stderr)
    sys.exit(1)
print("CHECK w5_kmeans 7.5 3.25")
print("TIME w5_kmeans 250.7")
EOF
cat >"$T/bench/cupy/w6_matmul.py" <<'EOF'
# FAILCOMPILE
print("CHECK w6_matmul_f32 1.0 2.0")
print("TIME w6_matmul_f32 2.681")
print("CHECK w6_matmul_f64 1.0 2.0")
print("TIME w6_matmul_f64 2.258")
EOF
cat >"$T/bench/cupy/w8_jacobi_2d.py" <<'EOF'
import sys, time
if "--gpyc" not in sys.argv and "JAX" not in globals():
    time.sleep(60)
print("CHECK w8_jacobi_2d 1.0 2.0")
print("TIME w8_jacobi_2d 20.5")
EOF
cat >"$T/bench/cupy/w9_startup_tiny.py" <<'EOF'
import sys, time
time.sleep(0.02 if "--gpyc" in sys.argv else 0.2)
print("CHECK w9_startup 21097.123")
EOF
for w in w1_launch_bound w2_fused_chain w3_reductions w5_kmeans w6_matmul w8_jacobi_2d; do
    cat >"$T/bench/jax/${w}_jax.py" <<EOF
import re, sys
src = open("$T/bench/cupy/$w.py").read().replace("FAILCOMPILE", "")
print("INFO jax_version 0.0-fake")
JAX = 1
exec(compile(src, "$w", "exec"))
EOF
done
# JAX extras: w1 prints its Python-loop variant and PIPE lines; w4 has no JAX harness.
cat >>"$T/bench/jax/w1_launch_bound_jax.py" <<'EOF'
print("PIPE w1_launch_bound 60.0")
print("CHECK w1_launch_bound.pyloop 1.0240000001 1.5")
print("TIME w1_launch_bound.pyloop 120.0")
print("PER_ITER_US w1_launch_bound.pyloop 12.0")
EOF
cat >"$T/bench/cupy/w4_softmax.py" <<'EOF'
import sys
print("CHECK w4_softmax 8192.0 1.0001")
print("TIME w4_softmax", 0.2 if "--gpyc" in sys.argv else 1.229)
EOF
cat >"$T/bench/jax/w9_startup_tiny_jax.py" <<'EOF'
import time
time.sleep(0.3)
print("CHECK w9_startup 21097.12")
EOF
cat >"$T/copy_bw.py" <<'EOF'
print("INFO device Fake GPU")
print("COPY_BW copyto 2950.0")
print("COPY_BW memcpy 2990.5")
EOF

OUT=$T/out BENCH_DIR=$T/bench BENCH_TIMEOUT=3 BENCH_W9_RUNS=3 BENCH_COPY_SCRIPT=$T/copy_bw.py \
    bench/run.sh "$T/build" >"$T/stdout" 2>"$T/stderr"
rc=$?

fails=0
# check DESCRIPTION EXTENDED-REGEX — the report must hold a line matching the regex.
check() {
    if grep -Eq -- "$2" "$T/out/bench.md"; then
        echo "ok   $1"
    else
        echo "FAIL $1: no line matches: $2"
        fails=$((fails + 1))
    fi
}
[ "$rc" -eq 0 ] || { echo "FAIL run.sh exit status $rc"; fails=$((fails + 1)); }
check "copy bandwidth, best of three" 'memcpy 2990 GB/s'
check "w2 row" '^\| w2_fused_chain \| 0\.2684 \| 3\.537 \| 3\.537 \| 0\.07588 \| 0\.07588 \| 3000 \| 100\.3% \| yes \|$'
check "w1 row, no bytes" '^\| w1_launch_bound \| 1\.5 \| 359 \| 359 \| 0\.004178 \| 0\.004178 \| — \| — \| yes \|$'
check "w1 per-iteration note" 'w1 µs per iteration: gpyc 0\.15, cupy 35\.9, jax 35\.9, JAX Python loop 12'
check "JAX variant note" 'JAX variant w1_launch_bound.pyloop: 120 ms'
check "w3 three rows" '^\| w3_sum_axis1 \| 0\.1 \| 0\.5 \|'
check "w3 wrong checksum" '^\| w3_sum_axis0 .*\| NO: gpyc 4138\.475'
check "compile failure" '^\| w6_matmul_f32 \| n/a \(does not compile: w6_matmul\.py:3:5: error: fake unsupported construct\)'
check "compile failure, second row" '^\| w6_matmul_f64 \| n/a \(see above\) \| 2\.258 \|'
check "crashing binary" '^\| w5_kmeans \| n/a \(exit 1: IndexError: index 16 is out of bounds'
check "CuPy timeout" '^\| w8_jacobi_2d \| 20\.5 \| n/a \(timed out after 3 s\) \| 20\.5 \| n/a \| 1 \| 2619 \| 87\.5[0-9]% \| yes \(vs JAX'
check "missing JAX harness" '^\| w4_softmax \| 0\.2 \| 1\.229 \| n/a \(no JAX harness'
check "w9 whole-process row" '^\| w9_startup \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| 0\.[0-9]+ \| 0\.[0-9]+ \| — \| — \| yes \|$'
check "w9 notes" 'w9 whole-process wall time.*CuPy with an empty kernel cache'
check "versions line" '^- CuPy '
check "compile time note" 'gpyc compile times \(s\): w1_launch_bound [0-9.]+, w2_fused_chain [0-9.]+'
# prebuilt binaries name their commit (prepare-bench.sh --prebuild writes BENCH_BIN/COMMIT): a
# second, one-workload run with a BENCH_BIN that holds only COMMIT (so w2 still compiles)
mkdir -p "$T/bin" "$T/out2" && echo "abc1234" >"$T/bin/COMMIT"
OUT=$T/out2 BENCH_DIR=$T/bench BENCH_BIN=$T/bin BENCH_TIMEOUT=3 BENCH_COPY_SCRIPT=$T/copy_bw.py \
    bench/run.sh "$T/build" w2 >/dev/null 2>>"$T/stderr"
if grep -q '; commit: abc1234 (prebuilt)$' "$T/out2/bench.md"; then echo "ok   prebuilt binaries' commit"; else
    echo "FAIL the header does not name BENCH_BIN/COMMIT's commit"; fails=$((fails + 1)); fi
n=$(find "$T/out" -type f | wc -l)
if [ "$n" -le 3 ] && [ -s "$T/out/bench-raw.log" ]; then echo "ok   \$OUT holds $n files"; else
    echo "FAIL \$OUT holds $n files or no raw log"; fails=$((fails + 1)); fi
if cmp -s "$T/stdout" "$T/out/bench.md"; then echo "ok   stdout is the report"; else
    echo "FAIL stdout differs from bench.md"; fails=$((fails + 1)); fi
if [ "$fails" -ne 0 ] || [ "${VERBOSE:-0}" = 1 ]; then
    echo "--- bench.md"; cat "$T/out/bench.md"; echo "--- stderr"; cat "$T/stderr"
fi
echo "selftest: $fails failed"
[ "$fails" -eq 0 ]
