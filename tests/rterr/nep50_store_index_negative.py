# NEP 50 at run time: x[idx] = n, a negative int into a uint32 array
import sys
import cupy as cp

x = cp.zeros(5, dtype=cp.uint32)
idx = cp.array([0, 3])
k = len(sys.argv)
x[idx] = 4294967294 + k        # 4294967295: fits
print(x)
x[idx] = -k                    # -1
print(x)
