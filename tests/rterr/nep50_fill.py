# NEP 50 at run time: x.fill(n) on an int16 array
import sys
import cupy as cp

x = cp.ones(3, dtype=cp.int16)
k = len(sys.argv)
x.fill(-32767 - k)             # -32768: fits
print(x)
x.fill(32767 + k)              # 32768
print(x)
