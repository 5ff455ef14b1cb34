# GPYC_COLS=last (compiled with it: split column vectors finish in their last part,
# gp_cols_count, gp_cols_finish) over short split ranges: red_col_vec_split's shapes (2-9 parts, so fewer parts
# than gp_finish_cols's eight slices, whose empty slices fold the identity in; group counts no
# multiple of a block; lengths no multiple of the parts), and a store fused into a column
# reduction (storered.c: the store runs in the column-vector kernel, its last part finishes).
# Small integer values: every order of summation gives NumPy's bits.
# gpyc env: GPYC_COLS=last
import cupy as cp

a = (cp.arange(300 * 4100) % 17).astype(cp.float32).reshape(300, 4100)
b = (cp.arange(130 * 2050) % 13).astype(cp.float64).reshape(130, 2050)
c = (cp.arange(77 * 4104) % 23).astype(cp.int32).reshape(77, 4104)
d = (cp.arange(65 * 8200) % 7).astype(cp.int16).reshape(65, 8200)
f = ((cp.arange(70 * 16400) % 97) == 5).reshape(70, 16400)
g = (cp.arange(6 * 50 * 4100) % 11).astype(cp.float32).reshape(6, 50, 4100)
print(a.sum(axis=0)[:6], a.sum(axis=0)[-5:], a.sum(axis=0).sum(), a.mean(axis=0)[-3:])
print(a.max(axis=0)[-4:], a.min(axis=0)[:4], a.argmax(axis=0)[:8], a.argmax(axis=0)[-6:], a.argmin(axis=0)[-6:])
print((a * a - 1).sum(axis=0)[-4:], a.sum(axis=0, keepdims=True).shape, a.sum(axis=0, keepdims=True)[0, -3:])
print(b.sum(axis=0)[:4], b.sum(axis=0)[-4:], b.sum(axis=0).sum(), b.max(axis=0)[-3:], b.argmin(axis=0)[-5:])
print(c.sum(axis=0)[:4], c.sum(axis=0)[-4:], c.sum(axis=0).dtype, c.sum(axis=0).sum(), c.max(axis=0)[-4:])
print(d.sum(axis=0)[:4], d.sum(axis=0)[-4:], d.sum(axis=0).dtype, d.sum(axis=0).sum(), d.mean(axis=0)[-3:])
print(f.any(axis=0)[:8], f.any(axis=0).sum(), f.all(axis=0).sum(), f.sum(axis=0)[-6:])
print(g.sum(axis=(0, 1))[:4], g.sum(axis=(0, 1))[-4:], g.sum(axis=(0, 1)).sum(), g.sum(axis=0)[1, -4:])
print(g[:, :40].sum(axis=(0, 1))[-4:], g[:, :40].max(axis=(0, 1))[:4], g[:, 3:43].argmax(axis=0)[5, -4:])
t = cp.zeros(4100, dtype=cp.float32)
for i in range(10):
    t = t + a.sum(axis=0) * (i % 4)
print(t[:4], t[-4:], t.sum())


def store_then_sum(M, r):
    M[...] = M * 2.0 + r[None, :]
    return (M * r[None, :]).sum(axis=0)


M = (cp.arange(400 * 4100) % 5).astype(cp.float32).reshape(400, 4100)
r = cp.arange(4100, dtype=cp.float32) % 3
sm = store_then_sum(M, r)
print(sm[:4], sm[-4:], M[7, :3], M[-1, -3:])
