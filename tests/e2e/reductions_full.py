# full reductions sum mean max min over each dtype; 0-d results
import cupy as cp

i = cp.arange(1, 11)
print(i.sum(), i.mean(), i.max(), i.min())
print(cp.sum(i), cp.mean(i), cp.max(i), cp.min(i))
f = cp.linspace(-1.0, 2.0, 7)
print(f.sum(), f.mean(), f.max(), f.min())
f32 = cp.arange(8, dtype=cp.float32) / 4
print(f32.sum(), f32.mean(), f32.max(), f32.min())
i32 = cp.arange(-5, 5, dtype=cp.int32)
s = i32.sum()
print(s, s.dtype, s.ndim, i32.max(), i32.min())
b = cp.array([True, False, True, True])
print(b.sum(), b.max(), b.min(), b.mean())
m = cp.arange(12).reshape(3, 4)
print(m.sum(), m.max(), m.min(), m.mean())
big = cp.ones(100000)
print(big.sum(), big.mean())
print((cp.arange(1000000) % 7).sum())
t = cp.arange(24).reshape(2, 3, 4)
print(t.sum(), t.max())
