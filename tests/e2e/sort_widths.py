# Every real dtype through the sorts instantiated per key width (runtime/segsort_k*.cu): sort and
# argsort along an axis (several lines: the segmented sort), median and percentile along an axis,
# short lines and long ones; cumprod and cumsum of 8- and 16-bit integers (scanned as their
# unsigned counterparts), on each scan path.
import cupy as cp

nan = float("nan")
small = (cp.arange(60) * 37 % 61).reshape(4, 15)
large = ((cp.arange(3 * 5001) * 7919) % 10007).reshape(3, 5001)


def show(m, big, pct):
    print(m.dtype, cp.sort(m, axis=1), cp.argsort(m, axis=1, kind="stable"))
    print(cp.sort(m, axis=0)[1], cp.argsort(m, axis=0, kind="stable")[2])
    print(cp.median(m, axis=1), cp.median(m, axis=0), cp.median(m[::2], axis=0))
    print(cp.sort(big, axis=1)[:, ::500], cp.argsort(big, axis=1, kind="stable")[:, ::700])
    print(cp.median(big, axis=1), cp.median(big.T, axis=0))
    if pct:
        print(cp.percentile(m, [25, 50, 90], axis=1), cp.quantile(big, 0.3, axis=1))


def floats(m, big):
    m[1, 3] = nan
    show(m, big, m.dtype != cp.float16)  # float16: how interpolation rounds is not the point here


show((small % 2).astype(cp.bool_), (large % 2).astype(cp.bool_), False)
show((small - 20).astype(cp.int8), large.astype(cp.int8), True)
show((small - 20).astype(cp.int16), large.astype(cp.int16), True)
show((small - 20).astype(cp.int32), large.astype(cp.int32), True)
show(small - 20, large - 5000, True)
show(small.astype(cp.uint8), large.astype(cp.uint8), True)
show(small.astype(cp.uint16), large.astype(cp.uint16), True)
show(small.astype(cp.uint32), large.astype(cp.uint32), True)
show(small.astype(cp.uint64), large.astype(cp.uint64), True)
floats((small - 20).astype(cp.float16), large.astype(cp.float16))
floats((small - 20).astype(cp.float32), large.astype(cp.float32))
floats((small - 20).astype(cp.float64), large - 5000.5)


def scans(x, w):
    print(x.dtype, cp.cumprod(x, dtype=x.dtype), cp.cumprod(x, axis=1, dtype=x.dtype))
    print(cp.cumprod(x, axis=0, dtype=x.dtype), cp.cumsum(x * 50, axis=1, dtype=x.dtype))
    print(cp.cumprod(w, axis=0, dtype=w.dtype)[2, ::1999], cp.cumsum(w, axis=0, dtype=w.dtype)[2, ::2999])


c = (cp.arange(1, 41) % 7 + 1).reshape(5, 8)
wide = ((cp.arange(3 * 20000) % 5) + 1).reshape(3, 20000)
scans(c.astype(cp.int8), wide.astype(cp.int8))
scans(c.astype(cp.uint8), wide.astype(cp.uint8))
scans(c.astype(cp.int16), wide.astype(cp.int16))
scans(c.astype(cp.uint16), wide.astype(cp.uint16))
