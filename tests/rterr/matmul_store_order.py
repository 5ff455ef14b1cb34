# y[:] = reshape(a @ b, s) as mmstore.c's matmul_store: the product's ValueError comes first
# when both the product and the reshape would fail
import sys
import cupy as cp

n = len(sys.argv) + 2  # 3 without arguments
a = cp.ones((n, 4))
b = cp.ones((n, 5))
y = cp.zeros(7)
y[:] = cp.reshape(a @ b, (7,))
print(y)
