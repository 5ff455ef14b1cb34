# The NumPy twin of ../rounding_int_dtypes.py (tests/e2e/regen.sh runs it for the expected
# output): NumPy 2.3's and CuPy 14's floor, ceil, trunc and fix of an integer or bool array are
# the array itself, in its dtype (NumPy 1.24 casts to a float); rint is NumPy's.
import numpy as np

a = np.array([[7, 1, 9], [4, 0, 3]], dtype=np.uint32)
r = a.copy()
print(r.dtype, r)
m = (a % 4 + 1) * a[:1].copy() + 1
print(m.dtype, m)
b = np.array([-5, 3, 2**62 + 1], dtype=np.int64)
print(b.dtype, b, b, b, b)
c = np.array([True, False, True])
print(c.dtype, c, c)
x = np.array([1, 2, 3], dtype=np.uint64)
x += np.array([4, 5, 6], dtype=np.uint64)
x -= np.array([1, 1, 1], dtype=np.uint32)
print(x.dtype, x)
i8 = np.array([-3, 4], dtype=np.int8)
print(i8.dtype, np.rint(i8).dtype, np.rint(i8))
s = a[1, 2]
print(s, int(s) + 1, a.sum(axis=0))
