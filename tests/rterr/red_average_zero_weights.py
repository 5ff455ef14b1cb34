# average with weights that sum to zero along the axis
import cupy as cp

m = cp.ones((2, 3))
print(cp.average(m, axis=1, weights=cp.array([1.0, 2.0, 3.0])))
print(cp.average(m, axis=0, weights=cp.array([[1.0, 0.0, 2.0], [1.0, 0.0, 2.0]])))
