# 1-d weights whose length differs from the axis
import cupy as cp

m = cp.ones((2, 3))
print(cp.average(m, axis=1, weights=cp.ones(2)))
