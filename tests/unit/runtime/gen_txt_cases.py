#!/usr/bin/python3
"""Generates the expected tables for runtime/txtfmt.c from NumPy's own readers (never typed by
hand):

    /usr/bin/python3 tests/unit/runtime/gen_txt_cases.py

writes txt_cases.inc beside this script: for each text and set of options, what
np.loadtxt / np.genfromtxt / np.fromfile(sep=) return (shape and values) or raise (exception
and message).
"""
import io
import math
import os
import tempfile
import warnings

import numpy as np

warnings.simplefilter("ignore")

# mode, text, keyword arguments (dtype: a NumPy name)
CASES = [
    ("loadtxt", "1 2 3\n4 5 6\n", {}),
    ("loadtxt", "1 2 3\n", {}),
    ("loadtxt", "1\n2\n3\n", {}),
    ("loadtxt", "7\n", {}),
    ("loadtxt", "7\n", {"ndmin": 1}),
    ("loadtxt", "7\n", {"ndmin": 2}),
    ("loadtxt", "1 2 3\n", {"ndmin": 2}),
    ("loadtxt", "1\n2\n", {"ndmin": 2}),
    ("loadtxt", "", {}),
    ("loadtxt", "#x\n\n", {"ndmin": 2}),
    ("loadtxt", "1 2\n3\n", {}),
    ("loadtxt", "#c\n\n1 2\n3 x\n", {}),
    ("loadtxt", "h\n1 2\n\n#c\n3 x\n", {"skiprows": 1}),
    ("loadtxt", "1,2,,3\n", {"delimiter": ","}),
    ("loadtxt", "1 2\n3 4\n", {"usecols": [5]}),
    ("loadtxt", "1 2\n3 4\n", {"usecols": [0, -1, 0]}),
    ("loadtxt", "1.5 2\n1e3 -4\n", {"dtype": "int64"}),
    ("loadtxt", "0 2\n", {"dtype": "bool"}),
    ("loadtxt", "1.5\n", {"dtype": "bool"}),
    ("loadtxt", "abc 2\n", {"dtype": "int64"}),
    ("loadtxt", " 1 , 2 \n", {"delimiter": ",", "dtype": "int64"}),
    ("loadtxt", "nan inf -inf +1.5 -.5e-3 1E2\n", {}),
    ("loadtxt", "1_0\n", {}),
    ("loadtxt", "0x10\n", {}),
    ("loadtxt", "1+2j 3 -4j (1-1j)\n", {"dtype": "complex128"}),
    ("loadtxt", "a b\n1 2\n3 4\n5 6\n", {"skiprows": 1, "max_rows": 2}),
    ("loadtxt", "# a\n1 2 // c\n3 4\n", {"comments": ["#", "//"]}),
    ("loadtxt", "1;2\r\n3;4\r\n", {"delimiter": ";"}),
    ("loadtxt", "99999999999999999999\n", {"dtype": "int64"}),
    ("loadtxt", "18446744073709551615 -1\n", {"dtype": "uint64"}),
    ("loadtxt", "1,2\n", {"delimiter": ",", "comments": None}),
    ("loadtxt", "1 2\n", {"delimiter": ","}),
    ("loadtxt", "1  2\n", {"delimiter": " "}),
    ("loadtxt", "1 2\n", {"skiprows": 5}),
    ("loadtxt", "1 2\n3 4\n", {"max_rows": 0, "ndmin": 2}),
    ("genfromtxt", "1,2,3\n4,,6\n", {"delimiter": ","}),
    ("genfromtxt", "1,2,3\n4,abc,6\n", {"delimiter": ","}),
    ("genfromtxt", "1 2 3\n4 5\n", {}),
    ("genfromtxt", "1 2 3\n4 5\n\n7 8\n", {"skip_header": 0}),
    ("genfromtxt", "1,2,3\n4,,6\n", {"delimiter": ",", "filling_values": -1}),
    ("genfromtxt", "1,2,3\n4,N/A,6\n", {"delimiter": ",", "missing_values": "N/A"}),
    ("genfromtxt", "1,2,3\n4,,6\n", {"delimiter": ",", "dtype": "int64"}),
    ("genfromtxt", "1.5 2\n", {"dtype": "int64"}),
    ("genfromtxt", "True false x\n", {"dtype": "bool"}),
    ("genfromtxt", "7\n", {}),
    ("genfromtxt", "7\n", {"ndmin": 2}),
    ("genfromtxt", "", {}),
    ("genfromtxt", "h\n1 2\n3 4\n#c\n5 6\nf\n", {"skip_header": 1, "skip_footer": 1}),
    ("genfromtxt", "1 2 # c\n3 4\n", {"usecols": [1]}),
    ("genfromtxt", "1 2\n3\n", {"usecols": [1]}),
    ("genfromtxt", "1 2\n3 4\n5 6\n", {"max_rows": 2}),
    ("genfromtxt", "1,2\n,\n", {"delimiter": ","}),
    ("fromfile", "1, 2,3 ,4", {"sep": ","}),
    ("fromfile", "1 2\n3\t4 x 5", {"sep": " "}),
    ("fromfile", "1.5,2.5,3.5", {"sep": ",", "count": 2}),
    ("fromfile", "7;8;9", {"sep": ";", "dtype": "int64"}),
    ("fromfile", "", {"sep": ","}),
]

KIND = {"float64": "TXT_F64", "int64": "TXT_I64", "uint64": "TXT_U64", "bool": "TXT_BOOL",
        "complex128": "TXT_C128"}


def cstr(s):
    out = '"'
    for ch in s:
        if ch in '"\\':
            out += "\\" + ch
        elif ch == "\n":
            out += "\\n"
        elif ch == "\r":
            out += "\\r"
        elif ch == "\t":
            out += "\\t"
        elif ch == "\x1f":
            out += '\\x1f" "'
        else:
            out += ch
    return out + '"'


def num(x):
    x = float(x)
    if math.isnan(x):
        return "NAN"
    if math.isinf(x):
        return "INFINITY" if x > 0 else "-INFINITY"
    return repr(x)


def run(mode, text, kw):
    kw = dict(kw)
    dt = kw.pop("dtype", "float64")
    if mode == "fromfile":
        with tempfile.NamedTemporaryFile("w", delete=False) as f:
            f.write(text)
        try:
            return np.fromfile(f.name, dtype=dt, **kw)
        finally:
            os.unlink(f.name)
    fn = np.loadtxt if mode == "loadtxt" else np.genfromtxt
    return fn(io.StringIO(text), dtype=dt, **kw)


def main():
    rows = []
    for mode, text, kw in CASES:
        dt = kw.get("dtype", "float64")
        try:
            a = run(mode, text, kw)
            exc, msg = "", ""
        except Exception as e:  # the error is the expected outcome
            a, exc, msg = None, type(e).__name__, str(e)
        comments = kw.get("comments", "#")
        comments = "" if comments is None else "\x1f".join(comments) if isinstance(comments, list) else comments
        usecols = ",".join(str(c) for c in kw.get("usecols", []))
        fill = kw.get("filling_values")
        if a is None:
            shape, vals = [], []
        else:
            shape = list(a.shape)
            flat = a.ravel()
            if dt == "complex128":
                vals = [num(p) for z in flat for p in (z.real, z.imag)]
            elif dt == "float64":
                vals = [num(v) for v in flat]
            else:
                vals = [str(int(v)) for v in flat]
        rows.append("    { %s, %s, %s, %s, %d, %d, %d, %s, %d, %s, %d, %s, %s, %s, %d, { %s }, %d, %s, %s, "
                    "(const char *[]){ %s } },"
                    % ("TXT_LOADTXT" if mode == "loadtxt" else "TXT_GENFROMTXT" if mode == "genfromtxt"
                       else "TXT_SEP", cstr(text), cstr(kw.get("delimiter") or kw.get("sep") or ""),
                       cstr(comments), kw.get("skiprows", kw.get("skip_header", 0)), kw.get("skip_footer", 0),
                       kw.get("max_rows", kw.get("count", -1)), cstr(usecols), kw.get("ndmin", 0),
                       cstr(kw.get("missing_values", "")), fill is not None, num(fill or 0), KIND[dt],
                       cstr(dt), len(shape), ", ".join(str(s) for s in shape) or "0", len(vals),
                       cstr(exc), cstr(msg), ", ".join(cstr(v) for v in vals) or "NULL"))
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "txt_cases.inc"), "w") as f:
        f.write("/* Generated by gen_txt_cases.py from NumPy %s: do not edit. */\n" % np.__version__)
        f.write("\n".join(rows) + "\n")


main()
