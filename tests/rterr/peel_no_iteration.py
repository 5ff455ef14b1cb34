# the first iteration of the loop makes weights float64 (compiled apart from the others); the
# loop runs no iteration, and the read after it has no float64 value to give
import cupy as cp

weights = cp.array([0.5, 0.5], dtype=cp.float32)
n = int(cp.zeros(2).sum())
for i in range(n):
    weights = weights / weights.sum(dtype=cp.float64)
print(weights)
