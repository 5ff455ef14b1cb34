# NEP 50 at run time: a negative Python int given to put_along_axis into uint64
import sys
import cupy as cp

k = len(sys.argv)                # 1
x = cp.zeros(3, dtype=cp.uint64)
cp.put_along_axis(x, cp.array([1]), k - 1, axis=0)
cp.put_along_axis(x, cp.array([2]), 9223372036854775806 + k, axis=0)
print(x)
cp.put_along_axis(x, cp.array([0]), -k, axis=0)
print(x)
