# GPYC_COLS=last (compiled with it: issue 25's finish of split column vectors in their last
# part, gp_cols_count and gp_cols_finish, no <name>_fin launch): red_col_parts64's shapes
# (33-64 parts, 2050 groups, a last part shorter), W3's split exactly (2048 groups of 4
# float32 columns, 64 parts of 32 rows), 128 parts (more than rt_red_counters takes: the _fin
# launch), vectors of accumulators wider than 16 bytes (the _fin launch: arg pairs, float16
# into float32 8 a vector, int8 into int64 16 a vector) and of 16 (complex64), prod, the
# counters back at 0 after each launch (a loop not captured, printing inside; a loop replayed
# as a CUDA graph, whose captured launches take the _fin launch, the rest not), and a second
# stream (its own counters).  Small integer values: every order of summation gives NumPy's bits.
# gpyc env: GPYC_COLS=last
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

# W3's split: 2048 groups, 64 parts
w = (cp.arange(2048 * 8192) % 19).astype(cp.float32).reshape(2048, 8192)
sw = w.sum(axis=0)
print(sw[:4], sw[-4:], sw.sum(), w.argmin(axis=0)[-4:], w.argmax(axis=0)[:4], w.min(axis=0).sum())

# more than 64 parts (4096 rows of 256 groups: 128 parts): the _fin launch
x = (cp.arange(4096 * 1024) % 13).astype(cp.float32).reshape(4096, 1024)
print(x.sum(axis=0)[:4], x.sum(axis=0)[-4:], x.max(axis=0)[:3])

# wider accumulators: float16 (float32, 8 a vector), int8 (int64, 16) take the _fin launch;
# int8 min (16 bytes), complex64 and prod finish in the kernel
h = (cp.arange(1100 * 8200) % 2).astype(cp.float16).reshape(1100, 8200)
print(h.sum(axis=0)[:4], h.sum(axis=0).dtype, h.max(axis=0)[-3:], h.argmax(axis=0)[-4:])
i8 = (cp.arange(1100 * 16400) % 9 - 4).astype(cp.int8).reshape(1100, 16400)
print(i8.sum(axis=0)[:6], i8.sum(axis=0).dtype, i8.sum(axis=0).sum(), i8.min(axis=0)[-4:])
z = ((cp.arange(1100 * 4100) % 7) + 1j * (cp.arange(1100 * 4100) % 3)).astype(cp.complex64).reshape(1100, 4100)
print(z.sum(axis=0)[:3], z.sum(axis=0)[-3:], z.sum(axis=0).dtype)
p = cp.where(cp.arange(1100 * 8200).reshape(1100, 8200) % 29 == 3, -1.0, 1.0).astype(cp.float32)
print(p.prod(axis=0)[:8], p.prod(axis=0).sum())

# the counters at 0 again after each launch: a loop that prints (not captured), a loop
# replayed as a graph
u = cp.zeros(8200, dtype=cp.float32)
for i in range(12):
    u = u + a.sum(axis=0) * (i % 3)
    if i % 5 == 0:
        print(i, float(u[7]), int(a.argmax(axis=0)[i]))
print(u[:4], u[-4:], u.sum())
t = cp.zeros(8200, dtype=cp.float32)
for i in range(21):
    t = t + a.sum(axis=0) * (i % 4)
print(t[:4], t[-4:], t.sum())

# another stream: its own counters
with cp.cuda.Stream():
    s2 = b.sum(axis=0)
    m2 = a.argmin(axis=0)
print(s2[-4:], m2[:6], a.sum(axis=0)[-2:])
