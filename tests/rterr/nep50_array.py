# NEP 50 at run time: cp.array([...], dtype=cp.uint8) with a Python int element out of range
import sys
import cupy as cp

k = len(sys.argv)
n = 299 + k
print(cp.array([1, n]))                            # int64
print(cp.array([[0, n - 45], [7, 8]], dtype=cp.uint8))
print(cp.array([1, n], dtype=cp.uint8))            # 300
