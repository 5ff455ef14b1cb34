# NEP 50 at run time: an in-place operator on an int16 array with an int past the range
import sys
import cupy as cp

x = cp.arange(4, dtype=cp.int16)
k = len(sys.argv)
x += 32767 * k - 10
print(x)
x -= 32768 * k
print(x)
