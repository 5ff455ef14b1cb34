#!/usr/bin/python3
"""gen_index_cases.py - expected results of NumPy basic indexing, as C initialisers.

Run with /usr/bin/python3 (NumPy); the output is committed as index_cases.inc and read by
test_views.c.  Each case is a base array (shape, byte strides, int64 elements), an index tuple
(ints, slices, None, Ellipsis) and either the view NumPy returns (shape, byte strides, byte
offset of its first element from the base's) or the exception and message NumPy raises.

    /usr/bin/python3 tests/unit/runtime/gen_index_cases.py > tests/unit/runtime/index_cases.inc
"""
import random
import numpy as np

random.seed(1234)

BASES = [
    ((5,), False), ((4, 5), False), ((4, 5), True), ((2, 3, 4), False), ((2, 3, 4), True),
    ((), False), ((0,), False), ((3, 0, 2), False), ((1, 6), False), ((6, 1), True),
]


def make_base(shape, transposed):
    n = int(np.prod(shape)) if shape else 1
    if transposed:
        return np.arange(n, dtype=np.int64).reshape(shape[::-1]).T
    return np.arange(n, dtype=np.int64).reshape(shape)


def rand_slice():
    vals = [None] + list(range(-8, 9))
    start = random.choice(vals)
    stop = random.choice(vals)
    step = random.choice([None, None, 1, 2, 3, -1, -2, -3])
    return slice(start, stop, step)


def rand_elem(ndim):
    r = random.random()
    if r < 0.35:
        return random.randint(-7, 7)
    if r < 0.75:
        return rand_slice()
    if r < 0.88:
        return None
    return Ellipsis


def c_index(e):
    if e is None:
        return "{.kind = GP_IDX_NEWAXIS}"
    if e is Ellipsis:
        return "{.kind = GP_IDX_ELLIPSIS}"
    if isinstance(e, int):
        return "{.kind = GP_IDX_INT, .i = %d}" % e
    parts = [".kind = GP_IDX_SLICE", ".step = %d" % (1 if e.step is None else e.step)]
    if e.start is not None:
        parts += [".start = %d" % e.start, ".has_start = true"]
    if e.stop is not None:
        parts += [".stop = %d" % e.stop, ".has_stop = true"]
    return "{" + ", ".join(parts) + "}"


def arr(vals):
    return "{" + ", ".join(str(v) for v in vals) + "}" if vals else "{0}"


def describe(idx):
    out = []
    for e in idx:
        if e is None:
            out.append("None")
        elif e is Ellipsis:
            out.append("...")
        elif isinstance(e, slice):
            f = lambda v: "" if v is None else str(v)
            out.append("%s:%s:%s" % (f(e.start), f(e.stop), f(e.step)))
        else:
            out.append(str(e))
    return "[" + ", ".join(out) + "]"


def case(base, idx):
    addr0 = base.__array_interface__["data"][0]
    fields = [
        ".ndim = %d" % base.ndim, ".shape = %s" % arr(base.shape),
        ".strides = %s" % arr(base.strides), ".nidx = %d" % len(idx),
        ".idx = {%s}" % ", ".join(c_index(e) for e in idx) if idx else ".idx = {{0}}",
        '.text = "%s"' % describe(idx),
    ]
    try:
        v = base[idx]
        if not isinstance(v, np.ndarray) or v.ndim == 0:
            v = base[idx + (Ellipsis,)] if Ellipsis not in idx else base[idx]
        off = v.__array_interface__["data"][0] - addr0
        fields += [".ondim = %d" % v.ndim, ".oshape = %s" % arr(v.shape),
                   ".ostrides = %s" % arr(v.strides), ".offset = %d" % off]
    except IndexError as e:
        msg = str(e).replace("\\", "\\\\").replace('"', '\\"')
        fields += ['.err = "IndexError"', '.msg = "%s"' % msg]
    return "{" + ", ".join(fields) + "},"


def has_ellipsis(idx):
    return any(e is Ellipsis for e in idx)


RESHAPE_BASES = [
    # (description, function of a fresh arange(24) giving the base view)
    ("arange(24).reshape(4,6)", lambda a: a.reshape(4, 6)),
    ("arange(24).reshape(4,6)[::2]", lambda a: a.reshape(4, 6)[::2]),
    ("arange(24).reshape(4,6)[:, ::2]", lambda a: a.reshape(4, 6)[:, ::2]),
    ("arange(24).reshape(4,6).T", lambda a: a.reshape(4, 6).T),
    ("arange(24).reshape(2,3,4)[:, 1:, :]", lambda a: a.reshape(2, 3, 4)[:, 1:, :]),
    ("arange(24).reshape(2,3,4)[1]", lambda a: a.reshape(2, 3, 4)[1]),
    ("arange(24)[::-2]", lambda a: a[::-2]),
    ("arange(24).reshape(2,12)[:, None, 2:8]", lambda a: a.reshape(2, 12)[:, None, 2:8]),
]
RESHAPE_SHAPES = [(-1,), (2, -1), (-1, 2), (1, -1, 1), (3, -1), (2, 2, -1), (-1, 1), (6, -1),
                  (4, -1), (1, 1, -1), (-1, 3, 1)]


def reshape_cases():
    out = []
    for text, f in RESHAPE_BASES:
        full = np.arange(24, dtype=np.int64)
        base = f(full)
        off = base.__array_interface__["data"][0] - full.__array_interface__["data"][0]
        for shp in RESHAPE_SHAPES:
            fields = [".ndim = %d" % base.ndim, ".shape = %s" % arr(base.shape),
                      ".strides = %s" % arr(base.strides), ".offset = %d" % off,
                      ".nnew = %d" % len(shp), ".newshape = %s" % arr(shp),
                      '.text = "%s.reshape%s"' % (text, str(shp))]
            try:
                r = base.reshape(shp)
                view = np.shares_memory(r, full)
                fields += [".ondim = %d" % r.ndim, ".oshape = %s" % arr(r.shape),
                           ".ostrides = %s" % arr(r.strides), ".view = %s" % str(view).lower()]
            except ValueError as e:
                fields += ['.msg = "%s"' % str(e)]
            out.append("{" + ", ".join(fields) + "},")
    return out


def main():
    print("/* Generated by tests/unit/runtime/gen_index_cases.py from NumPy %s: do not edit. */"
          % np.__version__)
    print("#if defined(GEN_RESHAPE_CASES)")
    for c in reshape_cases():
        print(c)
    print("#else")
    seen = set()
    cases = []
    for shape, tr in BASES:
        base = make_base(shape, tr)
        fixed = [(), (0,), (-1,), (Ellipsis,), (None,), (slice(None),), (slice(None, None, -1),),
                 (Ellipsis, None), (None, Ellipsis, None), (10,), (-10,), (Ellipsis, Ellipsis),
                 (0, 0, 0, 0), (slice(100, None),), (slice(-100, 100, 3),),
                 (slice(None, -100, -1),)]
        for idx in fixed:
            cases.append(case(base, idx))
        kept = 0
        while kept < 60:
            n = random.randint(1, max(1, base.ndim + 1))
            idx = tuple(rand_elem(base.ndim) for _ in range(n))
            key = (shape, tr, describe(idx))
            if key in seen:
                continue
            seen.add(key)
            c = case(base, idx)
            if ".err" in c and random.random() < 0.8:
                continue   # mostly views; the fixed cases cover errors
            cases.append(c)
            kept += 1
    for c in cases:
        print(c)
    print("#endif")


main()
