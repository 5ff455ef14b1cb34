# copy=False keeps the array itself where no cast is needed (astype, array), so writes through
# the result change the original; copy=True (and astype's default) makes a copy
import cupy as cp

a = cp.arange(5)
b = a.astype(a.dtype, copy=False)
b[0] = 100
print(a)
c = a.astype(cp.float64, copy=False)
c[1] = -1
print(a, c)
d = cp.array(a, copy=False)
d[2] = 7
print(a)
e = cp.array(a)
e[3] = 9
print(a, e)
f = a.astype(a.dtype)
f[4] = 11
print(a, f)
h = cp.asarray(a)
h[1] = 55
print(a, h)
