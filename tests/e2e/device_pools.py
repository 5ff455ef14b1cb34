# Memory pools, pinned arrays and RandomState objects (issue 21).  Pool figures are the
# runtime's own (gpyc's pool is not CuPy's), so only their relations print.  Expected output:
# twins/device_pools.py under NumPy (the oracle has no memory pools and no RandomState).
import cupy as cp
import cupyx

pool = cp.get_default_memory_pool()
mine = cp.cuda.MemoryPool()
cp.cuda.set_allocator(mine.malloc)
pinned = cp.cuda.PinnedMemoryPool()
cp.cuda.set_pinned_memory_allocator(pinned.malloc)
print(cp.get_default_pinned_memory_pool().n_free_blocks(), pinned.n_free_blocks())

a = cp.ones((1000, 1000))
b = a * 2.0
used = pool.used_bytes()
print(used >= 16000000, pool.total_bytes() >= used, mine.used_bytes() == used)
print(pool.free_bytes() >= 0, pool.n_free_blocks() >= 0)
s = cp.cuda.Stream()
with s:
    c = b + 1.0
s.synchronize()
pool.free_all_blocks(stream=s)
pool.free_all_blocks()
pinned.free_all_blocks()
print(pool.total_bytes() >= pool.used_bytes(), float(c.sum()))
pool.set_limit(size=1 << 30)
print(pool.get_limit())
pool.set_limit(fraction=0.5)
print(pool.get_limit() > 0)
pool.set_limit(size=0)
print(pool.get_limit())

h = cupyx.zeros_pinned((2, 3), dtype=cp.float32)
e = cupyx.empty_pinned(4)
e[...] = 1.5
print(h, h.dtype, e)
hl = cupyx.zeros_like_pinned(h, dtype=cp.int16)
el = cupyx.empty_like_pinned(e, shape=(2, 2))
el[...] = 2.5
print(hl, hl.dtype, el)

# RandomState objects: their own generators, seeded as cupy.random seeds its own
r1 = cp.random.RandomState(seed=7)
r2 = cp.random.RandomState(7)
u = r1.normal(size=(2, 5))
v = r2.normal(size=(2, 5))
cp.random.seed(7)
g = cp.random.normal(size=(2, 5))
print(u.shape, u.dtype, bool((u == v).all()), bool((u == g).all()))
x = r1.lognormal(size=(1, 3))
print(x.shape, bool((x > 0).all()))
k = r2.randint(0, 10, size=6)
print(k.dtype, bool(((k >= 0) & (k < 10)).all()))
r1.seed(3)
r2.seed(3)
print(bool((r1.uniform(size=4) == r2.uniform(size=4)).all()))
p = cp.random.get_random_state().permutation(5)
print(cp.sort(p))
r = cp.random.RandomState(11)
fl = [r.random_sample(3), r.rand(3), r.randn(3), r.standard_normal(3), r.standard_exponential(3),
      r.exponential(2.0, 3), r.rayleigh(1.0, 3), r.pareto(2.0, 3), r.power(2.0, 3), r.weibull(2.0, 3),
      r.standard_cauchy(3), r.gumbel(0.0, 1.0, 3), r.laplace(0.0, 1.0, 3), r.wald(1.0, 1.0, 3),
      r.triangular(0.0, 0.5, 1.0, 3), r.uniform(-1.0, 1.0, 3)]
n_ok = 0
for d in fl:
    if d.shape == (3,) and bool(cp.isfinite(d).all()):
        n_ok += 1
print(len(fl), n_ok)
ints = r.random_integers(1, 5, size=4)
ch = r.choice(5, 3)
print(bool(((ints >= 1) & (ints <= 5)).all()), bool(((ch >= 0) & (ch < 5)).all()))
arr = cp.arange(6)
r.shuffle(arr)
print(cp.sort(arr))
