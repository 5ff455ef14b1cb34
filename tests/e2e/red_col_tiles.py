# Column reductions in tiles of 8 warp slices (gp_reduce_ws): one slice group (the block's
# fold gives the result), a short split finished by each tile's last block, a long split left
# to gp_reduce_finish, a last tile only partly filled, every accumulator width (int16 into
# int64, bool, complex128, argmax pairs), a strided view, and a loop replayed as a CUDA graph.
import cupy as cp

a = (cp.arange(300 * 4096) % 17).astype(cp.float32).reshape(300, 4096)
b = (cp.arange(3000 * 256) % 13).astype(cp.float32).reshape(3000, 256)
c = (cp.arange(20000 * 128) % 31).astype(cp.float32).reshape(20000, 128)
d = (cp.arange(1000 * 1100) % 11).astype(cp.float32).reshape(1000, 1100)
e = (cp.arange(2048 * 1024) % 7).astype(cp.int16).reshape(2048, 1024)
f = ((cp.arange(512 * 4096) % 97) == 5).reshape(512, 4096)
z = (cp.arange(4096 * 64) % 5).astype(cp.complex128).reshape(4096, 64) * (1 - 2j)
g = (cp.arange(2000 * 512) % 19).astype(cp.float64).reshape(2000, 512)
print(a.sum(axis=0)[:6], a.sum(axis=0).sum(), a.mean(axis=0)[-3:], a.argmax(axis=0)[:8])
print(b.sum(axis=0)[:6], b.sum(axis=0).sum(), b.max(axis=0)[:4], b.argmin(axis=0)[:8], (b * b - 1).sum(axis=0)[:4])
print(c.sum(axis=0)[:6], c.sum(axis=0).sum(), c.argmax(axis=0)[:6], c.astype(cp.int32).sum(axis=0)[-4:])
print(d.sum(axis=0)[:5], d.sum(axis=0)[-5:], d.sum(axis=0).sum(), d.min(axis=0)[-3:], d.argmax(axis=0)[-6:])
print(e.sum(axis=0)[:6], e.sum(axis=0).dtype, e.sum(axis=0).sum(), e.max(axis=0)[-4:], e.mean(axis=0)[:3])
print(f.any(axis=0)[:8], f.all(axis=0)[:4], f.any(axis=0).sum(), f.sum(axis=0)[:8])
print(z.sum(axis=0)[:3], z.sum(axis=0).sum(), z.prod(axis=0)[:2] == 0)
print(g[:, ::2].sum(axis=0)[:4], g[:, ::2].sum(axis=0).sum(), g[::3, 1::2].max(axis=0)[:4])
t = cp.zeros(256, dtype=cp.float32)
for i in range(10):
    t = t + b.sum(axis=0) * (i % 4) + d.sum(axis=0)[:256]
print(t[:6], t.sum())
