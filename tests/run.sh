#!/usr/bin/env bash
# run.sh — gpyc's test runner (what `make test` and CI run).
#
#   tests/run.sh [options] BUILD_DIR [GLOB]
#
# Suites, in order (--only picks some; a GLOB restricts the file-based suites to tests whose
# name matches it and leaves the unit and api suites out; 'a*|b*' matches either glob):
#   unit        the Criterion executables, through ctest (or directly when ctest is missing)
#   errors      tests/errors/NAME.py: `gpyc --check NAME.py`, run inside tests/errors, must exit 1
#               and its first stderr line must equal the first line of NAME.err; a first line
#               `# gpyc flags: FLAGS` adds FLAGS to the command (errors in the command line)
#               (in tests/errors and tests/e2e, NAME_helper.py and NAME_helper2.py ... are
#               modules that the tests beside them import, not tests of their own)
#   nocrash     gpyc never dies of a signal or hangs: every error test, every tests/nocrash
#               program (inputs fuzzing found) and prefixes of every e2e program (cut every 7th
#               byte or so) give `gpyc --check` exit status 0 or 1
#   files       the files of the command line (issue 24): inputs that are not source files
#               (/dev/zero, a fifo, a folder, over 16 MiB) refused in one sentence; outputs that
#               cannot be written (/dev/full, a folder, a file-size limit) or would overwrite an
#               input: exit 1, the reason, an older output intact and no temporary file left
#   cache       `gpyc --cache-stats` and `--cache-clear` on a kernel cache folder of its own
#               (GPYC_CACHE_DIR, XDG_CACHE_HOME, HOME): empty, with an entry, and one that
#               cannot be made (exit 1, one warning); `--no-cache` is accepted
#   build       full compiles of two small programs when a tool, the cache or the disk fails:
#               nvcc missing or failing (message, an existing output kept), a cache folder that
#               cannot be made (a warning, a good build), damaged cache entries (removed,
#               compiled again, then hits), two processes filling one cache at once, a full
#               disk (ulimit -f: a message, no output); a compiled program ended by SIGTERM
#               and SIGINT (exit 143 / 130, stdout flushed: host code only, no GPU)
#   e2e         tests/e2e/NAME.py (stdout compared with NAME.expected by tests/oracle/compare) and
#               tests/rterr/NAME.py (exit 1, last stderr line compared with NAME.expected):
#               a line `# env: VAR=VALUE ...` in the script sets those variables for its run
#               compiled with `gpyc NAME.py -o BUILD/e2e/NAME` (a compile failure fails the test,
#               GPU or not), then run when a GPU is present, else the run is SKIPped
#   golden      tests/golden/NAME.py: `gpyc --emit=ir` and `gpyc --emit=kernels` (run inside
#               tests/golden, plus FLAGS of a first line `# gpyc flags: FLAGS`) must print
#               exactly NAME.ir and NAME.kernels (rewrite them with tests/golden/regen BUILD
#               and review the diff); and `--dump-after=graphloop --check` of graphloop.py
#               must print `;; after graphloop` then graphloop.ir
#   api         `gpyc --list-api`: every listed name is used by a tests/e2e program
#               (tests/api-exercised.sh), and docs/api-coverage.md is what
#               scripts/api-coverage.sh generates from the list
#   fuzz        a 60-second smoke of the libFuzzer harness (tests/fuzz/fuzz.sh --smoke, built in
#               BUILD/fuzz with clang, ASan and UBSan) from the seed corpus of the tests: no
#               crash, hang, leak or sanitizer report; SKIP where clang's fuzzer runtime is
#               missing (Debian: libclang-rt-14-dev)
#   alloc       tests/alloc/NAME.py, compiled as written (ITERS = 10) and with ITERS = 1000, run
#               with GPYRT_STATS=1: both must exit 0 and report the same number of driver
#               allocations (a steady-state loop allocates nothing new); without a GPU only
#               the compiles are checked
#   acceptance  --acceptance DIR: NN_name.py (+ .expected) as e2e; NN_err_*.py must fail to
#               compile with `file:LINE:COL: error:` naming the LINE of `error at LINE`;
#               NN_rterr_*.py as rterr
#
# Options:
#   -j N             compile N programs at a time (default 2, or $GPYC_TEST_JOBS)
#   -O0              pass -O0 to gpyc (outputs go to BUILD/e2e-O0, names get an -O0 suffix)
#   --arch A         pass --arch=A to gpyc
#   --acceptance DIR also run the acceptance programs in DIR
#   --only LIST      comma-separated suites to run (unit,errors,nocrash,golden,api,files,cache,build,e2e,
#                    alloc,fuzz,acceptance)
#   --no-ctest       run the unit-test executables in BUILD/tests directly, not through ctest
#                    (for a build folder carried to another machine: ctest's files hold paths)
#   --no-nvcc        what needs no nvcc (`make check`): the unit suite leaves out the runtime's
#                    tests (ctest label runtime: they link libgpyrt, whose CUDA files nvcc builds)
#                    and codegen's unit tests skip their nvcc compiles (GPYC_TEST_NVCC=0)
#   -h, --help       this text
# Environment: GPYC_GPU=1 forces running compiled programs, GPYC_GPU=0 forbids it (default:
# run them when `nvidia-smi -L` lists a GPU); GPYC_FLAGS adds gpyc flags; GPYC_COMPILE_TIMEOUT
# and GPYC_RUN_TIMEOUT (seconds, default 600 and 300).
#
# Output: one line per check, `PASS name`, `FAIL name: why` or `SKIP name: why`, then the seconds
# each suite took (`time: unit 8 s, errors 4 s, ...`), the names of the failures and a last
# line `N passed, N failed, N skipped`.  Exit status 1 if any failed.
set -u

usage() { sed -n '2,/^set -u/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

JOBS=${GPYC_TEST_JOBS:-2}
OPTFLAG=""
ARCH=""
ACCDIR=""
ONLY=""
NOCTEST=0
NONVCC=0
BUILD=""
FILTER=""
while [ $# -gt 0 ]; do
    case $1 in
        -j) JOBS=${2:?-j needs a number}; shift 2 ;;
        -j*) JOBS=${1#-j}; shift ;;
        -O0) OPTFLAG=-O0; shift ;;
        --arch) ARCH=${2:?--arch needs a value}; shift 2 ;;
        --arch=*) ARCH=${1#--arch=}; shift ;;
        --acceptance) ACCDIR=${2:?--acceptance needs a folder}; shift 2 ;;
        --acceptance=*) ACCDIR=${1#--acceptance=}; shift ;;
        --only) ONLY=${2:?--only needs a list}; shift 2 ;;
        --only=*) ONLY=${1#--only=}; shift ;;
        --no-ctest) NOCTEST=1; shift ;;
        --no-nvcc) NONVCC=1; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) if [ -z "$BUILD" ]; then BUILD=$1; elif [ -z "$FILTER" ]; then FILTER=$1; else
               echo "run.sh: unexpected argument $1" >&2; exit 2; fi
           shift ;;
    esac
done
if [ -z "$BUILD" ]; then usage >&2; exit 2; fi
case $JOBS in ''|*[!0-9]*|0) echo "run.sh: -j wants a positive number" >&2; exit 2 ;; esac
if [ ! -d "$BUILD" ]; then echo "run.sh: no build folder $BUILD (run make first)" >&2; exit 2; fi

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$(cd "$BUILD" && pwd)
GPYC=$BUILD/bin/gpyc
COMPARE=$ROOT/tests/oracle/compare
if [ -n "$ACCDIR" ]; then
    if [ ! -d "$ACCDIR" ]; then echo "run.sh: no acceptance folder $ACCDIR" >&2; exit 2; fi
    ACCDIR=$(cd "$ACCDIR" && pwd)
fi
if [ -z "$ONLY" ]; then
    ONLY=unit,errors,nocrash,golden,api,files,cache,build,e2e,alloc,fuzz
    [ -n "$ACCDIR" ] && ONLY=$ONLY,acceptance
    # a GLOB picks file-based tests: the unit, api, files and cache suites are left out
    [ -n "$FILTER" ] && ONLY=${ONLY#unit,} && ONLY=${ONLY/,api,files,cache,/,}
fi
want() { case ",$ONLY," in *",$1,"*) return 0 ;; esac; return 1; }

SUFFIX=${OPTFLAG:+-O0}
CTIMEOUT=${GPYC_COMPILE_TIMEOUT:-600}
RTIMEOUT=${GPYC_RUN_TIMEOUT:-300}

# --- bookkeeping -----------------------------------------------------------------------------
NPASS=0 NFAIL=0 NSKIP=0
FAILED=()
pass() { NPASS=$((NPASS + 1)); echo "PASS $1"; }
fail() { NFAIL=$((NFAIL + 1)); FAILED+=("$1"); echo "FAIL $1${2:+: $2}"; }
skip() { NSKIP=$((NSKIP + 1)); echo "SKIP $1${2:+: $2}"; }
# Indents a block of text (details under a FAIL line), at most 30 lines of it.
detail() { sed -e 's/^/    /' | head -n 30; }
# A module imported by the tests beside it (NAME_helper.py, NAME_helper2.py), not a test.
is_helper() { case $1 in *_helper | *_helper[0-9]) return 0 ;; esac; return 1; }
# shellcheck disable=SC2254  # FILTER is a glob on purpose
matches() {
    [ -z "$FILTER" ] && return 0
    local pats p
    IFS='|' read -r -a pats <<<"$FILTER"     # several globs: 'hfuse*|insert_*'
    for p in "${pats[@]}"; do
        case $1 in $p) return 0 ;; esac
    done
    return 1
}

# How a process ended, for messages: "exit 3", "killed by signal 11", "timed out".
why_status() {
    if [ "$1" -eq 124 ]; then echo "timed out"
    elif [ "$1" -eq 152 ]; then echo "timed out (SIGXCPU: its CPU-time limit)"
    elif [ "$1" -ge 128 ]; then echo "killed by signal $(($1 - 128))"
    else echo "exit $1"; fi
}
# The last non-blank line of a file.
last_line() { grep -v '^[[:space:]]*$' "$1" 2>/dev/null | tail -n 1; }

# A GPU to run compiled programs on?
case ${GPYC_GPU:-} in
    1) HAVE_GPU=1 ;;
    0) HAVE_GPU=0 ;;
    *) if nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then HAVE_GPU=1; else HAVE_GPU=0; fi ;;
esac
# Without a GPU nothing runs, so compile-only checks build PTX for one architecture
# (compute_90: nvcc's front end and code generation, no ptxas) at device optimisation level 0
# (--device-opt=0: cicc without its optimiser, whose unrolling is ~90 % of cicc's time:
# red_argminmax's kernels 46 CPU-s at -O3, 3 at -O0) unless --arch or GPYC_FLAGS say
# otherwise.  nvcc still parses, checks and generates every kernel; the optimised PTX and SASS
# are the GPU suite's (it builds the default fat binary).  samples/ (make demo) build SASS.
DEVOPT=
if [ -z "$ARCH" ] && [ "$HAVE_GPU" = 0 ] && [ -z "${GPYC_FLAGS:-}" ]; then ARCH=compute_90; DEVOPT=--device-opt=0; fi
# gpyc's flags for full compiles (word-split on purpose: flags never hold spaces).
# --jobs=1: the suites compile -j programs at a time already, and each further nvcc batch of a
# program costs ~0.8 CPU-s of nvcc's and the runtime's headers before its first kernel.
FLAGS="$OPTFLAG ${ARCH:+--arch=$ARCH} $DEVOPT --jobs=1 ${GPYC_FLAGS:-}"
# Full compiles share one kernel cache in the build tree (issue 20): the e2e, alloc and
# acceptance programs repeat many kernels, and a rerun finds all of them.  GPYC_CACHE_DIR from
# the environment wins (the cache suite sets its own).
export GPYC_CACHE_DIR=${GPYC_CACHE_DIR:-$(cd "$BUILD" 2>/dev/null && pwd || echo "$BUILD")/kcache}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/gpyc-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

have_gpyc() {
    if [ -x "$GPYC" ]; then return 0; fi
    fail "$1" "$GPYC not found (build first: make)"
    return 1
}

gpu_word=no
[ $HAVE_GPU = 1 ] && gpu_word=yes
echo "gpyc tests: build $BUILD; suites $ONLY; GPU: $gpu_word${OPTFLAG:+; flags $OPTFLAG}${FILTER:+; filter $FILTER}"

# --- unit ------------------------------------------------------------------------------------
suite_unit() {
    echo "== unit"
    local log=$TMP/ctest.log rc
    local exclude=()
    if [ $NONVCC = 1 ]; then
        exclude=(-LE runtime)
        export GPYC_TEST_NVCC=0
    fi
    if [ $NOCTEST = 0 ] && command -v ctest >/dev/null 2>&1 && [ -f "$BUILD/CTestTestfile.cmake" ]; then
        ctest --test-dir "$BUILD" --output-on-failure -j"$JOBS" "${exclude[@]}" >"$log" 2>&1
        rc=$?
        # "  3/12 Test  #3: unit/frontend/test_parse .....   Passed    0.02 sec"
        local n=0 name status
        while IFS=$'\t' read -r name status; do
            n=$((n + 1))
            if [ "$status" = Passed ]; then pass "$name"; else fail "$name" "$status"; fi
        done < <(sed -n -E 's/^ *[0-9]+\/[0-9]+ +Test +#[0-9]+: +([^ ]+) +\.*[ *]*([A-Za-z].*[^ ]) +[0-9.]+ sec$/\1\t\2/p' "$log")
        if [ $rc -ne 0 ]; then
            [ $n -eq 0 ] && fail unit "ctest exit $rc"
            echo "---- ctest output (failures) ----"
            grep -v -E 'Test +#[0-9]+: .* Passed ' "$log" | head -n 200
            echo "----"
        elif [ $n -eq 0 ]; then
            skip unit "no unit tests registered"
        fi
        return
    fi
    # Without ctest: run the executables as ctest would (from the source root, --jobs 1).
    local exe found=0
    for exe in "$BUILD"/tests/*; do
        [ -f "$exe" ] && [ -x "$exe" ] || continue
        found=1
        # BUILD/lib/unit-deps: Criterion and its libraries, carried by scripts/prepare-gpu.sh
        (cd "$ROOT" && LD_LIBRARY_PATH="$BUILD/lib/unit-deps${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
            timeout 600 "$exe" --jobs 1) >"$log" 2>&1
        rc=$?
        if [ $rc -eq 0 ]; then pass "unit/$(basename "$exe")"
        else fail "unit/$(basename "$exe")" "$(why_status $rc)"; detail <"$log"; fi
    done
    [ $found = 1 ] || skip unit "no unit test executables in $BUILD/tests"
}

# --- errors ----------------------------------------------------------------------------------
# errors_batch OUTDIR NAME...: `gpyc --check [FLAGS] NAME.py` inside tests/errors for each
# NAME; its stderr goes to OUTDIR/NAME.stderr and its exit status to OUTDIR/NAME.rc.
errors_batch() {
    local out=$1 name line flags
    shift
    cd "$ROOT/tests/errors" || return
    for name in "$@"; do
        flags=""
        IFS= read -r line <"$name.py"
        case $line in "# gpyc flags: "*) flags=${line#"# gpyc flags: "} ;; esac
        # shellcheck disable=SC2086  # flags are words
        timeout 60 "$GPYC" --check $flags "$name.py" >/dev/null 2>"$out/$name.stderr"
        echo $? >"$out/$name.rc"
    done
}
export -f errors_batch

# The first line of a file without trailing blanks (shell builtins: this runs per test).
first_line() {
    local line=""
    IFS= read -r line <"$1"
    printf '%s' "${line%"${line##*[![:space:]]}"}"
}

suite_errors() {
    echo "== errors"
    have_gpyc errors || return
    local f name rc got want names=() out=$TMP/errors
    for f in "$ROOT"/tests/errors/*.py; do
        [ -f "$f" ] || continue
        name=$(basename "$f" .py)
        is_helper "$name" && continue
        matches "$name" || continue
        if [ ! -f "${f%.py}.err" ]; then fail "errors/$name" "no $name.err beside it"; continue; fi
        names+=("$name")
    done
    [ ${#names[@]} -gt 0 ] || { skip errors "no error tests${FILTER:+ match $FILTER}"; return; }
    mkdir -p "$out"
    export GPYC ROOT
    printf '%s\0' "${names[@]}" | xargs -0 -P "$JOBS" -n 50 bash -c 'errors_batch "$@"' _ "$out"
    for name in "${names[@]}"; do
        rc=999
        [ -f "$out/$name.rc" ] && read -r rc <"$out/$name.rc"
        got=$(first_line "$out/$name.stderr")
        want=$(first_line "$ROOT/tests/errors/$name.err")
        if [ "$rc" -ne 1 ]; then
            fail "errors/$name" "$(why_status "$rc"), expected exit 1"
            detail <"$out/$name.stderr"
        elif [ "$got" != "$want" ]; then
            fail "errors/$name" "first line of stderr differs"
            printf 'expected: %s\ngot:      %s\n' "$want" "$got" | detail
        else
            pass "errors/$name"
        fi
    done
}

# --- nocrash ---------------------------------------------------------------------------------
# Inputs, one each: gpyc --check must end with status 0 or 1.  Prints "FILE STATUS" otherwise.
# One bash per batch of inputs, not per input, and a CPU-time limit instead of a `timeout`
# process per input (gpyc waits on nothing, so a hang is a loop, killed by SIGXCPU): the
# processes around gpyc cost more than gpyc.
nocrash_batch() {
    local f rc
    ulimit -S -t 30   # soft: SIGXCPU, which says why
    for f in "$@"; do
        "$GPYC" --check "$f" >/dev/null 2>&1
        rc=$?
        [ $rc -le 1 ] || echo "$f $rc"
    done
}
export -f nocrash_batch

# write_prefixes FILE DIR: the prefixes of FILE cut every STEP bytes (fewer for long files: at
# most ~60 per file; the frontend unit tests feed every prefix of several programs under
# ASan), as DIR/pNNNNN.py (NNNNN: the length).  Shell builtins only: a `head` per prefix took
# longer than gpyc on it.
write_prefixes() {
    local LC_ALL=C text size step i num   # C: lengths and offsets count bytes
    IFS= read -r -d '' text <"$1"
    size=${#text}
    step=$((size / 60))
    [ $step -lt 7 ] && step=7
    for ((i = 0; i < size; i += step)); do
        printf -v num '%05d' "$i"
        printf '%s' "${text:0:i}" >"$2/p$num.py"
    done
}

suite_nocrash() {
    echo "== nocrash"
    have_gpyc nocrash || return
    local dir=$BUILD/nocrash f name n=0
    rm -rf "$dir"
    mkdir -p "$dir"
    : >"$TMP/nocrash.list"
    for f in "$ROOT"/tests/errors/*.py "$ROOT"/tests/nocrash/*.py "$ROOT"/tests/e2e/*.py "$ROOT"/tests/rterr/*.py; do
        [ -f "$f" ] || continue
        name=$(basename "$(dirname "$f")")-$(basename "$f" .py)
        matches "$(basename "$f" .py)" || continue
        mkdir -p "$dir/$name"
        case $f in
            */errors/* | */nocrash/*) cp "$f" "$dir/$name/whole.py" ;;
            *) write_prefixes "$f" "$dir/$name" ;;
        esac
        n=$((n + 1))
    done
    [ $n -gt 0 ] || { skip nocrash "no inputs${FILTER:+ match $FILTER}"; return; }
    export GPYC
    find "$dir" -name '*.py' -print0 | xargs -0 -P "$JOBS" -n 100 bash -c 'nocrash_batch "$@"' _ \
        >"$TMP/nocrash.bad" 2>/dev/null
    local d bad
    for d in "$dir"/*/; do
        name=$(basename "$d")
        bad=$(grep -F "$d" "$TMP/nocrash.bad" || true)
        if [ -z "$bad" ]; then
            pass "nocrash/$name"
        else
            fail "nocrash/$name" "gpyc --check crashed or hung on $(echo "$bad" | wc -l) input(s)"
            echo "$bad" | while read -r f rc; do echo "$f: $(why_status "$rc")"; done | detail
        fi
    done
    rm -rf "$dir"   # the inputs are reproducible; keep only the failing ones' names above
}

# --- golden ----------------------------------------------------------------------------------
# golden_diff NAME FORM EXPECTED GOT: PASS when the files are equal, else FAIL with the diff.
golden_diff() {
    local name=$1 form=$2
    if cmp -s "$3" "$4"; then
        pass "golden/$name.$form"
    else
        fail "golden/$name.$form" "differs from tests/golden/$name.$form (if intended: tests/golden/regen BUILD $name, and review the diff)"
        diff -u "$3" "$4" | tail -n +3 | detail
    fi
}

suite_golden() {
    echo "== golden"
    have_gpyc golden || return
    local dir=$ROOT/tests/golden f name form flags rc n=0
    for f in "$dir"/*.py; do
        [ -f "$f" ] || continue
        name=$(basename "$f" .py)
        matches "$name" || continue
        n=$((n + 1))
        flags=$(sed -n '1s/^# gpyc flags: //p' "$f")
        for form in ir kernels; do
            if [ ! -f "$dir/$name.$form" ]; then
                fail "golden/$name.$form" "no $name.$form beside it (tests/golden/regen BUILD $name)"
                continue
            fi
            # shellcheck disable=SC2086  # flags are words
            (cd "$dir" && timeout 60 "$GPYC" $flags --emit=$form "$name.py") >"$TMP/golden.out" 2>"$TMP/golden.err"
            rc=$?
            if [ $rc -ne 0 ]; then
                fail "golden/$name.$form" "gpyc --emit=$form: $(why_status $rc)"
                detail <"$TMP/golden.err"
            else
                golden_diff "$name" "$form" "$dir/$name.$form" "$TMP/golden.out"
            fi
        done
    done
    [ $n -gt 0 ] || { skip golden "no golden programs${FILTER:+ match $FILTER}"; return; }
    # --dump-after prints the IR after a pass in --emit=ir's form: after the last pass, that
    # is --emit=ir itself
    if matches graphloop && [ -f "$dir/graphloop.ir" ]; then
        { echo ";; after graphloop"; cat "$dir/graphloop.ir"; } >"$TMP/golden.want"
        (cd "$dir" && timeout 60 "$GPYC" --check --dump-after=graphloop graphloop.py) >"$TMP/golden.out" 2>&1
        if cmp -s "$TMP/golden.want" "$TMP/golden.out"; then pass "golden/graphloop.dump-after"
        else
            fail "golden/graphloop.dump-after" "--dump-after=graphloop is not ';; after graphloop' then graphloop.ir"
            diff -u "$TMP/golden.want" "$TMP/golden.out" | tail -n +3 | detail
        fi
    fi
}

# --- compiling and running programs ----------------------------------------------------------
# compile_one SRC OUTDIR: compiles SRC (from inside its folder) into OUTDIR/NAME; records the
# exit status in OUTDIR/NAME.crc and gpyc's output in OUTDIR/NAME.clog.
compile_one() {
    local src=$1 out=$2 name
    name=$(basename "$src" .py)
    # shellcheck disable=SC2086
    (cd "$(dirname "$src")" && timeout "$CTIMEOUT" "$GPYC" $FLAGS "$name.py" -o "$out/$name") \
        >"$out/$name.clog" 2>&1
    echo $? >"$out/$name.crc"
}
export -f compile_one

# compile_all OUTDIR SRC...: compiles the sources JOBS at a time.
compile_all() {
    local out=$1
    shift
    [ $# -gt 0 ] || return 0
    export GPYC FLAGS CTIMEOUT
    # the kernels of all of them first, into the shared cache, in a few large nvcc batches
    # (gpyc --cache-fill): each program's own compile then finds every kernel there, instead
    # of paying ~0.8 CPU-s of nvcc's headers per program.  A program that does not compile is
    # left to its own compile to report.
    timeout $((CTIMEOUT * 3)) "$GPYC" --cache-fill $FLAGS --jobs="$JOBS" "$@" >"$out/cache-fill.log" 2>&1 || true
    # xargs appends each source after OUTDIR: the inner script sees $1 = OUTDIR, $2 = SRC.
    printf '%s\0' "$@" | xargs -0 -P "$JOBS" -n 1 bash -c 'compile_one "$2" "$1"' _ "$out" 2>/dev/null ||
        true
}

# check_program LABEL SRC OUTDIR KIND: reports the compile and the run of one compiled program.
# KIND: out (stdout vs .expected), rterr (exit 1, last stderr line vs .expected),
# err (compile must fail at the line of `error at LINE`).
check_program() {
    local label=$1 src=$2 out=$3 kind=$4 name crc exp
    name=$(basename "$src" .py)
    exp=${src%.py}.expected
    crc=$(cat "$out/$name.crc" 2>/dev/null || echo 999)
    if [ "$kind" = err ]; then
        local want got diagline
        want=$(sed -n 's/^error at \([0-9][0-9]*\).*/\1/p' "$exp" 2>/dev/null | head -n 1)
        diagline=$(grep -E -m 1 '^[^ ]+:[0-9]+:[0-9]+: error:' "$out/$name.clog")
        got=$(echo "$diagline" | sed -E 's/^[^ ]+:([0-9]+):[0-9]+: error:.*/\1/')
        if [ -z "$want" ]; then fail "$label" "$name.expected does not say 'error at LINE'"
        elif [ "$crc" -ne 1 ]; then
            fail "$label" "compile: $(why_status "$crc"), expected a compile error at line $want"
            detail <"$out/$name.clog"
        elif [ "$got" != "$want" ]; then
            fail "$label" "error at line ${got:-?}, expected line $want"
            detail <"$out/$name.clog"
        else pass "$label"; fi
        return
    fi
    if [ "$crc" -ne 0 ]; then
        fail "$label:compile" "$(why_status "$crc")"
        detail <"$out/$name.clog"
        return
    fi
    pass "$label:compile"
    if [ "$HAVE_GPU" != 1 ]; then skip "$label:run" "no GPU"; return; fi
    if [ ! -f "$exp" ]; then fail "$label:run" "no $name.expected"; return; fi
    local envs
    read -r -a envs <<<"$(sed -n 's/^# env: //p' "$src")"
    (cd "$(dirname "$src")" && env "${envs[@]}" timeout "$RTIMEOUT" "$out/$name") >"$out/$name.stdout" 2>"$out/$name.stderr"
    local rc=$? diff
    if [ "$kind" = rterr ]; then
        last_line "$out/$name.stderr" >"$out/$name.last"
        if [ $rc -ne 1 ]; then
            fail "$label:run" "$(why_status $rc), expected exit 1 with: $(last_line "$exp")"
            tail -n 5 "$out/$name.stderr" | detail
        elif ! diff=$("$COMPARE" "$exp" "$out/$name.last" 2>&1); then
            fail "$label:run" "last line of stderr differs"
            printf 'expected: %s\ngot:      %s\n' "$(last_line "$exp")" "$(cat "$out/$name.last")" | detail
        else pass "$label:run"; fi
    else
        if [ $rc -ne 0 ]; then
            fail "$label:run" "$(why_status $rc)"
            tail -n 5 "$out/$name.stderr" | detail
        elif ! diff=$("$COMPARE" "$exp" "$out/$name.stdout" 2>&1); then
            fail "$label:run" "stdout differs from $name.expected"
            echo "$diff" | detail
        else pass "$label:run"; fi
    fi
}

# --- api -------------------------------------------------------------------------------------
suite_api() {
    echo "== api"
    have_gpyc api || return
    local log=$TMP/api.log
    if "$ROOT/tests/api-exercised.sh" "$BUILD" >"$log" 2>&1; then
        pass "api/exercised: $(tail -n 1 "$log")"
    else
        fail "api/exercised" "$(tail -n 1 "$log")"
        grep -v '^EXEMPT' "$log" | detail
    fi
    if ! "$ROOT/scripts/api-coverage.sh" "$BUILD" "$TMP/api-coverage.md" >"$log" 2>&1; then
        fail "api/coverage" "scripts/api-coverage.sh failed"
        detail <"$log"
    elif cmp -s "$TMP/api-coverage.md" "$ROOT/docs/api-coverage.md"; then
        pass "api/coverage"
    else
        fail "api/coverage" "docs/api-coverage.md is not what scripts/api-coverage.sh writes: rerun it"
        diff "$ROOT/docs/api-coverage.md" "$TMP/api-coverage.md" | detail
    fi
}

# --- cache -----------------------------------------------------------------------------------
# expect_run LABEL WANT_RC WANT_OUT WANT_ERR CMD...: CMD must exit WANT_RC and print exactly
# WANT_ERR on stderr and, unless WANT_OUT is a lone "-", exactly WANT_OUT on stdout.
expect_run() {
    local label=$1 want_rc=$2 want_out=$3 want_err=$4 rc
    shift 4
    "$@" >"$TMP/expect.out" 2>"$TMP/expect.err"
    rc=$?
    if [ $rc -ne "$want_rc" ]; then
        fail "$label" "$(why_status $rc), expected exit $want_rc"
        cat "$TMP/expect.out" "$TMP/expect.err" | detail
    elif [ "$want_out" != - ] && [ "$(cat "$TMP/expect.out")" != "$want_out" ]; then
        fail "$label" "stdout differs"
        printf '%s\n' "$want_out" | diff - "$TMP/expect.out" | detail
    elif [ "$(cat "$TMP/expect.err")" != "$want_err" ]; then
        fail "$label" "stderr differs"
        printf '%s\n' "$want_err" | diff - "$TMP/expect.err" | detail
    else
        pass "$label"
    fi
}

# cache_expect NAME WANT_RC WANT_OUT WANT_ERR ENV...: `env ENV... gpyc ...` (the words after a
# lone `--`) must exit WANT_RC and print exactly WANT_OUT on stdout and WANT_ERR on stderr.
cache_expect() {
    local name=$1 want_rc=$2 want_out=$3 want_err=$4
    shift 4
    local envs=()
    while [ "$1" != -- ]; do envs+=("$1"); shift; done
    shift
    expect_run "cache/$name" "$want_rc" "$want_out" "$want_err" \
        env -u GPYC_CACHE_DIR -u GPYC_CACHE_SIZE "${envs[@]}" "$GPYC" "$@"
}

# cache_stats DIR KEYS FILES BYTES: what --cache-stats prints for a fresh folder DIR.
cache_stats() {
    printf 'folder   %s\nentries  %s keys, %s files\nsize     %s bytes (%s bytes)\n' "$1" "$2" "$3" "$4" "$4"
    printf 'cap      2147483648 bytes (2.0 GiB)\nhits     0\nmisses   0\nstores   0'
}

suite_cache() {
    echo "== cache"
    have_gpyc cache || return
    local dir=$TMP/kcache key sum
    cache_expect stats-empty 0 "$(cache_stats "$dir" 0 0 0)" "" GPYC_CACHE_DIR="$dir" -- --cache-stats
    if [ "$(stat -c %a "$dir" 2>/dev/null)" = 700 ]; then pass cache/folder-mode
    else fail cache/folder-mode "$dir is not mode 700"; fi
    # an entry as codegen/cache.c writes it: "GPYKC001", the payload's length (u64, little
    # endian), its SHA-256, the payload ("hello\n", 6 bytes)
    key=$(printf k | sha256sum | cut -c1-64)
    sum=$(printf 'hello\n' | sha256sum | cut -c1-64 | sed 's/../\\x&/g')
    mkdir -p "$dir/${key:0:2}"
    # shellcheck disable=SC2059  # the format holds the bytes
    printf "GPYKC001\x06\0\0\0\0\0\0\0${sum}hello\n" >"$dir/${key:0:2}/$key.kc"
    cache_expect stats-entry 0 "$(cache_stats "$dir" 1 1 54)" "" GPYC_CACHE_DIR="$dir" -- --cache-stats
    cache_expect clear 0 "gpyc: kernel cache cleared: removed 1 entries (54 bytes) from $dir" "" \
        GPYC_CACHE_DIR="$dir" -- --cache-clear
    cache_expect stats-cleared 0 "$(cache_stats "$dir" 0 0 0)" "" GPYC_CACHE_DIR="$dir" -- --cache-stats
    # the folder's other places: $XDG_CACHE_HOME/gpyc (absolute only), then $HOME/.cache/gpyc
    cache_expect xdg 0 "$(cache_stats "$TMP/xdg/gpyc" 0 0 0)" "" XDG_CACHE_HOME="$TMP/xdg" -- --cache-stats
    cache_expect home 0 "$(cache_stats "$TMP/home/.cache/gpyc" 0 0 0)" "" XDG_CACHE_HOME=relative \
        HOME="$TMP/home" -- --cache-stats
    # a folder that cannot be made: one warning, exit 1
    : >"$TMP/kfile"
    local warn="gpyc: warning: kernel cache disabled: cannot create $TMP/kfile/sub: Not a directory"
    cache_expect stats-disabled 1 "" "$warn" GPYC_CACHE_DIR="$TMP/kfile/sub" -- --cache-stats
    cache_expect clear-disabled 1 "" "$warn" GPYC_CACHE_DIR="$TMP/kfile/sub" -- --cache-clear
    cache_expect no-cache 0 "" "" GPYC_CACHE_DIR="$dir" -- --check --no-cache "$ROOT/tests/golden/control_flow.py"
}

# --- files -----------------------------------------------------------------------------------
# files_expect NAME WANT_RC WANT_STDERR CMD...: CMD must exit WANT_RC (never a signal, within
# 20 s) and print exactly WANT_STDERR on stderr.
files_expect() {
    local name=$1 want_rc=$2 want_err=$3
    shift 3
    expect_run "files/$name" "$want_rc" - "$want_err" timeout 20 "$@"
}

# files_same NAME FILE TEXT: FILE must hold exactly TEXT (an output or input left as it was).
files_same() {
    if [ "$(cat "$2" 2>/dev/null)" = "$3" ]; then pass "files/$1"
    else fail "files/$1" "$2 was changed"; fi
}

suite_files() {
    echo "== files"
    have_gpyc files || return
    local d=$TMP/files E="gpyc: error:"
    mkdir -p "$d"
    local src='import cupy as cp
import files_helper
print(cp.arange(4).sum() + files_helper.k)'
    printf '%s\n' "$src" >"$d/p.py"
    printf 'k = 1\n' >"$d/files_helper.py"
    # inputs that are not source files: one sentence, never a hang or a read without end
    files_expect dev-zero 1 "$E cannot read /dev/zero: it is not a regular file" "$GPYC" --check /dev/zero
    files_expect folder 1 "$E cannot read $d: it is a directory" "$GPYC" --check "$d"
    mkfifo "$d/fifo.py"
    files_expect fifo 1 "$E cannot read $d/fifo.py: it is not a regular file" "$GPYC" --check "$d/fifo.py"
    head -c $((16 << 20)) /dev/zero | tr '\0' '#' >"$d/big.py"
    files_expect max-size 0 "" "$GPYC" --check "$d/big.py"
    echo >>"$d/big.py"
    files_expect too-big 1 "$E cannot read $d/big.py: it is larger than 16 MiB, the limit for a source file" \
        "$GPYC" --check "$d/big.py"
    rm -f "$d/big.py"
    printf 'import cupy as cp\rx = cp.arange(3)\r\nprint(x.sum())\r' >"$d/cr.py"
    files_expect cr-line-ends 0 "" "$GPYC" --check "$d/cr.py"
    # -o naming an input (the script, a link to it, a module it imports): refused, nothing written
    files_expect output-is-script 1 "$E -o $d/p.py would overwrite the input $d/p.py" \
        "$GPYC" "$d/p.py" -o "$d/p.py"
    ln -s p.py "$d/link.py"
    files_expect output-is-link 1 "$E -o $d/link.py would overwrite the input $d/p.py" \
        "$GPYC" "$d/p.py" --emit=ir -o "$d/link.py"
    files_expect output-is-module 1 "$E -o $d/files_helper.py would overwrite the input $d/files_helper.py" \
        "$GPYC" "$d/p.py" --emit=cuda -o "$d/files_helper.py"
    files_same inputs-intact "$d/p.py" "$src"
    files_same module-intact "$d/files_helper.py" "k = 1"
    # outputs that cannot be written: the reason, exit 1
    local e
    for e in ast ir kernels cuda; do
        files_expect "emit-$e-dev-full" 1 "$E cannot write /dev/full: No space left on device" \
            "$GPYC" "$d/p.py" --emit=$e -o /dev/full
    done
    files_expect emit-stdout-full 1 "$E cannot write to standard output: No space left on device" \
        bash -c '"$@" >/dev/full' _ "$GPYC" "$d/p.py" --emit=ir
    files_expect emit-dev-null 0 "" "$GPYC" "$d/p.py" --emit=ir -o /dev/null
    files_expect emit-folder 1 "$E cannot write $d: it is a directory" "$GPYC" "$d/p.py" --emit=ir -o "$d"
    # a write that fails half-way (a file-size limit of 1 KiB): the older output stays whole
    echo old >"$d/out.cu"
    files_expect emit-too-large 1 "$E cannot write $d/out.cu: File too large" \
        bash -c 'ulimit -f 1; exec "$@"' _ "$GPYC" "$d/p.py" --emit=cuda -o "$d/out.cu"
    files_same emit-too-large-keeps-old "$d/out.cu" old
    # through a symbolic link: the file it points to is replaced, the link stays
    echo old >"$d/target.ir"
    ln -s target.ir "$d/link.ir"
    files_expect emit-link 0 "" "$GPYC" "$d/p.py" --emit=ir -o "$d/link.ir"
    if [ -L "$d/link.ir" ] && grep -q '^global' "$d/target.ir"; then pass files/emit-link-kept
    else fail files/emit-link-kept "$d/link.ir is no longer a link to a new $d/target.ir"; fi
    files_expect emit-ok 0 "" "$GPYC" "$d/p.py" --emit=ir -o "$d/out.ir"
    if [ -s "$d/out.ir" ] && [ "$(stat -c %a "$d/out.ir")" = "$(printf '%o' $((0666 & ~$(umask))))" ]; then
        pass files/emit-ok-mode
    else fail files/emit-ok-mode "$d/out.ir: empty or not mode 0666 less the umask"; fi
    if ls -a "$d" | grep -q 'gpyc-tmp'; then fail files/no-temporary-left "$(ls -a "$d" | grep gpyc-tmp)"
    else pass files/no-temporary-left; fi
    # SIGTERM while the output is pending (gpyc waits for a reader of a fifo): the temporary file
    # is removed and gpyc ends by the signal
    mkdir -p "$d/tmp"
    mkfifo "$d/out.fifo"
    TMPDIR=$d/tmp "$GPYC" "$d/p.py" --emit=ir -o "$d/out.fifo" 2>/dev/null &
    local pid=$! i rc
    for i in $(seq 100); do [ -n "$(ls "$d/tmp")" ] && break; sleep 0.1; done
    kill -TERM $pid
    wait $pid
    rc=$?
    if [ $rc -eq 143 ] && [ -z "$(ls "$d/tmp")" ]; then pass files/sigterm-removes-temporary
    else fail files/sigterm-removes-temporary "exit $rc, left: $(ls "$d/tmp")"; fi
}

# --- build -----------------------------------------------------------------------------------
# build_expect NAME WANT_RC STDERR_PATTERN CMD...: CMD must exit WANT_RC (never a signal) and
# its stderr must match the extended regular expression STDERR_PATTERN ('' for none).
build_expect() {
    local name=$1 want_rc=$2 pat=$3 rc
    shift 3
    "$@" >"$TMP/build.out" 2>"$TMP/build.err"
    rc=$?
    if [ $rc -ne "$want_rc" ]; then
        fail "build/$name" "$(why_status $rc), expected exit $want_rc"
        cat "$TMP/build.out" "$TMP/build.err" | detail
    elif [ -n "$pat" ] && ! grep -Eq -- "$pat" "$TMP/build.err"; then
        fail "build/$name" "stderr does not match: $pat"
        detail <"$TMP/build.err"
    else
        pass "build/$name"
    fi
}

# A compiled program ended by signal SIG (issue 24) must exit WANT_RC (128 + the signal) with
# everything it printed on stdout, the part still in its buffer included, and stderr's last
# line LAST (or nothing).  EXE prints `started`, flushes, prints `pending` and spins: host code
# only, so no GPU is needed.  SIGINT is set back to its default for it (a shell's background
# job ignores it).
signal_expect() {
    local sig=$1 want_rc=$2 last=$3 exe=$4 out=$TMP/build/sig.out err=$TMP/build/sig.err rc i
    env --default-signal=INT "$exe" >"$out" 2>"$err" &
    local pid=$!
    for i in $(seq 150); do grep -q started "$out" 2>/dev/null && break; sleep 0.2; done
    kill -s "$sig" "$pid"
    wait "$pid"
    rc=$?
    if [ $rc -ne "$want_rc" ]; then
        fail "build/signal-$sig" "$(why_status $rc), expected exit $want_rc"
        cat "$out" "$err" | detail
    elif [ "$(cat "$out")" != "$(printf 'started\npending')" ]; then
        fail "build/signal-$sig" "stdout is not started, pending"
        detail <"$out"
    elif [ "$(last_line "$err")" != "$last" ]; then
        fail "build/signal-$sig" "last line of stderr is not '$last'"
        detail <"$err"
    else
        pass "build/signal-$sig"
    fi
}

# What a build does when its tools, its cache or its disk fail (issue 20): a clear message
# or a correct build, never a wrong executable.  Small programs, PTX only (no ptxas).
suite_build() {
    echo "== build"
    have_gpyc build || return
    local d=$TMP/build c=$TMP/build/cache p1 p2 real
    mkdir -p "$d"
    p1=$d/one.py p2=$d/two.py
    printf 'import cupy as cp\nprint(cp.arange(10).sum())\n' >"$p1"
    printf 'import cupy as cp\nx = cp.arange(10)\nprint(x.sum(), (x * 2.5).max())\n' >"$p2"
    local G=(env GPYC_CACHE_DIR="$c" "$GPYC" --arch=compute_90)
    # nvcc missing, nvcc failing: the message, and an existing output is left as it was
    build_expect nvcc-missing 1 "^gpyc: error: nvcc not found: $d/none/nvcc \(given with --nvcc\)" \
        "${G[@]}" --nvcc "$d/none/nvcc" "$p1" -o "$d/x"
    real=$(dirname "$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")")
    mkdir -p "$d/fake/bin"
    ln -sfn "$real/include" "$d/fake/include"
    ln -sfn "$real/lib64" "$d/fake/lib64"
    printf '#!/bin/sh\necho "fake nvcc: broken" >&2\nexit 3\n' >"$d/fake/bin/nvcc"
    chmod +x "$d/fake/bin/nvcc"
    echo old >"$d/x"
    build_expect nvcc-fails 1 "^gpyc: error: nvcc failed \(exit status 3\) on the generated kernels of $p1" \
        "${G[@]}" --nvcc "$d/fake/bin/nvcc" --no-cache "$p1" -o "$d/x"
    if [ "$(cat "$d/x")" = old ]; then pass build/nvcc-fails-keeps-output
    else fail build/nvcc-fails-keeps-output "$d/x was replaced"; fi
    # a cache folder that cannot be made: one warning, a build without the cache
    : >"$d/kfile"
    build_expect cache-unwritable 0 "^gpyc: warning: kernel cache disabled: cannot create $d/kfile/sub: Not a directory\$" \
        env GPYC_CACHE_DIR="$d/kfile/sub" "$GPYC" --arch=compute_90 "$p1" -o "$d/y"
    [ -x "$d/y" ] && pass build/cache-unwritable-output || fail build/cache-unwritable-output "no $d/y"
    # damaged entries: found, removed, compiled again; then hits
    build_expect cache-fill 0 "" "${G[@]}" "$p1" -o "$d/z"
    local e
    for e in "$c"/??/*.kc; do printf 'X' | dd of="$e" bs=1 seek=$(($(stat -c %s "$e") - 1)) conv=notrunc 2>/dev/null; done
    build_expect cache-damaged 0 "^gpyc: kernel cache: removed a damaged entry " \
        "${G[@]}" -v "$p1" -o "$d/z"
    build_expect cache-damaged-rebuilt 0 "units?: [0-9]+ hits?, 0 misses" "${G[@]}" -v "$p1" -o "$d/z"
    # two gpyc processes filling one empty cache at once, then all hits
    rm -rf "$c"
    "${G[@]}" "$p1" -o "$d/a1" 2>"$d/a1.err" & local pa=$!
    "${G[@]}" "$p2" -o "$d/a2" 2>"$d/a2.err" & local pb=$!
    if wait $pa && wait $pb && [ -x "$d/a1" ] && [ -x "$d/a2" ]; then pass build/cache-concurrent
    else fail build/cache-concurrent "a compile failed"; cat "$d/a1.err" "$d/a2.err" | detail; fi
    build_expect cache-concurrent-hits 0 "units?: [0-9]+ hits?, 0 misses" "${G[@]}" -v "$p2" -o "$d/a2"
    # --cache-fill: the kernels of several programs into the cache, then their compiles hit
    rm -rf "$c"
    printf 'import cupy as cp\nx = cp.arange(24, dtype=cp.float32).reshape(4, 6)\ny = cp.arange(24).reshape(4, 6)\nprint(x.sum(axis=0), x.max(axis=1), x.argmin(axis=0), (x * 2 + 1).min())\nprint(y.sum(axis=0), y.max(axis=1), y.argmin(axis=0), (y * 2 + 1).min())\n' >"$d/three.py"
    printf 'import cupy as cp\nprint(cp.undefined_name(3))\n' >"$d/bad.py"
    build_expect fill-bad-input 1 "^gpyc: error: --cache-fill: 1 of 3 inputs did not compile\$" \
        "${G[@]}" -v --cache-fill "$p1" "$d/bad.py" "$d/three.py"
    build_expect fill-verbose 0 "^gpyc: cache-fill .* [0-9]+ distinct: [0-9]+ in the cache, [1-9][0-9]* compiled in 1 batch\$" \
        "${G[@]}" -v --cache-fill "$p2" "$p1"
    build_expect fill-then-hits 0 "units?: [0-9]+ hits?, 0 misses" "${G[@]}" -v "$d/three.py" -o "$d/a5"
    build_expect fill-no-cache 1 "^gpyc: error: --cache-fill needs the kernel cache \(it is off: --no-cache\)\$" \
        "${G[@]}" --no-cache --cache-fill "$p1"
    build_expect two-inputs 1 "^gpyc: error: more than one input file \('$p1' and '$p2'\)\$" "${G[@]}" "$p1" "$p2"
    # --jobs caps the nvcc batches; a small set of misses makes one batch whatever the cores
    if [ "$(nproc)" -ge 2 ]; then
        # several batches by default (how many depends on the cores: 2 here, 3 on 16)
        build_expect jobs-default 0 "gpyc: nvcc .* ([2-9]|[1-9][0-9]+) batches\$" "${G[@]}" -v --no-cache "$d/three.py" -o "$d/a4"
    fi
    build_expect jobs-one 0 "gpyc: nvcc .* 1 batch\$" "${G[@]}" -v --no-cache --jobs=1 "$d/three.py" -o "$d/a4"
    build_expect small-one-batch 0 "gpyc: nvcc .* 1 batch\$" "${G[@]}" -v --no-cache "$p1" -o "$d/a4"
    # another device optimisation level is another key: misses, nvcc given -Xcicc -O1
    build_expect device-opt-key 0 "units?: 0 hits?, [0-9]+ misses?" "${G[@]}" -v --device-opt=1 "$p2" -o "$d/a3"
    build_expect device-opt-flags 0 "nvcc --fatbin .*-Xcicc -O1 -Xptxas -O1 " "${G[@]}" -v --device-opt=1 --no-cache "$p2" -o "$d/a3"
    # a full disk (a file-size limit): a message, exit 1, no output
    rm -f "$d/full"
    build_expect disk-full 1 "File too large" bash -c 'ulimit -f 4; exec "$@"' _ "${G[@]}" --no-cache "$p1" -o "$d/full"
    [ ! -e "$d/full" ] && pass build/disk-full-no-output || fail build/disk-full-no-output "$d/full exists"
    # an executable into a device: written in place, its failure reported (issue 24)
    build_expect dev-full 1 "^gpyc: error: cannot write /dev/full: No space left on device\$" "${G[@]}" "$p1" -o /dev/full
    build_expect dev-null 0 "" "${G[@]}" "$p1" -o /dev/null
    # SIGINT and SIGTERM during a run: stdout flushed, exit 130 / 143 (issue 24)
    printf 'import sys\nimport time\nprint("started")\nsys.stdout.flush()\nprint("pending")\nt0 = time.perf_counter()\nwhile time.perf_counter() - t0 < 60.0:\n    pass\nprint("not reached")\n' >"$d/spin.py"
    build_expect spin-build 0 "" "${G[@]}" "$d/spin.py" -o "$d/spin"
    signal_expect TERM 143 "" "$d/spin"
    signal_expect INT 130 KeyboardInterrupt "$d/spin"
}

suite_e2e() {
    echo "== e2e${SUFFIX:+ ($OPTFLAG)}"
    have_gpyc "e2e$SUFFIX" || return
    local out=$BUILD/e2e$SUFFIX f srcs=()
    mkdir -p "$out"
    for f in "$ROOT"/tests/e2e/*.py "$ROOT"/tests/rterr/*.py; do
        [ -f "$f" ] || continue
        is_helper "$(basename "$f" .py)" && continue
        matches "$(basename "$f" .py)" || continue
        srcs+=("$f")
    done
    [ ${#srcs[@]} -gt 0 ] || { skip "e2e$SUFFIX" "no programs${FILTER:+ match $FILTER}"; return; }
    rm -f "$out"/*.crc
    compile_all "$out" "${srcs[@]}"
    for f in "${srcs[@]}"; do
        case $f in
            */rterr/*) check_program "rterr$SUFFIX/$(basename "$f" .py)" "$f" "$out" rterr ;;
            *) check_program "e2e$SUFFIX/$(basename "$f" .py)" "$f" "$out" out ;;
        esac
    done
}

# The driver allocation count a program run with GPYRT_STATS=1 reports (stderr), or "".
alloc_count() { sed -n 's/^gpyrt: driver allocations: \([0-9][0-9]*\)$/\1/p' "$1" | tail -n 1; }
# The allocations served by blocks the pool kept (libgpu/pool.c), or "".
kept_count() { sed -n 's/^gpyrt: kept blocks reused: \([0-9][0-9]*\)$/\1/p' "$1" | tail -n 1; }
# The allocations still live when the program ended (libgpu/pool.c), or "".
live_count() { sed -n 's/^gpyrt: live allocations at exit: \([0-9][0-9]*\)$/\1/p' "$1" | tail -n 1; }

suite_alloc() {
    echo "== alloc${SUFFIX:+ ($OPTFLAG)}"
    have_gpyc "alloc$SUFFIX" || return
    local out=$BUILD/alloc$SUFFIX src=$TMP/alloc f name srcs=() rc n10 n1000 k k10 k1000
    mkdir -p "$out" "$src"
    for f in "$ROOT"/tests/alloc/*.py; do
        [ -f "$f" ] || continue
        name=$(basename "$f" .py)
        matches "$name" || continue
        if ! grep -q '^ITERS = 10$' "$f"; then fail "alloc$SUFFIX/$name" "no line 'ITERS = 10'"; continue; fi
        cp "$f" "$src/${name}_10.py"
        sed 's/^ITERS = 10$/ITERS = 1000/' "$f" >"$src/${name}_1000.py"
        srcs+=("$src/${name}_10.py")
        [ "$HAVE_GPU" = 1 ] && srcs+=("$src/${name}_1000.py")
    done
    [ ${#srcs[@]} -gt 0 ] || { skip "alloc$SUFFIX" "no programs${FILTER:+ match $FILTER}"; return; }
    rm -f "$out"/*.crc
    compile_all "$out" "${srcs[@]}"
    for f in "${srcs[@]}"; do
        case $f in *_1000.py) continue ;; esac
        name=$(basename "$f" _10.py)
        if [ "$(cat "$out/${name}_10.crc" 2>/dev/null || echo 999)" -ne 0 ]; then
            fail "alloc$SUFFIX/$name:compile" "$(why_status "$(cat "$out/${name}_10.crc" 2>/dev/null || echo 999)")"
            detail <"$out/${name}_10.clog"
            continue
        fi
        pass "alloc$SUFFIX/$name:compile"
        if [ "$HAVE_GPU" != 1 ]; then skip "alloc$SUFFIX/$name:run" "no GPU"; continue; fi
        for k in 10 1000; do
            if [ "$(cat "$out/${name}_$k.crc" 2>/dev/null || echo 999)" -ne 0 ]; then
                fail "alloc$SUFFIX/$name:run" "the ITERS = $k variant did not compile"
                detail <"$out/${name}_$k.clog"
                continue 2
            fi
            GPYRT_STATS=1 timeout "$RTIMEOUT" "$out/${name}_$k" >/dev/null 2>"$out/${name}_$k.stderr"
            rc=$?
            if [ $rc -ne 0 ]; then
                fail "alloc$SUFFIX/$name:run" "ITERS = $k: $(why_status $rc)"
                detail <"$out/${name}_$k.stderr"
                continue 2
            fi
        done
        n10=$(alloc_count "$out/${name}_10.stderr")
        n1000=$(alloc_count "$out/${name}_1000.stderr")
        k10=$(kept_count "$out/${name}_10.stderr")
        k1000=$(kept_count "$out/${name}_1000.stderr")
        if [ -z "$n10" ] || [ -z "$n1000" ] || [ -z "$k10" ] || [ -z "$k1000" ]; then
            fail "alloc$SUFFIX/$name:run" "no 'gpyrt: driver allocations' or 'gpyrt: kept blocks reused' line on stderr"
        elif [ "$n10" != "$n1000" ]; then
            fail "alloc$SUFFIX/$name:run" "driver allocations: $n10 with ITERS = 10, $n1000 with ITERS = 1000"
        elif grep -q '^# alloc: reuses kept blocks$' "$f" && [ $((k1000 - k10)) -lt $((1000 - 10)) ]; then
            # the loop allocates every iteration: each of the 990 more should take back a
            # block freed before
            fail "alloc$SUFFIX/$name:run" "kept blocks reused: $k10 with ITERS = 10, $k1000 with ITERS = 1000 (fewer than one more per iteration)"
        elif [ "$(live_count "$out/${name}_1000.stderr")" != 0 ]; then
            # every array released by the program's end (issue 24: release at exit)
            fail "alloc$SUFFIX/$name:run" "live allocations at exit: $(live_count "$out/${name}_1000.stderr") (expected 0)"
        else
            pass "alloc$SUFFIX/$name:run ($n10 driver allocations at 10 and 1000 iterations; kept blocks reused $k10 and $k1000)"
        fi
    done
}

suite_acceptance() {
    echo "== acceptance${SUFFIX:+ ($OPTFLAG)}: $ACCDIR"
    have_gpyc "acceptance$SUFFIX" || return
    local out=$BUILD/acceptance$SUFFIX f name srcs=()
    mkdir -p "$out"
    for f in "$ACCDIR"/[0-9]*.py; do
        [ -f "$f" ] || continue
        matches "$(basename "$f" .py)" || continue
        srcs+=("$f")
    done
    [ ${#srcs[@]} -gt 0 ] || { skip "acceptance$SUFFIX" "no programs${FILTER:+ match $FILTER}"; return; }
    rm -f "$out"/*.crc
    compile_all "$out" "${srcs[@]}"
    for f in "${srcs[@]}"; do
        name=$(basename "$f" .py)
        case $name in
            *_err_*) check_program "acceptance$SUFFIX/$name" "$f" "$out" err ;;
            *_rterr_*) check_program "acceptance$SUFFIX/$name" "$f" "$out" rterr ;;
            *) check_program "acceptance$SUFFIX/$name" "$f" "$out" out ;;
        esac
    done
}

# --- fuzz ------------------------------------------------------------------------------------
# The fuzz smoke is one process for a minute (and a clang build of the harness the first
# time): it runs in the background from the start, on the core the other suites leave idle
# (the unit suite's long nvcc test, the build suite's serial commands), and is reported last.
fuzz_start() {
    want fuzz || return 0
    (
        t0=$SECONDS rc=0
        FUZZ_BUILD=$BUILD/fuzz JOBS=1 "$ROOT/tests/fuzz/fuzz.sh" --smoke >"$TMP/fuzz.out" 2>&1 || rc=$?
        echo "$rc $((SECONDS - t0))" >"$TMP/fuzz.rc"
    ) &
    FUZZ_PID=$!
}

suite_fuzz() {
    echo "== fuzz (in the background since the start: $FUZZ_SECS s)"
    case $FUZZ_RC in
        0) pass "fuzz/smoke" ;;
        77) skip "fuzz/smoke" "$(tail -n 1 "$TMP/fuzz.out")" ;;
        *) fail "fuzz/smoke" "findings in $BUILD/fuzz/findings (replay: $BUILD/fuzz/bin/gpyc_fuzz FILE)"
           detail <"$TMP/fuzz.out" ;;
    esac
}

# Runs suite_NAME when NAME is wanted, and notes its time for the line `time: ...`
# (make check's budget is 3 minutes: this shows where they go).
TIMES=""
run_suite() {
    want "$1" || return 0
    local t0=$SECONDS
    "suite_$1"
    TIMES="$TIMES${TIMES:+, }$1 $((SECONDS - t0)) s"
}
FUZZ_PID=
fuzz_start
run_suite unit
run_suite errors
run_suite nocrash
run_suite golden
run_suite api
run_suite files
run_suite cache
run_suite build
run_suite e2e
run_suite alloc
if [ -n "$FUZZ_PID" ]; then
    wait "$FUZZ_PID"
    read -r FUZZ_RC FUZZ_SECS <"$TMP/fuzz.rc" 2>/dev/null || { FUZZ_RC=1 FUZZ_SECS=0; }
    run_suite fuzz
fi
[ -n "$ACCDIR" ] && run_suite acceptance

echo
echo "time: $TIMES"
if [ $NFAIL -gt 0 ]; then
    echo "failed:"
    printf '  %s\n' "${FAILED[@]}"
fi
echo "$NPASS passed, $NFAIL failed, $NSKIP skipped"
[ $NFAIL -eq 0 ]
