# NEP 50 at run time: the Python int on the left of an int8 array (n - x), below the range
import sys
import cupy as cp

x = cp.array([-3, 0, 5], dtype=cp.int8)
k = len(sys.argv)
print(-128 * k - x + 5, 127 * k + x - 5)
n = -129 * k
print(n - x)
