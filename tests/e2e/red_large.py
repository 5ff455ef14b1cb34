# large reductions: full (split over blocks), columns (coalesced), tall-and-thin, short-and-wide
import cupy as cp

n = 10000000
x = cp.arange(n, dtype=cp.float64)
print(x.sum(), x.mean(), x.max(), x.min(), int(x.argmax()), int((x % 1000003).argmax()))
f = cp.ones(n, dtype=cp.float32)
print(f.sum(), f.mean(), f.sum().dtype)
i = cp.arange(n, dtype=cp.int32) % 7
print(i.sum(), i.sum().dtype, i.max(), cp.count_nonzero(i), (i == 3).any(), (i < 7).all())
tall = (cp.arange(2 * 1000000) % 5).reshape(1000000, 2)
print(tall.sum(axis=0), tall.max(axis=0), tall.min(axis=0), tall.mean(axis=0), tall.argmax(axis=0))
sq = (cp.arange(1000 * 1000) % 11).reshape(1000, 1000)
print(sq.sum(axis=0)[:6], sq.sum(axis=1)[:6], int(sq.sum(axis=0).sum()), sq.argmin(axis=0)[:6])
wide = (cp.arange(4 * 3000000, dtype=cp.int64) % 13).reshape(4, 3000000)
print(wide.sum(axis=1), wide.max(axis=1), wide.argmax(axis=1), wide.T.sum(axis=0))
cube = cp.ones((64, 512, 64), dtype=cp.float32)
print(cube.sum(axis=1)[0, :4], cube.sum(axis=(0, 2))[:4], cube.sum(axis=(0, 1))[:4], cube.sum())
