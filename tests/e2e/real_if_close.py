# cp.real_if_close of a real input: the input itself, its dtype kept (a complex input, whose
# result dtype would depend on the data, is a compile-time error: tests/errors/real_if_close_*).
import cupy as cp

a = cp.array([1.5, -2.0, 3.25])
r = cp.real_if_close(a)
print(r, r.dtype)
r[0] = 7.0          # the same array: NumPy returns a itself
print(a)

f = cp.arange(4, dtype=cp.float32) / 3
print(cp.real_if_close(f, tol=1000), cp.real_if_close(f, tol=1000).dtype)
i = cp.arange(5, dtype=cp.int16)
print(cp.real_if_close(i), cp.real_if_close(i).dtype)
h = cp.array([0.5, 1.5], dtype=cp.float16)
print(cp.real_if_close(h, 0.5).dtype)
print(cp.real_if_close(cp.array([True, False])))
print(cp.real_if_close([1, 2, 3]), cp.real_if_close([1, 2, 3]).dtype)
print(cp.real_if_close(2.5), cp.real_if_close(2.5).dtype)
m = cp.arange(6.0).reshape(2, 3)
print(cp.real_if_close(m.T) * 2)
