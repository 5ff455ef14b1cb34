#!/usr/bin/env python3
"""run.py BUILD OUTDIR N SEED [-j J] [--compile-jobs C] [--cases K] [--first F] [--arch A]
          [--no-run] [--check-only]

Differential fuzzer (issue 24): generates N programs of K cases from SEED (gen.py), computes
their expected outputs with the NumPy oracle (tests/oracle/run-numpy), compiles them with
BUILD/bin/gpyc (J at a time) and, where a GPU is present, runs them and compares each case's
output with its expected output (tests/oracle/compare's token rules, the case's tolerance).

Steps, each program on its own (J programs at a time):
  1. oracle: run-numpy pNNNN.py > pNNNN.expected.  A case that NumPy cannot run (an exception:
     a generator bug) is found by running the cases one by one, reported as `oracle-error` and
     dropped.
  2. check: `gpyc --check`.  On failure, each case is checked alone; the cases gpyc rejects are
     reported as `compile-error` (with gpyc's message) and dropped, and the program is written
     again without them (pNNNN.kept.py).  A gpyc crash (a signal) is `gpyc-crash`.
  3. compile: `gpyc --arch=A pNNNN.py -o pNNNN.bin` (skipped with --check-only), C programs at a
     time (gpyc itself runs one nvcc per core).  A failure here (nvcc, codegen) is `build-error`
     for the whole program.  With --check-only, `gpyc --emit=cuda` instead (code generation
     without nvcc).
  4. run (skipped with --no-run, or without a GPU): the executable's stdout, split at the
     `#case I` lines; each case compared with its expected block.  A mismatch is reported with
     the case's text and the first differences; a program that dies is `run-error` (its exit
     status, last stderr line, the cases it did not reach).

Prints one line per finding and a summary; writes OUTDIR/report-FIRST.txt (the same, with the text
of each failing case) and exits 1 if there is any mismatch, crash or error other than
compile-error.  The NumPy used is the oracle's ($ORACLE_PYTHON, else python3 or
/usr/bin/python3 with NumPy); the same one runs gen.py, as gen.py needs NumPy.
"""
import argparse
import concurrent.futures as cf
import importlib.machinery
import importlib.util
import json
import os
import re
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ORACLE = os.path.join(ROOT, "tests", "oracle")
sys.path.insert(0, HERE)
import gen  # noqa: E402


def load_compare():
    loader = importlib.machinery.SourceFileLoader("oracle_compare", os.path.join(ORACLE, "compare"))
    spec = importlib.util.spec_from_loader("oracle_compare", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


CMP = load_compare()
TAG = re.compile(r"^#case (\d+)$")


def split_cases(text):
    """{case id: its output text} from a program's stdout."""
    out, cur, buf = {}, None, []
    for line in text.splitlines():
        m = TAG.match(line)
        if m:
            if cur is not None:
                out[cur] = "\n".join(buf)
            cur, buf = int(m.group(1)), []
        elif cur is not None:
            buf.append(line)
    if cur is not None:
        out[cur] = "\n".join(buf)
    return out


def magnitude(toks):
    """The largest finite |value| among the number tokens."""
    big = 0.0
    for tok, _ in toks:
        k, v = CMP.classify(tok)
        vals = [v] if k == "float" else (list(v) if k == "complex" else [])
        for x in vals:
            if abs(x) != float("inf") and x == x:
                big = max(big, abs(x))
    return big


IMAG = re.compile(r"[+-].*j\Z")


def complex_tokens(toks):
    """toks with each complex element in one token: NumPy pads a complex array's real parts to
    one width, so `0.8634062 +1.j` (two tokens) and `0.86340594+1.j` (one) are the same
    element printed with one digit less or more."""
    out = []
    for tok, line in toks:
        if out and IMAG.match(tok) and CMP.classify(tok)[0] == "complex" and \
                CMP.classify(out[-1][0])[0] == "float" and out[-1][1] == line:
            out[-1] = (out[-1][0] + tok, line)
        else:
            out.append((tok, line))
    return out


def diff_case(exp, act, rtol, atol, limit=3):
    """First differences between two case outputs, [] when they match.  Floats are compared
    with atol + rtol * (the largest magnitude the case prints) as the absolute tolerance."""
    te, ta = complex_tokens(CMP.tokens(exp)), complex_tokens(CMP.tokens(act))
    atol = atol + rtol * magnitude(te)
    diffs = []
    for (e, le), (a, _) in zip(te, ta):
        if not CMP.same(e, a, rtol, atol):
            diffs.append(f"line {le}: expected {e} got {a}")
            if len(diffs) >= limit:
                break
    if len(te) != len(ta) and len(diffs) < limit:
        diffs.append(f"{len(te)} tokens expected, {len(ta)} got")
    return diffs


def run(cmd, cwd, timeout, stdout_path=None):
    """(returncode, stdout, stderr); returncode None on a timeout."""
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                           errors="replace")
    except subprocess.TimeoutExpired:
        return None, "", "timeout"
    if stdout_path:
        with open(stdout_path, "w") as f:
            f.write(p.stdout)
    return p.returncode, p.stdout, p.stderr


def first_error(text):
    """gpyc's first `error:` line (its message), else the last line of text."""
    for ln in text.splitlines():
        if "error:" in ln:
            return ln.strip()
    return last_line(text)


def last_line(text):
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return lines[-1] if lines else ""


class Program:
    """One generated program through the steps; findings is a list of (kind, case, detail)."""

    def __init__(self, opts, pnum):
        self.o, self.pnum = opts, pnum
        self.base = f"p{pnum:04d}"
        self.dir = opts.outdir
        with open(os.path.join(self.dir, self.base + ".json")) as f:
            self.cases = json.load(f)["cases"]
        self.findings, self.compared = [], 0

    def path(self, ext):
        return os.path.join(self.dir, self.base + ext)

    def write(self, cases, ext):
        with open(self.path(ext), "w") as f:
            f.write(gen.program_text(cases))
        return self.base + ext

    def oracle(self):
        rc, out, err = run([os.path.join(ORACLE, "run-numpy"), self.base + ".py"], self.dir,
                           self.o.timeout)
        if rc == 0:
            return out
        kept, outs = [], []
        for c in self.cases:
            name = self.write([c], ".one.py")
            rc, o1, e1 = run([os.path.join(ORACLE, "run-numpy"), name], self.dir, self.o.timeout)
            if rc == 0:
                kept.append(c)
                outs.append(o1)
            else:
                self.findings.append(("oracle-error", c, last_line(e1)))
        self.cases = kept
        return "".join(outs)

    def gpyc_check(self, name):
        return run([self.o.gpyc, "--check", name], self.dir, self.o.timeout)

    def check(self):
        rc, _, err = self.gpyc_check(self.base + ".py")
        if rc == 0:
            return self.base + ".py"
        kept = []
        for c in self.cases:
            name = self.write([c], ".one.py")
            rc1, _, e1 = self.gpyc_check(name)
            if rc1 == 0:
                kept.append(c)
            elif rc1 == 1:
                self.findings.append(("compile-error", c, first_error(e1)))
            else:
                why = "timeout" if rc1 is None else f"exit {rc1}"
                self.findings.append(("gpyc-crash", c, f"{why}: {last_line(e1)}"))
        if not kept:
            return None
        self.cases = kept
        name = self.write(kept, ".kept.py")
        rc, _, err = self.gpyc_check(name)
        if rc != 0:
            self.findings.append(("compile-error", None, f"program fails where its cases pass: {first_error(err)}"))
            return None
        return name

    def emit_cuda(self, name):
        """--check-only's last step: gpyc's code generation, without nvcc."""
        rc, _, err = run([self.o.gpyc, "--emit=cuda", name, "-o", self.base + ".cu"], self.dir,
                         self.o.timeout)
        if rc != 0:
            why = "timeout" if rc is None else f"exit {rc}"
            self.findings.append(("build-error", None, f"--emit=cuda: {why}: {first_error(err)}"))
        elif os.path.exists(self.path(".cu")):
            os.remove(self.path(".cu"))

    def compile(self, name):
        with self.o.compile_slots:
            return self.compile_now(name)

    def compile_now(self, name):
        arch = [f"--arch={self.o.arch}"] if self.o.arch else []
        rc, _, err = run([self.o.gpyc, *arch, name, "-o", self.base + ".bin"], self.dir,
                         self.o.compile_timeout)
        if rc != 0:
            why = "timeout" if rc is None else f"exit {rc}"
            self.findings.append(("build-error", None, f"{why}: {first_error(err)}"))
            return False
        return True

    def execute(self, expected):
        rc, out, err = run([os.path.join(self.dir, self.base + ".bin")], self.dir,
                           self.o.timeout, self.path(".actual"))
        exp, act = split_cases(expected), split_cases(out)
        reached = set(act)
        for c in self.cases:
            i = c["id"]
            if i not in act:
                continue
            if rc != 0 and i == max(reached):
                continue  # the case that was running when the program died
            self.compared += 1
            d = diff_case(exp.get(i, ""), act[i], c["rtol"], c["atol"])
            if d:
                kind = "mismatch-f16" if "float16" in c["dtypes"] else "mismatch"
                self.findings.append((kind, c, "; ".join(d)))
        if rc != 0:
            dead = max(reached) if reached else None
            left = [c["id"] for c in self.cases if c["id"] not in reached]
            why = "timeout" if rc is None else f"exit {rc}"
            case = next((c for c in self.cases if c["id"] == dead), None)
            self.findings.append(("run-error", case,
                                  f"{why}: {last_line(err)}; cases not reached: {len(left)}"))

    def go(self):
        expected = self.oracle()
        with open(self.path(".expected"), "w") as f:
            f.write(expected)
        name = self.check()
        if name is None:
            return self
        if self.o.check_only:
            self.emit_cuda(name)
            return self
        if not self.compile(name):
            return self
        if self.o.gpu:
            self.execute(expected)
            if not self.findings:
                os.remove(self.path(".bin"))  # ~30 MB each; kept only where something failed
        return self


def have_gpu():
    if os.environ.get("GPYC_GPU") in ("0", "1"):
        return os.environ["GPYC_GPU"] == "1"
    try:
        p = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return any(ln.startswith("GPU ") for ln in p.stdout.splitlines())


def describe(pnum, kind, case, detail):
    where = f"p{pnum:04d}" + (f" case {case['id']}" if case else "")
    return f"{kind.upper()} {where}: {detail}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build")
    ap.add_argument("outdir")
    ap.add_argument("n", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--cases", type=int, default=100)
    ap.add_argument("--compile-jobs", type=int, default=2,
                    help="full compiles at a time (default 2: gpyc runs one nvcc per core itself)")
    ap.add_argument("--first", type=int, default=0,
                    help="number of the first program (split a long run: --first 0, 30, ...)")
    ap.add_argument("--arch", default="sm_90",
                    help="gpyc's --arch (default sm_90, the H100's; '' for gpyc's default)")
    ap.add_argument("--no-run", action="store_true", help="compile but do not run")
    ap.add_argument("--check-only", action="store_true", help="oracle and gpyc --check only")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--compile-timeout", type=int, default=900)
    o = ap.parse_args()
    o.gpyc = os.path.abspath(os.path.join(o.build, "bin", "gpyc"))
    if not os.access(o.gpyc, os.X_OK):
        print(f"run.py: no gpyc at {o.gpyc}", file=sys.stderr)
        return 2
    o.outdir = os.path.abspath(o.outdir)
    o.compile_slots = threading.Semaphore(max(1, o.compile_jobs))
    # a kernel cache of the run's own: shared kernels hit across programs, the user's stays clean
    os.environ.setdefault("GPYC_CACHE_DIR", os.path.join(o.outdir, "kcache"))
    o.gpu = not o.no_run and not o.check_only and have_gpu()
    sys.argv = ["gen.py", o.outdir, str(o.n), str(o.seed), "--cases", str(o.cases),
                "--first", str(o.first)]
    gen.main()
    mode = "check only" if o.check_only else ("compile and run" if o.gpu else "compile, no GPU: not run")
    print(f"difffuzz: programs {o.first}..{o.first + o.n - 1} x {o.cases} cases, seed {o.seed}, "
          f"{mode}, -j {o.j}", flush=True)
    counts = {}
    programs = cases = compared = 0
    report = []
    with cf.ThreadPoolExecutor(max_workers=o.j) as ex:
        for prog in ex.map(lambda p: Program(o, p).go(), range(o.first, o.first + o.n)):
            programs += 1
            cases += len(prog.cases)
            compared += prog.compared
            for kind, case, detail in prog.findings:
                counts[kind] = counts.get(kind, 0) + 1
                line = describe(prog.pnum, kind, case, detail)
                print(line, flush=True)
                report.append(line)
                if case and kind != "compile-error":
                    report.append("    " + case["text"].replace("\n", "\n    "))
    summary = (f"difffuzz summary: seed {o.seed}, programs {o.first}..{o.first + o.n - 1}: "
               f"{programs} programs, {cases} cases kept, "
               f"{compared} compared on the GPU; "
               + ", ".join(f"{counts.get(k, 0)} {k}" for k in
                           ("mismatch", "mismatch-f16", "run-error", "build-error", "gpyc-crash",
                            "compile-error", "oracle-error")))
    print(summary)
    with open(os.path.join(o.outdir, f"report-{o.first}.txt"), "w") as f:
        f.write("\n".join(report + [summary, ""]))
    bad = sum(v for k, v in counts.items() if k not in ("compile-error", "mismatch-f16"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
