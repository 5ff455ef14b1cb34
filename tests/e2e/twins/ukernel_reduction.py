# NumPy twin of tests/e2e/ukernel_reduction.py: the same computation without user kernels,
# run by tests/oracle/run-numpy to produce ukernel_reduction.expected (tests/e2e/regen.sh).
import cupy as cp

X = cp.arange(12, dtype=cp.float64).reshape(4, 3)
mask = X > 4
print(cp.where(mask, X, 0).sum(axis=0))
print(cp.where(mask, X, 0).sum(axis=1))
print(mask.astype(cp.float32).sum(axis=1))
print(cp.sqrt(((X + 1) * (X + 1)).sum(axis=1, keepdims=True)))
print(cp.sqrt((X * X).sum()))
print(cp.abs(cp.array([[3.0, -7.5], [2.0, 1.0]], dtype=cp.float32)).max(axis=0))
print(cp.arange(8, dtype=cp.int64).reshape(2, 4).sum(axis=1) / 4.0)
print(cp.where(mask, X, 0).sum(axis=0))
print((X - 5.0).min())
print(cp.full(3, cp.inf))
