# bool and int32 arrays: arithmetic, promotion with Python scalars, reductions, astype
import cupy as cp

b = cp.array([True, False, True, False])
print(b + b, b * b, b.sum(), b.astype(cp.int32) * 3)
print(cp.where(b, 1, 0), cp.where(b, 2.5, -1))
i = cp.arange(4, dtype=cp.int32) * 1000000
print(i, i.dtype, (i + 1).dtype, (i * 2).dtype)
print(i // 7, i % 7)
print(i / 1000000)
print(i.astype(cp.int64) * 3000, (i.astype(cp.int64) * 3000).dtype)
print(cp.maximum(i, 1500000), cp.minimum(i, 1500000).dtype)
print(cp.clip(i, 500000, 2500000))
print(i.sum(), i.sum().dtype, i.max(), i.max().dtype)
m = cp.array([[1, 2], [3, 4]], dtype=cp.int32)
print(m * m, (m * m).dtype, m.T, m.sum(axis=0))
print(-m, cp.abs(-m), m > 2)
