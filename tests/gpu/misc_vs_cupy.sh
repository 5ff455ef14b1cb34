#!/usr/bin/env bash
# misc_vs_cupy.sh BUILD — cupy.who and cupy.show_config against real CuPy, on a machine with a
# GPU and CuPy (issue 23's "Miscellaneous routines").
#
# who: tests/e2e/who.py (whose expected output the NumPy oracle gives, with CuPy's sorting) and
# tests/gpu/misc/who_scalars.py (0-d arrays, which the oracle's NumPy scalars are not) compiled
# with BUILD/bin/gpyc and run; their output must be CuPy's, byte for byte:
#   PASS who_NAME / FAIL who_NAME: the first differing lines
# show_config: tests/gpu/misc/show_config.py (show_config(), then show_config(_full=True))
# compiled and run, and run under CuPy; the two tables are compared row by row:
#   - the same keys in the same order, in the same column (CuPy's layout);
#   - equal values where both describe the same thing: OS, CuPy Platform, CUDA Driver Version,
#     each device's name, compute capability and PCI bus id, cuBLAS/cuSPARSE "(available)";
#   - each CUDA library's version (cuBLAS, cuFFT, cuRAND, cuSOLVER, cuSPARSE) and the locally
#     installed CUDA runtime's: equal to CuPy's where both loaded the same file (the _full
#     table's paths), else equal to what that library file itself reports (ctypes, in a Python
#     without CuPy), the two versions shown on a NOTE line;
#   - the runtime linked into the program reports CUDA Build Version (CUDART_VERSION of the
#     same toolkit);
#   NOTE lines show what differs by design (CuPy's own versions and build; docs/runtime.md).
# Prints PASS/FAIL/NOTE/SKIP lines, then `N passed, N failed, N skipped`; exit status 1 if any
# failed.  Environment: PYTHON (default python3), WORK (default BUILD/misc-vs-cupy),
# GPYC_FLAGS (extra gpyc flags).
set -u
here=$(cd "$(dirname "$0")" && pwd)
BUILD=$(cd "${1:?usage: misc_vs_cupy.sh BUILD}" && pwd) || exit 2
PY=${PYTHON:-python3}
WORK=${WORK:-$BUILD/misc-vs-cupy}
mkdir -p "$WORK"
progs=("$here/../e2e/who.py" "$here/misc/who_scalars.py" "$here/misc/show_config.py")

skip_all() {
    for f in "${progs[@]}"; do echo "SKIP $(basename "$f" .py): $1"; done
    echo "0 passed, 0 failed, ${#progs[@]} skipped"
    exit 0
}
# shellcheck source=cupy_env.sh
. "$here/cupy_env.sh"
if why=$(cupy_env_missing "$BUILD" "$PY"); then skip_all "$why"; fi
cupy_env_line "$PY"

pass=0 fail=0
# run NAME SRC: compiles SRC and runs it (WORK/NAME.gpyc.out), runs it under CuPy
# (WORK/NAME.cupy.out); false after a FAIL line
run() {
    local name=$1 src=$2 exe=$WORK/$1.exe
    # shellcheck disable=SC2086  # GPYC_FLAGS is a list of flags
    if ! "$BUILD/bin/gpyc" ${GPYC_FLAGS:-} "$src" -o "$exe" 2>"$WORK/$name.gpyc.err"; then
        echo "FAIL $name: gpyc failed: $(head -n 1 "$WORK/$name.gpyc.err")"
    elif ! (cd "$(dirname "$src")" && "$exe") >"$WORK/$name.gpyc.out" 2>"$WORK/$name.run.err"; then
        echo "FAIL $name: the compiled program failed: $(tail -n 1 "$WORK/$name.run.err")"
    elif ! (cd "$(dirname "$src")" && "$PY" "$src") >"$WORK/$name.cupy.out" 2>"$WORK/$name.cupy.err"; then
        echo "FAIL $name: CuPy failed: $(tail -n 1 "$WORK/$name.cupy.err")"
    else
        return 0
    fi
    fail=$((fail + 1))
    return 1
}

for src in "${progs[@]:0:2}"; do
    name=who_$(basename "$src" .py)
    run "$name" "$src" || continue
    if cmp -s "$WORK/$name.gpyc.out" "$WORK/$name.cupy.out"; then
        echo "PASS $name"
        pass=$((pass + 1))
    else
        echo "FAIL $name: output differs from CuPy's (< gpyc, > CuPy):"
        diff "$WORK/$name.gpyc.out" "$WORK/$name.cupy.out" | head -n 12 | sed 's/^/    /'
        fail=$((fail + 1))
    fi
done

if run show_config "${progs[2]}"; then
    # the comparison prints PASS/FAIL/NOTE lines and, last, "counts P F"
    "$PY" - "$WORK/show_config.gpyc.out" "$WORK/show_config.cupy.out" >"$WORK/show_config.report" <<'PYEOF'
import os, re, subprocess, sys

def tables(path):
    """The two tables of the output: lists of (key, value), and each one's key column width."""
    out = []
    for part in open(path).read().split("--\n"):
        rows, widths = [], set()
        for line in part.splitlines():
            m = re.match(r"^(\S.*?)(\s{2,}): (.*)$", line)
            if not m:
                rows.append((None, line))
                continue
            rows.append((m.group(1), m.group(3)))
            widths.add(len(m.group(1)) + len(m.group(2)))
        out.append((rows, widths))
    return out

g, c = tables(sys.argv[1]), tables(sys.argv[2])
passed = failed = 0

def check(ok, label, detail=""):
    global passed, failed
    print(("PASS " if ok else "FAIL ") + label + ("" if ok else ": " + detail))
    if ok:
        passed += 1
    else:
        failed += 1

check(len(g) == 2 and len(c) == 2, "show_config:tables", f"{len(g)} tables (gpyc), {len(c)} (CuPy)")
for k, label in ((0, "show_config()"), (1, "show_config(_full=True)")):
    if k >= len(g) or k >= len(c):
        continue
    gk = [key for key, _ in g[k][0]]
    ck = [key for key, _ in c[k][0]]
    check(gk == ck, f"show_config:keys {label}", f"gpyc {gk}\n    CuPy {ck}")
    check(g[k][1] == c[k][1] and len(g[k][1]) == 1, f"show_config:layout {label}",
          f"key column widths {sorted(g[k][1])} (gpyc), {sorted(c[k][1])} (CuPy)")

G = [dict(r for r in t[0] if r[0]) for t in g]
C = [dict(r for r in t[0] if r[0]) for t in c]
full_g, full_c = G[-1], C[-1]
same = ["OS", "CuPy Platform", "CUDA Driver Version"]
same += [k for k in full_c if k.startswith("Device ")]
for key in same:
    check(full_g.get(key) == full_c.get(key), f"show_config:{key}",
          f"gpyc {full_g.get(key)!r}, CuPy {full_c.get(key)!r}")
for key in ("cuBLAS Version", "cuSPARSE Version"):
    check(G[0].get(key) == C[0].get(key) == "(available)", f"show_config:{key} (not _full)",
          f"gpyc {G[0].get(key)!r}, CuPy {C[0].get(key)!r}")

def first_int(s):
    m = re.match(r"\s*(\d+)", s or "")
    return int(m.group(1)) if m else None

# what a library file reports itself, asked in a Python without CuPy
PROBE = r'''
import ctypes, sys
name, path = sys.argv[1], sys.argv[2]
lib = ctypes.CDLL(path)
v = ctypes.c_int()
if name == "cuBLAS":
    h = ctypes.c_void_p(); lib.cublasCreate_v2(ctypes.byref(h)); lib.cublasGetVersion_v2(h, ctypes.byref(v)); lib.cublasDestroy_v2(h)
    print(v.value)
elif name == "cuSPARSE":
    h = ctypes.c_void_p(); lib.cusparseCreate(ctypes.byref(h)); lib.cusparseGetVersion(h, ctypes.byref(v)); lib.cusparseDestroy(h)
    print(v.value)
elif name == "cuFFT":
    lib.cufftGetVersion(ctypes.byref(v)); print(v.value)
elif name == "cuRAND":
    lib.curandGetVersion(ctypes.byref(v)); print(v.value)
elif name == "cuSOLVER":
    p = []
    for t in range(3):
        lib.cusolverGetProperty(t, ctypes.byref(v)); p.append(v.value)
    print(tuple(p))
elif name == "CUDA Runtime":
    lib.cudaRuntimeGetVersion(ctypes.byref(v)); print(v.value)
'''

def probe(name, path):
    r = subprocess.run([sys.executable, "-c", PROBE, name, path], capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else None

for name in ("cuBLAS", "cuFFT", "cuRAND", "cuSOLVER", "cuSPARSE"):
    gv, cv = full_g.get(name + " Version"), full_c.get(name + " Version")
    gp, cp_ = full_g.get(name + " Path"), full_c.get(name + " Path")
    if gp and cp_ and gp != "None" and os.path.realpath(gp) == os.path.realpath(cp_):
        check(gv == cv, f"show_config:{name} Version (the same file as CuPy's: {gp})", f"gpyc {gv}, CuPy {cv}")
    else:
        own = probe(name, gp) if gp and gp != "None" else None
        check(own is not None and own == gv, f"show_config:{name} Version (what {gp} reports)",
              f"gpyc {gv}, the file {own}")
        print(f"NOTE show_config:{name}: gpyc {gv} from {gp}; CuPy {cv} from {cp_}")

# the CUDA runtime: linked (the toolkit's CUDART_VERSION) / locally installed
rt_g, rt_c = full_g.get("CUDA Runtime Version", ""), full_c.get("CUDA Runtime Version", "")
linked = first_int(rt_g)
check(linked is not None and linked == first_int(full_g.get("CUDA Build Version")),
      "show_config:CUDA Runtime Version (linked: CUDA Build Version)", f"{rt_g!r}, build {full_g.get('CUDA Build Version')!r}")
local_g = re.search(r"/ (\S+) \(locally installed\)", rt_g)
local_c = re.search(r"/ (\S+) \(locally installed\)", rt_c)
path_g = (full_g.get("CUDA Runtime Path") or "").replace(" (locally installed)", "")
path_c = (full_c.get("CUDA Runtime Path") or "").replace(" (locally installed)", "")
if local_g and path_g not in ("", "None") and os.path.realpath(path_g) == os.path.realpath(path_c):
    check(local_c is not None and local_g.group(1) == local_c.group(1),
          f"show_config:CUDA Runtime Version (locally installed, {path_g})", f"gpyc {rt_g!r}, CuPy {rt_c!r}")
elif local_g and path_g not in ("", "None"):
    own = probe("CUDA Runtime", path_g)
    check(own == local_g.group(1), f"show_config:CUDA Runtime Version (what {path_g} reports)",
          f"gpyc {local_g.group(1)}, the file {own}")
else:
    print(f"NOTE show_config:CUDA Runtime: gpyc found no shared libcudart ({rt_g!r}); CuPy {rt_c!r}")
for key in ("CUDA Build Version", "CUDA Runtime Version", "Thrust Version", "CUB Build Version", "CuPy Version",
            "Python Version", "NVRTC Version"):
    if full_g.get(key) != full_c.get(key):
        print(f"NOTE show_config:{key}: gpyc {full_g.get(key)!r}, CuPy {full_c.get(key)!r}")
print(f"counts {passed} {failed}")
PYEOF
    grep -v '^counts ' "$WORK/show_config.report"
    read -r _ p f < <(grep '^counts ' "$WORK/show_config.report" || echo "counts 0 1")
    pass=$((pass + p))
    fail=$((fail + f))
fi
echo "$pass passed, $fail failed, 0 skipped"
[ "$fail" -eq 0 ]
