# isclose, allclose, array_equal, count_nonzero and the dtype functions (result_type,
# promote_types, dtype)
import cupy as cp

a = cp.array([1.0, 1.0001, 2.0, cp.inf, -cp.inf, cp.nan, 1e-9])
b = cp.array([1.0, 1.0, 2.1, cp.inf, cp.inf, cp.nan, 0.0])
print(cp.isclose(a, b), cp.isclose(a, b, equal_nan=True))
print(cp.isclose(a, b, rtol=0.1), cp.isclose(a, b, atol=0.2, rtol=0.0))
print(cp.isclose(cp.array([1, 2, 3]), 2), cp.isclose(cp.array([1.0, 1.0001], dtype=cp.float32), 1.0))
print(cp.isclose(1.0, 1.0 + 1e-9), cp.isclose(cp.array([[1.0], [2.0]]), cp.array([1.0, 2.0])))
print(cp.allclose(cp.ones(3), cp.ones(3) + 1e-9), cp.allclose(a, b), cp.allclose(a, b, equal_nan=True, rtol=0.1, atol=3.0))
print(cp.array_equal(cp.arange(3), cp.array([0, 1, 2])), cp.array_equal(cp.arange(3), cp.arange(4)))
print(cp.array_equal(cp.ones((2, 3)), cp.ones((3, 2))), cp.array_equal(cp.ones(3), cp.ones((1, 3))))
print(cp.array_equal(cp.array([1.0, cp.nan]), cp.array([1.0, cp.nan])),
      cp.array_equal(cp.array([1.0, cp.nan]), cp.array([1.0, cp.nan]), equal_nan=True))
c = cp.array([[0, 1, 2], [3, 0, 0]])
print(cp.count_nonzero(c), cp.count_nonzero(c, axis=0), cp.count_nonzero(c, axis=1))
print(cp.count_nonzero(cp.array([True, False, True])), cp.count_nonzero(cp.array([0.0, -0.0, cp.nan])))
n = cp.count_nonzero(c % 3)
print(int(n), cp.count_nonzero(c, axis=0).dtype)
print(cp.result_type(cp.int16, cp.uint16), cp.result_type(cp.float16, cp.int16), cp.result_type(cp.int8, cp.uint64))
print(cp.result_type(cp.ones(2, dtype=cp.float32), 1.0), cp.result_type(cp.arange(3, dtype=cp.int8), 1),
      cp.result_type(cp.int8, 2.5), cp.result_type(1, 2.0), cp.result_type(cp.float32, 1j))
print(cp.result_type('f4', cp.int32), cp.result_type(float, cp.float16), cp.promote_types(cp.uint8, cp.int8))
print(cp.dtype('float32'), cp.dtype(cp.int16), cp.dtype('c16').name, cp.dtype('i1').itemsize)
x = cp.zeros(3, dtype=cp.uint16)
print(x.dtype.name, x.itemsize, x.dtype.itemsize, x.dtype == cp.uint16, x.dtype == cp.dtype('int16'))
