# y[:] = reshape(a @ b, s) as mmstore.c's matmul_store: the reshape's ValueError at run time
import sys
import cupy as cp

n = len(sys.argv) + 2  # 3 without arguments
a = cp.ones((n, 4))
b = cp.ones((4, 5))
y = cp.zeros(n * 5 + 1)
y[:] = cp.reshape(a @ b, (n * 5 + 1,))
print(y)
