# NEP 50 at run time: cp.full / cp.array with a negative Python int and dtype uint64
import sys
import cupy as cp

k = len(sys.argv)                # 1
print(cp.full(2, k - 1, dtype=cp.uint64), cp.array([k, 0], dtype=cp.uint64))
print(cp.full(2, -5 * k, dtype=cp.uint64))
