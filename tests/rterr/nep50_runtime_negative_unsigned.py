# NEP 50 at run time: a negative Python int with a uint16 array (bitwise and)
import sys
import cupy as cp

x = cp.array([1, 6, 65535], dtype=cp.uint16)
k = len(sys.argv) - 1              # 0
print(x & k, x | (k + 65535), x ^ k)
print(x & (k - 1))
