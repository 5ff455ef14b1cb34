# Diagnosis of random_dists' one failing line, its 17th output line: the second element of
# wald(cp.array([1.0, 3.0]), 1.5, dtype=float32) is 2**-20 off CuPy 14.2 (session 8; the
# line was first misread as laplace's).  gpyc's kernel compiles to CuPy's _wald_kernel
# instruction for instruction (nvcc 13 PTX, FMAs included; CuPy adds only -ftz=true), and
# brute force over float32 normals puts the two results on different normals a few ulps
# apart, so the draws differ.  Part 1: the float32 normal and uniform draws wald reads, then
# wald itself, from one seed.  Part 2: random_dists' calls up to that wald line, then the
# normal(2) and uniform(2) float32 draws it reads: a difference there is cuRAND's (the
# library CuPy loads against the one gpyc links), none there but one in random_dists is the
# kernel's.
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
