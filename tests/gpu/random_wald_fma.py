# wald's multiply-adds as CuPy's _wald_kernel gets them from NVRTC: fma(Y, Y, 4*scale*Y) under
# the sqrt and fma(mu_2l, Y - sqrt(...), mean) (its operands are references into global memory;
# nvcc, given values, contracts fma(4*scale, Y, Y*Y) instead).  Near the cancellation in
# Y - sqrt(...) the other contraction moves about 8 % of float32 results (random_dists' 17th
# line, issue 23: 0.4270939826965332 against CuPy's 0.4270930290222168, the normal 1.60726309),
# so 256 draws of each kind here, scalar and array parameters, float32 and float64.
import cupy as cp

cp.random.seed(5)
print(cp.random.wald(3.0, 1.5, size=256, dtype=cp.float32).tolist())
print(cp.random.wald(cp.array([1.0, 3.0, 10.0, 0.5]), 1.5, size=(64, 4), dtype=cp.float32).tolist())
print(cp.random.wald(3.0, 1.5, size=256).tolist())
print(cp.random.wald(cp.array([1.0, 3.0]), cp.array([[1.5], [0.25]]), size=(128, 2, 2)).tolist())
