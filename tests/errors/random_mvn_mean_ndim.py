import cupy as cp

print(cp.random.multivariate_normal([[0.0]], [[1.0]]))
