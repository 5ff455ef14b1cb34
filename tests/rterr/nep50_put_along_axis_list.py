# NEP 50 at run time: the Python ints of a list given to put_along_axis must fit the dtype
import sys
import cupy as cp

k = len(sys.argv)                # 1
x = cp.zeros(4, dtype=cp.int16)
cp.put_along_axis(x, cp.array([0, 3]), [32766 + k, -32767 - k], axis=0)
print(x)
cp.put_along_axis(x, cp.array([1, 2]), [5, -32768 - k], axis=0)      # -32769
print(x)
