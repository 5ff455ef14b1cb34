# Column vectors whose rows rt_red_setup splits into 33-64 parts (W3's column sums take 64):
# the split kernel and gp_finish_cols (session 12's cluster kernel, measured no faster on W3
# and removed, took these shapes: docs/benchmarks.md).  2050 groups a matrix (not a multiple
# of a block), 1100 rows (parts of 33 rows, the last one shorter): float32, float64 (2 a
# vector), int32 into int64, int16 (8), bool any/all (16), mean, max/min, argmax/argmin with
# ties, a prologue, keepdims, two reduced axes and a loop replayed as a CUDA graph.  Small
# integer values: every order of summation gives NumPy's bits for the column sums (their
# float32 totals, past 2^24, agree within the compare's tolerance).
import cupy as cp

a = (cp.arange(1100 * 8200) % 17).astype(cp.float32).reshape(1100, 8200)
b = (cp.arange(1200 * 4100) % 13).astype(cp.float64).reshape(1200, 4100)
c = (cp.arange(1100 * 8200) % 23).astype(cp.int32).reshape(1100, 8200)
d = (cp.arange(1100 * 16400) % 7).astype(cp.int16).reshape(1100, 16400)
f = ((cp.arange(1100 * 32800) % 997) == 5).reshape(1100, 32800)
g = (cp.arange(4 * 300 * 8200) % 11).astype(cp.float32).reshape(4, 300, 8200)
print(a.sum(axis=0)[:6], a.sum(axis=0)[-5:], a.sum(axis=0).sum(), a.mean(axis=0)[-3:])
print(a.max(axis=0)[-4:], a.min(axis=0)[:4], a.argmax(axis=0)[:8], a.argmax(axis=0)[-6:], a.argmin(axis=0)[-6:])
print((a * a - 1).sum(axis=0)[-4:], a.sum(axis=0, keepdims=True).shape, a.sum(axis=0, keepdims=True)[0, -3:])
print(b.sum(axis=0)[:4], b.sum(axis=0)[-4:], b.sum(axis=0).sum(), b.max(axis=0)[-3:], b.argmin(axis=0)[-5:])
print(c.sum(axis=0)[:4], c.sum(axis=0)[-4:], c.sum(axis=0).dtype, c.sum(axis=0).sum(), c.max(axis=0)[-4:])
print(d.sum(axis=0)[:4], d.sum(axis=0)[-4:], d.sum(axis=0).dtype, d.sum(axis=0).sum(), d.mean(axis=0)[-3:])
print(f.any(axis=0)[:8], f.any(axis=0).sum(), f.all(axis=0).sum(), f.sum(axis=0)[-6:])
print(g.sum(axis=(0, 1))[:4], g.sum(axis=(0, 1))[-4:], g.sum(axis=(0, 1)).sum(), g.sum(axis=0)[1, -4:])
t = cp.zeros(8200, dtype=cp.float32)
for i in range(10):
    t = t + a.sum(axis=0) * (i % 4)
print(t[:4], t[-4:], t.sum())
