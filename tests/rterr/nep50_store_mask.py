# NEP 50 at run time: x[mask] = n into a uint16 array
import sys
import cupy as cp

x = cp.arange(6, dtype=cp.uint16)
k = len(sys.argv)
x[x > 3] = 65534 + k           # 65535: fits
print(x)
x[x < 2] = 65535 + k           # 65536
print(x)
