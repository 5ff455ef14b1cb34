# NEP 50 at run time: a Python int given to put_along_axis is converted to the array's dtype
# as NumPy 2 stores it (OverflowError when it does not fit); 255 fits uint8
import sys
import cupy as cp

k = len(sys.argv)                # 1
x = cp.zeros((2, 3), dtype=cp.uint8)
cp.put_along_axis(x, cp.array([[0], [2]]), 254 + k, axis=1)
print(x)
cp.put_along_axis(x, cp.array([[1], [1]]), 299 + k, axis=1)   # 300
print(x)
