# Seeded distributions CuPy computes from cuRAND draws with its own kernels, full precision.
import cupy as cp

cp.random.seed(31)
print(cp.random.standard_exponential(5).tolist())
print(cp.random.standard_exponential(3, dtype=cp.float32).tolist())
print(cp.random.exponential(2.0, size=5).tolist())
print(cp.random.exponential(0.5, size=3, dtype=cp.float32).tolist())
print(cp.random.rayleigh(1.5, size=5).tolist())
print(cp.random.pareto(3.0, size=5).tolist())
print(cp.random.power(2.0, size=5).tolist())
print(cp.random.weibull(1.5, size=5).tolist())
print(cp.random.standard_cauchy(5).tolist())
print(cp.random.gumbel(1.0, 2.0, size=5).tolist())
print(cp.random.gumbel(size=3, dtype=cp.float32).tolist())
print(cp.random.laplace(0.0, 1.0, size=6).tolist())
print(cp.random.laplace(2.0, 0.5, size=4, dtype=cp.float32).tolist())
print(cp.random.exponential(cp.array([1.0, 2.0, 4.0])).tolist())
print(cp.random.pareto(cp.array([1.0, 2.0]), size=(2, 2)).tolist())
