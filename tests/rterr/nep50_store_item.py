# NEP 50 at run time: a Python int stored into an integer array element must fit its dtype
# (NumPy 2's OverflowError); in-range boundary values store as they are
import sys
import cupy as cp

x = cp.zeros(4, dtype=cp.uint8)
k = len(sys.argv)              # 1
n = 254 + k                    # 255: fits
x[0] = n
x[-1] = n - 255
print(x)
x[1] = n + 45                  # 300
print(x)
