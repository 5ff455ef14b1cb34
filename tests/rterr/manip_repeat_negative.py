# repeat with a negative count in an array of counts
import cupy as cp

x = cp.arange(3)
print(cp.repeat(x, cp.array([1, 0, 2])))
print(cp.repeat(x, cp.array([1, -1, 2])))
