# z[:] = reshape(a @ b, s) as mmstore.c's matmul_store: the store's ValueError when the value
# does not broadcast to the destination
import sys
import cupy as cp

n = len(sys.argv) + 2  # 3 without arguments
a = cp.ones((n, 4))
b = cp.ones((4, 5))
z = cp.zeros((n, 5))
z[:] = cp.reshape(a @ b, (5, n))
print(z)
