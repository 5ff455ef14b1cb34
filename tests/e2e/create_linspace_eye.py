# linspace (num, endpoint=False, dtype) and eye (N, M, k)
import cupy as cp

print(cp.linspace(0, 1, 5))
print(cp.linspace(0, 1, 4, endpoint=False))
print(cp.linspace(-2.0, 2.0, num=9))
print(cp.linspace(1, 10, 10, dtype=cp.float32))
print(cp.linspace(0, 5, 1))
print(cp.linspace(3, 3, 3))
print(cp.eye(3))
print(cp.eye(3, 4, k=1))
print(cp.eye(4, k=-2, dtype=cp.int32))
print(cp.eye(2, dtype=cp.bool_))
