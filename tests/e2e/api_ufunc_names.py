# The ufuncs that operators stand for, called by their NumPy names (gpyc --list-api lists them).
import cupy as cp

a = cp.array([6, -3, 4, 9, 0], dtype=cp.int32)
b = cp.array([4, 2, 4, 3, 5], dtype=cp.int32)
print(cp.add(a, b), cp.subtract(a, b), cp.multiply(a, b))
print(cp.floor_divide(a, b), cp.floor_divide(a, 2))
print(cp.equal(a, b), cp.not_equal(a, b))
print(cp.less(a, b), cp.less_equal(a, b))
print(cp.greater(a, b), cp.greater_equal(a, b))
print(cp.bitwise_and(a, b), cp.bitwise_or(a, b), cp.bitwise_xor(a, b))
print(cp.invert(a), cp.invert(a > 0))
print(cp.left_shift(b, 2), cp.right_shift(a, 1))
p = a > 0
q = b > 3
print(cp.logical_and(p, q), cp.logical_or(p, q), cp.logical_not(p))
print(cp.absolute(a), cp.sign(a), cp.square(a))

x = cp.array([-2.5, -0.5, 0.25, 1.75, 3.0])
print(cp.ceil(x), cp.trunc(x), cp.sign(x))
print(cp.absolute(x), cp.square(x))
print(cp.tan(x), cp.arctan(x))
print(cp.sinh(x), cp.cosh(x))
y = cp.array([0.5, 1.0, 2.0, 8.0, 100.0])
print(cp.log2(y), cp.log10(y))
z = cp.array([1.0, cp.inf, -cp.inf, cp.nan, 0.0])
print(cp.isfinite(z), cp.isinf(z))
f = cp.array([1.5, 2.0], dtype=cp.float32)
print(cp.add(f, 1.0).dtype, cp.multiply(f, 2).dtype, cp.square(f).dtype)
