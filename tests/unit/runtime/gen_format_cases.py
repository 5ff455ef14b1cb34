#!/usr/bin/python3
"""Generates the expected outputs for runtime/format.c and runtime/print.c from CPython and
NumPy themselves (never typed by hand):

    /usr/bin/python3 tests/unit/runtime/gen_format_cases.py

writes, beside this script,
    format_cases.inc  repr(float), repr(complex), format(value, spec) for int/float/bool/str/
                      complex (with Python's error messages);
    print_cases.inc   str() and repr() of arrays of every dtype and str()/format() of NumPy
                      scalars (0-d arrays); array2string, str() and repr() under print
                      options (precision, floatmode, sign, suppress, threshold, edgeitems,
                      linewidth, separator, prefix, suffix).

The reference is NumPy 2.  Under an older NumPy (1.24 here) three NumPy 2 rules are applied on
top of NumPy's own code rather than re-implemented:
  - FloatingFormat chooses scientific notation from 10**min(8, finfo(dtype).precision) and
    compares in the array's dtype (NEP 50): its source is patched at run time;
  - the sign option applies to integers (IntegerFormat2, given the sign in _get_formatdict);
  - repr() adds "shape=(...)" for summarised arrays (size > threshold): the repr wrapper below
    follows NumPy 2's _array_repr_implementation around NumPy's array2string.
Random inputs come from fixed seeds, so the files are reproducible.
"""
import inspect
import math
import os
import random
import struct
import sys
import textwrap

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
NP2 = int(np.__version__.split(".")[0]) >= 2

np.set_printoptions(legacy=False)

# ------------------------------------------------------------------ NumPy 2 emulation
if not NP2:
    import numpy.core.arrayprint as ap

    src = textwrap.dedent(inspect.getsource(ap.FloatingFormat.fillFormat))
    rules = [
        ("max_val >= 1.e8",
         "max_val >= data.dtype.type(10.**min(8, np.finfo(data.dtype).precision))"),
        ("min_val < 0.0001", "min_val < data.dtype.type(0.0001)"),
        ("max_val/min_val > 1000.", "max_val/min_val > data.dtype.type(1000.)"),
    ]
    for old, new in rules:
        assert old in src, old
        src = src.replace(old, new)
    ns = {}
    exec(src, vars(ap), ns)
    ap.FloatingFormat.fillFormat = ns["fillFormat"]

    class IntegerFormat2:
        """NumPy 2's integer format: the sign option ('+', ' ') applies to integers too (a
        leading '+' or space before non-negative values, counted in the width)."""

        def __init__(self, data, sign="-"):
            width = 0
            if data.size > 0:
                lo, hi = np.min(data), np.max(data)
                if sign == " " and lo < 0:
                    sign = "-"
                width = max(len(str(hi)) + (hi >= 0 and sign in "+ "), len(str(lo)))
            self.format = "{:%s%dd}" % (sign, width)

        def __call__(self, x):
            return self.format.format(x)

    src = textwrap.dedent(inspect.getsource(ap._get_formatdict))
    old = "'int': lambda: IntegerFormat(data),"
    assert old in src, old
    src = src.replace(old, "'int': lambda: IntegerFormat2(data, sign),")
    ns = {}
    exec(src, dict(vars(ap), IntegerFormat2=IntegerFormat2), ns)
    ap._get_formatdict = ns["_get_formatdict"]


def np2_repr(a):
    """repr(a) as NumPy 2 prints it (shape= for summarised arrays)."""
    if NP2:
        return repr(a)
    opts = np.get_printoptions()
    prefix = "array("
    lst = np.array2string(a, separator=", ", prefix=prefix, suffix=")")
    extras = []
    if (a.size == 0 and a.shape != (0,)) or a.size > opts["threshold"]:
        extras.append("shape=%s" % (a.shape,))
    implied = a.dtype.type in (np.int64, np.float64, np.complex128, np.bool_)
    if not implied or a.size == 0:
        extras.append("dtype=%s" % a.dtype.name)
    if not extras:
        return prefix + lst + ")"
    arr_str = prefix + lst + ","
    extra_str = ", ".join(extras) + ")"
    last = len(arr_str) - (arr_str.rfind("\n") + 1)
    spacer = " "
    if last + len(extra_str) + 1 > opts["linewidth"]:
        spacer = "\n" + " " * len(prefix)
    return arr_str + spacer + extra_str


# ------------------------------------------------------------------ C output helpers
def cstr(s):
    """A C string literal (UTF-8 bytes; long strings split over lines)."""
    b = s.encode("utf-8")
    out, cur = [], ""
    for i, c in enumerate(b):
        ch = chr(c)
        if ch == "\\":
            cur += "\\\\"
        elif ch == '"':
            cur += '\\"'
        elif ch == "\n":
            cur += "\\n"
        elif 32 <= c < 127 and ch != "?":
            cur += ch
        else:
            cur += "\\%03o" % c
        if len(cur) >= 100 or ch == "\n":
            out.append(cur)
            cur = ""
    if cur or not out:
        out.append(cur)
    if len(out) == 1:
        return '"%s"' % out[0]
    return "\n        ".join('"%s"' % x for x in out)


def f64bits(x):
    return "0x%016xULL" % struct.unpack("<Q", struct.pack("<d", x))[0]


DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex64", "complex128"]
GPNAME = {d: "GP_" + d.upper() for d in DTYPES}


# ------------------------------------------------------------------ Python scalars
def float_values():
    vals = [0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 1.5, 2.5, 0.5, 100.0, 1e-4,
            1e-5, 0.00011, 9.999e-5, 1e15, 1e16, 1e17, 9999999999999998.0, 1.5e16, 1e22,
            1e23, 1e-7, 1.23e-300, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
            math.pi, math.e, -math.pi * 1e10, 123456789.0, 0.1 + 0.2, 1e100, 1.0e-100,
            float("inf"), float("-inf"), float("nan"), 2.0 ** 53, 2.0 ** 53 + 2, 2.0 ** 63,
            2.0 ** -20, 9007199254740993.0, 4.35, 0.07, 1e-323, 123.456, 52.0, 1e21,
            float.fromhex("0x1.fffffffffffffp-1"), float.fromhex("0x1p-1022")]
    rng = random.Random(1234)
    for _ in range(250):
        bits = rng.getrandbits(64)
        x = struct.unpack("<d", struct.pack("<Q", bits))[0]
        if math.isnan(x):
            continue
        vals.append(x)
    for k in range(-12, 24):
        for _ in range(4):
            vals.append(rng.uniform(-1, 1) * 10.0 ** k)
        vals.append(round(rng.uniform(0, 10), rng.randint(0, 4)) * 10.0 ** k)
    return vals


def complex_values():
    nan, inf = float("nan"), float("inf")
    vals = [1 + 2j, 1 - 2j, 2j, -2j, 0j, complex(-0.0, 0.0), complex(0.0, -0.0),
            complex(-0.0, -1.0), 1.5 + 0.25j, 1e20 + 1e-20j, complex(nan, inf),
            complex(1, nan), complex(-inf, -1), 123.456 - 7.89j, 1e16 + 1j, 0.1 + 0.2j,
            complex(5, 0), complex(-5, 0), 1j * 1e-5, complex(1e300, -1e-300)]
    rng = random.Random(99)
    for _ in range(30):
        vals.append(complex(rng.uniform(-1, 1) * 10 ** rng.randint(-6, 18),
                            rng.uniform(-1, 1) * 10 ** rng.randint(-6, 18)))
    return vals


INT_SPECS = ["", "d", "5d", "<5", "^7", ">7", "=+8", "+d", " d", "-d", "05d", "010,", "08,",
             "09,", ",", "_", "_b", "#b", "#x", "#X", "#o", "x", "X", "o", "b", "e", ".2e",
             "f", ".3f", "g", "%", ".1%", "n", "*^9", "0>5", "#010x", "+,", " _", "12_d",
             "_x", "#_b", "015_", "=10", "E", "G", "F", "+#o", "-^9", "x<4", "€>6",
             # errors
             ".2d", ",b", ",x", "z", ",n", "q", "#c", "+c", "1.2.3", ",,", ",_", "_,", "s",
             ".", "._", "5.d", "zd", "+z"]
INT_VALUES = [0, 1, -1, 42, -42, 255, 1000, 123456789, -987654321, 2 ** 63 - 1, -2 ** 63,
              100000, -65536]
CHAR_SPECS = ["c", ">3c", "^5c", "_<3c"]

FLOAT_SPECS = ["", ".0", ".1", ".3", ".10", ".17", "e", "E", ".0e", ".3e", "#.0e", "f", "F",
               ".0f", "#.0f", ".2f", ".10f", "g", "G", ".0g", ".1g", ".3g", "#g", "#.3g",
               ".10g", ".20g", "%", ".1%", "n", "+", " ", "+.2f", " .3e", "10", "<10", "^12",
               "=+12.3f", "010.2f", "012,.2f", "_.3f", ",", ",.2f", "z.1f", "z", "z.2e",
               "+z.0f", "*>12.4g", "#", "#.3", ".5", "20.10g", "015", "015e", "0=12", ",g",
               "_e", "#.0%", ".2n", "+010,.3f", "-.0f", ".30f", ".25e", ".40g",
               # errors
               "d", "x", "c", "s", "b", ".2.3", ",_", ",n", "#x", "=+d"]
STR_SPECS = ["", "s", "10", "<10", ">10", "^10", "^11", "*^9", ".2", "10.3s", "05", "0>5",
             "x<4", ".0", "€^8", "3", ".10",
             # errors
             "+", "d", "#", "=10", ",", "z", " ", "-", "_", "x"]
STR_VALUES = ["", "a", "hello", "héllo wörld", "こんにちは", "tab\tand space"]
BOOL_SPECS = ["", "d", ">6", "^7", "x", "#b", "f", ".2f", "+", "05", "<3", "n", "%", "e",
              "s", ".2", "c"]
COMPLEX_SPECS = ["", "10", "<20", "^20", ">20", "+", " ", ".2f", ".3e", "g", ".3g", "E",
                 "+.1f", "n", ".0f", "#.0f", "z.1f", "*^24.2f", ",.2f", "_", ".2", ".10",
                 "30", "-", "#", "F", "G", ".5G",
                 # errors
                 "010", "=20", "d", "%", "0<10", "x", "s", "+=8"]


def run_format(v, spec):
    try:
        return format(v, spec), None
    except (ValueError, TypeError, OverflowError) as e:
        return str(e), type(e).__name__


def gen_format_inc(path):
    lines = ["/* Generated by gen_format_cases.py from CPython %s: do not edit. */"
             % sys.version.split()[0]]
    lines.append("static const FloatReprCase float_repr_cases[] = {")
    for x in float_values():
        lines.append("    {%s, %s}," % (f64bits(x), cstr(repr(x))))
    lines.append("};")
    lines.append("static const ComplexReprCase complex_repr_cases[] = {")
    for z in complex_values():
        lines.append("    {%s, %s, %s}," % (f64bits(z.real), f64bits(z.imag), cstr(repr(z))))
    lines.append("};")

    # format cases: kind, int value, float bits (2), str value, spec, expected, exception
    lines.append("static const FormatCase format_cases[] = {")

    def add(kind, spec, res, exc, i=0, re=0.0, im=0.0, s=""):
        ival = "INT64_MIN" if i == -2 ** 63 else "INT64_C(%d)" % i
        lines.append("    {%s, %s, %s, %s, %s, %s, %s, %s}," % (
            kind, ival, f64bits(re), f64bits(im), cstr(s), cstr(spec), cstr(res),
            cstr(exc) if exc else "NULL"))

    for spec in INT_SPECS:
        for v in INT_VALUES:
            res, exc = run_format(v, spec)
            add("FK_INT", spec, res, exc, i=v)
    for spec in CHAR_SPECS:
        for v in [65, 97, 48, 8364, 0x1F600, 233, -1, 0x110000]:
            res, exc = run_format(v, spec)
            add("FK_INT", spec, res, exc, i=v)
    for spec in FLOAT_SPECS:
        for v in FLOAT_FMT_VALUES:
            res, exc = run_format(v, spec)
            add("FK_FLOAT", spec, res, exc, re=v)
    for spec in STR_SPECS:
        for v in STR_VALUES:
            res, exc = run_format(v, spec)
            add("FK_STR", spec, res, exc, s=v)
    for spec in BOOL_SPECS:
        for v in [True, False]:
            res, exc = run_format(v, spec)
            add("FK_BOOL", spec, res, exc, i=int(v))
    for spec in COMPLEX_SPECS:
        for v in COMPLEX_FMT_VALUES:
            res, exc = run_format(v, spec)
            add("FK_COMPLEX", spec, res, exc, re=v.real, im=v.imag)
    lines.append("};")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


nan, inf = float("nan"), float("inf")
FLOAT_FMT_VALUES = [0.0, -0.0, 1.0, -1.0, 0.1, 2.5, -2.5, 123.456, 1e-5, 1e16, 1.5e16,
                    12345678.9, 9.999999, 0.0001, 123456789012345678.0, -math.e, inf, -inf,
                    nan, 5e-324, 1.7976931348623157e308, 0.005, 999999.5, 1234.5, 100.0,
                    -1e-10]
COMPLEX_FMT_VALUES = [1 + 2j, 1 - 2j, 2j, -2j, 0j, complex(-0.0, 0.0), complex(0, -0.0),
                      1.5 + 0.25j, 1e20 + 1e-20j, complex(nan, inf), complex(1, nan),
                      complex(-inf, -1), 123.456 - 7.89j, -1234567.5 + 0.001j]


# ------------------------------------------------------------------ arrays
def crafted_arrays():
    A = []
    f = np.array
    # bool
    A += [f([True, False]), f([[True, False, True], [False, False, True]]), f(True), f(False),
          f([False, False]), f([True])]
    # integers
    A += [f([1, 2, 3], dtype=np.int32), f([-1, 10, -100]), f([0]), f(3), f(-7, dtype=np.int8),
          f([-128, 127], dtype=np.int8), f([0, 255], dtype=np.uint8),
          f([-32768, 5], dtype=np.int16), f([65535, 0], dtype=np.uint16),
          f([2 ** 31 - 1, -2 ** 31], dtype=np.int32), f([2 ** 32 - 1, 7], dtype=np.uint32),
          f([2 ** 63 - 1, -2 ** 63], dtype=np.int64), f([2 ** 64 - 1, 0, 1], dtype=np.uint64),
          f(2 ** 64 - 1, dtype=np.uint64), f([[1, -2], [333, 4]]),
          np.arange(24).reshape(2, 3, 4), np.arange(-5, 5, dtype=np.int16)]
    # float64 crafted
    fl = [[1., 2.], [0.5, 1.], [1e-5, 1.], [1e16], [nan, inf, -inf, 1.], [-0., 0.],
          [0.1, 0.2, 0.3], [1 / 3], [123456.789], [1e8], [99999999.], [1.5, nan], [nan],
          [inf], [-inf, nan], [0., 0.], [math.pi, math.e], [1e-4, 1.], [1e3, 1.],
          [1., 1000.], [1., 1000.5], [1., 1001.], [0.001, 0.1], [1e-4], [9.9e-5], [1e7],
          [1.5e7, 2.], [12345678.123456], [0.123456789012], [1e-10, 1e20], [-1e-10, 5.],
          [1e100, -1e-100], [1.7976931348623157e308, 5e-324], [2.5, -3.75, 100.125],
          [1e15, 1.], [0.1, -0.0], [nan, -0.], [-inf], [inf, 1e-5], [1.0000001, 2.],
          [0.99999999999], [99999.999999999], [1.23456789e-3, 1.], [0.00011, 0.5],
          [10., 20., 30.], [-1., -2.5], [5e-324], [1e300, 1e-300, 0., nan]]
    for x in fl:
        A.append(f(x))
    A += [f(52.0), f(1.5), f(0.1), f(-0.0), f(1e-5), f(1e16), f(nan), f(-inf), f(1e20),
          f(123456789.125)]
    # float32 / float16
    for x in fl[:30] + [[0.1, 0.2], [1e-4], [16777217.], [1e6], [999999.], [3.4e38, 1.],
                        [1e-45, 1.], [65504.], [1e3], [999.], [0.1, 1e3], [2049., 1.]]:
        with np.errstate(over="ignore"):
            A.append(f(x, dtype=np.float32))
            A.append(f(x, dtype=np.float16))
    for x in [0.1, 1.5, 1e-4, 1e16, 1e-5, 16777216.0, 3.4028235e38, 1e-45, 0.3, 100.0,
              -0.0, nan, -inf, 2.0 ** -24, 65504.0, 1e10, 0.0001, 0.00011, 123.456]:
        with np.errstate(over="ignore"):
            A.append(f(x, dtype=np.float32))
            A.append(f(x, dtype=np.float16))
    # complex
    cl = [[1 + 2j, 3 - 1j], [0j], [1j], [complex(nan, inf), 1 + 1j], [1e-5 + 1j, 2 + 0j],
          [complex(-0.0, -0.0)], [1e20 + 1e-20j], [0.1 + 0.2j, -0.3 - 0.4j],
          [complex(inf, -inf), complex(-inf, nan)], [1 + 0j, 1000 + 1j], [1.5 - 2.25j]]
    for x in cl:
        A.append(f(x))
        A.append(f(x, dtype=np.complex64))
    A += [f(1 + 2j), f(2j), f(-2j), f(complex(-0.0, 1)), f(1.5 + 0.5j, dtype=np.complex64),
          f(0.1 + 0.2j, dtype=np.complex64), f(complex(nan, -inf)), f(1e-5 + 1e20j)]
    return A


def random_arrays(rng):
    A = []
    shapes = [(5,), (3, 4), (2, 3, 4), (2, 1, 3, 2), (1,), (4, 1), (1, 1, 1), (2, 2, 2, 2),
              (3, 2, 1), (6,)]
    for dt in DTYPES:
        for shape in shapes:
            A.append(random_of(rng, dt, shape))
    # magnitude sweeps
    for k in range(-10, 21, 2):
        for dt in [np.float64, np.float32, np.float16, np.complex128]:
            with np.errstate(over="ignore"):
                x = (rng.standard_normal(6) * 10.0 ** k)
                if dt == np.complex128:
                    x = x + 1j * rng.standard_normal(6) * 10.0 ** (k // 2)
                A.append(x.astype(dt))
    # rounded values (few digits) across sizes
    for n in [4, 7]:
        for d in range(0, 6):
            A.append(np.round(rng.uniform(-100, 100, n), d))
            A.append(np.round(rng.uniform(-100, 100, n), d).astype(np.float32))
    # mixes with non-finite values
    for dt in [np.float64, np.float32, np.float16, np.complex64]:
        x = rng.uniform(-10, 10, 6).astype(dt)
        x[1] = np.nan
        x[4] = -np.inf if dt != np.complex64 else complex(1, -np.inf)
        A.append(x)
    # 0-d of each dtype
    for dt in DTYPES:
        A.append(random_of(rng, dt, ()))
        A.append(random_of(rng, dt, ()))
    # wrapping: long 1-d and wide 2-d arrays
    for n in [30, 37, 50, 75, 120]:
        for dt in ["int64", "float64", "float32", "bool", "complex128", "uint8", "int16",
                   "complex64", "float16"]:
            A.append(random_of(rng, dt, (n,)))
    A += [random_of(rng, "float64", (5, 40)), random_of(rng, "int32", (3, 60)),
          random_of(rng, "int64", (200,)), random_of(rng, "float32", (4, 3, 30)),
          random_of(rng, "complex128", (2, 3, 12)), np.arange(100.0), np.arange(200),
          np.linspace(0, 1, 60), np.arange(40) * 1e-5, np.arange(25) * 1e5]
    # summarised (dtypes kept small where the values allow, to keep the file small)
    A += [np.arange(2000, dtype=np.int16), rng.standard_normal(1001),
          np.arange(2500, dtype=np.int16).reshape(50, 50),
          rng.standard_normal((3, 112, 3)), np.arange(1001, dtype=np.int32),
          rng.random(1001) > 0.5, rng.standard_normal((2, 501)).astype(np.float32),
          (rng.standard_normal(1100) * 1e-6).astype(np.float32),
          np.arange(1100, dtype=np.int8).reshape(10, 10, 11),
          (rng.standard_normal(1001) + 1j * rng.standard_normal(1001)).astype(np.complex64),
          rng.standard_normal((6, 6, 6, 6)).astype(np.float16),
          rng.standard_normal((5, 5, 5, 9)).astype(np.float32), np.arange(1024.0),
          rng.integers(0, 2 ** 63, 1001, dtype=np.uint64), np.zeros((1001, 1), np.float16),
          np.arange(1001, dtype=np.float16), np.ones((2, 501), np.int8),
          np.arange(1008, dtype=np.uint8).reshape(2, 2, 2, 2, 3, 3, 7),
          np.arange(1024, dtype=np.int16).reshape(2, 2, 2, 2, 2, 2, 2, 2, 4)[..., 0]]
    x = rng.standard_normal(1001).astype(np.float32)
    x[3] = 1e30  # hidden in the middle: does not count (only shown elements do)
    x[500] = 1e30
    A.append(x)
    # random bit patterns: shortest float32 / float16 digits, scientific layout
    for _ in range(150):
        b = rng.integers(0, 2 ** 32, dtype=np.uint64)
        v = np.array(b, dtype=np.uint32).view(np.float32)
        if np.isfinite(v):
            A.append(v)
    for _ in range(120):
        v = np.array(rng.integers(0, 2 ** 16), dtype=np.uint16).view(np.float16)
        if np.isfinite(v):
            A.append(v)
    for _ in range(6):
        v = rng.integers(0, 2 ** 31, 8).astype(np.uint32).view(np.float32)
        A.append(v[np.isfinite(v)])
        v = rng.integers(0, 2 ** 15, 8).astype(np.uint16).view(np.float16)
        A.append(v[np.isfinite(v)])
        v = rng.integers(0, 2 ** 63, 8).astype(np.uint64).view(np.float64)
        A.append(v[np.isfinite(v)])
    # empty
    for dt in ["float64", "int32", "bool", "complex64", "int64", "float16"]:
        for shape in [(0,), (0, 3), (3, 0), (2, 0, 4)]:
            A.append(np.zeros(shape, dtype=dt))
    return A


def random_of(rng, dt, shape):
    dt = np.dtype(dt)
    if dt == np.bool_:
        return rng.random(shape) > 0.5
    if dt.kind in "iu":
        info = np.iinfo(dt)
        style = rng.integers(0, 3)
        if style == 0:
            lo, hi = max(info.min, -100), min(info.max, 100)
        elif style == 1:
            lo, hi = max(info.min, -10 ** 6), min(info.max, 10 ** 6)
        else:
            lo, hi = info.min, info.max
        return rng.integers(lo, hi, size=shape, dtype=dt, endpoint=True)
    if dt.kind == "f":
        style = rng.integers(0, 4)
        scale = [1.0, 100.0, 1e-3, 1e5][style]
        with np.errstate(over="ignore"):
            return (rng.standard_normal(shape) * scale).astype(dt)
    scale = [1.0, 100.0, 1e-3][rng.integers(0, 3)]
    return ((rng.standard_normal(shape) + 1j * rng.standard_normal(shape)) * scale).astype(dt)


def np_scalar_fmt_cases(rng):
    """(dtype, value, spec) for format() of NumPy scalars (0-d arrays)."""
    cases = []
    specs = ["", ".3f", "10.2e", "g", ">8", "+", ".3", "#x", "05d", ",", "^10", "s"]
    vals = [np.float32(0.1), np.float32(1.5), np.float16(0.1), np.float64(2.5),
            np.int32(-42), np.uint8(200), np.uint64(2 ** 64 - 1), np.int64(123456789),
            np.bool_(True), np.bool_(False), np.complex64(0.1 + 1j), np.complex128(1 - 2j),
            np.float32(1e20), np.float16(65504), np.int8(-128)]
    for v in vals:
        for s in specs:
            cases.append((v, s))
    return cases


FLOATMODES = ["fixed", "unique", "maxprec", "maxprec_equal"]


def option_arrays(rng):
    """Arrays for the print options' cases: floats that differ in digits, sign, size."""
    arrs = [np.array([1.0, 0.5, -2.25, 3.14159265358979, 0.1]),
            np.array([1e-9, 1.5, -100.0]),
            np.array([1e-5, 2.0, 3.0], dtype=np.float32),
            np.array([np.nan, 1.5, -np.inf, 2.0]),
            np.array([np.nan, np.inf]),
            np.array([0.0, 1.0, 2.0]),
            np.array([123456789.0, 0.25]),
            np.array([-3, 0, 42], dtype=np.int32),
            np.array([0, 7, 250], dtype=np.uint8),
            np.array([1 + 2j, -0.5 - 1.25j, 3.1415926j]),
            np.array([True, False]),
            np.arange(30.0).reshape(5, 6) / 7,
            np.arange(24, dtype=np.int64).reshape(2, 3, 4) - 5,
            np.array(2.5),
            (rng.standard_normal((3, 4)) * 10).astype(np.float32)]
    return arrs


def option_sets():
    """(options, separator, prefix, suffix): array2string's keywords."""
    sets = []
    for fm in FLOATMODES:
        for prec in (0, 3, 10):
            sets.append((dict(precision=prec, floatmode=fm), " ", "", ""))
    for sign in ("-", "+", " "):
        sets.append((dict(sign=sign), " ", "", ""))
        sets.append((dict(sign=sign, precision=2, floatmode="fixed"), ", ", "", ""))
    sets.append((dict(suppress_small=True), " ", "", ""))
    sets.append((dict(suppress_small=True, precision=3), " ", "", ""))
    sets.append((dict(threshold=5, edgeitems=1), " ", "", ""))
    sets.append((dict(threshold=5, edgeitems=2, max_line_width=30), ", ", "array(", ")"))
    sets.append((dict(max_line_width=20), " | ", "x = ", ""))
    sets.append((dict(threshold=0, edgeitems=0), " ", "", ""))
    return sets


def option_cases(rng):
    """(array, kind, options, separator, prefix, suffix, expected text): array2string with
    options, and str()/repr() under np.printoptions."""
    cases = []
    for a in option_arrays(rng):
        for opts, sep, prefix, suffix in option_sets():
            text = np.array2string(a, separator=sep, prefix=prefix, suffix=suffix, **opts)
            cases.append((a, "ARRAY2STRING", opts, sep, prefix, suffix, text))
        for opts in (dict(precision=3), dict(sign="+", floatmode="maxprec_equal"),
                     dict(threshold=4, edgeitems=1, linewidth=40)):
            with np.printoptions(**opts):
                cases.append((a, "STR", opts, "", "", "", str(a)))
                cases.append((a, "REPR", opts, "", "", "", np2_repr(a)))
    return cases


def option_fields(opts):
    """The C initializer of an OptCase's options (NumPy's defaults where not given)."""
    o = dict(precision=8, threshold=1000, edgeitems=3, linewidth=75, suppress=False, sign="-",
             floatmode="maxprec")
    for k, v in opts.items():
        o[{"max_line_width": "linewidth", "suppress_small": "suppress"}.get(k, k)] = v
    return "{%d, %d, %d, %d, %s, '%s', %d}" % (
        o["precision"], o["edgeitems"], o["linewidth"], o["threshold"],
        "true" if o["suppress"] else "false", o["sign"], FLOATMODES.index(o["floatmode"]))


def gen_print_inc(path):
    rng = np.random.default_rng(20240601)
    arrays = crafted_arrays() + random_arrays(rng)
    lines = ["/* Generated by gen_format_cases.py from NumPy %s (with NumPy 2's rules): "
             "do not edit. */" % np.__version__]
    lines.append("static const ArrayCase array_cases[] = {")
    for a in arrays:
        a = np.array(a, order="C", copy=True)   # keeps 0-d arrays 0-d
        shape = ", ".join(str(s) for s in a.shape) or "0"
        lines.append("    {%s, %d, {%s}, %s,\n     %s,\n     %s}," % (
            GPNAME[a.dtype.name], a.ndim, shape, cstr(a.tobytes().hex()), cstr(str(a)),
            cstr(np2_repr(a))))
    lines.append("};")
    lines.append("static const OptCase option_cases[] = {")
    for a, kind, opts, sep, prefix, suffix, text in option_cases(rng):
        a = np.array(a, order="C", copy=True)
        shape = ", ".join(str(s) for s in a.shape) or "0"
        lines.append("    {%s, %d, {%s}, %s, GP_TEXT_%s, %s, %s, %s, %s,\n     %s}," % (
            GPNAME[a.dtype.name], a.ndim, shape, cstr(a.tobytes().hex()), kind,
            option_fields(opts), cstr(sep), cstr(prefix), cstr(suffix), cstr(text)))
    lines.append("};")
    lines.append("static const ScalarFmtCase scalar_fmt_cases[] = {")
    for v, spec in np_scalar_fmt_cases(rng):
        res, exc = run_format(v, spec)
        lines.append("    {%s, %s, %s, %s, %s}," % (
            GPNAME[v.dtype.name], cstr(np.array(v).tobytes().hex()), cstr(spec), cstr(res),
            cstr(exc) if exc else "NULL"))
    lines.append("};")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    gen_format_inc(os.path.join(HERE, "format_cases.inc"))
    gen_print_inc(os.path.join(HERE, "print_cases.inc"))
    for name in ["format_cases.inc", "print_cases.inc"]:
        p = os.path.join(HERE, name)
        print("%s: %d bytes" % (p, os.path.getsize(p)))
