# reductions with an accumulation dtype: any/all of a comparison, count_nonzero, the prod of
# int32 (accumulated in int64), a float16 sum (accumulated in float32)
import cupy as cp
x = cp.arange(100, dtype=cp.int32)
h = cp.ones(100, dtype=cp.float16)
print(cp.any(x > 50), cp.all(x >= 0), cp.count_nonzero(x % 3))
print(cp.prod(x[1:6]), h.sum())
