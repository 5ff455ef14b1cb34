# NEP 50 at run time: cp.put / cp.place / cp.copyto convert a Python int value to the array's
# dtype (put's and place's list elements too)
import sys
import cupy as cp

x = cp.zeros(4, dtype=cp.int8)
k = len(sys.argv)
cp.put(x, [0, 1], [126 + k, -127 - k])           # 127, -128: fit
cp.place(x, x == 0, 100 * k)
print(x)
cp.copyto(x, -128 * k)
print(x)
cp.put(x, [2], [5, 127 + k])                      # 128
print(x)
