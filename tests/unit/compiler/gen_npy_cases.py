#!/usr/bin/python3
# gen_npy_cases.py — writes npy_cases.inc: .npy files (a header and a little data), each with what
# NumPy's np.load (allow_pickle=False) makes of it: "OK dtype fortran shape" or "Exc: message".
# test_npyfmt.c checks runtime/npyfmt.c's reader against every case.  Run with Debian's NumPy:
#   /usr/bin/python3 tests/unit/compiler/gen_npy_cases.py > tests/unit/compiler/npy_cases.inc
import os, random, struct, tempfile
import numpy as np

def npy(header, ver=1, data=b"\0" * 64, hlen=None):
    b = header.encode("latin1" if ver < 3 else "utf8") if isinstance(header, str) else header
    n = len(b) if hlen is None else hlen
    return b"\x93NUMPY" + bytes([ver, 0]) + (struct.pack("<H", n) if ver == 1 else struct.pack("<I", n)) + b + data

def outcome(raw):
    with tempfile.NamedTemporaryFile(suffix=".npy") as f:  # a real file: numpy.fromfile reads it
        f.write(raw)
        f.flush()
        try:
            a = np.load(f.name, allow_pickle=False)
        except Exception as e:
            return UNSUPPORTED if lacks_dtype(f) else exc_text(e)
        if lacks_dtype(f):
            return UNSUPPORTED
    if not isinstance(a, np.ndarray):
        return None
    return "OK %s %d %s" % (a.dtype.newbyteorder("=").name if a.dtype.kind in "biufc" else a.dtype.str,
                            int(a.flags.f_contiguous and not a.flags.c_contiguous), a.shape)

# A dtype NumPy has and gpyc does not (strings, structured, datetimes, long double): gpyc's own
# TypeError, checked by its first words.
UNSUPPORTED = "TypeError: gpyc arrays have no dtype"

def lacks_dtype(f):
    try:
        f.seek(0)
        v = np.lib.format.read_magic(f)
        dt = np.lib.format._read_array_header(f, v)[2]
    except Exception:
        return False
    return dt.kind not in "biufcO" or dt.itemsize > 16 or (dt.kind == "f" and dt.itemsize > 8)

def exc_text(e):
    name = type(e).__name__
    if type(e).__module__ != "builtins":
        name = type(e).__module__ + "." + name
    return "%s: %s" % (name, e)

def good(descr="<f4", fo=False, shape=(3, 4)):
    return "{'descr': %r, 'fortran_order': %r, 'shape': %r, }" % (descr, fo, shape)

cases = []
def add(raw, note):
    o = outcome(raw)
    if o is not None and "at 0x" not in o:
        cases.append((raw, o, note))

# What NumPy writes, every dtype gpyc has, both byte orders, C and Fortran, 0-d and empty.
for dt in ["?", "i1", "u1", "<i2", ">i2", "<i4", ">u4", "<i8", ">i8", "<u8", "<f2", ">f2", "<f4", ">f4", "<f8", ">f8",
           "<c8", ">c16", "|b1", "|u1", "=f4", "b", "B", "h", "f", "d", "F", "D", "float32", "int", "float"]:
    for shape in [(), (0,), (2,), (2, 3), (1, 2, 1)]:
        for fo in (False, True):
            add(npy(good(dt, fo, shape), data=b"\1" * 200), "descr %s" % dt)
for ver in (1, 2, 3):
    add(npy(good(), ver, b"\0" * 48), "version %d" % ver)
# Not dtypes gpyc has, or not dtypes at all.
for dt in ["O", "|O", "<U5", "|S3", "<M8[s]", "|V8", "<f16", "<i3", "x", "", "<f", "f4 ", "i0", "<c32", "O8"]:
    add(npy(good(dt)), "descr %r" % dt)
add(npy("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (3,), }"), "structured")
add(npy("{'descr': 5, 'fortran_order': False, 'shape': (3,), }"), "descr int")
# Broken framing.
add(b"", "empty file")
add(b"\x93NUM", "short magic")
add(b"\x93NUMPZ\1\0", "wrong magic")
add(b"\x93NUMPY\1", "no minor")
add(b"\x93NUMPY\4\0\0\0", "version 4")
add(b"\x93NUMPY\1\1\0\0", "version 1.1")
add(b"\x93NUMPY\1\0\5", "short length")
add(b"\x93NUMPY\2\0\5\0", "short length v2")
add(npy(good(), 1, b"", hlen=400), "short header")
# Corrupt dicts.
for h in ["{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4)",
          "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }}",
          "{'descr': '<f4', 'fortran_order': False}",
          "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), 'x': 1}",
          "{'descr': '<f4', 'fortran_order': 0, 'shape': (3, 4), }",
          "{'descr': '<f4', 'fortran_order': 'no', 'shape': (3, 4), }",
          "{'descr': '<f4', 'fortran_order': False, 'shape': [3, 4], }",
          "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4.0), }",
          "{'descr': '<f4', 'fortran_order': False, 'shape': 12, }",
          "{'descr': '<f4', 'fortran_order': False, 'shape': (3L, 4), }",
          "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), 'shape': (2, 2)}",
          "{'descr': \"<f4\", 'fortran_order': False, 'shape': (3, 4), } # note",
          "[1, 2, 3]", "None", "'descr'", "(1, 'a', 2.5, -3, 1e20, 1e-7, True)", "{}", "", "   ",
          "{'descr': '<f4' 'fortran_order': False, 'shape': (3, 4), }",
          "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }\n\n",
          "{\"descr\": '<i8', \"fortran_order\": True, \"shape\": (2,), }",
          "{'descr': '<f4', 'fortran_order': False, 'shape': (-1, 4), }",
          "{'descr': '<f4', 'fortran_order': False, 'shape': (007, 4), }",
          "{'descr': '<f4', 'fortran_order': False, 'shape': (0x3, 4), }",
          "{'descr': '<f4', 'fortran_order': False, 'shape': ((3), 4), }",
          "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), 2: 3}",
          "{1.5: 2, 'a\\tb': 'c\\'d', 'e\"f': None}",
          "{[1]: 2}",
          "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999, 4), }",
          "{'descr': '<f4', 'fortran_order': False, 'shape': (True, 12), }",
          "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }" + " " * 10001,
          ]:
    for ver in (1, 3):
        add(npy(h, ver), "dict %r v%d" % (h[:40], ver))
add(npy(good(), 3, b"", hlen=None)[:-0 or None] if False else npy("{'d\xe9scr': 1}".encode("utf8"), 3), "utf8 key")
add(npy(b"{'descr': '\xff'}", 3), "bad utf8")
add(npy(b"{'descr': '\xc3'}", 3), "truncated utf8")
add(npy(b"{'descr': '\xe9'}", 1), "latin1")
# Data shorter than the shape says: NumPy's reshape error.
add(npy(good("<f4", False, (3, 4)), 1, b"\0" * 20), "short data")
add(npy(good("<f8", False, (5,)), 1, b"\0" * 8), "short data 1-d")
# Random mutations of a good header (a fixed seed: the file is reproducible).
rng = random.Random(23)
base = npy(good("<f8", False, (2, 3)), 1, b"\0" * 48)
for i in range(400):
    b = bytearray(base)
    for _ in range(rng.randint(1, 3)):
        pos = rng.randrange(10, 80)
        op = rng.randrange(3)
        if op == 0:
            b[pos] = rng.choice(b"{}()[]',:0123456789 LTFabc<>|\"#\\-.e")
        elif op == 1:
            del b[pos]
        else:
            b.insert(pos, rng.choice(b"{}()[]',:0123456789 L\n"))
    add(bytes(b), "mutation %d" % i)

def cstr(b):
    out = []
    for c in b:
        if c in (34, 92): out.append("\\" + chr(c))
        elif 32 <= c < 127 and c != 63: out.append(chr(c))
        else: out.append("\\%03o" % c)
    return '"' + "".join(out) + '"'

print("/* npy_cases.inc — written by gen_npy_cases.py with NumPy %s: {file bytes, length, np.load's outcome}. */" % np.__version__)
for raw, o, note in cases:
    print("{%s, %d, %s}, /* %s */" % (cstr(raw), len(raw), cstr(o.encode("utf8")), note.replace("*/", "* /")))

# The headers np.save writes (npy_written.inc): {dtype, fortran, ndim, {shape}, header bytes, length}.
import io
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "npy_written.inc"), "w") as out:
    out.write("/* npy_written.inc — written by gen_npy_cases.py with NumPy %s: np.save's headers. */\n" % np.__version__)
    for dt in ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
               "float32", "float64", "complex64", "complex128"]:
        for shape in [(), (0,), (7,), (3, 4), (4, 0, 2), (2, 3, 5), (1, 12345678901), (123456789012345678, 1)]:
            for order in "CF":
                if np.prod(shape, dtype=object) > 10**6:
                    a = np.lib.stride_tricks.as_strided(np.zeros(1, dt), shape, [0] * len(shape))
                    b = io.BytesIO()
                    np.lib.format.write_array_header_1_0(b, np.lib.format.header_data_from_array_1_0(a))
                    fortran = False
                else:
                    a = np.zeros(shape, dt, order=order)
                    b = io.BytesIO()
                    np.save(b, a)
                    fortran = a.flags.f_contiguous and not a.flags.c_contiguous
                raw = b.getvalue()
                hl = 10 + raw[8] + 256 * raw[9]
                out.write("{\"%s\", %d, %d, {%s}, %s, %d},\n" % (dt, fortran, len(shape), ", ".join(map(str, shape)) or "0",
                                                            cstr(raw[:hl]), hl))
