# quantile with a q array out of [0, 1]: ValueError at run time
import cupy as cp

m = cp.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
q = cp.array([0.5, 1.5])
print(cp.quantile(m, q, axis=1))
