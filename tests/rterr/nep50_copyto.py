# NEP 50 at run time: cp.copyto(dst, n) converts the Python int n to dst's dtype
import sys
import cupy as cp

x = cp.zeros(3, dtype=cp.uint16)
k = len(sys.argv)
cp.copyto(x, 65534 + k)                           # 65535: fits
print(x)
cp.copyto(x, -k)                                  # -1
print(x)
