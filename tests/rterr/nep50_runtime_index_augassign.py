# NEP 50 at run time: x[idx] += n on an int8 array
import sys
import cupy as cp

x = cp.zeros(5, dtype=cp.int8)
idx = cp.array([0, 3])
k = len(sys.argv)
x[idx] += 100 * k
x[1:3] -= 28 * k
print(x)
x[idx] += 128 * k
print(x)
