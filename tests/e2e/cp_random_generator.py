# cupy.random.default_rng (CuPy's Generator on cuRAND's device API): seed-independent checks,
# the moments of each distribution within 6 standard errors, dtypes and shapes (the NumPy
# oracle draws other numbers; tests/gpu/random_generator.py compares the numbers with CuPy's)
import cupy as cp

N = 200000
rng = cp.random.default_rng(1234)


def check(name, x, mean, var):
    m = float(x.mean())
    v = float(x.var())
    ok_m = abs(m - mean) < 6.0 * (var / N) ** 0.5
    ok_v = abs(v - var) < 0.05 * var
    print(name, x.dtype, x.shape, ok_m, ok_v)


check("random", rng.random(N), 0.5, 1.0 / 12)
check("random32", rng.random(N, dtype=cp.float32), 0.5, 1.0 / 12)
check("normal", rng.standard_normal(N), 0.0, 1.0)
check("normal32", rng.standard_normal(N, dtype=cp.float32), 0.0, 1.0)
check("std_exp", rng.standard_exponential(N), 1.0, 1.0)
check("exponential", rng.exponential(2.0, N), 2.0, 4.0)
check("uniform", rng.uniform(-1.0, 1.0, N), 0.0, 1.0 / 3)
check("integers", rng.integers(0, 10, size=N), 4.5, 8.25)
check("integers8", rng.integers(-5, 5, size=N, dtype=cp.int8, endpoint=True), 0.0, 10.0)
check("std_gamma_small", rng.standard_gamma(0.5, N), 0.5, 0.5)
check("std_gamma", rng.standard_gamma(3.0, N), 3.0, 3.0)
check("gamma", rng.gamma(2.0, 3.0, size=N), 6.0, 18.0)
check("chisquare", rng.chisquare(4.0, N), 4.0, 8.0)
check("beta_small", rng.beta(0.5, 0.5, N), 0.5, 0.125)
check("beta", rng.beta(2.0, 5.0, N), 2.0 / 7, 10.0 / 392)
check("poisson", rng.poisson(3.0, N), 3.0, 3.0)
check("poisson_big", rng.poisson(50.0, N), 50.0, 50.0)
check("geometric", rng.geometric(0.5, N), 2.0, 2.0)
check("geometric_small", rng.geometric(0.05, N), 20.0, 380.0)
lam = cp.full((2, N // 2), 4.0)
check("poisson_array", rng.poisson(lam), 4.0, 4.0)
big = rng.integers(0, 2**40, size=N)
print(bool((big >= 0).all()), bool((big < 2**40).all()), float(big.mean()) / 2**40 > 0.49)
print(rng.uniform(0.0, cp.ones(3)).shape, rng.integers(0, 3, size=(2, 2)).dtype, cp.ndim(rng.random()))
print(rng.beta(cp.ones((2, 1)), cp.ones(3)).shape, rng.gamma(cp.ones(4)).shape)
u = rng.integers(0, 3, size=30)
print(bool(((u >= 0) & (u < 3)).all()))
check("f", rng.f(5.0, 10.0, N), 1.25, 2.0 * 100 * 13 / (5 * 64 * 6))
check("power", rng.power(3.0, N), 0.75, 3.0 / 80)
d = rng.dirichlet(cp.array([1.0, 2.0, 3.0]), 4)
print(d.shape, bool(cp.allclose(d.sum(axis=1), 1.0)))
check("dirichlet", rng.dirichlet(cp.array([2.0, 3.0]), N)[:, 0], 0.4, 0.04)
