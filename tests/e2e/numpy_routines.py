# NumPy routines gpyc composes from others (issue 23): correlate (each mode, complex values,
# the longer second operand), unwrap (axis, discont, float32, integers), msort, sort_complex,
# select (default, a scalar choice, none true), array_equiv (broadcasting shapes or not),
# isscalar, asarray_chkfinite.
import cupy as cp

a = cp.array([1.0, 2.0, 3.0, 4.0])
v = cp.array([0.0, 1.0, 0.5])
print(cp.correlate(a, v), cp.correlate(a, v, "same"), cp.correlate(a, v, mode="full"))
print(cp.correlate(v, a, "same"), cp.correlate(cp.array([1, 2]), cp.array([1, 2, 3, 4, 5]), "same"))
print(cp.correlate(cp.array([1, 2, 3, 4]), cp.array([1, 2, 3, 4, 5, 6]), "same"), cp.correlate(v, a))
z = cp.array([1 + 1j, 2 - 1j, 0.5j])
print(cp.correlate(z, cp.array([1j, 2.0]), "full"), cp.correlate(z, z, "same"))

p = cp.array([0.0, 3.0, 6.5, 10.0, 1.0, -5.0, 12.0])
print(cp.unwrap(p))
print(cp.unwrap(cp.array([[0.0, 4.0, 8.0], [1.0, -3.0, 2.0]]), axis=0))
print(cp.unwrap(cp.array([0.0, 0.5, 5.0, 1.0]), discont=4.0), cp.unwrap(cp.array([0, 3, 7, 9, 12])))
print(cp.unwrap(cp.linspace(0, 20, 9).astype(cp.float32)), cp.unwrap(p, period=4.0))

m = cp.array([[3, 1, 2], [0, 5, 4], [2, 2, 1]])
print(cp.msort(m), cp.msort(cp.array([3.0, cp.nan, 1.0])))
print(cp.sort_complex(cp.array([5, 3, 6, 2, 1])), cp.sort_complex(cp.array([3, 1], dtype=cp.int16)).dtype)
print(cp.sort_complex(m), cp.sort_complex(m.astype(cp.float32)).dtype)

x = cp.arange(10)
print(cp.select([x < 3, x > 5], [x, x**2]), cp.select([x < 3, x > 5], [x, x**2], default=-1))
print(cp.select([x < 5, x % 2 == 0], [x * 0.5, 1.0], 7), cp.select((x > 100,), (x,)))
print(cp.select([x.astype(cp.float32) > 4.5], [x.astype(cp.float32)]).dtype)

print(cp.array_equiv(cp.array([1, 2]), cp.array([[1, 2], [1, 2]])), cp.array_equiv(cp.array([1, 2]), cp.array([[1, 2, 1, 2]])))
print(cp.array_equiv(cp.array([1, 2]), cp.array([[1, 2], [1, 3]])), cp.array_equiv(cp.ones((2, 1)), cp.ones((1, 3))))
print(cp.array_equiv(cp.ones(3), cp.ones(3)), cp.array_equiv(cp.zeros((2, 3)), cp.zeros(2)))
print(cp.isscalar(3.1), cp.isscalar(5), cp.isscalar("s"), cp.isscalar(cp.array(3.1)), cp.isscalar(True), cp.isscalar(1j))
print(cp.asarray_chkfinite([1, 2, 3]), cp.asarray_chkfinite(cp.array([1.5, 2.5]), dtype=cp.float32))
