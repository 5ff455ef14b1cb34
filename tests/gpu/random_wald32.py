# Diagnosis of random_dists' one failing line, its 17th output line: the second element of
# wald(cp.array([1.0, 3.0]), 1.5, dtype=float32) was 2**-20 off CuPy 14.2 (session 8).  Part 1:
# the float32 normal and uniform draws wald reads, then wald itself, from one seed.  Part 2:
# random_dists' calls up to that wald line, then the normal(2) and uniform(2) float32 draws it
# reads: a difference there is cuRAND's, none there but one in random_dists is the kernel's.
# Part 2 passed, so the kernel's: NVRTC contracts CuPy's _wald_kernel (whose operands are
# references into global memory) as fma(Y, Y, 4*scale*Y), nvcc contracted gpyc's fused kernel
# as fma(4*scale, Y, Y*Y); the normal 1.60726309 gives CuPy's 0.4270930290222168 with the
# first and gpyc's 0.4270939826965332 with the second, and no other float32 normal gives both.
# gpyc now writes both FMAs explicitly (random_wald_fma.py checks 256 draws per dtype).
import cupy as cp

cp.random.seed(31)
print(cp.random.normal(size=8, dtype=cp.float32).tolist())
print(cp.random.random_sample(8, dtype=cp.float32).tolist())
cp.random.seed(31)
print(cp.random.wald(cp.full(8, 3.0), 1.5, dtype=cp.float32).tolist())

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
print(cp.random.wald(1.0, 2.0, size=5).tolist())
print(cp.random.normal(size=2, dtype=cp.float32).tolist())
print(cp.random.random_sample(2, dtype=cp.float32).tolist())
