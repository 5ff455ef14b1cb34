# Integer literals above 2**63-1 where a uint64 takes them (NumPy's values and printing).
import cupy as cp

a = cp.uint64(18446744073709551615)
print(a, a.dtype)
b = cp.array([18446744073709551615, 9223372036854775808, 0, 1], dtype=cp.uint64)
print(b)
print(b + cp.uint64(1), b // 2)
c = cp.array([18446744073709551614, 12345678901234567890])
print(c, c.dtype, cp.array([2**64 - 1, 5], dtype=cp.uint64))
print(c, c.dtype)
print(cp.array([[9223372036854775808], [9223372036854775809]]), cp.uint64(9223372036854775808) - cp.uint64(1))
print(int(b[3]), b.max(), b.min(), (b > cp.uint64(10)).sum())
