# floor, ceil, trunc and fix of integer and bool arrays keep their dtype (NumPy 2.3, CuPy 14);
# rint of them is a float.  Issue 24's differential fuzzer (seed 7): cp.ceil of a uint32 array
# inside `a * b + 1` came out float64, and `x += cp.floor(a)` on a uint64 x was rejected with
# NumPy 1's same_kind message.  NumPy 1.24 (the oracle here) gives floats: the expected output
# is twins/rounding_int_dtypes.py's, which computes each of these as the identity it is.
import cupy as cp

a = cp.array([[7, 1, 9], [4, 0, 3]], dtype=cp.uint32)
r = cp.ceil(a)
print(r.dtype, r)
m = (a % 4 + 1) * cp.ceil(a[:1]) + 1
print(m.dtype, m)
b = cp.array([-5, 3, 2**62 + 1], dtype=cp.int64)
print(cp.floor(b).dtype, cp.floor(b), cp.trunc(b), cp.fix(b), cp.ceil(b))
c = cp.array([True, False, True])
print(cp.floor(c).dtype, cp.floor(c), cp.ceil(c))
x = cp.array([1, 2, 3], dtype=cp.uint64)
x += cp.floor(cp.array([4, 5, 6], dtype=cp.uint64))
x -= cp.trunc(cp.array([1, 1, 1], dtype=cp.uint32))
print(x.dtype, x)
i8 = cp.array([-3, 4], dtype=cp.int8)
print(cp.ceil(i8).dtype, cp.rint(i8).dtype, cp.rint(i8))
s = cp.floor(a)[1, 2]
print(s, int(s) + 1, cp.trunc(a).sum(axis=0))
