#!/usr/bin/env bash
# gpu-session.sh prep | run — one device call that does a session's GPU work (docs/testing.md,
# "A session's GPU run").
#
#   prep   here, on the machine without a GPU: gpyc and the runtime's compile commands into
#          gpu/build and gpu/nb (prepare-gpu-runtime.sh), the acceptance programs
#          (prepare-gpu.sh's copy), the external suites and the oracle into gpu/ext and
#          gpu/shared (../shared does not travel), the benchmark workloads (prepare-bench.sh).
#          Carry: gpu/build gpu/nb gpu/acceptance gpu/ext gpu/shared gpu/bench
#          (+ gpu/base for A/B, + gpu/fuzzbin for fuzzing; the carry limit is 64 MiB in all).
#   run    on the GPU machine: builds the runtime there (gpu-build-runtime.sh), then runs the
#          jobs named in JOBS at once, each on its own GPU and cores, and leaves the logs and
#          a summary in $OUT (a tarball per job: the device tool brings back few files).
#
# JOBS: comma-separated JOB[#TAG][@GPU] (GPU index, default 0), or JOB+JOB+...[@GPU]: those one
# after the other on that GPU and cores (time+ab: timings that must not share the GPU); each job gets CORES cores of its
# own (default: the machine's cores / number of jobs), taken in order; a fuzz job starts before
# the runtime's build (it needs none). TAG tells two jobs of one kind apart
# (san:racecheck#1@1,san:racecheck#2@2: SGLOB_racecheck_1 and SGLOB_racecheck_2 their globs).
#   test       e2e, rterr, alloc, acceptance (tests/run.sh, TJ compiles at a time, default its
#              cores); TGLOB restricts it to some tests
#   ext        cupy-examples and npbench (their run-gpu), then random_vs_cupy, fault_line
#              (a kernel's fault traced to the line of its launch), misc_vs_cupy (who and
#              show_config against CuPy), npz_numpy (gpyc's .npz archives read by NumPy) and
#              graph_keys (a loop site replays a graph per key)
#   time       ../npbench-time run-time (BUDGET, ONLY as it reads them; time#T reads ONLY_T first)
#   bench      bench/run.sh gpu/build "$BGLOB": the W workloads against CuPy and JAX
#   ab         bench/ab.sh gpu/base gpu/build "$ABGLOB" (ROUNDS); needs gpu/base (AB_WAIT: a file
#              to wait for first, e.g. written when a base runtime built in the call is done); AB_ENVS: one
#              run per space-separated VAR=VALUE (that environment for both builds' gpyc), else one;
#              ab#T reads AB_BASE_T (another base build), AB_ENVS_T, ABGLOB_T and AB_BENCH_T (a
#              folder with cupy/*.py programs that print TIME and CHECK lines) first
#   san:TOOL   tests/gpu/sanitize.sh --tools TOOL over the e2e and rterr programs in
#              gpu/build/e2e: those the test job of the same call compiles (it waits for them),
#              or of an earlier call on the same warm machine (carry nothing then); SGLOB
#              (or SGLOB_TOOL, for that tool) restricts them, STMO is the time limit of one program (default 300 s)
#   gt         each tests/gpu/NAME.sh of GPUTESTS (space-separated NAMEs) with gpu/build
#   prof       for each npbench-time program in PROF (space-separated names, e.g.
#              "47_stockham_fft 10_cholesky2"): compiles it, then Nsight Compute's per-kernel
#              times (gpu__time_duration, --clock-control none, the first PROFN launches, default
#              3000) of the gpyc executable and of its _jax.py version, as CSV (NAME.gpyc.csv,
#              NAME.jax.csv); each run at most PROFT seconds (default 150)
#   fuzz       gpu/fuzzbin/gpyc_fuzz (tests/fuzz's harness, built with clang, ASan and UBSan;
#              gpu/fuzzbin/COMMIT says of which commit), FZCORES processes (default CORES) for
#              FZTIME seconds (default 400) on the seed corpus in gpu/fuzzbin/seeds (no GPU)
set -u
cd "$(dirname "$0")/.." || exit 1
cmd=${1:?usage: gpu-session.sh prep|run}

shared=${SHARED:-}
if [ -z "$shared" ]; then
    for c in /work/shared ../shared; do [ -d "$c/external" ] && { shared=$c; break; }; done
fi

if [ "$cmd" = prep ]; then
    set -e
    scripts/prepare-gpu-runtime.sh build
    SHARED=$shared scripts/prepare-gpu.sh /nonexistent >/dev/null # the acceptance copy only
    rm -rf gpu/ext gpu/shared && mkdir -p gpu/ext gpu/shared
    cp -r "$shared/external/npbench" "$shared/external/npbench-time" \
        "$shared/external/cupy-examples" gpu/ext/
    cp -r "$shared/oracle" gpu/shared/
    chmod -R u+w gpu/ext gpu/shared
    SHARED=$shared scripts/prepare-bench.sh >/dev/null
    du -sh gpu/build gpu/nb gpu/acceptance gpu/ext gpu/shared gpu/bench
    exit 0
fi
[ "$cmd" = run ] || { echo "gpu-session.sh: unknown command $cmd" >&2; exit 2; }

# Every command stops DEADLINE seconds (default 540) after this script began (the runtime's
# build included), so that the device tool's limit never takes the logs with it; each job packs
# its own on finishing.
T0=$(date +%s)
left() { local t=$((T0 + ${DEADLINE:-540} - $(date +%s))); [ $t -gt 1 ] && echo $t || echo 1; }
OUT=${OUT:-gpu/out}
mkdir -p "$OUT"
L=$(mktemp -d)
NCORES=$(nproc)
IFS=, read -r -a jobs <<<"${JOBS:-test}"
CORES=${CORES:-$((NCORES / ${#jobs[@]}))}
nvidia-smi -L | tee "$OUT/gpus.txt"
export GPYC_FLAGS=${GPYC_FLAGS---arch=sm_90}
export GPYC_CACHE_DIR=$L/cache # every compile from nothing: no cache of an earlier call
rm -f "$L/test.done"
# no test job (alone, or first in a chain: test+ext@0): the san jobs need not wait
[[ ",${JOBS:-test}," =~ [,+]test[,+@] ]] || touch "$L/test.done"
for f in gpu/base/lib/*.gz; do [ -f "$f" ] && gunzip -kf "$f"; done


# job NAME GPU FIRST_CORE CORES: runs one job pinned to its GPU and cores, logs into $L/NAME,
# then packs them into $OUT/NAME.tgz
job() {
    local name=$1 gpu=$2 c0=$3 d=$L/${1//[:#]/-} n=$4
    mkdir -p "$d"
    export CUDA_VISIBLE_DEVICES=$gpu GPYC_TEST_JOBS=$n
    local pin=(taskset -c "$c0-$((c0 + n - 1))")
    to() { timeout -k 5 "$(left)" "$@"; }
    SECONDS=0
    local tag=
    [[ $name == *#* ]] && tag=${name#*#}
    case ${name%%#*} in
        test)
            # the test job compiles on every core (TJ at a time): the others wait for it or
            # need few
            to tests/run.sh --no-ctest -j "${TJ:-$n}" --only e2e,alloc,acceptance \
                --acceptance gpu/acceptance gpu/build ${TGLOB:+"$TGLOB"} >"$d/suite.log" 2>&1
            touch "$L/test.done"
            ;;
        ext)
            to "${pin[@]}" gpu/ext/npbench/run-gpu "$PWD/gpu/build/bin/gpyc" "$d/nb" >"$d/npbench.log" 2>&1 &
            to "${pin[@]}" gpu/ext/cupy-examples/run-gpu "$PWD/gpu/build/bin/gpyc" "$d/cx" >"$d/cupy-examples.log" 2>&1
            wait
            WORK=$d/rvc to "${pin[@]}" tests/gpu/random_vs_cupy.sh gpu/build >"$d/random-vs-cupy.log" 2>&1
            to "${pin[@]}" tests/gpu/fault_line.sh gpu/build >"$d/fault-line.log" 2>&1
            WORK=$d/mvc to "${pin[@]}" tests/gpu/misc_vs_cupy.sh gpu/build >"$d/misc-vs-cupy.log" 2>&1
            to "${pin[@]}" tests/gpu/npz_numpy.sh gpu/build >"$d/npz-numpy.log" 2>&1
            to "${pin[@]}" tests/gpu/graph_keys.sh gpu/build >"$d/graph-keys.log" 2>&1
            rm -rf "$d/cx" "$d/nb" "$d/rvc" "$d/mvc"
            ;;
        time)
            local ov=ONLY_$tag b=$(($(left) - 30))   # run-time stops itself in time to report
            [ -n "${BUDGET:-}" ] && [ "$BUDGET" -lt $b ] && b=$BUDGET
            BUDGET=$b ONLY=${!ov:-${ONLY:-*}} to "${pin[@]}" gpu/ext/npbench-time/run-time "$PWD/gpu/build/bin/gpyc" "$d/t" >"$d/time.log" 2>&1
            cp "$d/t/results.md" "$d/" 2>/dev/null
            rm -rf "$d/t"
            ;;
        bench)
            OUT=$d to "${pin[@]}" bench/run.sh gpu/build "${BGLOB:-}" >"$d/bench.log" 2>&1
            ;;
        ab)
            local e vb=AB_BASE_$tag ve=AB_ENVS_$tag vg=ABGLOB_$tag vd=AB_BENCH_$tag
            # a base whose runtime is built in this call: wait for the file that says it is done
            while [ -n "${AB_WAIT:-}" ] && [ ! -e "$AB_WAIT" ] && [ "$(left)" -gt 60 ]; do sleep 5; done
            for e in ${!ve:-${AB_ENVS:-AB_DEFAULT=1}}; do
                echo "== $e" >>"$d/ab.log"
                env "$e" BENCH_DIR="${!vd:-${BENCH_DIR:-gpu/bench}}" timeout -k 5 "$(left)" "${pin[@]}" \
                    bench/ab.sh "${!vb:-gpu/base}" gpu/build \
                    "${!vg:-${ABGLOB:-w*}}" >>"$d/ab.log" 2>&1
            done
            ;;
        san:*)
            while [ ! -e "$L/test.done" ]; do sleep 5; done
            local full=${name#san:} tool g t
            tool=${full%%#*} t=SGLOB_${full//#/_} g=SGLOB_$tool
            g=${!t:-${!g:-${SGLOB:-}}}
            OUT=$d/s to "${pin[@]}" tests/gpu/sanitize.sh -j "$n" --tools "$tool" --subset 0 \
                --timeout "${STMO:-300}" ${g:+--glob "$g"} gpu/build >"$d/san.log" 2>&1
            cp "$d/s/summary.txt" "$d/" 2>/dev/null
            ;;
        gt)
            local t
            for t in ${GPUTESTS:-}; do
                local b=${t##*/} # a NAME may be a path under tests/gpu (../../gpu/fuzzbin/x)
                WORK=$d/w-$b to "${pin[@]}" "tests/gpu/$t.sh" gpu/build >"$d/$b.log" 2>&1
                echo "$t: exit $?" >>"$d/summary.txt"
                rm -rf "$d/w-$b"
            done
            ;;
        prof)
            local p
            for p in ${PROF:-}; do
                (cd gpu/ext/npbench-time && to "${pin[@]}" "$OLDPWD/gpu/build/bin/gpyc" $GPYC_FLAGS \
                    "$p.py" -o "$d/$p") >"$d/$p.compile.log" 2>&1
                for v in gpyc jax; do
                    local cmdl=("$d/$p")
                    [ $v = jax ] && cmdl=(python3 "gpu/ext/npbench-time/${p}_jax.py")
                    timeout -k 5 "$(( $(left) < ${PROFT:-150} ? $(left) : ${PROFT:-150} ))" \
                        "${pin[@]}" ncu --clock-control none --metrics gpu__time_duration.sum \
                        --csv --print-units base --launch-count "${PROFN:-3000}" "${cmdl[@]}" \
                        >"$d/$p.$v.csv" 2>"$d/$p.$v.err"
                done
            done
            ;;
        fuzz)
            rm -f gpu/fuzzbin/fuzz-*.log
            (cd gpu/fuzzbin && to "${pin[@]}" nice -n 10 ./gpyc_fuzz -max_total_time="${FZTIME:-400}" -timeout=10 \
                -rss_limit_mb=2048 -max_len=8192 -dict=gpyc.dict -artifact_prefix="$d/" \
                -print_final_stats=1 -jobs="$n" -workers="$n" corpus seeds >"$d/fuzz.log" 2>&1)
            cat gpu/fuzzbin/fuzz-*.log | sed -n 's/^stat::number_of_executed_units: *//p' |
                awk '{n += $1} END {print "executions:", n + 0}' >"$d/execs.txt"
            cat gpu/fuzzbin/fuzz-*.log | grep -E 'ERROR|SUMMARY|runtime error' | head -40 >"$d/findings.txt"
            ;;
    esac
    echo "$1: $SECONDS s" >"$d/seconds.txt"
    tar -czf "$OUT/${1//[:#]/-}.tgz" -C "$d" .
}

# launch PASS: fuzz jobs in pass 0 (before the runtime's build: they need none), the rest in 1
launch() {
    local c=0 j name gpu n
    for j in "${jobs[@]}"; do
        name=${j%@*} gpu=0
        [ "$j" != "$name" ] && gpu=${j##*@}
        n=$CORES
        [ "$name" = fuzz ] && n=${FZCORES:-$CORES}
        if { [ "$name" = fuzz ] && [ "$1" = 0 ]; } || { [ "$name" != fuzz ] && [ "$1" = 1 ]; }; then
            (IFS=+ read -r -a parts <<<"$name"; for p in "${parts[@]}"; do job "$p" "$gpu" "$c" "$n"; done) &
        fi
        c=$((c + n))
    done
}
launch 0
# a warm machine's second call (carry nothing) keeps the runtime and the compiled tests
if [ ! -f gpu/build/lib/libgpyrt.a ] && [ -z "${NO_RUNTIME:-}" ]; then
    scripts/gpu-build-runtime.sh >"$OUT/runtime.txt" 2>&1 || { cat "$OUT/runtime.txt"; exit 1; }
    cat "$OUT/runtime.txt"
fi
launch 1
wait
cat "$L"/*/seconds.txt
exit 0
