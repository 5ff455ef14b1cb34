#!/usr/bin/python3
"""gen_semantics.py - expected values of gpyrt_device.cuh's functions, computed by NumPy, as a
host C++ program (nvcc compiles and runs it on the CPU: the functions are __host__ __device__).

    /usr/bin/python3 tests/unit/codegen/gen_semantics.py > tests/unit/codegen/semantics.inc
"""
import math
import warnings

import numpy as np

warnings.simplefilter("ignore")

CT = {"bool": "bool", "int8": "int8_t", "int16": "int16_t", "int32": "int32_t", "int64": "int64_t",
      "uint8": "uint8_t", "uint16": "uint16_t", "uint32": "uint32_t", "uint64": "uint64_t",
      "float16": "__half", "float32": "float", "float64": "double",
      "complex64": "gp_c64", "complex128": "gp_c128"}


def lit(v, dt):
    """A C++ expression of type CT[dt] holding NumPy value v exactly."""
    dt = np.dtype(dt)
    ct = CT[dt.name]
    if dt.kind == "b":
        return "true" if v else "false"
    if dt.kind in "iu":
        v = int(v)
        if dt.name == "int64" and v == -2**63:
            return "INT64_MIN"
        suf = "ULL" if dt.kind == "u" else "LL"
        return "(%s)%d%s" % (ct, v, suf)
    if dt.kind == "f":
        return "fl<%s>(%s)" % (ct, flt(float(v)))
    if dt.kind == "c":
        return "%s{%s, %s}" % (ct, flt(float(v.real)), flt(float(v.imag)))
    raise ValueError(dt)


def flt(x):
    if math.isnan(x):
        return "NAN"
    if math.isinf(x):
        return "INFINITY" if x > 0 else "-INFINITY"
    return x.hex()


out = []


def check(expr, expect, dt, tol=False):
    out.append('    n += chk(%s, %s, %s, "%s");' % (expr, lit(expect, dt), "true" if tol else "false",
                                                   expr.replace('"', '\\"')))


def binop(fn, npf, dtypes, pairs, tol=False):
    for d in dtypes:
        for a, b in pairs:
            try:
                x, y = np.array([a], dtype=d)[0], np.array([b], dtype=d)[0]
            except (OverflowError, ValueError, TypeError):
                continue
            if np.dtype(d).kind in "iu" and (int(x) != a or int(y) != b):
                continue
            r = npf(x, y)
            rd = np.asarray(r).dtype
            check("%s<%s>(%s, %s)" % (fn, CT[d], lit(x, d), lit(y, d)), r, rd, tol)


def unop(fn, npf, dtypes, vals, tol=False):
    for d in dtypes:
        for a in vals:
            try:
                x = np.array([a], dtype=d)[0]
            except (OverflowError, ValueError, TypeError):
                continue
            if np.dtype(d).kind in "iu" and int(x) != a:
                continue
            r = npf(x)
            check("%s<%s>(%s)" % (fn, CT[d], lit(x, d)), r, np.asarray(r).dtype, tol)


INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
SINTS = ["int8", "int32", "int64"]
FLOATS = ["float16", "float32", "float64"]
ipairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (6, 3), (-6, 3), (0, 5), (5, 0), (-5, 0), (0, 0),
          (-128, -1), (-2**63, -1), (127, 1), (255, 7), (2**63 - 1, -2), (1, 2**64 - 1)]
fpairs = [(7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (1.0, 0.0), (-1.0, 0.0), (0.0, 0.0),
          (0.0, -3.0), (-0.0, 3.0), (6.0, 3.0), (-6.0, 3.0), (1.0, math.inf), (-1.0, math.inf),
          (math.inf, 2.0), (math.nan, 1.0), (1.0, math.nan), (0.1, 0.01), (1e300, 1e-300), (5.0, 0.5)]

binop("gp_floordiv", np.floor_divide, INTS, ipairs)
binop("gp_mod", np.remainder, INTS, ipairs)
binop("gp_floordiv", np.floor_divide, FLOATS, fpairs)
binop("gp_mod", np.remainder, FLOATS, fpairs)
binop("gp_add", np.add, INTS + FLOATS + ["bool"], [(100, 100), (-100, 27), (0, 1), (1, 1), (2**62, 2**62)])
binop("gp_sub", np.subtract, INTS + FLOATS, [(0, 1), (-100, 100), (5, 7)])
binop("gp_mul", np.multiply, INTS + FLOATS + ["bool"], [(100, 100), (-3, 7), (1, 0), (1, 1), (65535, 65535), (2**40, 2**40)])
binop("gp_pow", np.power, INTS, [(3, 5), (2, 63), (2, 64), (-3, 3), (0, 0), (7, 0), (10, 20), (-1, 2**62 + 1)])
binop("gp_pow", np.power, FLOATS, [(2.0, 0.5), (-8.0, 1.0 / 3), (0.0, -1.0), (2.0, 10.0), (math.nan, 0.0)], tol=True)
binop("gp_truediv", np.true_divide, FLOATS, fpairs)
binop("gp_maximum", np.maximum, FLOATS, fpairs + [(math.nan, math.nan)])
binop("gp_minimum", np.minimum, FLOATS, fpairs)
binop("gp_maximum", np.maximum, INTS + ["bool"], [(3, -4), (0, 1), (1, 0), (255, 3)])
binop("gp_minimum", np.minimum, INTS + ["bool"], [(3, -4), (0, 1), (1, 0), (255, 3)])
for fn, npf in [("gp_eq", np.equal), ("gp_ne", np.not_equal), ("gp_lt", np.less),
                ("gp_le", np.less_equal), ("gp_gt", np.greater), ("gp_ge", np.greater_equal)]:
    binop(fn, npf, FLOATS, [(1.0, 2.0), (2.0, 1.0), (1.0, 1.0), (math.nan, 1.0), (math.nan, math.nan),
                            (-0.0, 0.0), (-math.inf, math.inf)])
    binop(fn, npf, ["int64", "uint8", "bool"], [(1, 2), (2, 1), (1, 1), (0, 0)])
    binop(fn, npf, ["complex128", "complex64"], [(1 + 2j, 1 + 3j), (2 + 0j, 1 + 5j), (1 + 1j, 1 + 1j),
                                                 (complex(math.nan, 0), 1j), (1 + 2j, complex(1, math.nan))])
binop("gp_maximum", np.maximum, ["complex128"], [(1 + 2j, 1 + 3j), (2 + 0j, 1 + 5j), (complex(math.nan, 0), 1j), (1j, complex(0, math.nan))])
binop("gp_minimum", np.minimum, ["complex128"], [(1 + 2j, 1 + 3j), (2 + 0j, 1 + 5j), (complex(math.nan, 0), 1j)])
shifts = [(a, s) for a in (1, -1, 5, -5, 127, 2**62) for s in (0, 1, 3, 7, 8, 15, 16, 31, 32, 63, 64, 65, 200)]
binop("gp_lshift", np.left_shift, INTS, shifts)
binop("gp_rshift", np.right_shift, INTS, shifts)
binop("gp_bitand", np.bitwise_and, INTS + ["bool"], [(12, 10), (-1, 5), (1, 0), (1, 1)])
binop("gp_bitor", np.bitwise_or, INTS + ["bool"], [(12, 10), (-8, 5), (1, 0), (0, 0)])
binop("gp_bitxor", np.bitwise_xor, INTS + ["bool"], [(12, 10), (-1, 5), (1, 0), (1, 1)])
unop("gp_invert", np.invert, INTS + ["bool"], [0, 1, -1, 5, 127, 255])
binop("gp_logical_and", np.logical_and, ["float64", "int32", "bool", "complex128"], [(0, 1), (2, 3), (0, 0)])
binop("gp_logical_or", np.logical_or, ["float64", "int32", "bool", "complex128"], [(0, 1), (2, 3), (0, 0)])
unop("gp_logical_not", np.logical_not, ["float64", "float16", "int8", "bool", "complex64"], [0, 1, -2])
unop("gp_logical_not", np.logical_not, ["float64"], [math.nan, -0.0])
unop("gp_neg", np.negative, INTS + FLOATS + ["complex128"], [0, 1, -1, 127, -128, 255, 2**63 - 1, -2**63])
unop("gp_abs", np.absolute, INTS + FLOATS + ["bool"], [0, 1, -1, -128, -2**63, -32768, 255])
unop("gp_abs", np.absolute, FLOATS, [-0.0, -math.inf, math.nan])
unop("gp_abs", np.absolute, ["complex64", "complex128"], [3 + 4j, -1j, complex(math.inf, math.nan)], tol=True)
unop("gp_sign", np.sign, INTS + FLOATS, [0, 5, -5, -0.0, math.inf, -math.inf, math.nan, 0.25])
unop("gp_square", np.square, INTS + FLOATS + ["complex128"], [0, 3, -3, 255, 1000, 1 + 2j, 0.5])
for fn, npf in [("gp_floor", np.floor), ("gp_ceil", np.ceil), ("gp_trunc", np.trunc), ("gp_rint", np.rint)]:
    unop(fn, npf, FLOATS, [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.7, -2.7, -0.0, math.inf, math.nan, 1e20, 0.49999999999999994])
unop("gp_rint", np.rint, ["complex128"], [1.5 + 2.5j, -0.5 - 3.5j])
for fn, npf in [("gp_isnan", np.isnan), ("gp_isinf", np.isinf), ("gp_isfinite", np.isfinite)]:
    unop(fn, npf, FLOATS, [0.0, math.inf, -math.inf, math.nan, 1e300])
    unop(fn, npf, ["int32", "uint8", "bool"], [0, 1])
    unop(fn, npf, ["complex128", "complex64"], [1 + 1j, complex(math.inf, 0), complex(0, math.nan)])
for fn, npf in [("gp_sqrt", np.sqrt), ("gp_exp", np.exp), ("gp_log", np.log), ("gp_log2", np.log2),
                ("gp_log10", np.log10), ("gp_sin", np.sin), ("gp_cos", np.cos), ("gp_tan", np.tan),
                ("gp_tanh", np.tanh), ("gp_sinh", np.sinh), ("gp_cosh", np.cosh), ("gp_arctan", np.arctan)]:
    unop(fn, npf, FLOATS, [0.0, 0.5, 2.0, -1.0, 10.0, math.inf, math.nan], tol=True)
    unop(fn, npf, ["complex128", "complex64"], [1 + 1j, -2 + 0.5j, 0.25 - 3j, -4 + 0j, 30 + 1j], tol=True)
    unop(fn, npf, ["int8", "uint16", "int64", "bool"], [0, 1, 4, 9], tol=True)
binop("gp_arctan2", np.arctan2, FLOATS, [(1.0, 1.0), (-1.0, -0.0), (0.0, -1.0), (math.inf, 1.0)], tol=True)
binop("gp_hypot", np.hypot, FLOATS, [(3.0, 4.0), (math.inf, math.nan), (1e300, 1e300)], tol=True)
binop("gp_truediv", np.true_divide, ["complex128", "complex64"], [(1 + 2j, 3 - 4j), (1 + 1j, 0j), (5j, 1e-300 + 1e-300j)], tol=True)
binop("gp_mul", np.multiply, ["complex128"], [(1 + 2j, 3 - 4j)])
binop("gp_pow", np.power, ["complex128"], [(1 + 2j, 2 + 0j), (1 + 2j, -3 + 0j), (2 + 0j, 0.5 + 0j), (1j, 1j), (0j, 2 + 0j)], tol=True)
# issue-4 ufuncs
for fn, npf in [("gp_expm1", np.expm1), ("gp_log1p", np.log1p), ("gp_exp2", np.exp2), ("gp_arcsin", np.arcsin),
                ("gp_arccos", np.arccos), ("gp_arcsinh", np.arcsinh), ("gp_arccosh", np.arccosh),
                ("gp_arctanh", np.arctanh), ("gp_sinc", lambda x: np.asarray(np.sinc(x)).astype(x.dtype)[()])]:
    unop(fn, npf, FLOATS, [0.0, 0.5, -0.75, 1.5, 10.0, math.inf, math.nan], tol=True)
    unop(fn, npf, ["complex128", "complex64"], [0.5 + 0.5j, -2 + 1j, 3 - 4j, 2j, 0.25 + 0j], tol=True)
for fn, npf in [("gp_cbrt", np.cbrt), ("gp_degrees", np.degrees), ("gp_radians", np.radians),
                ("gp_fabs", np.fabs), ("gp_reciprocal", np.reciprocal),
                ("gp_angle", lambda x: np.asarray(np.angle(x)).astype(x.dtype)[()])]:
    unop(fn, npf, FLOATS, [0.0, -0.0, 0.5, -8.0, 27.0, 9.5, math.inf, math.nan], tol=True)
# i0: NumPy evaluates the series in the input's precision (float16 loses digits); gpyc in double
unop("gp_i0", lambda x: np.asarray(np.i0(x)).astype(x.dtype)[()], ["float32", "float64"],
     [0.0, -0.0, 0.5, -8.0, 27.0, 9.5, math.inf, math.nan], tol=True)
unop("gp_signbit", np.signbit, FLOATS, [0.0, -0.0, -1.0, 2.0, -math.inf, math.nan])
unop("gp_signbit", np.signbit, ["int8", "int64", "uint8"], [0, 5, -5])
unop("gp_reciprocal", np.reciprocal, INTS, [1, 2, -1, 5])
unop("gp_conj", np.conjugate, ["complex128", "complex64"], [1 + 2j, -3j])
unop("gp_realpart", np.real, ["complex128", "float32", "int16"], [3, -1.5 + 2j])
unop("gp_imagpart", np.imag, ["complex128", "float64", "int16"], [3, -1.5 + 2j])
unop("gp_angle", np.angle, ["complex128", "complex64"], [1 + 1j, -1 + 0j, -2j, 0j], tol=True)
binop("gp_fmod", np.fmod, INTS, ipairs)
binop("gp_fmod", np.fmod, FLOATS, fpairs)
binop("gp_fmax", np.fmax, FLOATS, fpairs + [(math.nan, math.nan)])
binop("gp_fmin", np.fmin, FLOATS, fpairs + [(math.nan, math.nan)])
binop("gp_fmax", np.fmax, INTS + ["bool"], [(3, -4), (0, 1), (1, 0), (255, 3)])
binop("gp_fmin", np.fmin, ["complex128"], [(1 + 2j, 1 + 3j), (complex(math.nan, 0), 1j), (1j, complex(0, math.nan))])
binop("gp_logical_xor", np.logical_xor, ["float64", "int32", "bool", "complex128"], [(0, 1), (2, 3), (0, 0)])
binop("gp_copysign", np.copysign, FLOATS, [(1.0, -1.0), (-2.0, 0.0), (3.0, -0.0), (math.inf, -1.0)])
binop("gp_nextafter", np.nextafter, FLOATS, [(1.0, 2.0), (1.0, 0.0), (0.0, 1.0), (0.0, -1.0), (-1.0, -2.0), (2.0, 2.0), (math.nan, 1.0)])
binop("gp_ldexp", lambda x, e: np.ldexp(x, int(e)), FLOATS, [(1.0, 3.0), (3.0, -1.0), (-0.5, 4.0), (1.5, 0.0)])
binop("gp_heaviside", np.heaviside, FLOATS, [(-1.5, 0.5), (0.0, 0.5), (2.0, 0.5), (math.nan, 0.5)])
binop("gp_logaddexp", np.logaddexp, FLOATS, [(1.0, 2.0), (-math.inf, -math.inf), (100.0, 1.0), (math.inf, math.inf), (math.nan, 1.0)], tol=True)
binop("gp_logaddexp2", np.logaddexp2, FLOATS, [(1.0, 2.0), (0.0, 3.0), (10.0, -2.0), (-math.inf, -math.inf)], tol=True)
binop("gp_float_power", np.float_power, ["float64"], [(2.0, 3.0), (4.0, -0.5), (-8.0, 2.0)], tol=True)
binop("gp_gcd", np.gcd, INTS, [(12, 18), (-12, 18), (0, 5), (0, 0), (7, 13), (-128, 64)])
binop("gp_lcm", np.lcm, INTS, [(4, 6), (-4, 6), (0, 5), (7, 13)])
# where, clip
for d in FLOATS + ["int32", "complex128"]:
    for c, x, y in [(True, 1, 2), (False, 1, 2)]:
        r = np.where(c, np.array(x, dtype=d), np.array(y, dtype=d))
        check("gp_where<%s>(%s, %s, %s)" % (CT[d], "true" if c else "false", lit(np.array(x, dtype=d), d),
                                            lit(np.array(y, dtype=d), d)), r, d)
for d in FLOATS + ["int32", "uint8"]:
    for x, lo, hi in [(5, 0, 3), (-1, 0, 3), (2, 0, 3), (math.nan, 0, 1), (0.5, math.nan, 1)]:
        if d in ("int32", "uint8") and (isinstance(x, float) or isinstance(lo, float) and math.isnan(lo) or x < 0):
            continue
        a = [np.array(v, dtype=d) for v in (x, lo, hi)]
        check("gp_clip<%s>(%s, %s, %s)" % (CT[d], lit(a[0], d), lit(a[1], d), lit(a[2], d)),
              np.clip(a[0], a[1], a[2]), d)
# round
for d in FLOATS:
    for x in (1.2345, 2.5, -2.5, 0.125, 1234.5678, -0.0049, 1e300, math.nan):
        for dec in (0, 1, 2, 3, -1, -2):
            xv = np.array(x, dtype=d)
            check("gp_round<%s>(%s, %d)" % (CT[d], lit(xv, d), dec), np.round(xv, dec), d)
for d in INTS:
    for x in (15, 25, 35, -15, -25, -35, 14, 16, 125, -125, 127, 250, 1234567, -2**62 + 5):
        for dec in (0, 2, -1, -2, -3):
            try:
                xv = np.array(x, dtype=d)
            except OverflowError:
                continue
            if int(xv) != x:
                continue
            check("gp_round<%s>(%s, %d)" % (CT[d], lit(xv, d), dec), np.round(xv, dec), d)
for x in (1.25 + 2.35j, -0.5 + 0.5j):
    check("gp_round<gp_c128>(%s, 1)" % lit(np.complex128(x), "complex128"), np.round(np.complex128(x), 1), "complex128")
# casts that NumPy defines (in range; anything to bool; int wrapping; float narrowing)
DTS = list(CT)
vals = [0, 1, -1, 2, 100, -128, 255, 300, 65535, -2**31, 2**31 - 1, 2**40 + 3, 0.5, -0.75, 1.5, 2.5,
        65519.0, 65520.0, 1e-8, 3.4e38, 1e39, math.inf, math.nan, 1 + 2j, 0.5j]
for s in DTS:
    for v in vals:
        try:
            x = np.array([v]).astype(s)[0]
        except (OverflowError, ValueError, TypeError):
            continue
        xc = complex(x)
        if isinstance(v, complex) and np.dtype(s).kind != "c":
            continue
        if np.dtype(s).kind in "iub" and xc != v and np.dtype(s).kind != "b":
            continue
        for t in DTS:
            tk = np.dtype(t).kind
            sk = np.dtype(s).kind
            if tk in "iu" and sk in "fc":
                # float -> int is defined by NumPy only in range (gpyc saturates beyond)
                re = xc.real
                info = np.iinfo(t)
                if not (math.isfinite(re) and info.min <= math.trunc(re) <= info.max):
                    continue
            r = np.array([x]).astype(t)[0]
            check("gp_cast<%s>(%s)" % (CT[t], lit(x, s)), r, t)
# gpyc's own rule (CuPy/GPU): saturating float -> int casts, NaN -> 0
for t in INTS:
    info = np.iinfo(t)
    for v, want in [(1e30, info.max), (-1e30, info.min), (math.inf, info.max), (-math.inf, info.min), (math.nan, 0)]:
        check("gp_cast<%s>(%s)" % (CT[t], lit(np.float64(v), "float64")), want, t)
        check("gp_cast<%s>(%s)" % (CT[t], lit(np.float32(v), "float32")), want, t)

print("/* Generated by tests/unit/codegen/gen_semantics.py (NumPy %s): do not edit. */" % np.__version__)
print(r'''#include <string.h>
template<typename T> T fl(double x) { return (T)x; }
template<> __half fl<__half>(double x) { return __double2half(x); }
static bool same(double a, double b, bool tol)
{
    if (a != a || b != b) return a != a && b != b;
    if (!tol) return a == b && (a != 0 || signbit(a) == signbit(b));
    if (a == b) return true;
    return fabs(a - b) <= 1e-5 * fabs(b) + 1e-6;
}
template<typename T> double dbl(T x) { return (double)x; }
template<> double dbl<__half>(__half x) { return (double)__half2float(x); }
template<typename T> bool eqv(T a, T b, bool tol) { return same(dbl(a), dbl(b), tol); }
template<> bool eqv<gp_c64>(gp_c64 a, gp_c64 b, bool tol) { return same(a.re, b.re, tol) && same(a.im, b.im, tol); }
template<> bool eqv<gp_c128>(gp_c128 a, gp_c128 b, bool tol) { return same(a.re, b.re, tol) && same(a.im, b.im, tol); }
template<typename T> void show(T x) { printf("%.17g", dbl(x)); }
template<> void show<gp_c64>(gp_c64 x) { printf("(%.9g%+.9gj)", x.re, x.im); }
template<> void show<gp_c128>(gp_c128 x) { printf("(%.17g%+.17gj)", x.re, x.im); }
template<typename T, typename U> int chk(T got, U want, bool tol, const char *what)
{
    T w = (T)want;
    if (eqv(got, w, tol)) return 0;
    printf("MISMATCH %s: got ", what);
    show(got);
    printf(" want ");
    show(w);
    printf("\n");
    return 1;
}
template<typename U> int chk(__half got, U want, bool tol, const char *what)
{
    return chk<float, float>(__half2float(got), (float)dbl(want), tol, what);
}
int main(void)
{
    int n = 0;''')
print("\n".join(out))
print(r'''    printf("%d checks, %d mismatches\n", ''' + str(len(out)) + r''', n);
    return n != 0;
}''')
