#!/usr/bin/env python3
"""report.py WORK — turns the logs bench/run.sh left in WORK into the Markdown report.

Standard library only (it must run where CuPy or JAX are broken). It reads, per workload BASE
listed in WORK/workloads.txt, the files run.sh wrote for each implementation IMPL (gpyc, cupy,
jax):
    BASE.IMPL.out / .err / .rc    stdout, stderr and exit status of the run (missing: not run)
    BASE.IMPL.note                why it was not run (compile failure, time budget, ...)
    BASE.IMPL.walls               whole-process wall times in ms, one per line (w9 only)
and WORK/meta.txt (key=value lines: gpu, versions, ...) and WORK/copy.bw.out (COPY_BW lines).

Invariants: every expected row is printed even when every run failed (cells say why); a cell
is a number only when it was parsed from a line the program printed (or, for w9, timed); the
report never raises on odd input (warnings, partial output, nan) — unparsable lines are skipped.
"""
import math
import os
import re
import sys

IMPLS = ("gpyc", "cupy", "jax")
RTOL = 1e-4

# Rows of each workload, in the order the scripts print them (extra TIME names found in the gpyc
# or CuPy output are appended).
ROWS = {
    "w1_launch_bound": ["w1_launch_bound"],
    "w2_fused_chain": ["w2_fused_chain"],
    "w3_reductions": ["w3_sum_sq", "w3_sum_axis1", "w3_sum_axis0"],
    "w4_softmax": ["w4_softmax"],
    "w5_kmeans": ["w5_kmeans"],
    "w6_matmul": ["w6_matmul_f32", "w6_matmul_f64"],
    "w7_fft": ["w7_fft"],
    "w8_jacobi_2d": ["w8_jacobi_2d"],
    "w9_startup_tiny": ["w9_startup"],
    # gpyc's own workloads (bench/workloads/, no JAX harness)
    "w10_sort": ["w10_sort", "w10_argsort"],
    "w11_cumsum": ["w11_cumsum"],
    "w12_tall_thin": ["w12_tall_thin"],
}

# Least bytes moved per row (bench README's table, computed exactly from the scripts' sizes).
F4, F8 = 4, 8
BYTES = {
    "w2_fused_chain": 3 * 2**26 * F4,            # read x, y; write z          805 MB
    "w3_sum_sq": 2**28 * F4,                     # read x                      1074 MB
    "w3_sum_axis1": 8192 * 8192 * F4,            # read a                      268 MB
    "w3_sum_axis0": 8192 * 8192 * F4,            #                             268 MB
    "w4_softmax": 2 * 8192 * 8192 * F4,          # read x, write s             537 MB
    "w5_kmeans": 20 * 160 * 10**6,               # README: 160 MB/iteration floor, 20 iterations
    "w7_fft": 2 * 2**24 * 8,                     # read + write complex64      268 MB
    "w8_jacobi_2d": 100 * 2 * 2 * 4096 * 4096 * F8,  # 200 sweeps, read A + write B: 53.7 GB
    "w11_cumsum": 2 * 2**28 * F4,                # read x, write c             2147 MB
    "w12_tall_thin": 10**6 * 2 * F4,             # read x                      8 MB
}
FLOPS = {"w6_matmul_f32": 2 * 4096**3, "w6_matmul_f64": 2 * 4096**3}

LINE = re.compile(r"^(TIME|CHECK|INPUT|PER_ITER_US|PIPE|INFO|COPY_BW)\s+(\S+)\s*(.*)$")


def read(path, default=""):
    """The text of path, or default when it cannot be read."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return default


def tofloat(s):
    """float(s), or None when s is no number."""
    try:
        return float(s)
    except ValueError:
        return None


def parse(text):
    """{kind: {name: [floats]}} (INFO keeps the raw string) from a program's stdout; the first
    line of each kind and name wins."""
    res = {}
    for line in text.splitlines():
        m = LINE.match(line.strip())
        if not m:
            continue
        kind, name, rest = m.groups()
        d = res.setdefault(kind, {})
        if name in d:
            continue
        if kind == "INFO":
            d[name] = rest.strip()
            continue
        vals = [tofloat(t) for t in rest.split()]
        if vals and all(v is not None for v in vals):
            d[name] = vals
    return res


def median(v):
    s = sorted(v)
    n = len(s)
    if n == 0:
        return None
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


def fmt(v, unit=""):
    """A number with 4 significant digits, no exponent for ordinary sizes."""
    if v is None:
        return "n/a"
    if math.isnan(v) or math.isinf(v):
        return str(v)
    a = abs(v)
    if a >= 1000:
        s = "%.0f" % v
    elif a >= 0.001 or a == 0:
        s = "%.4g" % v
    else:
        s = "%.3e" % v
    return s + unit


def cell(s, limit=160):
    """s made safe for one Markdown table cell."""
    s = " ".join(str(s).split())
    if len(s) > limit:
        s = s[: limit - 1] + "…"
    return s.replace("|", "\\|")


def first_error(text):
    """The first line of text that reads like an error, else its first non-empty line."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    for ln in lines:
        if "error" in ln.lower():
            return ln
    return lines[0] if lines else "no message"


def last_error(text):
    """The last non-empty line of text (a Python traceback ends with the exception)."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return lines[-1] if lines else "no message"


class Run:
    """One implementation's run of one workload: parsed output and why it failed, if it did."""

    def __init__(self, work, base, impl):
        p = os.path.join(work, "%s.%s" % (base, impl))
        self.out = read(p + ".out")
        self.err = read(p + ".err")
        self.note = read(p + ".note").strip()
        rc = read(p + ".rc").strip()
        self.rc = int(rc) if re.fullmatch(r"-?\d+", rc) else None
        self.data = parse(self.out)
        walls = [tofloat(t) for t in read(p + ".walls").split()]
        self.walls = [w for w in walls if w is not None]
        self.cold = [w for w in (tofloat(t) for t in read(p + "_cold.walls").split())
                     if w is not None]

    def get(self, kind, name):
        return self.data.get(kind, {}).get(name)

    def why(self):
        """Why this run gives no number (used in the cells)."""
        if self.note:
            return self.note
        if self.rc is None:
            return "not run"
        if self.rc == 124 or self.rc == 137:
            return "timed out"
        if self.rc != 0:
            return "exit %d: %s" % (self.rc, last_error(self.err))
        return "no TIME line"

    def time(self, name):
        """(ms, None) or (None, reason)."""
        t = self.get("TIME", name)
        if t:
            return t[0], None
        return None, self.why()


def close(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return math.isclose(a, b, rel_tol=RTOL, abs_tol=1e-12)


def agree(name, base, g, ref, refname):
    """The 'checksums agree' cell: gpyc's CHECK values against ref's."""
    gv, rv = g.get("CHECK", name), ref.get("CHECK", name)
    if gv is None:
        return "n/a (no gpyc CHECK)"
    if rv is None:
        return None
    if len(gv) == len(rv) and all(close(a, b) for a, b in zip(gv, rv)):
        return "yes" if refname == "CuPy" else "yes (vs JAX; no CuPy CHECK)"
    s = "NO: gpyc %s vs %s %s" % (" ".join(repr(v) for v in gv), refname,
                                  " ".join(repr(v) for v in rv))
    gi, ri = g.get("INPUT", name), ref.get("INPUT", name)
    if gi and ri and not all(close(a, b) for a, b in zip(gi, ri)):
        s += " (inputs differ: %r vs %r)" % (gi[0], ri[0])
    return s


def main():
    if len(sys.argv) != 2:
        print("usage: report.py WORK", file=sys.stderr)
        return 2
    work = sys.argv[1]
    meta = {}
    for line in read(os.path.join(work, "meta.txt")).splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            meta[k.strip()] = v.strip()
    bases = read(os.path.join(work, "workloads.txt")).split()
    # by workload number (w2 before w10), then name
    bases.sort(key=lambda b: (int(re.match(r"w(\d+)", b).group(1)) if re.match(r"w(\d+)", b) else 10**6, b))

    crun = Run(work, "copy", "bw")
    copy = crun.data.get("COPY_BW", {})
    copy_gbs = max((v[0] for v in copy.values() if v), default=None)

    out = []
    w = out.append
    w("# gpyc benchmarks")
    w("")
    w("- date: %s; build: %s; gpyc flags: %s" % (meta.get("date", "?"), meta.get("build", "?"),
                                                meta.get("gpyc_flags") or "(default)"))
    w("- gpyc: %s; commit: %s" % (meta.get("gpyc_version", "?"), meta.get("commit", "?")))
    w("- GPU: %s" % meta.get("gpu", "?"))
    w("- CuPy %s, JAX %s, NumPy %s, Python %s" % (meta.get("cupy", "?"), meta.get("jax", "?"),
                                                meta.get("numpy", "?"), meta.get("python", "?")))
    w("- nvcc: %s" % meta.get("nvcc", "?"))
    if copy:
        parts = ", ".join("%s %s GB/s" % (k, fmt(v[0])) for k, v in sorted(copy.items()))
        w("- device-to-device copy bandwidth (bytes read + written; the best is the ceiling): %s"
          % parts)
    else:
        w("- device-to-device copy bandwidth: n/a (%s)" % crun.why())
    w("")
    w("| workload | gpyc ms | CuPy ms | JAX ms | gpyc/CuPy | gpyc/JAX | GB/s (gpyc) "
      "| % of copy BW | checksums agree |")
    w("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")

    notes = []
    jax_vs_cupy = []
    compile_secs = []
    pipe = []
    for base in bases:
        runs = {i: Run(work, base, i) for i in IMPLS}
        rows = list(ROWS.get(base, []))
        for i in ("cupy", "gpyc"):
            for n in runs[i].data.get("TIME", {}):
                if n not in rows:
                    rows.append(n)
        if not rows:
            rows = [base]
        startup = bool(runs["gpyc"].walls or runs["cupy"].walls or runs["jax"].walls) \
            or base.startswith("w9") or "startup" in base
        shown = set()
        for name in rows:
            ms = {}
            for i in IMPLS:
                r = runs[i]
                if startup:
                    m = median(r.walls)
                    ms[i] = (m, None) if m is not None else (None, r.why())
                else:
                    ms[i] = r.time(name)
            cells = [name]
            for i in IMPLS:
                v, why = ms[i]
                if v is not None:
                    cells.append(fmt(v))
                elif (i, why) in shown:
                    cells.append("n/a (see above)")
                else:
                    shown.add((i, why))
                    cells.append("n/a (%s)" % why)
            g = ms["gpyc"][0]
            for i in ("cupy", "jax"):
                o = ms[i][0]
                cells.append(fmt(g / o) if g is not None and o else "—" if g is None else "n/a")
            if name in BYTES and g:
                gbs = BYTES[name] / 1e9 / (g / 1e3)
                cells.append(fmt(gbs))
                cells.append(fmt(100.0 * gbs / copy_gbs) + "%" if copy_gbs else "n/a")
            elif name in FLOPS and g:
                cells.append(fmt(FLOPS[name] / 1e12 / (g / 1e3)) + " TFLOP/s")
                cells.append("—")
            else:
                cells += ["—", "—"]
            a = agree(name, base, runs["gpyc"], runs["cupy"], "CuPy")
            if a is None:
                a = agree(name, base, runs["gpyc"], runs["jax"], "JAX")
            if a is None:
                a = "n/a (no CuPy or JAX CHECK)"
            cells.append(a)
            w("| " + " | ".join(cell(c) for c in cells[:-1]) + " | " + cell(cells[-1], 600) + " |")
            # JAX against CuPy, for the notes.
            jc, cc = runs["jax"].get("CHECK", name), runs["cupy"].get("CHECK", name)
            if jc and cc:
                ok = len(jc) == len(cc) and all(close(x, y) for x, y in zip(jc, cc))
                jax_vs_cupy.append((name, ok, jc, cc))
        # Notes per workload.
        if base.startswith("w1_"):
            p = [(i, runs[i].get("PER_ITER_US", "w1_launch_bound")) for i in IMPLS]
            pl = runs["jax"].get("PER_ITER_US", "w1_launch_bound.pyloop")
            s = ", ".join("%s %s" % (i, fmt(v[0]) if v else "n/a") for i, v in p)
            if pl:
                s += ", JAX Python loop %s" % fmt(pl[0])
            notes.append("w1 µs per iteration: %s (JAX's main figure is one `fori_loop` in a "
                         "jit)." % s)
        if startup:
            parts = []
            for i in IMPLS:
                r = runs[i]
                if r.walls:
                    parts.append("%s %s ms (runs: %s)" % (
                        i, fmt(median(r.walls)), ", ".join(fmt(x) for x in r.walls)))
            if runs["cupy"].cold:
                parts.append("CuPy with an empty kernel cache %s ms" % fmt(runs["cupy"].cold[0]))
            if parts:
                notes.append("w9 whole-process wall time, median after one untimed run: "
                             + "; ".join(parts) + ".")
        extra = [n for n in runs["jax"].data.get("TIME", {}) if n not in rows]
        for n in extra:
            notes.append("JAX variant %s: %s ms." % (n, fmt(runs["jax"].get("TIME", n)[0])))
        for n, v in runs["jax"].data.get("PIPE", {}).items():
            pipe.append("%s %s" % (n, fmt(v[0])))
        cw = read(os.path.join(work, base + ".compile.secs")).strip()
        if cw:
            compile_secs.append("%s %s" % (base, cw))

    if pipe:
        notes.append("JAX pipelined (calls back to back, one block at the end), ms per call: "
                     "%s." % ", ".join(pipe))
    if compile_secs:
        notes.append("gpyc compile times (s): %s." % ", ".join(compile_secs))
    bad = [x for x in jax_vs_cupy if not x[1]]
    if jax_vs_cupy:
        if bad:
            notes.append("JAX vs CuPy checksums differ for: " + "; ".join(
                "%s (JAX %s vs CuPy %s)" % (n, " ".join(repr(v) for v in j),
                                            " ".join(repr(v) for v in c))
                for n, _, j, c in bad) + ".")
        else:
            notes.append("JAX and CuPy checksums agree (rtol %g) on every row both printed."
                         % RTOL)
    w("")
    w("Times are medians in ms from the programs' own TIME lines (w9: whole-process wall time). "
      "gpyc/CuPy and gpyc/JAX are time ratios: below 1 means gpyc is faster. GB/s = least bytes "
      "moved / gpyc time; checksums agree = gpyc's CHECK values equal CuPy's within rtol %g."
      % RTOL)
    if notes:
        w("")
        w("Notes:")
        w("")
        for n in notes:
            w("- " + n)
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
