# NEP 50 at run time: cp.full with an integer dtype copies a Python int in as that dtype
import sys
import cupy as cp

k = len(sys.argv)
print(cp.full(3, 300 * k))                         # int64: any int
print(cp.full((2, 2), 254 + k, dtype=cp.uint8))    # 255: fits
print(cp.full(2, 200.5 * k, dtype=cp.uint8))       # a float is cast
print(cp.full(3, 255 + k, dtype=cp.uint8))         # 256
