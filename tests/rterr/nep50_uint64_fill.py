# NEP 50 at run time: x.fill(n), x[a:b] = n with n negative into uint64
import sys
import cupy as cp

k = len(sys.argv)                # 1
x = cp.ones(4, dtype=cp.uint64)
x[1:3] = k - 1
print(x)
x.fill(1 - 2 * k)                # -1
print(x)
