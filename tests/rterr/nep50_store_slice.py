# NEP 50 at run time: x[a:b] = n, n below an int8 array's range
import sys
import cupy as cp

x = cp.zeros((2, 3), dtype=cp.int8)
k = len(sys.argv)
x[0, 1:] = -127 - k            # -128: fits
x[1] = 126 + k                 # 127: fits
print(x)
x[:, 1:3] = -128 - k           # -129
print(x)
