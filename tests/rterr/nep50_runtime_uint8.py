# NEP 50 at run time: a Python int known only at run time that does not fit an integer array's
# dtype is NumPy 2's OverflowError (a constant is the same error at compile time)
import sys
import cupy as cp

x = cp.array([1, 2, 250], dtype=cp.uint8)
n = 254 + len(sys.argv)        # 255: fits
print(x + n, (x * 2 + n) - 1)
n = n + 45                     # 300
print(x < n, x == n)           # comparisons are by value
y = x * 2 + n
print(y)
