#!/usr/bin/env python3
"""gen.py OUTDIR N SEED [--cases K]

Differential fuzzer, step 1 (issue 24): writes N random programs of gpyc's dialect,
OUTDIR/pNNNN.py, each of K cases (default 100), and OUTDIR/pNNNN.json, the cases' metadata
(source text, tolerance, the dtypes they involve).  Deterministic per SEED (Python's own
random.Random; NumPy is used only to look up ufunc result dtypes, which every NumPy agrees on
but for floor, ceil and trunc of integers, which ufunc_dtype gives by NumPy 2.3's rule).

A case is a function `cI()` (plus helpers `cI_f...`) that builds small arrays from literal
lists and prints a tag line `#case I` and then its results (dtype, shape, values).  Programs are
the cases' texts one after another, so a case that gpyc rejects can be dropped from a program
without changing the others (run.py does that).

What a case exercises: the 13 dtypes, broadcasting shapes, slices with steps (negative too),
transposes, fancy indexing (int lists, int arrays, masks), fused elementwise chains
(arithmetic, comparisons, where, math functions on valid domains, astype), reductions with
axes and keepdims, loops (for/while with in-place updates), in-place operators on copies and on
views, slice and fancy assignment, user functions.

Known NumPy/CuPy differences are avoided by construction:
  - integer division and modulo only by a divisor in [1, 5] (no division by zero, no
    INT_MIN // -1); `**` on integers only with exponent 2 or 3; wraparound of + - * is the
    same in C and NumPy and stays allowed;
  - Python int constants fit every dtype they meet (no NEP 50 OverflowError), unsigned
    operands never meet negative constants;
  - comparisons, floor/rint, // and % of floats and casts to integers only of exact values
    (leaves or integer/bool expressions), so that rounding differences cannot flip them;
  - float→int casts only of bounded values (never negative into unsigned);
  - math functions on their domains (sqrt(abs), log(abs + 1), arcsin(clip), exp(clip));
  - argmax/argmin only of leaves (no NaN ordering);
  - no `**` of a bool array: `b ** 2` is NumPy's square (int8) but CuPy 14's square with
    dtype result_type(bool, 2), int64;
  - float16 and float32 results get a looser tolerance (run.py compares per case).
"""
import argparse
import json
import os
import random
import sys

import numpy as np

SIGNED = ["int8", "int16", "int32", "int64"]
UNSIGNED = ["uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float16", "float32", "float64"]
COMPLEX = ["complex64", "complex128"]
ALL = ["bool"] + SIGNED + UNSIGNED + FLOATS + COMPLEX

# rtol, atol by the least precise float dtype a case involves (run.py adds rtol times the largest
# magnitude the case prints to atol: sums and chains err relative to their largest term)
TOL = {"float16": (2e-2, 2e-2), "float32": (2e-4, 1e-4), "complex64": (2e-4, 1e-4),
       "float64": (1e-6, 1e-9), "complex128": (1e-6, 1e-9)}


def kind(dt):
    return np.dtype(dt).kind  # b i u f c


def npdt(dt):
    return np.dtype("bool" if dt == "bool" else dt)


def promote(a, b):
    return np.promote_types(npdt(a), npdt(b)).name


def ufunc_dtype(name, *dts):
    # NumPy 2.3 and CuPy 14: floor, ceil and trunc keep integer and bool dtypes (older NumPy
    # gives a float), so that every NumPy generates the same programs
    if name in ("floor", "ceil", "trunc") and kind(dts[0]) in "biu":
        return dts[0]
    f = getattr(np, name)
    return f(*[np.ones(1, npdt(d)) for d in dts]).dtype.name


def weak(dt, const):
    """dtype of `array(dt) op const` for a Python number const (NEP 50)."""
    k = kind(dt)
    if isinstance(const, bool):
        return dt
    if isinstance(const, int):
        return "int64" if k == "b" else dt
    return "float64" if k in "biu" else dt


def exact_float(dt):
    """Whether + and - of exact values of dt stay exact: float16 may be computed in float32
    through a fused chain and rounded only at its end, which NumPy rounds at every step."""
    return dt != "float16"


def can_same_kind(src, dst):
    return bool(np.can_cast(npdt(src), npdt(dst), casting="same_kind"))


def bshape(shape):
    """NumPy's shape text for a tuple."""
    return "(" + ", ".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"


class Expr:
    """An expression's text, dtype, shape and whether its values are exact (leaf values or
    integer/bool results), bounded (|v| <= 10, no NaN) and NaN-free."""

    def __init__(self, text, dt, shape, exact, bounded):
        self.text, self.dt, self.shape = text, dt, tuple(shape)
        self.exact, self.bounded = exact, bounded


class Case:
    """One generated case: its lines and the dtypes it touches."""

    def __init__(self, rng, idx):
        self.r, self.idx = rng, idx
        self.lines, self.helpers, self.dts = [], [], set()
        self.nvar = 0

    # ---- helpers -------------------------------------------------------------------
    def var(self, prefix="v"):
        self.nvar += 1
        return f"{prefix}{self.nvar}"

    def emit(self, line, depth=1):
        self.lines.append("    " * depth + line)

    def touch(self, dt):
        self.dts.add(dt)

    def value(self, dt):
        r = self.r
        k = kind(dt)
        if k == "b":
            return r.choice(["True", "False"])
        if k == "i":
            return str(r.randint(-9, 9))
        if k == "u":
            return str(r.randint(0, 9))
        if k == "f":
            return repr(r.choice([r.randint(-20, 20) / 4, round(r.uniform(-5, 5), 3)]))
        re_, im = r.randint(-12, 12) / 4, r.randint(-12, 12) / 4
        return f"complex({re_!r}, {im!r})"

    def literal(self, dt, shape):
        if not shape:
            return self.value(dt)
        return "[" + ", ".join(self.literal(dt, shape[1:]) for _ in range(shape[0])) + "]"

    def rand_shape(self, nd=None):
        nd = self.r.choice([1, 1, 2, 2, 2, 3]) if nd is None else nd
        return tuple(self.r.randint(1, 5) for _ in range(nd))

    def bcast_of(self, shape):
        """A shape that broadcasts to shape (fewer dims, or 1s)."""
        r = self.r
        drop = r.randint(0, len(shape)) if r.random() < 0.4 else 0
        out = list(shape[drop:])
        for i in range(len(out)):
            if r.random() < 0.25:
                out[i] = 1
        return tuple(out)

    def pick_dt(self, allow=None):
        dts = allow or ALL
        return self.r.choice(dts)

    # ---- leaves ----------------------------------------------------------------------
    def leaf(self, dt, shape):
        """A named array of dtype dt and shape shape: a literal, or a view (slice with steps,
        transpose) or fancy-indexed copy of a larger literal."""
        r = self.r
        self.touch(dt)
        name = self.var("a")
        how = r.random() if shape else 0.0
        if how < 0.45:
            self.emit(f"{name} = cp.array({self.literal(dt, shape)}, dtype=cp.{self.cdt(dt)})")
        elif how < 0.75:
            base, idx = [], []
            for n in shape:
                step = r.choice([1, 1, 2, 3, -1, -2])
                extra = r.randint(0, 2)
                full = n * abs(step) + extra
                base.append(full)
                if step > 0:
                    start = r.randint(0, full - ((n - 1) * step + 1))
                    stop = start + (n - 1) * step + 1
                    idx.append(f"{start}:{stop}:{step}" if step != 1 else f"{start}:{stop}")
                else:
                    start = r.randint((n - 1) * -step, full - 1)
                    stop = start + (n - 1) * step - 1
                    stop_txt = "" if stop < 0 else str(stop)
                    if stop >= 0 and r.random() < 0.5:
                        stop_txt = str(stop - full)  # negative stop, same place
                    idx.append(f"{start}:{stop_txt}:{step}")
            bname = self.var("b")
            self.emit(f"{bname} = cp.array({self.literal(dt, tuple(base))}, dtype=cp.{self.cdt(dt)})")
            self.emit(f"{name} = {bname}[{', '.join(idx)}]")
        elif how < 0.9 and len(shape) >= 2:
            rev = tuple(reversed(shape))
            bname = self.var("b")
            self.emit(f"{bname} = cp.array({self.literal(dt, rev)}, dtype=cp.{self.cdt(dt)})")
            self.emit(f"{name} = {bname}.T")
        else:
            n0 = shape[0]
            m = n0 + r.randint(0, 3)
            picks = [r.randint(-m, m - 1) for _ in range(n0)]
            bname = self.var("b")
            self.emit(f"{bname} = cp.array({self.literal(dt, (m,) + tuple(shape[1:]))}, dtype=cp.{self.cdt(dt)})")
            if r.random() < 0.5:
                self.emit(f"{name} = {bname}[{picks}]")
            else:
                self.emit(f"{name} = {bname}[cp.array({picks}, dtype=cp.{r.choice(['int64', 'int32', 'int16'])})]")
        bounded = kind(dt) != "c"
        return Expr(name, dt, shape, True, bounded)

    @staticmethod
    def cdt(dt):
        return "bool_" if dt == "bool" else dt

    # ---- expressions -------------------------------------------------------------------
    def expr(self, dt_pool, shape, depth):
        """A random expression broadcasting to shape; dtypes drawn from dt_pool."""
        r = self.r
        if depth <= 0 or r.random() < 0.25:
            return self.leaf(r.choice(dt_pool), self.bcast_of(shape))
        c = r.random()
        if c < 0.4:
            return self.binary(dt_pool, shape, depth)
        if c < 0.6:
            return self.unary(dt_pool, shape, depth)
        if c < 0.7:
            return self.where(dt_pool, shape, depth)
        if c < 0.8:
            return self.scalar_op(dt_pool, shape, depth)
        if c < 0.86:
            return self.astype(dt_pool, shape, depth)
        if c < 0.93:
            return self.ufunc2(dt_pool, shape, depth)
        return self.compare(dt_pool, shape, depth)

    def ufunc2(self, dt_pool, shape, depth):
        """A two-operand ufunc other than the operators, on its domain."""
        r = self.r
        a = self.expr(dt_pool, shape, depth - 1)
        b = self.expr(dt_pool, shape, depth - 1)
        sh = self.out_shape(a, b)
        ka, kb = kind(a.dt), kind(b.dt)
        if "c" in (ka, kb):
            fn = r.choice(["add", "multiply", "subtract"])
            if promote(a.dt, b.dt) == "bool":
                fn = "add"
            return Expr(f"cp.{fn}({a.text}, {b.text})", ufunc_dtype(fn, a.dt, b.dt), sh, False, False)
        ints = ka in "biu" and kb in "biu"
        fns = ["hypot", "arctan2", "fmax", "fmin", "copysign", "fmod", "logaddexp"]
        if ints:
            fns += ["bitwise_and", "bitwise_or", "bitwise_xor", "shift"]
        fn = r.choice(fns)
        if fn == "shift":
            if ka == "u":
                n = r.randint(0, 3)
                return Expr(f"({a.text} {r.choice(['<<', '>>'])} {n})", a.dt, a.shape, True, False)
            fn = "bitwise_xor"
        if fn.startswith("bitwise") and kind(promote(a.dt, b.dt)) == "f":
            fn = "fmax"  # uint64 with a signed int promotes to float64: no bitwise loop
        if fn.startswith("bitwise"):
            op = {"bitwise_and": "&", "bitwise_or": "|", "bitwise_xor": "^"}[fn]
            rdt = ufunc_dtype(fn, a.dt, b.dt)
            return Expr(f"({a.text} {op} {b.text})", rdt, sh, True, a.bounded and b.bounded and kind(rdt) == "b")
        if fn == "fmod":
            if ints:
                b = self.divisor(b)
            elif not (a.exact and b.exact):
                fn = "fmax"
        if fn == "logaddexp" and not (a.bounded and b.bounded):
            fn = "hypot"
        if fn in ("hypot", "arctan2", "logaddexp", "copysign") and (ka == "b" and kb == "b"):
            fn = "fmax"
        rdt = ufunc_dtype(fn, a.dt, b.dt)
        exact = fn in ("fmax", "fmin", "fmod") and a.exact and b.exact
        return Expr(f"cp.{fn}({a.text}, {b.text})", rdt, sh, exact, fn in ("arctan2",))

    def out_shape(self, a, b):
        return tuple(np.broadcast_shapes(a.shape, b.shape))

    def binary(self, dt_pool, shape, depth):
        r = self.r
        a = self.expr(dt_pool, shape, depth - 1)
        b = self.expr(dt_pool, shape, depth - 1)
        op = r.choice(["+", "-", "*", "*", "/", "//", "%", "max", "min", "**"])
        dt = promote(a.dt, b.dt)
        k = kind(dt)
        sh = self.out_shape(a, b)
        if op in ("-",) and dt == "bool":
            op = "+"
        if op in ("//", "%"):
            if k == "c":
                op = "*"
            elif k == "f" and not (a.exact and b.exact):
                op = "+"
        if op in ("//", "%") and k in "biu":
            b = self.divisor(b)
            txt = f"({a.text} {op} {b.text})"
            return Expr(txt, ufunc_dtype("floor_divide", a.dt, b.dt), sh, True, False)
        if op == "**" and kind(a.dt) == "b":
            op = "*"   # bool ** 2: CuPy squares into int64 (result_type), NumPy into int8
        if op == "**":
            if k in "biu":
                e = r.choice([2, 3])
                return Expr(f"({a.text} ** {e})", weak(a.dt, e), a.shape, True, False)
            if k == "f" and a.bounded:
                e = r.choice([2, 3, 0.5])
                txt = f"(cp.abs({a.text}) ** {e})" if e == 0.5 else f"({a.text} ** {e})"
                return Expr(txt, weak(a.dt, e), a.shape, False, False)
            op = "*"
        if op in ("max", "min"):
            if k == "c":
                op = "+"
            else:
                fn = "maximum" if op == "max" else "minimum"
                return Expr(f"cp.{fn}({a.text}, {b.text})", ufunc_dtype(fn, a.dt, b.dt), sh,
                            a.exact and b.exact, a.bounded and b.bounded)
        if op == "/":
            if k == "c":  # complex division by zero: NumPy's and CUDA's nan/inf parts differ
                b = Expr(f"(cp.abs({b.text}) + 1)", ufunc_dtype("absolute", b.dt), b.shape, False, False)
            return Expr(f"({a.text} / {b.text})", ufunc_dtype("true_divide", a.dt, b.dt), sh,
                        False, False)
        rdt = ufunc_dtype({"+": "add", "-": "subtract", "*": "multiply", "//": "floor_divide",
                           "%": "remainder"}[op], a.dt, b.dt)
        return Expr(f"({a.text} {op} {b.text})", rdt, sh,
                    kind(rdt) in "biu" or (a.exact and b.exact and op != "*" and exact_float(rdt)), False)

    def divisor(self, b):
        """b made a positive integer divisor in [1, 5]."""
        if kind(b.dt) == "b":
            return Expr(f"({b.text}.astype(cp.int8) + 1)", "int8", b.shape, True, True)
        if kind(b.dt) == "u":
            return Expr(f"({b.text} % 5 + 1)", b.dt, b.shape, True, True)
        return Expr(f"(cp.abs({b.text}) % 5 + 1)", b.dt, b.shape, True, True)

    def unary(self, dt_pool, shape, depth):
        r = self.r
        a = self.expr(dt_pool, shape, depth - 1)
        k = kind(a.dt)
        if k == "c":
            fn = r.choice(["abs", "conj", "real", "imag", "neg", "exp"])
            if fn == "neg":
                return Expr(f"(-{a.text})", a.dt, a.shape, False, False)
            if fn == "exp":
                if not a.bounded:
                    fn = "conj"
                else:
                    return Expr(f"cp.exp({a.text})", a.dt, a.shape, False, False)
            return Expr(f"cp.{fn}({a.text})", ufunc_dtype(fn if fn != "abs" else "absolute", a.dt),
                        a.shape, False, False)
        if k == "b":
            return Expr(f"cp.logical_not({a.text})", "bool", a.shape, True, True)
        fns = ["sqrt", "log", "sin", "cos", "tanh", "exp", "abs", "neg", "arcsin", "log1p",
               "expm1", "cbrt", "arctan", "square", "floor", "rint", "sign", "sinh", "log2",
               "log10", "isfinite", "around", "ceil", "trunc", "reciprocal"]
        fn = r.choice(fns)
        if k == "u" and fn == "neg":
            fn = "abs"
        if fn == "isfinite":
            return Expr(f"cp.isfinite({a.text})", "bool", a.shape, True, True)
        if fn == "reciprocal":
            if k in "iub":
                fn = "abs"
            else:
                return Expr(f"cp.reciprocal({a.text})", a.dt, a.shape, False, False)
        if fn == "around" and k == "f" and a.exact:
            return Expr(f"cp.around({a.text}, {r.choice([0, 1])})", a.dt, a.shape, True, a.bounded)
        if fn == "around" or fn in ("ceil", "trunc") and k == "b":
            fn = "cos"
        if fn in ("ceil", "trunc"):
            fn = fn if a.exact else "tanh"
            if a.exact:
                return Expr(f"cp.{fn}({a.text})", ufunc_dtype(fn, a.dt), a.shape, True, a.bounded)
        if fn in ("floor", "rint") and not a.exact:
            fn = "tanh"
        if fn == "neg":
            return Expr(f"(-{a.text})", a.dt, a.shape, a.exact, a.bounded)
        if fn == "abs":
            return Expr(f"cp.abs({a.text})", a.dt, a.shape, a.exact, a.bounded)
        if fn == "square":
            return Expr(f"cp.square({a.text})", a.dt, a.shape, a.exact and k != "f", False)
        if fn == "sign":
            return Expr(f"cp.sign({a.text})", a.dt, a.shape, a.exact, a.bounded)
        if fn in ("floor", "rint"):
            return Expr(f"cp.{fn}({a.text})", ufunc_dtype(fn, a.dt), a.shape, True, a.bounded)
        arg = a.text
        if fn in ("sqrt", "cbrt"):
            arg = f"cp.abs({arg})" if k != "u" else arg
        elif fn in ("log", "log1p", "log2", "log10"):
            arg = f"cp.abs({arg}) + 1" if k != "u" else f"{arg} + 1"
        elif fn == "arcsin":
            arg = f"cp.clip({arg}, -1, 1)" if k != "u" else f"cp.clip({arg}, 0, 1)"
        elif fn in ("exp", "expm1", "sinh"):
            arg = f"cp.clip({arg}, -4, 4)" if k != "u" else f"cp.clip({arg}, 0, 4)"
        elif fn in ("sin", "cos", "tanh", "arctan") and not a.bounded:
            arg = f"cp.clip({arg}, -100, 100)" if k != "u" else f"cp.clip({arg}, 0, 100)"
        dt = ufunc_dtype(fn, a.dt)
        return Expr(f"cp.{fn}({arg})", dt, a.shape, False, True)

    def where(self, dt_pool, shape, depth):
        c = self.compare(dt_pool, shape, depth - 1)
        a = self.expr(dt_pool, shape, depth - 1)
        b = self.expr(dt_pool, shape, depth - 1)
        sh = tuple(np.broadcast_shapes(c.shape, a.shape, b.shape))
        return Expr(f"cp.where({c.text}, {a.text}, {b.text})", promote(a.dt, b.dt), sh,
                    a.exact and b.exact, a.bounded and b.bounded)

    def compare(self, dt_pool, shape, depth):
        r = self.r
        for _ in range(4):
            a = self.expr(dt_pool, shape, depth - 1)
            if a.exact and kind(a.dt) != "c":
                break
        else:
            a = self.leaf(r.choice([d for d in dt_pool if kind(d) != "c"] or ["int32"]),
                          self.bcast_of(shape))
        op = r.choice(["<", "<=", ">", ">=", "==", "!="])
        if r.random() < 0.5:
            b = self.leaf(r.choice([d for d in dt_pool if kind(d) != "c"] or ["int32"]),
                          self.bcast_of(shape))
            return Expr(f"({a.text} {op} {b.text})", "bool", self.out_shape(a, b), True, True)
        cst = self.r.randint(0, 3) if kind(a.dt) == "u" else self.r.randint(-3, 3)
        return Expr(f"({a.text} {op} {cst})", "bool", a.shape, True, True)

    def scalar_op(self, dt_pool, shape, depth):
        r = self.r
        a = self.expr(dt_pool, shape, depth - 1)
        k = kind(a.dt)
        if k == "b":
            return Expr(f"({a.text} + 1)", "int64", a.shape, True, True)
        op = r.choice(["+", "-", "*"])
        if k == "u":
            cst = r.randint(0, 5)
        elif k in "i":
            cst = r.randint(-5, 5)
        else:
            cst = r.choice([r.randint(-5, 5), r.randint(-20, 20) / 4])
        left = r.random() < 0.3
        txt = f"({cst} {op} {a.text})" if left else f"({a.text} {op} {cst})"
        if left and op == "-" and k == "u":
            txt = f"({a.text} + {cst})"
        rdt = weak(a.dt, cst)
        return Expr(txt, rdt, a.shape, a.exact and (kind(rdt) in "biu" or op != "*" and exact_float(rdt)), False)

    def astype(self, dt_pool, shape, depth):
        r = self.r
        a = self.expr(dt_pool, shape, depth - 1)
        k = kind(a.dt)
        to = r.choice(ALL)
        tk = kind(to)
        if k == "c" and tk != "c":
            return Expr(f"cp.real({a.text})", ufunc_dtype("real", a.dt), a.shape, False, False)
        if k == "f" and tk in "iub":
            if not (a.exact and a.bounded):
                to = r.choice(FLOATS + COMPLEX)
            elif tk == "u":
                self.touch(to)
                return Expr(f"cp.abs({a.text}).astype(cp.{self.cdt(to)})", to, a.shape, True, True)
        self.touch(to)
        exact = a.exact and (kind(to) in "biu" or k in "biu")
        return Expr(f"{a.text}.astype(cp.{self.cdt(to)})", to, a.shape, exact, a.bounded)

    # ---- statements --------------------------------------------------------------------
    def show(self, text):
        v = self.var("r")
        self.emit(f"{v} = {text}")
        self.emit(f"print({v}.dtype, {v}.shape)")
        self.emit(f"print({v})")

    def dt_pool(self):
        r = self.r
        c = r.random()
        if c < 0.3:
            return [r.choice(ALL)]
        if c < 0.6:
            return r.sample(ALL, 2)
        return r.sample(ALL, 3)

    def stmt_chain(self):
        shape = self.rand_shape()
        e = self.expr(self.dt_pool(), shape, self.r.randint(1, 4))
        self.touch(e.dt)
        self.show(e.text)
        return e

    def stmt_reduce(self):
        r = self.r
        shape = self.rand_shape(r.choice([1, 2, 2, 3]))
        pool = self.dt_pool()
        if r.random() < 0.5:
            e = self.leaf(r.choice(pool), shape)
        else:
            e = self.expr(pool, shape, r.randint(1, 2))
        e = self.full(e, shape)
        self.touch(e.dt)
        fn = r.choice(["sum", "sum", "mean", "max", "min", "prod", "any", "all", "argmax",
                       "argmin", "var", "std", "cumsum", "cumprod", "ptp", "count_nonzero",
                       "nansum", "nanmax", "average"])
        if fn in ("ptp", "nanmax") and kind(e.dt) in "bc":
            fn = "sum"
        if fn == "cumprod" and kind(e.dt) == "f":
            fn = "cumsum"
        if fn in ("count_nonzero", "average") and r.random() < 0.5:
            fn = "cumsum"
        k = kind(e.dt)
        if fn in ("argmax", "argmin") and not (e.exact and e.bounded and k != "c"):
            fn = "sum"
        if fn in ("max", "min") and k == "c":
            fn = "sum"
        if fn == "prod" and k == "f":
            fn = "sum"
        if fn in ("var", "std", "mean", "average") and k in "b":
            fn = "any"
        args = []
        nd = len(shape)
        if fn in ("cumsum", "cumprod", "count_nonzero", "average"):
            if r.random() < 0.7:
                args.append(f"axis={r.randint(-nd, nd - 1)}")
        elif fn in ("argmax", "argmin"):
            if r.random() < 0.6:
                args.append(f"axis={r.randint(-nd, nd - 1)}")
        else:
            c = r.random()
            if c < 0.4:
                args.append(f"axis={r.randint(-nd, nd - 1)}")
            elif c < 0.6 and nd >= 2:
                axes = sorted(r.sample(range(nd), r.randint(1, nd)))
                args.append(f"axis={tuple(axes)}")
            if r.random() < 0.3:
                args.append("keepdims=True")
            if fn in ("var", "std") and r.random() < 0.3:
                args.append("ddof=1" if min(shape) > 1 else "ddof=0")
        argt = ", ".join(args)
        if fn == "count_nonzero" and not args:
            args.append("axis=0")  # without an axis NumPy gives a Python int, CuPy a 0-d array
            argt = ", ".join(args)
        # ptp is a function only: NumPy 2 removed ndarray.ptp, and gpyc follows it
        if fn in ("count_nonzero", "nansum", "nanmax", "average", "ptp") or r.random() < 0.5:
            self.show(f"cp.{fn}({e.text}{', ' if argt else ''}{argt})")
        else:
            self.show(f"({e.text}).{fn}({argt})")

    def full(self, e, shape):
        """e broadcast to shape (a reduction wants the full shape to be deterministic)."""
        if e.shape == tuple(shape):
            return e
        return Expr(f"cp.broadcast_to({e.text}, {bshape(shape)})", e.dt, shape, e.exact, e.bounded)

    def stmt_inplace(self):
        """x = leaf.copy(); x OP= expr, or through a view / slice / fancy assignment."""
        r = self.r
        shape = self.rand_shape()
        pool = self.dt_pool()
        t = self.leaf(r.choice(pool), shape)
        x = self.var("x")
        self.emit(f"{x} = {t.text}.copy()")
        c = r.random()
        if c < 0.4:
            e = self.expr(pool, shape, r.randint(0, 2))
            op = r.choice(["+=", "-=", "*="])
            rdt = promote(t.dt, e.dt)
            if t.dt == "bool" and op != "*=":
                op = "*="  # bool: only * (and) keeps bool without subtract's TypeError
            if rdt == "bool" and op == "-=":
                op = "+="
            if not can_same_kind(rdt, t.dt):
                # a float or complex operand of an integer/bool target: use the target itself
                e = Expr(f"{t.text}", t.dt, t.shape, True, True)
            self.touch(e.dt)
            self.emit(f"{x} {op} {e.text}")
        elif c < 0.7:
            # slice assignment with steps
            idx, sub = [], []
            for n in shape:
                step = r.choice([1, 2, -1, -2])
                if step > 0:
                    start = r.randint(0, n - 1)
                    cnt = len(range(start, n, step))
                    idx.append(f"{start}::{step}" if step != 1 else f"{start}:")
                else:
                    start = r.randint(0, n - 1)
                    cnt = len(range(start, -1, step))
                    idx.append(f"{start}::{step}")
                sub.append(cnt)
            e = self.expr([t.dt] if r.random() < 0.5 else pool, tuple(sub), r.randint(0, 2))
            if not can_same_kind(e.dt, t.dt) and not (kind(t.dt) in "iu" and kind(e.dt) == "f"
                                                       and e.exact and e.bounded):
                e = self.leaf(t.dt, self.bcast_of(tuple(sub)))
            if kind(t.dt) == "u" and kind(e.dt) in "if":
                e = self.leaf(t.dt, self.bcast_of(tuple(sub)))
            view = r.random() < 0.4
            if view:
                v = self.var("w")
                self.emit(f"{v} = {x}[{', '.join(idx)}]")
                if can_same_kind(promote(t.dt, e.dt), t.dt) and t.dt != "bool" and r.random() < 0.5:
                    self.emit(f"{v} += {e.text}")
                else:
                    self.emit(f"{v}[...] = {e.text}")
            else:
                self.emit(f"{x}[{', '.join(idx)}] = {e.text}")
        else:
            # fancy / mask assignment
            n0 = shape[0]
            if r.random() < 0.5:
                picks = sorted(set(r.randint(-n0, n0 - 1) % n0 for _ in range(n0)))
                val = self.value(t.dt) if kind(t.dt) != "c" else "1"
                if kind(t.dt) == "u":
                    val = str(r.randint(0, 9))
                self.emit(f"{x}[{picks}] = {val}")
            else:
                m = self.compare([t.dt], shape, 0)
                if m.shape != tuple(shape):
                    m = self.full(m, shape)
                val = {"b": "True", "c": "2"}.get(kind(t.dt), "3")
                self.emit(f"{x}[{m.text}] = {val}")
        self.touch(t.dt)
        self.show(x)

    def stmt_loop(self):
        r = self.r
        shape = self.rand_shape()
        dt = r.choice([d for d in ALL if d not in ("bool",)])
        acc = self.var("acc")
        self.touch(dt)
        self.emit(f"{acc} = cp.zeros({bshape(shape)}, dtype=cp.{dt})")
        x = self.leaf(dt, self.bcast_of(shape))
        n = r.randint(1, 5)
        i = self.var("i")
        if r.random() < 0.6:
            self.emit(f"for {i} in range({n}):")
            self.emit(f"{acc} += {x.text} * {i}", 2)
            if r.random() < 0.5:
                self.emit(f"if {i} % 2 == 0:", 2)
                self.emit(f"{acc} -= 1" if kind(dt) != "u" else f"{acc} += 1", 3)
        else:
            self.emit(f"{i} = 0")
            self.emit(f"while {i} < {n}:")
            self.emit(f"{acc} = {acc} + {x.text}", 2)
            self.emit(f"{i} += 1", 2)
        self.show(acc)

    def stmt_func(self):
        r = self.r
        f = f"c{self.idx}_f{self.nvar}"
        self.nvar += 1
        body = r.choice(["a * b + 1", "a - b * 2", "cp.maximum(a, b) + a", "a + b", "(a + b) * k"])
        kw = "k" in body
        self.helpers.append(f"def {f}(a, b{', k=2' if kw else ''}):")
        self.helpers.append(f"    return {body}")
        shape = self.rand_shape()
        pool = [d for d in self.dt_pool() if d not in ("bool",)] or ["float32"]
        a = self.expr(pool, shape, 1)
        b = self.expr(pool, shape, 1)
        if kind(a.dt) == "b" or kind(b.dt) == "b":
            a = self.leaf("int16", shape)
            b = self.leaf("int16", shape)
        self.touch(a.dt)
        self.touch(b.dt)
        arg = f", k={r.randint(1, 3)}" if kw and r.random() < 0.5 else ""
        self.show(f"{f}({a.text}, {b.text}{arg})")

    def stmt_fancy(self):
        r = self.r
        shape = self.rand_shape(r.choice([1, 2, 2]))
        dt = r.choice(ALL)
        a = self.leaf(dt, shape)
        c = r.random()
        n0 = shape[0]
        if c < 0.4:
            picks = [r.randint(-n0, n0 - 1) for _ in range(r.randint(1, 4))]
            self.show(f"{a.text}[{picks}]")
        elif c < 0.7:
            m = self.compare([dt], shape, 0)
            self.show(f"{a.text}[{self.full(m, shape).text}]")
        elif len(shape) >= 2:
            rows = [r.randint(0, n0 - 1) for _ in range(2)]
            cols = [r.randint(0, shape[1] - 1) for _ in range(2)]
            self.show(f"{a.text}[cp.array({rows}), cp.array({cols})]")
        else:
            self.show(f"{a.text}[::-1][{r.randint(0, n0 - 1)}:]")
        self.touch(dt)

    def stmt_normalize(self):
        """A reduction with keepdims feeding an elementwise chain (fusion across the two)."""
        r = self.r
        shape = self.rand_shape(r.choice([2, 2, 3]))
        dt = r.choice(["float16", "float32", "float64", "int32", "int8", "uint16"])
        a = self.leaf(dt, shape)
        ax = r.randint(-len(shape), len(shape) - 1)
        fn = r.choice(["mean", "sum", "max", "min"])
        if fn in ("sum", "mean") and kind(dt) != "f":
            self.show(f"{a.text} - {a.text}.{fn}(axis={ax}, keepdims=True)")
        elif r.random() < 0.5:
            self.show(f"{a.text} - {a.text}.{fn}(axis={ax}, keepdims=True)")
        else:
            self.show(f"(cp.abs({a.text}) + 1) / (cp.abs({a.text}) + 1).sum(axis={ax}, keepdims=True)")
        self.touch(dt)
        self.touch("float64")

    def stmt_runtime_scalar(self):
        """A Python number known only at run time (weak promotion, NEP 50 checks)."""
        r = self.r
        shape = self.rand_shape()
        dt = r.choice(ALL[1:])
        a = self.leaf(dt, shape)
        s, i = self.var("s"), self.var("i")
        isfloat = kind(dt) in "fc" and r.random() < 0.6
        self.emit(f"{s} = {'0.5' if isfloat else '0'}")
        self.emit(f"for {i} in range({r.randint(1, 3)}):")
        self.emit(f"{s} += {i}{' * 0.25' if isfloat else ''}", 2)
        op = r.choice(["+", "*", "-"] if kind(dt) != "u" else ["+", "*"])
        self.show(f"{a.text} {op} {s}" if r.random() < 0.5 else f"{s} {op} {a.text}"
                  if op != "-" else f"{a.text} {op} {s}")
        self.touch(dt)

    def stmt_view_chain(self):
        """An expression's result sliced, transposed or reshaped, then used again."""
        r = self.r
        shape = self.rand_shape(r.choice([2, 3]))
        e = self.expr(self.dt_pool(), shape, r.randint(1, 2))
        e = self.full(e, shape)
        t = self.var("t")
        self.emit(f"{t} = {e.text}")
        c = r.random()
        if c < 0.35:
            idx = ", ".join(r.choice(["::-1", "::2", "1:", ":", "::-2"]) for _ in shape)
            self.show(f"{t}[{idx}] * 2")
        elif c < 0.7:
            self.show(f"{t}.T + 1")
        else:
            n = 1
            for x in shape:
                n *= x
            self.show(f"{t}.reshape(-1)[::-1]" if r.random() < 0.5 else f"{t}.reshape({n}, 1)")
        self.touch(e.dt)

    def stmt_monomorph(self):
        """One user function called with two argument dtypes (two instances)."""
        r = self.r
        f = f"c{self.idx}_g{self.nvar}"
        self.nvar += 1
        self.helpers.append(f"def {f}(a, n):")
        self.helpers.append("    t = a * 2")
        self.helpers.append("    for j in range(n):")
        self.helpers.append("        t = t + a")
        self.helpers.append("    return t, t.sum()")
        for _ in range(2):
            shape = self.rand_shape()
            dt = r.choice([d for d in ALL if d != "bool"])
            a = self.leaf(dt, shape)
            p, q = self.var("p"), self.var("q")
            self.emit(f"{p}, {q} = {f}({a.text}, {r.randint(0, 3)})")
            self.show(p)
            self.show(q)
            self.touch(dt)

    def stmt_scalar_read(self):
        """Scalar indexing and conversions to Python numbers."""
        r = self.r
        shape = self.rand_shape()
        dt = r.choice(["int8", "int32", "int64", "uint8", "uint32", "float16", "float32", "float64"])
        e = self.full(self.expr([dt], shape, r.randint(0, 2)), shape)
        t = self.var("t")
        self.emit(f"{t} = {e.text}")
        pos = ", ".join(str(r.randint(-n, n - 1)) for n in shape)
        conv = "float" if kind(e.dt) == "f" else "int"
        if kind(e.dt) in "bc" or e.dt == "uint64":  # int() of a uint64 above 2**63 wraps in gpyc
            conv = "str"
        self.emit(f"print({t}[{pos}], {conv}({t}[{pos}]))")
        self.touch(e.dt)

    def stmt_int_inplace(self):
        """//=, %=, **= on an integer copy."""
        r = self.r
        shape = self.rand_shape()
        dt = r.choice(SIGNED + UNSIGNED)
        t = self.leaf(dt, shape)
        x = self.var("x")
        self.emit(f"{x} = {t.text}.copy()")
        op = r.choice(["//=", "%=", "**="])
        if op == "**=":
            self.emit(f"{x} **= {r.choice([2, 3])}")
        else:
            d = self.divisor(self.leaf(dt, self.bcast_of(shape)))
            self.emit(f"{x} {op} {d.text}")
        self.touch(dt)
        self.show(x)

    def stmt_overlap(self):
        """In-place updates whose source overlaps the target (NumPy reads the source first)."""
        r = self.r
        n = r.randint(2, 7)
        dt = r.choice([d for d in ALL if d != "bool"])
        a = self.leaf(dt, (n,) if r.random() < 0.6 else (n, r.randint(1, 4)))
        x = self.var("x")
        self.emit(f"{x} = {a.text}.copy()")
        c = r.random()
        if c < 0.3:
            self.emit(f"{x}[1:] = {x}[:-1]")
        elif c < 0.5:
            self.emit(f"{x}[:-1] = {x}[1:]")
        elif c < 0.75:
            self.emit(f"{x} += {x}[::-1]")
        else:
            self.emit(f"{x}[::2] = {x}[::-1][::2] * 2")
        self.touch(dt)
        self.show(x)

    def stmt_view_reduce(self):
        """Reductions of non-contiguous views: slices of slices, transposes, steps."""
        r = self.r
        shape = tuple(r.randint(2, 6) for _ in range(r.choice([2, 3, 4])))
        dt = r.choice(ALL)
        a = self.leaf(dt, shape)
        v = self.var("v")
        idx = ", ".join(r.choice(["::2", "1:", "::-1", ":", "1::2", "::-2"]) for _ in shape)
        self.emit(f"{v} = {a.text}[{idx}]")
        if r.random() < 0.5:
            self.emit(f"{v} = {v}.T" if len(shape) == 2 else f"{v} = cp.swapaxes({v}, 0, -1)")
        w = self.var("v")
        self.emit(f"{w} = {v}[::-1]")
        fn = r.choice(["sum", "max", "min", "any", "all"])
        if kind(dt) == "c" and fn in ("max", "min"):
            fn = "sum"
        nd = len(shape)
        axes = tuple(sorted(r.sample(range(nd), r.randint(1, nd))))
        kd = ", keepdims=True" if r.random() < 0.4 else ""
        self.show(f"{w}.{fn}(axis={axes if len(axes) > 1 else axes[0]}{kd})")
        self.touch(dt)

    def stmt_nested_loop(self):
        """Nested loops with a break and reductions inside."""
        r = self.r
        shape = self.rand_shape(r.choice([1, 2]))
        dt = r.choice(["int32", "int64", "float32", "float64", "uint16", "complex128"])
        a = self.leaf(dt, shape)
        acc, i, j = self.var("acc"), self.var("i"), self.var("j")
        self.emit(f"{acc} = cp.zeros({bshape(shape)}, dtype=cp.{dt})")
        self.emit(f"for {i} in range({r.randint(1, 4)}):")
        self.emit(f"for {j} in range({r.randint(1, 4)}):", 2)
        self.emit(f"if {j} > {r.randint(0, 2)}:", 3)
        self.emit("break", 4)
        self.emit(f"{acc} += {a.text} * ({i} + {j})", 3)
        self.emit(f"{acc} -= {acc}.sum(axis=0, keepdims=True) // 2"
                  if kind(dt) in "iu" else f"{acc} -= {acc}.mean(axis=0, keepdims=True)", 2)
        self.touch(dt)
        self.show(acc)

    def stmt_misc(self):
        """Less common forms: mixed fancy and slice indexing, 2-d index arrays, fancy +=,
        where with a scalar, clip with array bounds, masks combined with & and |, reductions
        with dtype=, host conversions of reductions."""
        r = self.r
        dt = r.choice([d for d in ALL if kind(d) != "c"])
        shape = (r.randint(2, 5), r.randint(2, 5))
        a = self.leaf(dt, shape)
        c = r.randint(0, 6)
        n0, n1 = shape
        if c == 0:
            rows = [r.randint(-n0, n0 - 1) for _ in range(r.randint(1, 3))]
            self.show(f"{a.text}[{rows}, {r.randint(0, n1 - 1)}:]")
        elif c == 1:
            idx = [[r.randint(0, n0 - 1) for _ in range(2)] for _ in range(2)]
            self.show(f"{a.text}[cp.array({idx})]")
        elif c == 2 and dt != "bool":
            x = self.var("x")
            self.emit(f"{x} = {a.text}.copy()")
            rows = sorted(set(r.randint(0, n0 - 1) for _ in range(2)))
            self.emit(f"{x}[{rows}] += {r.randint(0, 3)}")
            self.show(x)
        elif c == 3:
            m = self.compare([dt], shape, 0)
            m2 = self.compare([dt], shape, 0)
            val = self.value(dt)
            self.show(f"cp.where({m.text} {r.choice(['&', '|', '^'])} {m2.text}, {val}, {a.text})")
        elif c == 4 and kind(dt) in "iuf":
            lo = self.leaf(dt, self.bcast_of(shape))
            self.show(f"cp.clip({a.text}, {lo.text}, {lo.text} + {r.randint(1, 4)})")
        elif c == 5 and kind(dt) in "iuf":
            to = r.choice(["float64", "int64"] if kind(dt) in "iu" else ["float64"])
            self.show(f"{a.text}.sum(axis={r.randint(0, 1)}, dtype=cp.{to})")
            self.touch(to)
        else:
            self.emit(f"print(float({a.text}.astype(cp.float64).sum()) * 2, int({a.text}.astype(cp.int64).max()) + 1)"
                      if kind(dt) != "f" else
                      f"print(float({a.text}.sum()) * 2, int({a.text}.astype(cp.int64).max()) + 1)")
        self.touch(dt)

    def build(self, nstmts):
        self.emit(f'print("#case {self.idx}")')
        for _ in range(nstmts):
            getattr(self, self.r.choice(STMTS))()
        text = "\n".join(self.helpers + [f"def c{self.idx}():"] + self.lines + [f"c{self.idx}()", ""])
        return text

    def tolerance(self):
        for dt in ("float16", "float32", "complex64", "float64", "complex128"):
            if dt in self.dts:
                return TOL[dt]
        return TOL["float64"]


STMTS = ["stmt_chain", "stmt_chain", "stmt_chain", "stmt_reduce", "stmt_reduce", "stmt_inplace",
         "stmt_inplace", "stmt_loop", "stmt_func", "stmt_fancy", "stmt_normalize",
         "stmt_runtime_scalar", "stmt_view_chain", "stmt_monomorph", "stmt_scalar_read",
         "stmt_int_inplace", "stmt_overlap", "stmt_view_reduce", "stmt_nested_loop", "stmt_misc"]
HEADER = "import cupy as cp\n\n"


def gen_program(seed, pnum, ncases):
    cases = []
    for i in range(ncases):
        rng = random.Random(f"{seed}:{pnum}:{i}")
        c = Case(rng, i)
        text = c.build(rng.randint(1, 3))
        rtol, atol = c.tolerance()
        cases.append({"id": i, "text": text, "rtol": rtol, "atol": atol,
                      "dtypes": sorted(c.dts)})
    return cases


def program_text(cases):
    return HEADER + "\n".join(c["text"] for c in cases)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir")
    ap.add_argument("n", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("--cases", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="number of the first program")
    args = ap.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    for p in range(args.first, args.first + args.n):
        cases = gen_program(args.seed, p, args.cases)
        base = os.path.join(args.outdir, f"p{p:04d}")
        with open(base + ".json", "w") as f:
            json.dump({"seed": args.seed, "program": p, "cases": cases}, f, indent=1)
        with open(base + ".py", "w") as f:
            f.write(program_text(cases))
    return 0


if __name__ == "__main__":
    sys.exit(main())
