#!/usr/bin/env bash
# ab.sh BUILD_A BUILD_B [GLOB] — device speed of two gpyc builds on the same GPU in one run
# (issue 20's A/B table): compiles every workload of $BENCH_DIR/cupy (default gpu/bench/cupy,
# made by scripts/prepare-bench.sh) matching GLOB (default w*) with BUILD_A/bin/gpyc and
# BUILD_B/bin/gpyc, then runs the two executables alternately (A B A B ...) ROUNDS times
# (default 5) and prints, per TIME line the workloads print, the median of each and B / A.
# CHECK lines of A and B must agree (compared as text; a difference is flagged and both sides
# printed after the table, not fatal).
# Only the gpyc executables run: CuPy and JAX are bench/run.sh's business.
# Environment: GPYC_FLAGS (default --arch=sm_90), ROUNDS, BENCH_DIR, AB_TIMEOUT (s per run, 120).
set -u
cd "$(dirname "$0")/.." || exit 1
A=$(cd "$1" && pwd) B=$(cd "$2" && pwd) || exit 2
GLOB=${3:-w*}
BENCH=${BENCH_DIR:-gpu/bench}
ROUNDS=${ROUNDS:-5}
read -r -a FLAGS <<<"${GPYC_FLAGS:---arch=sm_90}"
W=$(mktemp -d "${TMPDIR:-/tmp}/gpyc-ab.XXXXXX")
mkdir -p "$W/A" "$W/B"

# compile everything, both builds, nproc at a time (each build with its own kernel cache)
names=()
for f in "$BENCH"/cupy/$GLOB.py; do names+=("$(basename "$f" .py)"); done
for side in A B; do
    g=${!side}/bin/gpyc
    for n in "${names[@]}"; do
        while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n; done
        (cd "$BENCH/cupy" && GPYC_CACHE_DIR=$W/cache-$side "$g" "$n.py" -o "$W/$side/$n" "${FLAGS[@]}" \
            >"$W/$side/$n.clog" 2>&1 || echo "compile failed" >>"$W/$side/$n.clog") &
    done
done
wait

# run A and B alternately; each run's TIME and CHECK lines go to W/SIDE/NAME.runs
for n in "${names[@]}"; do
    for r in $(seq "$ROUNDS"); do
        for side in A B; do
            [ -x "$W/$side/$n" ] || continue
            (cd "$BENCH/cupy" && timeout "${AB_TIMEOUT:-120}" "$W/$side/$n" 2>/dev/null) | grep -E '^(TIME|CHECK) ' \
                >>"$W/$side/$n.runs"
        done
    done
done

med() { sort -g | awk '{a[NR] = $1} END {if (NR) print a[int((NR + 1) / 2)]; else print "-"}'; }
echo "| workload (TIME line) | A ms | B ms | B / A |"
echo "| --- | ---: | ---: | ---: |"
for n in "${names[@]}"; do
    for side in A B; do
        [ -x "$W/$side/$n" ] || echo "| $n | ${side} does not compile: $(grep -m1 error "$W/$side/$n.clog" | cut -c1-100) | | |"
    done
    [ -s "$W/A/$n.runs" ] && [ -s "$W/B/$n.runs" ] || continue
    for t in $(grep '^TIME ' "$W/A/$n.runs" | awk '{print $2}' | sort -u); do
        a=$(grep "^TIME $t " "$W/A/$n.runs" | awk '{print $3}' | med)
        b=$(grep "^TIME $t " "$W/B/$n.runs" | awk '{print $3}' | med)
        ratio=$(awk -v a="$a" -v b="$b" 'BEGIN {if (a > 0 && b > 0) printf "%.3f", b / a; else print "-"}')
        echo "| $t | $a | $b | $ratio |"
        [ "$ratio" != - ] && echo "$ratio" >>"$W/ratios"
    done
    if ! diff <(grep '^CHECK ' "$W/A/$n.runs" | sort -u) <(grep '^CHECK ' "$W/B/$n.runs" | sort -u) >/dev/null; then
        echo "| $n: CHECK lines differ (below) | | | |"
        { echo "$n:"; diff <(grep '^CHECK ' "$W/A/$n.runs" | sort -u) <(grep '^CHECK ' "$W/B/$n.runs" | sort -u) | grep '^[<>]' | head -8; } >>"$W/checkdiff"
    fi
done
[ -s "$W/checkdiff" ] && { echo; echo "CHECK lines that differ (< A, > B):"; cat "$W/checkdiff"; }
[ -s "$W/ratios" ] && awk '{s += log($1); n++} END {printf "\ngeometric mean of B / A over %d TIME lines: %.3f\n", n, exp(s / n)}' "$W/ratios"
rm -rf "$W"
