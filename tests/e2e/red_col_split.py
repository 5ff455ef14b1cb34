# Column reductions whose reduced range is split over threads (partials combined by a second
# kernel): short splits (columns of a square-ish array, column vectors) and long ones (tall and
# thin), every dtype family, mean, arg reductions with ties, a prologue, a loop replayed as a
# CUDA graph.
import cupy as cp

a = (cp.arange(4096 * 64) % 17).astype(cp.float32).reshape(4096, 64)
b = (cp.arange(1000 * 3) % 23).reshape(1000, 3)
c = (cp.arange(100000 * 2) % 29).astype(cp.float64).reshape(100000, 2)
d = (cp.arange(2048 * 40) % 7).astype(cp.int16).reshape(2048, 40)
z = a.astype(cp.complex64) * (3 - 4j)   # |z| = 5a exactly
print(a.sum(axis=0)[:8], a.sum(axis=0).sum(), a.mean(axis=0)[:4], a.max(axis=0)[:4], a.min(axis=0)[:4])
print(a.argmax(axis=0)[:8], a.argmin(axis=0)[:8], (a * a - 3).sum(axis=0)[:4])
print(b.sum(axis=0), b.max(axis=0), b.argmax(axis=0), b.mean(axis=0), (b > 20).any(axis=0), (b < 23).all(axis=0))
print(c.sum(axis=0), c.mean(axis=0), c.argmax(axis=0), c.argmin(axis=0), c.min(axis=0))
print(d.sum(axis=0)[:6], d.sum(axis=0).dtype, d.prod(axis=0, dtype=cp.int64)[:3] % 1000, d.max(axis=0)[:6])
print(z.sum(axis=0)[:3], cp.abs(z).sum(axis=0)[:3])
t = cp.zeros(64, dtype=cp.float32)
u = cp.zeros(2, dtype=cp.float64)
for i in range(12):
    t = t + a.sum(axis=0) * (i % 3)
    u = u + c.max(axis=0) - i
print(t[:6], u)
e = cp.ones((3000, 256), dtype=cp.float32)
print(e.sum(axis=0)[:3], e.sum(axis=0).sum(), e[:, ::2].sum(axis=0)[:3], e.T.sum(axis=1)[:3])
