# Seeded normal draws (cuRAND's Box-Muller, CuPy's odd-count handling), full precision.
import cupy as cp

cp.random.seed(7)
print(cp.random.standard_normal(5).tolist())
print(cp.random.standard_normal(4, dtype=cp.float32).tolist())
print(cp.random.normal(3.0, 0.5, size=7).tolist())
print(cp.random.normal(-1.0, 2.0, size=3, dtype=cp.float32).tolist())
print(cp.random.randn(2, 3).tolist())
print(cp.random.randn(3, dtype=cp.float32).tolist())
print(cp.random.normal(cp.arange(3, dtype=cp.float64), 0.25).tolist())
print(cp.random.normal(1.0, cp.array([1.0, 2.0, 3.0]), size=(2, 3)).tolist())
print(cp.random.lognormal(0.5, 0.25, size=5).tolist())
print(cp.random.lognormal(0.0, 1.0, size=3, dtype=cp.float32).tolist())
print(cp.random.lognormal(cp.zeros(3), 0.5).tolist())
print(cp.random.standard_normal((3, 3)).tolist())
print(float(cp.random.normal(size=10001).sum()))
